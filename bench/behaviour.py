"""How the AI seats look to the people at the table, measured over whole games.

Win rates miss what a player notices at once: a Fagin's Gang seat that skips while it
could make progress or steals one cube only to hand one back at the hand limit, a game
that never ends, a Fantasy Business owner whose price swings between the bottom and the
top of its range every turn or who keeps asking the highest price and earning nothing.
These functions play games through `ai.decide` (as the bot calls it) and count those
things; `python -m bench ai` prints them and `tests/ai/` runs small versions.
"""

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ai import Level, decide, decision_seed
from rules.fagins_gang.actions import Buy, Discard, OpenMarket, Sell, Skip, Steal
from rules.fagins_gang.state import FaginState
from rules.fantasy_business.pricing import price_range
from rules.fantasy_business.state import GameState
from rules.registry import GAMES


@dataclass
class Stalls:
    """Fagin's Gang games: their lengths and the AI action turns that went nowhere."""

    rounds: list[int] = field(default_factory=list)
    unfinished: int = 0
    turns: int = 0
    """Action turns of the measured seats."""
    skips: int = 0
    churn: int = 0
    """Steal turns whose cubes all went back at that round's hand limit."""
    openings: int = 0
    """Market openings by the measured seats."""
    idle_openings: int = 0
    """... of which the opener traded nothing: a skip in disguise."""

    def wasted(self) -> float:
        return (self.skips + self.churn) / max(1, self.turns)

    def idle(self) -> float:
        """Skips plus trade-less market openings, per action turn."""
        return (self.skips + self.idle_openings) / max(1, self.turns)

    def p95(self) -> int:
        ordered = sorted(self.rounds)
        return ordered[min(len(ordered) - 1, max(0, -(-95 * len(ordered) // 100) - 1))]

    def line(self, label: str) -> str:
        ended = "every game ended" if not self.unfinished else f"{self.unfinished} did NOT end"
        return (
            f"ai fagins-gang {label}: {len(self.rounds)} games, {ended}; rounds median "
            f"{statistics.median(self.rounds):.0f}, p95 {self.p95()}, longest "
            f"{max(self.rounds)}; skips {self.skips} + churn {self.churn} of {self.turns} "
            f"AI action turns ({100 * self.wasted():.1f} %); market openings "
            f"{self.openings}, {self.idle_openings} with no trade by the opener; idle "
            f"(skips + those) {100 * self.idle():.1f} %"
        )


MARKET_TURNS = 500
"""Trading turns in one market past which its seats are trading in a circle (a seat once
sold and bought back the same cube forever)."""


def fagin_stalls(
    levels: Sequence[Level],
    games: int,
    base: int,
    options: dict[str, Any] | None = None,
    max_rounds: int = 300,
) -> Stalls:
    """`games` games of Fagin's Gang with these seats (rotated from game to game), no
    round limit unless `options` sets one; the seats that are not `random` are measured.
    A game still running after `max_rounds` rounds counts as one that does not end."""
    rules = GAMES["fagins-gang"]
    found = Stalls()
    for game in range(games):
        seed = base + game
        shift = game % len(levels)
        seated = list(levels[shift:]) + list(levels[:shift])
        state, _ = rules.setup(len(seated), rules.validate_options(options or {}), seed, None)
        assert isinstance(state, FaginState)
        moves = 0
        stole: dict[int, int] = {}
        """Seat -> its cubes before a steal this round."""
        opener: int | None = None
        traded = False
        market_turns = 0
        while state.result is None and state.round <= max_rounds:
            seat = rules.waiting_on(state)[0]
            view = rules.view(state, seat)
            action = decide("fagins-gang", seated[seat], view, [], decision_seed(seed, moves, seat))
            measured = seated[seat] != "random"
            if measured and state.phase == "actions":
                found.turns += 1
                found.skips += isinstance(action, Skip)
                if isinstance(action, Steal):
                    stole[seat] = sum(state.cubes[seat].values())
                if isinstance(action, OpenMarket):
                    found.openings += 1
                    opener, traded = seat, False
            if seat == opener and isinstance(action, Buy | Sell):
                traded = True
            market_turns = market_turns + 1 if state.phase == "market" else 0
            if market_turns > MARKET_TURNS:
                raise RuntimeError(f"seed {seed}: a market of these seats never closes")
            round_before = state.round
            state, _ = rules.apply(state, seat, action)
            if isinstance(action, Discard) and seat in stole:
                before = stole.pop(seat)
                found.churn += sum(state.cubes[seat].values()) <= before
            if opener is not None and state.market is None:
                found.idle_openings += not traded
                opener = None
            if state.round != round_before:
                stole = {}
            moves += 1
        found.rounds.append(state.round)
        found.unfinished += state.result is None
    return found


@dataclass
class Swings:
    """Fantasy Business price sheets: shared articles that paid nothing, price flips."""

    shared: int = 0
    """Owner-turns of an article with at least two owners (no Embargo)."""
    nothing: int = 0
    """... of which the owner earned nothing."""
    owner_turns: int = 0
    """Owner-turns that follow an owner-turn of the same article by the same seat."""
    flips: int = 0
    """... of which the price went from one end of its range to the other."""
    games: int = 0

    def line(self, players: int) -> str:
        return (
            f"ai fantasy-business {players} standard: {self.games} games; shared-article "
            f"owner-turns earning nothing {self.nothing} of {self.shared} "
            f"({100 * self.nothing / max(1, self.shared):.1f} %); min<->max flips "
            f"{self.flips} of {self.owner_turns} consecutive owner-turns "
            f"({100 * self.flips / max(1, self.owner_turns):.1f} %)"
        )


def business_swings(levels: Sequence[Level], games: int, base: int) -> Swings:
    """`games` games of Fantasy Business with these seats; every seat is measured."""
    rules = GAMES["fantasy-business"]
    found = Swings()
    for game in range(games):
        seed = base + game
        state, events = rules.setup(len(levels), rules.validate_options({}), seed, None)
        history = [e for e in events if e.public]
        last: dict[tuple[int, str], tuple[int, int]] = {}
        """(seat, article) -> (turn, price) it last asked."""
        moves = 0
        while rules.outcome(state) is None:
            assert isinstance(state, GameState)
            seat = rules.waiting_on(state)[0]
            view = rules.view(state, seat)
            seed_now = decision_seed(seed, moves, seat)
            action = decide("fantasy-business", levels[seat], view, history, seed_now)
            shown = state.last_reveal.turn if state.last_reveal is not None else 0
            state, events = rules.apply(state, seat, action)
            history += [e for e in events if e.public]
            moves += 1
            assert isinstance(state, GameState)
            reveal = state.last_reveal
            if reveal is None or reveal.turn == shown:
                continue
            turn = reveal.turn
            for income in reveal.income:
                low, high = price_range(state, income.article)
                for payout in income.payouts:
                    if len(income.payouts) > 1 and not income.embargo:
                        found.shared += 1
                        found.nothing += payout.gold == 0
                    before = last.get((payout.seat, income.article))
                    if before is not None and before[0] == turn - 1:
                        found.owner_turns += 1
                        found.flips += {before[1], payout.price} == {low, high}
                    last[(payout.seat, income.article)] = (turn, payout.price)
        found.games += 1
    return found
