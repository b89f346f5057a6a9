"""The options a table lists are the ones its players chose."""

from bot.i18n import ENGLISH, speaking
from bot.render.generic import describe_options
from rules.fantasy_business import RULES


def test_the_option_list_shows_choices_not_the_bots_bookkeeping() -> None:
    """A table started today carries its edition (which generator and wheel ring it
    replays with); "edition: 2" in the lobby's option list told players nothing."""
    options = RULES.validate_options({"turns": 5, "low_prices": True}, 4)
    assert "edition" in options  # kept with the game, so it replays as it was played
    with speaking(ENGLISH):
        listed = describe_options({**options, "language": "de", "ai_seed": 7})
    assert listed == "low prices: on, turns: 5"
