"""Spec §3.2: cards and gold may change hands by agreement at any time (`give`)."""

from fb_builders import act, auctioning, card_count, only, position, refused

from rules.fantasy_business import RULES, deck
from rules.fantasy_business.actions import Give, PlaySpecial

SPECIAL_WORDS = {key for key in deck.specials()} | {
    special.name.lower() for special in deck.specials().values()
}


def test_3_2_gold_and_an_article_change_hands_in_any_phase() -> None:
    for phase in ("auction", "pricing"):
        state = position(phase=phase, articles={0: {"swords": 2}}, centre=["horses"])
        after, events = act(state, 0, Give(to=2, gold=3, article="swords"))
        assert after.gold == [7, 10, 13, 10]
        assert after.articles[0] == {"swords": 1} and after.articles[2] == {"swords": 1}
        gift = only(events, "gift")
        assert gift.public
        assert gift.data == {"seat": 0, "to": 2, "gold": 3, "article": "swords", "specials": 0}


def test_3_2_giving_the_last_card_of_an_article() -> None:
    state = position(articles={1: {"horses": 1}}, centre=["swords"])
    after, _ = act(state, 1, Give(to=0, article="Horses"))
    assert after.articles[1] == {} and after.articles[0] == {"horses": 1}


def test_3_2_give_refusals() -> None:
    state = position(gold=[4, 10, 10, 10], articles={0: {"swords": 1}}, centre=["horses"])
    refused(state, 0, Give(to=0, gold=1), "You cannot give something to yourself.")
    refused(state, 0, Give(to=1, gold=6), "You have only 4 gold; you cannot give 6.")
    refused(
        state, 0, Give(to=1), "Give some gold, an article card, a special card, or several of them."
    )
    refused(
        state,
        0,
        Give(to=1, article="horses"),
        "You own no Horses, so you cannot give one.",
    )
    refused(
        state,
        0,
        Give(to=1, gold=-2),
        "You can only give gold, not take it: the amount must not be negative, not -2.",
    )
    refused(state, 0, Give(to=5, gold=1), "There is no player 6 at this table.")


def test_3_2_a_gift_that_settles_the_last_missing_price_reveals_the_sheets() -> None:
    state = position(
        phase="pricing",
        articles={0: {"swords": 1}, 1: {"swords": 1}},
        prices={1: {"swords": 5}},
        submitted=[0, 1, 2, 3],
    )
    # 0 gained Swords after submitting; handing them to 1, who priced Swords, settles it.
    after, events = act(state, 0, Give(to=1, article="swords"))
    assert after.turn == 2
    assert only(events, "income_paid").data["totals"] == [0, (5 + 2) * 2, 0, 0]


def test_3_2_ed_a_high_bidder_keeps_the_gold_their_bid_needs() -> None:
    state = auctioning(position(centre=["swords"]), 0, price=7, high_bidder=0, to_act=1)
    refused(
        state,
        0,
        Give(to=2, gold=4),
        "Your bid of 7 gold stands, so you can give at most 3 gold until the auction ends, not 4.",
    )
    after, _ = act(state, 0, Give(to=2, gold=3))
    assert after.gold[0] == 7


def test_3_2_a_special_card_changes_hands_face_down() -> None:
    state = position(phase="pricing", specials={0: ["thief", "subsidy"]})
    after, events = act(state, 0, Give(to=2, card="Thief"))
    assert [deck.card(c).key for c in after.specials[0]] == ["subsidy"]
    assert [deck.card(c).key for c in after.specials[2]] == ["thief"]
    assert card_count(after) == card_count(state)
    gift = only(events, "gift")
    assert gift.public and gift.text == "{p0} gives {p2} a special card."
    assert gift.data == {"seat": 0, "to": 2, "gold": 0, "article": None, "specials": 1}
    received = only(events, "special_received")
    assert received.seat == 2 and "Thief" in received.text
    given = only(events, "special_given")
    assert given.seat == 0 and given.text == "You give {p2} your Thief card."
    for event in events:
        if event.public:
            assert not any(word in event.text.lower() for word in SPECIAL_WORDS), event.text
            assert not any(word in str(event.data).lower() for word in SPECIAL_WORDS)


def test_3_2_the_public_views_show_only_the_changed_special_counts() -> None:
    state = position(specials={0: ["festival"], 1: ["guards"]}, centre=["swords"])
    after, _ = act(state, 0, Give(to=1, gold=2, card="festival"))
    public = RULES.view(after, None)
    assert [s.specials for s in public.seats] == [0, 2, 0, 0]
    assert '"festival"' not in public.model_dump_json()
    own = RULES.view(after, 1).you
    assert own is not None and own.specials == ["guards", "festival"]


def test_3_2_a_received_special_can_be_played_by_its_new_owner() -> None:
    state = position(phase="pricing", specials={3: ["subsidy"]})
    after, _ = act(state, 3, Give(to=1, card="subsidy"))
    played, _ = act(after, 1, PlaySpecial(card="subsidy"))
    assert played.gold[1] == 10 + deck.data().subsidy


def test_3_2_giving_a_special_you_do_not_hold_is_refused() -> None:
    state = position(specials={0: ["thief"]}, centre=["swords"])
    refused(state, 0, Give(to=1, card="fire"), "You hold no Fire card, so you cannot give one.")
    refused(state, 1, Give(to=0, card="thief"), "You hold no Thief card, so you cannot give one.")
    refused(state, 0, Give(to=1, card="dragon"), "“dragon” is not a special card.")
    refused(state, 0, Give(to=0, card="thief"), "You cannot give something to yourself.")
