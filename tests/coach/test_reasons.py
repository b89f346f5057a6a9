"""The coach's reasons say true things: each sentence is worked out from the asker's view
and the move, with the real numbers, and each is checked here against a position where it
would be false — there, it is not said."""

from bot.i18n import speaking
from bot.render.coach.reasons import reason
from rules.fagins_gang import RULES as GANG
from rules.fagins_gang.actions import (
    Discard,
    ExchangeSlot,
    MarketPass,
    Move,
    MoveStep,
    OpenMarket,
    Shillings,
    Skip,
    Steal,
    StealSlot,
)
from rules.fantasy_business import RULES as BUSINESS
from rules.fantasy_business.actions import Auction, Bid, Pass, SetPrice, Submit
from rules.fantasy_business.state import AuctionState, Reveal
from tests.rules.fagins_gang import builders as fg
from tests.rules.fantasy_business.fb_builders import position

GENERIC = (
    "search",
    "playouts",
    "leaves you best placed",
    "add to it",
    "pays for the next ones",
    "every article you own has its price",
    "lets the others bid first",
    "gains you more now than it risks",
)
"""The stock phrases the coach used to say whether or not they were true."""


def said(view: object, seat: int, action: object) -> str:
    text = reason(view, seat, action)
    assert not any(phrase in text.lower() for phrase in GENERIC), text
    with speaking("de"):
        german = reason(view, seat, action)
    assert german and german != text and "Suche" not in german and "Probespiel" not in german
    return text


# -- Fantasy Business ------------------------------------------------------------------------


def test_a_price_is_valued_at_the_other_owners_last_prices_only_when_they_are_known() -> None:
    state = position(
        3, phase="pricing", articles={0: {"swords": 2}, 1: {"swords": 1}, 2: {"horses": 1}}
    )
    state.last_reveal = Reveal(
        turn=1, sheets=[{"swords": 9}, {"swords": 6}, {}], income=[], totals=[0, 0, 0], gold=[0] * 3
    )
    view = BUSINESS.view(state, 0)
    text = said(view, 0, SetPrice(article="swords", price=5))
    # Lowest of the two owners: (5 + 2) gold for each of 2 cards.
    assert "You sell 2 cards of Swords at 5 gold each." in text
    assert "the last reveal (6), this earns you 14 gold" in text
    assert "Nobody else owns" not in text  # bob owns Swords too
    assert "this earns you 0 gold" in said(view, 0, SetPrice(article="swords", price=7))
    with speaking("de"):
        german = reason(view, 0, SetPrice(article="swords", price=5))
    assert "14 Gold" in german and "Schwerter" in german


def test_a_price_against_secret_rivals_says_both_outcomes_with_their_numbers() -> None:
    state = position(3, phase="pricing", articles={0: {"swords": 2}, 1: {"swords": 1}})
    text = said(BUSINESS.view(state, 0), 0, SetPrice(article="swords", price=5))
    assert "1 other player owns it too and prices it in secret" in text
    assert "if they ask more, this earns you 14 gold; if they ask less, 0" in text
    assert "last reveal" not in text  # nobody's price is known


def test_nobody_else_owns_it_only_when_nobody_does() -> None:
    state = position(3, phase="pricing", articles={0: {"horses": 1}, 1: {"swords": 1}})
    text = said(BUSINESS.view(state, 0), 0, SetPrice(article="horses", price=5))
    assert "Nobody else owns Horses" in text and "This earns you 7 gold." in text


