"""Absent players: kicking, resigning, replacing, and each player's list of games.

A seat never disappears from a running game (the rules count seats); an absent player's
seat goes on autopilot and plays its default action whenever the game waits on it, or
passes to another member, who then receives the seat's private information.
"""

from functools import partial

from bot.deadlines import HOST_ONLY
from bot.messages import Message, Outcome, Private
from bot.records.results import AUTOPILOT
from bot.render.generic import channel_link
from bot.service import GONE, Actor, GameService, Place
from bot.store import GameRow
from bot.table import Table


def _running(service: GameService, place: Place) -> GameRow | str:
    game = service.store.open_game(place.channel_id, for_update=True)
    if game is None:
        return "There is no game in this channel. Start one with `/game new`."
    if game.status != "active":
        return "The game has not started yet; players can simply `/game leave`."
    return game


def _autopilot_now(service: GameService, table: Table, seat: int, lead: str) -> Outcome:
    """Switch a seat to autopilot and let it play at once if the game waits on it (both
    in the command's one transaction: a seat is never on autopilot with its move unmade)."""
    service.store.update_seat(table.game.id, seat, autopilot=True)
    table = service.table_for(service.store.game(table.game.id))
    if seat in table.rules.waiting_on(table.state):
        outcome = service.apply_as_bot(table, seat, prefix=lead, cause=AUTOPILOT)
        if outcome.accepted:
            return outcome
    return service.publish(table, Outcome(lines=[lead]))


def _steered(service: GameService, place: Place, actor: Actor, what: str) -> GameRow | str:
    """The running game, if `actor` may steer it (host or Manage Channels)."""
    game = _running(service, place)
    if isinstance(game, str):
        return game
    if actor.user_id != game.host_id and not actor.may_manage:
        return HOST_ONLY.format(host=game.host_id, what=what)
    return game


def _running_here(service: GameService, place: Place, game_id: int | None) -> GameRow | str:
    game = _running(service, place)
    if isinstance(game, GameRow) and game_id is not None and game.id != game_id:
        return GONE
    return game


def kickable(
    service: GameService, place: Place, actor: Actor, user_id: int, game_id: int | None = None
) -> tuple[Table, int] | str:
    """The table and the seat `actor` may put on autopilot, or why not."""
    game = _running_here(service, place, game_id)
    if isinstance(game, str):
        return game
    if actor.user_id != game.host_id and not actor.may_manage:
        return HOST_ONLY.format(host=game.host_id, what="kick a player")
    table = service.table_for(game)
    seat = table.seat_of(user_id)
    if seat is None:
        return f"<@{user_id}> is not seated in this game."
    if table.seats[seat].autopilot:
        return f"**{table.name(seat)}** is already on autopilot."
    return table, seat


def resignable(
    service: GameService, place: Place, actor: Actor, game_id: int | None = None
) -> tuple[Table, int] | str:
    """The table and the seat `actor` may resign, or why not."""
    game = _running_here(service, place, game_id)
    if isinstance(game, str):
        return game
    table = service.table_for(game)
    seat = table.seat_of(actor.user_id)
    if seat is None:
        return "You are not seated in this game."
    if table.seats[seat].autopilot:
        return "Your seat is already on autopilot."
    return table, seat


async def kick(
    service: GameService, place: Place, actor: Actor, user_id: int, game_id: int | None = None
) -> Outcome:
    return await service.command(
        place.channel_id, partial(_kick, service, place, actor, user_id, game_id)
    )


def _kick(
    service: GameService, place: Place, actor: Actor, user_id: int, game_id: int | None
) -> Outcome:
    found = kickable(service, place, actor, user_id, game_id)
    if isinstance(found, str):
        return Outcome.refusal(found)
    table, seat = found
    lead = (
        f"🤖 **{actor.display_name}** put **{table.name(seat)}**'s seat on autopilot: "
        f"a {table.game.autopilot_level} AI plays it from now on. `/game replace` can hand "
        "it to someone."
    )
    return _autopilot_now(service, table, seat, lead)


async def resign(
    service: GameService, place: Place, actor: Actor, game_id: int | None = None
) -> Outcome:
    return await service.command(place.channel_id, partial(_resign, service, place, actor, game_id))


