"""AI players for both games: pure policies and search over what one seat may know.

This layer imports only `rules/` (and the standard library and pydantic): no Discord, no
I/O, no clock of its own, and randomness only from generators seeded with the seed it
is given. `decide` is its one entry point; running it (a worker, time budgets,
fallbacks, logging) is the bot's business. See docs/ai.md.
"""

from ai.budget import STRONG_PLAYOUTS, Budget, strong_budget
from ai.decide import SeatView, decide, reads_history, seat_view
from ai.levels import LEVELS, Level
from ai.seeds import decision_seed

__all__ = [
    "LEVELS",
    "STRONG_PLAYOUTS",
    "Budget",
    "Level",
    "SeatView",
    "decide",
    "decision_seed",
    "reads_history",
    "seat_view",
    "strong_budget",
]
