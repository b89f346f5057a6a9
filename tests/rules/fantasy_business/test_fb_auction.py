"""Spec §3.1, the auctions, rule by rule, and the §7 refusals that belong to them."""

from fb_builders import act, auctioning, kinds, only, position, refused, run

from rules.fantasy_business import RULES, deck
from rules.fantasy_business.actions import Auction, Bid, Pass


def test_3_1_1_first_buyer_lays_out_one_card_per_player() -> None:
    for players in range(3, 9):
        state, events = RULES.setup(players, {}, seed=players, first=0)
        assert len(state.centre) == players
        assert len(state.draw_pile) == deck.deck_size() - players
        started = only(events, "turn_started")
        assert len(started.data["centre"]) == players


def test_3_1_1_centre_shows_articles_face_up_and_specials_face_down() -> None:
    specials_seen = 0
    for seed in range(10):
        state, events = RULES.setup(6, {}, seed=seed, first=0)
        shown = only(events, "turn_started")
        for card_id, public in zip(state.centre, shown.data["centre"], strict=True):
            card = deck.card(card_id)
            if card.kind == "special":
                specials_seen += 1
                assert public == {"kind": "special", "name": "special card"}
                assert card.name not in shown.text
            else:
                assert public["name"] == card.name and card.name in shown.text
    assert specials_seen > 0


def test_3_1_2_only_the_first_buyer_designates() -> None:
    state = position(centre=["swords", "horses", "armour", "bows_and_arrows"])
    refused(state, 1, Auction(card=0), "Only the First Buyer ({p0}) designates the next card.")


def test_3_1_2_designated_card_must_be_in_the_centre() -> None:
    state = position(centre=["swords", "horses", "armour", "bows_and_arrows"])
    refused(state, 0, Auction(card=6), "There is no card 7 in the centre (there are 4).")
    refused(state, 0, Auction(card=-1), "There is no card 0 in the centre (there are 4).")


def test_3_1_2_opening_price_is_at_least_the_base_value() -> None:
    state = position(centre=["swords", "horses", "armour", "bows_and_arrows"])
    refused(
        state,
        0,
        Auction(card=0, price=3),
        "The opening price for the Swords must be at least 4 gold; 3 is too low.",
    )


def test_3_1_2_opening_price_for_a_special_is_at_least_one_gold() -> None:
    state = position(centre=["thief", "horses", "armour", "swords"])
    refused(
        state,
        0,
        Auction(card=0, price=0),
        "The opening price for the special card must be at least 1 gold; 0 is too low.",
    )
    after, _ = act(state, 0, Auction(card=0, price=1))
    assert after.auction is not None and after.auction.price == 1


def test_3_1_2_opening_price_cannot_exceed_gold() -> None:
    state = position(gold=[4, 10, 10, 10], centre=["horses", "swords", "armour", "fire"])
    refused(state, 0, Auction(card=0, price=6), "You have only 4 gold; you cannot bid 6.")


def test_3_1_2_first_buyer_opens_with_a_price_then_the_left_player_bids() -> None:
    state = position(centre=["swords", "horses", "armour", "fire"])
    state, events = act(state, 0, Auction(card=0, price=5))
    assert state.auction is not None
    assert (state.auction.price, state.auction.high_bidder, state.auction.to_act) == (5, 0, 1)
    assert RULES.waiting_on(state) == [1]
    assert only(events, "card_designated").data["price"] == 5


def test_3_1_2_first_buyer_may_announce_no_price() -> None:
    state = position(centre=["swords", "horses", "armour", "fire"])
    state, _ = act(state, 0, Auction(card=1))
    assert state.auction is not None
    assert state.auction.price is None and state.auction.high_bidder is None
    assert state.auction.to_act == 1


