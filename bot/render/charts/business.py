"""The Fantasy Business chart: gold after every turn, the turns' income, auction prices.

Three panels, one story: the gold line of each seat (its colour and name), the income
each turn paid (the bars that explain the lines' jumps), and the price of every card
sold at auction in each turn (a dot in the buyer's colour), which shows when the market
got hot. A running game's gold now is drawn dashed after the last paid income.
"""

from dataclasses import dataclass

from bot.render.charts import drawing
from bot.render.charts.series import BusinessSeries


@dataclass(frozen=True)
class BusinessLabels:
    """Every word the chart shows, in the table's language (made by the caller)."""

    title: str
    gold: str
    income: str
    prices: str
    turn: str
    now: str


def draw(series: BusinessSeries, names: list[str], labels: BusinessLabels) -> bytes:
    with drawing.figure(3, [3.0, 1.5, 1.5], 7.2) as (fig, (top, middle, bottom)):
        width = 0.8 / max(1, series.players)
        for seat in range(series.players):
            colour = drawing.colour(seat)
            name = drawing.plain_name(names[seat]) if seat < len(names) else f"#{seat + 1}"
            drawing.seat_line(top, series.turns, series.gold[seat], seat, name, 6, 3)
            if series.now is not None:
                top.plot(
                    [series.turns[-1], series.turn_now - 0.5],
                    [series.gold[seat][-1], series.now[seat]],
                    color=colour,
                    linewidth=2.5,
                    linestyle=(0, (2, 1.5)),
                    path_effects=drawing.outlined(2.5),
                    zorder=2,
                )
            paid = [(t, g) for t, g in zip(series.turns[1:], series.income[seat][1:], strict=True)]
            middle.bar(
                [t - 0.4 + width * (seat + 0.5) for t, _ in paid],
                [g for _, g in paid],
                width=width,
                color=colour,
                edgecolor=drawing.ink(),
                linewidth=0.8,
            )
        for turn, sales in sorted(series.sales.items()):
            for index, sale in enumerate(sales):
                spread = (index - (len(sales) - 1) / 2) * 0.12
                drawing.seat_mark(bottom, turn + spread, sale.price, sale.seat, "o", 70, 1, 3)
        last = max([*series.turns, series.turn_now, *series.sales.keys(), 1])
        title = labels.title + (f" — {labels.now}" if series.now is not None else "")
        drawing.title(top, title)
        top.set_ylabel(labels.gold, fontsize=drawing.FONT_SIZE)
        drawing.title(middle, labels.income)
        drawing.title(bottom, labels.prices)
        bottom.set_xlabel(labels.turn, fontsize=drawing.FONT_SIZE)
        for ax in (top, middle, bottom):
            ax.set_xlim(-0.3, last + 0.6)
            drawing.whole_numbers(ax)
        middle.set_ylim(bottom=0)
        bottom.set_ylim(bottom=0)
        drawing.legend_below(fig, top, min(series.players, 3))
        rows = (series.players + 2) // 3
        fig.subplots_adjust(left=0.13, right=0.97, top=0.95, bottom=0.11 + 0.045 * rows)
        fig.subplots_adjust(hspace=0.48)
        return drawing.png(fig)
