"""The click builders offer only what the rules accept.

Random clicks walk the builders (move, steal with exchanges, shillings, discard) from
positions reached by random play; every choice offered must keep the draft acceptable to
`apply` (or finishable, for a part still being built), and every draft offered for
submission must be an action `apply` takes. The builders' button budget (Discord's five
rows of five, one row kept for Back/Undo/Submit/Cancel) is checked on the way.
"""

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.fagins_gang import RULES, FaginState, Skip, builder
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.builder import Draft

from .test_arbitrary_actions import _over_the_hand_limit, _random_play

MOST_CHOICES = 20


@cache
def _positions() -> tuple[tuple[FaginState, int], ...]:
    """(state, seat to act) pairs in Phase 1 and in the hand-limit step."""
    found: list[tuple[FaginState, int]] = []
    for seed in range(6):
        for state in _random_play(2 + seed % 4, seed, 160, 4):
            if state.phase in ("actions", "discard"):
                found += [(state, seat) for seat in RULES.waiting_on(state)]
    for players in (2, 3, 4):
        state = _over_the_hand_limit(players, players)
        found += [(state, seat) for seat in RULES.waiting_on(state)]
    return tuple(found)


def _kinds(state: FaginState) -> tuple[str, ...]:
    return ("d",) if state.phase == "discard" else ("m", "s", "c")


def _check_offer(state: FaginState, seat: int, draft: Draft) -> list[builder.Choice]:
    offered = builder.choices(state, seat, draft)
    assert len(offered) <= MOST_CHOICES, (draft, len(offered))
    assert len(draft.text()) <= 100 - len("sf:fg-draft:999999999:")
    for choice in offered:
        nxt = choice.draft
        assert builder.parse(nxt.text()) == nxt
        if nxt.kind == "d" and len(nxt.parts) < builder.owed(state, seat):
            # a discard is whole once it returns what is owed: until then it goes on
            assert builder.choices(state, seat, nxt), (draft, choice)
        elif not nxt.focus:  # a finished part: the whole draft is accepted as it stands
            assert builder.accepted(state, seat, nxt), (draft, choice)
        else:  # a part still being built: it can be finished
            assert builder.choices(state, seat, nxt), (draft, choice)
    return offered


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_clicks_only_meet_legal_choices(data: st.DataObject) -> None:
    state, seat = data.draw(st.sampled_from(_positions()))
    kind = data.draw(st.sampled_from(_kinds(state)))
    draft = builder.start(7, kind)
    submitted = False
    for _ in range(12):
        offered = _check_offer(state, seat, draft)
        moves = ["choose"] * bool(offered) + ["undo"] * bool(draft.parts or draft.focus)
        if builder.accepted(state, seat, draft):
            moves.append("submit")
        if not moves:
            break
        move = data.draw(st.sampled_from(moves))
        if move == "choose":
            draft = data.draw(st.sampled_from(offered)).draft
        elif move == "undo":
            draft = draft.undone()
        else:
            action = builder.action_of(draft)
            assert action is not None
            RULES.apply(state, seat, action)  # raises if the rules refuse it
            submitted = True
            break
    if not submitted and builder.accepted(state, seat, draft):
        action = builder.action_of(draft)
        assert action is not None
        RULES.apply(state, seat, action)


def test_every_position_offers_some_plan_when_one_is_legal() -> None:
    """Where the rules list a move, steal or shilling plan, the builder offers a first
    choice for it (nothing legal is hidden behind an empty builder)."""
    for state, seat in _positions():
        if state.phase != "actions":
            continue
        legal = RULES.legal_actions(state, seat)
        for kind, type_ in (("m", "move"), ("s", "steal"), ("c", "shillings")):
            if any(action.type == type_ for action in legal):
                assert builder.choices(state, seat, builder.start(1, kind)), (kind, seat)


def test_a_discard_is_built_cube_by_cube_to_what_is_owed() -> None:
    state = _over_the_hand_limit(3, 3)
    seat = RULES.waiting_on(state)[0]
    draft = builder.start(1, "d")
    chooser = random.Random(5)
    while offered := builder.choices(state, seat, draft):
        assert not builder.accepted(state, seat, draft)
        draft = chooser.choice(offered).draft
    assert len(draft.parts) == builder.owed(state, seat)
    action = builder.action_of(draft)
    assert action is not None
    after, _ = RULES.apply(state, seat, action)
    assert seat not in after.pending_discards


def test_forged_drafts_are_refused() -> None:
    for text in ["", "1.m", "x.m..", "1.z..", "1.m.9z9.", "1.s.x00.", "1.m.0e0.!"]:
        try:
            builder.parse(text)
        except builder.DraftError:
            continue
        raise AssertionError(text)


def test_a_discard_draft_outlives_the_others_discards_but_not_the_round() -> None:
    """Seats over the hand limit discard at once: another seat's discard (a new game
    version) leaves a seat's half-built discard valid; a move, or a new round, does not."""
    state, _ = RULES.setup(3, {}, 2, 0)
    for seat in (0, 1):
        state.cubes[seat] = {colour: 5 for colour in BOARD.colour_ring}
    for seat in range(3):
        state, _ = RULES.apply(state, seat, Skip())
    assert sorted(state.pending_discards) == [0, 1]
    mine = builder.start(builder.token_for(state, 10, "d"), "d")
    mine = builder.choices(state, 0, mine)[0].draft
    theirs = builder.start(builder.token_for(state, 10, "d"), "d")
    while not builder.accepted(state, 1, theirs):
        theirs = builder.choices(state, 1, theirs)[0].draft
    state, _ = RULES.apply(state, 1, builder.action_of(theirs))  # type: ignore[arg-type]
    builder.check(state, 0, 11, mine)  # still fine at the next version
    with pytest.raises(RuleError):
        builder.check(state, 1, 11, theirs)  # bob has nothing left to return
    moved = builder.start(10, "m")
    with pytest.raises(RuleError):
        builder.check(state, 0, 11, moved)  # a Phase 1 draft is tied to its version
