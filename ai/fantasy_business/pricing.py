"""Choosing a selling price against what the rivals are likely to ask (spec §3.2, §3.3).

Nobody sees a rival's sheet before the reveal, so a price is a bet on a distribution: a
belief about each rival's price for the article, built from the prices that rival
revealed before (recent turns count more; prices for other articles count at the same
place in their range), mixed with an even spread over the whole range so that no price
is ever ruled out. The expected pay of each price then follows from the income rule in
closed form, and the best one wins (the higher price on a tie).
"""

import random
from collections.abc import Sequence
from functools import cache

from ai.fantasy_business.convention import focal, habits
from ai.fantasy_business.knowledge import Record
from rules.fantasy_business import deck
from rules.fantasy_business.pricing import price_range
from rules.fantasy_business.state import GameState

Belief = tuple[tuple[int, float], ...]
"""(price, probability) over a whole price range, cheapest first."""
Odds = dict[int, tuple[float, float]]
"""A belief as the income rule reads it: price -> (the chance the rival asks less, the
chance it asks exactly that). Read once per price where the belief would be summed over
for each of them (every price of a range, for every rival, at every best reply)."""

RECENT = 0.5
"""A revealed price counts this much less for every turn it is older."""
SPREAD = 0.25
"""Share of a belief spread evenly over the range, however sure the history looks."""
MIX = 0.25
"""How often `standard` asks another price that pays nearly as well as its best reply."""
NEARLY = 0.85
"""A price pays nearly as well when it is expected to pay this share of the best."""


@cache
def even(low: int, high: int) -> Belief:
    share = 1.0 / (high - low + 1)
    return tuple((price, share) for price in range(low, high + 1))


def belief(state: GameState, record: Record, rival: int, article: str) -> Belief:
    """How likely each price is for `rival`'s `article` this turn: the focal price the
    owners settle on (`convention`) moved by the rival's habits around it on this
    article (keeping to it, undercutting it, holding above it), else a price from its
    own history."""
    owners = tuple(s for s in state.seats() if state.articles[s].get(article, 0) > 0)
    key = (rival, article, state.turn, state.options.low_prices, owners)
    found = record.memo.beliefs.get(key)
    if found is None:
        found = record.memo.beliefs[key] = _with_focal(state, record, rival, article)
    return found


def odds(
    state: GameState, record: Record, rival: int, article: str, owners: tuple[int, ...]
) -> Odds:
    """`belief` as `Odds`, kept with it (`owners`: the seats owning the article, which
    the belief's key holds)."""
    key = (rival, article, state.turn, state.options.low_prices, owners)
    found = record.memo.odds.get(key)
    if found is None:
        found = record.memo.odds[key] = odds_of(belief(state, record, rival, article))
    return found


def odds_of(belief: Belief) -> Odds:
    """The chances below and at each price, added up cheapest first (as a sum over the
    belief would add them, so every pay comes out the same to the last bit)."""
    found: Odds = {}
    below = 0.0
    for price, chance in belief:
        found[price] = (below, chance)
        below += chance
    return found


def _with_focal(state: GameState, record: Record, rival: int, article: str) -> Belief:
    low, high = price_range(state, article)
    settled = focal(state, record.sheets, article)
    at: dict[int, float] = {}
    for offset, share in habits(state, record, rival, article):
        price = min(high, max(low, settled + offset))
        at[price] = at.get(price, 0.0) + share
    rest = max(0.0, 1.0 - sum(at.values()))
    return tuple(
        (price, rest * chance + at.get(price, 0.0))
        for price, chance in _belief(state, record, rival, article)
    )


def _belief(state: GameState, record: Record, rival: int, article: str) -> Belief:
    low, high = price_range(state, article)
    weights = dict.fromkeys(range(low, high + 1), 0.0)
    exact = record.prices(rival, article)
    seen: list[tuple[int, int]] = exact
    if not exact:
        seen = []
        for turn, other, price in record.seat_prices(rival):
            o_low, o_high = price_range(state, other)
            place = (price - o_low) / max(1, o_high - o_low)
            seen.append((turn, round(low + place * (high - low))))
    for turn, price in seen:
        if low <= price <= high:
            weights[price] += RECENT ** max(0, state.turn - 1 - turn)
    total = sum(weights.values())
    if total == 0:
        return even(low, high)
    spread = SPREAD / (high - low + 1)
    return tuple((p, (1 - SPREAD) * w / total + spread) for p, w in weights.items())


