"""Who owes an action, what they may do, and what the bot does for them on a timeout.

`legal_actions` lists a representative, finite set (bids at the minimum, midway and all
the seat's gold; prices at the bottom, base and top of the range; specials with every
valid target; one small gift) that `apply` accepts, for buttons, autocomplete and random
play. `default_action` always makes progress: pass a bidding turn, designate the first
centre card without a price, submit with last turn's prices, or price a late article.
"""

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
from rules.fantasy_business.state import GameState


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


def legal_actions(state: GameState, seat: int) -> list[Action]:
    if state.phase == "over" or not 0 <= seat < state.players:
        return []
    actions: list[Action] = []
    if state.phase == "auction":
        actions += _auction_actions(state, seat)
    else:
        actions += _pricing_actions(state, seat)
    actions += _gifts(state, seat)
    return actions


def _amounts(low: int, high: int) -> list[int]:
    if low > high:
        return []
    return sorted({low, (low + high) // 2, high})


def _auction_actions(state: GameState, seat: int) -> list[Action]:
    auction = state.auction
    if auction is None:
        if seat != state.first_buyer:
            return []
        actions: list[Action] = []
        alone = eligible(state) == [seat]
        for index, card_id in enumerate(state.centre):
            actions.append(Auction(card=index))
            if state.acquired[seat]:
                continue
            minimum = deck.minimum_bid(card_id)
            high = minimum if alone else state.gold[seat]
            actions += [
                Auction(card=index, price=p) for p in _amounts(minimum, min(high, state.gold[seat]))
            ]
        return actions
    if seat != auction.to_act:
        return []
    minimum = deck.minimum_bid(auction.card)
    if auction.offer:
        bids = [minimum] if minimum <= state.gold[seat] else []
    else:
        low = minimum if auction.price is None else max(minimum, auction.price + 1)
        bids = _amounts(low, state.gold[seat])
    return [Pass(), *(Bid(amount=a) for a in bids)]


def _pricing_actions(state: GameState, seat: int) -> list[Action]:
    sheet = state.sheets[seat]
    actions: list[Action] = []
    if sheet.submitted:
        for key in unpriced(state, seat):
            low, high = price_range(state, key)
            actions += [SetPrice(article=key, price=p) for p in _amounts(low, high)]
        return actions
    for key in state.articles[seat]:
        low, high = price_range(state, key)
        prices = {low, deck.article(key).base, high}
        actions += [SetPrice(article=key, price=p) for p in sorted(prices)]
    actions.append(Submit(defaults=True))
    if not unpriced(state, seat):
        actions.append(Submit())
    for kind in sorted({deck.card(c).key for c in state.specials[seat]}):
        actions += _special_actions(state, seat, kind)
    return actions


def _special_actions(state: GameState, seat: int, kind: str) -> list[Action]:
    special = deck.special(kind)
    targets = [
        t
        for t in state.seats()
        if t != seat and not (kind in ATTACKS and t in state.played.guarded)
    ]
    if kind in ("thief", "fire"):
        return [
            PlaySpecial(card=kind, target=t, article=a) for t in targets for a in state.articles[t]
        ]
    if kind == "pickpocket":
        return [PlaySpecial(card=kind, target=t) for t in targets if state.gold[t] > 0]
    if kind == "royal_warrant":
        return [PlaySpecial(card=kind, article=a) for a in state.articles[seat]]
    if special.needs_article:
        return [PlaySpecial(card=kind, article=a) for a in deck.articles()]
    return [PlaySpecial(card=kind)]


def _gifts(state: GameState, seat: int) -> list[Action]:
    """One small gift of each sort to the left neighbour: trades exist at any time."""
    left = state.left_of(seat)
    gifts: list[Action] = []
    spare = state.gold[seat]
    auction = state.auction
    if auction is not None and auction.high_bidder == seat and auction.price is not None:
        spare -= auction.price
    if spare > 0:
        gifts.append(Give(to=left, gold=1))
    for key in state.articles[seat]:
        gifts.append(Give(to=left, article=key))
        break
    return gifts
