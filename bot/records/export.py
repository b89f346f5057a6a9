"""Replay files: a game's record as a JSON document, and playing one back.

Like python-chess's `pgn.py` (headers, then moves), a record is the game's headers — the
format version, the rules data fingerprint (bot.records.fingerprint), kind, options,
seed and seats (names only: never user ids or tokens) — then its action log with the time
of every row (take-back rows included, see bot.replay) and the result. Replaying it
through the rules core (`replay_text`, behind `python -m bot replay FILE`) must reach the
same result with the same data.

Only a finished game's record holds its log and seed. A running (or aborted) game's log
holds secrets — prices set before their reveal, which special a player took, and the
seed deals the rest of the cards — so its record holds only the public events: the log
is replayed and only the texts of events with no seat (which were announced publicly
anyway) are kept, never an action.

An abridged finished record:

    {"format": "smithfield-replay", "version": 1,
     "game": {"id": 12, "kind": "fantasy-business", "title": "Fantasy Business",
              "status": "finished", "created_at": "…", "started_at": "…",
              "finished_at": "…"},
     "rules_data": {"file": "rules/fantasy_business/cards.json", "sha256": "9f2c…"},
     "options": {"turns": 1, "first_seat": 0, …}, "seed": 7,
     "seats": [{"seat": 0, "name": "alice", "ai": null}, …],
     "log": [{"seq": 1, "command": 1, "seat": 0, "by": "player", "time": "…",
              "action": {"type": "auction", "card": 1, "price": 2}},
             {"seq": 5, "command": 5, "seat": 1, "by": "player", "time": "…",
              "action": {"type": "undo", "back_to": 4}}, …],
     "result": {"reason": "…", "standings": [{"seat": 0, "name": "alice", "place": 1,
                "score": 41, "won": true}, …]}}
"""

import json
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from bot.records.fingerprint import data_file, fingerprint
from bot.records.results import places
from bot.replay import Move, Replayed, is_undo, replay, rules_options
from bot.store import ActionRow, GameRow, SeatRow
from rules.errors import RuleError
from rules.events import fill_seats
from rules.protocol import GameRules

FORMAT = "smithfield-replay"
VERSION = 1


UNREPLAYABLE = (RuleError, ValueError, KeyError, AssertionError)
"""What replaying a log the rules do not accept can raise (pydantic's ValidationError,
for an action that is not one of the game's, is a ValueError)."""


class ReplayProblem(Exception):
    """A replay file that cannot be used, or that does not replay to its result; the
    message names what and why, for one line of the command's output."""


# -- the document ---------------------------------------------------------------------------


