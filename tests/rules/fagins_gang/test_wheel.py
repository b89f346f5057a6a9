"""The price wheel (§1): the colours sit on it in their own ring order, so seed 000's
example, purple for 6 shillings and black for 12 at once, happens; a game started under
the earlier ring (the colours in location order) keeps it."""

from rules.fagins_gang import RULES
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.state import price, prices
from tests.rules.fagins_gang.builders import position


def test_the_wheel_ring_is_the_spec_s_colour_order() -> None:
    assert BOARD.wheel_ring == ("blue", "green", "purple", "red", "yellow", "black")


def test_at_rotation_0_purple_costs_6_and_black_12() -> None:
    state = position(rotation=0, edition=2)
    assert state.wheel_ring == "colours"
    assert price(state, "purple") == 6
    assert price(state, "black") == 12
    assert prices(state) == {
        "blue": 2,
        "green": 4,
        "red": 8,
        "yellow": 10,
        "black": 12,
        "purple": 6,
    }


def test_the_colour_at_ring_index_i_costs_the_wheel_at_i_plus_the_rotation() -> None:
    for rotation in range(6):
        state = position(rotation=rotation, edition=2)
        for index, colour in enumerate(BOARD.wheel_ring):
            assert price(state, colour) == BOARD.wheel[(index + rotation) % 6]


def test_a_game_started_under_the_location_ring_keeps_it() -> None:
    state = position(rotation=0)
    assert state.wheel_ring == "locations"
    assert [price(state, c) for c in BOARD.colour_ring] == [2, 4, 6, 8, 10, 12]
    assert price(state, "purple") == 12 and price(state, "black") == 10
    stored = RULES.dump_state(state)
    assert "wheel_ring" not in stored
    assert RULES.load_state(stored).wheel_ring == "locations"


def test_the_view_shows_the_ring_s_prices_and_a_rebuilt_world_keeps_the_ring() -> None:
    from rules.fagins_gang.worlds import sample_world
    from rules.rng import Rng

    for edition, ring in ((1, "locations"), (2, "colours")):
        for rotation in range(6):
            state = position(rotation=rotation, edition=edition)
            view = RULES.view(state, 0)
            assert view.prices == prices(state)
            assert sample_world(view, Rng(seed=1)).wheel_ring == ring
