"""`/stats` and `/leaderboard`: a member's record and the ratings, per server.

Both read the results table (bot.records.results says how each figure is defined) and the
ratings (bot.records.ratings); AI seats are left out of both, and the answers say so.
Records are kept per server, so in DMs both commands point to a server channel.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from babel.numbers import format_decimal

from bot.i18n import ENGLISH, N_, _, current, minus, n_
from bot.limits import CONTENT, first_lines
from bot.messages import Outcome
from bot.records import ratings, results, spoken
from bot.service.requests import Place
from bot.service.runtime.engine import Engine
from bot.store import RatingRow, ResultRow
from rules.protocol import GameRules

IN_DMS = N_("Records are kept per server: use this command in one of its channels.")
LEADERBOARD_SIZE = 20
AI_NOTE = N_("AI seats are left out of stats and ratings.")
STILL_ADDING = N_("*(Older games are still being added to the records.)*")


@dataclass(frozen=True)
class Member:
    user_id: int
    display_name: str


def duration(seconds: float) -> str:
    """A time to act in words: 42 s, 4 min 10 s, 3 h 5 min, 2 d 4 h."""
    whole = round(seconds)
    if whole < 60:
        return _("{s} s").format(s=whole)
    minutes, secs = divmod(whole, 60)
    if minutes < 60:
        return (_("{min} min {s} s") if secs else _("{min} min")).format(min=minutes, s=secs)
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return (_("{h} h {min} min") if minutes else _("{h} h")).format(h=hours, min=minutes)
    days, hours = divmod(hours, 24)
    return (_("{d} d {h} h") if hours else _("{d} d")).format(d=days, h=hours)


def decimal(value: float) -> str:
    """A figure with one decimal, as the language writes it (2.5 / 2,5)."""
    if current() == ENGLISH:
        return f"{value:.1f}"
    return minus(str(format_decimal(value, format="#,##0.0", locale=current())))


def _title(games: Mapping[str, GameRules], kind: str) -> str:
    """A game's title (a name, the same in every language)."""
    return games[kind].title if kind in games else kind


def record_line(title: str, rows: list[ResultRow], rank: str) -> str:
    """One game's figures for one member."""
    played = len(rows)
    won = sum(1 for row in rows if row.won)
    place = sum(row.place for row in rows) / played
    table = sum(row.players for row in rows) / played
    turns = sum(row.turns for row in rows)
    seconds = sum(row.think_seconds for row in rows)
    missed = sum(row.missed for row in rows)
    acting = (
        _("time to act {time} on average ({n} waits)").format(
            time=duration(seconds / turns), n=turns
        )
        if turns
        else _("time to act not measured")
    )
    return _(
        "**{title}** — played {played}, won {won} · average place {place} "
        "(of {players} players) · {acting} · deadlines missed {missed}{rank}"
    ).format(
        title=title,
        played=played,
        won=won,
        place=decimal(place),
        players=decimal(table) if not table.is_integer() else str(int(table)),
        acting=acting,
        missed=missed,
        rank=rank,
    )


# -- /stats -----------------------------------------------------------------------------------


async def stats(engine: Engine, place: Place, member: Member, kind: str | None) -> Outcome:
    return await engine.call(spoken(_stats), engine, place, member, kind)


