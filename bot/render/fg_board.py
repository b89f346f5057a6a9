"""The Fagin's Gang board as a PNG, drawn with Pillow from the public view only.

Discord shows an attached picture at the width of the chat, which on a phone is about
400 px, so the 1000 px picture is drawn for being read at 40 %: every number a player
decides by is set at 28 px or more (digits about 8 px high on the phone), every other
word at 24 px or more, and every cube, disc and arrow is at least 20 px across. To make
room, the board is a grid: one column per location, with its Fagin space, its levels
and, underneath, the market stall of its colour; the level numbers and the row names are
written once, in an axis on the left. A legend strip at the bottom names each seat's
urchin colour and explains every other mark, so a newcomer can read the picture alone.

Pillow's built-in font (Aileron, scalable in Pillow 10.1+) is used so nothing has to be
shipped; it has no ★, ▲ or ▼, so those are drawn as shapes. Every number on the picture
comes from the view or the board's data file. `draw_board` also records what it drew
(texts with their sizes, glyphs with their symbol and size, the legend's entries) so the
tests can check legibility and the legend without reading pixels; the geometry helpers
are public so tests can sample the pixels where an urchin or a constable must be.

The words on the picture are drawn in the language passed to `draw_board` (the channel's
board in the table's language); the recorded symbols stay English, for the tests.
"""

import io
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.i18n import ENGLISH, N_, n_, speaking
from bot.i18n import _ as translate
from bot.i18n import term as translate_term
from rules.fagins_gang import BOARD, FaginView
from rules.fagins_gang.board import CHOICE
from rules.fagins_gang.views import LocationView
from rules.graphemes import grapheme_cut

Point = tuple[int, int]
RGB = tuple[int, int, int]

# The layout follows the board's data file: one column per location (and so per colour and
# stall), one row per level.
LOCATIONS = len(BOARD.ring)
LEVELS = len(BOARD.yields)
MOST_GOODS = max(len(row.goods) for row in BOARD.yields)

WIDTH = 1000
MARGIN = 8
AXIS = 66
"""The left axis: level numbers and row names, written once for all columns."""
COLUMN = (WIDTH - 2 * MARGIN - AXIS) // LOCATIONS
BOARD_LEFT = MARGIN + AXIS

TITLE_HEIGHT = 52
HEADER_TOP = TITLE_HEIGHT
HEADER_HEIGHT = 84
FAGIN_TOP = HEADER_TOP + HEADER_HEIGHT + 2
FAGIN_HEIGHT = 52
TRACK_TOP = FAGIN_TOP + FAGIN_HEIGHT + 4
ROW = 58
MARKET_TOP = TRACK_TOP + LEVELS * ROW + 10
STALL_HEIGHT = 62
PRICE_HEIGHT = 44
STORE_HEIGHT = 40
PLAYERS_TOP = MARKET_TOP + STALL_HEIGHT + PRICE_HEIGHT + STORE_HEIGHT + 14
PLAYERS_HEADER = 38
PLAYER_ROW = 44
LEGEND_LINE = 42
LEGEND_NAME = 190
"""The widest a player's name may be in the legend before it is shortened."""
SWATCH = 40
ICON_GAP = 8
ITEM_GAP = 24

CUBE = 24
"""A goods cube, a stall space or a ★ on the board."""
CUBE_GAP = 3
PIECE = 30
"""Where a level's piece stands, from the column's left edge (urchin or constable)."""
URCHIN_RADIUS = 24
CONSTABLE_RADIUS = 24
FAGIN_RADIUS = 20
SEAT_RADIUS = 20
"""A seat's disc in the players' table and the legend."""

# The players' table, left to right.
NAME_LEFT = MARGIN + 2 * SEAT_RADIUS + 12
BADGES_RIGHT = 320
SHILLINGS_RIGHT = 410
CUBES_LEFT = 440
CUBES_STEP = 44
TOTAL_CENTRE = CUBES_LEFT + (LOCATIONS - 1) * CUBES_STEP + 72
SUPPLY_CENTRE = TOTAL_CENTRE + 100
AT_FAGIN_CENTRE = WIDTH - MARGIN - 52

# Text sizes: numbers a player decides by, the words around them, the legend's words and
# the players' tags (read once, then known), and the title.
NUMBER = 28
BIG_NUMBER = 32
WORDS = 26
SMALL = 24
TITLE = 30

