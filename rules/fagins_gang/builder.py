"""Plans built by clicking: a draft of a move, steal, shilling theft or discard, written
compactly enough to travel in a button's id, and the choices that may follow it.

Why in the id: a draft that lives only in the button that continues it survives restarts
and needs no table of half-built plans; Discord keeps a button's id to 100 characters, and
a whole three-part plan here is under 30.

Why `apply` decides: every choice offered is checked by applying the draft with that
choice to the position (completed with a choice that works, where one part needs several
clicks), so a builder can only ever offer what the rules accept, and a submitted draft is
an action `apply` has already accepted in this position. `legal.py` lists representative
whole plans; the builder needs every next step, which only `apply` knows exactly.

A draft's text: ``<token>.<kind>.<parts joined by "-">.<focus>``. The token is the game
version the draft was made at (a later version means the table moved on); kinds: "m" move,
"s" steal, "c" shillings, "d" discard. Locations and colours are one character, their
index in the board's ring.
"""

from collections import Counter
from dataclasses import dataclass, replace

from rules.errors import RuleError
from rules.fagins_gang.actions import (
    Action,
    Discard,
    ExchangeSlot,
    Move,
    MoveStep,
    Shillings,
    Steal,
    StealSlot,
)
from rules.fagins_gang.board import BOARD, CHOICE
from rules.fagins_gang.game import RULES
from rules.fagins_gang.state import FaginState, track_level

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
KINDS = ("m", "s", "c", "d")
_MOVE_OPS = {
    "e": ("enter", None, None),
    "p": ("enter", "up", None),
    "q": ("enter", "down", None),
    "u": ("move", "up", None),
    "d": ("move", "down", None),
    "t": ("leave", None, "top"),
    "b": ("leave", None, "bottom"),
    "f": ("fagin", None, None),
}
_SPAN = BOARD.levels.bottom - BOARD.levels.top
_WIDTH = {"m": 3, "c": 1, "d": 1}
"""Parts of one width need no separator (a discard of twenty cubes stays short)."""
_SEPARATOR = {"m": "", "s": "-", "c": "", "d": ""}


class DraftError(ValueError):
    """A draft text that no builder wrote (a forged or garbled button id)."""


@dataclass(frozen=True)
class Draft:
    token: int
    kind: str
    parts: tuple[str, ...] = ()
    focus: str = ""
    """A part being built that needs more clicks: a move's location, a steal's location
    and the ★ colours named so far ("s" + codes), an exchange's cubes given ("x" + codes)."""

    def text(self) -> str:
        return f"{self.token}.{self.kind}.{_SEPARATOR[self.kind].join(self.parts)}.{self.focus}"

    def undone(self) -> "Draft":
        """One click back: the part being built, else the last part."""
        if self.focus:
            return replace(self, focus="")
        return replace(self, parts=self.parts[:-1])


@dataclass(frozen=True)
class Choice:
    """One button of a builder: what it is (for its label) and the draft it leads to."""

    what: str
    """"location", "exchange", "step", "colour", "give", "take"."""
    value: str
    """A location or colour key, or a move step's code."""
    draft: Draft
    paid: tuple[tuple[str, int], ...] = ()
    """For a move step: the cubes it costs (colour, count)."""


def parse(text: str) -> Draft:
    """A draft from its text, refusing anything no builder writes."""
    pieces = text.split(".")
    if len(pieces) != 4 or not pieces[0].isdigit() or pieces[1] not in KINDS:
        raise DraftError(text)
    kind, body = pieces[1], pieces[2]
    if kind in _WIDTH:
        width = _WIDTH[kind]
        if len(body) % width:
            raise DraftError(text)
        parts = tuple(body[i : i + width] for i in range(0, len(body), width))
    else:
        parts = tuple(p for p in body.split("-") if p)
    if any(not set(p) <= set(DIGITS + "x") for p in parts) or not set(pieces[3]) <= set(
        DIGITS + "sx"
    ):
        raise DraftError(text)
    draft = Draft(int(pieces[0]), pieces[1], parts, pieces[3])
    try:
        action_of(replace(draft, focus=""))
    except (IndexError, KeyError, ValueError) as error:
        raise DraftError(text) from error
    return draft


def start(token: int, kind: str) -> Draft:
    return Draft(token, kind)


# -- codes -----------------------------------------------------------------------------------


def _loc(key: str) -> str:
    return DIGITS[BOARD.ring.index(key)]


def _col(key: str) -> str:
    return DIGITS[BOARD.colour_ring.index(key)]


def location_of(code: str) -> str:
    return BOARD.ring[DIGITS.index(code)]


def colour_of(code: str) -> str:
    return BOARD.colour_ring[DIGITS.index(code)]


def step_of(code: str) -> MoveStep:
    """A move step from its three characters: location, kind, levels."""
    if len(code) != 3 or code[1] not in _MOVE_OPS:
        raise ValueError(code)
    kind, direction, side = _MOVE_OPS[code[1]]
    levels = DIGITS.index(code[2])
    fields: dict[str, object] = {"location": location_of(code[0]), "kind": kind}
    if direction is not None:
        fields.update(direction=direction, levels=levels)
    if side is not None:
        fields["side"] = side
    return MoveStep.model_validate(fields)


