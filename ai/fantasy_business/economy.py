"""What holdings are worth: the income model shared by every Fantasy Business heuristic.

A card pays every turn until the end and then scores its base value. What it pays
depends on who else owns the article: a sole owner asks double the base and still gets
the lowest-price bonus; rivals undercut each other towards the bottom of the range
(against the price sheets the AIs actually meet, that is where the prices settle, see
`pricing`). So an article card is worth its base value plus its expected income for the
turns left, and a buyer who joins a rival's article also takes that rival's monopoly
away: the evaluation is relative (mine minus theirs), which is what winning needs.
"""

from functools import cache

from rules.fantasy_business import deck
from rules.fantasy_business.state import GameState, Options

FUTURE = 0.9
"""Each later turn's income counts this much less than the one before: cards can still
be stolen or burnt, and rivals can still join an article."""
SPECIAL_VALUE = 5.0
"""A face-down special in hand, in gold: a Subsidy is 4, a well-aimed Thief far more."""
STRANDED = 8.0
"""What a seat with no gold and no article loses per turn left: it can never bid again."""
ABOVE_FLOOR = 0.15
"""Where rivals' prices settle, as a share of the range above its bottom."""
LEADER = 0.5
"""How much the leading rival's gains count against a seat, on top of an even share
of another half spread over all rivals."""


def card_income(article: str, owners: int, options: Options) -> float:
    """Expected income of one card of `article` in one turn when `owners` seats own it."""
    return _income(article, owners, options.low_prices, options.sole_lowest_bonus)


@cache
def _income(article: str, owners: int, low_prices: bool, sole_lowest_bonus: bool) -> float:
    d = deck.data()
    base = deck.article(article).base
    low = d.low_prices_floor if low_prices else base
    high = base * d.price_ceiling_factor
    bonus = d.lowest_price_bonus
    if owners <= 1:
        return float(high + bonus)
    shared_bonus = 0 if sole_lowest_bonus else bonus
    return float(low + shared_bonus) + ABOVE_FLOOR * (high - low)


@cache
def annuity(turns: int) -> float:
    """The weight of an income paid for `turns` more turns, later ones discounted."""
    return sum(FUTURE**i for i in range(turns))


def card_worth(article: str, owners: int, incomes: int, options: Options) -> float:
    """One card's worth to its owner: base value plus discounted future income (kept by
    the variants' flags: looking a pydantic model up costs more than the sum)."""
    return _worth(article, owners, incomes, options.low_prices, options.sole_lowest_bonus)


@cache
def _worth(article: str, owners: int, incomes: int, low_prices: bool, sole: bool) -> float:
    income = _income(article, owners, low_prices, sole)
    return deck.article(article).base + income * annuity(incomes)


def incomes_left(state: GameState) -> int:
    """Income payments still to come: this turn's too, until its sheets are revealed."""
    if state.phase == "over":
        return 0
    return state.total_turns - state.turn + 1


def owner_counts(state: GameState) -> dict[str, int]:
    """Article -> how many seats own at least one card of it."""
    counts: dict[str, int] = {}
    for held in state.articles:
        for article in held:
            counts[article] = counts.get(article, 0) + 1
    return counts


def worths(state: GameState, counts: dict[str, int] | None = None) -> list[float]:
    """Every seat's position in gold: gold, article cards, and specials still to play
    (`counts`: the state's `owner_counts`, when the caller has them)."""
    if counts is None:
        counts = owner_counts(state)
    incomes = incomes_left(state)
    options = state.options
    worth = {
        article: card_worth(article, owners, incomes, options) for article, owners in counts.items()
    }
    result = []
    for seat in state.seats():
        total = float(state.gold[seat])
        for article, count in state.articles[seat].items():
            total += count * worth[article]
        if state.phase != "over":
            total += SPECIAL_VALUE * len(state.specials[seat])
            if state.gold[seat] == 0 and not state.articles[seat]:
                total -= STRANDED * annuity(incomes)
        result.append(total)
    return result


class Outlook:
    """One seat's reading of a state: everyone's worth, and how much each rival's gain
    counts against the seat (most for the leading rival). Built once per decision; other
    seats' readings of the same state share its worths (`seen_by`)."""

    def __init__(self, state: GameState, seat: int, reading: "Outlook | None" = None) -> None:
        self.state = state
        self.seat = seat
        if reading is None:
            self.counts = owner_counts(state)
            self.incomes = incomes_left(state)
            self.worths = worths(state, self.counts)
        else:
            self.counts, self.incomes, self.worths = reading.counts, reading.incomes, reading.worths
        others = [s for s in state.seats() if s != seat]
        leader = max(others, key=lambda s: (self.worths[s], -s))
        share = (1 - LEADER) / len(others)
        self.weights = [
            0.0 if s == seat else share + (LEADER if s == leader else 0.0) for s in state.seats()
        ]

    def seen_by(self, seat: int) -> "Outlook":
        """The same state read by another seat (the worths are everyone's alike: only
        who counts as the leading rival differs)."""
        return Outlook(self.state, seat, self)

    def relative(self, changes: list[float]) -> float:
        """A change of every seat's worth, seen by the seat: its gain minus its rivals'."""
        own = changes[self.seat]
        return own - sum(w * c for w, c in zip(self.weights, changes, strict=True))

    def article_change(self, article: str, moves: dict[int, int]) -> list[float]:
        """How every seat's worth changes when article cards move (seat -> cards gained,
        or lost if negative); rivals feel it through the change in the number of owners."""
        state = self.state
        before = [held.get(article, 0) for held in state.articles]
        after = [count + moves.get(seat, 0) for seat, count in enumerate(before)]
        old_owners = self.counts.get(article, 0)
        new_owners = sum(1 for n in after if n > 0)
        old = card_worth(article, old_owners, self.incomes, state.options)
        new = card_worth(article, new_owners, self.incomes, state.options)
        return [after[s] * new - before[s] * old for s in range(state.players)]

    def owning(self, article: str) -> float:
        """`relative(article_change(article, {seat: 1}))` in one pass, the same sums in
        the same order: what one more card of the article is worth to the seat, asked
        for every centre card by every bidder of every auction of a search."""
        state, seat = self.state, self.seat
        old_owners = self.counts.get(article, 0)
        new_owners = old_owners if state.articles[seat].get(article, 0) > 0 else old_owners + 1
        old = card_worth(article, old_owners, self.incomes, state.options)
        new = card_worth(article, new_owners, self.incomes, state.options)
        own = 0.0
        weighed: float = 0
        for s, (held, weight) in enumerate(zip(state.articles, self.weights, strict=True)):
            before = held.get(article, 0)
            if s == seat:
                own = (before + 1) * new - before * old
                weighed += weight * own
            else:
                weighed += weight * (before * new - before * old)
        return own - weighed

    def lead(self) -> float:
        """How far ahead of the best rival the seat stands (negative when behind)."""
        mine = self.worths[self.seat]
        return mine - max(w for s, w in enumerate(self.worths) if s != self.seat)
