"""Preferences kept between sessions, such as the theme."""

from __future__ import annotations

from trainer.store.database import Records


class SettingRecords(Records):
    """Reading and storing preferences (as ``setting:<key>`` rows of the ``meta`` table)."""

    def setting(self, key: str) -> str | None:
        """A stored preference, or ``None``."""
        for (value,) in self._db.execute_read("SELECT value FROM meta WHERE key = ?", (f"setting:{key}",)):
            return str(value)
        return None

    def set_setting(self, key: str, value: str) -> None:
        """Store a preference."""
        self._db.execute_write(("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (f"setting:{key}", value)))

    def set_aside_setting(self, key: str) -> str | None:
        """Move a stored value that can't be used (a damaged saved game) to a new key ``<key>:damaged-<n>``,
        never overwriting one kept before, and clear ``key``; the new key, or ``None`` if ``key`` held nothing."""
        value = self.setting(key)
        if not value:
            return None
        taken = {str(name) for (name,) in self._db.execute_read("SELECT key FROM meta WHERE key LIKE 'setting:%'")}
        number = 1
        while f"setting:{key}:damaged-{number}" in taken:
            number += 1
        aside = f"{key}:damaged-{number}"
        self._db.execute_write(
            ("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (f"setting:{aside}", value)),
            ("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (f"setting:{key}", "")),
        )
        return aside
