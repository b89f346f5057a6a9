"""Seating AI players: `/game addbot`, `/game removebot` and `/game autopilot`.

An AI seat is an ordinary seat with an `ai_level` and a negative stand-in user id (no
Discord user, so it is never pinged and never sent a DM). A table may be all AIs but one
person — or, once its host has left the lobby, all AIs: such a game plays itself to the
end at a readable pace (cogs/robots.py). The level for seats whose players were kicked
or resigned is the game's `autopilot_level`.
"""

from functools import partial

from ai import LEVELS
from bot import robots
from bot.deadlines import HOST_ONLY
from bot.messages import Outcome
from bot.service import NO_GAME, Actor, GameService, Place
from bot.store import GameRow

LEVEL_WORDS = {
    "random": "plays any legal move (for testing)",
    "standard": "plays good moves quickly",
    "strong": "searches for a few seconds a move",
}


def _lobby(service: GameService, place: Place, actor: Actor, what: str) -> GameRow | str:
    game = service.store.open_game(place.channel_id, for_update=True)
    if game is None:
        return NO_GAME
    if game.status != "lobby":
        return "The game has started: seats are fixed (the host can `/game replace` a seat)."
    if actor.user_id != game.host_id:
        return f"Only the host (<@{game.host_id}>) can {what}."
    return game


def _known(level: str) -> str | None:
    if level in LEVELS:
        return None
    return f"“{level[:20]}” is not an AI level; choose {', '.join(LEVELS)}."


async def add_bot(service: GameService, place: Place, actor: Actor, level: str) -> Outcome:
    return await service.command(place.channel_id, partial(_add_bot, service, place, actor, level))


def _add_bot(service: GameService, place: Place, actor: Actor, level: str) -> Outcome:
    game = _lobby(service, place, actor, "seat an AI player")
    if isinstance(game, str):
        return Outcome.refusal(game)
    problem = _known(level)
    if problem is not None:
        return Outcome.refusal(problem)
    table = service.table_for(game)
    if len(table.seats) >= table.rules.max_players:
        return Outcome.refusal(
            f"The table is full: {table.rules.title} takes at most {table.rules.max_players}."
        )
    stand_in = min([seat.user_id for seat in table.seats if seat.user_id < 0], default=0) - 1
    name = robots.name_for(table.names, level)
    now = service.clock()
    service.store.add_seat(game.id, stand_in, name, now, ai_level=level)
    game = service.save(game, now=now)
    line = f"🤖 **{actor.display_name}** seated **{name}**: an AI that {LEVEL_WORDS[level]}."
    return service.publish(service.table_for(game), Outcome(lines=[line]))


async def remove_bot(service: GameService, place: Place, actor: Actor, seat: int | None) -> Outcome:
    return await service.command(
        place.channel_id, partial(_remove_bot, service, place, actor, seat)
    )


def _remove_bot(service: GameService, place: Place, actor: Actor, seat: int | None) -> Outcome:
    """`seat`: the number shown in the lobby (from 1); None: the last AI seated."""
    game = _lobby(service, place, actor, "remove an AI player")
    if isinstance(game, str):
        return Outcome.refusal(game)
    table = service.table_for(game)
    ai = [row for row in table.seats if row.is_ai]
    if not ai:
        return Outcome.refusal("No AI player sits at this table.")
    if seat is None:
        chosen = ai[-1]
    else:
        found = [row for row in table.seats if row.position == seat - 1]
        if not found:
            return Outcome.refusal(f"There is no seat {seat}; the table has {len(table.seats)}.")
        if not found[0].is_ai:
            return Outcome.refusal(
                f"Seat {seat} is **{found[0].display_name}**'s, a person's: only AI seats "
                "can be removed (people use `/game leave`)."
            )
        chosen = found[0]
    now = service.clock()
    service.store.remove_seat(game.id, chosen.user_id)
    game = service.save(game, now=now)
    line = f"🚪 **{actor.display_name}** removed **{chosen.display_name}** from the table."
    return service.publish(service.table_for(game), Outcome(lines=[line]))


async def set_autopilot(service: GameService, place: Place, actor: Actor, level: str) -> Outcome:
    return await service.command(
        place.channel_id, partial(_set_autopilot, service, place, actor, level)
    )


def _set_autopilot(service: GameService, place: Place, actor: Actor, level: str) -> Outcome:
    game = service.store.open_game(place.channel_id, for_update=True)
    if game is None:
        return Outcome.refusal(NO_GAME)
    if actor.user_id != game.host_id and not actor.may_manage:
        return Outcome.refusal(
            HOST_ONLY.format(host=game.host_id, what="choose the autopilot's level")
        )
    problem = _known(level)
    if problem is not None:
        return Outcome.refusal(problem)
    game = service.save(game, now=service.clock(), autopilot_level=level)
    line = (
        f"🤖 **{actor.display_name}** set the autopilot to **{level}**: the seats of players "
        f"who were kicked or resigned are played by an AI that {LEVEL_WORDS[level]}."
    )
    table = service.table_for(game)
    outcome = service.publish(table, Outcome(lines=[line]))
    if game.status == "active" and service.robot_due(table) is not None:
        outcome.ai_due = game.id
    return outcome