def test_3_1_2_first_buyer_who_acquired_cannot_announce_a_price() -> None:
    state = position(centre=["swords", "horses", "armour"], acquired=[0])
    refused(
        state,
        0,
        Auction(card=0, price=4),
        "You already bought a card this turn, so you cannot announce a price; designate the "
        "card with no price and {p1} opens.",
    )


def test_3_1_2_first_eligible_player_to_the_left_opens_when_first_buyer_acquired() -> None:
    state = position(centre=["swords", "horses", "armour"], acquired=[0, 1])
    state, _ = act(state, 0, Auction(card=0))
    assert state.auction is not None and state.auction.to_act == 2
    state, _ = act(state, 2, Bid(amount=4))
    state, _ = act(state, 3, Pass())
    assert state.articles[2] == {"swords": 1}
    assert state.gold[2] == 6


def test_3_1_3_bidding_turns_skip_players_who_acquired() -> None:
    state = position(centre=["swords", "horses", "armour"], acquired=[1])
    state, _ = act(state, 0, Auction(card=0, price=4))
    assert state.auction is not None and state.auction.to_act == 2
    state, _ = act(state, 2, Bid(amount=5))
    state, _ = act(state, 3, Pass())
    assert state.auction is not None and state.auction.to_act == 0


def test_3_1_3_a_raise_must_be_more_than_the_current_price() -> None:
    state = auctioning(position(centre=["swords", "horses"]), 0, price=5, high_bidder=0, to_act=1)
    refused(
        state, 1, Bid(amount=5), "A bid must be more than the current price of 5 gold; you bid 5."
    )
    refused(
        state, 1, Bid(amount=2), "A bid must be more than the current price of 5 gold; you bid 2."
    )


def test_3_1_3_the_first_bid_must_reach_the_minimum() -> None:
    state = auctioning(position(centre=["swords", "horses"]), 0, to_act=1, quiet=1)
    refused(state, 1, Bid(amount=3), "A bid for the Swords must be at least 4 gold; you bid 3.")


def test_3_1_3_a_bid_may_not_exceed_the_bidders_gold() -> None:
    state = auctioning(
        position(gold=[10, 4, 10, 10], centre=["swords", "horses"]),
        0,
        price=4,
        high_bidder=0,
        to_act=1,
    )
    refused(state, 1, Bid(amount=6), "You have only 4 gold; you cannot bid 6.")


def test_3_1_3_acting_out_of_turn_is_refused() -> None:
    state = auctioning(position(centre=["swords"]), 0, price=4, high_bidder=0, to_act=1)
    refused(state, 2, Bid(amount=6), "It is {p1}'s turn to bid, not yours.")
    refused(state, 3, Pass(), "It is {p1}'s turn to bid, not yours.")


def test_3_1_5_a_player_who_acquired_takes_no_further_part() -> None:
    state = auctioning(
        position(centre=["swords"], acquired=[2]), 0, price=4, high_bidder=0, to_act=1
    )
    message = (
        "You already bought a card this turn, so you take no further part in this turn's auctions."
    )
    refused(state, 2, Bid(amount=6), message)
    refused(state, 2, Pass(), message)


def test_3_1_3_passing_does_not_drop_a_player_from_the_auction() -> None:
    state = position(centre=["swords", "horses", "armour", "fire"])
    state, _ = run(
        state,
        (0, Auction(card=0, price=4)),
        (1, Pass()),
        (2, Bid(amount=5)),
        (3, Pass()),
        (0, Pass()),
        (1, Bid(amount=6)),
    )
    assert state.auction is not None
    assert (state.auction.price, state.auction.high_bidder) == (6, 1)


def test_3_1_4_card_goes_after_one_complete_round_with_no_raise() -> None:
    state = position(centre=["swords", "horses", "armour", "fire"])
    state, _ = run(state, (0, Auction(card=0, price=4)), (1, Bid(amount=5)), (2, Pass()))
    state, _ = run(state, (3, Pass()))
    assert state.auction is not None, "0 has not yet had a turn after the raise"
    state, events = act(state, 0, Pass())
    assert state.auction is None
    assert state.articles[1] == {"swords": 1}
    assert state.gold[1] == 5
    assert state.acquired == [False, True, False, False]
    won = only(events, "card_won")
    assert won.data["seat"] == 1 and won.data["price"] == 5
    assert len(state.centre) == 3


