"""A game from its seed and action log: the state, and every move with its before and after.

The log is append-only. A take-back (`/game undo`) is a log row of its own,
`{"type": "undo", "back_to": k}`: from then on the moves logged at `k` and after no
longer count, and the game is where it was before them. Rows written by one command (a
move and the autopilot moves it made due) share a `command` number, the first row's
seq, so a take-back takes them back together. Replaying applies each row through the
rules core, so a replay checks the whole log as well as rebuilding the state.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.events import Event
from rules.protocol import GameRules

UNDO = "undo"
TABLE_OPTIONS = ("first_seat", "ai_seed", "language", "hints")
"""Options the bot keeps with a game that are not the rules' (`setup` refuses them)."""


def rules_options(options: Mapping[str, Any]) -> tuple[dict[str, Any], int | None]:
    """The options `setup` takes, and the first seat (None: drawn at random)."""
    setup = {key: value for key, value in options.items() if key not in TABLE_OPTIONS}
    first = options.get("first_seat")
    return setup, first if isinstance(first, int) else None


def is_undo(action: Mapping[str, Any]) -> bool:
    return action.get("type") == UNDO


def undo_record(back_to: int) -> dict[str, Any]:
    return {"type": UNDO, "back_to": back_to}


@dataclass(frozen=True)
class Move:
    """One logged move that still counts, with the states around it."""

    seq: int
    command: int
    seat: int
    user_id: int | None
    action: Mapping[str, Any]
    before: Any
    after: Any
    events: list[Event]


@dataclass(frozen=True)
class Replayed:
    state: Any
    moves: list[Move]
    """The moves that count (taken-back ones left out), oldest first."""
    setup_events: list[Event]
    undone: list[Move] = field(default_factory=list)
    """The moves a take-back cancelled, in the order they were played (for the log)."""

    def public_history(self) -> list[Event]:
        """Every public event of the game so far, from setup on (what an AI may know)."""
        events = [event for event in self.setup_events if event.public]
        for move in self.moves:
            events += [event for event in move.events if event.public]
        return events

    def last_command(self) -> list[Move]:
        """The moves of the newest command that still counts."""
        if not self.moves:
            return []
        command = self.moves[-1].command
        return [move for move in self.moves if move.command == command]


def replay(
    rules: GameRules,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    rows: Sequence[Any],
) -> Replayed:
    """Set the game up as it was started and apply its log; raises RuleError if a row is
    refused (a log the rules do not accept)."""
    setup, first = rules_options(options)
    start, setup_events = rules.setup(players, setup, seed, first)
    moves: list[Move] = []
    undone: list[Move] = []
    for row in rows:
        if is_undo(row.action):
            back_to = int(row.action["back_to"])
            undone += [move for move in moves if move.seq >= back_to]
            moves = [move for move in moves if move.seq < back_to]
            continue
        assert row.seat is not None, f"log row {row.seq} has no seat"
        before = moves[-1].after if moves else start
        after, events = rules.apply(before, row.seat, rules.parse_action(row.action))
        command = row.command if row.command is not None else row.seq
        moves.append(
            Move(row.seq, command, row.seat, row.user_id, row.action, before, after, events)
        )
    return Replayed(moves[-1].after if moves else start, moves, setup_events, undone)
