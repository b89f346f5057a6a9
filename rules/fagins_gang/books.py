"""Phase 3, balancing the books (§6): the price wheel turns and the hand limit is enforced.

A player over the hand limit chooses which cubes to return (a `Discard`). The default,
used when their time runs out, returns one cube at a time from the colour they hold most
of, ties going to the colour earliest in ring order (blue, green, red, yellow, black,
purple), so it is deterministic and spreads the loss across their largest piles.
"""

from rules.errors import RuleError
from rules.events import Event
from rules.fagins_gang.actions import Discard
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.state import FaginState, cube_total, p, prices


def turn_wheel(state: FaginState, when: str) -> Event:
    roll, state.rng = state.rng.die()
    state.wheel_rotation = (state.wheel_rotation + roll) % len(BOARD.wheel)
    now = prices(state)
    listed = ", ".join(f"{colour} {price}" for colour, price in now.items())
    return Event(
        kind="wheel_turned",
        text=f"Die roll {roll}: the price wheel turns {roll} step{'' if roll == 1 else 's'}. "
        f"Prices: {listed}.",
        data={"roll": roll, "rotation": state.wheel_rotation, "prices": now, "when": when},
    )


def check_hand_limit(state: FaginState) -> list[Event]:
    """Record who must return cubes; the round waits for them."""
    events: list[Event] = []
    for seat in range(state.players):
        excess = cube_total(state, seat) - BOARD.hand_limit
        if excess > 0:
            state.pending_discards[seat] = excess
            events.append(
                Event(
                    kind="hand_limit",
                    text=(
                        f"{p(seat)} holds {cube_total(state, seat)} cubes, over the hand limit "
                        f"of {BOARD.hand_limit}, and must return {excess}."
                    ),
                    data={"seat": seat, "excess": excess},
                )
            )
    return events


def apply_discard(state: FaginState, seat: int, action: Discard) -> Event:
    owed = state.pending_discards.get(seat)
    if owed is None:
        raise RuleError(f"You are within the hand limit of {BOARD.hand_limit}; keep your cubes.")
    for colour, n in action.cubes.items():
        BOARD.known_colour(colour, f"{n} {colour}")
        if n < 0:
            raise RuleError(f"You cannot return {n} {colour}.")
        if state.cubes[seat][colour] < n:
            raise RuleError(
                f"You cannot return {n} {colour}: you have {state.cubes[seat][colour]}."
            )
    total = sum(action.cubes.values())
    if total != owed:
        raise RuleError(
            f"You are {owed} over the hand limit, so return exactly {owed} cubes; "
            f"you named {total}."
        )
    returned = {colour: n for colour, n in action.cubes.items() if n > 0}
    for colour, n in returned.items():
        state.cubes[seat][colour] -= n
        state.warehouses[colour] += n
    del state.pending_discards[seat]
    return Event(
        kind="cubes_discarded",
        text=f"{p(seat)} returns {BOARD.describe_cubes(returned)} to the warehouses.",
        data={"seat": seat, "cubes": returned},
    )


def default_discard(state: FaginState, seat: int) -> Discard:
    """One cube at a time from the largest pile; ties to the earlier colour in ring order."""
    held = dict(state.cubes[seat])
    returned: dict[str, int] = {}
    for _ in range(state.pending_discards.get(seat, 0)):
        colour = max(BOARD.colour_ring, key=lambda c: (held[c], -BOARD.colour_ring.index(c)))
        held[colour] -= 1
        returned[colour] = returned.get(colour, 0) + 1
    return Discard(cubes={c: returned[c] for c in BOARD.colour_ring if c in returned})