def test_3_1_4_opening_bid_wins_when_everyone_else_passes() -> None:
    state = position(centre=["swords", "horses", "armour", "fire"])
    state, _ = run(state, (0, Auction(card=1, price=5)), (1, Pass()), (2, Pass()))
    assert state.auction is not None
    state, _ = act(state, 3, Pass())
    assert state.articles[0] == {"horses": 1} and state.gold[0] == 5


def test_3_1_4_with_two_eligible_players_one_pass_ends_the_auction() -> None:
    state = position(centre=["swords", "horses", "armour"], acquired=[1, 2])
    state, _ = run(state, (0, Auction(card=0, price=4)), (3, Pass()))
    assert state.articles[0] == {"swords": 1}


def test_3_1_4_a_card_nobody_bids_on_is_discarded() -> None:
    state = position(centre=["swords", "horses", "armour", "fire"])
    swords = state.centre[0]
    state, _ = run(state, (0, Auction(card=0)), (1, Pass()), (2, Pass()))
    assert state.auction is not None
    state, events = act(state, 3, Pass())
    assert state.auction is None
    assert swords in state.discards and swords not in state.centre
    assert only(events, "card_discarded").data["reason"] == "no bid"
    assert not any(state.acquired)


def test_3_1_4_opener_after_first_buyer_who_acquired_gets_a_full_round() -> None:
    state = position(centre=["swords", "horses", "armour"], acquired=[0])
    state, _ = run(state, (0, Auction(card=0)), (1, Pass()), (2, Pass()))
    assert state.auction is not None
    state, events = act(state, 3, Pass())
    assert "card_discarded" in kinds(events)


def test_3_1_4_a_special_goes_face_down_and_only_its_buyer_learns_it() -> None:
    state = position(centre=["thief", "horses", "armour", "fire"])
    state, events = run(state, (0, Auction(card=0, price=2)), (1, Pass()), (2, Pass()), (3, Pass()))
    assert [deck.card(c).key for c in state.specials[0]] == ["thief"]
    private = only(events, "special_received")
    assert private.seat == 0 and "Thief" in private.text
    public = [e for e in events if e.public]
    assert all("Thief" not in e.text and "thief" not in str(e.data) for e in public)


def test_3_1_6_first_buyer_designates_the_next_card_after_a_sale() -> None:
    state = position(centre=["swords", "horses", "armour", "fire"])
    state, events = run(state, (0, Auction(card=0, price=4)), (1, Pass()), (2, Pass()), (3, Pass()))
    assert RULES.waiting_on(state) == [0]
    assert "awaiting_designation" in kinds(events)
    refused(
        state,
        1,
        Bid(amount=5),
        "No card is up for auction; the First Buyer ({p0}) designates the next card.",
    )


def test_3_1_6_no_second_designation_while_an_auction_runs() -> None:
    state = auctioning(position(centre=["swords", "horses"]), 0, price=4, high_bidder=0, to_act=1)
    refused(
        state,
        0,
        Auction(card=1),
        "The Swords is still being auctioned; the next card is designated once it is sold or "
        "discarded.",
    )


def test_3_1_7_last_eligible_player_may_take_the_card_at_its_minimum() -> None:
    state = position(centre=["swords", "horses"], acquired=[0, 1, 2])
    state, events = act(state, 0, Auction(card=0))
    assert state.auction is not None and state.auction.offer and state.auction.to_act == 3
    assert only(events, "card_offered").data["minimum"] == 4
    state, _ = act(state, 3, Bid(amount=4))
    assert state.articles[3] == {"swords": 1} and state.gold[3] == 6


