"""Fantasy Business AIs of every level play whole games that `apply` accepts move by move."""

import pytest

from ai import LEVELS, Budget, Level, decide, decision_seed
from rules.fantasy_business import RULES
from rules.fantasy_business.actions import Give

from .tables import play


@pytest.mark.parametrize(
    ("levels", "options", "seed"),
    [
        (["random", "standard", "strong"], {}, 1),
        (["strong", "random", "standard", "random"], {"low_prices": True}, 2),
        (["standard"] * 6, {"sole_lowest_bonus": True}, 3),
        (
            [
                "random",
                "standard",
                "random",
                "standard",
                "random",
                "standard",
                "random",
                "standard",
            ],
            {},
            4,
        ),
    ],
)
def test_a_table_of_ais_plays_a_whole_game(
    levels: list[Level], options: dict[str, bool], seed: int
) -> None:
    played = play("fantasy-business", levels, seed, {"turns": 4, **options})
    outcome = RULES.outcome(played.final)
    assert outcome is not None and outcome.winners
    assert played.final.turn == 4


def test_the_same_question_gets_the_same_answer() -> None:
    state, events = RULES.setup(4, {}, 8, 0)
    view = RULES.view(state, 0)
    for level in LEVELS:
        answers = {
            decide("fantasy-business", level, view, events, 5, Budget(iterations=8))
            for _ in range(2)
        }
        assert len(answers) == 1


def test_an_ai_never_gives_anything_away() -> None:
    played = play("fantasy-business", ["random"] * 3, 6, {"turns": 3})
    assert RULES.outcome(played.final) is not None
    state, events = RULES.setup(3, {}, 6, 0)
    for seed in range(40):
        assert not isinstance(
            decide("fantasy-business", "random", RULES.view(state, 0), events, seed), Give
        )


def test_decide_needs_the_view_of_a_seat_that_owes_an_action() -> None:
    state, events = RULES.setup(3, {}, 1, 0)
    with pytest.raises(ValueError, match="seat's own view"):
        decide("fantasy-business", "standard", RULES.view(state, None), events, 1)
    with pytest.raises(ValueError, match="nothing to decide"):
        decide("fantasy-business", "standard", RULES.view(state, 2), events, 1)
    with pytest.raises(ValueError, match="not an AI level"):
        decide("fantasy-business", "genius", RULES.view(state, 0), events, 1)  # type: ignore[call-overload]
    with pytest.raises(ValueError, match="No AI plays"):
        decide("fagins-gang", "standard", RULES.view(state, 0), events, 1)


@pytest.mark.parametrize("game_seed", range(6))
def test_a_random_seat_asked_as_the_bot_asks_finishes_its_sheet(game_seed: int) -> None:
    """The bot seeds a decision from the public history's length, which a price set on
    one's own sheet does not change: a random seat that could pick a price it had already
    set got the same seed, the same list and the same move again, forever (a game of
    the bot hung on it)."""
    state, events = RULES.setup(3, {"turns": 2}, game_seed, 0)
    history = [e for e in events if e.public]
    for _ in range(1000):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.waiting_on(state)[0]
        seed = decision_seed(7, len(history), seat)
        action = decide("fantasy-business", "random", RULES.view(state, seat), history, seed)
        state, events = RULES.apply(state, seat, action)
        history += [e for e in events if e.public]
    assert RULES.outcome(state) is not None
