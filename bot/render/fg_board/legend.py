"""The legend strip at the bottom: each seat's urchin colour and every other mark of the
picture explained in a few words, so a newcomer can read the board alone.

Its entries are built from the view and the board's data before anything is drawn: how
many lines they fill decides the picture's height.
"""

from collections.abc import Callable
from dataclasses import dataclass

from bot.i18n import N_, n_
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
    Canvas,
    LegendEntry,
    seat_symbol,
)
from bot.render.fg_board.layout import (
    CUBE,
    CUBE_GAP,
    FAGIN_SPACE,
    HIGHLIGHT,
    ICON_GAP,
    INK,
    ITEM_GAP,
    LEGEND_LINE,
    LEGEND_NAME,
    LINE,
    MARGIN,
    NUMBER,
    PLAYER_ROW,
    PLAYERS_HEADER,
    PLAYERS_TOP,
    SEAT_RADIUS,
    SMALL,
    SWATCH,
    WIDTH,
    font,
)
from bot.render.fg_board.words import _, drawable, fit
from rules.fagins_gang import BOARD, FaginView
from rules.fagins_gang.board import CHOICE

LEGEND_WORDS = {
    FIRST_PLAYER: N_("First Player"),
    MARKET_TOKEN: N_("Market token"),
    WINNER: N_("winner"),
}
"""A tag's words in the legend (its symbol is the English)."""

Draw = Callable[[Canvas, int, int], None]
"""Draws an entry's mark with its left edge at x, centred on y."""


@dataclass
class LegendItem:
    """One legend entry, laid out: its mark's width, how to draw it, and its words."""

    entry: LegendEntry
    icons: int
    draw: Draw
    words: str
    bold: bool = False

    def width(self) -> int:
        return self.icons + ICON_GAP + round(font(SMALL).getlength(self.words)) + ITEM_GAP


def legend_items(view: FaginView, names: list[str]) -> list[LegendItem]:
    """Every mark of the picture with a few words, built from the view and the data."""
    items: list[LegendItem] = []

    def add(symbols: tuple[str, ...], icons: int, draw: Draw, words: str) -> None:
        items.append(LegendItem(LegendEntry(symbols, words), icons, draw, words))

    def key(text: str, words: str) -> None:
        """An entry whose mark is a word of the picture, set in bold."""

        def draw(canvas: Canvas, x: int, y: int) -> None:
            canvas.text((x, y), text, SMALL, INK, "lm", bold=True)

        width = round(font(SMALL).getlength(text)) + 2
        items.append(LegendItem(LegendEntry((text,), f"{text}: {words}"), width, draw, words))

    for seat in range(view.players):

        def urchin(canvas: Canvas, x: int, y: int, seat: int = seat) -> None:
            canvas.disc((x + SEAT_RADIUS, y), SEAT_RADIUS, seat, NUMBER)

        name = fit(names[seat], SMALL, LEGEND_NAME)
        items.append(
            LegendItem(LegendEntry((seat_symbol(seat),), name), 2 * SEAT_RADIUS, urchin, name, True)
        )

    def constables(canvas: Canvas, x: int, y: int) -> None:
        canvas.constable((x + SEAT_RADIUS, y), "up", SEAT_RADIUS)
        canvas.constable((x + 3 * SEAT_RADIUS + 4, y), "down", SEAT_RADIUS)

    add(
        (CONSTABLE_UP, CONSTABLE_DOWN),
        4 * SEAT_RADIUS + 4,
        constables,
        _("constable: walks up / down at round end, bumps the urchin it stops on"),
    )

    def star(canvas: Canvas, x: int, y: int) -> None:
        canvas.square((x, y - CUBE // 2), CUBE, CHOICE)

    add((FREE_CHOICE,), CUBE, star, _("a cube of any colour"))

    def fagin(canvas: Canvas, x: int, y: int) -> None:
        canvas.swatch((x, y), FAGIN_SPACE, FAGIN)

    target = view.fagin_target
    add(
        (FAGIN,),
        SWATCH,
        fagin,
        drawable(
            n_(
                "Fagin: urchins back home ({price}s); {n} there wins",
                "Fagin: urchins back home ({price}s); {n} there win",
                target,
            ).format(price=view.fagin_price, n=target)
        ),
    )
    key(_("s"), _("shillings"))
    key(_("per level"), _("cubes of its colour to move one level"))

    def stall(canvas: Canvas, x: int, y: int) -> None:
        canvas.square((x, y - CUBE // 2), CUBE, BOARD.colour_ring[0])
        canvas.square((x + CUBE + CUBE_GAP, y - CUBE // 2), CUBE, None)

    add((FREE_SPACE,), 2 * CUBE + CUBE_GAP, stall, _("stall: for sale / free"))
    key(_("store"), _("in the warehouse"))

    def acting(canvas: Canvas, x: int, y: int) -> None:
        canvas.swatch((x, y), HIGHLIGHT, TO_ACT)

    add((TO_ACT,), SWATCH, acting, _("to act"))
    for symbol, (label, _colour) in BADGES.items():
        if symbol == WINNER and view.phase != "over":
            continue

        def tag(canvas: Canvas, x: int, y: int, symbol: str = symbol) -> None:
            canvas.badge((x, y), symbol)

        width = round(font(SMALL).getlength(_(label))) + 14
        add((symbol,), width, tag, _(LEGEND_WORDS[symbol]))
    return items


def flow(items: list[LegendItem]) -> list[list[LegendItem]]:
    """Legend entries in lines as wide as the picture: the seats first, in order, then
    each other entry in the first line with room for it, so the legend stays short."""
    room = WIDTH - 2 * MARGIN + ITEM_GAP
    rows: list[list[LegendItem]] = []
    seats = [item for item in items if item.entry.symbols[0].startswith("seat ")]
    for item in seats:
        if not rows or sum(i.width() for i in rows[-1]) + item.width() > room:
            rows.append([])
        rows[-1].append(item)
    for item in items:
        if item in seats:
            continue
        row = next((r for r in rows if sum(i.width() for i in r) + item.width() <= room), None)
        if row is None:
            row = []
            rows.append(row)
        row.append(item)
    return rows


def legend_top(view: FaginView) -> int:
    """Where the legend starts: under the players' table, one row per seat."""
    return PLAYERS_TOP + PLAYERS_HEADER + view.players * PLAYER_ROW + 14


def legend_height(rows: list[list[LegendItem]]) -> int:
    """The strip's height, from its top to the picture's bottom edge."""
    return 8 + len(rows) * LEGEND_LINE + 8


def draw_legend(canvas: Canvas, rows: list[list[LegendItem]], top: int) -> None:
    canvas.part = "legend"
    canvas.draw.line((MARGIN, top - 6, WIDTH - MARGIN, top - 6), fill=LINE, width=2)
    for n, row in enumerate(rows):
        y = top + 8 + n * LEGEND_LINE + LEGEND_LINE // 2
        x = MARGIN
        for item in row:
            item.draw(canvas, x, y)
            at = (x + item.icons + ICON_GAP, y)
            canvas.text(at, item.words, SMALL, INK, "lm", bold=item.bold)
            canvas.drawing.legend.append(item.entry)
            x += item.width()
