"""The Fantasy Business chart: gold after every turn, the turns' income, auction prices.

Three panels, one story: the gold line of each seat (its colour, marker and name), with
a star and the number of each seat's final score at the end of a finished game; the
income each turn paid (the bars that explain the lines' jumps); and the price of every
card sold at auction in each turn, coloured by article (a legend names them) in the
buyer's marker shape, which shows when the market got hot and for what. A running game's
gold now is drawn dashed after the last paid income. Every panel's y axis says "Gold".
"""

from dataclasses import dataclass

from bot.render.charts import drawing
from bot.render.charts.series import BusinessSeries

ARTICLE_COLOURS = (
    (0.27, 0.46, 0.71),
    (0.84, 0.37, 0.0),
    (0.0, 0.62, 0.45),
    (0.8, 0.47, 0.65),
    (0.58, 0.4, 0.74),
    (0.55, 0.34, 0.29),
    (0.9, 0.62, 0.0),
    (0.34, 0.71, 0.91),
    (0.4, 0.4, 0.4),
)
"""One colour per article (in the deck's list order), the last for special cards."""
LEGEND_ROW = 0.037
"""A legend row's height, as a share of the figure's."""


@dataclass(frozen=True)
class BusinessLabels:
    """Every word the chart shows, in the table's language (made by the caller)."""

    title: str
    gold: str
    income: str
    prices: str
    turn: str
    now: str
    dash: str = " — "
    final: str = "final score"
    articles: tuple[tuple[str, str], ...] = ()
    """(article key, name) in the deck's order: the prices panel's legend."""
    special: str = "special card"


def draw(series: BusinessSeries, names: list[str], labels: BusinessLabels) -> bytes:
    return chart(series, names, labels).png


def chart(series: BusinessSeries, names: list[str], labels: BusinessLabels) -> drawing.Chart:
    with drawing.figure(3, [3.2, 1.5, 1.8], 8.4) as (fig, (top, middle, bottom)):
        width = 0.8 / max(1, series.players)
        for seat in range(series.players):
            colour = drawing.colour(seat)
            name = drawing.plain_name(names[seat]) if seat < len(names) else f"#{seat + 1}"
            drawing.seat_line(
                top, series.turns, series.gold[seat], seat, name, 7, 3, series.players
            )
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
        shown = _prices(bottom, series, labels)
        last = max([*series.turns, series.turn_now, *series.sales.keys(), 1])
        finals: list[str] = []
        if series.final is not None:
            top_value = max(max(line) for line in series.gold)
            peak = max([top_value, *series.final])
            finals = drawing.final_marks(top, last, series.final, peak * 0.14, 6)
            top.set_ylim(top=peak * 1.12 + 1)
        title = labels.title + (f"{labels.dash}{labels.now}" if series.now is not None else "")
        drawing.title(top, title)
        drawing.title(middle, labels.income)
        drawing.title(bottom, labels.prices)
        for ax in (top, middle, bottom):
            drawing.y_label(ax, labels.gold)
        bottom.set_xlabel(labels.turn, fontsize=drawing.FONT_SIZE)
        room = 0.8 + 0.1 * last if series.final is not None else 0.6
        for ax in (top, middle, bottom):
            ax.set_xlim(-0.3, last + room)
            drawing.whole_numbers(ax)
        middle.set_ylim(bottom=0)
        bottom.set_ylim(bottom=0)
        handles, words = top.get_legend_handles_labels()
        if series.final is not None:
            star = top.scatter([], [], marker="*", s=300, color="white", edgecolors=drawing.ink())
            handles, words = [*handles, star], [*words, labels.final]
        players_rows = (len(handles) + 2) // 3
        article_rows = (len(shown) + 1) // 2
        drawing.legend_below(fig, top, 3, handles, words, y=LEGEND_ROW * article_rows)
        if shown:
            drawing.legend_below(fig, bottom, 2, [h for h, _ in shown], [w for _, w in shown])
        fig.subplots_adjust(
            left=0.16,
            right=0.97,
            top=0.95,
            bottom=0.1 + LEGEND_ROW * (players_rows + article_rows),
            hspace=0.55,
        )
        return drawing.Chart(
            drawing.png(fig),
            [drawing.panel(top, finals), drawing.panel(middle), drawing.panel(bottom)],
        )


def _prices(ax: object, series: BusinessSeries, labels: BusinessLabels) -> list[tuple[object, str]]:
    """Every sale as a dot in its article's colour and the buyer's marker; returns the
    legend's (handle, name) for the articles sold, in the deck's order."""
    order = [key for key, _ in labels.articles]
    names = dict(labels.articles)
    sold: set[str | None] = set()
    for turn, sales in sorted(series.sales.items()):
        for index, sale in enumerate(sales):
            spread = (index - (len(sales) - 1) / 2) * 0.12
            colour = _article_colour(sale.article, order)
            ax.scatter(  # type: ignore[attr-defined]
                [turn + spread],
                [sale.price],
                marker=drawing.marker(sale.seat),
                s=90,
                color=colour,
                edgecolors=drawing.ink(),
                linewidths=1,
                zorder=3,
            )
            sold.add(sale.article)
    shown = []
    for key in [*order, None]:
        if key in sold:
            handle = ax.scatter(  # type: ignore[attr-defined]
                [],
                [],
                marker="o",
                s=90,
                color=_article_colour(key, order),
                edgecolors=drawing.ink(),
            )
            shown.append((handle, names.get(key, key) if key is not None else labels.special))
    return shown


def _article_colour(key: str | None, order: list[str]) -> tuple[float, float, float]:
    if key is None or key not in order:
        return ARTICLE_COLOURS[-1]
    return ARTICLE_COLOURS[order.index(key) % (len(ARTICLE_COLOURS) - 1)]
