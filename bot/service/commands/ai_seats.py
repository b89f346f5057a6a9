"""Seating AI players: `/game addbot`, `/game removebot` and `/game autopilot`.

An AI seat is an ordinary seat with an `ai_level` and a negative stand-in user id (no
Discord user, so it is never pinged and never sent a DM). A table may be all AIs but one
person — or, once its host has left the lobby, all AIs: such a game plays itself to the
end at a readable pace (cogs/robots.py). The level for seats whose players were kicked
or resigned is the game's `autopilot_level`.
"""

from functools import partial

from ai import LEVELS
from bot.i18n import N_, _
from bot.messages import Outcome
from bot.service.commands import robots
from bot.service.commands.autoplay import robot_due
from bot.service.commands.deadlines import HOST_ONLY_AUTOPILOT, host_only
from bot.service.commands.publish import publish
from bot.service.commands.seats import level_word
from bot.service.requests import NO_GAME, Actor, Place
from bot.service.runtime.engine import Engine
from bot.service.runtime.transaction import Reads, Tx
from bot.store import GameRow

SEATED = {
    "random": N_("🤖 **{who}** seated **{name}**: an AI that plays any legal move (for testing)."),
    "standard": N_("🤖 **{who}** seated **{name}**: an AI that plays good moves quickly."),
    "strong": N_("🤖 **{who}** seated **{name}**: an AI that searches for a few seconds a move."),
}
AUTOPILOT_SET = {
    "random": N_(
        "🤖 **{who}** set the autopilot to **{level}**: the seats of players who were kicked "
        "or resigned are played by an AI that plays any legal move (for testing)."
    ),
    "standard": N_(
        "🤖 **{who}** set the autopilot to **{level}**: the seats of players who were kicked "
        "or resigned are played by an AI that plays good moves quickly."
    ),
    "strong": N_(
        "🤖 **{who}** set the autopilot to **{level}**: the seats of players who were kicked "
        "or resigned are played by an AI that searches for a few seconds a move."
    ),
}
HOST_ONLY_SEAT = N_("Only the host (<@{host}>) can seat an AI player.")
HOST_ONLY_REMOVE = N_("Only the host (<@{host}>) can remove an AI player.")


def _lobby(reads: Reads, place: Place, actor: Actor, refusal: str) -> GameRow | str:
    game = reads.store.open_game(place.channel_id, for_update=True)
    if game is None:
        return _(NO_GAME)
    if game.status != "lobby":
        return _("The game has started: seats are fixed (the host can `/game replace` a seat).")
    if actor.user_id != game.host_id:
        return host_only(refusal, game)
    return game


def _known(level: str) -> str | None:
    if level in LEVELS:
        return None
    return _("“{level}” is not an AI level; choose {levels}.").format(
        level=level[:20], levels=", ".join(LEVELS)
    )


async def add_bot(
    engine: Engine, place: Place, actor: Actor, level: str, *, interaction_id: int | None = None
) -> Outcome:
    outcome = await engine.command(
        place.channel_id,
        partial(_add_bot, engine, place, actor, level),
        interaction_id=interaction_id,
    )
    return engine.search_ahead(outcome) if level == "strong" else outcome


def _add_bot(engine: Engine, place: Place, actor: Actor, level: str, tx: Tx) -> Outcome:
    game = _lobby(tx, place, actor, HOST_ONLY_SEAT)
    if isinstance(game, str):
        return Outcome.refusal(game)
    problem = _known(level)
    if problem is not None:
        return Outcome.refusal(problem)
    table = tx.table_for(game)
    if len(table.seats) >= table.rules.max_players:
        return Outcome.refusal(
            _("The table is full: {title} takes at most {most}.").format(
                title=table.rules.title, most=table.rules.max_players
            )
        )
    stand_in = min([seat.user_id for seat in table.seats if seat.user_id < 0], default=0) - 1
    with table.public_voice():  # the seat's name keeps the table's word for its level
        name = robots.name_for(table.names, level_word(level))
        line = _(SEATED[level]).format(who=actor.display_name, name=name)
    now = tx.now
    seed = robots.new_ai_seed(tx.entropy, game.id, "seat", stand_in)
    tx.store.add_seat(game.id, stand_in, name, now, ai_level=level, ai_seed=seed)
    game = tx.save(game)
    return publish(engine, tx.table_for(game), Outcome(lines=[line]))


async def remove_bot(
    engine: Engine,
    place: Place,
    actor: Actor,
    seat: int | None,
    *,
    interaction_id: int | None = None,
) -> Outcome:
    return await engine.command(
        place.channel_id,
        partial(_remove_bot, engine, place, actor, seat),
        interaction_id=interaction_id,
    )


def _remove_bot(engine: Engine, place: Place, actor: Actor, seat: int | None, tx: Tx) -> Outcome:
    """`seat`: the number shown in the lobby (from 1); None: the last AI seated."""
    game = _lobby(tx, place, actor, HOST_ONLY_REMOVE)
    if isinstance(game, str):
        return Outcome.refusal(game)
    table = tx.table_for(game)
    ai = [row for row in table.seats if row.is_ai]
    if not ai:
        return Outcome.refusal(_("No AI player sits at this table."))
    if seat is None:
        chosen = ai[-1]
    else:
        found = [row for row in table.seats if row.position == seat - 1]
        if not found:
            return Outcome.refusal(
                _("There is no seat {seat}; the table has {count}.").format(
                    seat=seat, count=len(table.seats)
                )
            )
        if not found[0].is_ai:
            return Outcome.refusal(
                _(
                    "Seat {seat} is **{name}**'s, a person's: only AI seats "
                    "can be removed (people use `/game leave`)."
                ).format(seat=seat, name=found[0].display_name)
            )
        chosen = found[0]
    tx.store.remove_seat(game.id, chosen.user_id)
    game = tx.save(game)
    table = tx.table_for(game)
    with table.public_voice():
        line = _("🚪 **{who}** removed **{name}** from the table.").format(
            who=actor.display_name, name=chosen.display_name
        )
    return publish(engine, table, Outcome(lines=[line]))


async def set_autopilot(
    engine: Engine, place: Place, actor: Actor, level: str, *, interaction_id: int | None = None
) -> Outcome:
    return await engine.command(
        place.channel_id,
        partial(_set_autopilot, engine, place, actor, level),
        interaction_id=interaction_id,
    )


def _set_autopilot(engine: Engine, place: Place, actor: Actor, level: str, tx: Tx) -> Outcome:
    game = tx.store.open_game(place.channel_id, for_update=True)
    if game is None:
        return Outcome.refusal(_(NO_GAME))
    if actor.user_id != game.host_id and not actor.may_manage:
        return Outcome.refusal(host_only(HOST_ONLY_AUTOPILOT, game))
    problem = _known(level)
    if problem is not None:
        return Outcome.refusal(problem)
    game = tx.save(game, autopilot_level=level)
    table = tx.table_for(game)
    with table.public_voice():
        line = _(AUTOPILOT_SET[level]).format(who=actor.display_name, level=level_word(level))
    outcome = publish(engine, table, Outcome(lines=[line]))
    if game.status == "active" and robot_due(table) is not None:
        outcome.ai_due = game.id
    return outcome
