"""The title line: the game's name, the round and what the table is waiting for."""

from bot.render.fg_board.canvas import Canvas
from bot.render.fg_board.layout import MARGIN, NUMBER, TITLE, TITLE_HEIGHT, WIDTH, font
from bot.render.fg_board.words import _, fit
from rules.fagins_gang import FaginView


def draw_title(canvas: Canvas, view: FaginView, names: list[str]) -> None:
    canvas.part = "title"
    if view.round_limit is not None:
        rounds = _("Round {round} of {limit}").format(round=view.round, limit=view.round_limit)
    else:
        rounds = _("Round {round}").format(round=view.round)
    canvas.text((MARGIN, TITLE_HEIGHT // 2), "Fagin's Gang", TITLE, bold=True)
    left = MARGIN + round(font(TITLE).getlength("Fagin's Gang")) + 22
    line = fit(f"{rounds}  ·  {situation(view, names)}", NUMBER, WIDTH - MARGIN - left)
    canvas.text((left, TITLE_HEIGHT // 2), line, NUMBER)


def situation(view: FaginView, names: list[str]) -> str:
    """Who the game waits for, or who won."""
    if view.phase == "over":
        winners = _(" and ").join(names[s] for s in view.winners)
        if len(view.winners) == 1:
            return _("game over: {winners} wins").format(winners=winners)
        return _("game over: {winners} win").format(winners=winners)
    if view.phase == "market" and view.market is not None:
        return _("market: {name} trades").format(name=names[view.market.current_trader])
    if view.phase == "discard":
        return _("over the hand limit: returning cubes")
    if view.turn is not None:
        return _("{name} to act").format(name=names[view.turn])
    return ""
