"""The training service (:mod:`trainer.training.service`): what an answer does to the learner's ratings and review
schedule, and every write the app makes to the store. It stands on the content, the practice layer, the store and
the play layer's values, under the app and the command line."""
