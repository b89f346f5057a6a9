"""The one entry point the bot calls: a seat's view and the public history in, an action out.

The AI never receives the game state: the view is all a seat may see, so nothing secret
(another seat's sheet or specials, the draw pile's order, the game's generator) can
reach it. Whatever it returns is an action of that game that `apply` accepts for the
seat on the real state, because everything that makes an action legal is in the view.
"""

from collections.abc import Sequence
from typing import overload

from ai.budget import Budget, Clock
from ai.fagins_gang import player as fagins_gang
from ai.fagins_gang.player import decide as decide_fagins_gang
from ai.fantasy_business import player as fantasy_business
from ai.fantasy_business.player import decide as decide_fantasy_business
from ai.levels import LEVELS, Level
from rules.events import Event
from rules.fagins_gang.actions import Action as FaginAction
from rules.fagins_gang.views import FaginView
from rules.fantasy_business.actions import Action as BusinessAction
from rules.fantasy_business.views import FantasyBusinessView

GameAction = BusinessAction | FaginAction
SeatView = FantasyBusinessView | FaginView
"""What a decision takes: one seat's view, as the rules' `view` makes it. A game state
is not one (mypy refuses it, and so does `decide` at run time), so no caller can hand an
AI the rivals' hands, their sheets or the generator, by mistake or otherwise."""


READS_HISTORY = {
    "fantasy-business": fantasy_business.READS_HISTORY,
    "fagins-gang": fagins_gang.READS_HISTORY,
}


def reads_history(kind: str) -> bool:
    """Whether the game's AIs read the public history (else `[]` will do): the caller
    need not rebuild the events for a game whose present is all on the board."""
    if kind not in READS_HISTORY:
        raise ValueError(f"No AI plays {kind!r}.")
    return READS_HISTORY[kind]


def seat_view(view: object) -> SeatView:
    """`view` as a seat's view, for a caller that holds it under a wider type (the
    rules' protocol returns a model): a TypeError for anything else, a state above all."""
    if not isinstance(view, FantasyBusinessView | FaginView):
        raise TypeError(
            f"An AI decides from a seat's view (the rules' `view`), not a {type(view).__name__}."
        )
    return view


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
    view: SeatView,
    history: Sequence[Event],
    seed: int,
    budget: Budget | None = None,
    clock: Clock | None = None,
) -> GameAction: ...


def decide(
    kind: str,
    level: Level,
    view: SeatView,
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
    Raises TypeError for anything but a view (a game state above all), ValueError if the
    view is not a seat's own view or the seat owes no action.
    """
    seat_view(view)
    if level not in LEVELS:
        raise ValueError(f"{level!r} is not an AI level; the levels are {', '.join(LEVELS)}.")
    spent = budget or Budget()
    if kind == "fantasy-business" and isinstance(view, FantasyBusinessView):
        return decide_fantasy_business(level, view, history, seed, spent, clock)
    if kind == "fagins-gang" and isinstance(view, FaginView):
        return decide_fagins_gang(level, view, history, seed, spent, clock)
    raise ValueError(f"No AI plays {kind!r} with a {type(view).__name__}.")
