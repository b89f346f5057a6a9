"""Autocomplete for plan texts: whole plan strings that fit the caller's position.

The Discord layer shows these while a player types `/move plan:...` and friends. Parts the
player has already finished (before the last ";" or ",") are kept as typed; the last part
is completed from what the seat can do now (legal single steps, own urchins, affordable
trades), leaving out locations already named. A German player is offered the plans in
German words (`themse hoch 2`, `tausche rot rot blau gegen lila`); what they type may be
in either language.
"""

import re
from collections.abc import Callable

from rules.errors import RuleError
from rules.fagins_gang.actions import (
    ExchangeSlot,
    MoveStep,
    StealSlot,
    format_slot,
    format_step,
)
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.legal import move_steps, steal_plans, trades
from rules.fagins_gang.plan_words import in_language
from rules.fagins_gang.plans import (
    parse_colours,
    parse_cube_counts,
    parse_locations,
    parse_move_plan,
    parse_steal_plan,
)
from rules.fagins_gang.state import FaginState, track_level
from rules.names import match_name

LIMIT = 25
LENGTH = 100
"""Discord's longest autocomplete choice (name and value): a longer plan is not offered,
since cutting it would submit a plan the player did not pick."""
PARSERS: dict[str, Callable[[str], object]] = {
    "move": parse_move_plan,
    "steal": parse_steal_plan,
    "shillings": parse_locations,
    "buy": parse_colours,
    "sell": parse_colours,
    "discard": parse_cube_counts,
}
KINDS = tuple(PARSERS)


def _parses(kind: str, plan: str) -> bool:
    """Whether the command would read `plan` (what it then does is the rules' business)."""
    try:
        PARSERS[kind](plan)
    except RuleError:
        return False
    return True


def _norm(text: str) -> str:
    """Letters and digits only, so "St Paul's up" still matches "stpauls up 1"."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _named_locations(parts: list[str]) -> set[str]:
    found: set[str] = set()
    for part in parts:
        words = part.split()
        for end in range(len(words), 0, -1):
            try:
                found.add(match_name(" ".join(words[:end]), BOARD.location_aliases, "location"))
            except RuleError:
                continue
            break
    return found


def _step_key(step: MoveStep | StealSlot | ExchangeSlot) -> str | None:
    return step.location if isinstance(step, MoveStep | StealSlot) else None


def _candidates(state: FaginState, seat: int, kind: str) -> list[tuple[str | None, str]]:
    """(the location it uses, the plan text in English) for each candidate."""
    if kind == "move":
        return [(step.location, format_step(step)) for step in move_steps(state, seat)]
    if kind == "steal":
        slots: list[StealSlot | ExchangeSlot] = [
            slot for plan in steal_plans(state, seat) if len(plan.slots) == 1 for slot in plan.slots
        ]
        return [(_step_key(slot), format_slot(slot)) for slot in slots]
    if kind == "shillings":
        return [(key, key) for key in BOARD.ring if track_level(state, key, seat) is not None]
    if kind in ("buy", "sell") and state.market is not None:
        wanted = [t for t in trades(state, seat) if t.type == kind]
        return [(None, " ".join(t.colours)) for t in wanted]
    if kind == "discard":
        return [(None, f"{n} {colour}") for colour, n in state.cubes[seat].items() if n > 0]
    return []


def suggest_plan_completions(
    state: FaginState, seat: int, kind: str, partial_text: str, language: str = "en"
) -> list[str]:
    """Up to 25 plan strings starting with what the player typed so far, written in the
    player's `language` ("en" or "de"); the typed text may be in either. Each is a whole
    plan the command parses, at most `LENGTH` characters long, and none is offered
    twice."""
    if kind not in KINDS or not 0 <= seat < state.players:
        return []
    separator = "," if kind in ("shillings", "discard") else ";"
    pieces = re.split(r"[;,]" if separator == "," else ";", partial_text)
    done = [piece.strip() for piece in pieces[:-1] if piece.strip()]
    typed = _norm(pieces[-1])
    used = _named_locations(done) if kind in ("move", "steal", "shillings") else set()
    if kind in ("move", "steal", "shillings") and len(done) >= BOARD.max_slots:
        return []
    results: list[str] = []
    for key, english in _candidates(state, seat, kind):
        if key in used:
            continue
        own = in_language(english, language)
        if _norm(own).startswith(typed):
            candidate = own
        elif _norm(english).startswith(typed):
            candidate = english
        elif _norm(in_language(english, "de")).startswith(typed):
            candidate = in_language(english, "de")
        else:
            continue
        plan = f"{separator} ".join([*done, candidate])
        if len(plan) > LENGTH or plan in results or not _parses(kind, plan):
            continue
        results.append(plan)
        if len(results) == LIMIT:
            break
    return results
