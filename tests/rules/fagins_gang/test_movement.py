"""Action a: moving, entering, leaving, going back to Fagin; landing and bumping (§4a)."""

from rules.fagins_gang import RULES
from rules.fagins_gang.actions import Move, MoveStep, Skip
from rules.fagins_gang.plans import parse_move_plan

from .builders import act, kinds, level, position, refused


def mv(text: str) -> Move:
    return parse_move_plan(text)


# --- costs: the seeds' examples -------------------------------------------------------------


def test_three_levels_at_st_pauls_cost_12_purple() -> None:
    state = position(urchins={"stpauls": {0: 5}}, cubes={0: {"purple": 12}})
    after, events = act(state, 0, mv("stpauls up 3"))
    assert level(after, "stpauls", 0) == 2
    assert after.cubes[0]["purple"] == 0
    assert after.warehouses["purple"] == state.warehouses["purple"] + 12
    assert events[0].data["paid"] == {"purple": 12}


def test_entering_st_pauls_and_moving_up_1_costs_8_purple() -> None:
    state = position(cubes={0: {"purple": 8}})
    after, _ = act(state, 0, mv("stpauls enter up 1"))
    assert level(after, "stpauls", 0) == 4
    assert after.cubes[0]["purple"] == 0
    assert after.supply[0] == state.supply[0] - 1


def test_leaving_st_pauls_at_the_bottom_from_level_6_costs_8_purple() -> None:
    state = position(urchins={"stpauls": {0: 6}}, cubes={0: {"purple": 8}})
    after, events = act(state, 0, mv("stpauls leave bottom"))
    assert level(after, "stpauls", 0) is None
    assert after.cubes[0]["purple"] == 0
    assert after.supply[0] == state.supply[0] + 1
    assert (0, "stpauls") in after.removed
    assert kinds(events)[0] == "urchin_left"


def test_leaving_at_the_top_pays_every_level_including_the_step_off() -> None:
    state = position(urchins={"holborn": {0: 2}}, cubes={0: {"red": 6}})
    after, _ = act(state, 0, mv("holborn leave top"))
    assert after.cubes[0]["red"] == 0  # levels 2 -> 1 -> 0 -> off = 3 levels x 2 red
    assert level(after, "holborn", 0) is None


def test_plain_entering_costs_one_level() -> None:
    state = position(cubes={0: {"black": 3}})
    after, _ = act(state, 0, mv("chertsey enter"))
    assert level(after, "chertsey", 0) == 5
    assert after.cubes[0]["black"] == 0


def test_a_plan_moves_at_up_to_three_locations() -> None:
    state = position(
        urchins={"thames": {0: 5}, "bow": {0: 1}},
        cubes={0: {"blue": 2, "yellow": 4, "purple": 8}},
        shillings={0: 15},
    )
    after, _ = act(state, 0, mv("thames up 2; stpauls enter up 1; bow fagin"))
    assert level(after, "thames", 0) == 3
    assert level(after, "stpauls", 0) == 4
    assert level(after, "bow", 0) == "fagin"
    assert after.shillings[0] == 0
    assert after.turn == 1


def test_leaving_frees_the_urchin_to_enter_another_location_in_the_same_plan() -> None:
    state = position(
        urchins={k: {0: 3} for k in ("covent", "holborn", "bow", "chertsey", "stpauls")},
        cubes={0: {"green": 5, "blue": 1}},
    )
    assert state.supply[0] == 0
    after, _ = act(state, 0, mv("covent leave bottom; thames enter"))
    assert level(after, "covent", 0) is None
    assert level(after, "thames", 0) == 5
    assert after.supply[0] == 0


# --- Fagin and winning ------------------------------------------------------------------------


def test_going_back_to_fagin_costs_the_top_exit_and_15_shillings() -> None:
    state = position(urchins={"thames": {0: 1}}, cubes={0: {"blue": 2}}, shillings={0: 20})
    after, events = act(state, 0, mv("thames fagin"))
    assert level(after, "thames", 0) == "fagin"
    assert after.cubes[0]["blue"] == 0
    assert after.shillings[0] == 5
    assert after.supply[0] == state.supply[0]  # the urchin stays at Fagin
    assert events[0].kind == "urchin_to_fagin"
    assert events[0].data["at_fagin"] == 1


