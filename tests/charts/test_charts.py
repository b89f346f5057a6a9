"""Charts of finished and running games of both games: one series per player, a small
PNG, nothing secret, and drawn only when asked (off the event loop, at delivery)."""

import pytest

from bot.render.charts import chart_png, game_series, labels
from bot.render.charts.series import BusinessSeries, GangSeries
from bot.store import ActionRow
from rules.errors import RuleError
from rules.fantasy_business import RULES as BUSINESS
from rules.registry import GAMES
from tests.charts.games import play

PNG = b"\x89PNG\r\n\x1a\n"
FIRST = {"first_seat": 0}


@pytest.mark.parametrize("kind,players", [("fantasy-business", 4), ("fagins-gang", 3)])
@pytest.mark.parametrize("finished", [True, False])
def test_a_chart_is_drawn_with_one_series_per_player(
    kind: str, players: int, finished: bool
) -> None:
    rows = play(kind, players, seed=11)
    if not finished:
        rows = rows[: len(rows) // 2]
    rules = GAMES[kind]
    series = game_series(rules, players, FIRST, 11, rows)
    if isinstance(series, BusinessSeries):
        assert len(series.gold) == len(series.income) == players
        assert all(len(line) == len(series.turns) for line in series.gold)
        assert (series.now is None) == finished and series.sales
    else:
        assert isinstance(series, GangSeries)
        assert len(series.at_fagin) == len(series.wealth) == players
        assert all(len(line) == len(series.rounds) for line in series.wealth)
        assert series.running is not finished
        if finished:
            assert series.arrivals and max(max(line) for line in series.at_fagin) >= 1
    names = ["alice", "🤖 Nancy (standard)", "carol", "dave"][:players]
    png = chart_png(rules, players, FIRST, 11, rows, names, labels(kind))
    assert png.startswith(PNG) and 10_000 < len(png) < 1_000_000


def _with_price(rows: list[ActionRow], price: int) -> list[ActionRow]:
    """The log with the newest price set (not yet revealed) changed to `price`."""
    last = max(i for i, row in enumerate(rows) if row.action["type"] == "price")
    changed = rows[last].model_copy(update={"action": {**rows[last].action, "price": price}})
    return [*rows[:last], changed]


def test_two_games_that_differ_only_in_secrets_give_the_same_chart() -> None:
    rows = play("fantasy-business", 3, seed=5, options=None)
    pricing = [i for i, row in enumerate(rows) if row.action["type"] == "price"]
    assert pricing
    # Stop in the second turn's pricing, right after a secret price was set.
    cut = next(i for i in pricing if i > pricing[0] + 10) + 1
    shown = rows[:cut]
    price = int(shown[-1].action["price"])
    for other in (price + 1, price - 1):
        low, high = shown, _with_price(shown, other)
        try:
            game_series(BUSINESS, 3, FIRST, 5, high)
            break
        except RuleError:
            continue
    assert low != high
    words = labels("fantasy-business")
    names = ["alice", "bob", "carol"]
    one = game_series(BUSINESS, 3, FIRST, 5, low)
    two = game_series(BUSINESS, 3, FIRST, 5, high)
    assert one == two
    assert chart_png(BUSINESS, 3, FIRST, 5, low, names, words) == chart_png(
        BUSINESS, 3, FIRST, 5, high, names, words
    )


def test_matplotlib_waits_until_a_chart_is_drawn() -> None:
    """Starting the bot (every cog loaded) does not import matplotlib: startup stays fast."""
    import subprocess
    import sys

    code = (
        "import sys, bot.edge.app, bot.render.charts, bot.service.commands.chart, cogs.lobby, "
        "cogs.coach; "
        "print('matplotlib' in sys.modules)"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert found.stdout.strip() == "False", found.stderr


@pytest.mark.parametrize("kind,players", [("fantasy-business", 4), ("fagins-gang", 3)])
@pytest.mark.parametrize("language", ["en", "de"])
def test_every_panel_says_what_it_counts_and_a_finished_game_marks_its_final_scores(
    kind: str, players: int, language: str
) -> None:
    from bot.i18n import speaking
    from bot.render.charts import business, gang

    rows = play(kind, players, seed=11)
    series = game_series(GAMES[kind], players, FIRST, 11, rows)
    with speaking(language):
        words = labels(kind)
    names = ["alice", "bob", "carol", "dave"][:players]
    module = business if kind == "fantasy-business" else gang
    drawn = module.chart(series, names, words)  # type: ignore[attr-defined]
    assert drawn.png.startswith(PNG)
    assert all(panel.y_label for panel in drawn.panels), drawn.panels
    if isinstance(series, BusinessSeries):
        assert series.final is not None
        assert sorted(drawn.panels[0].finals) == sorted(str(s) for s in series.final)
    else:
        assert series.final is not None
        assert sorted(drawn.panels[0].finals) == sorted(str(n) for n, _w in series.final)
        assert sorted(drawn.panels[1].finals) == sorted(str(w) for _n, w in series.final)
    running = game_series(GAMES[kind], players, FIRST, 11, rows[: len(rows) // 2])
    assert running.final is None
    unfinished = module.chart(running, names, words)  # type: ignore[attr-defined]
    assert all(panel.y_label for panel in unfinished.panels)
    assert not any(panel.finals for panel in unfinished.panels)


def test_auction_prices_are_coloured_by_article_with_a_legend_of_the_articles_sold() -> None:
    from bot.render.charts import business

    rows = play("fantasy-business", 3, seed=11)
    series = game_series(BUSINESS, 3, FIRST, 11, rows)
    assert isinstance(series, BusinessSeries)
    sold = {sale.article for sales in series.sales.values() for sale in sales}
    assert None in sold and len(sold) > 2  # special cards and several articles
    words = labels("fantasy-business")
    assert isinstance(words, business.BusinessLabels)
    with business.drawing.figure(1, [1.0], 3.0) as (_fig, (ax,)):
        shown = business._prices(ax, series, words)
        colours = {tuple(c.get_facecolor()[0][:3]) for c in ax.collections if c.get_offsets().size}
    names = [name for _handle, name in shown]
    articles = dict(words.articles)
    assert names == [articles[k] for k, _ in words.articles if k in sold] + ["special card"]
    assert len(colours) == len(sold)  # one colour per article sold (and one for specials)
