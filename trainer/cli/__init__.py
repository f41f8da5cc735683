"""The command line, on top of every layer: ``bgtrainer``'s parser and commands (:mod:`trainer.cli.main`, the
console script's entry point), one module for each command with a report of its own (``cube``, ``stats``,
``analyse``, ``serve``) and their sentences (:mod:`trainer.cli.wording`)."""
