"""The flow of a round (§3): Phase 1 turn order, then the constables, then the books.

Phase 2 and the die roll of Phase 3 run by themselves once every seat has acted; the round
only waits again if someone is over the hand limit.
"""

from rules.events import Event
from rules.fagins_gang.books import check_hand_limit, turn_wheel
from rules.fagins_gang.constables import patrol
from rules.fagins_gang.dead_end import dead_end
from rules.fagins_gang.ending import end_by_dead_end, end_by_round_limit
from rules.fagins_gang.state import FaginState, left_of
from rules.words import Say, Seat, later, said


def finish_action(state: FaginState, seat: int) -> list[Event]:
    """The seat's Phase 1 action is done: pass the turn on, or end Phase 1."""
    if state.phase == "over":
        return []
    state.acted.append(seat)
    if len(state.acted) < state.players:
        state.turn = (state.first_player + len(state.acted)) % state.players
        return []
    events = patrol(state)
    events.append(turn_wheel(state, "books"))
    events += check_hand_limit(state)
    if state.pending_discards:
        state.phase = "discard"
        return events
    return events + close_round(state)


def close_round(state: FaginState) -> list[Event]:
    """After the hand limit: pass the First Player token left and start the next round;
    or end the game at the round limit, or at a dead end (rule 7.3 [ed])."""
    limit = state.options.round_limit
    if limit is not None and state.round >= limit:
        return end_by_round_limit(state)
    if dead_end(state):
        return end_by_dead_end(state)
    state.first_player = left_of(state, state.first_player)
    state.round += 1
    state.turn = state.first_player
    state.acted = []
    state.removed = []
    state.phase = "actions"
    return [
        Event(
            kind="round_started",
            say=later(_round_said, state.round, state.first_player),
            data={"round": state.round, "first_player": state.first_player},
        )
    ]


def _round_said(round_: int, first: int) -> Say:
    return said(
        "Round {round} begins; the First Player token passes to {who}.",
        round=round_,
        who=Seat(seat=first),
    )
