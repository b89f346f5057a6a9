"""`/game history`, `/game show`, `/game export`: past games, for the people who could see
them.

Finished and aborted games stay in the database. A member sees a game where they could
have watched it: in a server, the games of that server whose channel they can view (the
cog tells which channels they cannot); in DMs, only the games they sat at. Another
server's games are never shown, and asking for one gets the same answer as asking for a
game that does not exist. Everything here only reads, except that it first records
older finished games (bot.records.results.backfill), so it runs in a store thread.
Replies speak the language of the player who asks (the cog sets it), including the
commands they quote; the replay file itself is a data format and stays English.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial

from bot.i18n import ENGLISH, N_, _, current, dash
from bot.limits import CONTENT, FILE_BYTES, clip, first_lines, newest_lines
from bot.messages import Attachment, Message, Outcome
from bot.records import export, results, spoken
from bot.render import game_log
from bot.render.charts import chart_attachment
from bot.render.generic import channel_link
from bot.rulebook import commands_in
from bot.service.commands import views
from bot.service.runtime.engine import Engine
from bot.store import GameRow, ResultRow, SeatRow
from bot.table import Table

HISTORY_MAX = 25
CHOICES = 25
CHOICE_LABEL = 100
"""Discord's limits on autocomplete choices and their labels."""

NOT_FOUND = N_("There is no game #{id} that you can see here. `/game history` lists past games.")


@dataclass(frozen=True)
class Viewer:
    """Who asks, and where: what decides which games they may see."""

    user_id: int
    guild_id: int | None
    channel_id: int
    hidden: frozenset[int] = field(default_factory=frozenset)
    """Channels (and threads) of this server the member cannot view."""

    def may_see(self, game: GameRow, seats: Iterable[SeatRow]) -> bool:
        if self.guild_id is None:
            return any(seat.user_id == self.user_id for seat in seats)
        return game.guild_id == self.guild_id and game.channel_id not in self.hidden


def day(moment: str | None) -> str:
    """The date part of a stored time (UTC) as the language writes it: 2026-11-30 in
    English (unambiguous for every English reader), 30.11.2026 in German."""
    date = (moment or "")[:10]
    if current() == ENGLISH or len(date) != 10:
        return date
    year, month, date_day = date.split("-")
    return f"{date_day}.{month}.{year}"


def ended(game: GameRow) -> str:
    return game.updated_at if game.status in ("finished", "aborted") else ""


def summary(
    game: GameRow, seats: list[SeatRow], rows: list[ResultRow], order: list[int] | None = None
) -> str:
    """Who played and, for a finished game, who won and the scores, best first (in the
    final standings' `order` of seats, when given)."""
    if not rows:
        names = ", ".join(_name(seat.display_name, seat.is_ai) for seat in seats)
        return names or _("nobody")
    parts = []
    ranked = {seat: index for index, seat in enumerate(order or [])}
    for row in sorted(rows, key=lambda r: (ranked.get(r.position, r.place), r.place, r.position)):
        name = _name(row.display_name, row.ai)
        shown = f"🏆 **{name}**" if row.won else name
        parts.append(f"{shown} {row.score}" if row.score is not None else shown)
    return " · ".join(parts)


def hinted(game: GameRow) -> str:
    """The mark of a game played with the coach on (not rated), or nothing."""
    return " · 💡 " + _("with hints, unrated") if game.options.get("hints") else ""


def _name(name: str, ai: bool) -> str:
    return f"🤖 {name}" if ai else name


# -- /game history ----------------------------------------------------------------------------


async def history(engine: Engine, viewer: Viewer, count: int) -> Outcome:
    return await engine.call(spoken(_history), engine, viewer, min(count, HISTORY_MAX))


