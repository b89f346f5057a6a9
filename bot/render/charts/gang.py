"""The Fagin's Gang chart: urchins at Fagin and wealth, round by round.

Two panels: the race to Fagin (each seat's urchins there, a star where one arrived) and
wealth (shillings plus cubes at the wheel's prices, the round limit's tie-break), with a
triangle where a seat opened Smithfield Market. Each seat has its colour and marker
shape, and its line sits a little apart from the others' (a stair of small offsets in the
race, falling line widths in wealth), so seats on the same values all stay visible. A
finished game's final urchins and wealth are written at the end of each line; a running
game's last point is the position now, half-way into the round being played. Both
panels' y axes say what they count.
"""

from dataclasses import dataclass

from bot.render.charts import drawing
from bot.render.charts.series import GangSeries

LEGEND_ROW = 0.037
"""A legend row's height, as a share of the figure's."""


@dataclass(frozen=True)
class GangLabels:
    title: str
    at_fagin: str
    wealth: str
    worth: str
    round: str
    now: str
    market: str
    arrived: str
    dash: str = " — "
    final: str = "final score"


def _value_at(series: GangSeries, values: list[int], round_: int) -> tuple[float, int]:
    """The point a mark of round `round_` sits on: that round's end (or now)."""
    for x, value in zip(series.rounds, values, strict=True):
        if x >= round_ - 0.5 and x <= round_:
            return x, value
    return series.rounds[-1], values[-1]


def draw(series: GangSeries, names: list[str], labels: GangLabels) -> bytes:
    return chart(series, names, labels).png


def chart(series: GangSeries, names: list[str], labels: GangLabels) -> drawing.Chart:
    with drawing.figure(2, [1.7, 2.4], 8.0) as (fig, (top, bottom)):
        step = 0.12
        for seat in range(series.players):
            colour = drawing.colour(seat)
            name = drawing.plain_name(names[seat]) if seat < len(names) else f"#{seat + 1}"
            offset = (seat - (series.players - 1) / 2) * step
            raised = [value + offset for value in series.at_fagin[seat]]
            top.step(
                series.rounds,
                raised,
                where="post",
                color=colour,
                linewidth=3,
                path_effects=drawing.outlined(3),
                zorder=2 + seat,
            )
            top.plot(
                series.rounds,
                raised,
                linestyle="none",
                marker=drawing.marker(seat),
                markersize=7,
                color=colour,
                markeredgecolor=drawing.ink(),
                zorder=3 + seat,
            )
            drawing.seat_line(
                bottom, series.rounds, series.wealth[seat], seat, name, 6, 2, series.players
            )
        for round_, seat in series.arrivals:
            x, value = _value_at(series, series.at_fagin[seat], round_)
            drawing.seat_mark(top, x, value, seat, "*", 260, 1.2, 8)
        for round_, seat in series.markets:
            x, value = _value_at(series, series.wealth[seat], round_)
            drawing.seat_mark(bottom, x, value, seat, "^", 170, 1.2, 8)
        last = max(series.rounds[-1], 1)
        high = max([2, *(max(v) for v in series.at_fagin)])
        top_finals: list[str] = []
        bottom_finals: list[str] = []
        if series.final is not None:
            urchins = [count for count, _worth in series.final]
            worth = [value for _count, value in series.final]
            top_finals = _counts(top, last, urchins)
            bottom_finals = drawing.final_marks(bottom, last, worth, max(worth) * 0.07 + 1, 9)
        title = labels.title + (f"{labels.dash}{labels.now}" if series.running else "")
        drawing.title(top, title)
        drawing.y_label(top, labels.at_fagin)
        drawing.title(bottom, labels.wealth)
        drawing.y_label(bottom, labels.worth)
        bottom.set_xlabel(labels.round, fontsize=drawing.FONT_SIZE)
        top.set_ylim(-0.5, high + 0.6)
        room = 0.6 + 0.08 * last if series.final is not None else 0.4
        for ax in (top, bottom):
            ax.set_xlim(-0.2, last + room)
            drawing.whole_numbers(ax)
        bottom.set_ylim(bottom=0)
        marks = [
            top.scatter([], [], marker=m, s=size, color="white", edgecolors=drawing.ink())
            for m, size in (("*", 220), ("^", 150))
        ]
        rows = (series.players + 2) // 3
        drawing.legend_below(fig, bottom, min(series.players, 3), y=2 * LEGEND_ROW)
        drawing.legend_below(fig, top, 1, marks, [labels.arrived, labels.market])
        fig.subplots_adjust(
            left=0.16, right=0.97, top=0.94, bottom=0.1 + LEGEND_ROW * (2 + rows), hspace=0.42
        )
        return drawing.Chart(
            drawing.png(fig),
            [drawing.panel(top, top_finals), drawing.panel(bottom, bottom_finals)],
        )


def _counts(ax: object, x: float, counts: list[int]) -> list[str]:
    """The final urchins at Fagin, one number per seat beside the lines' ends (seats on
    the same count share one number)."""
    drawn = []
    for count in sorted(set(counts), reverse=True):
        ax.annotate(  # type: ignore[attr-defined]
            str(count),
            (x, count),
            xytext=(x + 0.25, count),
            textcoords="data",
            fontsize=drawing.FONT_SIZE,
            fontweight="bold",
            color=drawing.ink(),
            va="center",
            ha="left",
        )
        drawn += [str(count)] * counts.count(count)
    return drawn
