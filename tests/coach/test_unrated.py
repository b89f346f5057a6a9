"""A game played with hints changes no rating, also when ratings are recomputed."""

from bot.records import ratings
from bot.store import ResultRow


def results(game_id: int, rated: bool) -> list[ResultRow]:
    return [
        ResultRow(
            game_id=game_id,
            position=seat,
            guild_id=1,
            kind="fagins-gang",
            user_id=100 + seat,
            display_name=name,
            ai=False,
            players=2,
            place=seat + 1,
            score=10 - seat,
            won=seat == 0,
            finished_at=f"2026-12-0{game_id}T00:00:00",
            rated=rated,
        )
        for seat, name in enumerate(["alice", "bob"])
    ]


def test_a_hinted_game_is_left_out_of_the_ratings() -> None:
    assert ratings.rate({}, results(1, rated=False)) == []
    rated = ratings.compute([*results(1, rated=True), *results(2, rated=False)])
    assert {rating.user_id: rating.games for rating in rated.values()} == {100: 1, 101: 1}
    alone = ratings.compute(results(1, rated=True))
    assert rated == alone
