"""The shortcuts `strong` takes in its playouts give the answers of the long way, exactly.

Each is only worth having if it changes no decision: a playout begun once per candidate
scores as a playout played from the start, odds read once per price pay what the summed
belief pays, and one reading of a state shared by every bidder gives each bidder's own
values. Compared to the last bit, on states of real games.
"""

import random
from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from ai.fagins_gang import strong as fagin_strong
from ai.fagins_gang.moves import Table
from ai.fagins_gang.standard import standard_action
from ai.fantasy_business import knowledge
from ai.fantasy_business.economy import Outlook
from ai.fantasy_business.pricing import Belief, expected_pay, odds_of
from ai.fantasy_business.specials import expected_incomes
from ai.fantasy_business.standard import standard_action as business_action
from rules.fagins_gang import RULES as FAGIN
from rules.fagins_gang.state import FaginState
from rules.fantasy_business import RULES as BUSINESS
from rules.fantasy_business import deck
from rules.fantasy_business.state import GameState
from rules.rng import COUNTER_BASED, Rng


def fagin_positions(players: int, seed: int, every: int) -> list[tuple[FaginState, int]]:
    """Action turns of a game four `standard` seats play, every `every`-th move."""
    state, _ = FAGIN.setup(players, {}, seed, 0)
    found: list[tuple[FaginState, int]] = []
    moves = 0
    while FAGIN.outcome(state) is None and moves < 400:
        seat = FAGIN.waiting_on(state)[0]
        if state.phase == "actions" and moves % every == 0:
            found.append((state, seat))
        state, _ = FAGIN.apply(state, seat, standard_action(Table(state, seat)))
        moves += 1
    return found


def test_a_playout_begun_once_per_candidate_scores_as_one_played_from_the_start() -> None:
    begun = drawn_at_once = 0
    for players, seed in ((3, 11), (6, 12)):
        for root, seat in fagin_positions(players, seed, every=7):
            for action in fagin_strong.candidates(root, seat):
                prefix = fagin_strong.Prefix(root, seat, action)
                if prefix.state is None:
                    drawn_at_once += 1
                elif prefix.moves < fagin_strong.PLAYOUT_LIMIT * fagin_strong.ROUNDS:
                    begun += 1
                for index in range(2):
                    world = root.clone()
                    world.rng = Rng(seed=1000 * seed + index, version=COUNTER_BASED)
                    after, _ = FAGIN.apply(world, seat, action)
                    assert prefix.play(world, seat, action) == fagin_strong.play_out(after, seat)
    assert begun > 50  # prefixes that made moves before their first draw
    assert drawn_at_once > 0  # candidates that draw themselves (they end a round)


def summed_pay(price: int, rivals: Sequence[Belief], bonus: int, sole_lowest: bool) -> float:
    """The expected pay as it was written before `Odds`: each belief summed per price."""
    all_at_least = all_above = all_at_most = all_equal = 1.0
    for rival in rivals:
        below = sum(p for q, p in rival if q < price)
        equal = sum(p for q, p in rival if q == price)
        above = 1.0 - below - equal
        all_at_least *= equal + above
        all_above *= above
        all_at_most *= below + equal
        all_equal *= equal
    if not rivals:
        return float(price + bonus)
    middle = max(0.0, 1.0 - all_at_least - (all_at_most - all_equal))
    with_bonus = all_above if sole_lowest else all_at_least
    return all_at_least * price + with_bonus * bonus + middle * price


@st.composite
def beliefs(draw: st.DrawFn) -> Belief:
    low = draw(st.integers(1, 6))
    weights = draw(st.lists(st.floats(0.0, 1.0), min_size=1, max_size=13))
    total = sum(weights) or 1.0
    return tuple((low + i, w / total) for i, w in enumerate(weights))


@given(
    rivals=st.lists(beliefs(), max_size=5),
    price=st.integers(0, 22),
    bonus=st.integers(0, 3),
    sole=st.booleans(),
)
def test_odds_pay_what_the_summed_beliefs_pay(
    rivals: list[Belief], price: int, bonus: int, sole: bool
) -> None:
    odds = [odds_of(belief) for belief in rivals]
    assert expected_pay(price, odds, bonus, sole) == summed_pay(price, rivals, bonus, sole)


def business_states() -> list[GameState]:
    """Every state of three Fantasy Business games `standard` seats play."""
    found: list[GameState] = []
    for players, seed in ((3, 5), (5, 6), (6, 7)):
        state, events = BUSINESS.setup(players, {}, seed, None)
        history = [e for e in events if e.public]
        while BUSINESS.outcome(state) is None:
            found.append(state)
            seat = BUSINESS.waiting_on(state)[0]
            record = knowledge.read(history, BUSINESS.view(state, seat))
            state, events = BUSINESS.apply(state, seat, business_action(state, record, seat))
            history += [e for e in events if e.public]
    return found


def test_one_reading_shared_by_every_bidder_gives_each_bidder_its_own_values() -> None:
    chooser = random.Random(3)
    compared = 0
    for state in chooser.sample(business_states(), 150):
        first = Outlook(state, 0)
        for seat in state.seats():
            alone, shared = Outlook(state, seat), first.seen_by(seat)
            assert shared.weights == alone.weights and shared.worths == alone.worths
            for article in deck.articles():
                one_more = alone.relative(alone.article_change(article, {seat: 1}))
                assert shared.owning(article) == one_more
                compared += 1
    assert compared > 1000


def test_incomes_remembered_for_a_decision_are_the_incomes_worked_out_afresh() -> None:
    """One record's memo serves every state a search passes through: the key must tell
    apart all that changes within a turn (sheets, embargoes, warrants, cards moved)."""
    compared = 0
    for players, seed in ((4, 8), (6, 9)):
        state, events = BUSINESS.setup(players, {}, seed, None)
        history = [e for e in events if e.public]
        shared: dict[int, knowledge.Record] = {}
        while BUSINESS.outcome(state) is None:
            if state.phase == "pricing":
                for me in state.seats():
                    record = shared.setdefault(
                        state.turn * 10 + me, knowledge.read(history, BUSINESS.view(state, me))
                    )
                    fresh = knowledge.Record(sheets=record.sheets, played=record.played)
                    remembered = expected_incomes(state, record, me)
                    assert remembered == expected_incomes(state, fresh, me)
                    compared += 1
            seat = BUSINESS.waiting_on(state)[0]
            record = knowledge.read(history, BUSINESS.view(state, seat))
            state, events = BUSINESS.apply(state, seat, business_action(state, record, seat))
            history += [e for e in events if e.public]
    assert compared > 100
