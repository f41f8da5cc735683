"""Reviews: the items due, one after another, each shown as itself: a puzzle (shipped, or a personal one made from a
mistake of the learner's own game) on the puzzle screen, a drill position on the drill screen, a lesson task as that
step of its lesson, graded as there.

Each answer moves the item's card (:mod:`trainer.training.service`): right moves it on, a miss brings it back in ten
minutes. After an item, Continue (or Next) opens the next one due; leaving an item (``q``) ends the reviews. Items
whose puzzle or lesson didn't load are passed over (their cards stay).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from trainer.practice.schedule import LessonStepKey, PuzzleKey
from trainer.training.service import ReviewItem, due_reviews, personal_puzzles
from trainer.tui.wording import review as review_words

if TYPE_CHECKING:
    from trainer.tui.app import TrainerApp


class ReviewRun:
    """One review session over the app's store, on the app's clock."""

    def __init__(self, app: TrainerApp) -> None:
        self.app = app
        self.answered = 0
        self.passed_over: set[str] = set()

    def start(self) -> None:
        """Open the first item due, or say that none is."""
        self.open_next()

    def item_done(self, _result: None = None) -> None:
        """An item was answered and its screen closed by Continue (leaving with ``q`` closes it without a call)."""
        self.answered += 1
        self.open_next()

    def open_next(self) -> None:
        """Open the next item due; say so when none is left."""
        for item in due_reviews(self.app.store, self.app.clock()):
            if item.card.item_id in self.passed_over:
                continue
            screen = self.screen_for(item)
            if screen is not None:
                self.app.push_screen(screen, self.item_done)
                return
            self.passed_over.add(item.card.item_id)
        self.app.notify(review_words.reviews_done(self.answered), title=review_words.reviews_title(), markup=False)

    def screen_for(self, item: ReviewItem) -> Screen[None] | None:
        """The screen that asks the item, or ``None`` if its content didn't load."""
        from trainer.tui.screens.drill import DrillScreen
        from trainer.tui.screens.lesson import LessonScreen
        from trainer.tui.screens.puzzles import PuzzleScreen

        puzzles, lessons = self.app.puzzles, self.app.lessons
        match item.key:
            case PuzzleKey(puzzle_id) if puzzles is not None:
                puzzle = next((p for p in puzzles.puzzles if p.id == puzzle_id), None)
                if puzzle is None:  # a mistake of the learner's own game
                    puzzle = next((p for p in personal_puzzles(self.app.store) if p.id == puzzle_id), None)
                if puzzle is not None:
                    return PuzzleScreen([puzzle], review=True)
                drill = next((p for p in puzzles.drills if p.id == puzzle_id), None)
                if drill is not None:
                    return DrillScreen("review", [drill])
            case LessonStepKey(lesson_id, step) if lessons is not None:
                # A card names the lesson's edition (its progress key): a step of an earlier edition is not this one's.
                lesson = next((lesson for lesson in lessons.lessons if lesson.progress_key == lesson_id), None)
                if lesson is not None and step < len(lesson.steps):
                    # Each showing shuffles a choice's options afresh: the card's due time and count change with
                    # every answer, so the order is new each time the item comes round (and the same if it is
                    # reopened).
                    showing = f"{item.card.due:.0f}/{item.card.reps}"
                    return LessonScreen(lesson, start_step=step, review=True, showing=showing)
        return None