def test_three_urchins_at_fagin_win_at_once() -> None:
    state = position(
        urchins={"thames": {0: "fagin"}, "covent": {0: "fagin"}, "bow": {0: 0}},
        cubes={0: {"yellow": 2}},
        shillings={0: 15},
    )
    after, events = act(state, 0, mv("bow fagin"))
    assert after.phase == "over"
    assert kinds(events)[-1] == "game_won"
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.winners == [0]
    assert outcome.scores[0] == 3
    assert RULES.waiting_on(after) == []
    refused(after, 1, Skip(), "The game is over.")


def test_the_fagin_target_option_changes_how_many_win() -> None:
    state = position(
        urchins={"thames": {0: "fagin"}, "bow": {0: 0}},
        cubes={0: {"yellow": 2}},
        shillings={0: 15},
        fagin_target=2,
    )
    after, _ = act(state, 0, mv("bow fagin"))
    assert after.phase == "over"


def test_the_win_announcement_counts_urchins_in_good_english() -> None:
    state = position(
        urchins={"bow": {0: 0}}, cubes={0: {"yellow": 2}}, shillings={0: 15}, fagin_target=1
    )
    after, _ = act(state, 0, mv("bow fagin"))
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.reason == "{p0} has 1 urchin back at Fagin."


def test_two_at_fagin_do_not_win_with_the_printed_target() -> None:
    state = position(
        urchins={"thames": {0: "fagin"}, "bow": {0: 0}}, cubes={0: {"yellow": 2}}, shillings={0: 15}
    )
    after, _ = act(state, 0, mv("bow fagin"))
    assert after.phase == "actions"
    assert RULES.outcome(after) is None


# --- landing ------------------------------------------------------------------------------------


def test_ending_on_the_constable_carries_the_urchin_one_level_further_for_free() -> None:
    state = position(
        urchins={"thames": {0: 5}}, constables={"thames": (3, "up")}, cubes={0: {"blue": 2}}
    )
    after, events = act(state, 0, mv("thames up 2"))
    assert level(after, "thames", 0) == 2
    assert after.cubes[0]["blue"] == 0
    assert events[0].data["carried"] is True


def test_carried_off_the_track_stops_just_before_the_constable() -> None:
    state = position(
        urchins={"thames": {0: 2}}, constables={"thames": (0, "down")}, cubes={0: {"blue": 2}}
    )
    after, _ = act(state, 0, mv("thames up 2"))
    assert level(after, "thames", 0) == 1


def test_moving_down_onto_a_constable_at_the_bottom_stops_on_level_6() -> None:
    state = position(
        urchins={"thames": {0: 5}}, constables={"thames": (7, "up")}, cubes={0: {"blue": 2}}
    )
    after, _ = act(state, 0, mv("thames down 2"))
    assert level(after, "thames", 0) == 6


def test_entering_onto_the_constable_on_the_start_level_carries_one_level_down() -> None:
    state = position(constables={"thames": (5, "up")}, cubes={0: {"blue": 1}})
    after, _ = act(state, 0, mv("thames enter"))
    assert level(after, "thames", 0) == 6


def test_entering_and_moving_onto_the_constable_carries_in_the_direction_of_travel() -> None:
    state = position(constables={"thames": (4, "up")}, cubes={0: {"blue": 2}})
    after, _ = act(state, 0, mv("thames enter up 1"))
    assert level(after, "thames", 0) == 3


def test_passing_through_urchins_and_the_constable_touches_nothing() -> None:
    state = position(
        urchins={"thames": {0: 6, 1: 4}},
        constables={"thames": (3, "up")},
        cubes={0: {"blue": 4}},
    )
    after, events = act(state, 0, mv("thames up 4"))
    assert level(after, "thames", 0) == 2
    assert level(after, "thames", 1) == 4
    assert "urchin_bumped" not in kinds(events)


# --- bumping ------------------------------------------------------------------------------------


def test_landing_on_another_urchin_bumps_it_one_level_down() -> None:
    state = position(urchins={"thames": {0: 5, 1: 3}}, cubes={0: {"blue": 2}})
    after, events = act(state, 0, mv("thames up 2"))
    assert level(after, "thames", 0) == 3
    assert level(after, "thames", 1) == 4
    bump = events[1]
    assert bump.kind == "urchin_bumped"
    assert bump.data == {"seat": 1, "location": "thames", "from": 3, "to": 4, "by": "urchin"}


def test_a_bumped_urchin_skips_the_constables_level() -> None:
    state = position(
        urchins={"thames": {0: 5, 1: 3}}, constables={"thames": (4, "up")}, cubes={0: {"blue": 2}}
    )
    after, _ = act(state, 0, mv("thames up 2"))
    assert level(after, "thames", 1) == 5


