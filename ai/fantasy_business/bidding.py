"""The auctions (spec §3.1) by value: what a centre card is worth to a seat, how high to
bid, which card to designate, whether to take the last buyer's offer.

A card's value is the change in the seat's relative worth (`economy`) if it owned the
card: its own gain, plus what its rivals lose when it breaks into their article. Losing
this auction is not losing the turn: a player who has bought nothing yet may still buy
one of the other centre cards, so a bid stops at the card's value minus what the best
other card would leave the seat (its value less its minimum), less a small margin.
"""

from collections.abc import Iterable

from ai.fantasy_business import economy
from ai.fantasy_business.economy import Outlook
from ai.fantasy_business.knowledge import Memo
from rules.fantasy_business import deck
from rules.fantasy_business.actions import Action, Auction, Bid, Pass
from rules.fantasy_business.auction import eligible
from rules.fantasy_business.state import GameState

PASS = Pass()
MARGIN = 0.1
"""Share of a card's value a bidder keeps for itself."""
OTHER_CARD = 0.6
"""How much the best other centre card counts when deciding how high to go: rivals may
take it first."""
RESERVE = 2
"""Gold a seat without article cards keeps back: if the card it buys is stolen or burnt,
it can still buy a cheap card later instead of never bidding again."""


def card_value(outlook: Outlook, card_id: int) -> float:
    """What owning the card would be worth to the seat, relative to its rivals."""
    card = deck.card(card_id)
    if card.kind == "special":
        return economy.SPECIAL_VALUE
    return outlook.owning(card.key)


def fallback(outlook: Outlook, skip: int) -> float:
    """What the seat can still expect from the other centre cards if it loses this one."""
    best = 0.0
    for card_id in outlook.state.centre:
        if card_id != skip:
            best = max(best, card_value(outlook, card_id) - deck.minimum_bid(card_id))
    return best


def limit(outlook: Outlook, card_id: int) -> int:
    """The highest bid the seat makes for the card."""
    state, seat = outlook.state, outlook.seat
    value = card_value(outlook, card_id)
    if len(eligible(state)) > 1:
        value -= OTHER_CARD * fallback(outlook, card_id)
    reserve = 0 if state.articles[seat] else RESERVE
    return min(state.gold[seat] - reserve, int(value * (1 - MARGIN)))


def designate(outlook: Outlook) -> Auction:
    """The First Buyer's choice: the card it gains most on, opened at its minimum; once
    it has bought, the card its rivals want most (let them spend on it), with no price."""
    state, seat = outlook.state, outlook.seat
    if state.acquired[seat]:
        rivals = [outlook.seen_by(s) for s in eligible(state) if s != seat]

        def wanted(index: int) -> float:
            return max(card_value(rival, state.centre[index]) for rival in rivals)

        return Auction(card=max(range(len(state.centre)), key=lambda i: (wanted(i), -i)))

    def surplus(index: int) -> float:
        card_id = state.centre[index]
        return card_value(outlook, card_id) - deck.minimum_bid(card_id)

    index = max(range(len(state.centre)), key=lambda i: (surplus(i), -i))
    minimum = deck.minimum_bid(state.centre[index])
    if surplus(index) >= 0 and minimum <= limit(outlook, state.centre[index]):
        return Auction(card=index, price=minimum)
    return Auction(card=index)


def respond(state: GameState, seat: int, memo: Memo) -> Bid | Pass:
    """A bidding turn: raise by one while the price stays within the limit, else pass;
    the last buyer's offer is taken when the card is worth its minimum."""
    auction = state.auction
    assert auction is not None
    minimum = deck.minimum_bid(auction.card)
    if auction.offer:
        if minimum > state.gold[seat]:
            return PASS
        return (
            Bid(amount=minimum)
            if card_value(Outlook(state, seat), auction.card) >= minimum
            else PASS
        )
    wanted = minimum if auction.price is None else max(minimum, auction.price + 1)
    if wanted > state.gold[seat]:
        return PASS
    return Bid(amount=wanted) if wanted <= bid_limit(state, seat, auction.card, memo) else PASS


def bid_limit(state: GameState, seat: int, card_id: int, memo: Memo) -> int:
    """`limit`, remembered for the rest of the decision (see `bid_limits`)."""
    return bid_limits(state, (seat,), card_id, memo)[seat]


def bid_limits(state: GameState, seats: Iterable[int], card_id: int, memo: Memo) -> dict[int, int]:
    """Each seat's `limit` for the card, remembered for the rest of the decision: during
    an auction nothing it depends on changes until a card is sold, and the key says when
    one was. The seats not remembered read one shared `Outlook`."""
    table = (
        card_id,
        state.turn,
        tuple(state.acquired),
        tuple(state.centre),
        tuple(state.gold),
        tuple(tuple(sorted(held.items())) for held in state.articles),
    )
    reading: Outlook | None = None
    found: dict[int, int] = {}
    for seat in seats:
        key = (seat, *table)
        limit_of = memo.limits.get(key)
        if limit_of is None:
            reading = Outlook(state, seat) if reading is None else reading.seen_by(seat)
            limit_of = memo.limits[key] = limit(reading, card_id)
        found[seat] = limit_of
    return found


def auction_action(state: GameState, seat: int, memo: Memo) -> Action:
    if state.auction is None:
        return designate(Outlook(state, seat))
    return respond(state, seat, memo)
