"""Who owes an action, what they may do, and what the bot does for them on a timeout.

`legal_actions` lists a representative, finite set (bids at the minimum, midway and all
the seat's gold; prices at the bottom, base and top of the range; specials with every
valid target; one small gift each of gold, an article and a special) that `apply`
accepts, for buttons, autocomplete and random play. `default_action` always makes
progress: pass a bidding turn, designate the first centre card without a price, submit
with last turn's prices, or price a late article.
"""

from collections.abc import Collection
from functools import lru_cache

from rules.fantasy_business import deck
from rules.fantasy_business.actions import (
    Action,
    Auction,
    Bid,
    Give,
    Pass,
    PlaySpecial,
    SetPrice,
    Submit,
)
from rules.fantasy_business.auction import eligible
from rules.fantasy_business.pricing import default_price, price_range, unpriced
from rules.fantasy_business.specials import ATTACKS
from rules.fantasy_business.state import GameState, Options

ALL = frozenset({"auction", "bid", "pass", "price", "submit", "play", "give"})
"""Every action type, for `legal_actions(kinds=...)`."""


def waiting_on(state: GameState) -> list[int]:
    if state.phase == "auction":
        if state.auction is None:
            return [state.first_buyer]
        return [state.auction.to_act]
    if state.phase == "pricing":
        return [
            seat
            for seat in state.seats()
            if not state.sheets[seat].submitted or unpriced(state, seat)
        ]
    return []


def default_action(state: GameState, seat: int) -> Action | None:
    if seat not in waiting_on(state):
        return None
    if state.phase == "auction":
        return Auction(card=0) if state.auction is None else Pass()
    if not state.sheets[seat].submitted:
        return Submit(defaults=True)
    key = unpriced(state, seat)[0]
    return SetPrice(article=key, price=default_price(state, seat, key))


def legal_actions(
    state: GameState, seat: int, gifts: bool = True, kinds: Collection[str] | None = None
) -> list[Action]:
    """The listed actions; without `gifts`, only those of the phase (random play and
    search leave gifts out). With `kinds` (action types), only actions of those types,
    and nothing else is built: a menu of specials asks for its specials, not for every
    price and gift. The order is the full list's, so asking for every kind gives it."""
    if state.phase == "over" or not 0 <= seat < state.players:
        return []
    want = ALL if kinds is None else frozenset(kinds)
    if state.phase == "auction":
        actions = _auction_actions(state, seat, want)
    else:
        actions = _pricing_actions(state, seat, want)
    if gifts and "give" in want:
        actions += _gifts(state, seat)
    return actions


