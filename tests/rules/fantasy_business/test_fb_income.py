"""Spec §3.3, distributing income: lowest, highest, in between, all equal, the variant."""

from fb_builders import act, only, position

from rules.fantasy_business.actions import Submit
from rules.fantasy_business.income import market_payouts
from rules.fantasy_business.state import GameState, Options

CHRISTOPHE, HENRI, DOMINIQUE, JACQUES, MATHILDE, ELOISE = range(6)


def paid(prices: dict[int, int], cards: dict[int, int], sole: bool = False) -> dict[int, int]:
    return {p.seat: p.gold for p in market_payouts(prices, cards, bonus=2, sole_lowest=sole)}


def reveal(state: GameState) -> tuple[GameState, dict[str, object]]:
    """Submit the one missing sheet (seat 0's) and return the income event's data."""
    state, events = act(state, 0, Submit())
    return state, only(events, "income_paid").data


def test_3_3_the_rulebook_example_comes_out_exactly() -> None:
    state = position(
        6,
        first_buyer=CHRISTOPHE,
        articles={
            DOMINIQUE: {"medicinal_plants": 2},
            CHRISTOPHE: {"medicinal_plants": 1},
            HENRI: {"medicinal_plants": 1},
            JACQUES: {"medicinal_plants": 1},
        },
        prices={
            DOMINIQUE: {"medicinal_plants": 2},
            CHRISTOPHE: {"medicinal_plants": 2},
            HENRI: {"medicinal_plants": 3},
            JACQUES: {"medicinal_plants": 4},
        },
        submitted=[HENRI, DOMINIQUE, JACQUES, MATHILDE, ELOISE],
        phase="pricing",
    )
    state, data = reveal(state)
    rows = data["rows"]
    assert isinstance(rows, list) and len(rows) == 1
    payouts = {p["seat"]: p["gold"] for p in rows[0]["payouts"]}
    assert payouts == {CHRISTOPHE: 4, HENRI: 3, DOMINIQUE: 8, JACQUES: 0}
    assert data["totals"] == [4, 3, 8, 0, 0, 0]
    assert state.gold == [14, 13, 18, 10, 10, 10]
    standings = {p["seat"]: p["standing"] for p in rows[0]["payouts"]}
    assert standings == {
        CHRISTOPHE: "lowest",
        DOMINIQUE: "lowest",
        HENRI: "middle",
        JACQUES: "highest",
    }


def test_3_3_lowest_price_earns_price_plus_two_per_card() -> None:
    assert paid({0: 4, 1: 6}, {0: 3, 1: 1}) == {0: 18, 1: 0}


def test_3_3_highest_price_earns_nothing_even_when_shared() -> None:
    assert paid({0: 4, 1: 6, 2: 6}, {0: 1, 1: 2, 2: 1}) == {0: 6, 1: 0, 2: 0}


def test_3_3_prices_in_between_earn_price_per_card() -> None:
    assert paid({0: 4, 1: 5, 2: 6, 3: 7}, {0: 1, 1: 2, 2: 3, 3: 1}) == {
        0: 6,
        1: 10,
        2: 18,
        3: 0,
    }


def test_3_3_when_all_owners_ask_the_same_price_all_get_the_bonus() -> None:
    assert paid({0: 5, 1: 5, 2: 5}, {0: 1, 1: 2, 2: 1}) == {0: 7, 1: 14, 2: 7}


def test_3_3_a_single_owner_gets_the_bonus() -> None:
    assert paid({3: 8}, {3: 2}) == {3: 20}


def test_3_3_variant_sole_lowest_bonus_only_for_a_player_alone_at_the_lowest() -> None:
    assert paid({0: 4, 1: 5, 2: 6}, {0: 1, 1: 1, 2: 1}, sole=True) == {0: 6, 1: 5, 2: 0}
    assert paid({0: 4, 1: 4, 2: 6}, {0: 1, 1: 2, 2: 1}, sole=True) == {0: 4, 1: 8, 2: 0}


def test_3_3_variant_sole_lowest_bonus_when_all_ask_the_same() -> None:
    assert paid({0: 5, 1: 5}, {0: 1, 1: 2}, sole=True) == {0: 5, 1: 10}
    assert paid({0: 5}, {0: 2}, sole=True) == {0: 14}


def test_3_3_variant_sole_lowest_bonus_in_a_full_reveal() -> None:
    state = position(
        3,
        phase="pricing",
        options=Options(sole_lowest_bonus=True),
        articles={0: {"swords": 1}, 1: {"swords": 1}, 2: {"swords": 1}},
        prices={0: {"swords": 4}, 1: {"swords": 4}, 2: {"swords": 8}},
        submitted=[1, 2],
    )
    state, data = reveal(state)
    assert data["totals"] == [4, 4, 0]


def test_3_3_articles_are_paid_in_list_order_and_cards_are_kept() -> None:
    state = position(
        3,
        phase="pricing",
        articles={0: {"magic_potions": 1, "medicinal_plants": 1}, 1: {"swords": 2}},
        prices={0: {"magic_potions": 6, "medicinal_plants": 2}, 1: {"swords": 4}},
        submitted=[1, 2],
    )
    state, data = reveal(state)
    rows = data["rows"]
    assert isinstance(rows, list)
    assert [r["article"] for r in rows] == ["medicinal_plants", "swords", "magic_potions"]
    assert data["totals"] == [4 + 8, 12, 0]
    assert state.articles[0] == {"magic_potions": 1, "medicinal_plants": 1}
    assert state.articles[1] == {"swords": 2}
