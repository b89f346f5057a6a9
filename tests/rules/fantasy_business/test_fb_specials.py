"""Spec §6, the special cards [ed], their refusals (§7) and their resolution order."""

import pytest
from fb_builders import act, card_count, kinds, only, position, refused, run

from rules.fantasy_business import deck
from rules.fantasy_business.actions import Auction, PlaySpecial, SetPrice, Submit
from rules.fantasy_business.state import GameState


def pricing(specials: dict[int, list[str]], **kwargs: object) -> GameState:
    return position(phase="pricing", specials=specials, **kwargs)  # type: ignore[arg-type]


def finish(state: GameState, seats: range | list[int]) -> tuple[GameState, list[int]]:
    """Everyone listed submits with defaults; returns the state and the income totals."""
    events = []
    for seat in seats:
        state, new = act(state, seat, Submit(defaults=True))
        events += new
    return state, only(events, "income_paid").data["totals"]


def test_6_playing_a_special_reveals_it_publicly_and_discards_it() -> None:
    state = pricing({0: ["subsidy", "thief"]})
    subsidy = state.specials[0][0]
    after, events = act(state, 0, PlaySpecial(card="subsidy"))
    played = only(events, "special_played")
    assert played.public and "Subsidy" in played.text
    assert played.data["special"] == "subsidy"
    assert subsidy in after.discards
    assert [deck.card(c).key for c in after.specials[0]] == ["thief"]
    assert card_count(after) == deck.deck_size()


def test_6_special_names_match_by_prefix_any_case() -> None:
    state = pricing({0: ["royal_warrant"]}, articles={0: {"horses": 1}})
    after, _ = act(state, 0, PlaySpecial(card="royal", article="HOR"))
    assert after.played.warrants[0].article == "horses"


def test_6_thief_takes_one_article_card_from_another_player() -> None:
    state = pricing({0: ["thief"]}, articles={1: {"horses": 2}})
    after, _ = act(state, 0, PlaySpecial(card="thief", target=1, article="horses"))
    assert after.articles[0] == {"horses": 1}
    assert after.articles[1] == {"horses": 1}
    assert card_count(after) == deck.deck_size()


def test_6_thief_needs_something_to_take() -> None:
    state = pricing({0: ["thief"]}, articles={1: {"horses": 1}})
    refused(
        state,
        0,
        PlaySpecial(card="thief", target=2, article="horses"),
        "{p2} has no article cards for your Thief to take.",
    )
    refused(
        state,
        0,
        PlaySpecial(card="thief", target=1, article="swords"),
        "{p1} owns no Swords.",
    )


def test_6_thief_targets_another_player() -> None:
    state = pricing({0: ["thief"]}, articles={0: {"horses": 1}})
    refused(
        state,
        0,
        PlaySpecial(card="thief", target=0, article="horses"),
        "The Thief card targets another player, not yourself.",
    )
    refused(
        state,
        0,
        PlaySpecial(card="thief", article="horses"),
        "Name the player the Thief card targets.",
    )
    refused(
        state,
        0,
        PlaySpecial(card="thief", target=7, article="horses"),
        "There is no player 8 at this table.",
    )
    refused(state, 0, PlaySpecial(card="thief", target=1), "Name the article for the Thief card.")


def test_6_fire_makes_a_player_discard_one_card_of_an_article() -> None:
    state = pricing({0: ["fire"]}, articles={2: {"armour": 2, "swords": 1}})
    after, events = act(state, 0, PlaySpecial(card="fire", target=2, article="armour"))
    assert after.articles[2] == {"armour": 1, "swords": 1}
    assert [deck.card(c).key for c in after.discards] == ["armour", "fire"]
    assert only(events, "special_played").data["target"] == 2
    after, _ = act(
        pricing({0: ["fire"]}, articles={2: {"swords": 1}}),
        0,
        PlaySpecial(card="fire", target=2, article="swords"),
    )
    assert after.articles[2] == {}
    assert card_count(after) == deck.deck_size()


