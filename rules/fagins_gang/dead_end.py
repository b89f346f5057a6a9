"""[ed] rule 7.3, the dead end: a game nobody can ever move on again ends.

The printed rules end a game only at the Fagin target (or at the optional round limit),
and they do allow a table that can never change again: when no player has an urchin on
a track, none holds the cubes to enter a location or to make an exchange, none can sell
a cube (each one's stall is full) and none can buy one (every stall is empty, or nobody
has the shillings for even the lowest wheel price), then no action of anyone changes a
cube, a shilling or an urchin, and constables only ever meet empty tracks. Such a game
would run for ever; the edition ends it at the end of the round in which it is reached,
scored as at the round limit (`ending.end_by_dead_end`). The rule's number lives in the
board data (`dead_end_rule`), so the rulebook and the announcement cite it.
"""

from rules.fagins_gang.board import BOARD
from rules.fagins_gang.state import FaginState, track_level


def can_change_anything(state: FaginState, seat: int) -> bool:
    """Whether the seat has, now or at some later wheel price, an action that changes
    cubes, shillings or urchins (removals this round are ignored: they end with it)."""
    cubes = state.cubes[seat]
    if any(track_level(state, key, seat) is not None for key in BOARD.ring):
        return True  # it can steal goods or shillings there
    if sum(cubes.values()) >= BOARD.exchange_give:
        return True
    if state.supply[seat] > 0 and any(
        seat not in state.urchins[loc.key] and cubes[loc.colour] >= loc.move_cost
        for loc in BOARD.locations
    ):
        return True
    if any(n > 0 and state.stalls[colour] < BOARD.stall_size for colour, n in cubes.items()):
        return True
    return state.shillings[seat] >= min(BOARD.wheel) and any(state.stalls.values())


def dead_end(state: FaginState) -> bool:
    """Whether no seat can ever change cubes, shillings or urchins again: whatever anyone
    does from here, nobody can reach Fagin."""
    return not any(can_change_anything(state, seat) for seat in range(state.players))
