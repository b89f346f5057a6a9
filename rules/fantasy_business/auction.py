"""Phase 1, the auctions (spec §3.1), exactly as the rulebook words them.

Only eligible players (those who have not acquired a card this turn) take part. The
First Buyer designates a centre card and, if still eligible, opens it with a price or
with no price; otherwise the first eligible player to their left opens. Bidding turns go
clockwise among the eligible; a pass does not leave the auction. The card goes to the
high bidder once every other eligible player has had a turn after the last raise without
raising; a card nobody bids on during a whole round is discarded. When only one eligible
player remains, designating a card offers it to them at its minimum.
"""

from rules.errors import RuleError
from rules.events import Event
from rules.fantasy_business import deck
from rules.fantasy_business.state import AuctionState, GameState
from rules.fantasy_business.turn import begin_pricing
from rules.words import Quoted, Say, Seat, Term, later, said, said_n


def eligible(state: GameState) -> list[int]:
    """Seats still able to buy this turn, in seat order."""
    return [seat for seat in state.seats() if not state.acquired[seat]]


def next_eligible(state: GameState, seat: int) -> int:
    """The first eligible player to the left of `seat` (clockwise, `seat` itself last)."""
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if not state.acquired[candidate]:
            return candidate
    raise AssertionError("no eligible player")


def require_auction_phase(state: GameState) -> None:
    if state.phase == "pricing":
        raise RuleError(
            "The auctions are over for this turn: prices are being set now (`/price`, `/submit`)."
        )


def designate(
    state: GameState, seat: int, index: int, price: int | None, events: list[Event]
) -> None:
    """The First Buyer puts centre card `index` up for sale (rule 3.1.2, 3.1.6, 3.1.7)."""
    require_auction_phase(state)
    fb = state.first_buyer
    if seat != fb:
        raise RuleError("Only the First Buyer ({who}) designates the next card.", who=Seat(seat=fb))
    if state.auction is not None:
        raise RuleError(
            "The {card} is still being auctioned; the next card is designated once "
            "it is sold or discarded.",
            card=deck.public_term(state.auction.card),
        )
    if not 0 <= index < len(state.centre):
        raise RuleError(
            said_n(
                "There is no card {number} in the centre (there is {count}).",
                "There is no card {number} in the centre (there are {count}).",
                len(state.centre),
                number=index + 1,
                count=len(state.centre),
            )
        )
    card_id = state.centre[index]
    label = deck.public_term(card_id)
    number = state.label(card_id)
    minimum = deck.minimum_bid(card_id)
    buyers = eligible(state)
    if price is not None and state.acquired[seat]:
        after = (
            said(
                "{who}, the only buyer left, may take it at its minimum or decline it",
                who=Seat(seat=buyers[0]),
            )
            if len(buyers) == 1
            else said("{who} opens", who=Seat(seat=next_eligible(state, seat)))
        )
        raise RuleError(
            "You already bought a card this turn, so you cannot announce a price; designate "
            "the card with no price and {after}.",
            after=after,
        )
    if len(buyers) == 1:
        buyer = buyers[0]
        if price is not None:
            # The First Buyer is the last buyer: naming the minimum takes the card at once.
            if price != minimum:
                raise RuleError(
                    "You are the only buyer left, so the {card} costs its minimum of "
                    "{minimum} gold; you cannot open at {price}.",
                    card=label,
                    minimum=minimum,
                    price=price,
                )
            _check_affordable(state, seat, price)
            _award(state, seat, card_id, price, events)
            return
        state.auction = AuctionState(card=card_id, to_act=buyer, offer=True)
        events.append(
            Event(
                kind="card_offered",
                say=said(
                    "{who} designates card {number}, the {card}. {buyer} is the only buyer "
                    "left and may take it for {minimum} gold (`/bid`) or decline it (`/pass`).",
                    who=Seat(seat=seat),
                    number=number,
                    card=label,
                    buyer=Seat(seat=buyer),
                    minimum=minimum,
                ),
                data={
                    "index": index,
                    "card": deck.public_card(card_id),
                    "to_act": buyer,
                    "minimum": minimum,
                    "offer": True,
                },
            )
        )
        return
    if state.acquired[seat]:
        opener = next_eligible(state, seat)
        state.auction = AuctionState(card=card_id, to_act=opener)
        text = said(
            "{who} designates card {number}, the {card}. {who} has already bought this "
            "turn, so {opener} opens (minimum {minimum} gold).",
            who=Seat(seat=seat),
            number=number,
            card=label,
            opener=Seat(seat=opener),
            minimum=minimum,
        )
    elif price is None:
        state.auction = AuctionState(card=card_id, to_act=next_eligible(state, seat), quiet=1)
        text = said(
            "{who} designates card {number}, the {card}, and announces no price "
            "(minimum {minimum} gold).",
            who=Seat(seat=seat),
            number=number,
            card=label,
            minimum=minimum,
        )
    else:
        if price < minimum:
            raise RuleError(
                "The opening price for the {card} must be at least {minimum} gold; "
                "{price} is too low.",
                card=label,
                minimum=minimum,
                price=price,
            )
        _check_affordable(state, seat, price)
        state.auction = AuctionState(
            card=card_id, price=price, high_bidder=seat, to_act=next_eligible(state, seat)
        )
        text = said(
            "{who} designates card {number}, the {card}, and offers {price} gold.",
            who=Seat(seat=seat),
            number=number,
            card=label,
            price=price,
        )
    events.append(
        Event(
            kind="card_designated",
            say=text,
            data={
                "index": index,
                "card": deck.public_card(card_id),
                "price": price if not state.acquired[seat] else None,
                "to_act": state.auction.to_act,
                "minimum": minimum,
                "offer": False,
            },
        )
    )


