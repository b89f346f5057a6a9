"""AI players at the table: who plays a seat, and how its move is chosen.

A seat is played by an AI when it was added as one (`/game addbot`, `seats.ai_level`) or
when its player was kicked or resigned (autopilot: the game's `autopilot_level`). The AI
sees only what that seat may see: the seat's own view and the public events so far
(`ai.decide` never receives the state). Its moves go through the same service path as a
person's: checked by `apply`, stored in one transaction, announced like any move.

`random` and `standard` decide in a few milliseconds, so they play inside the move that
made them due (folded into its message, like autopilot moves always were). `strong`
searches for up to `ai_seconds`, which must not hold the database's write lock: it is
played after the command by the runner (cogs/robots.py), in a worker process; so are the
moves of a game with no human left in it, at a readable pace. An AI that fails falls
back to `standard`, then to the rules' default move, and says so in the log.
"""

import hashlib
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

from ai import LEVELS, Level, decide, decision_seed, reads_history, seat_view, strong_budget
from bot.i18n import _

__all__ = ["Level", "decision_seed"]
from bot.table import Table
from rules.events import Event
from rules.protocol import GameRules

log = logging.getLogger(__name__)

INLINE: frozenset[str] = frozenset({"random", "standard"})
"""Levels fast enough to play inside the command that made them due."""
NAMES = ("Nancy", "Dodger", "Oliver", "Bet", "Charley", "Noah", "Monks", "Bill")
"""AI seats are named after the urchins of Fagin's gang (and their friends)."""


def level_of(table: Table, seat: int) -> Level | None:
    """The AI level that plays `seat`, or None for a person."""
    row = table.seats[seat]
    if row.ai_level is not None:
        return _level(row.ai_level)
    if row.autopilot:
        return _level(table.game.autopilot_level)
    return None


def _level(text: str) -> Level:
    for level in LEVELS:
        if level == text:
            return level
    return "standard"


def no_one_human(table: Table) -> bool:
    """Every seat is played by an AI: the game plays itself, at a readable pace."""
    return all(level_of(table, seat.position) is not None for seat in table.seats)


def plays_later(table: Table, seat: int) -> bool:
    """An AI seat whose move the runner makes after the command (a search, or a game
    nobody human watches move by move)."""
    level = level_of(table, seat)
    return level is not None and (level not in INLINE or no_one_human(table))


def new_ai_seed(entropy: int, *labels: object) -> int:
    """A seed for an AI, derived from `entropy` and `labels` (e.g. the game and the seat):
    `entropy` is the number a command drew before its work (`Tx.entropy`: random, or the
    bot's fixed seed in tests, so a seeded table's AIs play the same moves). Never the
    game's own seed, which predicts its future."""
    text = ":".join(["ai", str(entropy), *(str(label) for label in labels)])
    digest = hashlib.blake2b(text.encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def seat_ai_seed(table: Table, seat: int, entropy: int) -> int:
    """The seed for a seat an AI is taking over: the one it already has (a seat back on
    autopilot keeps it), else a new one (from the command's `entropy`) to store with it."""
    kept = table.seats[seat].ai_seed
    if kept is not None:
        return kept
    return new_ai_seed(entropy, table.game.id, "seat", seat)


def ai_seed(table: Table, seat: int) -> int:
    """The seed the seat's AI decides with: the one stored with the seat when an AI took
    it over. Seats from before seeds were stored use the seed drawn for the game's AIs
    at its start, and failing that one derived from the game's number (never from the
    game's own seed)."""
    kept = table.seats[seat].ai_seed
    if kept is not None:
        return kept
    seed = table.game.options.get("ai_seed")
    return seed if isinstance(seed, int) else new_ai_seed(0, "legacy", table.game.id, seat)


def name_for(taken: Sequence[str], level: str) -> str:
    """An AI seat's name, e.g. "🤖 Nancy (standard)": `level` as the table reads it (the
    name is kept, so it is made in the table's language)."""
    spare = _("Urchin {n}").format(n=len(taken))
    base = next((n for n in NAMES if not any(n in t for t in taken)), spare)
    return f"🤖 {base} ({level})"


def history_needed(kind: str) -> bool:
    """Whether the game's AIs read the public history (the AI layer says which; a game
    no AI plays needs none)."""
    try:
        return reads_history(kind)
    except ValueError:
        return False


def choose(
    table: Table,
    state: Any,
    seat: int,
    level: Level,
    history: Sequence[Event],
    *,
    seconds: float | None = None,
    clock: Callable[[], float] | None = None,
) -> Any:
    """An AI's move for `seat` in `state`, falling back to `standard` and then to the
    rules' default move if an AI fails (logged). Pure apart from the log: the view is
    all the AI sees."""
    rules: GameRules = table.rules
    view = rules.view(state, seat)
    seed = decision_seed(ai_seed(table, seat), len(history), seat)
    budget = strong_budget(table.game.kind, seconds) if seconds else None
    for tried in _fallbacks(level):
        try:
            mine = seat_view(view)  # a TypeError for a game no AI plays: the default move
            action = decide(table.game.kind, tried, mine, history, seed, budget, clock)
            rules.apply(state, seat, action)  # an AI's move must be legal; try the next
            return action
        except Exception:
            log.exception("The %s AI failed for seat %s of game %s", tried, seat, table.game.id)
    return rules.default_action(state, seat)


def _fallbacks(level: Level) -> list[Level]:
    return [level] if level == "standard" else [level, "standard"]


def decide_in_worker(
    kind: str, level: Level, view: Any, history: list[Event], seed: int, seconds: float
) -> Any:
    """`strong`'s search, run in a worker process with its own clock and budget."""
    budget = strong_budget(kind, seconds)  # `ai` says how many playouts; `seconds` caps them
    return decide(kind, level, view, history, seed, budget, time.perf_counter)
