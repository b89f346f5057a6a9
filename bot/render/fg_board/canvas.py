"""The picture being drawn, its drawing primitives, and the record of what was drawn.

Every primitive records what it put on the picture (texts with their sizes, glyphs with
their symbol and size) in the part being drawn, so the tests can check legibility and the
legend without reading pixels. The symbols are English whatever the picture's language.
"""

import io
import math
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from bot.i18n import N_
from bot.render.fg_board.layout import (
    BACKGROUND,
    BADGE_HEIGHT,
    CONSTABLE,
    CONSTABLE_RADIUS,
    FAINT,
    GOODS,
    INK,
    RGB,
    SMALL,
    STAR,
    WHITE,
    WIDTH,
    Point,
    arrow,
    font,
    player_colour,
    text_on,
)
from bot.render.fg_board.words import _

# Symbols, as recorded for the tests and named in the legend.
CONSTABLE_UP = "constable facing up"
CONSTABLE_DOWN = "constable facing down"
FREE_CHOICE = "free choice"
FREE_SPACE = "free stall space"
FAGIN = "Fagin space"
TO_ACT = "to act"
FIRST_PLAYER = "First Player"
MARKET_TOKEN = "Market token"
WINNER = "winner"

BADGES: dict[str, tuple[str, RGB]] = {
    FIRST_PLAYER: (N_("1st"), (176, 125, 30)),
    MARKET_TOKEN: (N_("MKT"), (70, 110, 55)),
    WINNER: (N_("WIN"), (190, 40, 60)),
}
"""Symbol -> the tag drawn beside a player's name (translated where drawn) and its colour."""


def seat_symbol(seat: int) -> str:
    return f"seat {seat + 1}"


def cube_symbol(colour: str) -> str:
    return f"{colour} cube"


@dataclass(frozen=True)
class DrawnText:
    """A text on the picture, with the font size it was set in."""

    text: str
    size: int
    part: str
    bold: bool


@dataclass(frozen=True)
class DrawnGlyph:
    """A mark that is not text (cube, disc, arrow, swatch, tag), with its size in px."""

    symbol: str
    part: str
    width: int
    height: int


@dataclass(frozen=True)
class LegendEntry:
    symbols: tuple[str, ...]
    label: str


@dataclass
class BoardDrawing:
    """The picture and what was drawn on it, for encoding and for the tests."""

    image: Image.Image
    texts: list[DrawnText] = field(default_factory=list)
    glyphs: list[DrawnGlyph] = field(default_factory=list)
    legend: list[LegendEntry] = field(default_factory=list)

    def png(self) -> bytes:
        out = io.BytesIO()
        self.image.save(out, format="PNG", compress_level=3)
        return out.getvalue()


class Canvas:
    """A picture `height` px tall on the board's background; `part` names the part being
    drawn (title, board, market, players, legend) in what is recorded."""

    def __init__(self, height: int) -> None:
        self.part = "title"
        self.image = Image.new("RGB", (WIDTH, height), BACKGROUND)
        self.drawing = BoardDrawing(self.image)
        self.draw = ImageDraw.Draw(self.image)

    def text(
        self,
        at: Point,
        text: str,
        size: int,
        fill: RGB = INK,
        anchor: str = "lm",
        bold: bool = False,
    ) -> None:
        self.draw.text(
            at,
            text,
            font=font(size),
            fill=fill,
            anchor=anchor,
            stroke_width=1 if bold else 0,
            stroke_fill=fill,
        )
        self.drawing.texts.append(DrawnText(text, size, self.part, bold))

    def glyph(self, symbol: str, width: float, height: float) -> None:
        self.drawing.glyphs.append(DrawnGlyph(symbol, self.part, round(width), round(height)))

    def disc(self, centre: Point, radius: int, seat: int, size: int, shown: int = 0) -> None:
        """An urchin: a disc in the seat's colour with the seat number. When the next disc
        will cover all but `shown` px of it, the number moves into the part left showing."""
        x, y = centre
        fill = player_colour(seat)
        self.draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius), fill=fill, outline=INK, width=2
        )
        shift = (2 * radius - shown) // 2 if 0 < shown < 2 * radius else 0
        self.text((x - shift, y), str(seat + 1), size, text_on(fill), anchor="mm", bold=True)
        self.glyph(seat_symbol(seat), 2 * radius, 2 * radius)

    def square(self, at: Point, side: int, colour: str | None) -> None:
        """A goods cube at its top left corner; None draws an empty stall space, ★ a choice."""
        x, y = at
        box = (x, y, x + side, y + side)
        if colour is None:
            self.draw.rectangle(box, fill=BACKGROUND, outline=FAINT, width=2)
            self.glyph(FREE_SPACE, side, side)
        elif colour in GOODS:
            self.draw.rectangle(box, fill=GOODS[colour], outline=INK, width=1)
            self.glyph(cube_symbol(colour), side, side)
        else:
            self.draw.rectangle(box, fill=WHITE, outline=INK, width=1)
            self._star((x + side / 2, y + side / 2 + 1), side / 2)
            self.glyph(FREE_CHOICE, side, side)

    def _star(self, centre: tuple[float, float], radius: float) -> None:
        cx, cy = centre
        points = []
        for i in range(10):
            r = radius if i % 2 == 0 else radius * 0.45
            angle = -math.pi / 2 + i * math.pi / 5
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
        self.draw.polygon(points, fill=STAR)

    def constable(self, centre: Point, facing: str, r: int = CONSTABLE_RADIUS) -> None:
        """A navy disc with a white arrow pointing the way it will walk."""
        x, y = centre
        self.draw.ellipse((x - r, y - r, x + r, y + r), fill=CONSTABLE, outline=INK, width=2)
        tip, base, half = arrow(r)
        way = -1 if facing == "up" else 1
        self.draw.polygon(
            [(x, y + way * tip), (x - half, y - way * base), (x + half, y - way * base)],
            fill=WHITE,
        )
        # The arrow is what must be read, so it is the size recorded.
        self.glyph(CONSTABLE_UP if facing == "up" else CONSTABLE_DOWN, 2 * half, tip + base)

    def badge(self, at: Point, symbol: str) -> int:
        """A player's tag (First Player, Market token, winner); returns its width."""
        label, colour = _(BADGES[symbol][0]), BADGES[symbol][1]
        x, y = at
        width = max(BADGE_HEIGHT, round(font(SMALL).getlength(label)) + 14)
        half = BADGE_HEIGHT // 2
        self.draw.rounded_rectangle((x, y - half, x + width, y + half), radius=6, fill=colour)
        self.text((x + width // 2, y), label, SMALL, WHITE, anchor="mm")
        self.glyph(symbol, width, BADGE_HEIGHT)
        return width