def test_3_1_7_first_buyer_who_acquired_names_no_price_for_the_last_buyers_offer() -> None:
    """With one eligible player left the card is offered to them, not opened by them."""
    state = position(centre=["swords", "horses"], acquired=[0, 1, 2])
    refused(
        state,
        0,
        Auction(card=0, price=4),
        "You already bought a card this turn, so you cannot announce a price; designate the "
        "card with no price and {p3}, the only buyer left, may take it at its minimum or "
        "decline it.",
    )


def test_3_1_7_last_eligible_player_pays_exactly_the_minimum() -> None:
    state = position(centre=["swords", "horses"], acquired=[0, 1, 2])
    state, _ = act(state, 0, Auction(card=0))
    refused(
        state,
        3,
        Bid(amount=5),
        "You are the only buyer left: you may take the Swords for its minimum of 4 gold "
        "(`/bid 4`) or decline it with `/pass`.",
    )


def test_3_1_7_last_eligible_player_may_decline() -> None:
    state = position(centre=["thief", "horses"], acquired=[0, 1, 2])
    thief = state.centre[0]
    state, events = run(state, (0, Auction(card=0)), (3, Pass()))
    assert thief in state.discards
    assert only(events, "card_discarded").data["reason"] == "declined"
    assert RULES.waiting_on(state) == [0], "the First Buyer designates the last card"


def test_3_1_7_last_eligible_player_who_cannot_afford_the_minimum() -> None:
    state = position(gold=[10, 10, 10, 3], centre=["swords", "horses"], acquired=[0, 1, 2])
    state, _ = act(state, 0, Auction(card=0))
    refused(
        state,
        3,
        Bid(amount=4),
        "You have only 3 gold; the Swords costs 4. Decline it with `/pass`.",
    )


def test_3_1_7_first_buyer_as_last_buyer_takes_a_card_by_naming_its_minimum() -> None:
    state = position(centre=["thief", "horses"], acquired=[1, 2, 3])
    refused(
        state,
        0,
        Auction(card=1, price=6),
        "You are the only buyer left, so the Horses costs its minimum of 5 gold; you cannot "
        "open at 6.",
    )
    after, _ = act(state, 0, Auction(card=1, price=5))
    assert after.articles[0] == {"horses": 1} and after.gold[0] == 5
    offered, _ = act(state, 0, Auction(card=0))
    assert offered.auction is not None and offered.auction.offer
    assert offered.auction.to_act == 0


def test_3_1_cards_left_when_nobody_can_buy_are_discarded() -> None:
    state = position(centre=["swords", "horses", "armour"], acquired=[0, 1, 2])
    rest = state.centre[1:]
    state, events = run(state, (0, Auction(card=0)), (3, Bid(amount=4)))
    assert "centre_discarded" in kinds(events)
    assert all(c in state.discards for c in rest)
    assert state.centre == [] and state.phase == "pricing"


def test_3_1_6_pricing_begins_when_the_centre_is_empty() -> None:
    state = position(centre=["swords"], acquired=[1, 2, 3])
    state, events = act(state, 0, Auction(card=0, price=4))
    assert state.phase == "pricing"
    assert "pricing_started" in kinds(events)
    assert RULES.waiting_on(state) == [0, 1, 2, 3]


def test_7_auction_commands_during_pricing_are_refused() -> None:
    state = position(phase="pricing")
    message = "The auctions are over for this turn: prices are being set now (`/price`, `/submit`)."
    refused(state, 0, Auction(card=0), message)
    refused(state, 1, Bid(amount=4), message)
    refused(state, 1, Pass(), message)


def test_7_any_command_from_someone_not_seated_is_refused() -> None:
    state = position(centre=["swords"])
    refused(state, 4, Auction(card=0), "You are not seated in this game.")
    refused(state, -1, Pass(), "You are not seated in this game.")
