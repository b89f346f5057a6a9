"""Which moves bring something hidden or random to light (`GameRules.reveals`): those
can never be taken back, or a take-back would let a player peek or re-roll."""

from rules.fagins_gang import RULES as FG
from rules.fagins_gang import Move, MoveStep, Skip
from rules.fantasy_business import RULES as FB
from rules.fantasy_business.actions import Auction, Bid, Give, Pass, PlaySpecial, SetPrice, Submit
from tests.rules.fagins_gang.builders import new_game
from tests.rules.fantasy_business.fb_builders import act, position


def fb_reveals(state, seat, action):  # type: ignore[no-untyped-def]
    after, events = act(state, seat, action)
    return FB.reveals(state, seat, after, events)


def test_a_bid_a_pass_and_a_price_reveal_nothing() -> None:
    auction = position(3, centre=["swords", "thief", "horses"])
    assert not fb_reveals(auction, 0, Auction(card=0, price=4))
    opened, _ = act(auction, 0, Auction(card=0))
    assert not fb_reveals(opened, 1, Bid(amount=4))
    assert not fb_reveals(opened, 1, Pass())
    pricing = position(3, phase="pricing", articles={0: {"swords": 1}})
    assert not fb_reveals(pricing, 0, SetPrice(article="swords", price=6))  # one's own news
    assert not fb_reveals(pricing, 0, Give(to=1, gold=2))


def test_learning_a_special_playing_one_and_the_last_sheet_reveal() -> None:
    last_buyer = position(3, centre=["thief"], acquired=[1, 2])
    # The First Buyer takes the face-down special: its face is shown to them.
    assert fb_reveals(last_buyer, 0, Auction(card=0, price=1))
    pricing = position(3, phase="pricing", articles={1: {"horses": 1}}, specials={0: ["guards"]})
    assert fb_reveals(pricing, 0, PlaySpecial(card="guards"))  # turned face up
    assert fb_reveals(pricing, 0, Give(to=2, card="guards"))  # the receiver learns it
    last_sheet = position(3, phase="pricing", submitted=[1, 2], total_turns=3)
    assert fb_reveals(last_sheet, 0, Submit())  # every sheet revealed, new cards drawn


def test_in_fagins_gang_only_the_end_of_a_round_rolls_dice() -> None:
    state = new_game(2, first=0)
    move = Move(steps=[MoveStep(location="thames", kind="enter")])
    after, events = FG.apply(state, 0, move)
    assert not FG.reveals(state, 0, after, events)
    ended, events = FG.apply(after, 1, Skip())  # the round's last action: constables roll
    assert FG.reveals(after, 1, ended, events)
