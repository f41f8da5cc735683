"""The Textual user interface: it displays the engine's and the store's state and sends the learner's actions
down to them."""
