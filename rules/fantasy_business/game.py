"""`RULES`, the one object the game service talks to (rules.protocol.GameRules).

`apply` checks the seat, copies the state (`GameState.clone`, which copies containers
instead of re-validating a dump) and hands the action to the module for its rule
section. That module checks every field of the action (positions, amounts, names,
seats) before it changes anything it cannot undo, and a RuleError anywhere leaves the
caller's state untouched because only the copy was changed. `apply_in_place` runs the
same rules on the state itself, for search and random play, which make millions of
moves on states nobody else holds: no copy, and a refused action may leave that state
half changed.
"""

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from rules.errors import RuleError
from rules.events import Event
from rules.fantasy_business import auction, deck, pricing, specials, trade
from rules.fantasy_business.actions import (
    Action,
    Auction,
    Bid,
    Give,
    Pass,
    PlaySpecial,
    SetPrice,
    Submit,
    parse_action,
)
from rules.fantasy_business.legal import default_action, legal_actions, waiting_on
from rules.fantasy_business.scoring import scores, winners
from rules.fantasy_business.setup import OPTION_NAMES, setup, validate_options
from rules.fantasy_business.state import GameState, dump_state, load_state
from rules.fantasy_business.views import FantasyBusinessView, view
from rules.protocol import GameRules, Outcome


def apply(current: GameState, seat: int, action: Action) -> tuple[GameState, list[Event]]:
    work = current.clone()
    return work, apply_in_place(work, seat, action)


def apply_in_place(work: GameState, seat: int, action: Action) -> list[Event]:
    """`apply` on the state itself: after a `RuleError` it may be half changed."""
    if not 0 <= seat < work.players:
        raise RuleError("You are not seated in this game.")
    if work.phase == "over":
        raise RuleError("The game is over.")
    events: list[Event] = []
    match action:
        case Auction():
            auction.designate(work, seat, action.card, action.price, events)
        case Bid():
            auction.bid(work, seat, action.amount, events)
        case Pass():
            auction.pass_turn(work, seat, events)
        case SetPrice():
            pricing.set_price(work, seat, action.article, action.price, events)
        case Submit():
            pricing.submit(work, seat, action.defaults, events)
        case PlaySpecial():
            specials.play(work, seat, action, events)
        case Give():
            trade.give(work, seat, action, events)
    return events


def outcome(current: GameState) -> Outcome | None:
    if current.phase != "over":
        return None
    return Outcome(
        winners=winners(current),
        scores=dict(enumerate(scores(current))),
        reason="Highest gold plus the base values of article cards after the last turn"
        " (ties go to the youngest tied player).",
    )


FACE_UP = frozenset({"special_played", "sheets_revealed", "special_received"})
"""Events that show a hidden card or price: a special played or learnt, the sheets."""


def reveals(before: GameState, seat: int, after: GameState, events: Sequence[Event]) -> bool:
    """A draw or shuffle, a face turned up, or news for another player's eyes only (what
    a player learns about their own choices, like the price they set, is not news)."""
    if before.rng != after.rng:
        return True
    return any(
        event.kind in FACE_UP or (event.seat is not None and event.seat != seat) for event in events
    )


class FantasyBusinessRules:
    kind = "fantasy-business"
    title = "Fantasy Business"
    min_players = deck.data().min_players
    max_players = deck.data().max_players
    option_names = OPTION_NAMES

    def validate_options(
        self, raw: Mapping[str, Any], players: int | None = None
    ) -> dict[str, Any]:
        return validate_options(raw, players)

    def setup(
        self, players: int, options: Mapping[str, Any], seed: int, first: int | None
    ) -> tuple[GameState, list[Event]]:
        return setup(players, options, seed, first)

    def parse_action(self, data: Mapping[str, Any]) -> Action:
        return parse_action(data)

    def apply(self, state: GameState, seat: int, action: Action) -> tuple[GameState, list[Event]]:
        return apply(state, seat, action)

    def apply_in_place(self, state: GameState, seat: int, action: Action) -> list[Event]:
        return apply_in_place(state, seat, action)

    def view(self, state: GameState, seat: int | None) -> FantasyBusinessView:
        return view(state, seat)

    def legal_actions(
        self,
        state: GameState,
        seat: int,
        gifts: bool = True,
        *,
        kinds: Collection[str] | None = None,
    ) -> Sequence[Action]:
        return legal_actions(state, seat, gifts, kinds)

    def waiting_on(self, state: GameState) -> list[int]:
        return waiting_on(state)

    def default_action(self, state: GameState, seat: int) -> Action | None:
        return default_action(state, seat)

    def reveals(
        self, before: GameState, seat: int, after: GameState, events: Sequence[Event]
    ) -> bool:
        return reveals(before, seat, after, events)

    def outcome(self, state: GameState) -> Outcome | None:
        return outcome(state)

    def dump_state(self, state: GameState) -> str:
        return dump_state(state)

    def load_state(self, data: str) -> GameState:
        return load_state(data)


RULES = FantasyBusinessRules()
_CONFORMS: GameRules = RULES
"""mypy checks here that the object satisfies the protocol the service relies on."""
