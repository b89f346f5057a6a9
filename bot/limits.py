"""Discord's size limits, applied to every message on its way out.

Discord refuses (HTTP 400) a message whose content, embeds or components are too long;
the player would then see a failure instead of the answer. Every message passes through
`fit` at delivery, so no builder can produce one Discord refuses, whatever a player
typed or however long a game's texts grow. Cutting is the last resort: builders keep
their texts short; this only guarantees the send.
"""

from dataclasses import replace

import discord

from bot.i18n import _
from bot.messages import ButtonSpec, Message, SelectOption, SelectSpec
from rules.graphemes import grapheme_cut

CONTENT = 2000
EMBEDS = 10
EMBED_TOTAL = 6000
TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
BUTTONS = 25
BUTTON_LABEL = 80
ROWS = 5
"""Action rows a message may have; a select menu fills one."""
BUTTONS_A_ROW = 5
SELECT_OPTIONS = 25
OPTION_TEXT = 100
"""An option's label, value and description; a select's placeholder is 150."""
PLACEHOLDER = 150
QUOTE = 60
FILE_BYTES = 10 * 1024 * 1024
"""The largest file a bot may attach in a server without boosts."""
"""How much of a player's own text a reply repeats back."""

ELLIPSIS = "…"


def clip(text: str, limit: int) -> str:
    """`text` within `limit` characters: cut with "…" between two whole graphemes, so
    an emoji sequence or an accented letter is never shown half."""
    if len(text) <= limit:
        return text
    return text[: grapheme_cut(text, limit - 1)] + ELLIPSIS


def quote(typed: str, limit: int = QUOTE) -> str:
    """A player's text as a reply repeats it: one line, and short."""
    return clip(" ".join(typed.split()), limit)


def fit(message: Message) -> Message:
    """The same message within every limit Discord enforces."""
    message.content = clip(message.content, CONTENT)
    embeds = [fit_embed(embed) for embed in message.embeds[:EMBEDS]]
    budget = EMBED_TOTAL
    kept: list[discord.Embed] = []
    for embed in embeds:
        if budget <= len(embed.title or "") + 1:
            break
        shrink_embed(embed, budget)
        budget -= len(embed)
        kept.append(embed)
    message.embeds = kept
    message.buttons = [fit_button(spec) for spec in message.buttons[:BUTTONS]]
    rows_of_buttons = -(-len(message.buttons) // BUTTONS_A_ROW)
    message.selects = [fit_select(spec) for spec in message.selects][
        : max(0, ROWS - rows_of_buttons)
    ]
    return message


def fit_embed(embed: discord.Embed) -> discord.Embed:
    if embed.title:
        embed.title = clip(embed.title, TITLE)
    if embed.description:
        embed.description = clip(embed.description, DESCRIPTION)
    fields = embed.fields[:FIELDS]
    embed.clear_fields()
    for field in fields:
        embed.add_field(
            name=clip(field.name or "\u200b", FIELD_NAME),
            value=clip(field.value or "\u200b", FIELD_VALUE),
            inline=bool(field.inline),
        )
    if embed.footer.text:
        embed.set_footer(text=clip(embed.footer.text, FOOTER), icon_url=embed.footer.icon_url)
    if embed.author.name:
        embed.set_author(
            name=clip(embed.author.name, AUTHOR),
            url=embed.author.url,
            icon_url=embed.author.icon_url,
        )
    return embed


def shrink_embed(embed: discord.Embed, budget: int) -> None:
    """Drop trailing fields, then shorten the description, until the embed fits `budget`."""
    while len(embed) > budget and embed.fields:
        embed.remove_field(len(embed.fields) - 1)
    if len(embed) > budget and embed.description:
        over = len(embed) - budget
        embed.description = clip(embed.description, max(1, len(embed.description) - over))
    if len(embed) > budget and embed.footer.text:
        embed.set_footer(text=None)


def fit_button(spec: ButtonSpec) -> ButtonSpec:
    return replace(spec, label=clip(spec.label, BUTTON_LABEL))


def fit_select(spec: SelectSpec) -> SelectSpec:
    """A select within Discord's limits: 25 options, their texts at most 100 characters
    (a value is a short key the bot made, never cut)."""
    options = tuple(
        SelectOption(
            clip(option.label, OPTION_TEXT), option.value, clip(option.description, OPTION_TEXT)
        )
        for option in spec.options[:SELECT_OPTIONS]
    )
    most = max(1, min(spec.max_values, len(options)))
    return replace(
        spec,
        options=options,
        placeholder=clip(spec.placeholder, PLACEHOLDER),
        max_values=most,
        min_values=min(spec.min_values, most),
    )


def newest_lines(lines: list[str], limit: int = CONTENT, note: str = "") -> str:
    """As many of the last `lines` as fit in `limit`, with `note` first if some were left
    out (a log is read from its end)."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        line = clip(line, limit - len(note) - 1)
        if size + len(line) + 1 > limit - len(note) - 1:
            break
        kept.append(line)
        size += len(line) + 1
    text = "\n".join(reversed(kept))
    return f"{note}\n{text}" if note and len(kept) < len(lines) else text


def first_lines(lines: list[str], limit: int = CONTENT) -> str:
    """As many of the first `lines` as fit in `limit`, saying how many were left out (a
    list is read from its top)."""
    kept: list[str] = []
    size = 0
    for index, line in enumerate(lines):
        line = clip(line, limit)
        rest = len(lines) - index - 1
        note = len("\n" + _("… and {n} more").format(n=rest)) if rest else 0
        if size + len(line) + 1 + note > limit:
            kept.append(_("… and {n} more").format(n=len(lines) - index))
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept)
