"""The price the owners of an article settle on, and how far each rival keeps to it.

Income rewards owners who ask the same price (all of them count as lowest and get the
bonus) and punishes the one who asks most (nothing). Two sellers who each best-reply to
the other's last price chase each other round the range: one undercuts, the other
matches the old price, and next turn it is the other way round, so every other turn
somebody earns nothing. What ends the chase is a price both can work out alike from
what the table has seen: the lowest price any current owner last asked for the article
(the top of the range for an article nobody has priced yet). Matching it is stable:
asking more earns nothing, asking less earns less than the shared bonus. Whether a
rival keeps to it is a fact of its history (how often its revealed price was the focal
price of that turn), so a table of such sellers settles on one price, while a rival
that prices at random is still met with a reply to its own spread of prices.
"""

from collections.abc import Mapping, Sequence

from ai.fantasy_business.knowledge import Record
from rules.fantasy_business.pricing import price_range
from rules.fantasy_business.state import GameState

TRUST = 3.0
"""Pseudo-observations of a rival keeping to the focal price before any are seen."""
DOUBT = 1.0
"""Pseudo-observations of a rival not keeping to it."""


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


def keeps_to_it(state: GameState, record: Record, rival: int) -> float:
    """How likely the rival is to ask the focal price: the share of its revealed prices
    that were that turn's focal price, with a prior that it does."""
    key = (rival, len(record.sheets), state.options.low_prices)
    found = record.memo.conformity.get(key)
    if found is None:
        kept = chances = 0
        for index, (_, sheet) in enumerate(record.sheets):
            if rival >= len(sheet):
                continue
            before = record.sheets[:index]
            for article, price in sheet[rival].items():
                low, high = price_range(state, article)
                owners = [s for s, other in enumerate(sheet) if article in other]
                chances += 1
                kept += price == focal_among(owners, before, article, low, high)
        found = record.memo.conformity[key] = (kept + TRUST) / (chances + TRUST + DOUBT)
    return found