def _slot_of(code: str) -> StealSlot | ExchangeSlot:
    if code.startswith("x"):
        if len(code) != 5:
            raise ValueError(code)
        return ExchangeSlot(give=[colour_of(c) for c in code[1:4]], take=colour_of(code[4]))
    return StealSlot(location=location_of(code[0]), colours=[colour_of(c) for c in code[1:]])


def action_of(draft: Draft) -> Action | None:
    """The action the draft's finished parts make (None while it has none, or a part is
    still being built)."""
    if draft.focus or not draft.parts:
        return None
    parts = draft.parts
    if draft.kind == "m":
        return Move(steps=[step_of(p) for p in parts])
    if draft.kind == "s":
        return Steal(slots=[_slot_of(p) for p in parts])
    if draft.kind == "c":
        return Shillings(locations=[location_of(p) for p in parts])
    return Discard(cubes=dict(Counter(colour_of(p) for p in parts)))


# -- what apply accepts --------------------------------------------------------------------


def _after(state: FaginState, seat: int, action: Action) -> FaginState | None:
    """The position after the action, or None if the rules refuse it."""
    try:
        return RULES.apply(state, seat, action)[0]
    except RuleError:
        return None


def accepted(state: FaginState, seat: int, draft: Draft) -> bool:
    """The draft can be submitted now: it has parts, none half built, and `apply` takes it."""
    action = action_of(draft)
    return action is not None and _after(state, seat, action) is not None


def _with(draft: Draft, part: str) -> Draft:
    return replace(draft, parts=(*draft.parts, part), focus="")


def _holdings(state: FaginState, seat: int, draft: Draft) -> tuple[dict[str, int], dict[str, int]]:
    """The seat's cubes and the warehouses once the draft's parts are played."""
    action = action_of(replace(draft, focus=""))
    after = state if action is None else _after(state, seat, action)
    assert after is not None, "a draft holds only parts apply accepted"
    return dict(after.cubes[seat]), dict(after.warehouses)


def choices(state: FaginState, seat: int, draft: Draft) -> list[Choice]:
    """Every next click that leaves a draft `apply` accepts (or can finish)."""
    if len(draft.parts) >= BOARD.max_slots and draft.kind != "d":
        return []
    if draft.kind == "m":
        return _move_choices(state, seat, draft)
    if draft.kind == "s":
        return _steal_choices(state, seat, draft)
    if draft.kind == "c":
        return _shilling_choices(state, seat, draft)
    return _discard_choices(state, seat, draft)


def owed(state: FaginState, seat: int) -> int:
    """Cubes the seat must still return for the hand limit."""
    return state.pending_discards.get(seat, 0)


def _step_codes(key: str) -> list[str]:
    loc = _loc(key)
    codes = [loc + "e0", loc + "t0", loc + "b0", loc + "f0"]
    for n in range(1, _SPAN + 1):
        codes += [loc + op + DIGITS[n] for op in "pqud"]
    return codes


def _paid(before: FaginState, after: FaginState, seat: int) -> tuple[tuple[str, int], ...]:
    return tuple(
        (c, before.cubes[seat][c] - after.cubes[seat][c])
        for c in BOARD.colour_ring
        if before.cubes[seat][c] > after.cubes[seat][c]
    )


def _move_choices(state: FaginState, seat: int, draft: Draft) -> list[Choice]:
    if draft.focus:
        key = location_of(draft.focus)
        done = action_of(replace(draft, focus=""))
        base = state if done is None else _after(state, seat, done)
        assert base is not None
        found: list[Choice] = []
        for code in _step_codes(key):
            after = _after(state, seat, _move(draft, code))
            if after is not None:
                paid = _paid(base, after, seat)
                found.append(Choice("step", code, _with(draft, code), paid))
        return found
    return [
        Choice("location", key, replace(draft, focus=_loc(key)))
        for key in BOARD.ring
        if any(_after(state, seat, _move(draft, code)) for code in _step_codes(key))
    ]


def _move(draft: Draft, code: str) -> Move:
    return Move(steps=[step_of(p) for p in (*draft.parts, code)])


def _greedy(stock: dict[str, int], count: int) -> list[str]:
    """`count` colours taken one at a time from the best-stocked pile: a completion that
    works whenever any does (the rules refuse a colour only while another is in stock)."""
    stock = dict(stock)
    picked: list[str] = []
    for _ in range(count):
        best = max(BOARD.colour_ring, key=lambda c: stock.get(c, 0))
        picked.append(best)
        stock[best] = max(0, stock.get(best, 0) - 1)
    return picked


def _stars(state: FaginState, seat: int, key: str) -> int | None:
    level = track_level(state, key, seat)
    if level is None or level > BOARD.levels.bottom:
        return None
    return BOARD.goods_at(key, level).count(CHOICE)


def _steal_ok(state: FaginState, seat: int, draft: Draft, code: str) -> bool:
    parts = [_slot_of(p) for p in (*draft.parts, code)]
    return _after(state, seat, Steal(slots=parts)) is not None


