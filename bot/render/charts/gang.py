"""The Fagin's Gang chart: urchins at Fagin and wealth, round by round.

Two panels: the race to Fagin (each seat's urchins there, a star where one arrived) and
wealth (shillings plus cubes at the wheel's prices, the round limit's tie-break), with a
triangle where a seat opened Smithfield Market; the legend's last line says what the
marks mean. A running game's last point is the position now, half-way into the round
being played.
"""

from dataclasses import dataclass

from bot.render.charts import drawing
from bot.render.charts.series import GangSeries


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


def _value_at(series: GangSeries, values: list[int], round_: int) -> tuple[float, int]:
    """The point a mark of round `round_` sits on: that round's end (or now)."""
    for x, value in zip(series.rounds, values, strict=True):
        if x >= round_ - 0.5 and x <= round_:
            return x, value
    return series.rounds[-1], values[-1]


def draw(series: GangSeries, names: list[str], labels: GangLabels) -> bytes:
    with drawing.figure(2, [1.5, 2.4], 7.0) as (fig, (top, bottom)):
        for seat in range(series.players):
            colour = drawing.colour(seat)
            name = drawing.plain_name(names[seat]) if seat < len(names) else f"#{seat + 1}"
            offset = (seat - (series.players - 1) / 2) * 0.04
            top.step(
                series.rounds,
                [value + offset for value in series.at_fagin[seat]],
                where="post",
                color=colour,
                linewidth=3,
                path_effects=drawing.outlined(3),
                zorder=2,
            )
            drawing.seat_line(bottom, series.rounds, series.wealth[seat], seat, name, 5, 2)
        for round_, seat in series.arrivals:
            x, value = _value_at(series, series.at_fagin[seat], round_)
            drawing.seat_mark(top, x, value, seat, "*", 260, 1.2, 4)
        for round_, seat in series.markets:
            x, value = _value_at(series, series.wealth[seat], round_)
            drawing.seat_mark(bottom, x, value, seat, "^", 170, 1.2, 4)
        title = labels.title + (f" — {labels.now}" if series.running else "")
        drawing.title(top, title)
        top.set_ylabel(labels.at_fagin, fontsize=drawing.FONT_SIZE)
        drawing.title(bottom, labels.wealth)
        bottom.set_ylabel(labels.worth, fontsize=drawing.FONT_SIZE)
        bottom.set_xlabel(labels.round, fontsize=drawing.FONT_SIZE)
        top.set_ylim(-0.3, max([2, *(max(v) for v in series.at_fagin)]) + 0.5)
        last = max(series.rounds[-1], 1)
        for ax in (top, bottom):
            ax.set_xlim(-0.2, last + 0.4)
            drawing.whole_numbers(ax)
        bottom.set_ylim(bottom=0)
        marks = [
            top.scatter([], [], marker=m, s=size, color="white", edgecolors=drawing.ink())
            for m, size in (("*", 220), ("^", 150))
        ]
        rows = (series.players + 2) // 3
        drawing.legend_below(fig, bottom, min(series.players, 3), y=0.045)
        drawing.legend_below(fig, top, 2, marks, [labels.arrived, labels.market])
        fig.subplots_adjust(left=0.13, right=0.97, top=0.94, bottom=0.15 + 0.05 * rows)
        fig.subplots_adjust(hspace=0.38)
        return drawing.png(fig)
