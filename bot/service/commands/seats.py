"""Absent players: kicking, resigning, replacing, and each player's list of games.

A seat never disappears from a running game (the rules count seats); an absent player's
seat goes on autopilot and plays its default action whenever the game waits on it, or
passes to another member, who then receives the seat's private information.
"""

from functools import partial

from bot.i18n import N_, _
from bot.messages import Message, Outcome, Private
from bot.records.results import AUTOPILOT
from bot.render.generic import channel_link
from bot.service.commands import robots
from bot.service.commands.deadlines import (
    HOST_ONLY_KICK,
    HOST_ONLY_REPLACE,
    NO_GAME_HERE,
    host_only,
)
from bot.service.commands.play import apply_as_bot
from bot.service.commands.publish import publish
from bot.service.requests import GONE, Actor, Place
from bot.service.runtime.engine import Engine
from bot.service.runtime.transaction import Reads, Tx
from bot.store import GameRow
from bot.table import Table

NOT_IN_GAME = N_("<@{user}> is not seated in this game.")
LEVEL_WORDS = {"random": N_("random"), "standard": N_("standard"), "strong": N_("strong")}
"""The AI levels as players read them (also the `/game addbot` choices)."""


def level_word(level: str) -> str:
    """An AI level's name in the language being spoken."""
    return _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


def _running(reads: Reads, place: Place) -> GameRow | str:
    game = reads.store.open_game(place.channel_id, for_update=True)
    if game is None:
        return _(NO_GAME_HERE)
    if game.status != "active":
        return _("The game has not started yet; players can simply `/game leave`.")
    return game


def _autopilot_now(engine: Engine, tx: Tx, table: Table, seat: int, lead: str) -> Outcome:
    """Switch a seat to autopilot and let it play at once if the game waits on it (both
    in the command's one transaction: a seat is never on autopilot with its move unmade).
    Its AI's seed comes from the entropy drawn before the command."""
    seed = robots.seat_ai_seed(table, seat, tx.entropy)
    tx.store.update_seat(table.game.id, seat, autopilot=True, ai_seed=seed)
    table = tx.table_for(tx.store.game(table.game.id))
    if seat in table.rules.waiting_on(table.state):
        outcome = apply_as_bot(engine, tx, table, seat, prefix=lead, cause=AUTOPILOT)
        if outcome.accepted:
            return outcome
    return publish(engine, table, Outcome(lines=[lead]))


def _steered(reads: Reads, place: Place, actor: Actor, refusal: str) -> GameRow | str:
    """The running game, if `actor` may steer it (host or Manage Channels); `refusal`:
    a `HOST_ONLY_…` sentence for when they may not."""
    game = _running(reads, place)
    if isinstance(game, str):
        return game
    if actor.user_id != game.host_id and not actor.may_manage:
        return host_only(refusal, game)
    return game


def _running_here(reads: Reads, place: Place, game_id: int | None) -> GameRow | str:
    game = _running(reads, place)
    if isinstance(game, GameRow) and game_id is not None and game.id != game_id:
        return GONE
    return game


def kickable(
    reads: Reads, place: Place, actor: Actor, user_id: int, game_id: int | None = None
) -> tuple[Table, int] | str:
    """The table and the seat `actor` may put on autopilot, or why not."""
    game = _running_here(reads, place, game_id)
    if isinstance(game, str):
        return game
    if actor.user_id != game.host_id and not actor.may_manage:
        return host_only(HOST_ONLY_KICK, game)
    table = reads.table_for(game)
    seat = table.seat_of(user_id)
    if seat is None:
        return _(NOT_IN_GAME).format(user=user_id)
    if table.seats[seat].autopilot:
        return _("**{who}** is already on autopilot.").format(who=table.name(seat))
    return table, seat


def resignable(
    reads: Reads, place: Place, actor: Actor, game_id: int | None = None
) -> tuple[Table, int] | str:
    """The table and the seat `actor` may resign, or why not."""
    game = _running_here(reads, place, game_id)
    if isinstance(game, str):
        return game
    table = reads.table_for(game)
    seat = table.seat_of(actor.user_id)
    if seat is None:
        return _("You are not seated in this game.")
    if table.seats[seat].autopilot:
        return _("Your seat is already on autopilot.")
    return table, seat


async def kick(
    engine: Engine,
    place: Place,
    actor: Actor,
    user_id: int,
    game_id: int | None = None,
    *,
    interaction_id: int | None = None,
) -> Outcome:
    return await engine.command(
        place.channel_id,
        partial(_kick, engine, place, actor, user_id, game_id),
        interaction_id=interaction_id,
    )


def _kick(
    engine: Engine, place: Place, actor: Actor, user_id: int, game_id: int | None, tx: Tx
) -> Outcome:
    found = kickable(tx, place, actor, user_id, game_id)
    if isinstance(found, str):
        return Outcome.refusal(found)
    table, seat = found
    with table.public_voice():
        lead = _(
            "🤖 **{who}** put **{player}**'s seat on autopilot: a {level} AI plays it from "
            "now on. `/game replace` can hand it to someone."
        ).format(
            who=actor.display_name,
            player=table.name(seat),
            level=level_word(table.game.autopilot_level),
        )
    return _autopilot_now(engine, tx, table, seat, lead)


