"""Who owes an action, the legal-move lists, timeout defaults and name lookup."""

import pytest
from fb_builders import act, auctioning, position

from rules.errors import RuleError
from rules.fantasy_business import RULES, lookup
from rules.fantasy_business.actions import Auction, Bid, Give, Pass, SetPrice, Submit
from rules.fantasy_business.state import GameState


def all_accepted(state: GameState, seat: int) -> None:
    actions = RULES.legal_actions(state, seat)
    for action in actions:
        RULES.apply(state, seat, action)


def test_waiting_on_the_first_buyer_to_designate_then_the_bidder() -> None:
    state = position(centre=["swords", "horses", "armour", "fire"], first_buyer=2)
    assert RULES.waiting_on(state) == [2]
    assert RULES.default_action(state, 2) == Auction(card=0)
    assert RULES.default_action(state, 0) is None
    state, _ = act(state, 2, Auction(card=0, price=4))
    assert RULES.waiting_on(state) == [3]
    assert RULES.default_action(state, 3) == Pass()


def test_waiting_on_every_seat_that_has_not_submitted_or_owes_a_late_price() -> None:
    state = position(
        phase="pricing",
        articles={0: {"swords": 1}},
        submitted=[0, 2],
        last_prices={0: {"swords": 6}},
    )
    assert RULES.waiting_on(state) == [0, 1, 3]
    assert RULES.default_action(state, 0) == SetPrice(article="swords", price=6)
    assert RULES.default_action(state, 1) == Submit(defaults=True)
    assert RULES.default_action(state, 2) is None


def test_default_actions_always_finish_a_turn() -> None:
    state, _ = RULES.setup(5, {}, seed=9, first=None)
    start = state.turn
    for _ in range(200):
        if state.turn != start:
            break
        seat = RULES.waiting_on(state)[0]
        action = RULES.default_action(state, seat)
        assert action is not None
        state, _ = act(state, seat, action)
    assert state.turn == start + 1


def test_legal_bids_span_the_minimum_to_all_the_bidders_gold() -> None:
    state = auctioning(
        position(gold=[10, 9, 10, 10], centre=["swords"]), 0, price=5, high_bidder=0, to_act=1
    )
    actions = RULES.legal_actions(state, 1)
    assert [a for a in actions if isinstance(a, Bid | Pass)] == [
        Pass(),
        Bid(amount=6),
        Bid(amount=7),
        Bid(amount=9),
    ]
    assert Give(to=2, gold=1) in actions
    assert [a for a in RULES.legal_actions(state, 2) if not isinstance(a, Give)] == []
    all_accepted(state, 1)


def test_legal_actions_are_all_accepted_in_each_phase() -> None:
    auction = position(centre=["swords", "thief", "horses"], acquired=[3], gold=[3, 10, 10, 10])
    all_accepted(auction, 0)
    offer = position(centre=["swords", "horses"], acquired=[0, 1, 2])
    offered, _ = act(offer, 0, Auction(card=0))
    all_accepted(offered, 3)
    pricing = position(
        phase="pricing",
        articles={0: {"swords": 1}, 1: {"horses": 2}},
        specials={
            0: ["thief", "fire", "pickpocket", "guards", "embargo", "royal_warrant"],
            1: ["festival", "subsidy"],
        },
        gold=[10, 0, 5, 5],
    )
    for seat in range(4):
        all_accepted(pricing, seat)
    assert len(RULES.legal_actions(pricing, 0)) > 10


def test_names_full_or_unambiguous_prefix_any_case() -> None:
    assert lookup.article_key("Swords") == "swords"
    assert lookup.article_key("spell s") == "spell_scrolls"
    assert lookup.article_key("ARMOR") == "armour"
    assert lookup.article_key("magic p") == "magic_potions"
    assert lookup.special_key("royal") == "royal_warrant"
    assert lookup.special_key("PICK") == "pickpocket"
    with pytest.raises(RuleError, match="could be more than one article"):
        lookup.article_key("magic")
    with pytest.raises(RuleError, match="is not a special card"):
        lookup.special_key("dragon")
    assert lookup.article_choices("ma") == [
        ("Magic Components", "magic_components"),
        ("Magic Potions", "magic_potions"),
    ]
    assert [k for _, k in lookup.special_choices("")][:2] == ["thief", "fire"]


def test_actions_round_trip_through_json() -> None:
    for action in (
        Auction(card=2, price=None),
        Bid(amount=3),
        Pass(),
        SetPrice(article="swords", price=5),
        Submit(defaults=True),
        Give(to=1, gold=2, article="horses"),
    ):
        assert RULES.parse_action(action.model_dump()) == action
    with pytest.raises(RuleError):
        RULES.parse_action({"type": "steal"})
