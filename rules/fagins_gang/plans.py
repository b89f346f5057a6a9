"""Reading the short texts players type into actions: move and steal plans, location and
colour lists, cube counts.

Pure syntax: names are matched (full name, short name, goods name or an unambiguous
prefix, any case) and the shape of each part is checked; whether the plan is possible in
the game is `apply`'s business. Every refusal names the part of the plan that is wrong.

Every word of the grammar has German forms as well (`hoch`/`runter`, `einsetzen`,
`verlassen oben`/`unten`, `tauschen … gegen …`), and names match in either language
(the board's `de` words).

Grammar (parts separated by ";", at most three):
  move:   <location> up|down <n> | <location> enter [up|down <n>]
          | <location> leave top|bottom | <location> fagin
  steal:  <location> [<colour> ...]   (one colour per ★ on the urchin's level)
          | exchange <colour> <colour> <colour> for <colour>
  lists:  locations or colours separated by "," or spaces
  counts: "3 red, 2 blue" or "red red blue"
"""

import re
from collections.abc import Mapping

from rules.errors import RuleError
from rules.fagins_gang.actions import (
    Direction,
    ExchangeSlot,
    Move,
    MoveStep,
    Side,
    Steal,
    StealSlot,
)
from rules.fagins_gang.board import BOARD, Board
from rules.names import match_name, shown
from rules.numbers import whole_number
from rules.words import Say, said

UP = frozenset({"up", "hoch", "rauf", "herauf", "hinauf", "aufwärts", "nachoben"})
DOWN = frozenset({"down", "runter", "herunter", "hinunter", "abwärts", "nachunten"})
ENTER = frozenset({"enter", "einsetzen", "setzen", "betreten", "rein"})
LEAVE = frozenset({"leave", "verlassen", "raus", "hinaus"})
FAGIN = frozenset({"fagin", "zufagin"})
TOP = frozenset({"top", "oben"})
BOTTOM = frozenset({"bottom", "unten"})
EXCHANGE = frozenset({"exchange", "swap", "trade", "tausch", "tausche", "tauschen"})
FOR = frozenset({"for", "gegen", "für"})
VERBS = UP | DOWN | ENTER | LEAVE | FAGIN
"""Every word that says what to do at a location, in English or German."""
_WORD = re.compile(r"[^\s,]+")


def _check_size(text: str, board: Board, example: str) -> str:
    stripped = " ".join(text.split())
    if not stripped:
        raise RuleError('Write a plan, e.g. "{example}".', example=example)
    if len(text) > board.plan_max_chars:
        raise RuleError(
            "That is too long ({length} characters); a plan has at most {most}.",
            length=len(text),
            most=board.plan_max_chars,
        )
    return stripped


def _parts(text: str, board: Board, example: str) -> list[str]:
    stripped = _check_size(text, board, example)
    parts = [part.strip() for part in stripped.split(";")]
    parts = [part for part in parts if part]
    if not parts:
        raise RuleError('Write a plan, e.g. "{example}".', example=example)
    if len(parts) > board.max_slots:
        raise RuleError(
            'A plan has at most {most} parts separated by ";"; you wrote {count}.',
            most=board.max_slots,
            count=len(parts),
        )
    return parts


def _in_part(part: str, error: RuleError) -> RuleError:
    return _in(part, error.say)


def _in(part: str, why: Say) -> RuleError:
    """A refusal naming the part of the plan it is about."""
    return RuleError('In "{part}": {why}', part=shown(part), why=why)


def _match(typed: str, names: Mapping[str, str], what: str, part: str) -> str:
    try:
        return match_name(typed, names, what)
    except RuleError as error:
        raise _in_part(part, error) from None


def _split_names(words: list[str], names: Mapping[str, str], what: str, part: str) -> list[str]:
    """Group words into names, longest match first, so "pocket watches" or "River Thames"
    count as one name while "red blue" counts as two."""
    found: list[str] = []
    start = 0
    while start < len(words):
        for end in range(len(words), start, -1):
            try:
                found.append(match_name(" ".join(words[start:end]), names, what))
            except RuleError:
                continue
            start = end
            break
        else:
            _match(words[start], names, what, part)  # raises the precise refusal
    return found


def _location_and_rest(words: list[str], board: Board, part: str) -> tuple[str, list[str]]:
    """The location at the start of a part, possibly several words long, and what follows."""
    for end in range(len(words), 0, -1):
        try:
            key = match_name(" ".join(words[:end]), board.location_aliases, "location")
        except RuleError:
            continue
        return key, words[end:]
    key = _match(words[0], board.location_aliases, "location", part)
    return key, words[1:]


def _levels(word: str | None, part: str) -> int:
    number = None if word is None else _number(word, said("levels"), part)
    if number is None or number < 1:
        quoted = said("nothing") if word is None else said("“{typed}”", typed=shown(word))
        raise _in(
            part,
            said("say how many levels (a whole number, at least 1), not {typed}.", typed=quoted),
        )
    return number


def _number(word: str, what: Say, part: str) -> int | None:
    try:
        return whole_number(word, what)
    except RuleError as error:
        raise _in_part(part, error) from None


