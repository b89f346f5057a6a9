"""Rendering every game shares: event lines, the lobby card, the log, the end.

A game's presenter builds on these and adds its own embeds, buttons and pictures.
"""

from collections.abc import Iterable
from typing import Any

import discord

from bot.messages import Live, Message, Outcome, Private
from bot.store import GameRow
from bot.table import Table
from rules.events import Event

COLOUR = discord.Colour.from_rgb(139, 90, 43)
MAX_CONTENT = 1900
LOBBY = "lobby"
"""The step key of a table that has not started."""


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    """Discord refuses long messages; a clipped line beats a failed send."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def event_lines(table: Table, events: Iterable[Event]) -> list[str]:
    return [table.named(event.text) for event in events if event.public]


def private_events(table: Table, events: Iterable[Event], fallback: str) -> list[Private]:
    by_seat: dict[int, list[str]] = {}
    for event in events:
        if event.seat is not None:
            by_seat.setdefault(event.seat, []).append(table.named(event.text))
    return [
        Private(table.user_id(seat), Message(content=clip("\n".join(lines))), fallback=fallback)
        for seat, lines in sorted(by_seat.items())
    ]


def channel_link(game: GameRow) -> str:
    """The game's channel as a link that works in DMs too (a `<#id>` mention shows as a
    raw number outside its server)."""
    if game.guild_id is None:
        return f"<#{game.channel_id}>"
    return f"https://discord.com/channels/{game.guild_id}/{game.channel_id}"


def lobby_embed(table: Table) -> discord.Embed:
    rules = table.rules
    embed = discord.Embed(title=f"{rules.title} — table open", colour=COLOUR)
    players = "\n".join(
        f"{i + 1}. {seat.display_name}" + (" (host)" if seat.user_id == table.game.host_id else "")
        for i, seat in enumerate(table.seats)
    )
    embed.add_field(
        name=f"Players ({len(table.seats)}/{rules.min_players}–{rules.max_players})",
        value=players or "nobody yet",
        inline=False,
    )
    options = describe_options(table.game.options)
    if options:
        embed.add_field(name="Options", value=options, inline=False)
    embed.set_footer(text="/game join to sit down · the host starts with /game start")
    return embed


def describe_options(options: dict[str, Any]) -> str:
    shown = {
        key: value
        for key, value in options.items()
        if value not in (None, False) and key != "first_seat"
    }
    return ", ".join(
        f"{key.replace('_', ' ')}: {'on' if value is True else value}"
        for key, value in sorted(shown.items())
    )


def describe_action(action: dict[str, Any]) -> str:
    """A compact, readable form of a logged action for `/game log`."""
    kind = str(action.get("type", "action")).replace("_", " ")
    details = ", ".join(
        f"{key}={value}"
        for key, value in action.items()
        if key != "type" and value not in (None, [])
    )
    return f"{kind} ({details})" if details else kind


def joined(messages: list[Message]) -> Message:
    """Several messages as one (a private answer can only be one message)."""
    content = "\n".join(m.content for m in messages if m.content)
    embeds = [embed for m in messages for embed in m.embeds]
    files = [file for m in messages for file in m.files]
    buttons = [button for m in messages for button in m.buttons]
    return Message(content=content, embeds=embeds, files=files, buttons=buttons)


def winners_text(table: Table, winners: list[int]) -> str:
    names = " and ".join(f"**{table.name(seat)}**" for seat in winners)
    return f"{names} {'wins' if len(winners) == 1 else 'share the win'}"


class EventPresenter:
    """A complete presenter for any game: event lines, status text and the end.

    Game presenters subclass it to add embeds, buttons, pictures and a table message.
    """

    fallback = "`/game status`"

    def started(self, table: Table, events: list[Event]) -> Outcome:
        lines = [f"🎲 **{table.rules.title}** begins!", *event_lines(table, events)]
        return Outcome(lines=lines, private=private_events(table, events, self.fallback))

    def after_action(
        self, table: Table, before: Any, seat: int, action: Any, events: list[Event]
    ) -> Outcome:
        said = " ".join(event_lines(table, events))
        return Outcome(
            lines=[said] if said else [], private=private_events(table, events, self.fallback)
        )

    def waiting(self, table: Table) -> str:
        return "to act"

    def step(self, table: Table) -> str | None:
        return None

    def live(self, table: Table) -> Message:
        return Message()

    def closing_note(self, step: str, table: Table) -> str:
        return "✔️ This step is over; the game goes on below."

    def kept(self, table: Table) -> list[Live]:
        return []

    def finished(self, table: Table) -> list[Message]:
        outcome = table.rules.outcome(table.state)
        assert outcome is not None
        return [Message(content=f"🏆 Game over — {winners_text(table, outcome.winners)}!")]

    def status(self, table: Table, viewer: int | None) -> Outcome:
        view = table.rules.view(table.state, None)
        text = clip(
            f"**{table.rules.title}** — public state:\n```json\n{view.model_dump_json()}```"
        )
        return Outcome(public=[Message(content=text)])

    def describe(self, table: Table, action: dict[str, Any]) -> str:
        return describe_action(action)
