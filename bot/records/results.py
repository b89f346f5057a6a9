"""A finished game's results: each seat's place and score, and how its player kept the game
moving (time to act, deadlines missed).

Results are written in the transaction that finishes a game (`record`, called by the
service), one row per seat, and ratings are updated with them (bot.records.ratings).
Games that finished before records existed are recorded on demand by `backfill`, which the
records commands run first.

Definitions, as `/stats` reports them:
- **place**: the winners are 1st; the other seats follow by score, higher first, equal
  scores sharing a place (1, 2, 2, 4). Scores are the game's own (Fantasy Business: gold
  plus base values; Fagin's Gang: urchins at Fagin).
- **time to act**: each stretch in which the game waited on a seat and the seat's player
  ended it with their own move counts once, from when the game began waiting on the seat
  (the move that made it their turn, or the start of play) to that move. A simultaneous
  step (price sheets) is one stretch from its start to the player's submission, however
  many prices they set on the way; a take-back does not restart the clock. The log is
  replayed (bot.replay) to know whom the game waited on after each move.
- **deadlines missed**: moves the bot made for a seat because its step's time ran out
  (log rows with no user and cause "deadline"). Logs older than records do not say why
  the bot moved: there, a bot move that started a command of its own (not folded into a
  player's move, as autopilot moves are) counts as a missed deadline.
Games recorded by `backfill` have no time to act (they are not replayed, to keep the
upgrade cheap); their missed deadlines come from the log as above.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.records import ratings
from bot.replay import replay
from bot.store import ActionRow, GameRow, ResultRow, SeatRow, Store
from bot.timing import parse
from rules.errors import RuleError
from rules.protocol import GameRules, Outcome

DEADLINE = "deadline"
AUTOPILOT = "autopilot"
"""The causes of a bot's move in the log (actions.cause)."""

BACKFILL_BATCH = 200
"""Older games recorded per transaction (each batch is quick: no replay)."""
BACKFILL_BATCHES = 5
"""Batches one command records before answering; the rest wait for the next one."""


def places(outcome: Outcome, players: int) -> list[int]:
    """Each seat's place: winners 1st, then by score (ties share a place)."""
    winners = set(outcome.winners)
    lowest = min(outcome.scores.values(), default=0) - 1

    def score(seat: int) -> int:
        return outcome.scores.get(seat, lowest)

    result = []
    for seat in range(players):
        if seat in winners:
            result.append(1)
            continue
        ahead = sum(
            1 for other in range(players) if other not in winners and score(other) > score(seat)
        )
        result.append(1 + len(winners) + ahead)
    return result


@dataclass
class Timing:
    turns: int = 0
    seconds: float = 0.0
    missed: int = 0


def missed_deadline(row: ActionRow) -> bool:
    """A move the bot made because the seat's deadline passed (see the module docstring
    for logs older than records)."""
    if row.user_id is not None or row.seat is None or row.action.get("type") == "undo":
        return False
    if row.cause is not None:
        return row.cause == DEADLINE
    return row.command is None or row.command == row.seq


def timing(
    rules: GameRules,
    game: GameRow,
    players: int,
    rows: list[ActionRow],
    *,
    timed: bool = True,
) -> list[Timing]:
    """Each seat's time to act and missed deadlines, from the log (see the module
    docstring); `timed` False skips the replay (missed deadlines only)."""
    found = [Timing() for _ in range(players)]
    for row in rows:
        if missed_deadline(row) and row.seat is not None and 0 <= row.seat < players:
            found[row.seat].missed += 1
    if not timed or not rows:
        return found
    try:
        replayed = replay(rules, players, game.options, game.seed, rows)
    except (RuleError, ValueError, KeyError, AssertionError):
        return found  # a log the rules do not accept (a position set up by hand)
    times = {row.seq: datetime.fromisoformat(row.created_at) for row in rows}
    since: dict[int, datetime | None] = {}
    for index, move in enumerate(replayed.moves):
        waiting_before = set(rules.waiting_on(move.before))
        if index == 0:
            since = dict.fromkeys(waiting_before, parse(game.started_at))
        waiting_after = set(rules.waiting_on(move.after))
        at = times[move.seq]
        start = since.get(move.seat)
        ended = move.seat in waiting_before and move.seat not in waiting_after
        if ended and move.user_id is not None and start is not None and at >= start:
            found[move.seat].turns += 1
            found[move.seat].seconds += (at - start).total_seconds()
        for seat in waiting_before - waiting_after:
            since.pop(seat, None)
        for seat in waiting_after - waiting_before:
            since[seat] = at
    return found


def results_of(
    rules: GameRules,
    game: GameRow,
    seats: list[SeatRow],
    state: Any,
    rows: list[ActionRow],
    finished_at: str,
    *,
    timed: bool = True,
) -> list[ResultRow]:
    """The results rows of a finished game (none if its state shows no outcome)."""
    outcome = rules.outcome(state)
    if outcome is None:
        return []
    players = len(seats)
    placed = places(outcome, players)
    timings = timing(rules, game, players, rows, timed=timed)
    return [
        ResultRow(
            game_id=game.id,
            position=seat.position,
            guild_id=game.guild_id or 0,
            kind=game.kind,
            user_id=seat.user_id,
            display_name=seat.display_name,
            ai=seat.is_ai,
            players=players,
            place=placed[seat.position],
            score=outcome.scores.get(seat.position),
            won=seat.position in outcome.winners,
            turns=timings[seat.position].turns,
            think_seconds=timings[seat.position].seconds,
            missed=timings[seat.position].missed,
            finished_at=finished_at,
            rated=not game.options.get("hints"),
        )
        for seat in seats
    ]


def record(
    store: Store, rules: GameRules, game: GameRow, seats: list[SeatRow], state: Any, now: datetime
) -> list[ResultRow]:
    """Record a game that has just finished and rate it; the caller holds the transaction
    that finishes it (and has written its last log rows)."""
    rows = store.actions(game.id)
    results = results_of(rules, game, seats, state, rows, now.isoformat())
    store.record_results(game.id, results)
    ratings.update(store, results)
    return results


def backfill(store: Store, games: Mapping[str, GameRules]) -> bool:
    """Record finished games from before records, a batch per transaction, from their
    stored final position and log; the leaderboards they touch are recomputed. Returns
    whether some are left for next time."""
    for _ in range(BACKFILL_BATCHES):
        with store.transaction():
            pending = store.unrecorded_games(BACKFILL_BATCH)
            touched: set[tuple[int, str]] = set()
            for game in pending:
                results = _old_results(store, games, game)
                store.record_results(game.id, results)
                if results:
                    touched.add((results[0].guild_id, game.kind))
            for guild_id, kind in sorted(touched):
                ratings.recompute(store, guild_id, kind)
        if len(pending) < BACKFILL_BATCH:
            return False
    return True


def _old_results(store: Store, games: Mapping[str, GameRules], game: GameRow) -> list[ResultRow]:
    rules = games.get(game.kind)
    if rules is None or game.state is None:
        return []
    try:
        state = rules.load_state(game.state)
    except ValueError:
        return []  # not a state these rules can read: nothing to record
    seats = store.seats(game.id)
    rows = store.actions(game.id)
    return results_of(rules, game, seats, state, rows, game.updated_at, timed=False)
