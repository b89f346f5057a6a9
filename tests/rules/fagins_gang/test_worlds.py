"""The state behind a view (`worlds.sample_world`): from any reachable state, the world
rebuilt from one seat's view shows every seat exactly what the real state shows it,
holds every cube, shilling and urchin of the real one, and carries the generator it was
given. Handed the real generator it is the real state, field for field, so a state field
the sampler forgets fails here."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.fagins_gang import RULES, FaginState
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.worlds import sample_world
from rules.rng import Rng

from .test_arbitrary_actions import pool
from .test_properties import check_invariants

EXAMPLES = 300


@st.composite
def state_and_seat(draw: st.DrawFn) -> tuple[FaginState, int | None]:
    state = draw(st.sampled_from(pool()))
    seat = draw(st.one_of(st.none(), st.integers(0, state.players - 1)))
    return state, seat


@settings(max_examples=EXAMPLES, deadline=None)
@given(case=state_and_seat(), seed=st.integers(0, 2**63 - 1))
def test_the_world_behind_a_view_shows_every_seat_what_the_real_one_does(
    case: tuple[FaginState, int | None], seed: int
) -> None:
    state, seat = case
    world = sample_world(RULES.view(state, seat), Rng(seed=seed))
    for anyone in [None, *range(state.players)]:
        assert RULES.view(world, anyone) == RULES.view(state, anyone)
    assert world.rng == Rng(seed=seed)


@settings(max_examples=EXAMPLES, deadline=None)
@given(case=state_and_seat())
def test_the_world_holds_every_cube_shilling_and_urchin(
    case: tuple[FaginState, int | None],
) -> None:
    state, seat = case
    world = sample_world(RULES.view(state, seat), Rng(seed=1))
    check_invariants(world)  # each colour's cubes and each seat's urchins, all there
    for colour in BOARD.colour_ring:
        held = [cubes[colour] for cubes in world.cubes]
        assert held == [cubes[colour] for cubes in state.cubes]
    assert world.shillings == state.shillings
    assert sum(world.supply) == sum(state.supply)


def test_with_the_real_generator_the_world_is_the_real_state() -> None:
    """Every state the view does not pin down to a value is rebuilt as play leaves it
    (the turn after Phase 1, the order of `acted`, the final scores)."""
    phases = set()
    for state in pool():
        if state.phase == "over":
            continue
        phases.add(state.phase)
        for seat in range(state.players):
            assert sample_world(RULES.view(state, seat), state.rng) == state
    assert phases == {"actions", "market", "discard"}


def test_a_finished_game_keeps_its_winners_and_scores() -> None:
    finished = [state for state in pool() if state.result is not None]
    assert finished
    for state in finished:
        world = sample_world(RULES.view(state, 0), state.rng)
        assert world.result == state.result
        assert RULES.outcome(world) == RULES.outcome(state)
