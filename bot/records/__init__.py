"""Records of games: results and ratings, the archive of past games, replay files.

Kept apart from the game service (as python-chess keeps `pgn.py` apart from its board):
the service only calls `results.record` in the transaction that finishes a game; the
commands that read records (`/game history`, `/game show`, `/game export`, `/stats`,
`/leaderboard`) and `python -m bot replay` live here.
"""

from collections.abc import Callable
from typing import ParamSpec, TypeVar

from bot.i18n import current, speaking

P = ParamSpec("P")
T = TypeVar("T")


def spoken(work: Callable[P, T]) -> Callable[P, T]:
    """`work` run in the language being spoken now, wherever it runs: the service's store
    threads (`GameService.call`, `run_in_executor`) do not carry the caller's context."""
    language = current()

    def run(*args: P.args, **kwargs: P.kwargs) -> T:
        with speaking(language):
            return work(*args, **kwargs)

    return run