def test_bumps_chain_down_the_track() -> None:
    state = position(urchins={"thames": {0: 1, 1: 3, 2: 4}}, cubes={0: {"blue": 2}})
    after, events = act(state, 0, mv("thames down 2"))
    assert level(after, "thames", 0) == 3
    assert level(after, "thames", 1) == 4
    assert level(after, "thames", 2) == 5
    assert kinds(events) == ["urchin_moved", "urchin_bumped", "urchin_bumped"]


def test_an_urchin_pushed_below_the_bottom_returns_to_supply_and_is_removed_this_round() -> None:
    state = position(
        urchins={"thames": {0: 5, 1: 7}}, constables={"thames": (0, "down")}, cubes={0: {"blue": 2}}
    )
    after, events = act(state, 0, mv("thames down 2"))
    assert level(after, "thames", 0) == 7
    assert level(after, "thames", 1) is None
    assert after.supply[1] == state.supply[1] + 1
    assert (1, "thames") in after.removed
    assert events[-1].data["to"] is None
    # Seat 1 may not come back to the Thames this round.
    refused(
        after,
        1,
        mv("thames enter"),
        'In "thames enter": your urchin left the track at River Thames this round '
        "(or was bumped off it)",
    )


def test_an_urchin_bumped_onto_a_constable_at_the_bottom_goes_off_the_track() -> None:
    state = position(
        urchins={"thames": {0: 4, 1: 6}}, constables={"thames": (7, "up")}, cubes={0: {"blue": 2}}
    )
    after, _ = act(state, 0, mv("thames down 2"))
    assert level(after, "thames", 1) is None


# --- refusals (§8) -------------------------------------------------------------------------------


def test_a_move_without_enough_cubes_is_refused_naming_the_part() -> None:
    state = position(urchins={"stpauls": {0: 5}}, cubes={0: {"purple": 9}})
    refused(state, 0, mv("stpauls up 3"), 'In "stpauls up 3": that needs 12 purple, you have 9.')


def test_the_whole_plan_is_checked_before_anything_moves() -> None:
    state = position(urchins={"thames": {0: 5}, "stpauls": {0: 5}}, cubes={0: {"blue": 5}})
    refused(state, 0, mv("thames up 2; stpauls up 1"), "that needs 4 purple, you have 0")


def test_fagin_without_15_shillings_is_refused_suggesting_leave_top() -> None:
    state = position(urchins={"bow": {0: 0}}, cubes={0: {"yellow": 2}}, shillings={0: 9})
    refused(
        state,
        0,
        mv("bow fagin"),
        'In "bow fagin": going back to Fagin costs 15 shillings and you have 9; '
        'write "bow leave top"',
    )


def test_moving_an_urchin_you_do_not_have_there_is_refused() -> None:
    state = position(urchins={"thames": {1: 5}}, cubes={0: {"blue": 3}})
    refused(state, 0, mv("thames up 1"), 'In "thames up 1": you have no urchin at River Thames.')


def test_leaving_is_refused_for_an_urchin_you_do_not_have_there() -> None:
    state = position(cubes={0: {"blue": 9}})
    refused(state, 0, mv("thames leave top"), "you have no urchin at River Thames")


def test_entering_where_you_already_are_is_refused() -> None:
    state = position(urchins={"thames": {0: 3}}, cubes={0: {"blue": 3}})
    refused(state, 0, mv("thames enter"), "you already have an urchin at River Thames (level 3)")


def test_entering_where_you_reached_fagin_is_refused() -> None:
    state = position(urchins={"thames": {0: "fagin"}}, cubes={0: {"blue": 3}})
    refused(state, 0, mv("thames enter"), "your urchin at River Thames has gone back to Fagin")


def test_moving_at_a_location_you_reached_fagin_from_is_refused() -> None:
    state = position(urchins={"thames": {0: "fagin"}}, cubes={0: {"blue": 3}})
    refused(state, 0, mv("thames down 1"), "you may not use that location again")


def test_entering_where_you_were_removed_this_round_is_refused() -> None:
    state = position(cubes={0: {"blue": 3}})
    state.removed = [(0, "thames")]
    refused(
        state,
        0,
        mv("thames enter"),
        "your urchin left the track at River Thames this round (or was bumped off it)",
    )


def test_entering_without_an_urchin_in_supply_is_refused() -> None:
    state = position(
        urchins={k: {0: 3} for k in ("covent", "holborn", "bow", "chertsey", "stpauls")},
        cubes={0: {"blue": 3}},
    )
    refused(state, 0, mv("thames enter"), "you have no urchin in your supply")