def _stats(engine: Engine, place: Place, member: Member, kind: str | None) -> Outcome:
    if place.guild_id is None:
        return Outcome.refusal(_(IN_DMS))
    store = engine.store
    left = results.backfill(store, engine.games)
    rows = [
        row
        for row in store.results_of_member(place.guild_id, member.user_id)
        if not row.ai and (kind is None or row.kind == kind)
    ]
    if not rows:
        if kind:
            none = _("📊 **{name}** has no finished games of {game} in this server yet.")
        else:
            none = _("📊 **{name}** has no finished games in this server yet.")
        shown = none.format(name=member.display_name, game=_title(engine.games, kind or ""))
        note = _(AI_NOTE)
        return Outcome.tell(f"{shown} {note}")
    name = rows[-1].display_name
    if kind:
        heading = _("📊 **{name}** in this server of {game}:")
    else:
        heading = _("📊 **{name}** in this server:")
    lines = [heading.format(name=name, game=_title(engine.games, kind or ""))]
    for game_kind in sorted({row.kind for row in rows}):
        mine = [row for row in rows if row.kind == game_kind]
        rank = _rank(engine, place.guild_id, game_kind, member.user_id)
        lines.append(record_line(_title(engine.games, game_kind), mine, rank))
    lines.append(
        _(
            "*Finished games only. {ai_note} Time to act: from when the game began waiting on "
            "the player (their turn, or the start of a price-sheet step) to their own move that "
            "ended the wait. Deadlines missed: moves the bot made because the player's time "
            "ran out.*"
        ).format(ai_note=_(AI_NOTE))
    )
    if left:
        lines.append(_(STILL_ADDING))
    return Outcome.tell(first_lines(lines, CONTENT))


def _rank(engine: Engine, guild_id: int, kind: str, user_id: int) -> str:
    board = sorted(engine.store.ratings(guild_id, kind), key=_order)
    for index, rating in enumerate(board, start=1):
        if rating.user_id == user_id:
            return " · " + _("rating {rating} (#{rank} of {count})").format(
                rating=decimal(ratings.shown(rating)), rank=index, count=len(board)
            )
    return ""


def _order(rating: RatingRow) -> tuple[float, int, str]:
    return (-ratings.shown(rating), -rating.games, rating.display_name.casefold())


# -- /leaderboard -----------------------------------------------------------------------------


async def leaderboard(engine: Engine, place: Place, kind: str) -> Outcome:
    return await engine.call(spoken(_leaderboard), engine, place, kind)


def _leaderboard(engine: Engine, place: Place, kind: str) -> Outcome:
    if place.guild_id is None:
        return Outcome.refusal(_(IN_DMS))
    if kind not in engine.games:
        return Outcome.refusal(_("There is no game called “{kind}”.").format(kind=kind))
    store = engine.store
    left = results.backfill(store, engine.games)
    title = _title(engine.games, kind)
    board = sorted(store.ratings(place.guild_id, kind), key=_order)
    if not board:
        return Outcome.tell(
            _(
                "🏅 No rated {game} games in this server yet: ratings start with the first "
                "finished game of two or more human players. {ai_note}"
            ).format(game=title, ai_note=_(AI_NOTE))
        )
    wins: dict[int, int] = {}
    for row in store.results_in_order(place.guild_id, kind):
        if row.won and not row.ai:
            wins[row.user_id] = wins.get(row.user_id, 0) + 1
    lines = [_("🏅 **{game}** ratings in this server:").format(game=title)]
    for index, rating in enumerate(board[:LEADERBOARD_SIZE], start=1):
        won = wins.get(rating.user_id, 0)
        lines.append(
            _("{rank}. **{name}** — {rating} (μ {mu}, σ {sigma}) · {games}, {wins}").format(
                rank=index,
                name=rating.display_name,
                rating=decimal(ratings.shown(rating)),
                mu=decimal(rating.mu),
                sigma=decimal(rating.sigma),
                games=n_("{n} game", "{n} games", rating.games).format(n=rating.games),
                wins=n_("{n} win", "{n} wins", won).format(n=won),
            )
        )
    if len(board) > LEADERBOARD_SIZE:
        more = len(board) - LEADERBOARD_SIZE
        lines.append(_("… and {n} more rated players.").format(n=more))
    lines.append(
        _(
            "*OpenSkill (Plackett–Luce) ratings from every finished game here, shown as "
            "μ − 3σ: it rises as a player wins and as more games make the estimate surer. "
            "{ai_note} A game with fewer than two human players is not rated.*"
        ).format(ai_note=_(AI_NOTE))
    )
    if left:
        lines.append(_(STILL_ADDING))
    return Outcome.tell(first_lines(lines, CONTENT))
