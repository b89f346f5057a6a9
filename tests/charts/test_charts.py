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
