"""Values and helpers shared by the layers above the engine: the kinds of ratings and drills, how good a decision
was (:class:`~trainer.shared.skill.Skill`), a review card's fields, and reading a file that must be a regular one.
They import nothing of the package but the translation function, so the content, the store, the practice layer and
the play layer may all stand on them."""
