"""`/stats` and `/leaderboard`: a member's record and the ratings, per server.

Both read the results table (bot.records.results says how each figure is defined) and the
ratings (bot.records.ratings); AI seats are left out of both, and the answers say so.
Records are kept per server, so in DMs both commands point to a server channel.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from bot.limits import CONTENT, first_lines
from bot.messages import Outcome
from bot.records import ratings, results
from bot.service import GameService, Place
from bot.store import RatingRow, ResultRow
from rules.protocol import GameRules

IN_DMS = "Records are kept per server: use this command in one of its channels."
LEADERBOARD_SIZE = 20
AI_NOTE = "AI seats are left out of stats and ratings."


@dataclass(frozen=True)
class Member:
    user_id: int
    display_name: str


def duration(seconds: float) -> str:
    """A time to act in words: 42 s, 4 min 10 s, 3 h 5 min, 2 d 4 h."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    minutes, secs = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes} min {secs} s" if secs else f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    days, hours = divmod(hours, 24)
    return f"{days} d {hours} h" if hours else f"{days} d"


def _title(games: Mapping[str, GameRules], kind: str) -> str:
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
        f"time to act {duration(seconds / turns)} on average ({turns} waits)"
        if turns
        else "time to act not measured"
    )
    return (
        f"**{title}** — played {played}, won {won} · average place {place:.1f} "
        f"(of {table:.1f} players) · {acting} · deadlines missed {missed}{rank}"
    )


# -- /stats -----------------------------------------------------------------------------------


async def stats(service: GameService, place: Place, member: Member, kind: str | None) -> Outcome:
    return await service.call(_stats, service, place, member, kind)


def _stats(service: GameService, place: Place, member: Member, kind: str | None) -> Outcome:
    if place.guild_id is None:
        return Outcome.refusal(IN_DMS)
    store = service.store
    left = results.backfill(store, service.games)
    rows = [
        row
        for row in store.results_of_member(place.guild_id, member.user_id)
        if not row.ai and (kind is None or row.kind == kind)
    ]
    which = f" of {_title(service.games, kind)}" if kind else ""
    if not rows:
        return Outcome.tell(
            f"📊 **{member.display_name}** has no finished games{which} in this server yet. "
            f"{AI_NOTE}"
        )
    name = rows[-1].display_name
    lines = [f"📊 **{name}** in this server{which}:"]
    for game_kind in sorted({row.kind for row in rows}):
        mine = [row for row in rows if row.kind == game_kind]
        rank = _rank(service, place.guild_id, game_kind, member.user_id)
        lines.append(record_line(_title(service.games, game_kind), mine, rank))
    lines.append(
        f"*Finished games only. {AI_NOTE} Time to act: from when the game began waiting on "
        "the player (their turn, or the start of a price-sheet step) to their own move that "
        "ended the wait. Deadlines missed: moves the bot made because the player's time "
        "ran out.*"
    )
    if left:
        lines.append("*(Older games are still being added to the records.)*")
    return Outcome.tell(first_lines(lines, CONTENT))


def _rank(service: GameService, guild_id: int, kind: str, user_id: int) -> str:
    board = sorted(service.store.ratings(guild_id, kind), key=_order)
    for index, rating in enumerate(board, start=1):
        if rating.user_id == user_id:
            return f" · rating {ratings.shown(rating):.1f} (#{index} of {len(board)})"
    return ""


def _order(rating: RatingRow) -> tuple[float, int, str]:
    return (-ratings.shown(rating), -rating.games, rating.display_name.casefold())


# -- /leaderboard -----------------------------------------------------------------------------


async def leaderboard(service: GameService, place: Place, kind: str) -> Outcome:
    return await service.call(_leaderboard, service, place, kind)


def _leaderboard(service: GameService, place: Place, kind: str) -> Outcome:
    if place.guild_id is None:
        return Outcome.refusal(IN_DMS)
    if kind not in service.games:
        return Outcome.refusal(f"There is no game called “{kind}”.")
    store = service.store
    left = results.backfill(store, service.games)
    title = service.games[kind].title
    board = sorted(store.ratings(place.guild_id, kind), key=_order)
    if not board:
        return Outcome.tell(
            f"🏅 No rated {title} games in this server yet: ratings start with the first "
            f"finished game of two or more human players. {AI_NOTE}"
        )
    wins: dict[int, int] = {}
    for row in store.results_in_order(place.guild_id, kind):
        if row.won and not row.ai:
            wins[row.user_id] = wins.get(row.user_id, 0) + 1
    lines = [f"🏅 **{title}** ratings in this server:"]
    for index, rating in enumerate(board[:LEADERBOARD_SIZE], start=1):
        won = wins.get(rating.user_id, 0)
        lines.append(
            f"{index}. **{rating.display_name}** — {ratings.shown(rating):.1f} "
            f"(μ {rating.mu:.1f}, σ {rating.sigma:.1f}) · {rating.games} "
            f"game{'s' if rating.games != 1 else ''}, {won} win{'s' if won != 1 else ''}"
        )
    if len(board) > LEADERBOARD_SIZE:
        lines.append(f"… and {len(board) - LEADERBOARD_SIZE} more rated players.")
    lines.append(
        "*OpenSkill (Plackett–Luce) ratings from every finished game here, shown as μ − 3σ: "
        "it rises as a player wins and as more games make the estimate surer. "
        f"{AI_NOTE} A game with fewer than two human players is not rated.*"
    )
    if left:
        lines.append("*(Older games are still being added to the records.)*")
    return Outcome.tell(first_lines(lines, CONTENT))
