"""Ratings: OpenSkill's Plackett–Luce model, per server and game, from finished games.

A multiplayer game is a ranking of its players, which is what Plackett–Luce rates: each
human player is a team of one, ranked by their place (ties share a rank). AI seats are
left out: the humans of a game are rated on their order among themselves, and a game with
fewer than two humans changes no rating, nor does a game played with hints (the coach's
`/hint`; its results are kept, marked unrated). A rating is a skill estimate `mu` with an
uncertainty `sigma`; leaderboards show the conservative `mu - 3 sigma` (OpenSkill's
ordinal), which starts at 0 and rises as a player wins and as games make it certain.

Ratings are stored, and updated in the transaction that finishes a game. They are a pure
function of the results table taken in order (finish time, then game id), so they can
always be recomputed from it (`recompute`), which is what happens when a result arrives
out of that order (an older game recorded late).
"""

from collections.abc import Iterable
from itertools import groupby

from openskill.models import PlackettLuce

from bot.store import RatingRow, ResultRow, Store

MODEL = PlackettLuce()
"""OpenSkill's defaults: mu 25, sigma 25/3 for a newcomer."""


def shown(rating: RatingRow) -> float:
    """The number a leaderboard shows and sorts by: mu - 3 sigma."""
    return rating.mu - 3 * rating.sigma


def rate(current: dict[int, RatingRow], game: list[ResultRow]) -> list[RatingRow]:
    """The new ratings of one finished game's human players (`current`: ratings so far,
    by user id; a player without one starts at the model's default)."""
    humans = [result for result in game if not result.ai and result.rated]
    if len(humans) < 2:
        return []
    teams = []
    for result in humans:
        known = current.get(result.user_id)
        if known is None:
            teams.append([MODEL.rating()])
        else:
            teams.append([MODEL.rating(mu=known.mu, sigma=known.sigma)])
    rated = MODEL.rate(teams, ranks=[float(result.place) for result in humans])
    updated = []
    for result, team in zip(humans, rated, strict=True):
        known = current.get(result.user_id)
        updated.append(
            RatingRow(
                guild_id=result.guild_id,
                kind=result.kind,
                user_id=result.user_id,
                display_name=result.display_name,
                mu=team[0].mu,
                sigma=team[0].sigma,
                games=(known.games if known else 0) + 1,
            )
        )
    return updated


def compute(results: Iterable[ResultRow]) -> dict[int, RatingRow]:
    """Ratings from results in rating order (one server's results of one game)."""
    ratings: dict[int, RatingRow] = {}
    for _, rows in groupby(results, key=lambda result: result.game_id):
        for rating in rate(ratings, list(rows)):
            ratings[rating.user_id] = rating
    return ratings


def recompute(store: Store, guild_id: int, kind: str) -> list[RatingRow]:
    """Replace a server's stored ratings of one game by those its results give."""
    store.lock_ratings(guild_id, kind)
    ratings = list(compute(store.results_in_order(guild_id, kind)).values())
    store.clear_ratings(guild_id, kind)
    store.save_ratings(ratings)
    return ratings


def update(store: Store, game: list[ResultRow]) -> None:
    """Rate a game whose results were just recorded (inside the caller's transaction)."""
    if not game:
        return
    first = game[0]
    store.lock_ratings(first.guild_id, first.kind)  # another process may finish one too
    if store.results_after(first.guild_id, first.kind, first.finished_at, first.game_id):
        recompute(store, first.guild_id, first.kind)
        return
    current = {rating.user_id: rating for rating in store.ratings(first.guild_id, first.kind)}
    store.save_ratings(rate(current, game))