def test_naming_a_location_twice_is_refused() -> None:
    state = position(urchins={"thames": {0: 5}}, cubes={0: {"blue": 5}})
    refused(
        state,
        0,
        mv("thames up 2; thames down 1"),
        'In "thames down 1": River Thames is already named in "thames up 2"',
    )


def test_leaving_then_entering_the_same_location_is_refused() -> None:
    state = position(urchins={"thames": {0: 1}}, cubes={0: {"blue": 5}})
    refused(state, 0, mv("thames leave top; thames enter"), "already named")


def test_moving_off_the_track_other_than_by_leaving_is_refused() -> None:
    state = position(urchins={"thames": {0: 1}}, cubes={0: {"blue": 5, "green": 5}})
    refused(
        state, 0, mv("thames up 3"), 'Urchins leave only past level 0: write "thames leave top"'
    )
    refused(state, 0, mv("covent enter down 3"), "that would go off the track")


def test_more_than_three_locations_are_refused() -> None:
    steps = [MoveStep(location=k, kind="enter") for k in ("thames", "covent", "bow", "chertsey")]
    refused(position(), 0, Move(steps=steps), "at most 3 locations; yours has 4")


def test_a_move_step_needs_a_direction_and_at_least_one_level() -> None:
    state = position(urchins={"thames": {0: 5}}, cubes={0: {"blue": 5}})
    step = MoveStep(location="thames", kind="move", direction="up", levels=0)
    refused(state, 0, Move(steps=[step]), "say up or down and how many levels")


def test_an_unknown_location_key_is_refused() -> None:
    step = MoveStep(location="paris", kind="enter")
    refused(position(), 0, Move(steps=[step]), "“paris” is not a location")


# --- malformed steps built directly (logs, imports, AI players): apply is the authority ------


def _step(**fields: object) -> Move:
    return Move(steps=[MoveStep.model_validate({"location": "stpauls", **fields})])


def test_entering_up_minus_1_is_refused_not_a_free_move_to_level_6() -> None:
    state = position(cubes={0: {"purple": 8}})
    refused(
        state,
        0,
        _step(kind="enter", direction="up", levels=-1),
        'In "stpauls enter up -1": after entering, say up or down and how many more levels '
        "(at least 1), or nothing to stay on the start level, not up -1 levels.",
    )


def test_entering_up_minus_2_is_refused_and_pays_nobody_from_the_warehouse() -> None:
    state = position(cubes={0: {"purple": 0}}, warehouses={"purple": 0})
    refused(state, 0, _step(kind="enter", direction="up", levels=-2), "not up -2 levels")


def test_entering_with_levels_but_no_direction_is_refused() -> None:
    state = position(cubes={0: {"purple": 12}})
    refused(state, 0, _step(kind="enter", levels=2), 'In "stpauls enter ? 2"')
    refused(state, 0, _step(kind="enter", levels=-3), "not no direction -3 levels")


def test_moving_a_negative_number_of_levels_is_refused() -> None:
    state = position(urchins={"stpauls": {0: 5}}, cubes={0: {"purple": 12}})
    refused(state, 0, _step(kind="move", direction="down", levels=-2), "not down -2 levels")
    refused(state, 0, _step(kind="move", levels=1), "not no direction 1 level")


def test_a_huge_number_of_levels_goes_off_the_track_and_is_refused() -> None:
    state = position(urchins={"stpauls": {0: 5}}, cubes={0: {"purple": 12}})
    refused(state, 0, _step(kind="move", direction="up", levels=10**30), "off the track")
    entering = position(cubes={0: {"purple": 12}})
    refused(entering, 0, _step(kind="enter", direction="down", levels=10**30), "off the track")


def test_leaving_or_going_to_fagin_takes_no_direction_or_levels() -> None:
    state = position(urchins={"stpauls": {0: 5}}, cubes={0: {"purple": 24}}, shillings={0: 20})
    refused(
        state,
        0,
        _step(kind="leave", side="top", direction="up", levels=-3),
        'In "stpauls leave up -3 top": leaving takes no direction or levels',
    )
    refused(state, 0, _step(kind="fagin", levels=2), "going back to Fagin takes no direction")
    refused(state, 0, _step(kind="fagin", side="bottom"), "always leaves at the top")
    refused(state, 0, _step(kind="leave"), "say which")


def test_a_side_belongs_only_to_leaving() -> None:
    state = position(urchins={"stpauls": {0: 5}}, cubes={0: {"purple": 12}})
    refused(
        state,
        0,
        _step(kind="move", direction="up", levels=1, side="bottom"),
        '"bottom" belongs to leaving',
    )
