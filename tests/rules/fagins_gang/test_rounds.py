"""The round: Phase 1 turn order, Phase 2 patrols, Phase 3 books, the end of the game."""

import pytest

from rules.fagins_gang import RULES
from rules.fagins_gang.actions import Discard, Skip
from rules.fagins_gang.books import default_discard
from rules.fagins_gang.constables import walk
from rules.fagins_gang.state import Constable, FaginState

from .builders import COLOURS, act, kinds, level, position, refused


def all_skip_but_last(state: FaginState) -> FaginState:
    for _ in range(state.players - 1):
        state, _ = act(state, RULES.waiting_on(state)[0], Skip())
    return state


def test_phase_1_runs_clockwise_from_the_first_player() -> None:
    state = position(4, turn=2)
    seen = []
    for _ in range(4):
        seat = RULES.waiting_on(state)[0]
        seen.append(seat)
        state, _ = act(state, seat, Skip())
    assert seen == [2, 3, 0, 1]


def test_acting_out_of_turn_is_refused() -> None:
    refused(position(turn=0), 1, Skip(), "It is {p0}'s turn, not yours.")


def test_a_second_action_in_one_turn_is_refused() -> None:
    state, _ = act(position(turn=0), 0, Skip())
    refused(state, 0, Skip(), "You have already taken your action this round; it is {p1}'s turn.")


def test_a_seat_not_in_the_game_is_refused() -> None:
    refused(position(3), 5, Skip(), "Only players seated in this game can act")


def test_the_end_of_phase_1_patrols_turns_the_wheel_and_starts_a_new_round() -> None:
    state = all_skip_but_last(position(3, turn=0))
    after, events = act(state, 2, Skip())
    assert kinds(events)[1:7] == ["constable_patrol"] * 6
    assert [e.data["location"] for e in events[1:7]] == list(after.constables)
    assert events[7].kind == "wheel_turned"
    assert after.wheel_rotation == (state.wheel_rotation + events[7].data["roll"]) % 6
    assert events[-1].kind == "round_started"
    assert after.round == 2
    assert after.first_player == 1  # the First Player token passes left
    assert after.acted == []
    assert RULES.waiting_on(after) == [1]


def test_removals_last_only_for_the_round() -> None:
    state = all_skip_but_last(position(3, turn=0))
    state.removed = [(1, "thames")]
    after, _ = act(state, 2, Skip())
    assert after.removed == []


def test_each_patrol_roll_moves_the_constable_that_many_levels() -> None:
    state = all_skip_but_last(position(3, turn=0))
    after, events = act(state, 2, Skip())
    for event in events[1:7]:
        before = state.constables[event.data["location"]]
        expected = walk(before.level, before.facing, event.data["roll"])
        assert after.constables[event.data["location"]] == expected
        assert 1 <= event.data["roll"] <= 6


@pytest.mark.parametrize(
    ("start", "facing", "roll", "end", "end_facing"),
    [
        (7, "up", 3, 4, "up"),
        (1, "up", 3, 2, "down"),  # reaches 0, turns round, carries on
        (6, "down", 3, 5, "up"),  # reaches 7, turns round
        (0, "down", 6, 6, "down"),
        (7, "up", 1, 6, "up"),
        (2, "up", 2, 0, "down"),  # stopping on 0 already faces down
    ],
)
def test_constables_bounce_at_the_top_and_bottom(
    start: int, facing: str, roll: int, end: int, end_facing: str
) -> None:
    assert walk(start, facing, roll) == Constable(level=end, facing=end_facing)  # type: ignore[arg-type]


def test_a_patrolling_constable_bumps_the_urchin_where_it_stops() -> None:
    state = all_skip_but_last(position(3, turn=0))
    roll, _ = state.rng.die()  # the Thames constable patrols first
    target = walk(7, "up", roll).level
    state.urchins["thames"] = {1: target}
    state.supply[1] -= 1
    after, events = act(state, 2, Skip())
    bump = next(e for e in events if e.kind == "urchin_bumped")
    assert bump.data["seat"] == 1
    assert bump.data["by"] == "constable"
    assert level(after, "thames", 1) == target + 1


def test_urchins_at_fagin_are_never_bumped() -> None:
    state = all_skip_but_last(position(3, turn=0, urchins={k: {1: "fagin"} for k in ("thames",)}))
    for key in state.constables:
        state.constables[key] = Constable(level=1, facing="up")
    after, _ = act(state, 2, Skip())
    assert level(after, "thames", 1) == "fagin"


