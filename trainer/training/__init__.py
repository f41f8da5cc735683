"""The training layer, between the layers that keep and judge the learner's work (the content, the practice layer,
the store, the play layer's values) and the app and the command line above it: the training service
(:mod:`~trainer.training.service`: what an answer does to the ratings and the review schedule, and every write the
app makes to the store) and the learner's progress as the dashboard shows it (:mod:`~trainer.training.progress`:
the store's records gathered over the content)."""
