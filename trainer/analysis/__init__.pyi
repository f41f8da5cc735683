# trainer.analysis's public names, each imported from its home module (``as`` re-exports it for type checkers).
# The package's __getattr__, __dir__ and __all__ are made from this list (see trainer.lazy).
from trainer.analysis.basics import CUBE_OWNERS as CUBE_OWNERS
from trainer.analysis.basics import DEFAULT_LEVEL as DEFAULT_LEVEL
from trainer.analysis.basics import MAX_PLIES as MAX_PLIES
from trainer.analysis.basics import MIN_PLIES as MIN_PLIES
from trainer.analysis.basics import AnalysisError as AnalysisError
from trainer.analysis.basics import CubeOwner as CubeOwner
from trainer.analysis.board import from_board as from_board
from trainer.analysis.board import to_board as to_board
from trainer.analysis.levels import LEVELS as LEVELS
from trainer.analysis.levels import ComputerPlayer as ComputerPlayer
from trainer.analysis.levels import Level as Level
from trainer.analysis.levels import choose_play as choose_play
from trainer.analysis.levels import get_level as get_level
from trainer.analysis.levels import offers_double as offers_double
from trainer.analysis.levels import pick as pick
from trainer.analysis.levels import takes_double as takes_double
from trainer.analysis.met import match_winning_chance as match_winning_chance
from trainer.analysis.results import Chances as Chances
from trainer.analysis.results import CubeAction as CubeAction
from trainer.analysis.results import CubeDecision as CubeDecision
from trainer.analysis.results import Evaluator as Evaluator
from trainer.analysis.results import GameContext as GameContext
from trainer.analysis.results import RankedPlay as RankedPlay
from trainer.analysis.results import check_cube as check_cube
from trainer.analysis.results import check_plies as check_plies