BACKGROUND: RGB = (244, 236, 216)
INK: RGB = (33, 37, 41)
FAINT: RGB = (110, 98, 80)
LINE: RGB = (200, 185, 154)
FAGIN_SPACE: RGB = (233, 211, 150)
HIGHLIGHT: RGB = (255, 230, 128)
CONSTABLE: RGB = (27, 42, 74)
WHITE: RGB = (255, 255, 255)
STAR: RGB = (176, 120, 0)

GOODS: dict[str, RGB] = {
    "blue": (28, 126, 214),
    "green": (47, 158, 68),
    "red": (224, 49, 49),
    "yellow": (250, 176, 5),
    "black": (33, 37, 41),
    "purple": (112, 72, 232),
}

PLAYER_COLOURS: tuple[RGB, ...] = (
    (240, 140, 0),  # orange
    (21, 170, 191),  # cyan
    (240, 101, 149),  # pink
    (130, 201, 30),  # lime
    (248, 249, 250),  # white
    (160, 82, 45),  # brown
)

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
LEGEND_WORDS = {
    FIRST_PLAYER: N_("First Player"),
    MARKET_TOKEN: N_("Market token"),
    WINNER: N_("winner"),
}
"""A tag's words in the legend (its symbol is the English)."""


def seat_symbol(seat: int) -> str:
    return f"seat {seat + 1}"


def cube_symbol(colour: str) -> str:
    return f"{colour} cube"


@lru_cache(maxsize=16)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def player_colour(seat: int) -> RGB:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def column_left(index: int) -> int:
    return BOARD_LEFT + index * COLUMN


def level_top(level: int) -> int:
    return TRACK_TOP + (level - BOARD.levels.top) * ROW


def urchin_centre(index: int, level: int) -> Point:
    """Where the urchin on a level of the location at ring position `index` is drawn."""
    return column_left(index) + PIECE, level_top(level) + ROW // 2


def constable_centre(index: int, level: int) -> Point:
    """The constable stands where an urchin would: the rules never let both share a level."""
    return urchin_centre(index, level)


def arrow(radius: int) -> tuple[int, int, int]:
    """A constable's arrow in a disc of `radius`: from the centre to the tip, from the
    centre back to the base, and half the base's width."""
    return round(radius * 0.66), round(radius * 0.4), round(radius * 0.56)


