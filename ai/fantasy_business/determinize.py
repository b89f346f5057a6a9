"""A whole game state consistent with one seat's view, dealt with the AI's own generator
and its model of the rivals' prices.

The rules know how a state is built from a view (`rules.fantasy_business.worlds`); what
the AI adds is what it remembers and believes: the specials played face up since the
last reshuffle (from the public history, `knowledge.Record`), which lie in the discard
pile and so are not dealt to anyone, and a price model for the rivals' unrevealed
sheets (the search samples them, `ai.fantasy_business.rivals`), whether or not a rival
has submitted, so nothing the AI submits depends on sheets handed in before it.
"""

import random
from collections.abc import Callable

from ai.fantasy_business.knowledge import Record
from rules.fantasy_business.state import GameState
from rules.fantasy_business.views import FantasyBusinessView
from rules.fantasy_business.worlds import Worlds
from rules.rng import Rng

PriceModel = Callable[[GameState, int, str, random.Random], int]
"""A rival's price for an article in a dealt state: (state, rival, article, generator)."""


class Dealer:
    """Deals the unseen cards of one seat's information set, again and again."""

    def __init__(self, view: FantasyBusinessView, record: Record) -> None:
        if view.you is None:
            raise ValueError("An AI decides for a seat: pass the seat's own view.")
        self.worlds = Worlds(view, record.played)
        self.seat = self.worlds.seat

    def deal(
        self, chooser: random.Random | None, rng_seed: int, prices: PriceModel | None = None
    ) -> GameState:
        """One state the seat cannot tell from the real one; `rng_seed` seeds its future
        and `prices` writes the rivals' sheets (only the submitted ones without it).
        Without a generator the unseen cards are dealt in order, not shuffled: enough for
        a player that reads only what its seat sees, and cheaper (and then the model is
        not asked either)."""
        if prices is None or chooser is None:
            return self.worlds.sample(chooser, Rng(seed=rng_seed))
        model, drawn_by = prices, chooser

        def hidden(state: GameState, rival: int, article: str) -> int:
            return model(state, rival, article, drawn_by)

        return self.worlds.sample(chooser, Rng(seed=rng_seed), hidden)