def _move_step(part: str, board: Board) -> MoveStep:
    words = part.split()
    lowered = [w.casefold() for w in words]
    verb_at = next((i for i, w in enumerate(lowered) if w in VERBS), None)
    if verb_at is None:
        raise _in(
            part,
            said(
                "say what to do at the location: up <n>, down <n>, enter, "
                "leave top, leave bottom or fagin."
            ),
        )
    if verb_at == 0:
        raise _in(part, said('name the location first, e.g. "thames {plan}".', plan=part))
    location = _match(" ".join(words[:verb_at]), board.location_aliases, "location", part)
    verb, rest = lowered[verb_at], lowered[verb_at + 1 :]
    if verb in UP | DOWN:
        if len(rest) > 1:
            raise _in(
                part,
                said(
                    'an urchin moves in one direction only; write "{location} {verb} <n>".',
                    location=words[0],
                    verb=verb,
                ),
            )
        direction: Direction = "up" if verb in UP else "down"
        return MoveStep(
            location=location,
            kind="move",
            direction=direction,
            levels=_levels(rest[0] if rest else None, part),
        )
    if verb in ENTER:
        if not rest:
            return MoveStep(location=location, kind="enter")
        if rest[0] not in UP | DOWN or len(rest) > 2:
            raise _in(
                part,
                said(
                    'after "enter" say up or down and how many more levels, '
                    "or nothing to stay on the start level."
                ),
            )
        way: Direction = "up" if rest[0] in UP else "down"
        return MoveStep(
            location=location,
            kind="enter",
            direction=way,
            levels=_levels(rest[1] if len(rest) > 1 else None, part),
        )
    if verb in LEAVE:
        if len(rest) != 1 or rest[0] not in TOP | BOTTOM:
            raise _in(
                part,
                said(
                    "urchins leave only at the top (past level {top}) or the bottom "
                    '(past level {bottom}): write "leave top" or "leave bottom".',
                    top=board.levels.top,
                    bottom=board.levels.bottom,
                ),
            )
        side: Side = "top" if rest[0] in TOP else "bottom"
        return MoveStep(location=location, kind="leave", side=side)
    if rest:
        raise _in(part, said('"fagin" takes nothing after it.'))
    return MoveStep(location=location, kind="fagin")


def parse_move_plan(text: str, board: Board = BOARD) -> Move:
    """`"thames up 2; stpauls enter up 1; bow fagin"` -> Move."""
    parts = _parts(text, board, "thames up 2; stpauls enter up 1")
    return Move(steps=[_move_step(part, board) for part in parts])


def _steal_slot(part: str, board: Board) -> StealSlot | ExchangeSlot:
    words = part.split()
    if words[0].casefold() in EXCHANGE:
        lowered = [w.casefold() for w in words]
        at = next((i for i, w in enumerate(lowered) if w in FOR), None)
        if at is None:
            raise _in(part, said('write "exchange <colour> <colour> <colour> for <colour>".'))
        give = _split_names(words[1:at], board.colour_aliases, "colour", part)
        take = _split_names(words[at + 1 :], board.colour_aliases, "colour", part)
        if len(give) != board.exchange_give or len(take) != 1:
            raise _in(
                part,
                said(
                    'an exchange gives exactly {give} cubes for 1, e.g. "exchange red red blue '
                    'for purple".',
                    give=board.exchange_give,
                ),
            )
        return ExchangeSlot(give=give, take=take[0])
    location, rest = _location_and_rest(words, board, part)
    colours = _split_names(rest, board.colour_aliases, "colour", part)
    return StealSlot(location=location, colours=colours)


def parse_steal_plan(text: str, board: Board = BOARD) -> Steal:
    """`"thames red blue; exchange red red blue for purple"` -> Steal."""
    parts = _parts(text, board, "thames red blue; exchange red red blue for purple")
    return Steal(slots=[_steal_slot(part, board) for part in parts])


def _words(text: str, board: Board, example: str) -> list[str]:
    stripped = _check_size(text, board, example)
    return _WORD.findall(stripped.replace(";", ","))


def parse_locations(text: str, board: Board = BOARD) -> list[str]:
    """`"thames, chertsey"` or `"River Thames chertsey"` -> ["thames", "chertsey"]."""
    words = _words(text, board, "thames, chertsey")
    return _split_names(words, board.location_aliases, "location", text.strip())


def parse_colours(text: str, board: Board = BOARD) -> list[str]:
    """`"red blue"` or `"handkerchiefs, books"` -> ["red", "blue"]."""
    words = _words(text, board, "red blue")
    return _split_names(words, board.colour_aliases, "colour", text.strip())


def parse_cube_counts(text: str, board: Board = BOARD) -> dict[str, int]:
    """`"3 red, 2 blue"` or `"red red blue"` -> {"red": 3, "blue": 2} (for /discard)."""
    words = _words(text, board, "3 red, 2 blue")
    counts: dict[str, int] = {}
    pending = 1
    names: list[str] = []
    for word in words:
        number = _number(word, said("a count of cubes"), text.strip())
        if number is not None:
            if names:
                _flush(names, pending, counts, board, text)
                names = []
            pending = number
        else:
            names.append(word)
    if names:
        _flush(names, pending, counts, board, text)
    elif words:
        raise _in(text.strip(), said("a number must be followed by a colour."))
    return counts


def _flush(names: list[str], number: int, counts: dict[str, int], board: Board, text: str) -> None:
    colours = _split_names(names, board.colour_aliases, "colour", text.strip())
    counts[colours[0]] = counts.get(colours[0], 0) + number
    for colour in colours[1:]:
        counts[colour] = counts.get(colour, 0) + 1
