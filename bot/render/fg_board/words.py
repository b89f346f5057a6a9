"""The words on the board picture: translated, in letters the built-in font can draw, and
cut or wrapped to the room they have."""

from bot.i18n import _ as translate
from bot.i18n import term as translate_term
from bot.render.fg_board.layout import font
from rules.graphemes import grapheme_cut

SPELLED_OUT = str.maketrans(
    {
        "ä": "ae",
        "ö": "oe",
        "ü": "ue",
        "Ä": "Ae",
        "Ö": "Oe",
        "Ü": "Ue",
        "ß": "ss",
        "„": '"',
        "“": '"',
    }
)
"""Pillow's built-in font has ASCII letters only: German words are spelled the way German
writes them without umlauts."""


def drawable(text: str) -> str:
    """A translated text in letters the built-in font can draw."""
    return text.translate(SPELLED_OUT)


def _(message: str) -> str:
    """`message` in the language being spoken, in letters the font has."""
    return drawable(translate(message))


def term(english: str) -> str:
    """A name from the data files in the language being spoken, in letters the font has."""
    return drawable(translate_term(english))


def wrap(text: str, size: int, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and font(size).getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def fit(text: str, size: int, width: int) -> str:
    """Shorten a name until it fits, marking the cut with "…"."""
    if font(size).getlength(text) <= width:
        return text
    while text and font(size).getlength(text + "…") > width:
        text = text[: grapheme_cut(text, len(text) - 1)]
    return text.rstrip() + "…"
