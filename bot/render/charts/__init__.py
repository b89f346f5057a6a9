"""Charts of how a game went: one picture per game, from its public record only.

`chart_attachment` is what the bot attaches (to the final standings, `/game show` and
`/game chart`): its words are made now, in the language being spoken, and so are its
series — the log replayed (`bot.replay`) in the caller's store thread and read from the
replay's public views and events (`series`); the picture travels as a recipe
(bot.render.pictures) and is drawn later, at delivery, in a worker thread, by the game's
module (`business`, `gang`) with matplotlib, imported only then.
"""

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from pydantic import TypeAdapter

from bot.i18n import _, current, dash, speaking, term
from bot.messages import Attachment, Message, Picture
from bot.render.charts.business import BusinessLabels
from bot.render.charts.gang import GangLabels
from bot.render.charts.series import BusinessSeries, GangSeries, business_series, gang_series
from bot.replay import replay
from bot.table import Table
from rules.errors import RuleError
from rules.fantasy_business import deck
from rules.protocol import GameRules
from rules.registry import GAMES

CHARTED = ("fantasy-business", "fagins-gang")
FILE = "smithfield-chart.png"
CHART = "chart"
"""The drawer of a chart's picture (bot.render.pictures)."""

__all__ = ["CHARTED", "chart_attachment", "chart_png", "draw", "game_series", "with_chart"]


def labels(kind: str) -> BusinessLabels | GangLabels:
    """The chart's words in the language being spoken."""
    if kind == "fantasy-business":
        return BusinessLabels(
            title=_("Gold after each turn"),
            gold=_("Gold"),
            income=_("Income paid each turn"),
            prices=_("Auction prices"),
            turn=_("Turn"),
            now=_("now"),
            dash=dash(),
            final=_("final score"),
            articles=tuple((key, term(article.name)) for key, article in deck.articles().items()),
            special=_("special card"),
        )
    return GangLabels(
        title=_("Urchins at Fagin"),
        at_fagin=_("Urchins"),
        wealth=_("Wealth"),
        worth=_("shillings + cubes"),
        round=_("Round"),
        now=_("now"),
        market=_("market opened"),
        arrived=_("urchin reached Fagin"),
        dash=dash(),
        final=_("final score"),
    )


def game_series(
    rules: GameRules, players: int, options: dict[str, Any], seed: int, rows: Sequence[Any]
) -> BusinessSeries | GangSeries:
    """The series of a game, from its log replayed (public views and events only)."""
    replayed = replay(rules, players, options, seed, rows)
    if rules.kind == "fantasy-business":
        return business_series(rules, replayed)
    return gang_series(rules, replayed)


def chart_png(
    rules: GameRules,
    players: int,
    options: dict[str, Any],
    seed: int,
    rows: Sequence[Any],
    names: list[str],
    words: BusinessLabels | GangLabels,
) -> bytes:
    """Replay, read the public series and draw them (for tools and tests; the bot reads
    the series in its store thread and only draws at delivery)."""
    return draw(game_series(rules, players, options, seed, rows), names, words)


def draw(
    series: BusinessSeries | GangSeries, names: list[str], words: BusinessLabels | GangLabels
) -> bytes:
    """The chart of the series as PNG bytes: the slow part, done off the event loop."""
    from bot.render.charts import business, gang

    if isinstance(series, BusinessSeries) and isinstance(words, BusinessLabels):
        return business.draw(series, names, words)
    assert isinstance(series, GangSeries) and isinstance(words, GangLabels)
    return gang.draw(series, names, words)


def chart_attachment(table: Table, rows: Sequence[Any]) -> Attachment | None:
    """The game's chart (None for a game that has no chart, has not started, or whose
    log does not replay — a position set up by hand): `rows` is its action log, read by
    the caller in its store thread, where the series are read too."""
    game = table.game
    if game.kind not in CHARTED or GAMES.get(game.kind) is not table.rules:
        return None  # another game, or a stand-in for one (tests)
    if game.state is None:
        return None
    try:
        series = game_series(table.rules, len(table.seats), dict(game.options), game.seed, rows)
    except RuleError:
        return None
    args = {"kind": game.kind, "series": asdict(series), "names": list(table.names)}
    return Attachment(FILE, picture=Picture(CHART, {**args, "language": current()}))


def draw_picture(args: dict[str, Any]) -> bytes:
    """A chart drawn from its recipe (see `chart_attachment`; bot.render.pictures)."""
    kind = str(args["kind"])
    series: BusinessSeries | GangSeries
    if kind == "fantasy-business":
        series = TypeAdapter(BusinessSeries).validate_python(args["series"])
    else:
        series = TypeAdapter(GangSeries).validate_python(args["series"])
    with speaking(str(args["language"])):
        words = labels(kind)
    return draw(series, list(args["names"]), words)


def with_chart(table: Table, messages: list[Message], rows: Sequence[Any]) -> list[Message]:
    """The final standings with the game's chart attached to their first message."""
    chart = chart_attachment(table, rows)
    if chart is not None and messages:
        messages[0].files.append(chart)
    return messages
