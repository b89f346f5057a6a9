"""Playing a dealt state forward with every seat on `standard`, fast.

Most moves of a Fantasy Business turn are bids of one gold more. Between `standard`
bidders the outcome of an auction is fixed the moment it starts: each bids one more
while the price stays within its limit (which cannot change until a card is sold), so
who buys and at what price follows from the limits alone. `settle` works that out by
arithmetic and plays a short legal sequence with the same result (the buyer bids the
final price once, everyone else passes), so the state after the auction is exactly the
one the long bidding war would reach, in a handful of `apply` calls instead of dozens.
"""

from ai.fantasy_business.bidding import bid_limits
from ai.fantasy_business.knowledge import Record
from ai.fantasy_business.standard import standard_action
from rules.fantasy_business import deck
from rules.fantasy_business.actions import Action, Bid, Pass
from rules.fantasy_business.auction import eligible, next_eligible
from rules.fantasy_business.game import apply_in_place
from rules.fantasy_business.legal import waiting_on
from rules.fantasy_business.state import GameState

PASS = Pass()
LIMIT = 4000
"""Moves after which a playout stops as it stands (standard play ends a phase far
sooner; this only bounds a bug)."""


def bidding_war(state: GameState, record: Record) -> list[tuple[int, int]]:
    """The bids (seat, amount) the running auction still sees when every bidder plays
    `standard`; the last one wins the card (none: it is discarded)."""
    auction = state.auction
    assert auction is not None and not auction.offer
    minimum = deck.minimum_bid(auction.card)
    others = len(eligible(state)) - 1
    limits = bid_limits(state, eligible(state), auction.card, record.memo)
    price, high, quiet, actor = auction.price, auction.high_bidder, auction.quiet, auction.to_act
    bids: list[tuple[int, int]] = []
    while True:
        wanted = minimum if price is None else max(minimum, price + 1)
        if wanted <= limits[actor] and wanted <= state.gold[actor]:
            price, high, quiet = wanted, actor, 0
            bids.append((actor, wanted))
        else:
            quiet += 1
            if (high is not None and quiet >= others) or (high is None and quiet > others):
                return bids
        actor = next_eligible(state, actor)


def shortcut(bids: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The fewest of the war's bids that still end the auction the same way. The first
    bid stays: every bidding turn before it passes in the war too, so it comes in time
    (later, the passes could end the auction first). Then the buyer's last bid, which
    comes in time because every seat but the leader gets a turn before the card is
    sold; if the buyer made the first bid too, the runner-up's last bid goes between
    (a leader gets no turn until someone raises)."""
    if not bids:
        return []
    first, final = bids[0], bids[-1]
    if first == final:
        return [final]
    if first[0] != final[0]:
        return [first, final]
    runner_up = next(bid for bid in reversed(bids) if bid[0] != final[0])
    return [first, runner_up, final]


def settle(state: GameState, record: Record) -> GameState:
    """The running auction played to its end as `standard` bidders would, shortened
    (`shortcut`): only the bids that decide it are made, everyone else passes. Plays on
    `state` itself, as `play_to` does."""
    auction = state.auction
    assert auction is not None
    card = auction.card
    owed = shortcut(bidding_war(state, record))
    while state.auction is not None and state.auction.card == card and state.phase == "auction":
        actor = state.auction.to_act
        action: Action = PASS
        if owed and actor == owed[0][0]:
            action = Bid(amount=owed.pop(0)[1])
        apply_in_place(state, actor, action)
    return state


def play_to(state: GameState, record: Record, last_turn: int) -> GameState:
    """Every seat plays `standard` until turn `last_turn` has been paid out, or the game
    is over, on `state` itself (a whole copy only the playout holds: `apply_in_place`).
    In later turns than the record's, prices follow the record as it stands
    (the playout adds no reveals to it: a rival keeps to the price it has settled on)."""
    for _ in range(LIMIT * max(1, last_turn - state.turn + 1)):
        if state.phase == "over" or state.turn > last_turn:
            break
        auction = state.auction
        if auction is not None and not auction.offer:
            state = settle(state, record)
            continue
        actor = waiting_on(state)[0]
        apply_in_place(state, actor, standard_action(state, record, actor))
    return state
