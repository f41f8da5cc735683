"""``python -m trainer`` runs the ``bgtrainer`` command."""

from trainer.cli import run

if __name__ == "__main__":
    run()