def _check_affordable(state: GameState, seat: int, amount: int) -> None:
    if amount > state.gold[seat]:
        raise RuleError(
            "You have only {gold} gold; you cannot bid {amount}.",
            gold=state.gold[seat],
            amount=amount,
        )


def _running(state: GameState, seat: int) -> AuctionState:
    """The running auction, after the checks every bid and pass share."""
    require_auction_phase(state)
    auction = state.auction
    if auction is None:
        raise RuleError(
            "No card is up for auction; the First Buyer ({who}) designates the next card.",
            who=Seat(seat=state.first_buyer),
        )
    if state.acquired[seat]:
        raise RuleError(
            "You already bought a card this turn, so you take no further part in this "
            "turn's auctions."
        )
    if seat != auction.to_act:
        raise RuleError("It is {who}'s turn to bid, not yours.", who=Seat(seat=auction.to_act))
    return auction


def bid(state: GameState, seat: int, amount: int, events: list[Event]) -> None:
    auction = _running(state, seat)
    label = deck.public_term(auction.card)
    minimum = deck.minimum_bid(auction.card)
    if auction.offer:
        if amount != minimum:
            raise RuleError(
                "You are the only buyer left: you may take the {card} for its minimum of "
                "{minimum} gold (`/bid {minimum}`) or decline it with `/pass`.",
                card=label,
                minimum=minimum,
            )
        if amount > state.gold[seat]:
            raise RuleError(
                "You have only {gold} gold; the {card} costs {minimum}. Decline it with `/pass`.",
                gold=state.gold[seat],
                card=label,
                minimum=minimum,
            )
        _award(state, seat, auction.card, amount, events)
        return
    if auction.price is not None and amount <= auction.price:
        raise RuleError(
            "A bid must be more than the current price of {price} gold; you bid {amount}.",
            price=auction.price,
            amount=amount,
        )
    if amount < minimum:
        raise RuleError(
            "A bid for the {card} must be at least {minimum} gold; you bid {amount}.",
            card=label,
            minimum=minimum,
            amount=amount,
        )
    _check_affordable(state, seat, amount)
    auction.price = amount
    auction.high_bidder = seat
    auction.quiet = 0
    auction.to_act = next_eligible(state, seat)
    events.append(
        Event(
            kind="bid",
            say=later(_bids, seat, amount, auction.card),
            data={"seat": seat, "amount": amount, "to_act": auction.to_act},
        )
    )


def _bids(seat: int, amount: int, card: int) -> Say:
    return said(
        "{who} bids {amount} gold for the {card}.",
        who=Seat(seat=seat),
        amount=amount,
        card=deck.public_term(card),
    )


