"""The states behind a view (`worlds.sample_world`): from any reachable state, a world
sampled from one seat's view (with what the public history says of the discard pile)
shows that seat exactly the view it came from, holds every card once and every seat's
gold, and is a state the rules play on."""

import random
from collections import Counter
from collections.abc import Mapping
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_fb_random_games import check_cards

from rules.errors import RuleError
from rules.events import Event
from rules.fantasy_business import RULES, deck
from rules.fantasy_business.pricing import price_range
from rules.fantasy_business.state import GameState
from rules.fantasy_business.worlds import Worlds, sample_world
from rules.rng import Rng

EXAMPLES = 300
Known = tuple[GameState, Mapping[str, int]]
"""A state and the specials its public history shows face up in the discard pile."""


def face_up(history: list[Event]) -> dict[str, int]:
    """Special kind -> copies played face up since the draw pile was last reshuffled."""
    played: dict[str, int] = {}
    for happened in history:
        if happened.kind == "special_played" and happened.seat is None:
            kind = str(happened.data["special"])
            played[kind] = played.get(kind, 0) + 1
        elif happened.kind == "deck_reshuffled":
            played = {}
    return played


def _random_play(players: int, seed: int, every: int) -> list[Known]:
    """Random legal play (gifts and specials from anyone), long games so that the draw
    pile runs out and is reshuffled; every pricing step is kept (specials live there)."""
    chooser = random.Random(seed)
    options = {"turns": 6, "low_prices": chooser.random() < 0.5}
    state, events = RULES.setup(players, options, seed, None)
    history = [e for e in events if e.public]
    found: list[Known] = [(state, {})]
    for step in range(5000):
        if RULES.outcome(state) is not None:
            break
        seat = chooser.choice(RULES.waiting_on(state))
        if chooser.random() < 0.3:
            seat = chooser.randrange(players)
        legal = RULES.legal_actions(state, seat)
        if not legal:
            continue
        try:
            state, events = RULES.apply(state, seat, chooser.choice(legal))
        except RuleError:
            continue
        history += [e for e in events if e.public]
        if step % every == 0 or state.phase == "pricing":
            found.append((state, face_up(history)))
    found.append((state, face_up(history)))
    return found


@cache
def pool() -> tuple[Known, ...]:
    states: list[Known] = []
    for index, players in enumerate(range(3, 9)):
        states += _random_play(players, 3000 + index, 4)
    return tuple(states)


def test_the_pool_reaches_every_phase_and_face_up_discards() -> None:
    assert {state.phase for state, _ in pool()} == {"auction", "pricing", "over"}
    assert any(known for _, known in pool())
    assert any(state.auction is not None and state.auction.offer for state, _ in pool())


@st.composite
def state_and_seat(draw: st.DrawFn) -> tuple[GameState, Mapping[str, int], int]:
    state, known = draw(st.sampled_from(pool()))
    return state, known, draw(st.integers(0, state.players - 1))


def check_conserved(world: GameState, state: GameState) -> None:
    """Every card of the deck once, and the gold and articles of the real state."""
    check_cards(world)
    assert world.gold == state.gold
    assert world.articles == state.articles
    assert [len(hand) for hand in world.specials] == [len(hand) for hand in state.specials]
    assert (len(world.draw_pile), len(world.discards)) == (
        len(state.draw_pile),
        len(state.discards),
    )


@settings(max_examples=EXAMPLES, deadline=None)
@given(case=state_and_seat(), seed=st.integers(0, 2**63 - 1))
def test_a_sampled_world_shows_its_seat_exactly_the_view_it_came_from(
    case: tuple[GameState, Mapping[str, int], int], seed: int
) -> None:
    state, known, seat = case
    view = RULES.view(state, seat)
    world = sample_world(view, random.Random(seed), Rng(seed=seed), known)
    assert RULES.view(world, seat) == view
    assert world.rng == Rng(seed=seed)
    check_conserved(world, state)
    assert RULES.view(world, None) == RULES.view(state, None)


@settings(max_examples=EXAMPLES // 2, deadline=None)
@given(case=state_and_seat(), seed=st.integers(0, 2**63 - 1))
def test_hidden_prices_and_a_fixed_deal_keep_the_view_and_the_cards(
    case: tuple[GameState, Mapping[str, int], int], seed: int
) -> None:
    """Rivals' sheets written by a price model, or the cards dealt in a fixed order, or
    no history at all: still the same view and the same deck."""
    state, known, seat = case
    view = RULES.view(state, seat)

    def top(world: GameState, rival: int, article: str) -> int:
        return price_range(world, article)[1]

    worlds = Worlds(view, known)
    for world in (
        worlds.sample(random.Random(seed), Rng(seed=seed), top),
        worlds.sample(None, Rng(seed=seed)),
        sample_world(view, random.Random(seed), Rng(seed=seed)),
    ):
        assert RULES.view(world, seat) == view
        check_conserved(world, state)
    priced = worlds.sample(random.Random(seed), Rng(seed=seed), top)
    if state.phase == "pricing":
        for rival in state.seats():
            if rival != seat and rival not in view.waiting_on:
                owned = state.articles[rival]
                assert priced.sheets[rival].prices == {k: top(priced, rival, k) for k in owned}


def test_the_rules_play_on_in_a_sampled_world() -> None:
    """The seats the view waits on may act in the world as they would in the real game."""
    for index, (state, known) in enumerate(pool()[::3]):
        for seat in RULES.waiting_on(state):
            world = sample_world(RULES.view(state, seat), random.Random(index), Rng(seed=0), known)
            action = RULES.default_action(world, seat)
            assert action is not None and action == RULES.default_action(state, seat)
            RULES.apply(world, seat, action)


def test_the_specials_shown_face_up_stay_in_the_discard_pile() -> None:
    checked = 0
    for index, (state, known) in enumerate(pool()):
        if not known:
            continue
        world = sample_world(RULES.view(state, 0), random.Random(index), Rng(seed=0), known)
        kinds = Counter(
            deck.card(card).key for card in world.discards if deck.card(card).kind == "special"
        )
        assert all(kinds[kind] >= count for kind, count in known.items())
        checked += 1
    assert checked > 20


def test_a_view_that_does_not_add_up_is_refused() -> None:
    state, _ = RULES.setup(3, {}, 1, 0)
    view = RULES.view(state, 0)
    with pytest.raises(ValueError, match="do not add up"):
        Worlds(view.model_copy(update={"draw_pile": view.draw_pile + 1}))
    with pytest.raises(ValueError, match="for a seat"):
        Worlds(RULES.view(state, None))
