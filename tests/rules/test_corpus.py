"""Every stored game replays to the same state, byte for byte, move by move.

The corpus (`tests/rules/corpus/`, see `games.py` there) holds games recorded with the
rules core as it was before its fast rewrite: both games, two to eight seats, their
options and variants, random and AI moves and refused attempts. Replaying each from its
seed and log must give, after every move, the same stored JSON, the same events and
sentences, the same views and the same refusals, so a game stored then continues now
exactly as it would have.
"""

import json
from pathlib import Path
from typing import Any

import pytest

from rules.errors import RuleError
from rules.registry import GAMES
from tests.rules.corpus.games import FOLDER, digest

FILES = sorted(FOLDER.glob("*.json"))


def _load(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8")))


def test_the_corpus_has_both_games_and_hundreds_of_moves() -> None:
    games = [_load(path) for path in FILES]
    assert {game["kind"] for game in games} == {"fantasy-business", "fagins-gang"}
    assert len({(game["kind"], game["players"]) for game in games}) >= 8
    assert sum(len(game["moves"]) for game in games) > 2000


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_a_recorded_game_replays_move_by_move(path: Path) -> None:
    game = _load(path)
    rules = GAMES[game["kind"]]
    state, _ = rules.setup(game["players"], game["options"], game["seed"], game["first"])
    for number, (seat, data, expected, *refusal) in enumerate(game["moves"]):
        if expected is None:
            before = rules.dump_state(state)
            try:
                rules.apply(state, seat, rules.parse_action(data))
            except RuleError as error:
                assert error.message == refusal[0], f"move {number}: {data}"
            except Exception as error:
                assert type(error).__name__ == refusal[0], f"move {number}: {data}"
            else:
                raise AssertionError(f"move {number}: {data} was refused when recorded")
            assert rules.dump_state(state) == before
            continue
        state, events = rules.apply(state, seat, rules.parse_action(data))
        assert digest(rules, state, seat, events) == expected, f"move {number}: {data}"
    assert rules.dump_state(state) == game["final"]


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_the_in_place_apply_plays_a_recorded_game_the_same(path: Path) -> None:
    """Search and random play change one state move after move (`apply_in_place`): the
    same log gives the same states, events and views as the pure `apply`."""
    game = _load(path)
    rules: Any = GAMES[game["kind"]]
    state, _ = rules.setup(game["players"], game["options"], game["seed"], game["first"])
    for number, (seat, data, expected, *_) in enumerate(game["moves"]):
        if expected is None:
            continue  # refused: in place, a refusal may leave the state half changed
        events = rules.apply_in_place(state, seat, rules.parse_action(data))
        assert digest(rules, state, seat, events) == expected, f"move {number}: {data}"
    assert rules.dump_state(state) == game["final"]
