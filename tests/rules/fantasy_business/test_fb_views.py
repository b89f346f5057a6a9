"""Views (DESIGN, spec §5): what everyone sees, what only a seat sees, what nobody sees."""

from fb_builders import act, position

from rules.fantasy_business import RULES, deck
from rules.fantasy_business.actions import Auction, Pass, Submit
from rules.fantasy_business.state import GameState


def test_5_public_view_shows_centre_articles_by_name_and_specials_only_as_special() -> None:
    state = position(centre=["swords", "thief", "horses", "guards"])
    public = RULES.view(state, None)
    assert [(c.kind, c.name, c.base) for c in public.centre] == [
        ("article", "Swords", 4),
        ("special", "special card", None),
        ("article", "Horses", 5),
        ("special", "special card", None),
    ]
    text = public.model_dump_json().lower()
    assert '"thief"' not in text and '"guards"' not in text


def test_5_holdings_are_public_but_specials_only_as_a_count() -> None:
    state = position(
        articles={1: {"swords": 2}}, specials={1: ["fire", "embargo"]}, centre=["armour"]
    )
    public = RULES.view(state, None)
    assert public.seats[1].articles == {"swords": 2}
    assert public.seats[1].specials == 2
    assert public.you is None
    mine = RULES.view(state, 1)
    assert mine.you is not None and mine.you.specials == ["fire", "embargo"]
    other = RULES.view(state, 0)
    assert other.you is not None and other.you.specials == []
    for view in (public, other):
        text = view.model_dump_json().lower()
        assert '"fire"' not in text and '"embargo"' not in text


def test_5_auction_state_is_public() -> None:
    state = position(centre=["swords", "horses", "armour", "fire"])
    state, _ = act(state, 0, Auction(card=1, price=6))
    auction = RULES.view(state, None).auction
    assert auction is not None
    assert (auction.index, auction.card.name, auction.price, auction.high_bidder) == (
        1,
        "Horses",
        6,
        0,
    )
    assert auction.to_act == 1 and auction.minimum == 5


def test_3_2_unrevealed_prices_appear_only_in_their_owners_view() -> None:
    state = position(
        phase="pricing",
        articles={0: {"swords": 1}, 1: {"swords": 1}},
        prices={0: {"swords": 7}},
        submitted=[0],
        last_prices={0: {"swords": 5}},
    )
    mine = RULES.view(state, 0)
    assert mine.you is not None
    assert mine.you.sheet == {"swords": 7} and mine.you.submitted
    assert mine.you.last_prices == {"swords": 5}
    assert mine.you.price_ranges == {"swords": (4, 8)}
    assert [s.submitted for s in mine.seats] == [True, False, False, False]
    for seat in (None, 1, 2):
        view = RULES.view(state, seat)
        assert '"swords":7' not in view.model_dump_json()


def test_3_2_revealed_sheets_and_income_become_public() -> None:
    state = position(
        phase="pricing",
        articles={0: {"swords": 1}, 1: {"swords": 1}},
        prices={0: {"swords": 7}, 1: {"swords": 5}},
        submitted=[1, 2, 3],
    )
    state, _ = act(state, 0, Submit())
    reveal = RULES.view(state, None).last_reveal
    assert reveal is not None
    assert reveal.sheets[0] == {"swords": 7} and reveal.totals == [0, 7, 0, 0]


def test_draw_pile_size_is_public_but_not_its_order() -> None:
    state, _ = RULES.setup(4, {}, seed=3, first=0)
    shuffled = state.model_copy(deep=True)
    shuffled.draw_pile = list(reversed(shuffled.draw_pile))
    for seat in (None, 0, 1):
        assert RULES.view(state, seat) == RULES.view(shuffled, seat)
    assert RULES.view(state, None).draw_pile == 68


def swap_secrets(state: GameState, keep: int | None) -> GameState:
    """Another state that differs only in secrets `keep` may not see."""
    other = state.model_copy(deep=True)
    kinds = list(deck.specials())
    for seat in state.seats():
        if seat == keep:
            continue
        other.specials[seat] = [
            next(
                c.id
                for c in deck.cards()
                if c.key == kinds[(kinds.index(deck.card(i).key) + 1) % 8]
            )
            for i in state.specials[seat]
        ]
        if not state.sheets[seat].submitted or state.phase == "pricing":
            other.sheets[seat].prices = {k: p + 1 for k, p in state.sheets[seat].prices.items()}
    return other


def test_views_do_not_depend_on_other_seats_secrets() -> None:
    state = position(
        phase="pricing",
        articles={0: {"swords": 1}, 2: {"horses": 1}},
        specials={0: ["thief"], 1: ["fire", "guards"], 2: ["subsidy"]},
        prices={0: {"swords": 6}, 2: {"horses": 7}},
        submitted=[2],
    )
    for keep in (None, 0, 1, 2, 3):
        assert RULES.view(state, keep) == RULES.view(swap_secrets(state, keep), keep)


def test_the_auction_view_counts_the_passes_everyone_heard() -> None:
    state = position(centre=["swords", "horses", "armour", "fire"])
    state, _ = act(state, 0, Auction(card=1, price=6))
    state, _ = act(state, 1, Pass())
    auction = RULES.view(state, 3).auction
    assert auction is not None and auction.quiet == 1


def test_discarded_articles_are_public_but_face_down_specials_are_not() -> None:
    state = position(centre=["swords", "horses", "armour", "fire"])
    specials = [c.id for c in deck.cards() if c.kind == "special" and c.id not in state.centre]
    swords = [c.id for c in deck.cards() if c.key == "swords" and c.id not in state.centre]
    state.discards = [swords[0], specials[0]]
    state.draw_pile = [c for c in state.draw_pile if c not in state.discards]
    other = state.model_copy(deep=True)
    other.discards = [swords[0], specials[-1]]
    other.draw_pile = [specials[0] if c == specials[-1] else c for c in state.draw_pile]
    assert deck.card(specials[0]).key != deck.card(specials[-1]).key
    for seat in (None, 0, 1, 2, 3):
        view = RULES.view(state, seat)
        assert view.discarded_articles == {"swords": 1} and view.discards == 2
        assert view == RULES.view(other, seat)
