"""The plan parser: what players type becomes actions, or a refusal naming the part."""

import pytest

from rules.errors import RuleError
from rules.fagins_gang.actions import ExchangeSlot, Move, MoveStep, Steal, StealSlot
from rules.fagins_gang.plans import (
    parse_colours,
    parse_cube_counts,
    parse_locations,
    parse_move_plan,
    parse_steal_plan,
)


def refusal(parse: object, text: str) -> str:
    with pytest.raises(RuleError) as caught:
        parse(text)  # type: ignore[operator]
    return caught.value.message


def test_the_design_example_move_plan() -> None:
    assert parse_move_plan("thames up 2; stpauls enter up 1; bow fagin") == Move(
        steps=[
            MoveStep(location="thames", kind="move", direction="up", levels=2),
            MoveStep(location="stpauls", kind="enter", direction="up", levels=1),
            MoveStep(location="bow", kind="fagin"),
        ]
    )


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("holborn leave top", MoveStep(location="holborn", kind="leave", side="top")),
        ("bow down 1", MoveStep(location="bow", kind="move", direction="down", levels=1)),
        ("chertsey enter", MoveStep(location="chertsey", kind="enter")),
        ("River Thames UP 3", MoveStep(location="thames", kind="move", direction="up", levels=3)),
        ("St Paul's Cathedral enter", MoveStep(location="stpauls", kind="enter")),
        ("St Paul's fagin", MoveStep(location="stpauls", kind="fagin")),
        ("cov leave bottom", MoveStep(location="covent", kind="leave", side="bottom")),
        (
            "hol enter down 2",
            MoveStep(location="holborn", kind="enter", direction="down", levels=2),
        ),
    ],
)
def test_move_parts_accept_full_short_and_prefix_names(text: str, step: MoveStep) -> None:
    assert parse_move_plan(text) == Move(steps=[step])


def test_a_leave_then_enter_plan() -> None:
    plan = parse_move_plan("covent leave bottom; chertsey enter")
    assert [s.kind for s in plan.steps] == ["leave", "enter"]


def test_an_ambiguous_location_prefix_is_refused_naming_the_choices() -> None:
    message = refusal(parse_move_plan, "thames up 1; c up 2")
    assert message == 'In "c up 2": “c” could be more than one location: chertsey, covent, stpauls.'


def test_a_typo_in_a_location_is_refused() -> None:
    assert refusal(parse_move_plan, "tames up 1") == 'In "tames up 1": “tames” is not a location.'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("thames", 'In "thames": say what to do at the location'),
        ("up 2", 'In "up 2": name the location first'),
        (
            "thames up",
            'In "thames up": say how many levels (a whole number, at least 1), not nothing.',
        ),
        ("thames up two", "not “two”"),
        ("thames up 0", "at least 1"),
        ("thames up 1 down 1", "an urchin moves in one direction only"),
        ("thames leave middle", "urchins leave only at the top (past level 0) or the bottom"),
        ("thames leave", "leave top"),
        ("thames enter sideways 2", 'after "enter" say up or down'),
        ("thames fagin now", '"fagin" takes nothing after it'),
    ],
)
def test_malformed_move_parts_are_refused(text: str, message: str) -> None:
    assert message in refusal(parse_move_plan, text)


def test_an_empty_plan_is_refused() -> None:
    assert refusal(parse_move_plan, "  ").startswith("Write a plan, e.g.")
    assert refusal(parse_move_plan, " ; ; ").startswith("Write a plan, e.g.")


def test_an_overlong_plan_is_refused() -> None:
    assert "too long (201 characters)" in refusal(parse_move_plan, "x" * 201)


def test_more_than_three_parts_are_refused() -> None:
    message = refusal(parse_move_plan, "thames up 1; covent up 1; bow up 1; chertsey up 1")
    assert message == 'A plan has at most 3 parts separated by ";"; you wrote 4.'


def test_the_design_example_steal_plan() -> None:
    assert parse_steal_plan("thames red blue; exchange red red blue for purple") == Steal(
        slots=[
            StealSlot(location="thames", colours=["red", "blue"]),
            ExchangeSlot(give=["red", "red", "blue"], take="purple"),
        ]
    )


def test_steal_parts_accept_goods_names_and_multi_word_names() -> None:
    plan = parse_steal_plan("River Thames pocket watches books; st pauls jewellery")
    assert plan.slots == [
        StealSlot(location="thames", colours=["yellow", "blue"]),
        StealSlot(location="stpauls", colours=["purple"]),
    ]


def test_a_steal_with_no_choices() -> None:
    assert parse_steal_plan("bow") == Steal(slots=[StealSlot(location="bow")])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("thames bl", 'In "thames bl": “bl” could be more than one colour: black, blue.'),
        ("thames rde", "“rde” is not a colour"),
        (
            "exchange red red blue purple",
            'write "exchange <colour> <colour> <colour> for <colour>"',
        ),
        ("exchange red blue for purple", "an exchange gives exactly 3 cubes for 1"),
    ],
)
def test_malformed_steal_parts_are_refused(text: str, message: str) -> None:
    assert message in refusal(parse_steal_plan, text)


def test_location_lists_split_on_commas_or_spaces() -> None:
    assert parse_locations("thames, chertsey") == ["thames", "chertsey"]
    assert parse_locations("River Thames chertsey BOW") == ["thames", "chertsey", "bow"]
    assert "“x” is not a location" in refusal(parse_locations, "thames, x")
    assert refusal(parse_locations, "").startswith("Write a plan")


def test_colour_lists_accept_colours_and_goods() -> None:
    assert parse_colours("red blue") == ["red", "blue"]
    assert parse_colours("handkerchiefs, pocket watches") == ["red", "yellow"]
    assert parse_colours("silver jewelry") == ["black", "purple"]
    assert "could be more than one colour" in refusal(parse_colours, "b")


def test_cube_counts_for_returning_cubes() -> None:
    assert parse_cube_counts("3 red, 2 blue") == {"red": 3, "blue": 2}
    assert parse_cube_counts("red red blue") == {"red": 2, "blue": 1}
    assert parse_cube_counts("2 pocket watches") == {"yellow": 2}
    assert "must be followed by a colour" in refusal(parse_cube_counts, "red 3")
