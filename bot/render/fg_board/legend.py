"""The key to the board: every mark of the picture explained in a few words, so a
newcomer can read the board alone.

The key is text, given with the picture in its message (`board_key`), not drawn on it:
on a phone, words drawn on a 1000 px picture shown at 412 px are too small to read, while
the message's text is the reader's own size. The picture names each seat's colour in its
players' table (disc, number and name). The entries are recorded with the drawing
(`BoardDrawing.legend`) so the tests check that every mark drawn is explained.
"""

from bot.i18n import N_, _, n_
from bot.render.fg_board.canvas import (
    BADGES,
    CONSTABLE_DOWN,
    CONSTABLE_UP,
    FAGIN,
    FIRST_PLAYER,
    FREE_CHOICE,
    FREE_SPACE,
    MARKET_TOKEN,
    TO_ACT,
    WINNER,
    LegendEntry,
    seat_symbol,
)
from rules.fagins_gang import FaginView

LEGEND_WORDS = {
    FIRST_PLAYER: N_("First Player"),
    MARKET_TOKEN: N_("Market token"),
    WINNER: N_("winner"),
}
"""A tag's words in the key (its symbol is the English)."""


def legend_items(view: FaginView, names: list[str]) -> list[tuple[LegendEntry, str]]:
    """Every mark of the picture as (its entry, the mark as the key writes it), in the
    language being spoken: the seats (named in the players' table), then the marks."""
    items: list[tuple[LegendEntry, str]] = [
        (LegendEntry((seat_symbol(seat),), names[seat]), "") for seat in range(view.players)
    ]

    def add(symbols: tuple[str, ...], mark: str, words: str) -> None:
        items.append((LegendEntry(symbols, words), mark))

    add((FREE_CHOICE,), "★", _("a cube of any colour"))
    add(
        (CONSTABLE_UP, CONSTABLE_DOWN),
        "▲ ▼",
        _("constable: walks up / down at round end, bumps the urchin it stops on"),
    )
    target = view.fagin_target
    add(
        (FAGIN,),
        "",
        n_(
            "Fagin: urchins back home ({price}s); {n} there wins",
            "Fagin: urchins back home ({price}s); {n} there win",
            target,
        ).format(price=view.fagin_price, n=target),
    )
    add((_("s"),), _("s"), _("shillings"))
    add((_("per level"),), _("per level"), _("cubes of its colour to move one level"))
    add((FREE_SPACE,), "■ □", _("stall: for sale / free"))
    add((_("store"),), _("store"), _("in the warehouse"))
    add((TO_ACT,), _("yellow row"), _("to act"))
    for symbol, (label, _colour) in BADGES.items():
        if symbol == WINNER and view.phase != "over":
            continue
        add((symbol,), _(label), _(LEGEND_WORDS[symbol]))
    return items


def board_key(view: FaginView, names: list[str]) -> str:
    """The key as one line of the board's message, in the language being spoken."""
    marks = [
        f"**{mark}** {entry.label}" if mark else entry.label
        for entry, mark in legend_items(view, names)
        if not entry.symbols[0].startswith("seat ")
    ]
    return _("*Key to the board:* {marks}").format(marks=" · ".join(marks))
