"""Real states that one seat cannot tell apart: the same view, different hidden parts.

Fantasy Business: the specials in the other hands, face down in the centre and in the
draw pile are dealt out again among those places, the draw pile is shuffled, every
rival's unrevealed price is changed, and the game's generator is replaced. Fagin's
Gang: only the generator (the future) is hidden, so it alone changes.
"""

import random

from rules.fagins_gang.state import FaginState
from rules.fantasy_business import RULES as BUSINESS
from rules.fantasy_business import deck
from rules.fantasy_business.pricing import price_range
from rules.fantasy_business.state import GameState
from rules.rng import Rng


def business_twin(state: GameState, seat: int, chooser: random.Random) -> GameState:
    twin = state.model_copy(deep=True)
    slots: list[tuple[str, int, int]] = []
    for other in twin.seats():
        if other != seat:
            slots += [("hand", other, i) for i in range(len(twin.specials[other]))]
    slots += [("centre", 0, i) for i, c in enumerate(twin.centre) if deck.card(c).kind == "special"]
    slots += [
        ("pile", 0, i) for i, c in enumerate(twin.draw_pile) if deck.card(c).kind == "special"
    ]

    def get(slot: tuple[str, int, int]) -> int:
        place, who, i = slot
        if place == "hand":
            return twin.specials[who][i]
        return (twin.centre if place == "centre" else twin.draw_pile)[i]

    cards = [get(slot) for slot in slots]
    chooser.shuffle(cards)
    under_hammer = None
    if twin.auction is not None:
        under_hammer = twin.centre.index(twin.auction.card)
    for (place, who, i), card in zip(slots, cards, strict=True):
        if place == "hand":
            twin.specials[who][i] = card
        else:
            (twin.centre if place == "centre" else twin.draw_pile)[i] = card
    if twin.auction is not None and under_hammer is not None:
        twin.auction.card = twin.centre[under_hammer]
    # A centre card keeps its number: the swapped-in card takes the one it replaced (the
    # places of sold cards hold no card, so a swapped card cannot be found there).
    renamed = dict(zip(state.centre, twin.centre, strict=True))
    twin.dealt = tuple(renamed.get(card, -1) for card in state.dealt)
    chooser.shuffle(twin.draw_pile)
    for other in twin.seats():
        if other == seat:
            continue
        sheet = twin.sheets[other]
        for key in sheet.prices:
            low, high = price_range(twin, key)
            sheet.prices[key] = chooser.choice([p for p in range(low, high + 1)])
    twin.rng = Rng(seed=chooser.randrange(2**40), counter=chooser.randrange(1000))
    assert BUSINESS.view(twin, seat) == BUSINESS.view(state, seat)
    return twin


def fagin_twin(state: FaginState, chooser: random.Random) -> FaginState:
    return state.model_copy(
        update={"rng": Rng(seed=chooser.randrange(2**40), counter=chooser.randrange(1000))}
    )
