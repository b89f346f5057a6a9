"""Fagin's Gang as one `GameRules` object: the service's only entry point to this game.

`apply` copies the state, lets the rule modules change the copy, and returns it with the
events; any `RuleError` on the way leaves the caller's state exactly as it was.
`apply_in_place` is the same rules on the state itself, for search and random play,
which make millions of moves on states nobody else holds: it skips the copy, and a
refused action may leave that state half changed.

Editions (`rules.editions`): a game started by the bot carries `edition` among its
options. A game without it was started before, and replays as it was played: the
generator of its time and the price wheel's colours in location order (`setup.new_game`).
"""

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from rules.editions import chosen_edition, edition_of
from rules.errors import RuleError
from rules.events import Event
from rules.fagins_gang import legal, market
from rules.fagins_gang.actions import (
    Action,
    Buy,
    Discard,
    MarketPass,
    Move,
    OpenMarket,
    Sell,
    Shillings,
    Skip,
    Steal,
    parse_action,
)
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.books import apply_discard, default_discard
from rules.fagins_gang.movement import apply_move
from rules.fagins_gang.rounds import close_round, finish_action
from rules.fagins_gang.setup import new_game
from rules.fagins_gang.shillings import apply_shillings
from rules.fagins_gang.state import FaginState, Options, dump, load
from rules.fagins_gang.stealing import apply_steal
from rules.fagins_gang.views import FaginView, build_view
from rules.protocol import Outcome
from rules.words import Param, Say, Seat, later, said, said_n

TITLE = "Fagin's Gang"


class FaginsGangRules:
    kind = "fagins-gang"
    title = TITLE
    min_players = BOARD.players.min
    max_players = BOARD.players.max
    option_names = frozenset({"round_limit", "fagin_target"})
    """The `/game new` options; the bot also keeps `edition` (see the module docstring)."""

    def validate_options(
        self, raw: Mapping[str, Any], players: int | None = None
    ) -> dict[str, Any]:
        """Unknown options are refused by name; options given as None count as not given."""
        unknown = sorted(
            k
            for k, v in raw.items()
            if k not in self.option_names and k != "edition" and v is not None
        )
        if unknown:
            raise RuleError(
                said_n(
                    "{names} is not an option of {title}.",
                    "{names} are not options of {title}.",
                    len(unknown),
                    names=", ".join(unknown),
                    title=TITLE,
                )
            )
        if players is not None and not self.min_players <= players <= self.max_players:
            raise RuleError(
                "{title} is for {low} to {high} players, not {players}.",
                title=TITLE,
                low=self.min_players,
                high=self.max_players,
                players=players,
            )
        limits = BOARD.round_limit
        round_limit = raw.get("round_limit")
        if round_limit is not None and not _whole_in(round_limit, limits.min, limits.max):
            raise RuleError(
                "`/game new round_limit:` must be a whole number of rounds from {low} to "
                "{high}, or left out for no limit.",
                low=limits.min,
                high=limits.max,
            )
        target = BOARD.fagin_target
        fagin_target = raw.get("fagin_target")
        if fagin_target is None:
            fagin_target = target.default
        elif not _whole_in(fagin_target, target.min, target.max):
            raise RuleError(
                "`/game new fagin_target:` must be a whole number from {low} to {high} "
                "(how many urchins at Fagin win the game).",
                low=target.min,
                high=target.max,
            )
        chosen: dict[str, Any] = {"round_limit": round_limit, "fagin_target": fagin_target}
        edition = chosen_edition(raw, players)
        if edition is not None:
            chosen["edition"] = edition
        return chosen

    def setup(
        self, players: int, options: Mapping[str, Any], seed: int, first: int | None
    ) -> tuple[FaginState, list[Event]]:
        edition = edition_of(options)
        valid = self.validate_options({**options, "edition": edition}, players)
        chosen = Options(round_limit=valid["round_limit"], fagin_target=valid["fagin_target"])
        if first is not None and not 0 <= first < players:
            raise RuleError("Seat {seat} is not in this game.", seat=first)
        return new_game(players, chosen, seed, first, edition)

    def parse_action(self, data: Mapping[str, Any]) -> Action:
        return parse_action(data)

    def apply(self, state: FaginState, seat: int, action: Action) -> tuple[FaginState, list[Event]]:
        if not 0 <= seat < state.players:
            raise RuleError("Only players seated in this game can act in it.")
        if state.phase == "over":
            raise RuleError("The game is over.")
        work = state.clone()  # apply never mutates its input
        return work, _dispatch(work, seat, action)

    def apply_in_place(self, state: FaginState, seat: int, action: Action) -> list[Event]:
        """`apply` on `state` itself, for search and random play: no copy, and after a
        `RuleError` the state may be half changed (throw it away)."""
        if not 0 <= seat < state.players:
            raise RuleError("Only players seated in this game can act in it.")
        if state.phase == "over":
            raise RuleError("The game is over.")
        return _dispatch(state, seat, action)

    def view(self, state: FaginState, seat: int | None) -> FaginView:
        return build_view(state, seat, self.waiting_on(state))

    def legal_actions(
        self, state: FaginState, seat: int, *, kinds: Collection[str] | None = None
    ) -> Sequence[Action]:
        default = self.default_action(state, seat)
        if default is None:
            return []
        return legal.legal_actions(state, seat, default, kinds)

    def waiting_on(self, state: FaginState) -> list[int]:
        if state.phase == "actions":
            return [state.turn]
        if state.phase == "market" and state.market is not None:
            return [state.market.current]
        if state.phase == "discard":
            return sorted(state.pending_discards)
        return []

    def default_action(self, state: FaginState, seat: int) -> Action | None:
        if seat not in self.waiting_on(state):
            return None
        if state.phase == "market":
            return _MARKET_PASS
        if state.phase == "discard":
            return default_discard(state, seat)
        return _SKIP

    def reveals(
        self, before: FaginState, seat: int, after: FaginState, events: Sequence[Event]
    ) -> bool:
        """Nothing about the present is hidden in Fagin's Gang; only the dice (constables,
        price wheel) are, and they roll when a round ends."""
        return before.rng != after.rng

    def outcome(self, state: FaginState) -> Outcome | None:
        if state.result is None:
            return None
        return Outcome(
            winners=state.result.winners,
            scores=state.result.scores,
            reason=state.result.reason,
        )

    def dump_state(self, state: FaginState) -> str:
        return dump(state)

    def load_state(self, data: str) -> FaginState:
        return load(data)