def _history(engine: Engine, viewer: Viewer, count: int) -> Outcome:
    store = engine.store
    left = results.backfill(store, engine.games)
    if viewer.guild_id is None:
        games = store.past_games(count, user_id=viewer.user_id)
        title = _("📜 **Your past games**, newest first:")
    else:
        games = store.past_games(count, channel_id=viewer.channel_id)
        title = _("📜 **Past games in this channel**, newest first:")
    if not games:
        if viewer.guild_id is None:
            return Outcome.tell(_("No game you have played has ended yet."))
        return Outcome.tell(_("No game in this channel has ended yet."))
    recorded: dict[int, list[ResultRow]] = {}
    for row in store.results_of_games([game.id for game in games]):
        recorded.setdefault(row.game_id, []).append(row)
    lines = []
    for game in games:
        what = engine.games[game.kind].title if game.kind in engine.games else game.kind
        status = "" if game.status == "finished" else " · " + _("aborted")
        status += hinted(game)
        order = None
        if game.status == "finished" and game.state is not None and game.kind in engine.games:
            order = engine.presenter(game.kind).finishing_order(engine.table_for(game))
        who = summary(game, store.seats(game.id), recorded.get(game.id, []), order)
        lines.append(f"**#{game.id}** {day(ended(game))} · {what}{status} · {who}")
    footer = commands_in(
        _(
            "`/game show game:<number>` shows a game's final table and log; "
            "`/game export game:<number>` gives its replay file."
        )
    )
    if left:
        footer += " " + _("*(Older games are still being added to the records.)*")
    body = first_lines(lines, CONTENT - len(title) - len(footer) - 2)
    return Outcome.tell(f"{title}\n{body}\n{footer}")


# -- finding a game ---------------------------------------------------------------------------


def _visible(engine: Engine, viewer: Viewer, game_id: int) -> GameRow | str:
    try:
        game = engine.store.game(game_id)
    except KeyError:
        return commands_in(_(NOT_FOUND)).format(id=game_id)
    if not viewer.may_see(game, engine.store.seats(game.id)):
        return commands_in(_(NOT_FOUND)).format(id=game_id)
    return game


def _label(engine: Engine, game: GameRow, seats: list[SeatRow]) -> str:
    title = engine.games[game.kind].title if game.kind in engine.games else game.kind
    when = day(ended(game) or game.started_at or game.created_at)
    names = ", ".join(seat.display_name for seat in seats)
    running = " (" + _("running") + ")" if game.status == "active" else ""
    return clip(f"#{game.id} {title}{running}{dash()}{when}{dash()}{names}", CHOICE_LABEL)


async def choices(
    engine: Engine, viewer: Viewer, typed: str, *, running: bool
) -> list[tuple[str, int]]:
    """Autocomplete: the recent games the viewer may see, newest first (`running`: the
    channel's running game first), as (label, game id)."""
    return await engine.read(spoken(_choices), engine, viewer, typed, running)


def _choices(engine: Engine, viewer: Viewer, typed: str, running: bool) -> list[tuple[str, int]]:
    store = engine.store
    games: list[GameRow] = []
    if running and viewer.guild_id is not None:
        here = store.open_game(viewer.channel_id)
        if here is not None and here.status == "active":
            games.append(here)
    if viewer.guild_id is None:
        games += store.past_games(CHOICES, user_id=viewer.user_id)
    else:
        games += store.past_games(CHOICES * 2, guild_id=viewer.guild_id)
    wanted = typed.strip().casefold().lstrip("#")
    found = []
    for game in games:
        seats = store.seats(game.id)
        if not viewer.may_see(game, seats):
            continue
        label = _label(engine, game, seats)
        if wanted and wanted not in label.casefold():
            continue
        found.append((label, game.id))
        if len(found) == CHOICES:
            break
    return found


# -- /game show -------------------------------------------------------------------------------


async def show(engine: Engine, viewer: Viewer, game_id: int) -> Outcome:
    return await engine.read(spoken(_show), engine, viewer, game_id)


