"""The seats the bot plays inside a command: AI seats and kicked or resigned players'
seats (autopilot) that can decide at once move right after the move that made them due,
in the same transaction; a seat whose AI searches, or a game of AIs alone, is left to the
runner (bot.service.commands.runner), at a readable pace."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel

from bot.service.commands import robots
from bot.service.runtime.engine import Engine
from bot.table import Table
from rules.errors import RuleError
from rules.events import Event

MAX_AUTOPILOT_STEPS = 500
"""A game where every seat is on autopilot still stops after this many moves per call."""


@dataclass(frozen=True)
class Step:
    seat: int
    user_id: int | None
    action: Any
    before: Any
    after: Any
    events: list[Event]


def _payload(action: Any) -> Any:
    return action.model_dump(mode="json") if isinstance(action, BaseModel) else action


def known_history(engine: Engine, table: Table) -> list[Event]:
    """The public events up to `table`'s position (what an AI may know): kept with
    the parsed state, else rebuilt by replaying the log."""
    if not robots.history_needed(table.game.kind):
        return []
    known = table.memo.get("history")
    if known is None:
        known = table.memo["history"] = engine.replayed(table.game).public_history()
    return list(known)


def history_after(engine: Engine, table: Table, first: Step) -> list[Event] | None:
    """The public events up to after `first`, when an AI of a game that reads them
    may be asked (None: no seat is played by an AI)."""
    if not robots.history_needed(table.game.kind):
        return []
    if not any(robots.level_of(table, seat.position) for seat in table.seats):
        return None
    return [*known_history(engine, table), *(e for e in first.events if e.public)]


def robot_steps(table: Table, state: Any, history: list[Event] | None) -> list[Step]:
    """AI seats (added as AIs, or kicked and resigned players' seats) that can decide
    at once play now, each seeing only its own view and the public history; a seat
    the runner plays (a search, a game with no human) is left for it."""
    rules = table.rules
    steps: list[Step] = []
    while history is not None and len(steps) < MAX_AUTOPILOT_STEPS:
        if rules.outcome(state) is not None:
            break
        due = [s for s in rules.waiting_on(state) if robots.level_of(table, s) is not None]
        if not due or robots.plays_later(table, due[0]):
            break
        seat = due[0]
        level = robots.level_of(table, seat)
        assert level is not None
        action = robots.choose(table, state, seat, level, history)
        if action is None:
            break
        try:
            after, events = rules.apply(state, seat, action)
        except RuleError:
            break
        steps.append(Step(seat, None, action, state, after, events))
        history.extend(event for event in events if event.public)
        state = after
    return steps


def robot_due(table: Table) -> int | None:
    """The AI seat the runner must play next in this position, if any."""
    if table.game.status != "active" or table.state is None:
        return None
    if table.rules.outcome(table.state) is not None:
        return None
    for seat in table.rules.waiting_on(table.state):
        if robots.level_of(table, seat) is not None:
            return seat
    return None


def runner_due(table: Table) -> bool:
    """The runner must play next now (a paced game of AIs waits for its deadline)."""
    return robot_due(table) is not None and not robots.no_one_human(table)


def paced(engine: Engine, now: datetime) -> dict[str, Any]:
    """A game of AIs alone moves at `ai_pace` seconds a move: its next move is due
    then, and the scheduler wakes the AI runner for it (as for any deadline)."""
    return {"deadline": (now + timedelta(seconds=engine.ai_pace)).isoformat(), "reminded": False}
