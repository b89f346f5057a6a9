"""Setup (§2), options and the board data file."""

import json
from importlib import resources

import pytest

from rules.errors import RuleError
from rules.fagins_gang import RULES
from rules.fagins_gang.board import BOARD, load_board
from rules.fagins_gang.constables import walk
from rules.fagins_gang.stealing import describe_yield

from .builders import COLOURS, kinds, new_game


def test_the_game_identifies_itself() -> None:
    assert RULES.kind == "fagins-gang"
    assert RULES.title == "Fagin's Gang"
    assert (RULES.min_players, RULES.max_players) == (2, 6)
    assert RULES.option_names == frozenset({"round_limit", "fagin_target"})


@pytest.mark.parametrize(("players", "size"), [(2, 15), (3, 15), (4, 20), (5, 25), (6, 30)])
def test_warehouses_fill_by_player_count_and_stalls_take_three(players: int, size: int) -> None:
    state = new_game(players)
    for colour in COLOURS:
        assert state.stalls[colour] == 3
        assert state.warehouses[colour] == size - 3 - players
        assert all(cubes[colour] == 1 for cubes in state.cubes)


def test_every_player_starts_with_20_shillings_and_5_urchins() -> None:
    state = new_game(4)
    assert state.shillings == [20] * 4
    assert state.supply == [5] * 4
    assert all(spots == {} for spots in state.urchins.values())


def test_setup_rolls_are_public_events_with_their_numbers() -> None:
    state, events = RULES.setup(3, {}, 11, None)
    assert kinds(events) == ["setup", "wheel_turned"] + ["constable_placed"] * 6 + ["first_player"]
    assert all(e.public for e in events)
    assert state.wheel_rotation == events[1].data["roll"] % 6
    assert events[-1].data == {"seat": state.first_player, "random": True}


def test_constables_start_by_the_parity_of_their_roll_and_walk_it() -> None:
    for seed in range(10):
        state, events = RULES.setup(2, {}, seed, 0)
        for event in events:
            if event.kind != "constable_placed":
                continue
            roll = event.data["roll"]
            start = 7 if roll % 2 else 0
            assert event.data["start_level"] == start
            expected = walk(start, "up" if roll % 2 else "down", roll)
            assert state.constables[event.data["location"]] == expected


def test_the_host_may_choose_the_first_player() -> None:
    state, events = RULES.setup(5, {}, 3, 4)
    assert state.first_player == 4
    assert RULES.waiting_on(state) == [4]
    assert events[-1].data == {"seat": 4, "random": False}


def test_a_random_first_player_comes_from_the_seed() -> None:
    firsts = {RULES.setup(6, {}, seed, None)[0].first_player for seed in range(30)}
    assert len(firsts) > 1
    assert RULES.setup(6, {}, 5, None)[0] == RULES.setup(6, {}, 5, None)[0]


def test_player_counts_outside_2_to_6_are_refused() -> None:
    with pytest.raises(RuleError, match="for 2 to 6 players, not 7"):
        RULES.setup(7, {}, 1, None)


def test_options_default_to_no_round_limit_and_the_printed_fagin_target() -> None:
    assert RULES.validate_options({}) == {"round_limit": None, "fagin_target": 3}
    assert RULES.validate_options({"round_limit": 30, "fagin_target": 2}, 4) == {
        "round_limit": 30,
        "fagin_target": 2,
        "edition": 2,
    }


