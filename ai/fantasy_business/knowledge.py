"""What the table has seen that the seat's view no longer shows.

The view holds the present and the last reveal; a fair player also remembers every
price sheet revealed so far (to guess how each rival prices) and which specials were
played face up since the last reshuffle (they lie in the discard pile, so they are not
among the cards anyone might still hold or draw). Both come from the public history:
the events with no seat, in the order the game emitted them. Private events are ignored
even if a caller passes them, so they cannot leak in by mistake.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rules.events import Event
from rules.fantasy_business import deck
from rules.fantasy_business.views import FantasyBusinessView


class Memo:
    """Answers worked out once per decision and reused by every playout of its search:
    a rival's price belief, a seat's best price, a bidder's limit. Keys hold everything
    the answer depends on, so a hit is always the answer a fresh computation would give."""

    def __init__(self) -> None:
        self.beliefs: dict[tuple[object, ...], tuple[tuple[int, float], ...]] = {}
        self.odds: dict[tuple[object, ...], dict[int, tuple[float, float]]] = {}
        self.prices: dict[tuple[object, ...], int] = {}
        self.limits: dict[tuple[object, ...], int] = {}
        self.incomes: dict[tuple[object, ...], dict[str, list[float]]] = {}
        self.habits: dict[tuple[int, str, int, bool], tuple[tuple[int, float], ...]] = {}


@dataclass(frozen=True)
class Record:
    sheets: tuple[tuple[int, tuple[Mapping[str, int], ...]], ...] = ()
    """(turn, the revealed sheet of each seat) for every reveal, oldest first."""
    played: Mapping[str, int] = field(default_factory=dict)
    """Special kind -> copies played face up since the draw pile was last reshuffled."""
    memo: Memo = field(default_factory=Memo, compare=False, repr=False)

    def prices(self, seat: int, article: str) -> list[tuple[int, int]]:
        """(turn, price) of every revealed price the seat asked for the article."""
        found = []
        for turn, sheets in self.sheets:
            if seat < len(sheets) and article in sheets[seat]:
                found.append((turn, sheets[seat][article]))
        return found

    def seat_prices(self, seat: int) -> list[tuple[int, str, int]]:
        """(turn, article, price) of every revealed price of the seat."""
        return [
            (turn, article, price)
            for turn, sheets in self.sheets
            if seat < len(sheets)
            for article, price in sheets[seat].items()
        ]


READ = frozenset({"sheets_revealed", "special_played", "deck_reshuffled"})
"""The only kinds of event the record is made of."""


def read(history: Iterable[Event], view: FantasyBusinessView) -> Record:
    """The record of a game from its public events; the view's last reveal fills in a
    reveal the history lacks (so a short history still knows last turn's prices)."""
    sheets: list[tuple[int, tuple[Mapping[str, int], ...]]] = []
    played: dict[str, int] = {}
    specials = deck.specials()
    for event in history:
        if event.kind not in READ or event.seat is not None:
            continue
        if event.kind == "sheets_revealed":
            raw = event.data.get("sheets", [])
            sheets.append((int(event.data.get("turn", 0)), tuple(dict(s) for s in raw)))
        elif event.kind == "special_played":
            kind = str(event.data.get("special"))
            if kind in specials:
                played[kind] = played.get(kind, 0) + 1
        elif event.kind == "deck_reshuffled":
            played = {}
    last = view.last_reveal
    if last is not None and all(turn != last.turn for turn, _ in sheets):
        sheets.append((last.turn, tuple(dict(s) for s in last.sheets)))
        sheets.sort(key=lambda entry: entry[0])
    return Record(sheets=tuple(sheets), played=played)
