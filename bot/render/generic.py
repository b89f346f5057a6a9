"""Rendering every game shares: event lines, the lobby card, the log, the end.

A game's presenter builds on these and adds its own embeds, buttons and pictures.
"""

from collections.abc import Iterable
from typing import Any

import discord

from bot import limits
from bot.i18n import LANGUAGE_NAMES, N_, _, n_, slash
from bot.messages import ButtonSpec, Live, Message, Outcome, Private, SelectOption, SelectSpec
from bot.store import GameRow
from bot.table import Table
from rules.events import Event

COLOUR = discord.Colour.from_rgb(139, 90, 43)
MAX_CONTENT = 1900
LOBBY = "lobby"
JOIN = "lobby-join"
LEAVE = "lobby-leave"
START = "lobby-start"
ADD_AI = "lobby-ai"
AI_LEVELS = (
    ("random", N_("Random"), N_("Plays any legal move: for trying the rules")),
    ("standard", N_("Standard"), N_("Plays sensibly and quickly")),
    ("strong", N_("Strong"), N_("Searches ahead: a real opponent")),
)
"""The levels `/game addbot` offers, as the lobby's menu shows them."""
"""The step key of a table that has not started."""


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    """Discord refuses long messages; a clipped line beats a failed send (cut between
    whole graphemes, `bot.limits.clip`)."""
    return limits.clip(text, limit)


def _sentence(table: Table, event: Event) -> str:
    return table.said(event.say) if event.say is not None else table.named(event.text)


def event_lines(table: Table, events: Iterable[Event]) -> list[str]:
    """The public events in the language being spoken (the channel's: the caller's
    `table.public_voice()`)."""
    return [_sentence(table, event) for event in events if event.public]


def private_events(table: Table, events: Iterable[Event], fallback: str) -> list[Private]:
    """Each seat's private events, in that seat's player's language."""
    by_seat: dict[int, list[str]] = {}
    for event in events:
        if event.seat is not None:
            with table.voice_of(event.seat):
                by_seat.setdefault(event.seat, []).append(_sentence(table, event))
    return [
        Private(table.user_id(seat), Message(content=clip("\n".join(lines))), fallback=fallback)
        for seat, lines in sorted(by_seat.items())
    ]


def channel_link(game: GameRow) -> str:
    """The game's channel as a mention, also in DMs: a Discord client shows a `<#id>`
    mention as the channel's name ("#table", a link to it) wherever its reader can see
    that channel, while a URL shows as a raw address."""
    return f"<#{game.channel_id}>"


OPTION_NAMES = {
    "turns": N_("turns"),
    "low_prices": N_("low prices"),
    "sole_lowest_bonus": N_("sole lowest bonus"),
    "round_limit": N_("round limit"),
    "fagin_target": N_("fagin target"),
    "hints": N_("coach hints (`/hint`)"),
}
"""The game options as the lobby lists them (others by their key)."""
HIDDEN_OPTIONS = {"first_seat", "language", "ai_seed", "age_order", "edition"}
"""Options the lobby's option list leaves out: the language has a field of its own; the
rest are the bot's bookkeeping (the edition says which generator and wheel ring a game
replays with), not choices a player made."""


def language_name(code: str) -> str:
    return LANGUAGE_NAMES.get(code, LANGUAGE_NAMES["en"])


def language_line(table: Table) -> str:
    """The table's language as `/game status` shows it for a running game."""
    return _("🗣️ Language: {language}").format(language=language_name(table.language))


def lobby_embed(table: Table) -> discord.Embed:
    """The lobby card, in the language being spoken (the channel's when posted there)."""
    rules = table.rules
    embed = discord.Embed(title=_("{title} — table open").format(title=rules.title), colour=COLOUR)
    host = _(" (host)")
    players = "\n".join(
        f"{i + 1}. {seat.display_name}" + (host if seat.user_id == table.game.host_id else "")
        for i, seat in enumerate(table.seats)
    )
    name = _("Players ({seated}/{least}–{most})").format(
        seated=len(table.seats), least=rules.min_players, most=rules.max_players
    )
    embed.add_field(name=name, value=players or _("nobody yet"), inline=False)
    embed.add_field(name=_("Language"), value=language_name(table.language), inline=False)
    options = describe_options(table.game.options)
    if options:
        embed.add_field(name=_("Options"), value=options, inline=False)
    embed.set_footer(
        text=_("Join below or {join} to sit down · the host starts with Start or {start}").format(
            join=slash("game join"), start=slash("game start")
        )
    )
    return embed


