"""The coach's reasons name numbers the player can check: a price's income against last
turn's revealed prices, what a move plan does, what Fagin still costs."""

from bot.i18n import speaking
from bot.render.coach.reasons import reason
from rules.fagins_gang import RULES as GANG
from rules.fagins_gang.actions import Move, MoveStep
from rules.fantasy_business import RULES as BUSINESS
from rules.fantasy_business.actions import SetPrice
from rules.fantasy_business.state import Reveal
from tests.rules.fantasy_business.fb_builders import position


def test_a_price_reason_counts_the_income_at_last_turns_prices() -> None:
    state = position(
        3,
        phase="pricing",
        articles={0: {"swords": 2}, 1: {"swords": 1}, 2: {"horses": 1}},
    )
    state.last_reveal = Reveal(
        turn=1, sheets=[{"swords": 9}, {"swords": 6}, {}], income=[], totals=[0, 0, 0], gold=[0] * 3
    )
    view = BUSINESS.view(state, 0)
    said = reason(view, 0, SetPrice(article="swords", price=5))
    # Lowest of the two owners: (5 + 2) gold for each of 2 cards.
    assert "You sell 2 cards of Swords at 5 gold each." in said
    assert "the last reveal (6), this earns you 14 gold" in said
    high = reason(view, 0, SetPrice(article="swords", price=7))
    assert "this earns you 0 gold" in high  # the highest price earns nothing
    with speaking("de"):
        german = reason(view, 0, SetPrice(article="swords", price=5))
    assert "14 Gold" in german and "Schwerter" in german


def test_a_move_reason_says_what_the_plan_does() -> None:
    state, _events = GANG.setup(3, {}, 7, 0)
    view = GANG.view(state, 0)
    plan = Move(
        steps=[
            MoveStep(location="thames", kind="enter", direction="up", levels=2),
            MoveStep(location="covent", kind="enter"),
        ]
    )
    said = reason(view, 0, plan)
    assert "It brings 2 urchins onto the tracks." in said
    assert "It climbs 2 levels" in said
    assert "Fagin's price is" in said or "Fagin's price asks" in said
