"""The rivals' unrevealed prices, as hidden moves the search samples (AI.md, "Simultaneous
pricing").

A sheet handed in before the AI's is exactly as secret as one not yet written, so both
are treated alike: in every determinization each rival's price for each article is drawn
from a model of that rival, never read. The model mixes what the `standard` heuristic
would ask in the rival's place (what most rivals at a table of AIs do), a price drawn
from the rival's own revealed history (`pricing.belief`), and any price in the range.
"""

import random

from ai.fantasy_business.knowledge import Record
from ai.fantasy_business.pricing import belief, choose_price
from rules.fantasy_business.pricing import price_range
from rules.fantasy_business.state import GameState

AS_STANDARD = 0.5
FROM_HISTORY = 0.3
"""The rest of the time a rival's price is anywhere in the range."""


class RivalPrices:
    """One seat's model of the others' prices this turn, built from public facts only."""

    def __init__(self, state: GameState, record: Record, seat: int) -> None:
        self.seat = seat
        self.record = record
        self.predicted = {
            (rival, article): choose_price(state, record, rival, article)
            for rival in state.seats()
            if rival != seat
            for article in state.articles[rival]
        }

    def sample(self, state: GameState, rival: int, article: str, chooser: random.Random) -> int:
        roll = chooser.random()
        predicted = self.predicted.get((rival, article))
        if roll < AS_STANDARD and predicted is not None:
            return predicted
        if roll < AS_STANDARD + FROM_HISTORY:
            pick = chooser.random()
            for price, chance in belief(state, self.record, rival, article):
                pick -= chance
                if pick <= 0:
                    return price
        low, high = price_range(state, article)
        return chooser.randint(low, high)
