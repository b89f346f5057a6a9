"""Setting up and steering Fagin's Gang games in the simulated server.

Tests act only through commands and buttons; these helpers open the table, read the stored
state to choose legal moves, and (for positions that would take many rounds to reach)
write a prepared state into the game row, as a scenario builder does for rules tests.
"""

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import discord
import simcord

from rules.fagins_gang import (
    BOARD,
    RULES,
    Action,
    Buy,
    Discard,
    FaginState,
    MarketPass,
    Move,
    OpenMarket,
    Shillings,
    Skip,
    Steal,
)
from rules.fagins_gang.actions import format_move, format_steal
from tests.discord.harness import World, public


async def start_game(w: World, first: int = 0, **options: Any) -> None:
    """All of the world's players sit down; `first` (a player index) acts first."""
    host, *others = w.players
    public(await host.slash(w.channel, "game new", game="fagins-gang", **options))
    for player in others:
        public(await player.slash(w.channel, "game join"))
    started = await host.slash(w.channel, "game start", first=w.players[first])
    assert "begins" in public(started)


def state_of(w: World) -> FaginState:
    table = w.bot.service.table(w.channel.id)
    assert table is not None and isinstance(table.state, FaginState)
    return table.state


def game_id(w: World) -> int:
    game = w.store.open_game(w.channel.id)
    assert game is not None
    return game.id


def set_state(w: World, change: Callable[[FaginState], None]) -> FaginState:
    """Store a changed copy of the current state (a prepared position)."""
    game = w.store.open_game(w.channel.id)
    assert game is not None
    state = state_of(w).model_copy(deep=True)
    change(state)
    w.store.update_game(game, now=datetime.now(UTC), state=RULES.dump_state(state))
    return state


def player(w: World, seat: int) -> simcord.MemberActor:
    """The member sitting in a seat (seats follow join order: alice is seat 0)."""
    game = w.store.open_game(w.channel.id) or w.store.game(last_game_id(w))
    user_id = w.store.seats(game.id)[seat].user_id
    return next(p for p in w.players if p.id == user_id)


def last_game_id(w: World) -> int:
    return max(int(row["id"]) for row in w.store.rows("games"))


# -- choosing and playing moves ------------------------------------------------------------


def _value(state: FaginState, seat: int) -> float:
    """How close a seat is to getting urchins home: a crude but steady greedy guide."""
    value = 0.0
    for key in BOARD.ring:
        spot = state.urchins[key].get(seat)
        location = BOARD.location(key)
        if spot == "fagin":
            value += 1000
        elif isinstance(spot, int):
            need = (spot + 1) * location.move_cost
            have = state.cubes[seat][location.colour]
            value += 40 - 4 * spot * location.move_cost + 3 * min(have, need)
    shillings = state.shillings[seat]
    cubes = sum(state.cubes[seat].values())
    return value + 2 * min(shillings, BOARD.fagin_price) + 0.1 * shillings + 0.05 * cubes


def greedy_action(state: FaginState, seat: int) -> Action:
    """The legal action that leaves the seat best placed; with nothing better to do and
    too few shillings for Fagin, open the market to sell."""
    best: Action | None = None
    score = 0.0
    for action in RULES.legal_actions(state, seat):
        if isinstance(action, OpenMarket):
            continue
        after, _ = RULES.apply(state, seat, action)
        value = _value(after, seat)
        if best is None or value > score + 1e-9:
            best, score = action, value
    assert best is not None
    stuck = score <= _value(state, seat) + 1e-9
    if stuck and state.phase == "actions" and state.shillings[seat] < BOARD.fagin_price:
        return OpenMarket()
    return best


def market_message(w: World) -> discord.Message:
    """The latest message carrying the market buttons."""
    return next(m for m in reversed(w.channel.history()) if m.components)


async def play(w: World, seat: int, action: Action) -> simcord.InteractionResult:
    """Perform an action the way a player would: its command, or a market button."""
    who = player(w, seat)
    channel = w.channel
    if isinstance(action, Move):
        return await who.slash(channel, "move", plan=format_move(action))
    if isinstance(action, Steal):
        return await who.slash(channel, "steal", plan=format_steal(action))
    if isinstance(action, Shillings):
        return await who.slash(channel, "shillings", locations=", ".join(action.locations))
    if isinstance(action, OpenMarket):
        return await who.slash(channel, "market open")
    if isinstance(action, Skip):
        return await who.slash(channel, "skip")
    if isinstance(action, Discard):
        cubes = ", ".join(f"{n} {colour}" for colour, n in action.cubes.items())
        return await who.slash(channel, "discard", cubes=cubes)
    gid = game_id(w)
    if isinstance(action, MarketPass):
        return await who.click(market_message(w), custom_id=f"sf:fg-pass:{gid}:")
    verb = "buy" if isinstance(action, Buy) else "sell"
    if len(action.colours) == 1:
        button = f"sf:fg-{verb}:{gid}:{action.colours[0]}"
        return await who.click(market_message(w), custom_id=button)
    return await who.slash(channel, f"market {verb}", colours=" ".join(action.colours))