async def resign(
    engine: Engine,
    place: Place,
    actor: Actor,
    game_id: int | None = None,
    *,
    interaction_id: int | None = None,
) -> Outcome:
    return await engine.command(
        place.channel_id,
        partial(_resign, engine, place, actor, game_id),
        interaction_id=interaction_id,
    )


def _resign(engine: Engine, place: Place, actor: Actor, game_id: int | None, tx: Tx) -> Outcome:
    found = resignable(tx, place, actor, game_id)
    if isinstance(found, str):
        return Outcome.refusal(found)
    table, seat = found
    with table.public_voice():
        lead = _(
            "🏳️ **{who}** resigned; a {level} AI plays their seat from now on. "
            "`/game replace` can hand it to someone."
        ).format(who=actor.display_name, level=level_word(table.game.autopilot_level))
    return _autopilot_now(engine, tx, table, seat, lead)


async def replace(
    engine: Engine,
    place: Place,
    actor: Actor,
    old_id: int | None,
    new_id: int,
    new_name: str,
    ai_seat: int | None = None,
    *,
    interaction_id: int | None = None,
) -> Outcome:
    """Hand a seat to `new_id`: the seat of `old_id`, or (old_id None) an AI's seat —
    the one numbered `ai_seat` (from 1), or the only one."""
    return await engine.command(
        place.channel_id,
        partial(_replace, engine, place, actor, old_id, new_id, new_name, ai_seat),
        interaction_id=interaction_id,
    )


def _ai_seat(table: Table, number: int | None) -> int | str:
    played = [seat.position for seat in table.seats if seat.is_ai]
    if number is not None:
        if number - 1 not in played:
            return _("Seat {seat} is not played by an AI.").format(seat=number)
        return number - 1
    if len(played) != 1:
        found = ", ".join(str(seat + 1) for seat in played) or _("none")
        return _("Say which AI seat with `seat` (AI seats: {seats}).").format(seats=found)
    return played[0]


def _replace(
    engine: Engine,
    place: Place,
    actor: Actor,
    old_id: int | None,
    new_id: int,
    new_name: str,
    ai_seat: int | None,
    tx: Tx,
) -> Outcome:
    game = _steered(tx, place, actor, HOST_ONLY_REPLACE)
    if isinstance(game, str):
        return Outcome.refusal(game)
    table = tx.table_for(game)
    seat = table.seat_of(old_id) if old_id is not None else _ai_seat(table, ai_seat)
    if isinstance(seat, str):
        return Outcome.refusal(seat)
    if seat is None:
        return Outcome.refusal(_(NOT_IN_GAME).format(user=old_id))
    if table.seat_of(new_id) is not None:
        return Outcome.refusal(_("<@{user}> already has a seat in this game.").format(user=new_id))
    old_name = table.name(seat)
    tx.store.update_seat(
        game.id,
        seat,
        user_id=new_id,
        display_name=new_name,
        autopilot=False,
        ai_level=None,
        locale="",  # the new player's language is not known yet: the table's until they act
    )
    # A new version either way: the table shows the new name.
    game = tx.save(game, host_id=new_id) if game.host_id == old_id else tx.save(game)
    table = tx.table_for(game)
    with table.voice_of(seat):
        private = engine.presenter(game.kind).status(table, seat)
        welcome = Message(
            content=_("You now play **{player}**'s seat in {channel}.").format(
                player=old_name, channel=channel_link(game)
            )
        )
    with table.public_voice():
        text = _(
            "🔁 <@{user}> takes over **{player}**'s seat (by **{who}**). "
            "Their private information comes by DM."
        ).format(user=new_id, player=old_name, who=actor.display_name)
    outcome = publish(engine, table, Outcome(lines=[text]))
    outcome.public[0].mentions.append(new_id)  # the new player must know
    outcome.private.append(Private(new_id, welcome, fallback="`/game status`"))
    if private.reply is not None:
        outcome.private.append(Private(new_id, private.reply, fallback="`/game status`"))
    outcome.live += engine.presenter(game.kind).kept(table)
    return outcome


async def my_games(engine: Engine, actor: Actor, guild_id: int | None) -> Outcome:
    return await engine.read(_my_games, engine, actor, guild_id)


def _my_games(engine: Engine, actor: Actor, guild_id: int | None) -> Outcome:
    """Every running game of the caller in this server, and whether it waits on them."""
    lines = []
    for game in engine.store.games_of_user(actor.user_id):
        if guild_id is not None and game.guild_id != guild_id:
            continue
        table = engine.table_for(game)
        seat = table.seat_of(actor.user_id)
        waiting = seat is not None and seat in table.rules.waiting_on(table.state)
        mark = _("🔔 **waiting on you**") if waiting else _("waiting on others")
        lines.append(
            _("• {title} in {channel} — {state}").format(
                title=table.rules.title, channel=f"<#{game.channel_id}>", state=mark
            )
        )
    if not lines:
        return Outcome.tell(_("You are not playing any running game here."))
    return Outcome.tell(_("Your running games:") + "\n" + "\n".join(lines))
