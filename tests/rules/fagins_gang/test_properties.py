"""Random legal games for 2-6 players: invariants hold, games end, replays are exact."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.fagins_gang import RULES, FaginState
from rules.fagins_gang.board import BOARD

MAX_STEPS = 3000


def check_invariants(state: FaginState) -> None:
    size = BOARD.warehouse_size(state.players)
    for colour in BOARD.colour_ring:
        held = sum(cubes[colour] for cubes in state.cubes)
        assert state.warehouses[colour] + state.stalls[colour] + held == size
        assert state.warehouses[colour] >= 0
        assert 0 <= state.stalls[colour] <= BOARD.stall_size
        assert all(cubes[colour] >= 0 for cubes in state.cubes)
    assert all(s >= 0 for s in state.shillings)
    for seat in range(state.players):
        placed = sum(1 for spots in state.urchins.values() if seat in spots)
        assert state.supply[seat] + placed == BOARD.urchins
    for key, spots in state.urchins.items():
        constable = state.constables[key]
        assert 0 <= constable.level <= 7
        levels = [spot for spot in spots.values() if isinstance(spot, int)]
        assert len(levels) == len(set(levels)), f"two urchins share a level at {key}"
        assert all(0 <= lvl <= 7 for lvl in levels)
        assert constable.level not in levels
    assert RULES.load_state(RULES.dump_state(state)) == state


def play(
    players: int, seed: int, chooser: random.Random, options: dict[str, int]
) -> tuple[FaginState, list[tuple[int, dict[str, object]]]]:
    state, _ = RULES.setup(players, options, seed, None)
    log: list[tuple[int, dict[str, object]]] = []
    for _ in range(MAX_STEPS):
        if RULES.outcome(state) is not None:
            break
        seat = chooser.choice(RULES.waiting_on(state))
        actions = RULES.legal_actions(state, seat)
        assert actions[0] == RULES.default_action(state, seat)
        # Mostly act rather than skip, but leave the market soon, so games move on.
        keen = 0.8 if state.phase == "actions" else 0.5
        action = chooser.choice(
            actions[1:] if len(actions) > 1 and chooser.random() < keen else actions
        )
        state, events = RULES.apply(state, seat, action)
        assert all(event.public for event in events)
        log.append((seat, action.model_dump()))
        check_invariants(state)
    return state, log


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**31),
    choices=st.integers(min_value=0, max_value=2**31),
    round_limit=st.integers(min_value=1, max_value=8),
    fagin_target=st.integers(min_value=1, max_value=3),
)
def test_random_games_keep_the_invariants_end_and_replay_exactly(
    players: int, seed: int, choices: int, round_limit: int, fagin_target: int
) -> None:
    options = {"round_limit": round_limit, "fagin_target": fagin_target}
    final, log = play(players, seed, random.Random(choices), options)
    outcome = RULES.outcome(final)
    assert outcome is not None, "the game did not end"
    assert final.round <= round_limit
    assert RULES.waiting_on(final) == []

    replayed, _ = RULES.setup(players, options, seed, None)
    for seat, data in log:
        replayed, _ = RULES.apply(replayed, seat, RULES.parse_action(data))
    assert RULES.dump_state(replayed) == RULES.dump_state(final)


@settings(max_examples=8, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**31),
    choices=st.integers(min_value=0, max_value=2**31),
)
def test_every_listed_legal_action_is_accepted(players: int, seed: int, choices: int) -> None:
    chooser = random.Random(choices)
    state, _ = RULES.setup(players, {"round_limit": 3}, seed, None)
    for _ in range(150):
        if RULES.outcome(state) is not None:
            break
        seat = chooser.choice(RULES.waiting_on(state))
        actions = RULES.legal_actions(state, seat)
        for action in actions:
            RULES.apply(state, seat, action)  # raises if a listed action is refused
        state, _ = RULES.apply(state, seat, chooser.choice(actions))


@settings(max_examples=6, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**31),
    choices=st.integers(min_value=0, max_value=2**31),
)
def test_apply_leaves_its_input_untouched_and_its_copy_is_exact(
    players: int, seed: int, choices: int
) -> None:
    chooser = random.Random(choices)
    state, _ = RULES.setup(players, {"round_limit": 4}, seed, None)
    while RULES.outcome(state) is None:
        copy = state.clone()
        assert copy == state
        assert copy.model_dump_json() == state.model_dump_json()
        seat = chooser.choice(RULES.waiting_on(state))
        before = state.model_dump_json()
        actions = RULES.legal_actions(state, seat)
        for action in actions:
            RULES.apply(state, seat, action)
            assert state.model_dump_json() == before
        after, _ = RULES.apply(state, seat, chooser.choice(actions))
        assert state.model_dump_json() == before
        assert after is not state
        state = after
