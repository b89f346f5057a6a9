"""Fagin's Gang: urchins, constables, stolen goods and Smithfield Market.

`RULES` is the game for the service; the plan parsers and the autocomplete helper are for
the Discord layer, which turns what players type into actions.
"""

from rules.fagins_gang.actions import (
    Action,
    Buy,
    Discard,
    ExchangeSlot,
    MarketPass,
    Move,
    MoveStep,
    OpenMarket,
    Sell,
    Shillings,
    Skip,
    Steal,
    StealSlot,
    parse_action,
)
from rules.fagins_gang.board import BOARD, Board
from rules.fagins_gang.completions import suggest_plan_completions
from rules.fagins_gang.game import RULES, FaginsGangRules
from rules.fagins_gang.plans import (
    parse_colours,
    parse_cube_counts,
    parse_locations,
    parse_move_plan,
    parse_steal_plan,
)
from rules.fagins_gang.state import FaginState
from rules.fagins_gang.views import FaginView

__all__ = [
    "BOARD",
    "RULES",
    "Action",
    "Board",
    "Buy",
    "Discard",
    "ExchangeSlot",
    "FaginState",
    "FaginView",
    "FaginsGangRules",
    "MarketPass",
    "Move",
    "MoveStep",
    "OpenMarket",
    "Sell",
    "Shillings",
    "Skip",
    "Steal",
    "StealSlot",
    "parse_action",
    "parse_colours",
    "parse_cube_counts",
    "parse_locations",
    "parse_move_plan",
    "parse_steal_plan",
    "suggest_plan_completions",
]
