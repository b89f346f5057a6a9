"""Spec §3.2, setting selling prices: ranges, secrecy, locking, late articles, the reveal."""

from fb_builders import act, kinds, only, position, refused, run

from rules.fantasy_business import RULES
from rules.fantasy_business.actions import Give, PlaySpecial, SetPrice, Submit
from rules.fantasy_business.state import Options


def test_3_2_price_ranges_from_base_to_double_base() -> None:
    state = position(phase="pricing", articles={0: {"swords": 1}})
    for price in (4, 6, 8):
        after, _ = act(state, 0, SetPrice(article="swords", price=price))
        assert after.sheets[0].prices == {"swords": price}
    refused(
        state,
        0,
        SetPrice(article="swords", price=9),
        "Swords sell for 4 to 8 gold; 9 is outside that range.",
    )
    refused(
        state,
        0,
        SetPrice(article="swords", price=3),
        "Swords sell for 4 to 8 gold; 3 is outside that range.",
    )


def test_3_2_low_prices_variant_allows_one_gold_up_to_double_base() -> None:
    state = position(
        phase="pricing", articles={0: {"spell_scrolls": 1}}, options=Options(low_prices=True)
    )
    after, _ = act(state, 0, SetPrice(article="spell_scrolls", price=1))
    assert after.sheets[0].prices == {"spell_scrolls": 1}
    refused(
        state,
        0,
        SetPrice(article="spell_scrolls", price=0),
        "Spell Scrolls sell for 1 to 12 gold; 0 is outside that range.",
    )


def test_3_2_only_owned_articles_are_priced() -> None:
    state = position(phase="pricing", articles={0: {"swords": 1}})
    refused(
        state,
        0,
        SetPrice(article="horses", price=5),
        "You own no Horses, so you cannot price them.",
    )


def test_3_2_article_names_are_matched_by_prefix_any_case() -> None:
    state = position(phase="pricing", articles={0: {"bows_and_arrows": 2}})
    after, _ = act(state, 0, SetPrice(article="BOWS and", price=3))
    assert after.sheets[0].prices == {"bows_and_arrows": 3}
    refused(
        state,
        0,
        SetPrice(article="magic", price=3),
        "“magic” could be more than one article: Magic Components, Magic Potions.",
    )


def test_3_2_prices_are_private_until_the_reveal() -> None:
    state = position(phase="pricing", articles={0: {"swords": 1}})
    state, events = act(state, 0, SetPrice(article="swords", price=7))
    assert all(e.seat == 0 for e in events)


def test_3_2_a_submitted_sheet_is_locked() -> None:
    state = position(
        phase="pricing", articles={0: {"swords": 1}}, prices={0: {"swords": 5}}, submitted=[0]
    )
    refused(
        state,
        0,
        SetPrice(article="swords", price=6),
        "Your price sheet is locked: you submitted it.",
    )
    refused(state, 0, Submit(), "You already submitted your price sheet.")


def test_3_2_submit_requires_a_price_for_every_owned_article() -> None:
    state = position(phase="pricing", articles={0: {"swords": 1, "horses": 2}})
    refused(state, 0, Submit(), "Set a price for Swords and Horses before submitting.")


def test_3_2_everyone_submits_even_with_an_empty_sheet() -> None:
    state = position(phase="pricing", articles={0: {"swords": 1}}, prices={0: {"swords": 4}})
    state, _ = run(state, (0, Submit()), (1, Submit()), (2, Submit()))
    assert state.phase == "pricing" and RULES.waiting_on(state) == [3]
    state, events = act(state, 3, Submit())
    assert "sheets_revealed" in kinds(events)
    assert state.turn == 2 and state.phase == "auction"


def test_3_2_submit_with_defaults_uses_last_turns_price_else_the_base() -> None:
    state = position(
        phase="pricing",
        articles={0: {"swords": 1, "horses": 1}},
        prices={0: {}},
        last_prices={0: {"swords": 7}},
    )
    state, events = act(state, 0, Submit(defaults=True))
    assert state.sheets[0].prices == {"swords": 7, "horses": 5}
    assert state.sheets[0].submitted
    assert only(events, "prices_defaulted").seat == 0


def test_3_2_default_price_is_clamped_to_todays_range() -> None:
    state = position(phase="pricing", articles={0: {"swords": 1}}, last_prices={0: {"swords": 1}})
    state, _ = act(state, 0, Submit(defaults=True))
    assert state.sheets[0].prices == {"swords": 4}


def test_3_2_ed_an_article_gained_after_submitting_must_still_be_priced() -> None:
    state = position(
        phase="pricing",
        articles={0: {"swords": 1}, 1: {"horses": 1}},
        prices={0: {"swords": 4}, 1: {"horses": 5}},
        submitted=[0, 2, 3],
    )
    state, events = act(state, 1, Give(to=0, article="horses"))
    assert "price_needed" in kinds(events)
    state, events = act(state, 1, Submit())
    assert "sheets_revealed" not in kinds(events)
    assert RULES.waiting_on(state) == [0]
    refused(
        state,
        0,
        SetPrice(article="swords", price=5),
        "Your price sheet is locked: you submitted it.",
    )
    refused(
        state,
        0,
        Submit(),
        "Your sheet is locked except for Horses, gained after you submitted: price them with "
        "`/price`.",
    )
    state, events = act(state, 0, SetPrice(article="horses", price=6))
    assert "sheets_revealed" in kinds(events)


def test_3_2_sheets_are_revealed_all_at_once_when_the_last_is_in() -> None:
    state = position(
        phase="pricing",
        articles={0: {"swords": 1}, 1: {"swords": 1}},
        prices={0: {"swords": 4}, 1: {"swords": 8}},
        submitted=[0, 2, 3],
    )
    state, events = act(state, 1, Submit())
    shown = only(events, "sheets_revealed")
    assert shown.public
    assert shown.data["sheets"] == [{"swords": 4}, {"swords": 8}, {}, {}]
    assert state.last_sheets[1] == {"swords": 8}


def test_7_prices_during_the_auctions_are_refused() -> None:
    state = position(articles={0: {"swords": 1}}, centre=["horses"])
    refused(
        state,
        0,
        SetPrice(article="swords", price=4),
        "Prices are set only after the auctions; the auctions are still running.",
    )
    refused(
        state,
        0,
        Submit(),
        "Price sheets are submitted only after the auctions; the auctions are still running.",
    )


def test_7_specials_after_submitting_are_refused() -> None:
    state = position(phase="pricing", specials={0: ["subsidy"]}, submitted=[0])
    refused(
        state,
        0,
        PlaySpecial(card="subsidy"),
        "You have submitted your price sheet, so you can play no more special cards this turn.",
    )
