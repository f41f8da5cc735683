"""Widgets shared by the screens: the board, the task layout, the feedback bar."""