def test_6_pickpocket_takes_up_to_three_gold() -> None:
    state = pricing({0: ["pickpocket"]}, gold=[10, 10, 2, 0])
    after, _ = act(state, 0, PlaySpecial(card="pickpocket", target=1))
    assert after.gold == [13, 7, 2, 0]
    after, _ = act(state, 0, PlaySpecial(card="pickpocket", target=2))
    assert after.gold == [12, 10, 0, 0]
    refused(
        state,
        0,
        PlaySpecial(card="pickpocket", target=3),
        "{p3} has no gold for a Pickpocket to take.",
    )
    refused(
        state,
        0,
        PlaySpecial(card="pickpocket", target=1, article="swords"),
        "The Pickpocket card names no article; leave the article out.",
    )


def test_6_guards_protect_against_thief_fire_and_pickpocket_for_the_turn() -> None:
    state = pricing(
        {0: ["thief", "fire", "pickpocket"], 1: ["guards"]}, articles={1: {"horses": 2}}
    )
    state, _ = act(state, 1, PlaySpecial(card="guards"))
    assert state.played.guarded == [1]
    for action in (
        PlaySpecial(card="thief", target=1, article="horses"),
        PlaySpecial(card="fire", target=1, article="horses"),
        PlaySpecial(card="pickpocket", target=1),
    ):
        refused(state, 0, action, "{p1} is protected by Guards this turn.")
    refused(
        state,
        1,
        PlaySpecial(card="guards", target=0),
        "You hold no Guards card.",
    )


def test_6_guards_last_only_until_the_end_of_the_turn() -> None:
    state = pricing({1: ["guards"]}, articles={1: {"horses": 1}})
    state, _ = act(state, 1, PlaySpecial(card="guards"))
    state, _ = finish(state, range(4))
    assert state.turn == 2 and state.played.guarded == []


def test_6_guards_take_no_target() -> None:
    state = pricing({1: ["guards"]})
    refused(
        state,
        1,
        PlaySpecial(card="guards", target=0),
        "The Guards card targets no player; leave the target out.",
    )


def test_6_embargo_means_nobody_is_paid_for_the_article() -> None:
    state = pricing(
        {0: ["embargo"]},
        articles={1: {"swords": 2}, 2: {"horses": 1}},
        prices={1: {"swords": 4}, 2: {"horses": 5}},
    )
    state, _ = act(state, 0, PlaySpecial(card="embargo", article="swords"))
    state, totals = finish(state, range(4))
    assert totals == [0, 0, 7, 0]


def test_6_royal_warrant_pays_price_plus_two_whatever_the_others_ask() -> None:
    state = pricing(
        {0: ["royal_warrant"]},
        articles={0: {"swords": 2}, 1: {"swords": 1}},
        prices={0: {"swords": 8}, 1: {"swords": 4}},
    )
    state, _ = act(state, 0, PlaySpecial(card="royal_warrant", article="swords"))
    state, totals = finish(state, range(4))
    assert totals == [20, 6, 0, 0]


def test_6_royal_warrant_price_still_counts_for_the_others() -> None:
    state = pricing(
        {0: ["royal_warrant"]},
        articles={0: {"swords": 1}, 1: {"swords": 1}, 2: {"swords": 1}},
        prices={0: {"swords": 4}, 1: {"swords": 6}, 2: {"swords": 8}},
    )
    state, _ = act(state, 0, PlaySpecial(card="royal_warrant", article="swords"))
    state, totals = finish(state, range(4))
    assert totals == [6, 6, 0, 0], "1 is between 0's 4 and 2's 8, so gets 6, no bonus"


