"""Phase 2, setting selling prices (spec §3.2): secret, simultaneous, then revealed at once.

Each owner sets one price per article, from the base value (1 gold with the low-prices
variant) to double the base. Everybody submits, even with an empty sheet; a submitted
sheet is locked, except that an article gained after submitting must still be priced
[ed]. The reveal happens as soon as every sheet is in and complete.
"""

from functools import lru_cache

from rules.errors import RuleError
from rules.events import Event
from rules.fantasy_business import deck, income, lookup
from rules.fantasy_business.state import GameState, Options
from rules.fantasy_business.turn import end_turn
from rules.words import Param, Say, Seat, Term, later, said, said_n


def require_pricing_phase(state: GameState, refusal: Say) -> None:
    """`refusal` (a whole sentence, so each language orders it its own way) while the
    auctions still run."""
    if state.phase == "auction":
        raise RuleError(refusal)


def price_range(state: GameState | Options, key: str) -> tuple[int, int]:
    """The prices an article may be given: from its base value (the floor with the
    low-prices variant) to the ceiling factor times its base."""
    options = state if isinstance(state, Options) else state.options
    return _range(key, options.low_prices)


@lru_cache(maxsize=64)
def _range(key: str, low_prices: bool) -> tuple[int, int]:
    d = deck.data()
    base = deck.article(key).base
    low = d.low_prices_floor if low_prices else base
    return low, base * d.price_ceiling_factor


def unpriced(state: GameState, seat: int) -> list[str]:
    """Articles the seat owns without a price on this turn's sheet, in list order."""
    prices = state.sheets[seat].prices
    held = state.articles[seat]
    if len(prices) >= len(held) and all(key in prices for key in held):
        return []  # the usual case, checked for every seat on every move of phase 2
    return [key for key in deck.article_keys() if key in held and key not in prices]


def default_price(state: GameState, seat: int, key: str) -> int:
    """Last turn's price for the article, else its base value, within today's range."""
    low, high = price_range(state, key)
    wanted = state.last_sheets[seat].get(key, deck.article(key).base)
    return max(low, min(high, wanted))


def set_price(state: GameState, seat: int, typed: str, price: int, events: list[Event]) -> None:
    require_pricing_phase(
        state, said("Prices are set only after the auctions; the auctions are still running.")
    )
    key = lookup.article_key(typed)
    name = deck.article_term(key)  # for a refusal: cheap, a name
    if key not in state.articles[seat]:
        raise RuleError("You own no {article}, so you cannot price them.", article=name)
    sheet = state.sheets[seat]
    if sheet.submitted and key in sheet.prices:
        raise RuleError("Your price sheet is locked: you submitted it.")
    low, high = price_range(state, key)
    if not low <= price <= high:
        raise RuleError(
            "{article} sell for {low} to {high} gold; {price} is outside that range.",
            article=name,
            low=low,
            high=high,
            price=price,
        )
    sheet.prices[key] = price
    events.append(
        Event(
            kind="price_set",
            say=later(_price_said, key, price),
            seat=seat,
            data={"article": key, "price": price},
        )
    )
    if sheet.submitted:
        events.append(
            Event(kind="late_price_set", say=later(_late_price_said, seat), data={"seat": seat})
        )
        maybe_reveal(state, events)


def _price_said(key: str, price: int) -> Say:
    return said(
        "Your price for {article} this turn: {price} gold.",
        article=deck.article_term(key),
        price=price,
    )


def _late_price_said(seat: int) -> Say:
    return said("{who} has priced an article gained after submitting.", who=Seat(seat=seat))


def submit(state: GameState, seat: int, defaults: bool, events: list[Event]) -> None:
    require_pricing_phase(
        state,
        said("Price sheets are submitted only after the auctions; the auctions are still running."),
    )
    sheet = state.sheets[seat]
    missing = unpriced(state, seat)
    if sheet.submitted and not missing:
        raise RuleError("You already submitted your price sheet.")
    if missing and not defaults:
        names = and_list([deck.article_term(key) for key in missing])
        if sheet.submitted:
            raise RuleError(
                "Your sheet is locked except for {articles}, gained after you submitted: "
                "price them with `/price`.",
                articles=names,
            )
        raise RuleError("Set a price for {articles} before submitting.", articles=names)
    filled = {key: default_price(state, seat, key) for key in missing}
    sheet.prices.update(filled)
    if filled:
        events.append(
            Event(
                kind="prices_defaulted",
                say=later(_defaulted_said, filled),
                seat=seat,
                data={"prices": dict(filled)},
            )
        )
    if not sheet.submitted:
        sheet.submitted = True
        waiting = [s for s in state.seats() if not state.sheets[s].submitted]
        events.append(
            Event(
                kind="sheet_submitted",
                say=later(_submitted_said, seat, len(waiting)),
                data={"seat": seat, "waiting": waiting},
            )
        )
    maybe_reveal(state, events)


def _defaulted_said(filled: dict[str, int]) -> Say:
    listing: list[Param] = [
        said("{article} {price}", article=deck.article_term(k), price=p) for k, p in filled.items()
    ]
    return said(
        "Prices filled in for you (last turn's price, else the base value): {prices}.",
        prices=listing,
    )


def _submitted_said(seat: int, waiting: int) -> Say:
    if waiting:
        return said_n(
            "{who} has submitted their price sheet ({n} still to come).",
            "{who} has submitted their price sheet ({n} still to come).",
            waiting,
            who=Seat(seat=seat),
        )
    return said("{who} has submitted their price sheet.", who=Seat(seat=seat))


def and_list(items: list[Term]) -> Param:
    """ "A", "A and B", "A and B and C" (the words joined as the sheet names them)."""
    if len(items) <= 1:
        return list(items)
    joined: Param = items[0]
    for item in items[1:]:
        joined = said("{first} and {second}", first=joined, second=item)
    return joined


def ready_to_reveal(state: GameState) -> bool:
    return all(sheet.submitted for sheet in state.sheets) and not any(
        unpriced(state, seat) for seat in state.seats()
    )


def maybe_reveal(state: GameState, events: list[Event]) -> None:
    """Phase 3 and 4 follow the moment the last sheet is in."""
    if state.phase == "pricing" and ready_to_reveal(state):
        income.reveal(state, events)
        end_turn(state, events)