def _whole_in(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _dispatch(state: FaginState, seat: int, action: Action) -> list[Event]:
    if isinstance(action, Buy | Sell | MarketPass):
        return _trade(state, seat, action)
    if isinstance(action, Discard):
        if state.phase != "discard":
            raise RuleError(
                "There is nothing to return now; the hand limit is checked at the end of the round."
            )
        discarded = [apply_discard(state, seat, action)]
        if not state.pending_discards:
            discarded += close_round(state)
        return discarded
    _check_action_turn(state, seat)
    if isinstance(action, OpenMarket):
        return [market.open_market(state, seat)]
    events: list[Event]
    if isinstance(action, Move):
        events = apply_move(state, seat, action)
    elif isinstance(action, Steal):
        events = apply_steal(state, seat, action)
    elif isinstance(action, Shillings):
        events = apply_shillings(state, seat, action)
    else:
        events = [Event(kind="skipped", say=later(_skips, seat), data={"seat": seat})]
    return events + finish_action(state, seat)


def _skips(seat: int) -> Say:
    return said("{who} skips.", who=Seat(seat=seat))


def _check_action_turn(state: FaginState, seat: int) -> None:
    if state.phase == "market" and state.market is not None:
        raise RuleError(
            "The market is open: it is {who}'s turn to trade (buy, sell or pass).",
            who=Seat(seat=state.market.current),
        )
    if state.phase == "discard":
        owing: Param = ""
        for s in sorted(state.pending_discards):
            owing = (
                Seat(seat=s)
                if owing == ""
                else said("{first} and {second}", first=owing, second=Seat(seat=s))
            )
        raise RuleError(
            "Phase 1 is over: waiting for {who} to return cubes over the hand limit.", who=owing
        )
    if seat in state.acted:
        raise RuleError(
            "You have already taken your action this round; it is {who}'s turn.",
            who=Seat(seat=state.turn),
        )
    if seat != state.turn:
        raise RuleError("It is {who}'s turn, not yours.", who=Seat(seat=state.turn))


def _trade(state: FaginState, seat: int, action: Buy | Sell | MarketPass) -> list[Event]:
    if state.phase != "market" or state.market is None:
        if state.phase == "actions" and state.turn == seat:
            raise RuleError(
                "The market is not open; you may open it as your action (`/market open`)."
            )
        if state.phase == "actions":
            raise RuleError(
                "The market is not open; {who} may open it as their action.",
                who=Seat(seat=state.turn),
            )
        raise RuleError("The market is not open.")
    market.check_trader(state, seat)
    holder = state.market.token_holder
    if isinstance(action, Buy):
        events = market.buy(state, seat, action)
    elif isinstance(action, Sell):
        events = market.sell(state, seat, action)
    else:
        events = market.market_pass(state, seat)
    if state.market is None:
        events += finish_action(state, holder)
    return events


_MARKET_PASS = MarketPass()
_SKIP = Skip()
"""Default actions are frozen and fieldless: one of each is enough."""

RULES = FaginsGangRules()
