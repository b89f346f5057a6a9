"""How the AI seats look to the people at the table, measured over whole games.

Win rates miss what a player notices at once: a Fagin's Gang seat that skips while it
could make progress or steals one cube only to hand one back at the hand limit, a game
that never ends, a Fantasy Business owner whose price swings between the bottom and the
top of its range every turn or who keeps asking the highest price and earning nothing.
These functions play games through `ai.decide` (as the bot calls it) and count those
things; `python -m bench ai` prints them and `tests/ai/` runs small versions.
"""

import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ai import Level, decide, decision_seed
from rules.fagins_gang.actions import Buy, Discard, OpenMarket, Sell, Skip, Steal
from rules.fagins_gang.state import FaginState
from rules.fantasy_business import deck
from rules.fantasy_business.actions import Action, PlaySpecial
from rules.fantasy_business.income import article_income
from rules.fantasy_business.pricing import price_range
from rules.fantasy_business.state import GameState, Payout, Played, Warrant
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


@dataclass
class BusinessMove:
    """One move of a measured Fantasy Business game: the states either side of it."""

    before: GameState
    seat: int
    action: Action
    after: GameState
    revealed: bool
    """The move handed in the last sheet of a turn (`after.last_reveal` is new)."""
    last: bool
    """The game is over after it."""


def business_games(levels: Sequence[Level], games: int, base: int) -> Iterator[BusinessMove]:
    """Every move of `games` games of Fantasy Business with these seats, as the bot asks
    `ai.decide` (each seat's view and the public history)."""
    rules = GAMES["fantasy-business"]
    for game in range(games):
        seed = base + game
        state, events = rules.setup(len(levels), rules.validate_options({}), seed, None)
        history = [e for e in events if e.public]
        moves = 0
        while rules.outcome(state) is None:
            assert isinstance(state, GameState)
            seat = rules.waiting_on(state)[0]
            view = rules.view(state, seat)
            seed_now = decision_seed(seed, moves, seat)
            action = decide("fantasy-business", levels[seat], view, history, seed_now)
            shown = state.last_reveal.turn if state.last_reveal is not None else 0
            after, events = rules.apply(state, seat, action)
            history += [e for e in events if e.public]
            moves += 1
            assert isinstance(after, GameState)
            reveal = after.last_reveal
            revealed = reveal is not None and reveal.turn != shown
            yield BusinessMove(
                state, seat, action, after, revealed, rules.outcome(after) is not None
            )
            state = after


def business_swings(levels: Sequence[Level], games: int, base: int) -> Swings:
    """`games` games of Fantasy Business with these seats; every seat is measured."""
    found = Swings()
    last: dict[tuple[int, str], tuple[int, int]] = {}
    """(seat, article) -> (turn, price) it last asked."""
    for move in business_games(levels, games, base):
        state, reveal = move.after, move.after.last_reveal
        if move.revealed and reveal is not None:
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
        if move.last:
            found.games += 1
            last = {}
    return found


INCOME_KINDS = ("embargo", "royal_warrant", "festival")
"""The specials whose effect is paid at the reveal: their gain depends on the sheets."""


@dataclass
class Specials:
    """Fantasy Business specials: how often each kind is played, how many never are, and
    what the income-time ones earned their player at the reveal."""

    games: int = 0
    plays: dict[str, int] = field(default_factory=dict)
    unplayed: dict[str, int] = field(default_factory=dict)
    """Kind -> specials of it still in a hand when the game ended (they score nothing)."""
    gains: dict[str, list[float]] = field(default_factory=dict)
    """Kind -> per play: the player's income minus the rivals' average, with the card
    against without it (`special_gains`)."""
    late: dict[str, int] = field(default_factory=dict)
    """Kind -> plays that gained nothing on the last turn, where a kept card scores 0."""

    def line(self, players: int) -> str:
        games = max(1, self.games)
        played = ", ".join(f"{kind} {n / games:.2f}" for kind, n in sorted(self.plays.items()))
        paid = []
        for kind in INCOME_KINDS:
            gains = self.gains.get(kind, [])
            if gains:
                nothing = sum(1 for g in gains if g <= 0)
                paid.append(
                    f"{kind} {statistics.mean(gains):+.1f} gold a play "
                    f"({nothing} of {len(gains)} gained nothing, "
                    f"{self.late.get(kind, 0)} of those on the last turn)"
                )
        kept = ", ".join(f"{kind} {n}" for kind, n in sorted(self.unplayed.items()))
        return (
            f"ai fantasy-business specials, {players} standard: {self.games} games; played a "
            f"game: {played}; never played {sum(self.unplayed.values()) / games:.2f} a game "
            f"({kept or 'none'}); relative "
            f"gain at the reveal: {'; '.join(paid) or 'none played'}"
        )


def _entries(played: Played, kind: str) -> list[Any]:
    """Where a played income-time special of this kind is kept until the reveal."""
    if kind == "royal_warrant":
        return played.warrants
    return played.embargoes if kind == "embargo" else played.festivals


def special_gains(before: GameState) -> list[tuple[str, float]]:
    """What each income-time special played this turn earned its player, read from the
    state just before the reveal: the player's income minus its rivals' average on that
    article, with the card against the same sheets with that one card taken back (for a
    Royal Warrant, with its holder at the plain price that would have paid it most)."""
    found: list[tuple[str, float]] = []
    used = dict.fromkeys(INCOME_KINDS, 0)
    for seat, kind in before.played.cards:
        if kind not in INCOME_KINDS:
            continue
        index = used[kind]  # each play appended its own entry, in the order played
        used[kind] += 1
        entry = _entries(before.played, kind)[index]
        article = entry.article if isinstance(entry, Warrant) else entry
        without = before.clone(whole=True)
        _entries(without.played, kind).pop(index)
        with_card = _relative(article_income(before, article).payouts, seat, before.players)
        if kind == "royal_warrant":
            # Without the card its holder would not have asked the same: compare with
            # the price that paid it most, in hindsight, against the rivals' sheets.
            low, high = price_range(before, article)
            plain = []
            for price in range(low, high + 1):
                without.sheets[seat].prices[article] = price
                payouts = article_income(without, article).payouts
                own = sum(p.gold for p in payouts if p.seat == seat)
                plain.append((own, price, _relative(payouts, seat, before.players)))
            found.append((kind, with_card - max(plain)[2]))
        else:
            payouts = article_income(without, article).payouts
            found.append((kind, with_card - _relative(payouts, seat, before.players)))
    return found


def _relative(payouts: Sequence[Payout], seat: int, players: int) -> float:
    """The seat's income minus its rivals' average income, from one article's payouts."""
    own = sum(p.gold for p in payouts if p.seat == seat)
    rivals = sum(p.gold for p in payouts if p.seat != seat)
    return own - rivals / max(1, players - 1)


def business_specials(levels: Sequence[Level], games: int, base: int) -> Specials:
    """`games` games of Fantasy Business with these seats; every seat's specials count."""
    found = Specials()
    for move in business_games(levels, games, base):
        if isinstance(move.action, PlaySpecial):
            found.plays[move.action.card] = found.plays.get(move.action.card, 0) + 1
        if move.revealed:
            last_turn = move.before.turn >= move.before.total_turns
            for kind, gain in special_gains(move.before):
                found.gains.setdefault(kind, []).append(gain)
                if last_turn and gain <= 0:
                    found.late[kind] = found.late.get(kind, 0) + 1
        if move.last:
            for held in move.after.specials:
                for card in held:
                    kind = deck.card(card).key
                    found.unplayed[kind] = found.unplayed.get(kind, 0) + 1
            found.games += 1
    return found