def fagin_centre(index: int, slot: int, crowd: int = 1) -> Point:
    """The `slot`-th of `crowd` urchins on a location's Fagin space (in seat order)."""
    room = COLUMN - 2 * FAGIN_RADIUS - 12
    step = min(2 * FAGIN_RADIUS + 4, room // max(1, crowd - 1))
    return column_left(index) + 6 + FAGIN_RADIUS + slot * step, FAGIN_TOP + FAGIN_HEIGHT // 2


def stall_space(index: int, space: int) -> Point:
    """The centre of one space of the stall under the column at ring position `index`."""
    per_row = math.ceil(BOARD.stall_size / 2)
    row, col = divmod(space, per_row)
    left = column_left(index) + 10
    top = MARKET_TOP + (STALL_HEIGHT - 2 * CUBE - CUBE_GAP) // 2
    return (
        left + col * (CUBE + CUBE_GAP) + CUBE // 2,
        top + row * (CUBE + CUBE_GAP) + CUBE // 2,
    )


def _mix(colour: RGB, other: RGB, amount: float) -> RGB:
    r, g, b = (round(c * (1 - amount) + o * amount) for c, o in zip(colour, other, strict=True))
    return r, g, b


def _text_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on the colour."""
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE


def _wrap(text: str, size: int, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and font(size).getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _fit(text: str, size: int, width: int) -> str:
    """Shorten a name until it fits, marking the cut with "…"."""
    if font(size).getlength(text) <= width:
        return text
    while text and font(size).getlength(text + "…") > width:
        text = text[: grapheme_cut(text, len(text) - 1)]
    return text.rstrip() + "…"


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


Draw = Callable[[int, int], None]


@dataclass
class _Item:
    """One legend entry, laid out: its mark's width, how to draw it, and its words."""

    entry: LegendEntry
    icons: int
    draw: Draw
    words: str
    bold: bool = False

    def width(self) -> int:
        return self.icons + ICON_GAP + round(font(SMALL).getlength(self.words)) + ITEM_GAP


class _Painter:
    def __init__(self, view: FaginView, names: list[str]) -> None:
        self.view = view
        self.names = names
        self.part = "title"
        self.drawing = BoardDrawing(Image.new("RGB", (1, 1)))
        self.items = self._legend_items()
        self.legend_rows = self._flow(self.items)
        self.legend_top = PLAYERS_TOP + PLAYERS_HEADER + view.players * PLAYER_ROW + 14
        height = self.legend_top + 8 + len(self.legend_rows) * LEGEND_LINE + 8
        self.image = Image.new("RGB", (WIDTH, height), BACKGROUND)
        self.drawing.image = self.image
        self.draw = ImageDraw.Draw(self.image)

    # -- primitives (each records what it drew) ------------------------------------------

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
        self.text((x - shift, y), str(seat + 1), size, _text_on(fill), anchor="mm", bold=True)
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

    def swatch(self, at: Point, fill: RGB, symbol: str) -> None:
        x, y = at
        self.draw.rectangle((x, y - 14, x + 40, y + 14), fill=fill, outline=LINE, width=2)
        self.glyph(symbol, 40, 28)

    def badge(self, at: Point, symbol: str) -> int:
        """A player's tag (First Player, Market token, winner); returns its width."""
        label, colour = _(BADGES[symbol][0]), BADGES[symbol][1]
        x, y = at
        width = round(font(SMALL).getlength(label)) + 14
        self.draw.rounded_rectangle((x, y - 15, x + width, y + 15), radius=6, fill=colour)
        self.text((x + width // 2, y), label, SMALL, WHITE, anchor="mm")
        self.glyph(symbol, width, 30)
        return width

    # -- parts -------------------------------------------------------------------------

    def title(self) -> None:
        self.part = "title"
        view = self.view
        if view.round_limit is not None:
            rounds = _("Round {round} of {limit}").format(round=view.round, limit=view.round_limit)
        else:
            rounds = _("Round {round}").format(round=view.round)
        self.text((MARGIN, TITLE_HEIGHT // 2), "Fagin's Gang", TITLE, bold=True)
        left = MARGIN + round(font(TITLE).getlength("Fagin's Gang")) + 22
        line = _fit(f"{rounds}  ·  {self.situation()}", NUMBER, WIDTH - MARGIN - left)
        self.text((left, TITLE_HEIGHT // 2), line, NUMBER)

    def situation(self) -> str:
        view = self.view
        if view.phase == "over":
            winners = _(" and ").join(self.names[s] for s in view.winners)
            if len(view.winners) == 1:
                return _("game over: {winners} wins").format(winners=winners)
            return _("game over: {winners} win").format(winners=winners)
        if view.phase == "market" and view.market is not None:
            return _("market: {name} trades").format(name=self.names[view.market.current_trader])
        if view.phase == "discard":
            return _("over the hand limit: returning cubes")
        if view.turn is not None:
            return _("{name} to act").format(name=self.names[view.turn])
        return ""

    def axis(self) -> None:
        """Row names and level numbers, once, left of the columns."""
        self.part = "board"
        middle = MARGIN + AXIS // 2 - 2
        self.text((middle, FAGIN_TOP + FAGIN_HEIGHT // 2), _("Fagin"), WORDS, FAINT, "mm")
        for level in range(BOARD.levels.top, BOARD.levels.bottom + 1):
            centre = level_top(level) + ROW // 2
            if level == BOARD.levels.start:
                self.text((middle, centre - 11), str(level), NUMBER, INK, "mm", bold=True)
                self.text((middle, centre + 15), _("start"), WORDS, FAINT, "mm")
            else:
                self.text((middle, centre), str(level), BIG_NUMBER, FAINT, "mm", bold=True)
        self.part = "market"
        rows = (
            (_("stall"), MARKET_TOP, STALL_HEIGHT),
            (_("price"), MARKET_TOP + STALL_HEIGHT, PRICE_HEIGHT),
            (_("store"), MARKET_TOP + STALL_HEIGHT + PRICE_HEIGHT, STORE_HEIGHT),
        )
        for name, top, height in rows:
            self.text((middle, top + height // 2), name, WORDS, FAINT, "mm")

    def location(self, index: int, location: LocationView) -> None:
        self.part = "board"
        left = column_left(index)
        right = left + COLUMN
        centre = left + COLUMN // 2
        colour = GOODS[location.colour]
        tint = _mix(colour, WHITE, 0.84)
        on_colour = _text_on(colour)
        self.draw.rectangle((left + 2, HEADER_TOP, right - 2, HEADER_TOP + HEADER_HEIGHT), colour)
        lines = _wrap(term(location.name), WORDS, COLUMN - 10)[:2]
        y = HEADER_TOP + (17 if len(lines) > 1 else 28)
        for line in lines:
            self.text((centre, y), _fit(line, WORDS, COLUMN - 8), WORDS, on_colour, "mm", True)
            y += 26
        self.text(
            (centre, HEADER_TOP + HEADER_HEIGHT - 16),
            _("{cost} per level").format(cost=location.move_cost),
            NUMBER,
            on_colour,
            "mm",
        )
        # Fagin space.
        self.draw.rectangle(
            (left + 2, FAGIN_TOP, right - 2, FAGIN_TOP + FAGIN_HEIGHT),
            fill=FAGIN_SPACE,
            outline=LINE,
        )
        crowd = len(location.fagin)
        for slot, seat in enumerate(location.fagin):
            at = fagin_centre(index, slot, crowd)
            shown = fagin_centre(index, slot + 1, crowd)[0] - at[0] if slot < crowd - 1 else 0
            self.disc(at, FAGIN_RADIUS, seat, NUMBER, shown)
        if crowd:
            self.glyph(FAGIN, COLUMN, FAGIN_HEIGHT)
        # The track.
        for level in location.levels:
            top = level_top(level.level)
            fill = _mix(colour, WHITE, 0.7) if level.level == BOARD.levels.start else tint
            self.draw.rectangle((left + 2, top, right - 2, top + ROW), fill=fill, outline=LINE)
            self.yields(left, top, level.goods, level.shillings)
            both = level.urchin is not None and level.constable
            if level.constable:
                # Never both on one level by the rules; if a state had it, show both.
                x, y = constable_centre(index, level.level)
                self.constable((x + CONSTABLE_RADIUS if both else x, y), location.constable_facing)
            if level.urchin is not None:
                self.disc(urchin_centre(index, level.level), URCHIN_RADIUS, level.urchin, NUMBER)

    def yields(self, left: int, top: int, goods: list[str], shillings: int) -> None:
        """The goods printed on a level (two to a row) and its shillings, right of the piece."""
        rows = max(1, math.ceil(MOST_GOODS / 2))
        side = min(CUBE, (ROW - 6 - (rows - 1) * CUBE_GAP) // rows)
        x = left + PIECE + URCHIN_RADIUS + 8
        y = top + (ROW - rows * side - (rows - 1) * CUBE_GAP) // 2
        for i, colour in enumerate(goods):
            row, col = divmod(i, 2)
            self.square((x + col * (side + CUBE_GAP), y + row * (side + CUBE_GAP)), side, colour)
        if shillings:
            at = (left + COLUMN - 8, top + ROW // 2)
            self.text(at, f"{shillings}s", NUMBER, INK, "rm", bold=not goods)

    def market(self) -> None:
        """Under each column, the stall of its colour: spaces, count, price, warehouse."""
        self.part = "market"
        for index, stall in enumerate(self.view.stalls):
            left = column_left(index)
            right = left + COLUMN
            centre = left + COLUMN // 2
            colour = GOODS[stall.colour]
            tint = _mix(colour, WHITE, 0.84)
            bottom = MARKET_TOP + STALL_HEIGHT + PRICE_HEIGHT + STORE_HEIGHT
            self.draw.rectangle((left + 2, MARKET_TOP, right - 2, bottom), fill=tint, outline=LINE)
            self.draw.rectangle(
                (left + 2, MARKET_TOP + STALL_HEIGHT, right - 2, bottom - STORE_HEIGHT),
                fill=_mix(colour, WHITE, 0.6),
            )
            for space in range(stall.capacity):
                x, y = stall_space(index, space)
                filled = stall.colour if space < stall.count else None
                self.square((x - CUBE // 2, y - CUBE // 2), CUBE, filled)
            self.text(
                (right - 12, MARKET_TOP + STALL_HEIGHT // 2),
                str(stall.count),
                BIG_NUMBER,
                anchor="rm",
                bold=True,
            )
            self.text(
                (centre, MARKET_TOP + STALL_HEIGHT + PRICE_HEIGHT // 2),
                f"{stall.price}s",
                BIG_NUMBER,
                anchor="mm",
                bold=True,
            )
            self.text(
                (centre, bottom - STORE_HEIGHT // 2), str(stall.warehouse), NUMBER, anchor="mm"
            )

    def players(self) -> None:
        self.part = "players"
        view = self.view
        top = PLAYERS_TOP
        head = top + PLAYERS_HEADER // 2
        self.draw.line((MARGIN, top - 6, WIDTH - MARGIN, top - 6), fill=LINE, width=2)
        self.text((MARGIN, head), _("Players"), WORDS, bold=True)
        self.text((SHILLINGS_RIGHT, head), _("shillings"), WORDS, FAINT, "rm")
        for k, colour in enumerate(BOARD.colour_ring):
            x = CUBES_LEFT + k * CUBES_STEP
            self.square((x - CUBE // 2, head - CUBE // 2), CUBE, colour)
        limit = _("limit {limit}").format(limit=view.hand_limit)
        self.text((TOTAL_CENTRE, head), limit, NUMBER, FAINT, "mm")
        self.text((SUPPLY_CENTRE, head), _("supply"), WORDS, FAINT, "mm")
        self.text((AT_FAGIN_CENTRE, head), _("Fagin"), WORDS, FAINT, "mm")
        waiting = set(view.waiting_on)
        for seat in view.seats:
            y = top + PLAYERS_HEADER + seat.seat * PLAYER_ROW
            middle = y + PLAYER_ROW // 2
            acting = seat.seat in waiting
            if acting:
                self.draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + PLAYER_ROW - 2), HIGHLIGHT)
                self.glyph(TO_ACT, WIDTH - 2 * MARGIN, PLAYER_ROW - 2)
            self.disc((MARGIN + SEAT_RADIUS + 2, middle), SEAT_RADIUS, seat.seat, NUMBER)
            x = self.badges((BADGES_RIGHT, middle), seat.seat)
            name = _fit(self.names[seat.seat], NUMBER, x - NAME_LEFT - 6)
            self.text((NAME_LEFT, middle), name, NUMBER, bold=acting)
            self.text(
                (SHILLINGS_RIGHT, middle), str(seat.shillings), BIG_NUMBER, anchor="rm", bold=True
            )
            for k, colour in enumerate(BOARD.colour_ring):
                count = seat.cubes.get(colour, 0)
                at = (CUBES_LEFT + k * CUBES_STEP, middle)
                self.text(at, str(count), NUMBER, INK if count else FAINT, "mm", bold=count > 0)
            self.text((TOTAL_CENTRE, middle), str(seat.cube_total), NUMBER, anchor="mm", bold=True)
            self.text((SUPPLY_CENTRE, middle), str(seat.supply), NUMBER, anchor="mm")
            self.text(
                (AT_FAGIN_CENTRE, middle),
                f"{seat.at_fagin} / {view.fagin_target}",
                NUMBER,
                anchor="mm",
                bold=seat.at_fagin > 0,
            )

    def badges(self, at: Point, seat: int) -> int:
        """The seat's tags, right-aligned at `at`; returns where they start."""
        view = self.view
        symbols = []
        if seat in view.winners:
            symbols.append(WINNER)
        if view.market is not None and seat == view.market.token_holder:
            symbols.append(MARKET_TOKEN)
        if seat == view.first_player:
            symbols.append(FIRST_PLAYER)
        x, y = at
        for symbol in symbols:
            label = _(BADGES[symbol][0])
            x -= round(font(SMALL).getlength(label)) + 14
            self.badge((x, y), symbol)
            x -= 6
        return x

    # -- the legend ------------------------------------------------------------------------

    def _legend_items(self) -> list[_Item]:
        """Every mark of the picture with a few words, built from the view and the data."""
        view = self.view
        items: list[_Item] = []

        def add(symbols: tuple[str, ...], icons: int, draw: Draw, words: str) -> None:
            items.append(_Item(LegendEntry(symbols, words), icons, draw, words))

        def key(text: str, words: str) -> None:
            """An entry whose mark is a word of the picture, set in bold."""

            def draw(x: int, y: int) -> None:
                self.text((x, y), text, SMALL, INK, "lm", bold=True)

            width = round(font(SMALL).getlength(text)) + 2
            items.append(_Item(LegendEntry((text,), f"{text}: {words}"), width, draw, words))

        for seat in range(view.players):

            def urchin(x: int, y: int, seat: int = seat) -> None:
                self.disc((x + SEAT_RADIUS, y), SEAT_RADIUS, seat, NUMBER)

            name = _fit(self.names[seat], SMALL, LEGEND_NAME)
            items.append(
                _Item(LegendEntry((seat_symbol(seat),), name), 2 * SEAT_RADIUS, urchin, name, True)
            )

        def constables(x: int, y: int) -> None:
            self.constable((x + SEAT_RADIUS, y), "up", SEAT_RADIUS)
            self.constable((x + 3 * SEAT_RADIUS + 4, y), "down", SEAT_RADIUS)

        add(
            (CONSTABLE_UP, CONSTABLE_DOWN),
            4 * SEAT_RADIUS + 4,
            constables,
            _("constable: walks up / down at round end, bumps the urchin it stops on"),
        )

        def star(x: int, y: int) -> None:
            self.square((x, y - CUBE // 2), CUBE, CHOICE)

        add((FREE_CHOICE,), CUBE, star, _("a cube of any colour"))

        def fagin(x: int, y: int) -> None:
            self.swatch((x, y), FAGIN_SPACE, FAGIN)

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

        def stall(x: int, y: int) -> None:
            self.square((x, y - CUBE // 2), CUBE, BOARD.colour_ring[0])
            self.square((x + CUBE + CUBE_GAP, y - CUBE // 2), CUBE, None)

        add((FREE_SPACE,), 2 * CUBE + CUBE_GAP, stall, _("stall: for sale / free"))
        key(_("store"), _("in the warehouse"))

        def acting(x: int, y: int) -> None:
            self.swatch((x, y), HIGHLIGHT, TO_ACT)

        add((TO_ACT,), SWATCH, acting, _("to act"))
        for symbol, (label, _colour) in BADGES.items():
            if symbol == WINNER and view.phase != "over":
                continue

            def tag(x: int, y: int, symbol: str = symbol) -> None:
                self.badge((x, y), symbol)

            width = round(font(SMALL).getlength(_(label))) + 14
            add((symbol,), width, tag, _(LEGEND_WORDS[symbol]))
        return items

    @staticmethod
    def _flow(items: list[_Item]) -> list[list[_Item]]:
        """Legend entries in lines as wide as the picture: the seats first, in order, then
        each other entry in the first line with room for it, so the legend stays short."""
        room = WIDTH - 2 * MARGIN + ITEM_GAP
        rows: list[list[_Item]] = []
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

    def legend(self) -> None:
        self.part = "legend"
        top = self.legend_top
        self.draw.line((MARGIN, top - 6, WIDTH - MARGIN, top - 6), fill=LINE, width=2)
        for n, row in enumerate(self.legend_rows):
            y = top + 8 + n * LEGEND_LINE + LEGEND_LINE // 2
            x = MARGIN
            for item in row:
                item.draw(x, y)
                at = (x + item.icons + ICON_GAP, y)
                self.text(at, item.words, SMALL, INK, "lm", bold=item.bold)
                self.drawing.legend.append(item.entry)
                x += item.width()

    def paint(self) -> BoardDrawing:
        self.title()
        self.axis()
        for index, location in enumerate(self.view.locations):
            self.location(index, location)
        self.market()
        self.players()
        self.legend()
        return self.drawing


def draw_board(view: FaginView, names: list[str], language: str = ENGLISH) -> BoardDrawing:
    """The board drawn, with a record of its texts, glyphs and legend; its words in
    `language`."""
    with speaking(language):
        return _Painter(view, names).paint()


def render_board(view: FaginView, names: list[str], language: str = ENGLISH) -> bytes:
    """The board as PNG bytes; `names` are the seats' display names in seat order."""
    return draw_board(view, names, language).png()