def expected_pay(price: int, rivals: Sequence[Odds], bonus: int, sole_lowest: bool) -> float:
    """Expected gold per card at `price` when each rival's price follows its belief."""
    all_at_least = 1.0
    all_above = 1.0
    all_at_most = 1.0
    all_equal = 1.0
    for rival in rivals:
        below, equal = rival.get(price) or _outside(rival, price)
        above = 1.0 - below - equal
        all_at_least *= equal + above
        all_above *= above
        all_at_most *= below + equal
        all_equal *= equal
    if not rivals:
        return float(price + bonus)
    lowest = all_at_least
    highest_only = all_at_most - all_equal
    middle = max(0.0, 1.0 - lowest - highest_only)
    with_bonus = all_above if sole_lowest else lowest
    return lowest * price + with_bonus * bonus + middle * price


def _outside(rival: Odds, price: int) -> tuple[float, float]:
    """The chances for a price outside the belief's range: all of it above, or below."""
    if price < min(rival):
        return 0.0, 0.0
    below, equal = rival[max(rival)]
    return below + equal, 0.0


def best_price(state: GameState, seat: int, article: str, rivals: Sequence[Odds]) -> int:
    """The price with the best expected pay against the rivals' beliefs."""
    low, high = price_range(state, article)
    if article in state.played.embargoes or warranted(state, seat, article):
        return high
    bonus = deck.data().lowest_price_bonus
    sole = state.options.sole_lowest_bonus
    best, best_pay = high, -1.0
    for price in range(high, low - 1, -1):
        pay = expected_pay(price, rivals, bonus, sole)
        if pay > best_pay + 1e-9:
            best, best_pay = price, pay
    return best


def warranted(state: GameState, seat: int, article: str) -> bool:
    """Whether the seat played a Royal Warrant on the article this turn (it is then paid
    its price + 2 whatever the others ask, so the top of the range is its price)."""
    return any(w.seat == seat and w.article == article for w in state.played.warrants)


def rival_odds(state: GameState, record: Record, seat: int, article: str) -> list[Odds]:
    """The odds of every other owner of the article, in seat order."""
    owners = tuple(s for s in state.seats() if state.articles[s].get(article, 0) > 0)
    return [odds(state, record, other, article, owners) for other in owners if other != seat]


def choose_price(state: GameState, record: Record, seat: int, article: str) -> int:
    """The standard price: the best reply to what the rivals are likely to ask now,
    given the price the owners have settled on and their own histories."""
    played = state.played
    key = (
        seat,
        article,
        state.turn,
        tuple(s for s in state.seats() if state.articles[s].get(article, 0) > 0),
        article in played.embargoes,
        warranted(state, seat, article),
        state.options,
    )
    found = record.memo.prices.get(key)
    if found is None and article in played.embargoes:
        # Nobody is paid for it this turn: keep to the settled price, so the price
        # does not jump to the top and back for nothing.
        found = record.memo.prices[key] = focal(state, record.sheets, article)
    if found is None:
        rivals = rival_odds(state, record, seat, article)
        found = record.memo.prices[key] = best_price(state, seat, article, rivals)
    return found


def undercuts(state: GameState, record: Record, rival: int, article: str) -> bool:
    """Whether the rival's revealed prices for the article sit below the settled price
    more often than at it (`convention.habits`, built from the public reveals alone)."""
    shares = habits(state, record, rival, article)
    return sum(share for offset, share in shares if offset < 0) > dict(shares).get(0, 0.0)


def mixed_price(
    state: GameState, record: Record, seat: int, article: str, best: int, mix: random.Random
) -> int:
    """`best`, or now and then (`MIX`, drawn from the seat's own generator) another
    price expected to pay nearly as much (`NEARLY`) against the same rivals, when a
    co-owner undercuts (`undercuts`). Against such a rival a rule that always gives the
    same answer to the same public table can be worked out by a person and undercut
    again; a mix among near-equal prices costs little and cannot be read. Where the
    owners hold a price together nothing is mixed: a price below it would leave them
    nothing, and then they undercut back. A sole owner, an Embargo and a Royal Warrant
    keep the one right price."""
    owners = [s for s in state.seats() if s != seat and state.articles[s].get(article, 0) > 0]
    if not owners or article in state.played.embargoes or warranted(state, seat, article):
        return best
    if not any(undercuts(state, record, s, article) for s in owners) or mix.random() >= MIX:
        return best
    rivals = rival_odds(state, record, seat, article)
    low, high = price_range(state, article)
    bonus = deck.data().lowest_price_bonus
    sole = state.options.sole_lowest_bonus
    pays = {price: expected_pay(price, rivals, bonus, sole) for price in range(low, high + 1)}
    near = [p for p, pay in pays.items() if p != best and pay >= NEARLY * pays[best]]
    return mix.choice(near) if near else best
