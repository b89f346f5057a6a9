"""Issue 13.4: whatever unicode a player types, the plan parsers give a well-formed action
or a `RuleError`, never another exception (e.g. "²" is a digit to `str.isdigit` but not
to `int`)."""

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.fagins_gang.actions import Move, Steal, StealSlot
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.movement import check_step_shape
from rules.fagins_gang.plans import (
    parse_colours,
    parse_cube_counts,
    parse_locations,
    parse_move_plan,
    parse_steal_plan,
)

WORDS = [
    *BOARD.ring,
    *BOARD.colour_ring,
    *(c.goods for c in BOARD.colours),
    *("up", "down", "enter", "leave", "top", "bottom", "fagin", "exchange", "for"),
    *(";", ",", "1", "2", "0", "-1", "²", "٣", "１", "⅕", "1_0", "9" * 8, "🂠", "İ", "ß"),
]
PLAN_TEXT = st.one_of(
    st.text(),
    st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=3)), max_size=12).map(" ".join),
)


def _well_formed_move(move: Move) -> None:
    assert 1 <= len(move.steps) <= BOARD.max_slots
    for step in move.steps:
        assert step.location in BOARD.ring
        check_step_shape(step, "parsed")  # raises RuleError if malformed


def _well_formed_steal(steal: Steal) -> None:
    assert 1 <= len(steal.slots) <= BOARD.max_slots
    for slot in steal.slots:
        if isinstance(slot, StealSlot):
            assert slot.location in BOARD.ring
            assert all(c in BOARD.colour_ring for c in slot.colours)
        else:
            assert len(slot.give) == BOARD.exchange_give
            assert all(c in BOARD.colour_ring for c in [*slot.give, slot.take])


def _check_names(found: list[str]) -> None:
    assert all(name in BOARD.ring or name in BOARD.colour_ring for name in found)


def _check_counts(found: dict[str, int]) -> None:
    assert all(colour in BOARD.colour_ring and n >= 0 for colour, n in found.items())


PARSERS: dict[str, tuple[Callable[[str], Any], Callable[[Any], None]]] = {
    "move": (parse_move_plan, _well_formed_move),
    "steal": (parse_steal_plan, _well_formed_steal),
    "locations": (parse_locations, _check_names),
    "colours": (parse_colours, _check_names),
    "cubes": (parse_cube_counts, _check_counts),
}


@pytest.mark.parametrize("parser", sorted(PARSERS))
@settings(max_examples=400, deadline=None)
@given(text=PLAN_TEXT)
def test_any_unicode_text_parses_to_a_well_formed_action_or_a_rule_error(
    parser: str, text: str
) -> None:
    parse, check = PARSERS[parser]
    try:
        found = parse(text)
    except RuleError as error:
        assert error.message.strip()
        return
    check(found)


@pytest.mark.parametrize(
    ("parse", "text", "message"),
    [
        (
            parse_move_plan,
            "thames up ²",
            "say how many levels (a whole number, at least 1), not “²”",
        ),
        (parse_move_plan, "thames up ١", "not “١”"),
        (parse_move_plan, "thames up 12345678", "“12345678” is too big a number for levels"),
        (parse_cube_counts, "² red", "“²” is not a colour"),
        (parse_cube_counts, "9999999 red", "too big a number for a count of cubes"),
    ],
)
def test_numbers_are_plain_ascii_digits_and_not_too_long(
    parse: Callable[[str], object], text: str, message: str
) -> None:
    with pytest.raises(RuleError) as caught:
        parse(text)
    assert message in caught.value.message, caught.value.message
