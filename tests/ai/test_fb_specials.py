"""When `standard` plays a Royal Warrant, and what the bench says a special earned.

A Royal Warrant pays its holder (price + 2) a card whatever the others ask, so it earns
only where the holder would otherwise be undercut: against a rival that undercuts, it is
worth playing as soon as the rival shows the habit; against a rival that holds the top of
the range with it, it earns nothing and is kept. `bench.behaviour.special_gains` is the
measure `python -m bench ai` prints, so it is pinned on hand-made reveals here.
"""

from ai.fantasy_business.knowledge import Record
from ai.fantasy_business.specials import choose_special
from bench.behaviour import business_specials, special_gains
from rules.fantasy_business.state import GameState, Played, Warrant
from tests.ai.test_fb_rivals import UNDERCUT
from tests.rules.fantasy_business.fb_builders import position


def warrant_table(turn: int) -> GameState:
    """Seat 0 holds a Royal Warrant and shares armour (5 to 10 gold) with seat 1."""
    return position(
        3,
        phase="pricing",
        gold=[20, 20, 20],
        articles={0: {"armour": 2}, 1: {"armour": 1}, 2: {"horses": 1}},
        specials={0: ["royal_warrant"]},
        turn=turn,
    )


def test_a_warrant_is_played_against_an_undercutter_before_the_last_turn() -> None:
    play = choose_special(warrant_table(3), Record(sheets=tuple(UNDERCUT)), 0)
    assert play is not None and (play.card, play.article) == ("royal_warrant", "armour")


def test_a_warrant_is_kept_while_the_rival_holds_the_top() -> None:
    held = (
        (1, ({"armour": 10}, {"armour": 10}, {"horses": 10})),
        (2, ({"armour": 10}, {"armour": 10}, {"horses": 10})),
    )
    assert choose_special(warrant_table(3), Record(sheets=held), 0) is None


def before_reveal(prices: dict[int, int], played: Played) -> GameState:
    """Armour owned by seat 0 (two cards) and seat 1 (one), every sheet handed in."""
    return position(
        3,
        phase="pricing",
        articles={0: {"armour": 2}, 1: {"armour": 1}, 2: {"horses": 1}},
        prices={0: {"armour": prices[0]}, 1: {"armour": prices[1]}, 2: {"horses": 10}},
        submitted=(0, 1, 2),
        played=played,
    )


def test_a_warrant_earns_the_gap_to_the_undercut_price() -> None:
    # Seat 1 asks 7. With the warrant seat 0 asks 10 and is paid 12 a card (24); its best
    # plain price was 7, a shared lowest price: 9 a card (18). Seat 1 gets 9 either way.
    played = Played(warrants=[Warrant(seat=0, article="armour")], cards=[(0, "royal_warrant")])
    assert special_gains(before_reveal({0: 10, 1: 7}, played)) == [("royal_warrant", 6.0)]


def test_a_warrant_on_a_shared_top_price_earns_nothing() -> None:
    played = Played(warrants=[Warrant(seat=0, article="armour")], cards=[(0, "royal_warrant")])
    assert special_gains(before_reveal({0: 10, 1: 10}, played)) == [("royal_warrant", 0.0)]


def test_a_festival_earns_the_doubling_less_the_rivals_share() -> None:
    # Both at 10 share the lowest price: seat 0 gets 24, seat 1 gets 12, doubled by the
    # Festival. Seat 0 gains 24; its rivals on average 6 (seat 1's 12, seat 2's 0).
    played = Played(festivals=["armour"], cards=[(0, "festival")])
    assert special_gains(before_reveal({0: 10, 1: 10}, played)) == [("festival", 18.0)]


def test_the_bench_counts_every_special_played_or_kept() -> None:
    found = business_specials(["standard"] * 3, 2, 4000)
    played = sum(found.plays.values())
    gained = sum(len(g) for g in found.gains.values())
    assert found.games == 2 and played > 0
    assert gained == sum(found.plays.get(kind, 0) for kind in found.gains)
    for kind, late in found.late.items():
        assert late <= sum(1 for gain in found.gains[kind] if gain <= 0)
    assert "ai fantasy-business specials, 3 standard: 2 games" in found.line(3)
