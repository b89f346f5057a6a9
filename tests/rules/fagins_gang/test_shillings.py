"""Action c: stealing shillings from the bank by level (§4c)."""

import pytest

from rules.fagins_gang.actions import Shillings

from .builders import act, position, refused


@pytest.mark.parametrize(
    ("level", "amount"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)]
)
def test_shillings_follow_the_level_table(level: int, amount: int) -> None:
    state = position(urchins={"covent": {0: level}})
    after, events = act(state, 0, Shillings(locations=["covent"]))
    assert after.shillings[0] == state.shillings[0] + amount
    assert events[0].data == {"seat": 0, "location": "covent", "level": level, "amount": amount}


@pytest.mark.parametrize(
    ("key", "purse"),
    [("thames", 6), ("covent", 6), ("holborn", 8), ("bow", 8), ("chertsey", 10), ("stpauls", 12)],
)
def test_the_bottom_level_yields_the_locations_purse(key: str, purse: int) -> None:
    state = position(urchins={key: {0: 7}})
    after, _ = act(state, 0, Shillings(locations=[key]))
    assert after.shillings[0] == state.shillings[0] + purse


def test_shillings_at_three_locations_add_up() -> None:
    state = position(urchins={"thames": {0: 7}, "bow": {0: 6}, "stpauls": {0: 7}})
    after, _ = act(state, 0, Shillings(locations=["thames", "bow", "stpauls"]))
    assert after.shillings[0] == state.shillings[0] + 6 + 3 + 12


def test_shillings_where_you_have_no_urchin_are_refused() -> None:
    refused(position(), 0, Shillings(locations=["bow"]), "you have no urchin at Bow Street")


def test_shillings_at_a_location_named_twice_are_refused() -> None:
    state = position(urchins={"bow": {0: 6}})
    refused(state, 0, Shillings(locations=["bow", "bow"]), "Bow Street is named twice")


def test_shillings_at_more_than_three_locations_are_refused() -> None:
    keys = ["thames", "covent", "bow", "chertsey"]
    state = position(urchins={k: {0: 6} for k in keys})
    refused(state, 0, Shillings(locations=keys), "at most at 3 locations")


def test_no_location_is_refused() -> None:
    refused(position(), 0, Shillings(locations=[]), "Name at least one location")
