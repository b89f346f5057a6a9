"""Property tests: random legal games for every table size, played to the end.

Invariants after every action: no negative gold, all 72 cards accounted for exactly
once, at most one card bought per player per turn, the game lasts exactly its number of
turns, a replay of the action log gives the identical state, a refused action changes
nothing, and no view leaks another seat's specials or unrevealed prices.
"""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.events import Event
from rules.fantasy_business import RULES, deck
from rules.fantasy_business.actions import Action, Auction, Bid, Give, Pass, PlaySpecial, SetPrice
from rules.fantasy_business.state import GameState

SENTINEL = 987654
SPECIAL_NAMES = [s.name for s in deck.data().specials]


def check_cards(state: GameState) -> None:
    placed = Counter(state.draw_pile + state.centre + state.discards)
    for hand in state.specials:
        placed.update(hand)
    assert all(n == 1 for n in placed.values()), "a card is in two places"
    for key, article in deck.articles().items():
        loose = sum(1 for c in placed if deck.card(c).key == key)
        held = sum(h.get(key, 0) for h in state.articles)
        assert loose + held == article.cards, key
    specials = {c.id for c in deck.cards() if c.kind == "special"}
    assert {c for c in placed if deck.card(c).kind == "special"} == specials
    assert sum(placed.values()) + sum(sum(h.values()) for h in state.articles) == 72


def with_other_secrets(state: GameState, keep: int | None) -> GameState:
    """The same game except for secrets seat `keep` may not know."""
    other = state.model_copy(deep=True)
    kinds = list(deck.specials())
    for seat in state.seats():
        if seat == keep:
            continue
        other.specials[seat] = [
            deck.cards()[48 + 3 * ((kinds.index(deck.card(c).key) + 1) % 8) + 2].id
            for c in state.specials[seat]
        ]
        other.sheets[seat].prices = {k: SENTINEL + p for k, p in state.sheets[seat].prices.items()}
    other.draw_pile = list(reversed(state.draw_pile))
    return other


def check_secrets(state: GameState) -> None:
    for seat in [None, *state.seats()]:
        seen = RULES.view(state, seat)
        swapped = RULES.view(with_other_secrets(state, seat), seat)
        assert str(SENTINEL)[:4] not in swapped.model_dump_json()
        assert seen == swapped, f"view for {seat} depends on someone else's secrets"


AUCTION_EVENTS = {
    "turn_started",
    "card_designated",
    "card_offered",
    "bid",
    "passed",
    "card_won",
    "card_discarded",
    "centre_discarded",
}


def check_public_events(events: list[Event]) -> None:
    """Face-down specials are never named in public while they are auctioned."""
    for event in events:
        if event.public and event.kind in AUCTION_EVENTS:
            assert not any(name in event.text for name in SPECIAL_NAMES), event.text
            assert "special" not in event.data or event.kind == "special_played"


def stray_action(r: random.Random, state: GameState) -> Action:
    """An arbitrary, usually illegal, action."""
    return r.choice(
        [
            Auction(card=r.randint(-1, 9), price=r.choice([None, r.randint(0, 15)])),
            Bid(amount=r.randint(0, 30)),
            Pass(),
            SetPrice(article=r.choice(list(deck.articles())), price=r.randint(0, 13)),
            PlaySpecial(card=r.choice(list(deck.specials())), target=r.randint(0, 8)),
            Give(to=r.randint(0, 8), gold=r.randint(-1, 40)),
        ]
    )


def play(players: int, seed: int, options: dict[str, object]) -> None:
    r = random.Random(seed)
    first = r.choice([None, r.randrange(players)])
    state, events = RULES.setup(players, options, seed, first)
    log: list[tuple[int, dict[str, object]]] = []
    bought: set[tuple[int, int]] = set()
    paid_turns = 0
    for _ in range(20_000):
        if RULES.outcome(state) is not None:
            break
        waiting = RULES.waiting_on(state)
        assert waiting
        seat = r.choice(waiting) if r.random() < 0.9 else r.randrange(players)
        if r.random() < 0.2:
            stray = stray_action(r, state)
            before = RULES.dump_state(state)
            try:
                RULES.apply(state, r.randrange(players), stray)
            except RuleError:
                assert RULES.dump_state(state) == before
        choice = RULES.default_action(state, seat) if r.random() < 0.2 else None
        if choice is None:
            legal = RULES.legal_actions(state, seat)
            if not legal:
                continue
            choice = r.choice(legal)
        turn = state.turn
        state, events = RULES.apply(state, seat, choice)
        log.append((seat, choice.model_dump()))
        for event in events:
            if event.kind == "card_won":
                key = (turn, event.data["seat"])
                assert key not in bought, "two cards bought in one turn"
                bought.add(key)
            paid_turns += event.kind == "income_paid"
        check_public_events(events)
        assert min(state.gold) >= 0
        check_cards(state)
        if r.random() < 0.05:
            check_secrets(state)
    else:
        pytest.fail("the game did not end")
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners
    expected = options.get("turns") or (8 if players >= 7 else 10)
    assert state.total_turns == expected == paid_turns
    replayed, _ = RULES.setup(players, options, seed, first)
    for seat, data in log:
        replayed, _ = RULES.apply(replayed, seat, RULES.parse_action(data))
    assert RULES.dump_state(replayed) == RULES.dump_state(state)


@pytest.mark.parametrize("players", range(3, 9))
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), low=st.booleans(), sole=st.booleans())
def test_random_legal_games_keep_every_invariant(
    players: int, seed: int, low: bool, sole: bool
) -> None:
    play(players, seed, {"low_prices": low, "sole_lowest_bonus": sole})


@settings(max_examples=6, deadline=None)
@given(players=st.integers(3, 8), turns=st.integers(1, 8), seed=st.integers(0, 2**32))
def test_random_short_games_last_the_chosen_number_of_turns(
    players: int, turns: int, seed: int
) -> None:
    play(players, seed, {"turns": turns})
