"""Fagin's Gang: the state an AI rebuilds from its view, and its own move generator.

The view shows everything present, so a rebuilt state must look exactly like the real
one to every seat, with only the generator replaced. The generator's options must all be
accepted by `apply`, and where an option predicts the seat's standing (moves, entries,
Fagin, bumps, shilling thefts), the prediction must be exactly what `apply` does.
"""

import random

import pytest

from ai.fagins_gang.moves import Table
from ai.fagins_gang.race import standing
from ai.fagins_gang.standard import action_options, standard_action
from rules.fagins_gang import RULES, FaginState
from rules.fagins_gang.actions import Move, Shillings, Skip, Steal
from rules.fagins_gang.worlds import sample_world
from rules.rng import Rng

from .tables import play


def random_positions(players: int, seed: int, moves: int) -> list[FaginState]:
    """Positions of a game where every seat acts at random, mostly not skipping."""
    chooser = random.Random(seed)
    state, _ = RULES.setup(players, {"round_limit": 30}, seed, None)
    seen = []
    for _ in range(moves):
        if RULES.outcome(state) is not None:
            break
        seen.append(state)
        seat = RULES.waiting_on(state)[0]
        legal = list(RULES.legal_actions(state, seat))
        action = chooser.choice(legal[1:] if len(legal) > 1 and chooser.random() < 0.8 else legal)
        state, _ = RULES.apply(state, seat, action)
    return seen


@pytest.fixture(scope="module")
def positions() -> list[FaginState]:
    """Positions from random play and from play by standard AIs (richer positions)."""
    found = random_positions(3, 1, 300) + random_positions(5, 2, 300)
    for seed, players in ((3, 4), (4, 2)):
        game = play("fagins-gang", ["standard"] * players, seed, keep=0)
        found += [p.state for p in game.positions]
    return [*found, over_the_hand_limit()]


def over_the_hand_limit() -> FaginState:
    """Seat 1 ends a round holding 30 cubes and must return 5."""
    state, _ = RULES.setup(3, {}, 4, 0)
    state.cubes[1] = {"blue": 9, "green": 7, "red": 5, "yellow": 4, "black": 3, "purple": 2}
    for seat in (0, 1, 2):
        state, _ = RULES.apply(state, seat, Skip())
    assert state.phase == "discard" and state.pending_discards == {1: 5}
    return state


def test_a_rebuilt_state_looks_exactly_like_the_real_one(positions: list[FaginState]) -> None:
    for index, state in enumerate(positions[::2]):
        for seat in range(state.players):
            view = RULES.view(state, seat)
            rebuilt = sample_world(view, Rng(seed=index))
            assert RULES.view(rebuilt, seat) == view
            assert rebuilt.rng.seed == index and rebuilt.rng != state.rng


def test_every_option_is_legal_and_moves_land_where_foreseen(positions: list[FaginState]) -> None:
    tried = 0
    for state in positions:
        if state.phase != "actions":
            continue
        seat = state.turn
        table = Table(state, seat)
        last_to_act = len(state.acted) == state.players - 1
        for _, option in action_options(table):
            after, _ = RULES.apply(state, seat, option.action)
            tried += 1
            foreseeable = isinstance(option.action, Move | Shillings) and not last_to_act
            if foreseeable and after.phase != "over":
                assert standing(after, seat) == option.mine, option.action
                for rival, foreseen in option.rivals.items():
                    assert standing(after, rival) == foreseen
    assert tried > 300


def test_standard_acts_legally_in_every_phase(positions: list[FaginState]) -> None:
    phases = set()
    for state in positions:
        for seat in RULES.waiting_on(state):
            RULES.apply(state, seat, standard_action(Table(state, seat)))
            phases.add(state.phase)
    assert phases == {"actions", "market", "discard"}


def test_steals_stay_legal_and_foreseen_when_warehouses_run_dry(
    positions: list[FaginState],
) -> None:
    """Free choices are taken before the printed colours, and a choice may only name an
    empty warehouse when all are empty: the generator must follow that order too."""
    chooser = random.Random(8)
    steals = 0
    for state in positions:
        if state.phase != "actions":
            continue
        dry = state.model_copy(deep=True)
        dry.warehouses = {c: chooser.choice([0, 0, 1, 2]) for c in dry.warehouses}
        seat = dry.turn
        last_to_act = len(dry.acted) == dry.players - 1
        for _, option in action_options(Table(dry, seat)):
            after, _ = RULES.apply(dry, seat, option.action)
            if isinstance(option.action, Steal):
                steals += 1
                real = standing(after, seat)
                if not last_to_act and sum(real.cubes.values()) <= 25:  # else some go back
                    assert real == option.mine, option.action
    assert steals > 50
