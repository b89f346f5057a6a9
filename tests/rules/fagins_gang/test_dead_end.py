"""[ed] rule 7.3: a table nobody can ever move on again ends at the end of that round,
scored as at the round limit, and says why; anything anyone could still do keeps it going."""

import pytest

from rules.fagins_gang import RULES
from rules.fagins_gang.actions import Skip
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.dead_end import dead_end
from rules.fagins_gang.state import FaginState

from .builders import COLOURS, act, position

EMPTY = dict.fromkeys(COLOURS, 0)


def stuck(players: int = 3) -> FaginState:
    """Nobody on a track, no cubes, every stall empty, shillings only for the bank."""
    return position(
        players,
        cubes={seat: {} for seat in range(players)},
        shillings={0: 30, 1: 12, 2: 0},
        stalls=dict(EMPTY),
        urchins={"thames": {0: "fagin"}},
    )


def play_round(state: FaginState) -> tuple[FaginState, list[str]]:
    kinds: list[str] = []
    for _ in range(state.players):
        state, events = act(state, RULES.waiting_on(state)[0], Skip())
        kinds += [e.kind for e in events]
    return state, kinds


def test_the_rules_allow_a_dead_end_and_it_ends_the_game_after_that_round() -> None:
    state = stuck()
    assert dead_end(state)
    before, _ = act(state, 0, Skip())
    assert before.phase == "actions"  # not in the middle of a round
    after, kinds = play_round(state)
    assert after.phase == "over" and "game_won" in kinds
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.winners == [0]  # most urchins at Fagin
    assert outcome.reason.startswith(
        "Nobody can move the game on any more (a house rule): it ends after round 1"
    )


def test_a_dead_end_tie_goes_to_wealth_as_at_the_round_limit() -> None:
    state = stuck()
    state.urchins["thames"] = {}
    after, _ = play_round(state)
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.winners == [0]  # 30 shillings
    assert "shillings' worth of money and goods" in outcome.reason


@pytest.mark.parametrize(
    "change",
    [
        "on_track",
        "enough_to_enter",
        "three_cubes",
        "cube_to_sell",
        "cube_to_buy",
    ],
)
def test_anything_one_seat_can_still_do_keeps_the_game_going(change: str) -> None:
    state = stuck()
    if change == "on_track":
        state.urchins["bow"][2] = BOARD.levels.bottom  # its purse can still be stolen
    elif change == "enough_to_enter":
        state.cubes[1]["blue"] = 1  # the Thames costs one blue
    elif change == "three_cubes":
        state.cubes[1].update(purple=2, black=1)  # an exchange for one cube
    elif change == "cube_to_sell":
        state.cubes[2]["purple"] = 1  # its stall has room
    else:
        state.stalls["black"] = 1  # seat 0 can pay any wheel price for it
    assert not dead_end(state)
    after, _ = play_round(state)
    assert after.phase == "actions" and after.round == 2


def test_a_cube_nobody_can_use_or_sell_leaves_it_a_dead_end() -> None:
    state = stuck()
    state.cubes[1]["purple"] = 1  # St Paul's costs four
    state.stalls["purple"] = BOARD.stall_size  # full: it cannot be sold
    state.shillings = [1, 1, 1]  # and nobody can buy it back out
    assert dead_end(state)