def _show(engine: Engine, viewer: Viewer, game_id: int) -> Outcome:
    game = _visible(engine, viewer, game_id)
    if isinstance(game, str):
        return Outcome.refusal(game)
    if game.status in ("lobby", "active"):
        if game.status == "lobby":
            still = _("Game #{id} is still open: `/game status` in {channel} shows it.")
        else:
            still = _("Game #{id} is still running: `/game status` in {channel} shows it.")
        return Outcome.refusal(
            commands_in(still).format(id=game.id, channel=f"<#{game.channel_id}>")
        )
    if game.state is None:
        return Outcome.refusal(
            _("Game #{id} was closed before it started: nothing to show.").format(id=game.id)
        )
    table = engine.table_for(game)
    presenter = engine.presenter(game.kind)
    if game.status == "finished":
        shown = presenter.finished(table)
        what = _("finished {day}").format(day=day(game.updated_at))
    else:
        shown = presenter.status(table, None).public
        what = _("aborted {day}; the table as it was left").format(day=day(game.updated_at))
    rows = engine.store.actions(game.id)
    log = views.log_lines(engine, table, rows)
    where = f"<#{game.channel_id}>" if viewer.guild_id is not None else channel_link(game)
    header = _("🗂️ **{title} #{id}** in {where} — {what}.").format(
        title=table.rules.title, id=game.id, where=where, what=what
    )
    if game.options.get("hints"):
        header += " " + _("💡 Played with hints (`/hint`): not rated.")
    if game.status == "finished" and current() == ENGLISH:
        # The rules' reason is an English sentence; the final table below says it again
        # in the reader's language, so other languages leave it out here.
        outcome = table.rules.outcome(table.state)
        if outcome is not None:
            header += f" {table.named(outcome.reason)}"
    header = clip(header, CONTENT // 2)
    files = [file for message in shown for file in message.files]
    chart = chart_attachment(table, rows)
    if chart is not None:
        files.append(chart)
    if log:
        note = _("*(earlier moves: see the attached log)*")
        header += "\n" + newest_lines(log, CONTENT - len(header) - 1, note=note)
        files.append(Attachment(f"smithfield-game-{game.id}-log.txt", _plain(table, log)))
    else:
        header += "\n" + _("No moves were made.")
    embeds = [embed for message in shown for embed in message.embeds]
    return Outcome(reply=Message(content=header, embeds=embeds, files=files))


def _plain(table: Table, lines: list[str]) -> bytes:
    """The log as a text file: the same lines without Discord's markup."""
    title = f"{table.rules.title} #{table.game.id} — {', '.join(table.names)}"
    plain = [line.replace("**", "").replace("`", "").replace("~~", "") for line in lines]
    return ("\n".join([title, "", *plain]) + "\n").encode("utf-8")


# -- /game export -----------------------------------------------------------------------------


async def export_game(
    engine: Engine, viewer: Viewer, game_id: int | None, now: datetime
) -> Outcome:
    return await engine.read(spoken(partial(_export, engine, viewer, game_id, now)))


def _default_game(engine: Engine, viewer: Viewer) -> GameRow | str:
    """The channel's running game, else the last game that finished there."""
    if viewer.guild_id is None:
        return commands_in(
            _(
                "Name the game to export here: `/game export game:<number>` "
                "(`/game history` lists yours)."
            )
        )
    here = engine.store.open_game(viewer.channel_id)
    if here is not None and here.status == "active":
        return here
    last = engine.store.last_finished_game(viewer.channel_id)
    if last is None:
        return _("There is no running or finished game in this channel to export.")
    return last


def _export(engine: Engine, viewer: Viewer, game_id: int | None, now: datetime) -> Outcome:
    game = _default_game(engine, viewer) if game_id is None else _visible(engine, viewer, game_id)
    if isinstance(game, str):
        return Outcome.refusal(game)
    if game.status == "lobby" or game.state is None:
        return Outcome.refusal(
            _("Game #{id} has not started: there is nothing to export.").format(id=game.id)
        )
    store = engine.store
    rules = engine.games[game.kind]
    seats, rows = store.seats(game.id), store.actions(game.id)
    name = f"smithfield-{game.kind}-{game.id}.json"
    if game.status == "finished":
        state = rules.load_state(game.state)
        record = export.full_record(game, seats, rows, rules, state, now)
        text = _(
            "📦 The replay file of **{title} #{id}** (finished {day}): its seed, every move "
            "with its time, and the result. `python -m bot replay {file}` plays it again and "
            "checks the result."
        ).format(title=rules.title, id=game.id, day=day(game.updated_at), file=name)
    else:
        told = partial(game_log.plain_took_back, engine.table_for(game))
        record = export.public_record(game, seats, rows, rules, now, told)
        if game.status == "active":
            which = _("📦 The public record of **{title} #{id}**, which is still running:")
        else:
            which = _("📦 The public record of **{title} #{id}**, which was aborted:")
        text = (
            which.format(title=rules.title, id=game.id)
            + " "
            + _(
                "only what was announced to everyone, with its time. Its moves, prices, cards "
                "and seed stay secret; a finished game exports its full log."
            )
        )
    data = export.dumps(record)
    if len(data) > FILE_BYTES:
        return Outcome.refusal(
            _(
                "Game #{id}'s record is {mb} MB, more than Discord lets a bot attach; ask the "
                "bot's operator for it."
            ).format(id=game.id, mb=len(data) // 1_000_000)
        )
    return Outcome(reply=Message(content=text, files=[Attachment(name, data)]))