class GameHeader(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: int
    kind: str
    title: str
    status: str
    created_at: str
    started_at: str | None = None
    finished_at: str | None = None
    hints: bool = False
    """Played with the coach on (`/hint`): such a game is not rated."""


class RulesData(BaseModel):
    model_config = ConfigDict(frozen=True)

    file: str | None
    sha256: str | None
    """None: the game was created before fingerprints were kept."""


class SeatEntry(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    name: str
    ai: str | None = None


class LogEntry(BaseModel):
    model_config = ConfigDict(frozen=True)

    seq: int
    command: int
    seat: int | None
    by: Literal["player", "deadline", "autopilot", "bot"]
    """Who made the move: the seat's player, or the bot (for a deadline, a seat on
    autopilot, or a reason older logs do not say)."""
    time: str
    action: dict[str, Any]


class PublicEvent(BaseModel):
    model_config = ConfigDict(frozen=True)

    seq: int
    """The log row it came from (0: the setup)."""
    time: str | None
    text: str


class Standing(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    name: str
    place: int
    score: int | None
    won: bool


class Result(BaseModel):
    model_config = ConfigDict(frozen=True)

    reason: str
    standings: list[Standing]


class Record(BaseModel):
    model_config = ConfigDict(frozen=True)

    format: Literal["smithfield-replay"]
    version: int
    exported_at: str
    game: GameHeader
    rules_data: RulesData
    options: dict[str, Any]
    seed: int | None
    """None in a public record (it would deal the cards still hidden)."""
    seats: list[SeatEntry]
    public_only: bool = False
    log: list[LogEntry] | None = None
    events: list[PublicEvent] | None = None
    result: Result | None = None


# -- writing --------------------------------------------------------------------------------


def _by(row: ActionRow) -> Literal["player", "deadline", "autopilot", "bot"]:
    if row.user_id is not None:
        return "player"
    if row.cause == "deadline":
        return "deadline"
    if row.cause == "autopilot":
        return "autopilot"
    return "bot"


def _headers(game: GameRow, seats: list[SeatRow], rules: GameRules, now: datetime) -> Any:
    finished = game.updated_at if game.status in ("finished", "aborted") else None
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": now.isoformat(),
        "game": GameHeader(
            id=game.id,
            kind=game.kind,
            title=rules.title,
            status=game.status,
            created_at=game.created_at,
            started_at=game.started_at,
            finished_at=finished,
            hints=bool(game.options.get("hints")),
        ),
        "rules_data": RulesData(file=data_file(game.kind), sha256=game.rules_hash),
        "options": game.options,
        "seats": [SeatEntry(seat=s.position, name=s.display_name, ai=s.ai_level) for s in seats],
    }


def standings(rules: GameRules, state: Any, names: list[str]) -> Result | None:
    """The result a state shows, seat by seat (None while the game runs)."""
    outcome = rules.outcome(state)
    if outcome is None:
        return None
    placed = places(outcome, len(names))
    return Result(
        reason=fill_seats(outcome.reason, names),
        standings=[
            Standing(
                seat=seat,
                name=name,
                place=placed[seat],
                score=outcome.scores.get(seat),
                won=seat in outcome.winners,
            )
            for seat, name in enumerate(names)
        ],
    )


def full_record(
    game: GameRow,
    seats: list[SeatRow],
    rows: list[ActionRow],
    rules: GameRules,
    state: Any,
    now: datetime,
) -> Record:
    """A finished game's record: everything needed to replay it, and its result."""
    assert game.status == "finished", "only a finished game's full log may leave the bot"
    log = [
        LogEntry(
            seq=row.seq,
            command=row.command if row.command is not None else row.seq,
            seat=row.seat,
            by=_by(row),
            time=row.created_at,
            action=row.action,
        )
        for row in rows
    ]
    names = [seat.display_name for seat in seats]
    result = standings(rules, state, names)
    return Record(**_headers(game, seats, rules, now), seed=game.seed, log=log, result=result)


TookBack = Callable[[int | None, list[Move]], str]
"""A take-back in words, from the seat that made it and the moves it cancelled (the
renderer's: the record layer cannot name a move)."""


def public_record(
    game: GameRow,
    seats: list[SeatRow],
    rows: list[ActionRow],
    rules: GameRules,
    now: datetime,
    took_back: TookBack | None = None,
) -> Record:
    """A running or aborted game's record: the public events so far and nothing else; a
    take-back is told by `took_back` (else by the moves it went back to)."""
    names = [seat.display_name for seat in seats]
    events: list[PublicEvent] = []
    setup, first = rules_options(game.options)
    try:
        _, started = rules.setup(len(seats), setup, game.seed, first)
        replayed: Replayed | None = replay(rules, len(seats), game.options, game.seed, rows)
    except UNREPLAYABLE:
        started, replayed = [], None  # a log the rules do not accept: no events to tell
    events += [
        PublicEvent(seq=0, time=game.started_at, text=fill_seats(event.text, names))
        for event in started
        if event.public
    ]
    if replayed is not None:
        moves = {move.seq: move for move in [*replayed.moves, *replayed.undone]}
        undone = {move.seq for move in replayed.undone}
        counting: list[int] = []
        for row in rows:
            if is_undo(row.action):
                back_to = int(row.action["back_to"])
                cancelled = [moves[seq] for seq in counting if seq >= back_to and seq in moves]
                counting = [seq for seq in counting if seq < back_to]
                if took_back is not None:
                    text = took_back(row.seat, cancelled)
                else:
                    who = names[row.seat] if row.seat is not None else "The host"
                    text = f"{who} took back the moves from {back_to} on."
                events.append(PublicEvent(seq=row.seq, time=row.created_at, text=text))
                continue
            counting.append(row.seq)
            if row.seq in undone:
                continue  # taken back: what it said no longer stands
            if row.seq in moves:
                events += [
                    PublicEvent(seq=row.seq, time=row.created_at, text=fill_seats(e.text, names))
                    for e in moves[row.seq].events
                    if e.public
                ]
    return Record(**_headers(game, seats, rules, now), seed=None, public_only=True, events=events)


def dumps(record: Record) -> bytes:
    """The file's bytes: JSON with one header per line and one seat, log row or event per
    line, so the file reads (and diffs) like a score sheet."""
    document = record.model_dump(mode="json")
    parts = []
    for key, value in document.items():
        name = json.dumps(key)
        if isinstance(value, list) and value:
            rows = ",\n".join(f"    {json.dumps(item, ensure_ascii=False)}" for item in value)
            parts.append(f"  {name}: [\n{rows}\n  ]")
        else:
            parts.append(f"  {name}: {json.dumps(value, ensure_ascii=False)}")
    return ("{\n" + ",\n".join(parts) + "\n}\n").encode("utf-8")


# -- reading and replaying ------------------------------------------------------------------


def read(text: str) -> Record:
    """A record from a file's text, or a ReplayProblem saying why it is not one."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ReplayProblem(f"it is not JSON ({error.msg}, line {error.lineno}).") from error
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ReplayProblem(
            'it is not a Smithfield replay file (no "format": "smithfield-replay").'
        )
    version = document.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise ReplayProblem(
            f"it was written by a newer Smithfield (format version {version}; this one reads "
            f"{VERSION})."
        )
    try:
        return Record.model_validate(document)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ReplayProblem(f"its {where} is not valid ({first['msg']}).") from error


def _table(result: Result) -> str:
    return ", ".join(
        f"{s.place}. {s.name} {s.score if s.score is not None else '-'}"
        + (" (won)" if s.won else "")
        for s in sorted(result.standings, key=lambda s: (s.place, s.seat))
    )


def replay_record(record: Record, games: Mapping[str, GameRules]) -> list[str]:
    """Play a record back through the rules core: the lines to print (a summary and the
    final standings), or a ReplayProblem when it cannot be replayed or reaches another
    result."""
    kind = record.game.kind
    if record.public_only or record.log is None or record.seed is None:
        raise ReplayProblem(
            "it holds only the public events of a game that had not finished "
            f"({record.game.status}) when it was exported; only a finished game's file has the "
            "moves to replay."
        )
    rules = games.get(kind)
    if rules is None:
        raise ReplayProblem(f"it is a game of {kind!r}, which this Smithfield does not know.")
    notes = []
    here = fingerprint(kind)
    shown = data_file(kind) or "the rules data"
    if record.rules_data.sha256 is None:
        notes.append(
            f"Note: the file does not say which rules data the game was played with (it "
            f"began before Smithfield kept that); replaying with {shown} as it is here."
        )
    elif record.rules_data.sha256 != here:
        raise ReplayProblem(
            f"the rules data differ: {shown} here is not the data this game was played with "
            f"(sha256 {(here or '?')[:12]}… here, {record.rules_data.sha256[:12]}… in the "
            "file), so the replay would not be the same game."
        )
    names = [seat.name for seat in record.seats]
    rows = _log_rows(record)
    try:
        replayed = replay(rules, len(names), record.options, record.seed, rows)
    except UNREPLAYABLE as error:
        raise ReplayProblem(_refused(rules, record, names)) from error
    result = standings(rules, replayed.state, names)
    if result is None:
        raise ReplayProblem("the replayed game has not ended, but the file says it finished.")
    if record.result is None or result.standings != record.result.standings:
        recorded = _table(record.result) if record.result else "none"
        raise ReplayProblem(
            f"the replay does not reach the recorded result: the file says {recorded}; "
            f"the replay gives {_table(result)}."
        )
    undone = len([e for e in record.log if not is_undo(e.action)]) - len(replayed.moves)
    moves = f"{len(replayed.moves)} moves" + (f" ({undone} taken back)" if undone else "")
    lines = [
        *notes,
        f"{record.game.title} #{record.game.id}, {len(names)} players, seed {record.seed}: "
        f"replayed {moves} with {shown} as recorded.",
        "Final standings:",
        *[
            f"  {s.place}. {s.name} — {s.score if s.score is not None else '-'}"
            + (" 🏆" if s.won else "")
            for s in sorted(result.standings, key=lambda s: (s.place, s.seat))
        ],
        f"{result.reason}",
        "The replay reaches the recorded result.",
    ]
    return lines


def _log_rows(record: Record) -> list[ActionRow]:
    assert record.log is not None
    return [
        ActionRow(
            game_id=record.game.id,
            seq=entry.seq,
            user_id=None,
            seat=entry.seat,
            action=entry.action,
            created_at=entry.time,
            command=entry.command,
        )
        for entry in record.log
    ]


def _why(error: Exception) -> str:
    if isinstance(error, RuleError):
        return error.message
    return f"it is not a move of this game ({str(error).splitlines()[0]})"


def _refused(rules: GameRules, record: Record, names: list[str]) -> str:
    """Which log row the rules refused: the shortest part of the log that does not
    replay, found by halving (a few replays, not one per row)."""
    assert record.log is not None and record.seed is not None
    rows = _log_rows(record)
    good, bad = 0, len(rows)  # rows[:good] replays, rows[:bad] does not
    message: str | None = None
    while bad - good > 1:
        middle = (good + bad) // 2
        try:
            replay(rules, len(names), record.options, record.seed, rows[:middle])
        except UNREPLAYABLE as refused:
            bad, message = middle, _why(refused)
        else:
            good = middle
    if message is None:
        try:
            replay(rules, len(names), record.options, record.seed, rows[:bad])
        except UNREPLAYABLE as refused:
            message = _why(refused)
    entry = record.log[bad - 1]
    who = names[entry.seat] if entry.seat is not None and 0 <= entry.seat < len(names) else "?"
    return (
        f"the log does not replay: row {entry.seq} ({who}: {json.dumps(entry.action)}) is "
        f"refused by the rules: {fill_seats(message or 'it cannot be applied', names)}"
    )