def _amounts(low: int, high: int) -> list[int]:
    if low > high:
        return []
    return sorted({low, (low + high) // 2, high})


def _auction_actions(state: GameState, seat: int, want: frozenset[str]) -> list[Action]:
    auction = state.auction
    if auction is None:
        if seat != state.first_buyer or "auction" not in want:
            return []
        actions: list[Action] = []
        alone = eligible(state) == [seat]
        for index, card_id in enumerate(state.centre):
            actions.append(_designate(index, None))
            if state.acquired[seat]:
                continue
            minimum = deck.minimum_bid(card_id)
            high = minimum if alone else state.gold[seat]
            actions += [
                _designate(index, p) for p in _amounts(minimum, min(high, state.gold[seat]))
            ]
        return actions
    if seat != auction.to_act:
        return []
    minimum = deck.minimum_bid(auction.card)
    passing: list[Action] = [_PASS] if "pass" in want else []
    if "bid" not in want:
        return passing
    if auction.offer:
        bids = [minimum] if minimum <= state.gold[seat] else []
    else:
        low = minimum if auction.price is None else max(minimum, auction.price + 1)
        bids = _amounts(low, state.gold[seat])
    return [*passing, *(_bid(a) for a in bids)]


def _pricing_actions(state: GameState, seat: int, want: frozenset[str]) -> list[Action]:
    sheet = state.sheets[seat]
    low_prices = state.options.low_prices
    actions: list[Action] = []
    pricing = "price" in want
    if sheet.submitted:
        if pricing:
            for key in unpriced(state, seat):
                actions += _late_prices(key, low_prices)
        return actions
    if pricing:
        for key in state.articles[seat]:
            actions += _sheet_prices(key, low_prices)
    if "submit" in want:
        actions.append(_SUBMIT_DEFAULTS)
        if not unpriced(state, seat):
            actions.append(_SUBMIT)
    if state.specials[seat] and "play" in want:
        for kind in sorted({deck.card(c).key for c in state.specials[seat]}):
            actions += _special_actions(state, seat, kind)
    return actions


@lru_cache(maxsize=64)
def _sheet_prices(key: str, low_prices: bool) -> tuple[SetPrice, ...]:
    """An article's listed prices: the bottom, the base value and the top of its range
    (worked out once per article and variant: they are listed on every sheet move)."""
    low, high = _range(key, low_prices)
    return tuple(_set_price(key, p) for p in sorted({low, deck.article(key).base, high}))


@lru_cache(maxsize=64)
def _late_prices(key: str, low_prices: bool) -> tuple[SetPrice, ...]:
    """An article gained after submitting: the bottom, middle and top of its range."""
    return tuple(_set_price(key, p) for p in _amounts(*_range(key, low_prices)))


def _range(key: str, low_prices: bool) -> tuple[int, int]:
    return price_range(Options(low_prices=low_prices), key)


def _special_actions(state: GameState, seat: int, kind: str) -> list[Action]:
    special = deck.special(kind)
    targets = [
        t
        for t in state.seats()
        if t != seat and not (kind in ATTACKS and t in state.played.guarded)
    ]
    if kind in ("thief", "fire"):
        return [_play(kind, target=t, article=a) for t in targets for a in state.articles[t]]
    if kind == "pickpocket":
        return [_play(kind, target=t) for t in targets if state.gold[t] > 0]
    if kind == "royal_warrant":
        return [_play(kind, article=a) for a in state.articles[seat]]
    if special.needs_article:
        return [_play(kind, article=a) for a in deck.articles()]
    return [_play(kind)]


def _gifts(state: GameState, seat: int) -> list[Action]:
    """One small gift of each sort to the left neighbour: trades exist at any time."""
    left = state.left_of(seat)
    gifts: list[Action] = []
    spare = state.gold[seat]
    auction = state.auction
    if auction is not None and auction.high_bidder == seat and auction.price is not None:
        spare -= auction.price
    if spare > 0:
        gifts.append(_give(left, gold=1))
    for key in state.articles[seat]:
        gifts.append(_give(left, article=key))
        break
    for card_id in state.specials[seat]:
        gifts.append(_give(left, card=deck.card(card_id).key))
        break
    return gifts


# Actions are frozen values of plain fields, and random play and every button list build
# the same few again and again, so each is built once and shared. Each is built with the
# same arguments as spelled out at its call site, so fields count as set exactly as then.
_CACHED = 4096
_PASS = Pass()
_SUBMIT = Submit()
_SUBMIT_DEFAULTS = Submit(defaults=True)


@lru_cache(maxsize=_CACHED)
def _designate(card: int, price: int | None) -> Auction:
    return Auction(card=card) if price is None else Auction(card=card, price=price)


@lru_cache(maxsize=_CACHED)
def _bid(amount: int) -> Bid:
    return Bid(amount=amount)


@lru_cache(maxsize=_CACHED)
def _set_price(article: str, price: int) -> SetPrice:
    return SetPrice(article=article, price=price)


@lru_cache(maxsize=_CACHED)
def _play(card: str, target: int | None = None, article: str | None = None) -> PlaySpecial:
    if target is not None and article is not None:
        return PlaySpecial(card=card, target=target, article=article)
    if target is not None:
        return PlaySpecial(card=card, target=target)
    if article is not None:
        return PlaySpecial(card=card, article=article)
    return PlaySpecial(card=card)


@lru_cache(maxsize=_CACHED)
def _give(to: int, gold: int = 0, article: str | None = None, card: str | None = None) -> Give:
    if card is not None:
        return Give(to=to, card=card)
    return Give(to=to, gold=gold) if article is None else Give(to=to, article=article)
