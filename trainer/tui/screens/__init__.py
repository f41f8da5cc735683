"""The app's screens: home, lessons, puzzles, explore, help and the too-small guard."""
