"""A game told move by move: `/game log`, `/game show` and the log file it attaches.

Each logged move is one line telling what the channel was told when it was played: its
public events, in the same sentences, so every line names who did what to which card or
place for how much (the card designated, the buyer and the price, each seat's income,
what a special card did, the places and levels of a Fagin's Gang move, every trade), and
nothing secret (a price set in secret is told without the price). The round's or turn's
end and its start are lines of their own, under a header per turn or round. A take-back
says in words whose move it took back ("bob took back their bid of 7 gold"), and the moves
it took back stay in the log, struck through.

The lines are read from the log replayed (`bot.replay`), whose moves carry their events;
a log that does not replay (a position set up by hand) is told from its actions alone.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.i18n import ENGLISH, N_, _, speaking
from bot.render.fg_words import ICONS, constables_line
from bot.render.presenters import PRESENTERS
from bot.replay import Move, Replayed, is_undo, replay
from bot.store import ActionRow
from bot.table import Table
from rules.errors import RuleError
from rules.events import Event

PROMPTS = frozenset({"awaiting_designation"})
"""Events that only ask for the next move (the next line says what it was)."""
HEADERS = frozenset({"turn_started", "round_started"})
"""Events that begin a turn (Fantasy Business) or a round (Fagin's Gang)."""
OWN_LINE = frozenset(
    {
        *HEADERS,
        "pricing_started",
        "sheets_revealed",
        "income_paid",
        "first_buyer_passed",
        "game_over",
        "constable_patrol",
        "wheel_turned",
        "hand_limit",
        "game_won",
    }
)
"""Events told on a line of their own: what a move set off for everyone (a reveal, the
income, the constables' walk, the wheel), not the move itself."""
PATROL = "constable_patrol"
WALKS = frozenset({PATROL, "constable_placed"})
"""The constables' walks, told on one line (as the channel tells them)."""
POSTS = N_("The constables take their posts")
NUMBER = re.compile(r"^` *\d+` ")
"""A line's seq, as `_numbered` writes it."""


@dataclass
class _Entry:
    """One logged row: its lines (the first carries the seq), and the header before it."""

    seq: int | None
    lines: list[str] = field(default_factory=list)
    header: str | None = None


def log_lines(table: Table, rows: Sequence[ActionRow], count: int | None = None) -> list[str]:
    """The log's lines, in the language being spoken: every row of `rows` (the game's
    whole log), or its newest `count` rows under the header of the turn they are in."""
    replayed = _replayed(table, rows)
    entries = _entries(table, rows, replayed)
    if count is not None:
        kept = [entry for entry in entries if entry.seq is not None]
        first = kept[-count] if len(kept) >= count else (kept[0] if kept else None)
        if first is not None:
            start = entries.index(first)
            header = next((e.header for e in reversed(entries[: start + 1]) if e.header), None)
            entries = entries[start:]
            if header is not None and entries[0].header is None:
                entries[0].header = header
    lines: list[str] = []
    for entry in entries:
        if entry.header:
            lines.append(entry.header)
        lines += entry.lines
    return lines


def took_back(
    table: Table, actor_seat: int | None, moves: Sequence[Move], name: str | None = None
) -> str:
    """A take-back in words: "↩️ **bob** took back their bid of 7 gold." (`name`: who
    took it back, when they have no seat or are known by another name)."""
    words = move_words(table, moves)
    if name is None and actor_seat is not None:
        name = table.name(actor_seat)
    who = f"**{name}**" if name is not None else _("A moderator")
    mover = moves[0].seat if moves else None
    if mover is not None and mover == actor_seat:
        return _("↩️ {who} took back their {move}.").format(who=who, move=words)
    player = f"**{table.name(mover)}**" if mover is not None else _("the bot")
    return _("↩️ {who} took back {player}'s {move}.").format(who=who, player=player, move=words)


def plain_took_back(table: Table, actor_seat: int | None, moves: Sequence[Move]) -> str:
    """A take-back in English words without Discord's markup, for the export's record."""
    with speaking(ENGLISH):
        said = took_back(table, actor_seat, moves)
    return said.removeprefix("↩️ ").replace("**", "")


def move_words(table: Table, moves: Sequence[Move]) -> str:
    """The moves of one command in a few words each ("bid of 7 gold; pass")."""
    presenter = PRESENTERS.get(table.game.kind)
    if presenter is None:
        return "; ".join(str(dict(move.action)) for move in moves)
    return "; ".join(presenter.describe(table, dict(move.action), move.before) for move in moves)


def _replayed(table: Table, rows: Sequence[ActionRow]) -> Replayed | None:
    game = table.game
    try:
        replayed = replay(table.rules, len(table.seats), game.options, game.seed, rows)
    except (RuleError, ValueError, KeyError, AssertionError):
        return None  # a log the rules do not accept
    if game.state is not None and table.rules.dump_state(replayed.state) != game.state:
        return None  # a position set up by hand: its log does not lead to it
    return replayed


def _entries(table: Table, rows: Sequence[ActionRow], replayed: Replayed | None) -> list[_Entry]:
    moves: dict[int, Move] = {}
    taken_back: set[int] = set()
    entries: list[_Entry] = []
    if replayed is not None:
        moves = {move.seq: move for move in [*replayed.moves, *replayed.undone]}
        taken_back = {move.seq for move in replayed.undone}
        opening = _Entry(None, header=_header(table, 1))
        entries += _tell(
            table, opening, [e for e in replayed.setup_events if e.public], first=False
        )
    counting: list[int] = []
    for row in rows:
        entry = _Entry(row.seq)
        more: list[_Entry] = []
        if is_undo(row.action):
            back_to = int(row.action["back_to"])
            cancelled = [moves[seq] for seq in counting if seq >= back_to and seq in moves]
            counting = [seq for seq in counting if seq < back_to]
            entry.lines.append(_numbered(row.seq, took_back(table, row.seat, cancelled)))
        else:
            counting.append(row.seq)
            move = moves.get(row.seq)
            if move is None:
                entry.lines.append(_numbered(row.seq, _action_line(table, row)))
            else:
                more = _tell(table, entry, [e for e in move.events if e.public], first=True)[1:]
                if not entry.lines:
                    entry.lines.append(_numbered(row.seq, _action_line(table, row, move)))
            if row.seq in taken_back:
                entry.lines[0] = _numbered(
                    row.seq,
                    _("{move} (taken back)").format(move=f"~~{_unnumbered(entry.lines[0])}~~"),
                )
        entries += [entry, *more]
    return entries


def _tell(table: Table, entry: _Entry, events: list[Event], *, first: bool) -> list[_Entry]:
    """A move's public events as lines: the move itself on the numbered line, each event
    it set off for everyone on a line of its own (the constables' walk as one), and a
    turn or round it began under its own header (a new entry)."""
    entries = [entry]
    current: list[str] = []
    walks: list[Event] = []
    bumped: list[str] = []
    """Urchins the walking constables bumped: told after the walk, as the channel does."""

    def flush() -> None:
        if walks:
            what = _("the constables patrol") if walks[0].kind == PATROL else _(POSTS)
            current.append(constables_line(walks, what))
            walks.clear()
            if bumped:
                flush()
                current.extend(bumped)
                bumped.clear()
        if current:
            text = " ".join(current)
            last = entries[-1]
            numbered = first and last is entry and not entry.lines and entry.seq is not None
            last.lines.append(_numbered(entry.seq, text) if numbered else text)
            current.clear()

    for event in events:
        if event.kind in PROMPTS:
            continue
        if event.kind in WALKS:
            if walks and walks[0].kind != event.kind:
                flush()
            if not walks:
                flush()
            walks.append(event)
            continue
        if walks and event.kind == "urchin_bumped":
            bumped.append(_sentence(table, event))
            continue
        if event.kind in OWN_LINE or walks:
            flush()
        if event.kind in HEADERS:
            number = event.data.get("turn", event.data.get("round"))
            heading = _header(table, int(number)) if isinstance(number, int) else None
            if heading is not None and heading != entries[-1].header:
                if entries[-1].lines or entries[-1].header:
                    entries.append(_Entry(None, header=heading))
                else:
                    entries[-1].header = heading
        current.append(_sentence(table, event))
        if event.kind in OWN_LINE:
            flush()
    flush()
    return entries


def _sentence(table: Table, event: Event) -> str:
    text = table.said(event.say) if event.say is not None else table.named(event.text)
    icon = ICONS.get(event.kind) if table.game.kind == "fagins-gang" else None
    return f"{icon} {text}" if icon else text


def _header(table: Table, number: int) -> str:
    if table.game.kind == "fantasy-business":
        return "**" + _("── Turn {n} ──").format(n=number) + "**"
    return "**" + _("── Round {n} ──").format(n=number) + "**"


def _action_line(table: Table, row: ActionRow, move: Move | None = None) -> str:
    """A move that told the channel nothing (a secret price), or one the log cannot
    replay: who, and the move in a few words."""
    presenter = PRESENTERS.get(table.game.kind)
    who = f"**{table.name(row.seat)}**" if row.seat is not None else _("the bot")
    if presenter is None:
        return f"{who}: {row.action}"
    before = move.before if move is not None else None
    return _("{who}: {move}").format(who=who, move=presenter.describe(table, row.action, before))


def _numbered(seq: int | None, text: str) -> str:
    return f"`{seq:>4}` {text}" if seq is not None else text


def _unnumbered(line: str) -> str:
    return NUMBER.sub("", line, count=1)
