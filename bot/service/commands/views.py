"""Read-only answers about a table: `/game status` and `/game log` (they read, and never
take the write lock)."""

from contextlib import nullcontext

from bot.i18n import _
from bot.limits import newest_lines
from bot.messages import Message, Outcome
from bot.render import game_log
from bot.render.coach import hints_line
from bot.render.generic import joined, language_line, lobby_embed
from bot.service.requests import NO_GAME, Actor, Place
from bot.service.runtime.engine import Engine
from bot.store import ActionRow
from bot.table import Table
from bot.timing import stamp, timer_line


async def status(engine: Engine, place: Place, actor: Actor, share: bool = False) -> Outcome:
    return await engine.read(_status, engine, place, actor, share)


def _status(engine: Engine, place: Place, actor: Actor, share: bool) -> Outcome:
    store = engine.store
    game = store.open_game(place.channel_id) or store.last_finished_game(place.channel_id)
    if game is None:
        return Outcome.refusal(NO_GAME)
    table = engine.table_for(game)
    with table.public_voice() if share else nullcontext():
        shown = _shown_status(engine, table, actor)
    shown.channel_id = game.channel_id
    if share:
        return shown
    # Private by default: everything in one answer only the asker sees.
    parts = [*shown.public, *([shown.reply] if shown.reply else [])]
    return Outcome(reply=joined(parts), channel_id=game.channel_id)


def _shown_status(engine: Engine, table: Table, actor: Actor) -> Outcome:
    game = table.game
    presenter = engine.presenter(game.kind)
    if game.status == "lobby":
        return Outcome(public=[Message(embeds=[lobby_embed(table)])])
    if game.status == "finished":
        ended = _("This game ended {when}; `/game new` opens the next one.").format(
            when=stamp(game.updated_at)
        )
        return Outcome(public=[*presenter.finished(table), Message(content=ended)])
    shown = presenter.status(table, table.seat_of(actor.user_id))
    level = game.autopilot_level
    away = [seat.display_name for seat in table.seats if seat.autopilot]
    extra = [timer_line(game), language_line(table), *hints_line(table)]
    if away:
        extra.append(
            _("🤖 On autopilot ({level} AI): {names}.").format(
                level=_(level), names=", ".join(away)
            )
        )
    shown.public.append(Message(content="\n".join(extra)))
    return shown


async def log(engine: Engine, place: Place, count: int) -> Outcome:
    return await engine.read(_log, engine, place, count)


def _log(engine: Engine, place: Place, count: int) -> Outcome:
    store = engine.store
    game = store.open_game(place.channel_id) or store.last_finished_game(place.channel_id)
    if game is None:
        return Outcome.refusal(NO_GAME)
    table = engine.table_for(game)
    rows = engine.store.actions(game.id)
    if not rows:
        return Outcome.tell(_("No moves have been made yet."))
    lines = log_lines(engine, table, rows, count)
    if game.status == "finished":
        lines.insert(
            0,
            _("*The last game here ({game}), which has ended:*").format(game=table.rules.title),
        )
    return Outcome.tell(newest_lines(lines, note=_("*(older moves left out: they do not fit)*")))


def log_lines(
    engine: Engine, table: Table, rows: list[ActionRow], count: int | None = None
) -> list[str]:
    """The game's whole log as `/game log` shows it (its newest `count` rows):
    `bot.render.game_log`."""
    return game_log.log_lines(table, rows, count)
