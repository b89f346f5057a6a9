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
from rules.events import Event, seat_ref
from rules.fantasy_business import deck
from rules.fantasy_business.state import AuctionState, GameState
from rules.fantasy_business.turn import begin_pricing


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
            "The auctions are over for this turn: prices are being set now (/price, /submit)."
        )


def designate(
    state: GameState, seat: int, index: int, price: int | None, events: list[Event]
) -> None:
    """The First Buyer puts centre card `index` up for sale (rule 3.1.2, 3.1.6, 3.1.7)."""
    require_auction_phase(state)
    fb = state.first_buyer
    if seat != fb:
        raise RuleError(f"Only the First Buyer ({seat_ref(fb)}) designates the next card.")
    if state.auction is not None:
        running = deck.public_name(state.auction.card)
        raise RuleError(
            f"The {running} is still being auctioned; the next card is designated once "
            "it is sold or discarded."
        )
    if not 0 <= index < len(state.centre):
        raise RuleError(
            f"There is no card {index + 1} in the centre (there are {len(state.centre)})."
        )
    card_id = state.centre[index]
    label = deck.public_name(card_id)
    number = state.label(card_id)
    minimum = deck.minimum_bid(card_id)
    buyers = eligible(state)
    if price is not None and state.acquired[seat]:
        after = (
            f"{seat_ref(buyers[0])}, the only buyer left, may take it at its minimum or decline it"
            if len(buyers) == 1
            else f"{seat_ref(next_eligible(state, seat))} opens"
        )
        raise RuleError(
            "You already bought a card this turn, so you cannot announce a price; designate "
            f"the card with no price and {after}."
        )
    if len(buyers) == 1:
        buyer = buyers[0]
        if price is not None:
            # The First Buyer is the last buyer: naming the minimum takes the card at once.
            if price != minimum:
                raise RuleError(
                    f"You are the only buyer left, so the {label} costs its minimum of "
                    f"{minimum} gold; you cannot open at {price}."
                )
            _check_affordable(state, seat, price)
            _award(state, seat, card_id, price, events)
            return
        state.auction = AuctionState(card=card_id, to_act=buyer, offer=True)
        events.append(
            Event(
                kind="card_offered",
                text=f"{seat_ref(seat)} designates card {number}, the {label}. "
                f"{seat_ref(buyer)} is the only buyer left and may take it for {minimum} gold "
                "(/bid) or decline it (/pass).",
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
        text = (
            f"{seat_ref(seat)} designates card {number}, the {label}. {seat_ref(seat)} has "
            f"already bought this turn, so {seat_ref(opener)} opens (minimum {minimum} gold)."
        )
    elif price is None:
        state.auction = AuctionState(card=card_id, to_act=next_eligible(state, seat), quiet=1)
        text = (
            f"{seat_ref(seat)} designates card {number}, the {label}, and announces no "
            f"price (minimum {minimum} gold)."
        )
    else:
        if price < minimum:
            raise RuleError(
                f"The opening price for the {label} must be at least {minimum} gold; "
                f"{price} is too low."
            )
        _check_affordable(state, seat, price)
        state.auction = AuctionState(
            card=card_id, price=price, high_bidder=seat, to_act=next_eligible(state, seat)
        )
        text = f"{seat_ref(seat)} designates card {number}, the {label}, and offers {price} gold."
    events.append(
        Event(
            kind="card_designated",
            text=text,
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
        raise RuleError(f"You have only {state.gold[seat]} gold; you cannot bid {amount}.")


def _running(state: GameState, seat: int) -> AuctionState:
    """The running auction, after the checks every bid and pass share."""
    require_auction_phase(state)
    auction = state.auction
    if auction is None:
        raise RuleError(
            "No card is up for auction; the First Buyer "
            f"({seat_ref(state.first_buyer)}) designates the next card."
        )
    if state.acquired[seat]:
        raise RuleError(
            "You already bought a card this turn, so you take no further part in this "
            "turn's auctions."
        )
    if seat != auction.to_act:
        raise RuleError(f"It is {seat_ref(auction.to_act)}'s turn to bid, not yours.")
    return auction


def bid(state: GameState, seat: int, amount: int, events: list[Event]) -> None:
    auction = _running(state, seat)
    label = deck.public_name(auction.card)
    minimum = deck.minimum_bid(auction.card)
    if auction.offer:
        if amount != minimum:
            raise RuleError(
                f"You are the only buyer left: you may take the {label} for its minimum of "
                f"{minimum} gold (/bid {minimum}) or decline it with /pass."
            )
        if amount > state.gold[seat]:
            raise RuleError(
                f"You have only {state.gold[seat]} gold; the {label} costs {minimum}. "
                "Decline it with /pass."
            )
        _award(state, seat, auction.card, amount, events)
        return
    if auction.price is not None and amount <= auction.price:
        raise RuleError(
            f"A bid must be more than the current price of {auction.price} gold; you bid {amount}."
        )
    if amount < minimum:
        raise RuleError(f"A bid for the {label} must be at least {minimum} gold; you bid {amount}.")
    _check_affordable(state, seat, amount)
    auction.price = amount
    auction.high_bidder = seat
    auction.quiet = 0
    auction.to_act = next_eligible(state, seat)
    events.append(
        Event(
            kind="bid",
            text=f"{seat_ref(seat)} bids {amount} gold for the {label}.",
            data={"seat": seat, "amount": amount, "to_act": auction.to_act},
        )
    )


def pass_turn(state: GameState, seat: int, events: list[Event]) -> None:
    auction = _running(state, seat)
    label = deck.public_name(auction.card)
    if auction.offer:
        events.append(
            Event(
                kind="passed",
                text=f"{seat_ref(seat)} declines the {label}.",
                data={"seat": seat, "to_act": None},
            )
        )
        _discard(state, auction.card, "declined", events)
        return
    auction.quiet += 1
    others = len(eligible(state)) - 1
    if auction.high_bidder is not None and auction.quiet >= others:
        events.append(
            Event(
                kind="passed",
                text=f"{seat_ref(seat)} passes.",
                data={"seat": seat, "to_act": None},
            )
        )
        assert auction.price is not None
        _award(state, auction.high_bidder, auction.card, auction.price, events)
        return
    if auction.high_bidder is None and auction.quiet > others:
        events.append(
            Event(
                kind="passed",
                text=f"{seat_ref(seat)} passes.",
                data={"seat": seat, "to_act": None},
            )
        )
        _discard(state, auction.card, "no bid", events)
        return
    auction.to_act = next_eligible(state, seat)
    events.append(
        Event(
            kind="passed",
            text=f"{seat_ref(seat)} passes.",
            data={"seat": seat, "to_act": auction.to_act},
        )
    )


def _award(state: GameState, seat: int, card_id: int, price: int, events: list[Event]) -> None:
    """Rule 3.1.4: the buyer pays and takes the card; specials go face down."""
    card = deck.card(card_id)
    state.gold[seat] -= price
    state.acquired[seat] = True
    state.centre.remove(card_id)
    if card.kind == "article":
        state.articles[seat][card.key] = state.articles[seat].get(card.key, 0) + 1
        what = deck.a_card(card.key)
    else:
        state.specials[seat].append(card_id)
        what = "the special card"
    events.append(
        Event(
            kind="card_won",
            text=f"{seat_ref(seat)} buys {what} for {price} gold.",
            data={"seat": seat, "price": price, "card": deck.public_card(card_id)},
        )
    )
    if card.kind == "special":
        special = deck.special(card.key)
        events.append(
            Event(
                kind="special_received",
                text=f"Your special card is {special.a_name}: {special.text}",
                seat=seat,
                data={"special": card.key, "name": special.name},
            )
        )
    _next_card(state, events)


def _discard(state: GameState, card_id: int, reason: str, events: list[Event]) -> None:
    label = deck.public_name(card_id)
    state.centre.remove(card_id)
    state.discards.append(card_id)
    why = "nobody bid" if reason == "no bid" else "it was declined"
    events.append(
        Event(
            kind="card_discarded",
            text=f"The {label} is discarded: {why}.",
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
                text="Everyone has bought a card this turn, so the cards left in the centre "
                f"are discarded: {', '.join(deck.public_name(c) for c in state.centre)}.",
                data={"cards": [deck.public_card(c) for c in state.centre]},
            )
        )
        state.discards.extend(state.centre)
        state.centre = []
    if not state.centre:
        begin_pricing(state, events)
        return
    fb = seat_ref(state.first_buyer)
    events.append(
        Event(
            kind="awaiting_designation",
            text=f"{fb}, designate the next card ({len(state.centre)} left).",
            data={"first_buyer": state.first_buyer, "left": len(state.centre)},
        )
    )