def _steal_choices(state: FaginState, seat: int, draft: Draft) -> list[Choice]:
    held, stock = _holdings(state, seat, draft)
    focus = draft.focus
    if focus.startswith("s"):  # naming the ★ colours at a location
        key, named = location_of(focus[1]), [colour_of(c) for c in focus[2:]]
        stars = _stars(state, seat, key) or 0
        left = dict(stock)
        for colour in named:
            left[colour] = max(0, left[colour] - 1)
        found: list[Choice] = []
        for colour in BOARD.colour_ring:
            after = dict(left)
            after[colour] = max(0, after[colour] - 1)
            rest = _greedy(after, stars - len(named) - 1)
            code = _loc(key) + "".join(_col(c) for c in [*named, colour, *rest])
            if not _steal_ok(state, seat, draft, code):
                continue
            if len(named) + 1 == stars:
                found.append(Choice("colour", colour, _with(draft, code)))
            else:
                found.append(Choice("colour", colour, replace(draft, focus=focus + _col(colour))))
        return found
    if focus.startswith("x"):  # an exchange: three cubes given, then one taken
        given = [colour_of(c) for c in focus[1:]]
        found = []
        if len(given) == BOARD.exchange_give:
            for colour in BOARD.colour_ring:
                code = "x" + "".join(_col(c) for c in given) + _col(colour)
                if _steal_ok(state, seat, draft, code):
                    found.append(Choice("take", colour, _with(draft, code)))
            return found
        for colour in BOARD.colour_ring:
            kept = Counter(held) - Counter([*given, colour])
            if held[colour] - given.count(colour) < 1:
                continue
            more = _greedy(dict(kept), BOARD.exchange_give - len(given) - 1)
            code = "x" + "".join(_col(c) for c in [*given, colour, *more]) + _col(colour)
            if _steal_ok(state, seat, draft, code):
                found.append(Choice("give", colour, replace(draft, focus=focus + _col(colour))))
        return found
    found = []
    for key in BOARD.ring:
        at = _stars(state, seat, key)
        if at is None:
            continue
        stars = at
        code = _loc(key) + "".join(_col(c) for c in _greedy(stock, stars))
        if not _steal_ok(state, seat, draft, code):
            continue
        if stars:
            found.append(Choice("location", key, replace(draft, focus="s" + _loc(key))))
        else:
            found.append(Choice("location", key, _with(draft, code)))
    if sum(held.values()) >= BOARD.exchange_give:
        gives = _greedy(held, BOARD.exchange_give)
        code = "x" + "".join(_col(c) for c in gives) + _col(gives[0])
        if _steal_ok(state, seat, draft, code):
            found.append(Choice("exchange", "", replace(draft, focus="x")))
    return found


def _shilling_choices(state: FaginState, seat: int, draft: Draft) -> list[Choice]:
    named = [location_of(p) for p in draft.parts]
    return [
        Choice("location", key, _with(draft, _loc(key)))
        for key in BOARD.ring
        if _after(state, seat, Shillings(locations=[*named, key])) is not None
    ]


def _discard_choices(state: FaginState, seat: int, draft: Draft) -> list[Choice]:
    due = owed(state, seat)
    chosen = [colour_of(p) for p in draft.parts]
    if len(chosen) >= due:
        return []
    held = Counter(state.cubes[seat])
    found: list[Choice] = []
    for colour in BOARD.colour_ring:
        if held[colour] - chosen.count(colour) < 1:
            continue
        rest = held - Counter([*chosen, colour])
        whole = [*chosen, colour, *_greedy(dict(rest), due - len(chosen) - 1)]
        if _after(state, seat, Discard(cubes=dict(Counter(whole)))) is not None:
            found.append(Choice("colour", colour, _with(draft, _col(colour))))
    return found


def paid(state: FaginState, seat: int, draft: Draft) -> dict[str, int]:
    """What the draft's parts cost the seat in cubes (a move's price, cubes given)."""
    action = action_of(replace(draft, focus=""))
    if action is None or draft.kind != "m":
        return {}
    after = _after(state, seat, action)
    return {} if after is None else dict(_paid(state, after, seat))


def moved_on() -> RuleError:
    """The refusal of a click made for a position the game has left."""
    return RuleError(
        "The table moved on since this was opened; nothing changed. "
        "Use the buttons of the table message again."
    )


def token_for(state: FaginState, version: int, kind: str) -> int:
    """What a new draft of `kind` is tied to: the game version, except for a discard,
    which is tied to its round — the others' discards, made meanwhile, change nothing
    that a seat's own discard depends on."""
    return state.round if kind == "d" else version


def check(state: FaginState, seat: int, version: int, draft: Draft) -> None:
    """Refuse a click the position no longer fits (another move landed since the draft
    was made) or that is not the seat's to make; `apply` checks the rest."""
    if draft.token != token_for(state, version, draft.kind):
        raise moved_on()
    wanted = "discard" if draft.kind == "d" else "actions"
    if state.phase != wanted or seat not in RULES.waiting_on(state):
        raise RuleError("It is not your turn to do that now.")
