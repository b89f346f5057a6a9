"""Action b: stealing goods by level and exchanging three cubes for one (§4b)."""

import pytest

from rules.fagins_gang.actions import ExchangeSlot, Steal, StealSlot
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.plans import parse_steal_plan

from .builders import COLOURS, act, position, refused

NO_CUBES: dict[str, int] = {}


def st(text: str) -> Steal:
    return parse_steal_plan(text)


def test_bow_street_level_4_yields_2_black_and_2_blue() -> None:
    state = position(urchins={"bow": {0: 4}}, cubes={0: NO_CUBES})
    after, events = act(state, 0, st("bow"))
    assert after.cubes[0] == {**dict.fromkeys(COLOURS, 0), "black": 2, "blue": 2}
    assert after.warehouses["black"] == state.warehouses["black"] - 2
    assert events[0].data["taken"] == {"black": 2, "blue": 2}


def test_level_0_yields_four_cubes_of_the_players_choice() -> None:
    state = position(urchins={"thames": {0: 0}}, cubes={0: NO_CUBES})
    after, _ = act(state, 0, st("thames red red blue purple"))
    assert after.cubes[0]["red"] == 2
    assert after.cubes[0]["blue"] == 1
    assert after.cubes[0]["purple"] == 1


def test_the_bottom_level_yields_no_goods() -> None:
    state = position(urchins={"stpauls": {0: 7}}, cubes={0: NO_CUBES})
    after, events = act(state, 0, st("stpauls"))
    assert sum(after.cubes[0].values()) == 0
    assert events[0].data["taken"] == {}


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (1, {"purple": 1, "green": 1}),  # ★ ★ L R, plus the two choices
        (2, {"yellow": 2}),  # O O ★
        (3, {"purple": 2, "green": 1}),  # L L R
        (4, {"green": 2, "yellow": 2}),  # R R O O
        (5, {"purple": 1, "green": 1}),  # L R ★
        (6, {"yellow": 1}),  # O ★
    ],
)
def test_printed_goods_follow_the_ring_neighbours_of_the_thames(
    level: int, expected: dict[str, int]
) -> None:
    state = position(urchins={"thames": {0: level}}, cubes={0: NO_CUBES})
    choices = BOARD.goods_at("thames", level).count("★")
    _, events = act(
        state, 0, Steal(slots=[StealSlot(location="thames", colours=["red"] * choices)])
    )
    taken = dict(events[0].data["taken"])
    if choices:
        assert taken.pop("red") == choices
    assert taken == expected


def test_a_choice_may_be_the_locations_own_colour() -> None:
    state = position(urchins={"thames": {0: 6}}, cubes={0: NO_CUBES})
    after, _ = act(state, 0, st("thames blue"))
    assert after.cubes[0]["blue"] == 1
    assert after.cubes[0]["yellow"] == 1


def test_printed_colours_are_taken_only_as_far_as_the_warehouse_has_them() -> None:
    state = position(urchins={"bow": {0: 4}}, cubes={0: NO_CUBES}, warehouses={"black": 1})
    after, events = act(state, 0, st("bow"))
    assert after.cubes[0]["black"] == 1
    assert after.warehouses["black"] == 0
    assert events[0].data["lost"] == {"black": 1}


def test_naming_an_empty_colour_for_a_choice_is_refused() -> None:
    state = position(urchins={"thames": {0: 6}}, warehouses={"red": 0})
    refused(
        state,
        0,
        st("thames red"),
        'In "thames red": the red (handkerchiefs) warehouse is empty; name another colour.',
    )


def test_choices_are_checked_against_the_stock_left_by_earlier_choices() -> None:
    state = position(urchins={"thames": {0: 0}}, warehouses={"red": 2})
    refused(state, 0, st("thames red red red blue"), "the red (handkerchiefs) warehouse is empty")


def test_an_empty_colour_may_be_named_when_every_warehouse_is_empty() -> None:
    state = position(urchins={"thames": {0: 6}}, warehouses=dict.fromkeys(COLOURS, 0))
    after, events = act(state, 0, st("thames red"))
    assert after.cubes[0] == state.cubes[0]
    assert events[0].data["lost"] == {"red": 1, "yellow": 1}


def test_the_number_of_choices_must_match_the_level() -> None:
    state = position(urchins={"thames": {0: 0}})
    refused(
        state,
        0,
        st("thames red"),
        'In "thames red": level 0 at River Thames gives 4 of your choice; '
        "name 4 colours of your choice, you named 1.",
    )


def test_stealing_where_you_have_no_urchin_is_refused() -> None:
    refused(position(), 0, st("bow"), 'In "bow": you have no urchin at Bow Street.')


def test_stealing_at_a_location_you_left_for_fagin_is_refused() -> None:
    state = position(urchins={"bow": {0: "fagin"}})
    refused(state, 0, st("bow"), "has gone back to Fagin")


def test_stealing_twice_at_one_location_is_refused() -> None:
    state = position(urchins={"bow": {0: 4}})
    refused(state, 0, st("bow; bow"), 'In "bow": Bow Street is already named in "bow"')


def test_goods_stolen_in_one_slot_may_be_exchanged_in_a_later_one() -> None:
    state = position(urchins={"bow": {0: 4}}, cubes={0: NO_CUBES})
    after, events = act(state, 0, st("bow; exchange black black blue for red"))
    assert after.cubes[0] == {**dict.fromkeys(COLOURS, 0), "blue": 1, "red": 1}
    assert events[1].kind == "goods_exchanged"
    assert events[1].data == {"seat": 0, "gave": {"black": 2, "blue": 1}, "took": "red"}


def test_exchanging_nine_cubes_for_three() -> None:
    state = position(cubes={0: {"blue": 9}})
    after, _ = act(
        state,
        0,
        st(
            "exchange blue blue blue for red; exchange blue blue blue for red; "
            "exchange blue blue blue for green"
        ),
    )
    assert after.cubes[0] == {**dict.fromkeys(COLOURS, 0), "red": 2, "green": 1}
    assert after.warehouses["blue"] == state.warehouses["blue"] + 9


def test_exchanging_without_the_three_cubes_is_refused() -> None:
    state = position(cubes={0: {"red": 1, "blue": 1}})
    refused(
        state,
        0,
        st("exchange red red blue for purple"),
        'In "exchange red red blue for purple": exchanging needs 2 red, you have 1.',
    )


def test_an_exchange_must_give_exactly_three() -> None:
    slot = ExchangeSlot(give=["red", "blue"], take="green")
    refused(position(), 0, Steal(slots=[slot]), "an exchange gives exactly 3 cubes for 1")


def test_exchanging_for_an_empty_colour_is_refused() -> None:
    state = position(cubes={0: {"red": 3}}, warehouses={"purple": 0})
    refused(state, 0, st("exchange red red red for purple"), "the purple (jewellery) warehouse")


def test_more_than_three_slots_are_refused() -> None:
    slot = ExchangeSlot(give=["red", "red", "red"], take="blue")
    refused(position(), 0, Steal(slots=[slot] * 4), "at most 3 parts; yours has 4")


def test_a_steal_counts_as_the_players_action() -> None:
    state = position(urchins={"bow": {0: 4}})
    after, _ = act(state, 0, st("bow"))
    assert after.acted == [0]
    assert after.turn == 1
