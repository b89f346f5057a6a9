"""The players' table under the market: per seat its disc, tags and name, shillings,
cubes by colour, hand total, urchins in supply and urchins back at Fagin; the seats the
game waits for highlighted."""

from bot.render.fg_board.canvas import (
    BADGES,
    FIRST_PLAYER,
    MARKET_TOKEN,
    TO_ACT,
    WINNER,
    Canvas,
)
from bot.render.fg_board.layout import (
    AT_FAGIN_CENTRE,
    BADGE_HEIGHT,
    BADGES_RIGHT,
    BIG_NUMBER,
    CUBE,
    CUBES_LEFT,
    CUBES_STEP,
    FAINT,
    HIGHLIGHT,
    INK,
    LINE,
    MARGIN,
    NAME_LEFT,
    NUMBER,
    PLAYER_ROW,
    PLAYERS_HEADER,
    PLAYERS_TOP,
    SEAT_RADIUS,
    SHILLINGS_RIGHT,
    SMALL,
    SUPPLY_CENTRE,
    TOTAL_CENTRE,
    WIDTH,
    WORDS,
    Point,
    font,
)
from bot.render.fg_board.words import _, fit
from rules.fagins_gang import BOARD, FaginView


def draw_players(canvas: Canvas, view: FaginView, names: list[str]) -> None:
    canvas.part = "players"
    top = PLAYERS_TOP
    head = top + PLAYERS_HEADER // 2
    canvas.draw.line((MARGIN, top - 6, WIDTH - MARGIN, top - 6), fill=LINE, width=2)
    canvas.text((MARGIN, head), _("Players"), WORDS, bold=True)
    canvas.text((SHILLINGS_RIGHT, head), _("shillings"), WORDS, FAINT, "rm")
    for k, colour in enumerate(BOARD.colour_ring):
        x = CUBES_LEFT + k * CUBES_STEP
        canvas.square((x - CUBE // 2, head - CUBE // 2), CUBE, colour)
    limit = _("limit {limit}").format(limit=view.hand_limit)
    canvas.text((TOTAL_CENTRE, head), limit, NUMBER, FAINT, "mm")
    canvas.text((SUPPLY_CENTRE, head), _("supply"), WORDS, FAINT, "mm")
    canvas.text((AT_FAGIN_CENTRE, head), _("Fagin"), WORDS, FAINT, "mm")
    waiting = set(view.waiting_on)
    for seat in view.seats:
        y = top + PLAYERS_HEADER + seat.seat * PLAYER_ROW
        middle = y + PLAYER_ROW // 2
        acting = seat.seat in waiting
        if acting:
            canvas.draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + PLAYER_ROW - 2), HIGHLIGHT)
            canvas.glyph(TO_ACT, WIDTH - 2 * MARGIN, PLAYER_ROW - 2)
        canvas.disc((MARGIN + SEAT_RADIUS + 2, middle), SEAT_RADIUS, seat.seat, NUMBER)
        x = draw_badges(canvas, view, (BADGES_RIGHT, middle), seat.seat)
        name = fit(names[seat.seat], NUMBER, x - NAME_LEFT - 6)
        canvas.text((NAME_LEFT, middle), name, NUMBER, bold=acting)
        canvas.text(
            (SHILLINGS_RIGHT, middle), str(seat.shillings), BIG_NUMBER, anchor="rm", bold=True
        )
        for k, colour in enumerate(BOARD.colour_ring):
            count = seat.cubes.get(colour, 0)
            at = (CUBES_LEFT + k * CUBES_STEP, middle)
            canvas.text(at, str(count), NUMBER, INK if count else FAINT, "mm", bold=count > 0)
        canvas.text((TOTAL_CENTRE, middle), str(seat.cube_total), NUMBER, anchor="mm", bold=True)
        canvas.text((SUPPLY_CENTRE, middle), str(seat.supply), NUMBER, anchor="mm")
        canvas.text(
            (AT_FAGIN_CENTRE, middle),
            f"{seat.at_fagin} / {view.fagin_target}",
            NUMBER,
            anchor="mm",
            bold=seat.at_fagin > 0,
        )


def draw_badges(canvas: Canvas, view: FaginView, at: Point, seat: int) -> int:
    """The seat's tags, right-aligned at `at`; returns where they start."""
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
        x -= max(BADGE_HEIGHT, round(font(SMALL).getlength(label)) + 14)
        canvas.badge((x, y), symbol)
        x -= 6
    return x
