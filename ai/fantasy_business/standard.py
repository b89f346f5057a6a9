"""The `standard` Fantasy Business player: one fast heuristic per decision.

Auctions by card value (`bidding`); in phase 2 first the specials that pay
(`specials`), then one price per article against the rivals' revealed prices
(`pricing`), then the sheet is submitted. It reads only what its seat may see: the
public table, its own specials and sheet, and the record of past reveals; it never
looks at another seat's specials or sheet, so it decides the same on every state
dealt from its view. It is also the policy every seat follows in `strong`'s playouts.
"""

import random

from ai.fantasy_business import bidding
from ai.fantasy_business.knowledge import Record
from ai.fantasy_business.pricing import choose_price, mixed_price
from ai.fantasy_business.specials import choose_special
from rules.fantasy_business.actions import Action, SetPrice, Submit
from rules.fantasy_business.pricing import unpriced
from rules.fantasy_business.state import GameState


def pricing_action(
    state: GameState, record: Record, seat: int, mix: random.Random | None = None
) -> Action:
    """Phase 2 without specials: price the next unpriced article, else submit. With `mix`
    (a seat at the table, not a playout), now and then a near-equal price instead."""
    for article in unpriced(state, seat):
        price = choose_price(state, record, seat, article)
        if mix is not None:
            price = mixed_price(state, record, seat, article, price, mix)
        return SetPrice(article=article, price=price)
    return Submit()


def standard_action(
    state: GameState, record: Record, seat: int, mix: random.Random | None = None
) -> Action:
    if state.phase == "auction":
        return bidding.auction_action(state, seat, record.memo)
    if not state.sheets[seat].submitted:
        play = choose_special(state, record, seat)
        if play is not None:
            return play
    return pricing_action(state, record, seat, mix)
