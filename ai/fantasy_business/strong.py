"""The `strong` Fantasy Business player: determinized Monte Carlo search (`ai.search`).

Candidates come from the seat's own knowledge: in an auction, passing or raising by
one (the playout then follows `standard`'s limit); as First Buyer, every centre card
with and without an opening price at its minimum; in phase 2, the specials worth most
and going on without one, then every price in the range. Each determinization deals the
unseen cards anew and samples the rivals' prices (`rivals`); every seat then plays
`standard` to the income of the turn after next (`TURNS_AHEAD`), and the position is
scored by the seat's lead in worth (`economy`) or, at the end, by the result.
"""

import math

from ai import seeds
from ai.budget import Deadline
from ai.fantasy_business import economy, playout
from ai.fantasy_business.determinize import Dealer
from ai.fantasy_business.knowledge import Record
from ai.fantasy_business.rivals import RivalPrices
from ai.fantasy_business.specials import options
from ai.fantasy_business.standard import pricing_action, standard_action
from ai.search import sequential_halving
from rules.fantasy_business import deck
from rules.fantasy_business.actions import Action, Auction, Bid, Pass, PlaySpecial, SetPrice
from rules.fantasy_business.game import apply_in_place
from rules.fantasy_business.pricing import price_range, unpriced
from rules.fantasy_business.scoring import scores, winners
from rules.fantasy_business.state import GameState

SCALE = 10.0
SCALE_SHARE = 0.2
"""A lead of SCALE gold plus SCALE_SHARE of the average worth scores about 0.73
(logistic): early, when one card is worth a hundred gold of future income, leads are
large."""
SPECIALS = 4
"""How many of the best special plays are searched."""
TURNS_AHEAD = 2
"""Turns a playout plays past the one the decision is in, to the income of the turn
after next. Stopping at the end of the decision's phase left the position to the worth
estimate too soon: strong won about 0.64 of its games against `standard`; one turn
further 0.74, two turns 0.8 (100 and 40 games on fresh seeds), still deciding in a
fraction of a second."""
RESULT = 0.75
"""At the end of the game a win counts this much of the score, the final lead the rest."""


def bid_candidates(state: GameState, seat: int) -> list[Action]:
    auction = state.auction
    assert auction is not None
    minimum = deck.minimum_bid(auction.card)
    gold = state.gold[seat]
    if auction.offer:
        return [Bid(amount=minimum), Pass()] if minimum <= gold else [Pass()]
    wanted = minimum if auction.price is None else max(minimum, auction.price + 1)
    found: list[Action] = [Pass()]
    if wanted <= gold:
        found.append(Bid(amount=wanted))
    return found


def designations(state: GameState, seat: int) -> list[Action]:
    found: list[Action] = []
    for index, card_id in enumerate(state.centre):
        found.append(Auction(card=index))
        minimum = deck.minimum_bid(card_id)
        if not state.acquired[seat] and minimum <= state.gold[seat]:
            found.append(Auction(card=index, price=minimum))
    return found


def price_candidates(state: GameState, article: str) -> list[Action]:
    low, high = price_range(state, article)
    return [SetPrice(article=article, price=p) for p in range(low, high + 1)]


def candidates(state: GameState, record: Record, seat: int) -> list[Action]:
    """What the search compares, the `standard` choice first (it wins ties)."""
    found: list[Action] = [standard_action(state, record, seat)]
    if state.phase == "auction":
        if state.auction is None:
            found += designations(state, seat)
        else:
            found += bid_candidates(state, seat)
    elif not state.sheets[seat].submitted:
        plays = sorted(options(state, record, seat), key=lambda o: -o[0])
        specials: list[PlaySpecial] = [play for _, play in plays[:SPECIALS]]
        if specials:
            found += [*specials, pricing_action(state, record, seat)]
        elif unpriced(state, seat):
            found += price_candidates(state, unpriced(state, seat)[0])
    elif unpriced(state, seat):
        found += price_candidates(state, unpriced(state, seat)[0])
    unique: list[Action] = []
    for action in found:
        if action not in unique:
            unique.append(action)
    return unique


def reward(state: GameState, seat: int) -> float:
    """The position for `seat` in [0, 1]: its lead in worth, or the result at the end."""
    if state.phase == "over":
        final = scores(state)
        ahead = final[seat] - max(s for other, s in enumerate(final) if other != seat)
        won = winners(state)
        share = 1.0 / len(won) if seat in won else 0.0
        return RESULT * share + (1 - RESULT) * _logistic(ahead)
    worths = economy.worths(state)
    lead = worths[seat] - max(w for s, w in enumerate(worths) if s != seat)
    return _logistic(lead, SCALE + SCALE_SHARE * max(0.0, sum(worths) / len(worths)))


def _logistic(lead: float, scale: float = SCALE) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead / scale))))


def search(
    dealer: Dealer, record: Record, root: GameState, seed: int, deadline: Deadline
) -> Action:
    seat = dealer.seat
    moves = candidates(root, record, seat)
    rivals = RivalPrices(root, record, seat) if root.phase == "pricing" else None

    def sample(index: int) -> GameState:
        chooser = seeds.generator(seed, "world", index)
        model = None if rivals is None else rivals.sample
        return dealer.deal(chooser, seeds.derive(seed, "future", index), model)

    def play(world: GameState, action: Action) -> float:
        after = world.clone(whole=True)  # the world is every candidate's: play on a copy
        apply_in_place(after, seat, action)
        return reward(playout.play_to(after, record, root.turn + TURNS_AHEAD), seat)

    return sequential_halving(moves, sample, play, deadline)
