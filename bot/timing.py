"""When a step is due: deadlines, reminders and pauses, as plain functions.

A *step* is what the game waits for: one player's turn, or a simultaneous step (price
sheets, hand-limit discards) where several players owe something. The deadline is set
when a step begins and kept while a simultaneous step only shrinks, so submitting
early does not give the others more time.
"""

from datetime import datetime, timedelta
from typing import Any

from bot.i18n import _, n_, number
from bot.store import GameRow

UNTIMED_STEP_HOURS: dict[tuple[str, str], float] = {
    # Issue: a player over the hand limit must not stall an untimed game forever.
    ("fagins-gang", "discard"): 24.0,
}
"""Steps that get a deadline even in an untimed game: (game kind, public view phase)."""


def step_hours(game: GameRow, phase: str | None) -> float:
    if game.timer_hours > 0:
        return game.timer_hours
    return UNTIMED_STEP_HOURS.get((game.kind, phase or ""), 0.0)


def same_step(before: list[int], after: list[int]) -> bool:
    """A simultaneous step that someone just finished continues for the rest."""
    return bool(after) and set(after) < set(before)


def deadline_changes(
    game: GameRow, before: list[int], after: list[int], phase: str | None, now: datetime
) -> dict[str, Any]:
    """The game columns to write after a step changed (or not)."""
    hours = step_hours(game, phase)
    if not after or hours <= 0:
        return {"deadline": None, "reminded": False}
    if same_step(before, after) and game.deadline is not None:
        return {}
    if game.paused_at is not None:
        return {"deadline": None, "reminded": False}
    return {"deadline": (now + timedelta(hours=hours)).isoformat(), "reminded": False}


def parse(stamp: str | None) -> datetime | None:
    return None if stamp is None else datetime.fromisoformat(stamp)


def reminder_due(game: GameRow, now: datetime) -> bool:
    deadline = parse(game.deadline)
    if deadline is None or game.reminded or not game.remind_hours or game.paused_at:
        return False
    return deadline - timedelta(hours=game.remind_hours) <= now < deadline


def deadline_passed(game: GameRow, now: datetime) -> bool:
    deadline = parse(game.deadline)
    return deadline is not None and game.paused_at is None and deadline <= now


def describe_hours(hours: float) -> str:
    if hours <= 0:
        return _("untimed")
    if hours < 1:
        minutes = round(hours * 60)
        return n_("{n} minute", "{n} minutes", minutes).format(n=minutes)
    whole = int(hours) if float(hours).is_integer() else hours
    count = 1 if hours == 1 else 2  # "1.5 hours": the plural form, the number as written
    return n_("{n} hour", "{n} hours", count).format(n=number(whole))


def stamp(moment: str | None) -> str:
    when = parse(moment)
    return _("no deadline") if when is None else f"<t:{int(when.timestamp())}:R>"


def timer_line(game: GameRow) -> str:
    """The timer as `/game status` shows it (in the language being spoken)."""
    if game.timer_hours <= 0 and game.deadline is None:
        return _("⏱️ Untimed: no deadlines.")
    hours = describe_hours(game.timer_hours)
    parts = [_("⏱️ Timer: {hours} per step").format(hours=hours)]
    if game.remind_hours:
        remind = describe_hours(game.remind_hours)
        parts.append(_("reminder {hours} before").format(hours=remind))
    if game.paused_at is not None:
        parts.append(_("**paused**"))
    elif game.deadline is not None:
        parts.append(_("current deadline {when}").format(when=stamp(game.deadline)))
    return ", ".join(parts) + "."


def due_at(game: GameRow) -> datetime | None:
    """When the scheduler must look at this game next: its reminder, else its deadline."""
    deadline = parse(game.deadline)
    if deadline is None or game.paused_at is not None:
        return None
    if game.remind_hours and not game.reminded:
        return deadline - timedelta(hours=game.remind_hours)
    return deadline


def earliest_due(games: list[GameRow], after: datetime) -> datetime | None:
    moments = [moment for game in games if (moment := due_at(game)) is not None]
    return min((moment for moment in moments if moment > after), default=None)
