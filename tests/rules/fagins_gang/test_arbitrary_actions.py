"""The core is the authority: any action at all, from any reachable state, is either
refused with a `RuleError` that changes nothing, or accepted with every invariant intact.

Stored logs are replayed through `apply`, and AI players and imports build actions
directly, so the actions here are built from the action models with arbitrary field
values: negative, huge, empty, unknown names, out-of-range seats. The states come from a
pool reached by random legal play (built once per test run, so examples stay cheap).
"""

import random
from functools import cache

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.fagins_gang import RULES, FaginState
from rules.fagins_gang.actions import (
    Action,
    Buy,
    Discard,
    ExchangeSlot,
    MarketPass,
    Move,
    MoveStep,
    OpenMarket,
    Sell,
    Shillings,
    Skip,
    Steal,
    StealSlot,
    parse_action,
)
from rules.fagins_gang.board import BOARD
from tests.rules.action_mutations import (
    NUMBERS,
    WEIRD_TEXT,
    build_or_none,
    mutate,
    one_of_each_type,
)

from .test_properties import check_invariants

EXAMPLES = 3000

# -- reachable states ---------------------------------------------------------------------


def _random_play(players: int, seed: int, steps: int, every: int) -> list[FaginState]:
    chooser = random.Random(seed)
    options = {"round_limit": 12, "fagin_target": chooser.randint(2, 3)}
    state, _ = RULES.setup(players, options, seed, None)
    found = [state]
    for step in range(steps):
        if RULES.outcome(state) is not None:
            break
        seat = chooser.choice(RULES.waiting_on(state))
        actions = RULES.legal_actions(state, seat)
        if state.phase == "actions" and chooser.random() < 0.85:
            # Markets run many turns; open one now and then so most states are in Phase 1.
            actions = [a for a in actions if not isinstance(a, OpenMarket)]
        keen = 0.8 if state.phase == "actions" else 0.3
        pick = actions[1:] if len(actions) > 1 and chooser.random() < keen else actions
        state, _ = RULES.apply(state, seat, chooser.choice(pick))
        if step % every == 0:
            found.append(state)
    found.append(state)
    return found


def _over_the_hand_limit(players: int, seed: int) -> FaginState:
    """Seat 0 has taken whole warehouses, so the round ends waiting for its discard."""
    state, _ = RULES.setup(players, {}, seed, 0)
    for colour in BOARD.colour_ring[:4]:
        taken = state.warehouses[colour]
        state.warehouses[colour] = 0
        state.cubes[0][colour] += taken
    for seat in range(players):
        state, _ = RULES.apply(state, seat, Skip())
    assert state.phase == "discard", state.phase
    return state


@cache
def pool() -> tuple[FaginState, ...]:
    states: list[FaginState] = []
    for index, players in enumerate([2, 3, 4, 5, 6, 2, 3, 4, 5, 6]):
        states += _random_play(players, 1000 + index, 400, 2)
    states += [_over_the_hand_limit(players, 50 + players) for players in (2, 3, 6)]
    return tuple(states)


def test_the_pool_reaches_every_phase() -> None:
    assert {state.phase for state in pool()} == {"actions", "market", "discard", "over"}


# -- arbitrary actions --------------------------------------------------------------------

LOCATIONS = st.one_of(st.sampled_from(BOARD.ring), WEIRD_TEXT)
COLOURS = st.one_of(st.sampled_from(BOARD.colour_ring), WEIRD_TEXT)
SEATS = st.one_of(st.none(), st.integers(-2, 8))
"""None: a seat the state waits on, so many actions come from someone who may act."""

STEPS = st.builds(
    MoveStep,
    location=LOCATIONS,
    kind=st.sampled_from(["move", "enter", "leave", "fagin"]),
    direction=st.sampled_from([None, "up", "down"]),
    levels=NUMBERS,
    side=st.sampled_from([None, "top", "bottom"]),
)
SLOTS = st.one_of(
    st.builds(StealSlot, location=LOCATIONS, colours=st.lists(COLOURS, max_size=5)),
    st.builds(ExchangeSlot, give=st.lists(COLOURS, max_size=5), take=COLOURS),
)
ACTIONS: st.SearchStrategy[Action] = st.one_of(
    st.builds(Move, steps=st.lists(STEPS, max_size=4)),
    st.builds(Steal, slots=st.lists(SLOTS, max_size=4)),
    st.builds(Shillings, locations=st.lists(LOCATIONS, max_size=4)),
    st.builds(Buy, colours=st.lists(COLOURS, max_size=3)),
    st.builds(Sell, colours=st.lists(COLOURS, max_size=3)),
    st.builds(Discard, cubes=st.dictionaries(COLOURS, NUMBERS, max_size=7)),
    st.just(OpenMarket()),
    st.just(MarketPass()),
    st.just(Skip()),
)


FIXED = frozenset({"type", "kind", "direction", "side"})
"""Literal fields: the models themselves refuse other values."""


@cache
def _legal(index: int) -> tuple[int, tuple[Action, ...]]:
    state = pool()[index]
    waiting = RULES.waiting_on(state)
    seat = waiting[0] if waiting else 0
    return seat, tuple(RULES.legal_actions(state, seat))


@st.composite
def near_legal(draw: st.DrawFn, index: int) -> tuple[int, Action]:
    """A legal action of the seat the state waits on, with one field made arbitrary."""
    seat, legal = _legal(index)
    if not legal:
        return seat, Skip()
    dumped = one_of_each_type(draw, legal).model_dump()
    changed = mutate(draw, dumped, FIXED, st.one_of(LOCATIONS, COLOURS))
    action = build_or_none(parse_action, changed)
    assume(action is not None)
    return seat, action


@st.composite
def seat_and_action(draw: st.DrawFn) -> tuple[FaginState, int, Action]:
    index = draw(st.integers(0, len(pool()) - 1))
    state = pool()[index]
    if draw(st.booleans()):
        seat, action = draw(near_legal(index))
        return state, seat, action
    seat = draw(SEATS)
    if seat is None:
        seat = (RULES.waiting_on(state) or [0])[0]
    return state, seat, draw(ACTIONS)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(case=seat_and_action())
def test_any_action_is_refused_without_a_trace_or_accepted_with_the_invariants_intact(
    case: tuple[FaginState, int, Action],
) -> None:
    state, seat, action = case
    before = RULES.dump_state(state)
    try:
        after, events = RULES.apply(state, seat, action)
    except RuleError as error:
        event("refused")
        assert error.message.strip(), "a refusal says why"
        assert RULES.dump_state(state) == before, "a refused action changed the state"
        return
    event(f"accepted {action.type}")
    assert RULES.dump_state(state) == before, "apply changed its input"
    check_invariants(after)
    assert 0 <= after.turn < after.players and 0 <= after.first_player < after.players
    assert all(n > 0 for n in after.pending_discards.values())
    if after.market is not None:
        assert after.phase == "market" and after.market.current in after.market.order
    for happened in events:
        assert happened.public
        paid = happened.data.get("paid", {})
        assert all(n > 0 for n in paid.values()), f"a payment of nothing or less: {happened.text}"
