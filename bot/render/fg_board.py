"""The Fagin's Gang board as a PNG, drawn with Pillow from the public view only.

A play-by-chat game is mostly read on phones, so the picture favours big shapes over fine
print: urchins are discs in their player's colour with the seat number inside, constables
are navy discs with a white arrow for their facing, and every number a player decides by
(levels, stall counts, prices, shillings, cubes) is written out. Pillow's built-in font is
used so nothing has to be shipped. The geometry helpers are public so tests can sample the
pixels where an urchin or a constable must be.
"""

import io
import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from rules.fagins_gang import BOARD, FaginView
from rules.fagins_gang.views import LocationView

Point = tuple[int, int]
RGB = tuple[int, int, int]

# The layout follows the board's data file: one column per location, one row per level,
# one market row per colour.
LOCATIONS = len(BOARD.ring)
LEVELS = len(BOARD.yields)
COLOURS = len(BOARD.colour_ring)

WIDTH = 1000
MARGIN = 11
COLUMN = (WIDTH - 2 * MARGIN) // LOCATIONS
HEADER_TOP = 52
HEADER_HEIGHT = 70
FAGIN_TOP = HEADER_TOP + HEADER_HEIGHT + 2
FAGIN_HEIGHT = 48
TRACK_TOP = FAGIN_TOP + FAGIN_HEIGHT + 4
ROW = 52
MARKET_TOP = TRACK_TOP + LEVELS * ROW + 14
STALL_ROW = 38
PLAYERS_TOP = MARKET_TOP + 40 + COLOURS * STALL_ROW + 16
PLAYER_ROW = 38
URCHIN_RADIUS = 19
CONSTABLE_RADIUS = 17
FAGIN_RADIUS = 13

BACKGROUND: RGB = (244, 236, 216)
INK: RGB = (33, 37, 41)
FAINT: RGB = (120, 108, 90)
LINE: RGB = (200, 185, 154)
FAGIN_SPACE: RGB = (233, 211, 150)
HIGHLIGHT: RGB = (255, 236, 153)
CONSTABLE: RGB = (27, 42, 74)
WHITE: RGB = (255, 255, 255)

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


@lru_cache(maxsize=16)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def player_colour(seat: int) -> RGB:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def column_left(index: int) -> int:
    return MARGIN + index * COLUMN


def level_top(level: int) -> int:
    return TRACK_TOP + level * ROW


def urchin_centre(index: int, level: int) -> Point:
    """Where the urchin on a level of the location at ring position `index` is drawn."""
    return column_left(index) + 48, level_top(level) + ROW // 2


def constable_centre(index: int, level: int) -> Point:
    return column_left(index) + 94, level_top(level) + ROW // 2