def hoarder(turn: int = 0) -> FaginState:
    """Seat 0 holds 30 cubes: 5 over the hand limit of 25."""
    state = position(3, turn=turn, cubes={0: {"blue": 10, "green": 10, "red": 10}})
    return all_skip_but_last(state)


def test_a_player_over_the_hand_limit_must_return_the_excess() -> None:
    state, events = act(hoarder(), 2, Skip())
    assert state.phase == "discard"
    assert state.pending_discards == {0: 5}
    assert RULES.waiting_on(state) == [0]
    assert events[-1].kind == "hand_limit"
    assert events[-1].data == {"seat": 0, "excess": 5}
    assert state.round == 1


def test_returning_the_excess_finishes_the_round() -> None:
    state, _ = act(hoarder(), 2, Skip())
    after, events = act(state, 0, Discard(cubes={"red": 5}))
    assert after.cubes[0]["red"] == 5
    assert after.warehouses["red"] == state.warehouses["red"] + 5
    assert kinds(events) == ["cubes_discarded", "round_started"]
    assert after.phase == "actions"
    assert after.round == 2


def test_returning_the_wrong_number_is_refused() -> None:
    state, _ = act(hoarder(), 2, Skip())
    refused(state, 0, Discard(cubes={"red": 4}), "return exactly 5 cubes; you named 4")


def test_returning_cubes_not_held_is_refused() -> None:
    state, _ = act(hoarder(), 2, Skip())
    refused(state, 0, Discard(cubes={"purple": 5}), "You cannot return 5 purple: you have 0.")


def test_a_player_within_the_limit_has_nothing_to_return() -> None:
    state, _ = act(hoarder(), 2, Skip())
    refused(state, 1, Discard(cubes={"blue": 1}), "You are within the hand limit of 25")
    refused(state, 1, Skip(), "waiting for {p0} to return cubes")


def test_discarding_outside_phase_3_is_refused() -> None:
    refused(position(), 0, Discard(cubes={"blue": 1}), "There is nothing to return now")


def test_the_default_return_takes_from_the_largest_piles_ties_in_ring_order() -> None:
    state, _ = act(hoarder(), 2, Skip())
    assert RULES.default_action(state, 0) == Discard(cubes={"blue": 2, "green": 2, "red": 1})
    assert default_discard(state, 0).cubes == {"blue": 2, "green": 2, "red": 1}
    after, _ = act(state, 0, default_discard(state, 0))
    assert sum(after.cubes[0].values()) == 25


def test_round_limit_gives_the_win_to_most_urchins_at_fagin() -> None:
    state = all_skip_but_last(position(3, round_limit=1, urchins={"bow": {2: "fagin"}}))
    after, events = act(state, 2, Skip())
    assert after.phase == "over"
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.winners == [2]
    assert events[-1].data["reason"] == "round_limit"


def test_round_limit_ties_go_to_shillings_plus_goods_at_wheel_prices() -> None:
    state = position(
        3,
        round_limit=1,
        urchins={"bow": {0: "fagin", 1: "fagin"}},
        cubes={0: {}, 1: {}, 2: {}},
        shillings={0: 10, 1: 10, 2: 50},
    )
    state.cubes[1]["blue"] = 1  # worth at least 2 shillings at any wheel rotation
    state = all_skip_but_last(state)
    after, _ = act(state, 2, Skip())
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.winners == [1]


def test_a_remaining_tie_is_a_shared_win() -> None:
    state = all_skip_but_last(
        position(2, round_limit=1, cubes={0: {}, 1: {}}, shillings={0: 7, 1: 7})
    )
    after, _ = act(state, 1, Skip())
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.winners == [0, 1]
    assert "share the win" in outcome.reason


def test_without_a_round_limit_the_game_goes_on() -> None:
    state = position(2)
    for _ in range(20):
        state, _ = act(state, RULES.waiting_on(state)[0], Skip())
    assert state.round == 11
    assert state.phase == "actions"


def in_play(state: FaginState, colour: str) -> int:
    return state.warehouses[colour] + state.stalls[colour] + sum(c[colour] for c in state.cubes)


def test_returned_cubes_go_back_to_the_warehouses() -> None:
    state, _ = act(hoarder(), 2, Skip())
    after, _ = act(state, 0, default_discard(state, 0))
    for colour in COLOURS:
        assert in_play(after, colour) == in_play(state, colour)
