"""``python -m trainer`` runs the ``bgtrainer`` command."""

from trainer.cli.main import run

if __name__ == "__main__":
    run()
