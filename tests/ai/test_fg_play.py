"""Fagin's Gang AIs of every level play whole games that `apply` accepts move by move."""

import statistics

import pytest

from ai import Budget, Level
from rules.fagins_gang import RULES

from .tables import play


@pytest.mark.parametrize(
    ("levels", "options", "seed"),
    [
        (["random", "standard", "strong"], {"fagin_target": 1, "round_limit": 6}, 1),
        (["strong", "random"], {"fagin_target": 2, "round_limit": 4}, 2),
        (["random"] * 6, {"round_limit": 12}, 3),
        (["standard", "random", "standard", "random", "standard"], {"round_limit": 15}, 4),
    ],
)
def test_a_table_of_ais_plays_a_whole_game(
    levels: list[Level], options: dict[str, int], seed: int
) -> None:
    played = play("fagins-gang", levels, seed, options, Budget(iterations=4))
    assert RULES.outcome(played.final) is not None


def test_four_standard_players_reach_fagin_three_times_before_long() -> None:
    """The printed game (target 3, no round limit) ends by a win, in a few dozen rounds."""
    rounds = []
    for seed in range(3):
        played = play("fagins-gang", ["standard"] * 4, seed)
        outcome = RULES.outcome(played.final)
        assert outcome is not None and max(outcome.scores.values()) == 3
        rounds.append(played.final.round)
    assert statistics.median(rounds) <= 40