def test_an_opening_with_no_price_names_who_bids_first_only_if_someone_can() -> None:
    open_table = position(3, centre=["swords", "horses"])
    text = said(BUSINESS.view(open_table, 0), 0, Auction(card=0))
    assert "{p1} bids first, at least" in text and "only buyer" not in text
    last = position(3, centre=["swords"], acquired=[1, 2])
    text = said(BUSINESS.view(last, 0), 0, Auction(card=0))
    assert "You are the only buyer left" in text and "bids first" not in text
    assert "keep 6 of your 10 gold" in text  # Swords' minimum is its base value, 4
    bought = position(3, centre=["swords"], acquired=[0])
    text = said(BUSINESS.view(bought, 0), 0, Auction(card=0))
    assert "You have bought a card this turn" in text and "{p1} opens" in text
    offered = position(3, centre=["swords"], acquired=[0, 1])
    text = said(BUSINESS.view(offered, 0), 0, Auction(card=0))
    assert "{p2}, the only buyer left, may take" in text and "opens" not in text


def test_a_bid_says_whose_bid_it_raises_and_what_gold_is_left() -> None:
    state = position(3, centre=["swords", "horses"])
    state.auction = AuctionState(card=state.centre[0], price=6, high_bidder=2, to_act=0)
    text = said(BUSINESS.view(state, 0), 0, Bid(amount=7))
    assert "You raise {p2}'s 6 to 7 gold" in text and "keep 3 of your 10 gold" in text
    assert "base value of 4 counts for your score" in text
    fresh = position(3, centre=["swords", "horses"])
    fresh.auction = AuctionState(card=fresh.centre[0], to_act=0, quiet=1)
    assert "raise" not in said(BUSINESS.view(fresh, 0), 0, Bid(amount=4))


def test_a_pass_says_what_bidding_would_cost_and_never_that_it_costs_too_much_if_not() -> None:
    state = position(3, centre=["swords", "horses"], gold=[10, 10, 10])
    state.auction = AuctionState(card=state.centre[0], price=6, high_bidder=2, to_act=0)
    text = said(BUSINESS.view(state, 0), 0, Pass())
    assert "would cost at least 7 of your 10 gold" in text and "more than your" not in text
    assert "1 more card is still to come this turn." in text
    poor = position(3, centre=["swords"], gold=[5, 10, 10])
    poor.auction = AuctionState(card=poor.centre[0], price=6, high_bidder=2, to_act=0)
    text = said(BUSINESS.view(poor, 0), 0, Pass())
    assert "at least 7 gold, more than your 5" in text and "still to come" not in text


def test_a_submission_names_what_is_priced_and_never_claims_prices_a_seat_does_not_have() -> None:
    nothing = position(3, phase="pricing", articles={1: {"swords": 1}})
    text = said(BUSINESS.view(nothing, 0), 0, Submit())
    assert "You own no articles" in text and "special" not in text
    priced = position(
        3,
        phase="pricing",
        articles={0: {"swords": 1}},
        prices={0: {"swords": 5}},
        specials={0: ["thief"]},
        submitted=[1, 2],
    )
    text = said(BUSINESS.view(priced, 0), 0, Submit())
    assert "Your sheet prices Swords 5." in text and "own no articles" not in text
    assert "Your special card (Thief) stays in your hand" in text
    assert "Yours is the last sheet" in text and "still out" not in text


# -- Fagin's Gang ----------------------------------------------------------------------------


def test_a_steal_with_a_bad_exchange_says_the_worth_goes_down() -> None:
    state = fg.position(cubes={0: {"blue": 1, "green": 1, "red": 1}})
    view = GANG.view(state, 0)
    prices = view.prices
    gave = prices["blue"] + prices["green"] + prices["red"]
    exchange = Steal(slots=[ExchangeSlot(give=["blue", "green", "red"], take="green")])
    text = said(view, 0, exchange)
    worth = view.seats[0].worth
    after = worth - gave + prices["green"]
    assert f"gives up 1 blue, 1 green and 1 red (worth {gave})" not in text  # English lists
    assert f"(worth {gave}) for 1 green (worth {prices['green']})" in text
    assert f"go from {worth} to {after}." in text
    assert after < worth and "You steal" not in text  # nothing is stolen, only exchanged


