"""Rendering every game shares: event lines, turn pings, the lobby card, the log.

A game's presenter builds on these and adds its own embeds, buttons and pictures.
"""

from collections.abc import Iterable, Sequence
from typing import Any

import discord

from bot.messages import Message, Outcome, Private
from bot.table import Table
from rules.events import Event

COLOUR = discord.Colour.from_rgb(139, 90, 43)
MAX_CONTENT = 1900


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


def waiting_line(table: Table, seats: Sequence[int], verb: str = "to act") -> tuple[str, list[int]]:
    """“Next: @x to act” with the people pinged, or "" when nobody owes anything."""
    if not seats:
        return "", []
    who = ", ".join(table.mention(seat) for seat in seats)
    return f"➡️ {who} {verb}.", [table.user_id(seat) for seat in seats]


def lobby_embed(table: Table, title: str) -> discord.Embed:
    rules = table.rules
    embed = discord.Embed(title=f"{rules.title} — {title}", colour=COLOUR)
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
    shown = {key: value for key, value in options.items() if value not in (None, False)}
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


class EventPresenter:
    """A complete presenter for any game: event lines, turn pings and status text.

    Game presenters subclass it to add embeds, buttons and pictures.
    """

    fallback = "`/game status`"

    def started(self, table: Table, events: list[Event]) -> Outcome:
        lines = [f"🎲 **{table.rules.title}** begins!", *event_lines(table, events)]
        return self._announce(table, lines, events)

    def after_action(
        self, table: Table, before: Any, seat: int, action: Any, events: list[Event]
    ) -> Outcome:
        return self._announce(table, event_lines(table, events), events)

    def status(self, table: Table, viewer: int | None) -> Outcome:
        view = table.rules.view(table.state, None)
        text = clip(
            f"**{table.rules.title}** — public state:\n```json\n{view.model_dump_json()}```"
        )
        return Outcome(public=[Message(content=text)])

    def describe(self, table: Table, action: dict[str, Any]) -> str:
        return describe_action(action)

    def _announce(self, table: Table, lines: list[str], events: list[Event]) -> Outcome:
        outcome = table.rules.outcome(table.state)
        mentions: list[int] = []
        if outcome is None:
            line, mentions = waiting_line(table, table.rules.waiting_on(table.state))
            if line:
                lines.append(line)
        else:
            winners = ", ".join(table.mention(seat) for seat in outcome.winners)
            lines.append(
                f"🏆 Game over — {winners} {'wins' if len(outcome.winners) == 1 else 'win'}!"
            )
        return Outcome(
            public=[Message(content=clip("\n".join(lines)), mentions=mentions)],
            private=private_events(table, events, self.fallback),
        )
