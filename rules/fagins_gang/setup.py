"""Setting up a game (§2): warehouses, stalls, players' stock, the wheel and the constables.

A game's edition (`rules.editions`, from its options) picks the generator and the wheel
ring: today's, the counter-based generator and the board's own wheel ring; a game
without an edition, started before, the generator of its time and the colours in
location order.
"""

from rules.editions import EDITION, FIRST_EDITION, rng_version
from rules.events import Event
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.books import turn_wheel
from rules.fagins_gang.constables import place_constables
from rules.fagins_gang.state import Constable, FaginState, Options
from rules.rng import Rng
from rules.words import Param, Say, Seat, said, said_n


def _setup_said(players: int, size: int, each: int, options: Options) -> Say:
    params: dict[str, Param] = {
        "players": players,
        "size": size,
        "stall": BOARD.stall_start,
        "shillings": BOARD.start_shillings,
        "cubes": said_n("{n} cube of each colour", "{n} cubes of each colour", each),
        "urchins": BOARD.urchins,
        "target": options.fagin_target,
        "limit": options.round_limit or 0,
    }
    if options.round_limit is not None:
        return said(
            "A game of Fagin's Gang for {players} players: warehouses of {size} cubes per "
            "colour, {stall} of each on the market stalls; every player has {shillings} "
            "shillings, {cubes} and {urchins} urchins. Fagin target {target}, round limit "
            "{limit}.",
            **params,
        )
    return said(
        "A game of Fagin's Gang for {players} players: warehouses of {size} cubes per "
        "colour, {stall} of each on the market stalls; every player has {shillings} "
        "shillings, {cubes} and {urchins} urchins. Fagin target {target}.",
        **params,
    )


def new_game(
    players: int, options: Options, seed: int, first: int | None, edition: int = FIRST_EDITION
) -> tuple[FaginState, list[Event]]:
    size = BOARD.warehouse_size(players)
    each = BOARD.start_cubes_per_colour
    colours = BOARD.colour_ring
    state = FaginState(
        players=players,
        options=options,
        rng=Rng(seed=seed, version=rng_version(edition)),
        wheel_ring="colours" if edition >= EDITION else "locations",
        first_player=0,
        turn=0,
        warehouses={c: size - BOARD.stall_start - players * each for c in colours},
        stalls={c: BOARD.stall_start for c in colours},
        constables={key: Constable(level=BOARD.levels.top, facing="down") for key in BOARD.ring},
        urchins={key: {} for key in BOARD.ring},
        supply=[BOARD.urchins] * players,
        shillings=[BOARD.start_shillings] * players,
        cubes=[{c: each for c in colours} for _ in range(players)],
    )
    events = [
        Event(
            kind="setup",
            say=_setup_said(players, size, each, options),
            data={
                "players": players,
                "warehouse_size": size,
                "fagin_target": options.fagin_target,
                "round_limit": options.round_limit,
            },
        ),
        turn_wheel(state, "setup"),
    ]
    events += place_constables(state)
    if first is None:
        first, state.rng = state.rng.randint(0, players - 1)
        chosen = True
    else:
        chosen = False
    state.first_player = first
    state.turn = first
    events.append(
        Event(
            kind="first_player",
            say=said(
                "{who} takes the First Player token (chosen at random) and acts first.",
                who=Seat(seat=first),
            )
            if chosen
            else said(
                "{who} takes the First Player token (chosen by the host) and acts first.",
                who=Seat(seat=first),
            ),
            data={"seat": first, "random": chosen},
        )
    )
    return state, events
