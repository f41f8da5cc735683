"""The authors' and maintainers' tools, never loaded by the app: mining puzzles (:mod:`~trainer.authoring.mining`,
:mod:`~trainer.authoring.skill_mining`), the evaluator's figures of lessons (:mod:`~trainer.authoring.figures`),
the bear-off tables' build (:mod:`~trainer.authoring.bearoff_build`) and the message catalogs
(``python -m trainer.authoring.catalogs``). They sit above the content and the analysis, and only the command line
uses them."""