def test_a_steal_values_the_goods_taken() -> None:
    state = fg.position(urchins={"covent": {0: 5}})
    view = GANG.view(state, 0)
    text = said(view, 0, Steal(slots=[StealSlot(location="covent", colours=["green"])]))
    assert "You steal" in text and "exchange" not in text
    assert f"go from {view.seats[0].worth} to" in text


def test_money_pays_for_fagin_only_when_there_is_enough() -> None:
    rich = fg.position(urchins={"covent": {0: 5}}, shillings={0: 54})
    text = said(GANG.view(rich, 0), 0, Shillings(locations=["covent"]))
    have = 54 + int(text.split("You steal ")[1].split()[0])
    price = GANG.view(rich, 0).fagin_price
    assert f"That pays for sending {have // price} urchins to Fagin" in text
    poor = fg.position(urchins={"covent": {0: 5}}, shillings={0: 0})
    text = said(GANG.view(poor, 0), 0, Shillings(locations=["covent"]))
    assert "pays for" not in text and "you would still need" in text


def test_a_move_costs_what_it_pays_and_fagin_is_said_as_it_stands() -> None:
    state = fg.new_game()
    state.cubes[0]["blue"] = 3
    view = GANG.view(state, 0)
    plan = Move(
        steps=[
            MoveStep(location="thames", kind="enter", direction="up", levels=2),
            MoveStep(location="covent", kind="enter"),
        ]
    )
    text = said(view, 0, plan)
    assert "This puts 2 urchins on the tracks." in text
    assert "Your urchins climb 2 levels" in text
    assert "It costs 3 blue and 1 green" not in text  # English keeps its commas
    assert "It costs 3 blue, 1 green" in text
    # 20 shillings at the start: enough for Fagin's 15, so nothing is "still needed".
    assert "You already have the 15 shillings for Fagin." in text and "still need" not in text
    broke = fg.new_game()
    broke.shillings[0] = 3
    text = said(GANG.view(broke, 0), 0, Move(steps=[MoveStep(location="thames", kind="enter")]))
    assert "you would still need 12" in text and "already have" not in text


def test_a_skip_says_what_each_other_action_would_cost_or_bring() -> None:
    start = fg.new_game()  # round 1: nobody is on a track yet
    text = said(GANG.view(start, 0), 0, Skip())
    assert "The cheapest move would cost 1 " in text
    assert "No urchin of yours stands where it could steal." in text
    assert "Opening the market would let every player trade" in text
    placed = fg.position(urchins={"covent": {0: 5}})
    text = said(GANG.view(placed, 0), 0, Skip())
    assert "No urchin of yours stands where it could steal." not in text
    assert "Stealing goods would bring at most" in text and "Stealing money" in text


def test_leaving_the_market_lists_the_trades_still_open_only_if_there_are_any() -> None:
    state = fg.position(shillings={0: 20})
    state, _ = GANG.apply(state, 0, OpenMarket())
    text = said(GANG.view(state, 0), 0, MarketPass())
    assert "You could still buy" in text and "No trade is open" not in text
    empty = fg.position(shillings={0: 0}, cubes={0: {}})
    empty, _ = GANG.apply(empty, 0, OpenMarket())
    text = said(GANG.view(empty, 0), 0, MarketPass())
    assert "No trade is open to you anyway." in text and "could still" not in text


def test_returning_cubes_says_least_only_when_no_choice_gives_up_less() -> None:
    state = fg.position(cubes={0: {"blue": 20, "red": 10}})
    state.phase = "discard"
    state.pending_discards = {0: 5}
    view = GANG.view(state, 0)
    cheap, dear = sorted(("blue", "red"), key=lambda c: view.prices[c])
    text = said(view, 0, Discard(cubes={cheap: 5}))
    assert "No other choice of cubes gives up less." in text
    text = said(view, 0, Discard(cubes={dear: 5}))
    assert "gives up less" not in text and f"{view.prices[dear] * 5} shillings' worth" in text
