"""Saying a move: its one public message, the ➡️ line of whose turn it is, and the step's
table message brought up to date (see bot.edge.live for how that message is kept)."""

from collections.abc import Callable
from functools import partial

from bot.i18n import _
from bot.messages import TABLE, Live, Message, Outcome
from bot.render.charts import with_chart
from bot.render.generic import LOBBY, lobby_message
from bot.render.presenters import Presenter
from bot.service.runtime.engine import Engine
from bot.table import Table
from bot.timing import stamp


def publish(
    engine: Engine,
    table: Table,
    outcome: Outcome,
    *,
    quiet: set[int] | None = None,
    lead: str = "",
    closing: str = "",
) -> Outcome:
    """Turn a presenter's lines into the move's one public message, end it with whose
    turn it is (pinging only who must act now), add the end of the game if it ended,
    and bring the step's table message up to date. `quiet`: users not to ping (None:
    nobody is pinged)."""
    with table.public_voice():
        return _publish(engine, table, outcome, quiet, lead, closing)


def _publish(
    engine: Engine, table: Table, outcome: Outcome, quiet: set[int] | None, lead: str, closing: str
) -> Outcome:
    game, state = table.game, table.state
    presenter = engine.presenter(game.kind)
    lines = ([lead] if lead else []) + [line for line in outcome.lines if line]
    messages = ([Message(content="\n".join(lines))] if lines else []) + outcome.public
    if game.status == "finished":
        messages += with_chart(table, presenter.finished(table), engine.store.actions(game.id))
    elif messages and game.status == "active" and state is not None:
        text, mentions = next_line(engine, table, set() if quiet is None else quiet)
        if text:
            last = messages[-1]
            last.content = f"{last.content}\n{text}" if last.content else text
            last.mentions = [*last.mentions, *(mentions if quiet is not None else [])]
    outcome.lines = []
    outcome.public = messages
    outcome.channel_id = game.channel_id
    outcome.live.append(table_message(engine, table, closing))
    return outcome


def next_line(engine: Engine, table: Table, quiet: set[int]) -> tuple[str, list[int]]:
    """“➡️ @x to bid or pass — due in 3 hours.” and who it pings: seats the game waits
    on, except autopilot seats (named, never pinged) and the `quiet` users."""
    waiting = table.rules.waiting_on(table.state)
    if not waiting:
        return "", []
    who: list[str] = []
    pinged: list[int] = []
    for seat in waiting:
        if not table.human(seat):
            away = table.seats[seat].autopilot
            who.append(
                _("**{name}** (autopilot)").format(name=table.name(seat))
                if away
                else f"**{table.name(seat)}**"
            )
            continue
        who.append(table.mention(seat))
        if table.user_id(seat) not in quiet:
            pinged.append(table.user_id(seat))
    game = table.game
    verb = engine.presenter(game.kind).waiting(table)
    people = any(table.human(seat) for seat in waiting)  # an AI's pace is no deadline
    if game.deadline and not game.paused_at and people:
        text = _("➡️ {who} {verb} — due {when}.").format(
            who=", ".join(who), verb=verb, when=stamp(game.deadline)
        )
    else:
        text = _("➡️ {who} {verb}.").format(who=", ".join(who), verb=verb)
    return text, pinged


def table_message(engine: Engine, table: Table, closing: str = "") -> Live:
    """The step's table message as the game stands (step None when none is open)."""
    game = table.game
    presenter = engine.presenter(game.kind)
    step: str | None = None
    message: Message | None = None
    draw: Callable[[], Message] | None = None
    with table.public_voice():
        if game.status == "lobby":
            step, message = LOBBY, lobby_message(table)
        elif game.status == "active" and table.state is not None:
            step = presenter.step(table)
            if step is not None:
                # Drawn at delivery, for the state shown (a burst shows one of many).
                draw = partial(_live, presenter, table)
        note = closing or _("✔️ Over; the game goes on below.")
    return Live(game.id, TABLE, game.version, step, message, closing=note, draw=draw)


def _live(presenter: Presenter, table: Table) -> Message:
    """The step's picture, in the table's language, its first line saying who the table
    waits on and what they do (the line above the embed's title): a player who scrolls
    to the table sees at once whether it is their turn and how to act."""
    with table.public_voice():
        message = presenter.live(table)
        waiting = table.rules.waiting_on(table.state)
        if waiting and message.embeds and not message.embeds[0].author.name:
            who = ", ".join(table.name(seat) for seat in waiting)
            verb = presenter.waiting(table).replace("`", "")  # no code spans there
            message.embeds[0].set_author(name=f"⏳ {who} {verb}")
        return message
