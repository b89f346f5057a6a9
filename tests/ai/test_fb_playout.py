"""Fantasy Business playouts: a shortened auction ends exactly as the long one would.

`strong` settles an auction among `standard` bidders by arithmetic and plays only the
bids that decide it; the state after must be the very state the bid-by-one war reaches.
"""

import random

from ai.fantasy_business import knowledge
from ai.fantasy_business.playout import settle
from ai.fantasy_business.standard import standard_action
from rules.fantasy_business import RULES
from rules.fantasy_business.state import GameState


def bid_by_bid(state: GameState, record: knowledge.Record) -> GameState:
    assert state.auction is not None
    card = state.auction.card
    while state.auction is not None and state.auction.card == card and state.phase == "auction":
        actor = state.auction.to_act
        state, _ = RULES.apply(state, actor, standard_action(state, record, actor))
    return state


def test_a_settled_auction_ends_where_the_bidding_war_ends() -> None:
    settled = 0
    for seed in range(6):
        players = 3 + seed
        chooser = random.Random(seed)
        state, events = RULES.setup(players, {}, seed, None)
        history = [e for e in events if e.public]
        while RULES.outcome(state) is None:
            auction = state.auction
            if auction is not None and not auction.offer:
                record = knowledge.read(history, RULES.view(state, 0))
                assert settle(state.clone(whole=True), record) == bid_by_bid(state, record)
                settled += 1
            seat = RULES.waiting_on(state)[0]
            legal = [a for a in RULES.legal_actions(state, seat) if a.type != "give"]
            state, events = RULES.apply(state, seat, chooser.choice(legal))
            history += [e for e in events if e.public]
    assert settled > 300