def test_6_royal_warrant_announcement_takes_its_bonus_from_the_data_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The warrant bonus is an [ed] number of cards.json; the announcement must not
    repeat a literal 2 that a corrected data file would contradict."""
    changed = deck.data().model_copy(update={"warrant_bonus": 3})
    monkeypatch.setattr(deck, "data", lambda: changed)
    state = pricing({0: ["royal_warrant"]}, articles={0: {"swords": 1}})
    _, events = act(state, 0, PlaySpecial(card="royal_warrant", article="swords"))
    text = only(events, "special_played").text
    assert "price + 3 per card" in text, text


def test_6_royal_warrant_only_for_an_article_you_own() -> None:
    state = pricing({0: ["royal_warrant"]}, articles={1: {"swords": 1}})
    refused(
        state,
        0,
        PlaySpecial(card="royal_warrant", article="swords"),
        "You own no Swords, so you cannot use a Royal Warrant on them.",
    )


def test_6_festival_doubles_all_income_paid_for_the_article() -> None:
    state = pricing(
        {0: ["festival"]},
        articles={1: {"swords": 1}, 2: {"swords": 1}, 3: {"swords": 1}},
        prices={1: {"swords": 4}, 2: {"swords": 5}, 3: {"swords": 6}},
    )
    state, _ = act(state, 0, PlaySpecial(card="festival", article="swords"))
    state, totals = finish(state, range(4))
    assert totals == [0, 12, 10, 0]


def test_6_subsidy_takes_four_gold_from_the_bank() -> None:
    state = pricing({0: ["subsidy"]})
    after, _ = act(state, 0, PlaySpecial(card="subsidy"))
    assert after.gold == [14, 10, 10, 10]


def test_6_resolution_order_embargo_then_warrant_then_festival() -> None:
    warrant_and_festival = pricing(
        {0: ["royal_warrant", "festival"]},
        articles={0: {"swords": 2}, 1: {"swords": 1}},
        prices={0: {"swords": 8}, 1: {"swords": 4}},
    )
    state, _ = run(
        warrant_and_festival,
        (0, PlaySpecial(card="festival", article="swords")),
        (0, PlaySpecial(card="royal_warrant", article="swords")),
    )
    _, totals = finish(state, range(4))
    assert totals == [(8 + 2) * 2 * 2, (4 + 2) * 2, 0, 0]
    state, _ = run(
        pricing(
            {0: ["royal_warrant", "festival"], 1: ["embargo"]},
            articles={0: {"swords": 2}, 1: {"swords": 1}},
            prices={0: {"swords": 8}, 1: {"swords": 4}},
        ),
        (0, PlaySpecial(card="festival", article="swords")),
        (0, PlaySpecial(card="royal_warrant", article="swords")),
        (1, PlaySpecial(card="embargo", article="swords")),
    )
    _, totals = finish(state, range(4))
    assert totals == [0, 0, 0, 0]


def test_6_a_special_bought_this_turn_may_be_played_this_turn() -> None:
    state = position(centre=["subsidy"], acquired=[1, 2, 3])
    state, _ = act(state, 0, Auction(card=0, price=1))
    assert state.phase == "pricing"
    state, _ = act(state, 0, PlaySpecial(card="subsidy"))
    assert state.gold[0] == 10 - 1 + 4


def test_7_specials_are_played_while_setting_prices() -> None:
    state = position(specials={0: ["subsidy"]}, centre=["swords"])
    refused(state, 0, PlaySpecial(card="subsidy"), "Special cards are played while setting prices.")


def test_7_a_special_you_do_not_hold_is_refused() -> None:
    state = pricing({0: ["fire"]}, articles={1: {"horses": 1}})
    refused(
        state,
        0,
        PlaySpecial(card="thief", target=1, article="horses"),
        "You hold no Thief card.",
    )


def test_6_price_an_article_taken_by_thief_before_submitting() -> None:
    state = pricing({0: ["thief"]}, articles={1: {"horses": 1}})
    state, _ = act(state, 0, PlaySpecial(card="thief", target=1, article="horses"))
    refused(state, 0, Submit(), "Set a price for Horses before submitting.")
    state, events = act(state, 0, SetPrice(article="horses", price=5))
    assert "price_set" in kinds(events)
