"""The price the owners of an article settle on, and how far each rival keeps to it.

Income rewards owners who ask the same price (all of them count as lowest and get the
bonus) and punishes the one who asks most (nothing). Two sellers who each best-reply to
the other's last price chase each other round the range: one undercuts, the other
matches the old price, and next turn it is the other way round, so every other turn
somebody earns nothing. What ends the chase is a price both can work out alike from
what the table has seen: the lowest price any current owner last asked for the article
(the top of the range for an article nobody has priced yet). Matching it is stable:
asking more earns nothing, asking less earns less than the shared bonus.

How a rival prices around that focal price is a fact of its revealed history on the
article: a rival that keeps to it is matched, so a table of such sellers settles on one
high price; a rival that asks one gold under it every turn (a habit a person finds in
one game) is expected one gold under it, and met there, so its undercut no longer
leaves the other owner without income; a rival that prices at random is met with a
reply to its own spread of prices.
"""

from collections.abc import Mapping, Sequence

from ai.fantasy_business.knowledge import Record
from rules.fantasy_business.pricing import price_range
from rules.fantasy_business.state import GameState

Habits = tuple[tuple[int, float], ...]
"""(offset from the focal price, share) of a rival's habits on one article; the share the
offsets leave over is the rival pricing off any habit (its own spread of prices)."""

TRUST = 1.0
"""Pseudo-observations of a rival keeping to the focal price before any are seen."""
DOUBT = 0.5
"""Pseudo-observations of a rival pricing off any habit."""
REACH = 2
"""The largest offset from the focal price read as a habit (one gold under it, two...)."""
FADING = 0.6
"""An observed offset counts this much less for every reveal it is older, so a rival
that starts undercutting is read as an undercutter after one or two reveals."""
ELSEWHERE = 0.5
"""What an undercut on another article counts for, against one on this article."""


def focal(
    state: GameState, sheets: Sequence[tuple[int, Sequence[Mapping[str, int]]]], article: str
) -> int:
    """The lowest price a current owner last asked for the article in `sheets` (the
    revealed sheets so far), or the top of its range if none has asked one."""
    low, high = price_range(state, article)
    owners = [s for s in state.seats() if state.articles[s].get(article, 0) > 0]
    return focal_among(owners, sheets, article, low, high)


def focal_among(
    owners: Sequence[int],
    sheets: Sequence[tuple[int, Sequence[Mapping[str, int]]]],
    article: str,
    low: int,
    high: int,
) -> int:
    last: dict[int, int] = {}
    for _, sheet in sheets:
        for seat in owners:
            if seat < len(sheet) and article in sheet[seat]:
                last[seat] = sheet[seat][article]
    asked = [price for price in last.values() if low <= price <= high]
    return min(asked) if asked else high


def habits(state: GameState, record: Record, rival: int, article: str) -> Habits:
    """How the rival prices this article relative to the focal price: the share of its
    revealed prices for it, recent ones counting more, that sat each offset from that
    turn's focal price (0: it keeps to it; -1: it undercuts by one; +1: it holds above),
    with a prior that it keeps to it. Only reveals where the article had another owner
    count (a sole owner has no one to undercut). Built from the public reveals alone."""
    key = (rival, article, len(record.sheets), state.options.low_prices)
    found = record.memo.habits.get(key)
    if found is None:
        found = record.memo.habits[key] = _habits(state, record, rival, article)
    return found


def _habits(state: GameState, record: Record, rival: int, article: str) -> Habits:
    weights = dict.fromkeys(range(-REACH, REACH + 1), 0.0)
    weights[0] = TRUST
    off = DOUBT
    last = len(record.sheets) - 1
    for index, (_, sheet) in enumerate(record.sheets):
        if rival >= len(sheet):
            continue
        fading = FADING ** (last - index)
        for other, price in sheet[rival].items():
            rivals = [
                sheet[s][other] for s in range(len(sheet)) if s != rival and other in sheet[s]
            ]
            if not rivals:
                continue
            o_low, o_high = price_range(state, other)
            owners = [s for s, asked in enumerate(sheet) if other in asked]
            offset = price - focal_among(owners, record.sheets[:index], other, o_low, o_high)
            if other == article:
                weight = fading
            elif offset < 0 and price < min(rivals):
                weight = ELSEWHERE * fading  # it undercut alone: a habit, not a match
            else:
                continue
            if offset in weights:
                weights[offset] += weight
            else:
                off += weight
    total = sum(weights.values()) + off
    return tuple((offset, weight / total) for offset, weight in weights.items() if weight > 0)