def lobby_message(table: Table) -> Message:
    """The lobby card with its controls: Join, Leave, Start (the host's: the service
    refuses anyone else, as for `/game start`) and a menu to seat an AI player, each
    click the same command as typed."""
    game_id = table.game.id
    levels = tuple(
        SelectOption(_(label), key, _(description)) for key, label, description in AI_LEVELS
    )
    return Message(
        embeds=[lobby_embed(table)],
        buttons=[
            ButtonSpec(_("Join"), JOIN, game_id, style="success"),
            ButtonSpec(_("Leave"), LEAVE, game_id),
            ButtonSpec(_("Start"), START, game_id, style="primary"),
        ],
        selects=[SelectSpec(ADD_AI, game_id, levels, placeholder=_("Add an AI player…"))],
    )


def describe_options(options: dict[str, Any]) -> str:
    shown = {
        key: value
        for key, value in options.items()
        if value not in (None, False) and key not in HIDDEN_OPTIONS
    }
    parts = []
    for key, value in sorted(shown.items()):
        name = _(OPTION_NAMES[key]) if key in OPTION_NAMES else key.replace("_", " ")
        shown_value = _("on") if value is True else value
        parts.append(f"{name}: {shown_value}")
    return ", ".join(parts)


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
    selects = [select for m in messages for select in m.selects]
    return Message(content=content, embeds=embeds, files=files, buttons=buttons, selects=selects)


def winners_text(table: Table, winners: list[int]) -> str:
    names = [f"**{table.name(seat)}**" for seat in winners]
    together = names[0] if names else ""
    for name in names[1:]:
        together = _("{names} and {name}").format(names=together, name=name)
    return n_("{names} wins", "{names} share the win", len(winners)).format(names=together)


class EventPresenter:
    """A complete presenter for any game: event lines, status text and the end.

    Game presenters subclass it to add embeds, buttons, pictures and a table message.
    """

    fallback = "`/game status`"

    def started(self, table: Table, events: list[Event]) -> Outcome:
        with table.public_voice():
            begins = _("🎲 **{title}** begins!").format(title=table.rules.title)
            lines = [begins, *event_lines(table, events)]
        return Outcome(lines=lines, private=private_events(table, events, self.fallback))

    def after_action(
        self, table: Table, before: Any, seat: int, action: Any, events: list[Event]
    ) -> Outcome:
        with table.public_voice():
            said = " ".join(event_lines(table, events))
        return Outcome(
            lines=[said] if said else [], private=private_events(table, events, self.fallback)
        )

    def waiting(self, table: Table) -> str:
        return _("to act")

    def step(self, table: Table) -> str | None:
        return None

    def live(self, table: Table) -> Message:
        return Message()

    def closing_note(self, step: str, table: Table) -> str:
        return _("✔️ This step is over; the game goes on below.")

    def kept(self, table: Table) -> list[Live]:
        return []

    def private_live(self, table: Table, slot: str, seat: int) -> tuple[str, Message] | None:
        return None

    def finished(self, table: Table) -> list[Message]:
        outcome = table.rules.outcome(table.state)
        assert outcome is not None
        winners = winners_text(table, outcome.winners)
        return [Message(content=_("🏆 Game over — {winners}!").format(winners=winners))]

    def status(self, table: Table, viewer: int | None) -> Outcome:
        view = table.rules.view(table.state, None)
        head = _("**{title}** — public state:").format(title=table.rules.title)
        text = clip(f"{head}\n```json\n{view.model_dump_json()}```")
        return Outcome(public=[Message(content=text)])

    def finishing_order(self, table: Table) -> list[int]:
        """The seats in finishing order: the winners, then by score."""
        outcome = table.rules.outcome(table.state)
        if outcome is None:
            return list(range(len(table.seats)))
        return sorted(
            range(len(table.seats)),
            key=lambda s: (s not in outcome.winners, -outcome.scores.get(s, 0), s),
        )

    def describe(self, table: Table, action: dict[str, Any], before: Any = None) -> str:
        return describe_action(action)
