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
from rules.fagins_gang.state import FaginState, cube_total, prices
from rules.words import Param, Say, Seat, Term, later, said, said_n


def turn_wheel(state: FaginState, when: str) -> Event:
    roll, state.rng = state.rng.die()
    state.wheel_rotation = (state.wheel_rotation + roll) % len(BOARD.wheel)
    now = dict(prices(state))
    return Event(
        kind="wheel_turned",
        say=later(_wheel_said, roll, now),
        data={"roll": roll, "rotation": state.wheel_rotation, "prices": now, "when": when},
    )


def _wheel_said(roll: int, now: dict[str, int]) -> Say:
    listed: list[Param] = [
        said("{colour} {price}", colour=Term(english=colour), price=price)
        for colour, price in now.items()
    ]
    return said_n(
        "Die roll {n}: the price wheel turns {n} step. Prices: {prices}.",
        "Die roll {n}: the price wheel turns {n} steps. Prices: {prices}.",
        roll,
        prices=listed,
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
                    say=said(
                        "{who} holds {count} cubes, over the hand limit of {limit}, "
                        "and must return {excess}.",
                        who=Seat(seat=seat),
                        count=cube_total(state, seat),
                        limit=BOARD.hand_limit,
                        excess=excess,
                    ),
                    data={"seat": seat, "excess": excess},
                )
            )
    return events


def apply_discard(state: FaginState, seat: int, action: Discard) -> Event:
    owed = state.pending_discards.get(seat)
    if owed is None:
        raise RuleError(
            "You are within the hand limit of {limit}; keep your cubes.", limit=BOARD.hand_limit
        )
    for colour, n in action.cubes.items():
        BOARD.known_colour(colour, f"{n} {colour}")
        if n < 0:
            raise RuleError(
                "You cannot return {count} {colour}.", count=n, colour=Term(english=colour)
            )
        if state.cubes[seat][colour] < n:
            raise RuleError(
                "You cannot return {count} {colour}: you have {have}.",
                count=n,
                colour=Term(english=colour),
                have=state.cubes[seat][colour],
            )
    total = sum(action.cubes.values())
    if total != owed:
        raise RuleError(
            said_n(
                "You are {owed} over the hand limit, so return exactly {owed} cube; "
                "you named {total}.",
                "You are {owed} over the hand limit, so return exactly {owed} cubes; "
                "you named {total}.",
                owed,
                owed=owed,
                total=total,
            )
        )
    returned = {colour: n for colour, n in action.cubes.items() if n > 0}
    for colour, n in returned.items():
        state.cubes[seat][colour] -= n
        state.warehouses[colour] += n
    del state.pending_discards[seat]
    return Event(
        kind="cubes_discarded",
        say=said(
            "{who} returns {cubes} to the warehouses.",
            who=Seat(seat=seat),
            cubes=BOARD.cubes_said(returned),
        ),
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