def pass_turn(state: GameState, seat: int, events: list[Event]) -> None:
    auction = _running(state, seat)
    if auction.offer:
        events.append(
            Event(
                kind="passed",
                say=later(_declines, seat, auction.card),
                data={"seat": seat, "to_act": None},
            )
        )
        _discard(state, auction.card, "declined", events)
        return
    auction.quiet += 1
    others = len(eligible(state)) - 1
    if auction.high_bidder is not None and auction.quiet >= others:
        events.append(
            Event(kind="passed", say=later(_passes, seat), data={"seat": seat, "to_act": None})
        )
        assert auction.price is not None
        _award(state, auction.high_bidder, auction.card, auction.price, events)
        return
    if auction.high_bidder is None and auction.quiet > others:
        events.append(
            Event(kind="passed", say=later(_passes, seat), data={"seat": seat, "to_act": None})
        )
        _discard(state, auction.card, "no bid", events)
        return
    auction.to_act = next_eligible(state, seat)
    events.append(
        Event(
            kind="passed", say=later(_passes, seat), data={"seat": seat, "to_act": auction.to_act}
        )
    )


def _declines(seat: int, card: int) -> Say:
    return said("{who} declines the {card}.", who=Seat(seat=seat), card=deck.public_term(card))


def _passes(seat: int) -> Say:
    return said("{who} passes.", who=Seat(seat=seat))


def _award(state: GameState, seat: int, card_id: int, price: int, events: list[Event]) -> None:
    """Rule 3.1.4: the buyer pays and takes the card; specials go face down."""
    card = deck.card(card_id)
    state.gold[seat] -= price
    state.acquired[seat] = True
    state.centre.remove(card_id)
    if card.kind == "article":
        state.articles[seat][card.key] = state.articles[seat].get(card.key, 0) + 1
    else:
        state.specials[seat].append(card_id)
    events.append(
        Event(
            kind="card_won",
            say=later(_buys, seat, card_id, price),
            data={"seat": seat, "price": price, "card": deck.public_card(card_id)},
        )
    )
    if card.kind == "special":
        events.append(
            Event(
                kind="special_received",
                say=later(_your_special, card.key),
                seat=seat,
                data={"special": card.key, "name": deck.special(card.key).name},
            )
        )
    _next_card(state, events)


def _buys(seat: int, card_id: int, price: int) -> Say:
    card = deck.card(card_id)
    what = deck.one_card(card.key) if card.kind == "article" else said("the special card")
    return said("{who} buys {what} for {price} gold.", who=Seat(seat=seat), what=what, price=price)


def _your_special(key: str) -> Say:
    special = deck.special(key)
    return said(
        "Your special card is {card}: {text}",
        card=Term(english=special.a_name),
        text=Quoted(english=special.text, german=special.text_in("de")),
    )


def _discard(state: GameState, card_id: int, reason: str, events: list[Event]) -> None:
    label = deck.public_term(card_id)
    state.centre.remove(card_id)
    state.discards.append(card_id)
    why = said("nobody bid") if reason == "no bid" else said("it was declined")
    events.append(
        Event(
            kind="card_discarded",
            say=said("The {card} is discarded: {why}.", card=label, why=why),
            data={"card": deck.public_card(card_id), "reason": reason},
        )
    )
    _next_card(state, events)


def _next_card(state: GameState, events: list[Event]) -> None:
    """After a sale or discard: the next designation, or on to setting prices."""
    state.auction = None
    if state.centre and not eligible(state):
        events.append(
            Event(
                kind="centre_discarded",
                say=said(
                    "Everyone has bought a card this turn, so the cards left in the centre "
                    "are discarded: {cards}.",
                    cards=[deck.public_term(c) for c in state.centre],
                ),
                data={"cards": [deck.public_card(c) for c in state.centre]},
            )
        )
        state.discards.extend(state.centre)
        state.centre = []
    if not state.centre:
        begin_pricing(state, events)
        return
    events.append(
        Event(
            kind="awaiting_designation",
            say=said(
                "{who}, designate the next card ({left} left).",
                who=Seat(seat=state.first_buyer),
                left=len(state.centre),
            ),
            data={"first_buyer": state.first_buyer, "left": len(state.centre)},
        )
    )