def test_a_game_started_now_is_of_todays_edition_and_one_without_an_edition_of_the_first() -> None:
    """A game the bot starts keeps `edition` in its options, so its replay sets up the
    same game; options without it are those of a game started before editions."""
    assert RULES.validate_options({"edition": 1}, 4)["edition"] == 1
    new, _ = RULES.setup(4, RULES.validate_options({}, 4), 5, 0)
    old, _ = RULES.setup(4, {"round_limit": None, "fagin_target": 3}, 5, 0)
    assert (new.rng.version, new.wheel_ring) == (2, "colours")
    assert (old.rng.version, old.wheel_ring) == (1, "locations")
    assert '"version"' in RULES.dump_state(new) and '"wheel_ring"' in RULES.dump_state(new)
    assert '"version"' not in RULES.dump_state(old) and "wheel_ring" not in RULES.dump_state(old)
    assert RULES.load_state(RULES.dump_state(new)) == new
    with pytest.raises(ValueError, match="edition 9"):
        RULES.validate_options({"edition": 9}, 4)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"turns": 5}, "turns is not an option of Fagin's Gang."),
        ({"turns": 5, "low_prices": True}, "low_prices, turns are not options of Fagin's Gang."),
        ({"round_limit": 0}, "round_limit:` must be a whole number of rounds from 1 to 200"),
        ({"round_limit": 201}, "round_limit:` must be"),
        ({"round_limit": True}, "round_limit:` must be"),
        ({"fagin_target": 6}, "fagin_target:` must be a whole number from 1 to 5"),
        ({"fagin_target": "3"}, "fagin_target:` must be"),
    ],
)
def test_bad_options_are_refused_by_name(raw: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError) as caught:
        RULES.validate_options(raw)
    assert message in caught.value.message


def test_options_left_empty_by_other_games_are_ignored() -> None:
    assert RULES.validate_options({"turns": None, "round_limit": None})["fagin_target"] == 3


def test_the_board_derives_neighbour_colours_from_ring_order() -> None:
    assert BOARD.ring == ("thames", "covent", "holborn", "bow", "chertsey", "stpauls")
    assert BOARD.ring_colour("bow", "L") == "red"
    assert BOARD.ring_colour("bow", "R") == "black"
    assert BOARD.ring_colour("bow", "O") == "blue"
    assert BOARD.ring_colour("stpauls", "R") == "blue"  # the ring wraps
    assert describe_yield(BOARD.goods_at("bow", 4)) == "2 blue, 2 black"
    assert describe_yield(BOARD.goods_at("bow", 0)) == "4 of your choice"
    assert BOARD.goods_at("bow", 7) == []
    assert BOARD.shillings_at("bow", 7) == 8


def test_a_board_file_with_a_missing_warehouse_size_is_rejected() -> None:
    raw = json.loads(resources.files("rules.fagins_gang").joinpath("board.json").read_text())
    del raw["warehouse_sizes"]["5"]
    with pytest.raises(ValueError, match="no warehouse size for 5 players"):
        load_board(json.dumps(raw))


def test_a_board_file_with_a_name_claimed_twice_is_rejected() -> None:
    raw = json.loads(resources.files("rules.fagins_gang").joinpath("board.json").read_text())
    raw["locations"][1]["aliases"].append("thames")
    with pytest.raises(ValueError, match="claimed twice"):
        load_board(json.dumps(raw))


def test_the_constable_set_up_rule_is_read_from_the_board_data(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """§2.4 [ed] lives in board.json: a group may start every constable elsewhere."""
    raw = json.loads(resources.files("rules.fagins_gang").joinpath("board.json").read_text())
    assert raw["constable_start"] == {
        "odd": {"level": 7, "facing": "up"},
        "even": {"level": 0, "facing": "down"},
    }
    raw["constable_start"] = {
        "odd": {"level": 3, "facing": "down"},
        "even": {"level": 4, "facing": "up"},
    }
    monkeypatch.setattr("rules.fagins_gang.constables.BOARD", load_board(json.dumps(raw)))
    state, events = RULES.setup(2, {}, 3, 0)
    placed = [e for e in events if e.kind == "constable_placed"]
    assert len(placed) == len(BOARD.ring)
    for event in placed:
        roll = event.data["roll"]
        start, facing = (3, "down") if roll % 2 else (4, "up")
        assert event.data["start_level"] == start
        assert f"starts on level {start} facing {facing}" in event.text
        assert state.constables[event.data["location"]] == walk(start, facing, roll)


def test_a_constable_set_up_off_the_track_is_rejected() -> None:
    raw = json.loads(resources.files("rules.fagins_gang").joinpath("board.json").read_text())
    raw["constable_start"]["odd"]["level"] = 9
    with pytest.raises(ValueError, match="constables must start on a level of the track"):
        load_board(json.dumps(raw))
