"""The core is the authority: any action at all, from any reachable state, is either
refused with a `RuleError` that changes nothing, or accepted with every invariant intact.

Stored logs are replayed through `apply`, and AI players and imports build actions
directly, so the actions here are built from the action models with arbitrary field
values (negative, huge, empty, unknown names, out-of-range seats and card positions),
half of them from a legal action with one field made arbitrary. The states come from a
pool reached by random legal play, built once per test run so examples stay cheap.
"""

import random
from functools import cache

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from test_fb_random_games import SPECIAL_NAMES, check_cards, check_public_events

from rules.errors import RuleError
from rules.fantasy_business import RULES, deck
from rules.fantasy_business.actions import (
    Action,
    Auction,
    Bid,
    Give,
    Pass,
    PlaySpecial,
    SetPrice,
    Submit,
    parse_action,
)
from rules.fantasy_business.state import GameState
from tests.rules.action_mutations import (
    NUMBERS,
    WEIRD_TEXT,
    build_or_none,
    mutate,
    one_of_each_type,
)

EXAMPLES = 3000

# -- reachable states ---------------------------------------------------------------------


def _random_play(players: int, seed: int, every: int) -> list[GameState]:
    chooser = random.Random(seed)
    options = {"turns": 3, "low_prices": chooser.random() < 0.5, "sole_lowest_bonus": True}
    state, _ = RULES.setup(players, options, seed, None)
    found = [state]
    for step in range(5000):
        if RULES.outcome(state) is not None:
            break
        seat = chooser.choice(RULES.waiting_on(state))
        if chooser.random() < 0.3:
            seat = chooser.randrange(players)  # gifts and specials come from anyone
        legal = RULES.legal_actions(state, seat) or [RULES.default_action(state, seat)]
        action = chooser.choice([a for a in legal if a is not None] or [Pass()])
        try:
            state, _ = RULES.apply(state, seat, action)
        except RuleError:
            continue
        if step % every == 0 or state.phase == "pricing":
            found.append(state)  # every pricing step: fewer of them, and specials live there
    found.append(state)
    return found


@cache
def pool() -> tuple[GameState, ...]:
    states: list[GameState] = []
    for index, players in enumerate(range(3, 9)):
        states += _random_play(players, 2000 + index, 3)
    return tuple(states)


def test_the_pool_reaches_every_phase_and_step() -> None:
    states = pool()
    assert {state.phase for state in states} == {"auction", "pricing", "over"}
    auctions = [state.auction for state in states if state.auction is not None]
    assert any(a.offer for a in auctions) and any(a.high_bidder is not None for a in auctions)
    assert any(specials for state in states for specials in state.specials)


# -- arbitrary actions --------------------------------------------------------------------

ARTICLES = st.one_of(
    st.sampled_from([*deck.articles(), *(a.name for a in deck.articles().values())]), WEIRD_TEXT
)
SPECIALS = st.one_of(
    st.sampled_from([*deck.specials(), *(s.name for s in deck.specials().values())]), WEIRD_TEXT
)
SEATS = st.integers(-2, 9)
ACTIONS: st.SearchStrategy[Action] = st.one_of(
    st.builds(Auction, card=NUMBERS, price=st.one_of(st.none(), NUMBERS)),
    st.builds(Bid, amount=NUMBERS),
    st.just(Pass()),
    st.builds(SetPrice, article=ARTICLES, price=NUMBERS),
    st.builds(Submit, defaults=st.booleans()),
    st.builds(
        PlaySpecial,
        card=SPECIALS,
        target=st.one_of(st.none(), SEATS),
        article=st.one_of(st.none(), ARTICLES),
    ),
    st.builds(
        Give,
        to=SEATS,
        gold=NUMBERS,
        article=st.one_of(st.none(), ARTICLES),
        card=st.one_of(st.none(), SPECIALS),
    ),
)
FIXED = frozenset({"type", "defaults"})
OPTIONAL = frozenset({"price", "target", "article", "card"})


@cache
def _legal(index: int, seat: int) -> tuple[Action, ...]:
    return tuple(RULES.legal_actions(pool()[index], seat))


@st.composite
def seat_and_action(draw: st.DrawFn) -> tuple[GameState, int, Action]:
    index = draw(st.integers(0, len(pool()) - 1))
    state = pool()[index]
    waiting = RULES.waiting_on(state)
    seat = draw(st.one_of(st.sampled_from(waiting or [0]), st.integers(0, state.players - 1)))
    legal = _legal(index, seat)
    if legal and draw(st.booleans()):
        dumped = one_of_each_type(draw, legal).model_dump()
        changed = mutate(draw, dumped, FIXED, st.one_of(ARTICLES, SPECIALS), OPTIONAL)
        action = build_or_none(parse_action, changed)
        assume(action is not None)
        return state, seat, action
    if draw(st.integers(0, 3)) == 0:
        seat = draw(SEATS)
    return state, seat, draw(ACTIONS)


def check_invariants(state: GameState) -> None:
    assert min(state.gold) >= 0, state.gold
    check_cards(state)
    assert all(n > 0 for held in state.articles for n in held.values())
    assert 0 <= state.first_buyer < state.players and 1 <= state.turn <= state.total_turns
    if state.phase != "auction":
        assert state.auction is None and state.centre == []
    auction = state.auction
    if auction is not None:
        assert auction.card in state.centre
        assert 0 <= auction.to_act < state.players and not state.acquired[auction.to_act]
        if auction.high_bidder is not None:
            assert auction.price is not None and state.gold[auction.high_bidder] >= auction.price
    assert RULES.load_state(RULES.dump_state(state)) == state


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(case=seat_and_action())
def test_any_action_is_refused_without_a_trace_or_accepted_with_the_invariants_intact(
    case: tuple[GameState, int, Action],
) -> None:
    state, seat, action = case
    before = RULES.dump_state(state)
    try:
        after, events = RULES.apply(state, seat, action)
    except RuleError as error:
        event("refused")
        assert error.message.strip(), "a refusal says why"
        assert RULES.dump_state(state) == before, "a refused action changed the state"
        return
    event(f"accepted {action.type}")
    assert RULES.dump_state(state) == before, "apply changed its input"
    check_invariants(after)
    check_public_events(events)
    if isinstance(action, Give):
        assert action.gold >= 0 and after.gold[seat] <= state.gold[seat], "a gift took gold"
    for happened in events:
        assert happened.seat is None or 0 <= happened.seat < state.players
        if happened.public and happened.kind == "gift":
            assert not any(name in happened.text for name in SPECIAL_NAMES), happened.text
