"""Preferences kept between sessions, such as the theme."""

from __future__ import annotations

from trainer.store.database import Records


class SettingRecords(Records):
    """Reading and storing preferences (as ``setting:<key>`` rows of the ``meta`` table)."""

    def setting(self, key: str) -> str | None:
        """A stored preference, or ``None``."""
        for (value,) in self._db.rows("SELECT value FROM meta WHERE key = ?", (f"setting:{key}",)):
            return str(value)
        return None

    def set_setting(self, key: str, value: str) -> None:
        """Store a preference."""
        self._db.write(("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (f"setting:{key}", value)))
