"""What a chart shows, taken from a replay's public side only: pure functions, no drawing.

A chart must never tell more than the channel was told. So the series are read from the
public view (`rules.view(state, None)`) of each position and from public events, never
from a state's hidden fields: prices appear when the sheets are revealed (the income
event), face-down specials not at all, and nothing of the generator. Two games that
differ only in their secrets give equal series (tests/charts/test_secrecy.py).
"""

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from bot.replay import Replayed
from rules.events import Event
from rules.fagins_gang.views import FaginView
from rules.fantasy_business.views import FantasyBusinessView
from rules.protocol import GameRules


@dataclass(frozen=True)
class Sale:
    """A card sold at auction: the price everyone heard, who paid it and which article
    it was (None: a special card, sold face down)."""

    seat: int
    price: int
    article: str | None = None


@dataclass(frozen=True)
class BusinessSeries:
    """Fantasy Business: each seat's gold at the start and after every paid income, the
    income of each turn, and the auctions' prices by turn."""

    players: int
    turns: list[int]
    """The x of each point: 0 is the start, t the end of turn t."""
    gold: list[list[int]]
    """Per seat, one value per point."""
    income: list[list[int]]
    """Per seat, one value per point (0 at the start)."""
    sales: dict[int, list[Sale]] = field(default_factory=dict)
    """Turn -> the cards sold in that turn's auctions, in order."""
    now: list[int] | None = None
    """A running game: each seat's gold now (drawn after the last finished turn)."""
    turn_now: int = 0
    """The turn being played (0 when the game is over)."""
    final: list[int] | None = None
    """A finished game: each seat's final score (gold plus its articles' base values)."""


@dataclass(frozen=True)
class GangSeries:
    """Fagin's Gang: each seat's urchins at Fagin and wealth (shillings + cubes at the
    wheel's prices) at the start and at the end of every round, and where the market was
    opened and urchins reached Fagin."""

    players: int
    rounds: list[float]
    """The x of each point: 0 is the start, r the end of round r (a running game's last
    point is its position now, within the round being played)."""
    at_fagin: list[list[int]]
    wealth: list[list[int]]
    markets: list[tuple[int, int]] = field(default_factory=list)
    """(round, seat) of every market opened."""
    arrivals: list[tuple[int, int]] = field(default_factory=list)
    """(round, seat) of every urchin that reached Fagin."""
    running: bool = False
    final: list[tuple[int, int]] | None = None
    """A finished game: each seat's final (urchins at Fagin, wealth)."""


def _public_steps(rules: GameRules, replayed: Replayed) -> Iterator[tuple[Any, list[Event], Any]]:
    """(public view before, public events, public view after) of each move that counts."""
    for move in replayed.moves:
        before = rules.view(move.before, None)
        after = rules.view(move.after, None)
        yield before, [event for event in move.events if event.public], after


def _start_view(rules: GameRules, replayed: Replayed) -> Any:
    start = replayed.moves[0].before if replayed.moves else replayed.state
    return rules.view(start, None)


def business_series(rules: GameRules, replayed: Replayed) -> BusinessSeries:
    """The Fantasy Business series of a replayed game (finished or running)."""
    start = _start_view(rules, replayed)
    assert isinstance(start, FantasyBusinessView)
    players = start.players
    turns = [0]
    gold = [[seat.gold] for seat in start.seats]
    income = [[0] for _ in start.seats]
    sales: dict[int, list[Sale]] = {}
    last: FantasyBusinessView = start
    for before, events, after in _public_steps(rules, replayed):
        assert isinstance(before, FantasyBusinessView)
        assert isinstance(after, FantasyBusinessView)
        turn = before.turn
        for event in events:
            if event.kind == "card_won":
                card = event.data.get("card") or {}
                article = card.get("article") if card.get("kind") == "article" else None
                sale = Sale(int(event.data["seat"]), int(event.data["price"]), article)
                sales.setdefault(turn, []).append(sale)
            elif event.kind == "income_paid":
                turns.append(int(event.data["turn"]))
                for seat in range(players):
                    gold[seat].append(int(event.data["gold"][seat]))
                    income[seat].append(int(event.data["totals"][seat]))
        last = after
    over = last.phase == "over"
    now = None if over else [seat.gold for seat in last.seats]
    final = [seat.score for seat in last.seats] if over else None
    return BusinessSeries(
        players,
        turns,
        gold,
        income,
        sales,
        now=now,
        turn_now=0 if over else last.turn,
        final=final,
    )


def gang_series(rules: GameRules, replayed: Replayed) -> GangSeries:
    """The Fagin's Gang series of a replayed game (finished or running)."""
    start = _start_view(rules, replayed)
    assert isinstance(start, FaginView)
    players = start.players
    rounds: list[float] = [0]
    at_fagin = [[seat.at_fagin] for seat in start.seats]
    wealth = [[seat.worth] for seat in start.seats]
    markets: list[tuple[int, int]] = []
    arrivals: list[tuple[int, int]] = []
    last: FaginView = start
    for before, events, after in _public_steps(rules, replayed):
        assert isinstance(before, FaginView) and isinstance(after, FaginView)
        for event in events:
            if event.kind == "market_opened":
                markets.append((before.round, int(event.data["seat"])))
            elif event.kind == "urchin_to_fagin":
                arrivals.append((before.round, int(event.data["seat"])))
        if after.round != before.round or (after.phase == "over" and before.phase != "over"):
            _point(rounds, at_fagin, wealth, before.round, after)
        last = after
    running = last.phase != "over"
    if running and replayed.moves:
        _point(rounds, at_fagin, wealth, last.round - 0.5, last)
    final = None if running else [(seat.at_fagin, seat.worth) for seat in last.seats]
    return GangSeries(players, rounds, at_fagin, wealth, markets, arrivals, running, final)


def _point(
    rounds: list[float], at_fagin: list[list[int]], wealth: list[list[int]], x: float, view: Any
) -> None:
    rounds.append(x)
    for seat in view.seats:
        at_fagin[seat.seat].append(seat.at_fagin)
        wealth[seat.seat].append(seat.worth)
