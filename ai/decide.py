"""The one entry point the bot calls: a seat's view and the public history in, an action out.

The AI never receives the game state: the view is all a seat may see, so nothing secret
(another seat's sheet or specials, the draw pile's order, the game's generator) can
reach it. Whatever it returns is an action of that game that `apply` accepts for the
seat on the real state, because everything that makes an action legal is in the view.
"""

from collections.abc import Sequence
from typing import overload

from pydantic import BaseModel

from ai.budget import Budget, Clock
from ai.fagins_gang.player import decide as decide_fagins_gang
from ai.fantasy_business.player import decide as decide_fantasy_business
from ai.levels import LEVELS, Level
from rules.events import Event
from rules.fagins_gang.actions import Action as FaginAction
from rules.fagins_gang.views import FaginView
from rules.fantasy_business.actions import Action as BusinessAction
from rules.fantasy_business.views import FantasyBusinessView

GameAction = BusinessAction | FaginAction


@overload
def decide(
    kind: str,
    level: Level,
    view: FantasyBusinessView,
    history: Sequence[Event],
    seed: int,
    budget: Budget | None = None,
    clock: Clock | None = None,
) -> BusinessAction: ...


@overload
def decide(
    kind: str,
    level: Level,
    view: FaginView,
    history: Sequence[Event],
    seed: int,
    budget: Budget | None = None,
    clock: Clock | None = None,
) -> FaginAction: ...


@overload
def decide(
    kind: str,
    level: Level,
    view: BaseModel,
    history: Sequence[Event],
    seed: int,
    budget: Budget | None = None,
    clock: Clock | None = None,
) -> GameAction: ...


def decide(
    kind: str,
    level: Level,
    view: BaseModel,
    history: Sequence[Event],
    seed: int,
    budget: Budget | None = None,
    clock: Clock | None = None,
) -> GameAction:
    """The action the seat whose view this is takes now.

    `history` is the game's public events so far (events with a seat are skipped);
    `seed` is the AI's own (see `decision_seed`), never the game's; `budget` bounds
    `strong`'s search, in playouts and, if `clock` (e.g. `time.perf_counter`) is given,
    in seconds. With an iteration-bound budget the same inputs give the same action.
    Raises ValueError if the view is not a seat's own view or the seat owes no action.
    """
    if level not in LEVELS:
        raise ValueError(f"{level!r} is not an AI level; the levels are {', '.join(LEVELS)}.")
    spent = budget or Budget()
    if kind == "fantasy-business" and isinstance(view, FantasyBusinessView):
        return decide_fantasy_business(level, view, history, seed, spent, clock)
    if kind == "fagins-gang" and isinstance(view, FaginView):
        return decide_fagins_gang(level, view, history, seed, spent, clock)
    raise ValueError(f"No AI plays {kind!r} with a {type(view).__name__}.")