def _resign(service: GameService, place: Place, actor: Actor, game_id: int | None) -> Outcome:
    found = resignable(service, place, actor, game_id)
    if isinstance(found, str):
        return Outcome.refusal(found)
    table, seat = found
    lead = (
        f"🏳️ **{actor.display_name}** resigned; a {table.game.autopilot_level} AI plays "
        "their seat from now on. `/game replace` can hand it to someone."
    )
    return _autopilot_now(service, table, seat, lead)


async def replace(
    service: GameService,
    place: Place,
    actor: Actor,
    old_id: int | None,
    new_id: int,
    new_name: str,
    ai_seat: int | None = None,
) -> Outcome:
    """Hand a seat to `new_id`: the seat of `old_id`, or (old_id None) an AI's seat —
    the one numbered `ai_seat` (from 1), or the only one."""
    return await service.command(
        place.channel_id,
        partial(_replace, service, place, actor, old_id, new_id, new_name, ai_seat),
    )


def _ai_seat(table: Table, number: int | None) -> int | str:
    played = [seat.position for seat in table.seats if seat.is_ai]
    if number is not None:
        if number - 1 not in played:
            return f"Seat {number} is not played by an AI."
        return number - 1
    if len(played) != 1:
        found = ", ".join(str(seat + 1) for seat in played) or "none"
        return f"Say which AI seat with `seat` (AI seats: {found})."
    return played[0]


def _replace(
    service: GameService,
    place: Place,
    actor: Actor,
    old_id: int | None,
    new_id: int,
    new_name: str,
    ai_seat: int | None,
) -> Outcome:
    game = _steered(service, place, actor, "replace a player")
    if isinstance(game, str):
        return Outcome.refusal(game)
    table = service.table_for(game)
    seat = table.seat_of(old_id) if old_id is not None else _ai_seat(table, ai_seat)
    if isinstance(seat, str):
        return Outcome.refusal(seat)
    if seat is None:
        return Outcome.refusal(f"<@{old_id}> is not seated in this game.")
    if table.seat_of(new_id) is not None:
        return Outcome.refusal(f"<@{new_id}> already has a seat in this game.")
    old_name = table.name(seat)
    service.store.update_seat(
        game.id, seat, user_id=new_id, display_name=new_name, autopilot=False, ai_level=None
    )
    if game.host_id == old_id:
        game = service.save(game, now=service.clock(), host_id=new_id)
    else:
        game = service.save(game, now=service.clock())  # the table shows the new name
    table = service.table_for(game)
    private = service.presenter(game.kind).status(table, seat)
    text = (
        f"🔁 <@{new_id}> takes over **{old_name}**'s seat "
        f"(by **{actor.display_name}**). Their private information comes by DM."
    )
    outcome = service.publish(table, Outcome(lines=[text]))
    outcome.public[0].mentions.append(new_id)  # the new player must know
    welcome = Message(content=f"You now play **{old_name}**'s seat in {channel_link(game)}.")
    outcome.private.append(Private(new_id, welcome, fallback="`/game status`"))
    if private.reply is not None:
        outcome.private.append(Private(new_id, private.reply, fallback="`/game status`"))
    outcome.live += service.presenter(game.kind).kept(table)
    return outcome


async def my_games(service: GameService, actor: Actor, guild_id: int | None) -> Outcome:
    return await service.call(_my_games, service, actor, guild_id)


def _my_games(service: GameService, actor: Actor, guild_id: int | None) -> Outcome:
    """Every running game of the caller in this server, and whether it waits on them."""
    lines = []
    for game in service.games_of_user(actor.user_id):
        if guild_id is not None and game.guild_id != guild_id:
            continue
        table = service.table_for(game)
        seat = table.seat_of(actor.user_id)
        waiting = seat is not None and seat in table.rules.waiting_on(table.state)
        mark = "🔔 **waiting on you**" if waiting else "waiting on others"
        lines.append(f"• {table.rules.title} in <#{game.channel_id}> — {mark}")
    if not lines:
        return Outcome.tell("You are not playing any running game here.")
    return Outcome.tell("Your running games:\n" + "\n".join(lines))