def fagin_centre(index: int, slot: int, crowd: int = 1) -> Point:
    """The `slot`-th of `crowd` urchins on a location's Fagin space (in seat order)."""
    step = min(2 * FAGIN_RADIUS + 4, (COLUMN - 2 * FAGIN_RADIUS - 10) // max(1, crowd - 1))
    return column_left(index) + 8 + FAGIN_RADIUS + slot * step, FAGIN_TOP + 31


def stall_space(index: int, space: int) -> Point:
    """The centre of one space of the stall of the colour at ring position `index`."""
    middle = MARKET_TOP + 40 + index * STALL_ROW + STALL_ROW // 2
    return MARGIN + 270 + space * 20 + 8, middle


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
        text = text[:-1]
    return text.rstrip() + "…"


class _Painter:
    def __init__(self, view: FaginView, names: list[str]) -> None:
        self.view = view
        self.names = names
        height = PLAYERS_TOP + 40 + view.players * PLAYER_ROW + 12
        self.image = Image.new("RGB", (WIDTH, height), BACKGROUND)
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

    def disc(self, centre: Point, radius: int, fill: RGB, label: str, size: int) -> None:
        x, y = centre
        self.draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius), fill=fill, outline=INK, width=2
        )
        self.text(centre, label, size, _text_on(fill), anchor="mm", bold=True)

    def square(self, at: Point, side: int, colour: str | None) -> None:
        """A goods cube; None draws an empty stall space, "★" a free choice."""
        x, y = at
        box = (x, y, x + side, y + side)
        if colour is None:
            self.draw.rectangle(box, fill=BACKGROUND, outline=FAINT, width=1)
        elif colour in GOODS:
            self.draw.rectangle(box, fill=GOODS[colour], outline=INK, width=1)
        else:
            self.draw.rectangle(box, fill=WHITE, outline=INK, width=1)
            self._star((x + side / 2, y + side / 2), side / 2 - 1)

    def _star(self, centre: tuple[float, float], radius: float) -> None:
        cx, cy = centre
        points = []
        for i in range(10):
            r = radius if i % 2 == 0 else radius * 0.45
            angle = -math.pi / 2 + i * math.pi / 5
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
        self.draw.polygon(points, fill=(190, 140, 20))

    # -- parts -------------------------------------------------------------------------

    def title(self) -> None:
        view = self.view
        rounds = f"Round {view.round}"
        if view.round_limit is not None:
            rounds += f" of {view.round_limit}"
        self.text((MARGIN, 26), "Fagin's Gang", 30, bold=True)
        self.text((MARGIN + 200, 26), f"{rounds}  |  {self.situation()}", 24)
        self.text(
            (WIDTH - MARGIN, 26),
            f"Fagin target {view.fagin_target}",
            20,
            FAINT,
            anchor="rm",
        )

    def situation(self) -> str:
        view = self.view
        if view.phase == "over":
            winners = " and ".join(self.names[s] for s in view.winners)
            return f"game over: {winners} {'wins' if len(view.winners) == 1 else 'win'}"
        if view.phase == "market" and view.market is not None:
            return f"market open, {self.names[view.market.current_trader]} trades"
        if view.phase == "discard":
            return "hand limit: returning cubes"
        if view.turn is not None:
            return f"{self.names[view.turn]} to act"
        return ""

    def location(self, index: int, location: LocationView) -> None:
        left = column_left(index)
        colour = GOODS[location.colour]
        tint = _mix(colour, WHITE, 0.84)
        on_colour = _text_on(colour)
        self.draw.rectangle(
            (left + 2, HEADER_TOP, left + COLUMN - 2, HEADER_TOP + HEADER_HEIGHT), fill=colour
        )
        lines = _wrap(location.name, 21, COLUMN - 12)
        y = HEADER_TOP + (14 if len(lines) > 1 else 22)
        for line in lines[:2]:
            self.text((left + COLUMN // 2, y), line, 21, on_colour, anchor="mm")
            y += 22
        self.text(
            (left + COLUMN // 2, HEADER_TOP + HEADER_HEIGHT - 12),
            f"{location.colour}, {location.move_cost} per level",
            16 if len(lines) > 1 else 18,
            on_colour,
            anchor="mm",
        )
        # Fagin space.
        self.draw.rectangle(
            (left + 2, FAGIN_TOP, left + COLUMN - 2, FAGIN_TOP + FAGIN_HEIGHT),
            fill=FAGIN_SPACE,
            outline=LINE,
        )
        self.text((left + 6, FAGIN_TOP + 9), "Fagin", 16, FAINT)
        crowd = len(location.fagin)
        for slot, seat in enumerate(location.fagin):
            centre = fagin_centre(index, slot, crowd)
            self.disc(centre, FAGIN_RADIUS, player_colour(seat), str(seat + 1), 16)
        # The track.
        for level in location.levels:
            top = level_top(level.level)
            fill = _mix(colour, WHITE, 0.72) if level.level == 5 else tint
            self.draw.rectangle(
                (left + 2, top, left + COLUMN - 2, top + ROW), fill=fill, outline=LINE
            )
            self.text((left + 8, top + ROW // 2), str(level.level), 22, FAINT, bold=True)
            self.yields(left + 118, top, level.goods, level.shillings)
            if level.urchin is not None:
                self.disc(
                    urchin_centre(index, level.level),
                    URCHIN_RADIUS,
                    player_colour(level.urchin),
                    str(level.urchin + 1),
                    22,
                )
        self.constable(constable_centre(index, location.constable_level), location)

    def yields(self, x: int, top: int, goods: list[str], shillings: int) -> None:
        for i, colour in enumerate(goods):
            self.square((x + (i % 2) * 15, top + 5 + (i // 2) * 15), 13, colour)
        if shillings:
            self.text((x + 40, top + ROW - 12), f"{shillings}s", 18, INK, anchor="rm")

    def constable(self, centre: Point, location: LocationView) -> None:
        x, y = centre
        r = CONSTABLE_RADIUS
        self.draw.ellipse((x - r, y - r, x + r, y + r), fill=CONSTABLE, outline=INK, width=2)
        tip = -1 if location.constable_facing == "up" else 1
        self.draw.polygon(
            [(x, y + tip * 11), (x - 9, y - tip * 6), (x + 9, y - tip * 6)], fill=WHITE
        )

    def market(self) -> None:
        view = self.view
        top = MARKET_TOP
        self.text((MARGIN, top + 16), "Smithfield Market", 24, bold=True)
        self.text((MARGIN + 270, top + 16), "stall", 18, FAINT)
        self.text((MARGIN + 490, top + 16), "price", 18, FAINT, anchor="rm")
        self.text((MARGIN + 600, top + 16), "warehouse", 18, FAINT, anchor="rm")
        for i, stall in enumerate(view.stalls):
            y = top + 40 + i * STALL_ROW
            middle = y + STALL_ROW // 2
            self.square((MARGIN, middle - 12), 24, stall.colour)
            self.text((MARGIN + 34, middle), _fit(f"{stall.colour} ({stall.goods})", 20, 226), 20)
            for space in range(stall.capacity):
                filled = stall.colour if space < stall.count else None
                x, y = stall_space(i, space)
                self.square((x - 8, y - 8), 16, filled)
            self.text((MARGIN + 425, middle), f"{stall.count}", 20, anchor="rm", bold=True)
            self.text((MARGIN + 490, middle), f"{stall.price}s", 24, anchor="rm", bold=True)
            self.text((MARGIN + 600, middle), str(stall.warehouse), 20, anchor="rm")
        self.wheel((WIDTH - MARGIN - 150, top + 40 + COLOURS * STALL_ROW // 2))

    def wheel(self, centre: Point) -> None:
        """The price wheel: one wedge per colour, with today's price in it."""
        cx, cy = centre
        radius = 112
        self.text((cx, MARKET_TOP + 16), "Price wheel", 20, FAINT, anchor="mm")
        count = len(self.view.stalls)
        for i, stall in enumerate(self.view.stalls):
            start = -90 + i * 360 / count
            self.draw.pieslice(
                (cx - radius, cy - radius, cx + radius, cy + radius),
                start,
                start + 360 / count,
                fill=GOODS[stall.colour],
                outline=WHITE,
                width=2,
            )
            middle = math.radians(start + 180 / count)
            at = (
                round(cx + 0.64 * radius * math.cos(middle)),
                round(cy + 0.64 * radius * math.sin(middle)),
            )
            self.text(
                at, str(stall.price), 28, _text_on(GOODS[stall.colour]), anchor="mm", bold=True
            )
        self.draw.ellipse((cx - 16, cy - 16, cx + 16, cy + 16), fill=BACKGROUND, outline=INK)

    def players(self) -> None:
        view = self.view
        top = PLAYERS_TOP
        self.draw.line((MARGIN, top - 8, WIDTH - MARGIN, top - 8), fill=LINE, width=2)
        self.text((MARGIN, top + 16), "Players", 24, bold=True)
        self.text((MARGIN + 345, top + 16), "shillings", 18, FAINT, anchor="rm")
        self.text((MARGIN + 362, top + 16), f"cubes (hand limit {view.hand_limit})", 18, FAINT)
        self.text((MARGIN + 790, top + 16), "urchins", 18, FAINT, anchor="mm")
        self.text((MARGIN + 905, top + 16), "at Fagin", 18, FAINT, anchor="mm")
        waiting = set(view.waiting_on)
        for seat in view.seats:
            y = top + 40 + seat.seat * PLAYER_ROW
            middle = y + PLAYER_ROW // 2
            if seat.seat in waiting:
                self.draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + PLAYER_ROW - 2), fill=HIGHLIGHT)
            self.disc((MARGIN + 16, middle), 15, player_colour(seat.seat), str(seat.seat + 1), 18)
            name = _fit(self.names[seat.seat], 22, 160)
            self.text((MARGIN + 40, middle), name, 22, bold=seat.seat in waiting)
            self.badges((MARGIN + 205, middle), seat.seat)
            self.text((MARGIN + 345, middle), str(seat.shillings), 24, anchor="rm", bold=True)
            x = MARGIN + 362
            for colour in GOODS:
                self.square((x, middle - 11), 22, colour)
                self.text((x + 28, middle), str(seat.cubes.get(colour, 0)), 20)
                x += 56
            self.text((x + 12, middle), f"= {seat.cube_total}", 20)
            self.text((MARGIN + 790, middle), str(seat.supply), 22, anchor="mm")
            self.text(
                (MARGIN + 905, middle), f"{seat.at_fagin} / {view.fagin_target}", 22, anchor="mm"
            )

    def badges(self, at: Point, seat: int) -> None:
        """Small tags for the First Player token and the Market token."""
        view = self.view
        x, y = at
        tags = []
        if seat == view.first_player:
            tags.append(("1st", (206, 157, 60)))
        if view.market is not None and seat == view.market.token_holder:
            tags.append(("MKT", (88, 120, 70)))
        for label, colour in tags:
            self.draw.rounded_rectangle((x, y - 11, x + 44, y + 11), radius=5, fill=colour)
            self.text((x + 22, y), label, 16, WHITE, anchor="mm")
            x += 48

    def paint(self) -> bytes:
        self.title()
        for index, location in enumerate(self.view.locations):
            self.location(index, location)
        self.market()
        self.players()
        out = io.BytesIO()
        self.image.save(out, format="PNG", compress_level=3)
        return out.getvalue()


def render_board(view: FaginView, names: list[str]) -> bytes:
    """The board as PNG bytes; `names` are the seats' display names in seat order."""
    return _Painter(view, names).paint()
