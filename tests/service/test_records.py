"""Results and ratings as games finish: places, time to act, missed deadlines, AI seats,
ratings that recomputing from the results reproduces, and older games recorded late (on
SQLite and on PostgreSQL)."""

from datetime import UTC, datetime, timedelta

from bot.records import ratings, results
from bot.render.generic import EventPresenter
from bot.service import Actor, GameService, Place
from bot.service.commands import deadlines, seats
from bot.store import ActionRow, open_store
from rules.protocol import Outcome
from tests import raw
from tests.fakes import FAKE_GAMES, Add

GENERIC = dict.fromkeys(FAKE_GAMES, EventPresenter())
PLACE = Place(channel_id=10, guild_id=1)
ALICE, BOB, CAROL = Actor(1, "alice"), Actor(2, "bob"), Actor(3, "carol")
START = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def add(amount: int):  # type: ignore[no-untyped-def]
    return lambda table, seat: Add(amount=amount)


async def started(
    location: str, clock: Clock, players: list[Actor], target: int, place: Place = PLACE
) -> GameService:
    """A counting game (first to reach `target` wins) with `players`, the first one first."""
    service = GameService(open_store(location), FAKE_GAMES, clock=clock, seed=3, presenters=GENERIC)
    await opened(service, place, players, target)
    return service


async def opened(service: GameService, place: Place, players: list[Actor], target: int) -> None:
    host, *others = players
    kind = "fantasy-business" if len(players) >= 3 else "fagins-gang"
    assert (await service.new_game(place, host, kind, {"turns": target})).accepted
    for actor in others:
        assert (await service.join(place, actor)).accepted
    assert (await service.start(place, host, first_user=host.user_id)).accepted


def test_winners_come_first_and_equal_scores_share_a_place() -> None:
    outcome = Outcome(winners=[2], scores={0: 5, 1: 9, 2: 9, 3: 5, 4: 1}, reason="")
    assert results.places(outcome, 5) == [3, 2, 1, 3, 5]
    shared = Outcome(winners=[0, 1], scores={0: 7, 1: 7, 2: 3}, reason="")
    assert results.places(shared, 3) == [1, 1, 3]
    unscored = Outcome(winners=[1], scores={1: 4}, reason="")  # only the winner's score
    assert results.places(unscored, 3) == [2, 1, 2]


async def test_time_to_act_runs_from_when_the_game_waits_on_a_player_to_their_move(
    store_location: str,
) -> None:
    clock = Clock()
    service = await started(store_location, clock, [ALICE, BOB], target=4)
    for actor, waited, amount in [(ALICE, 30, 2), (BOB, 60, 1), (ALICE, 10, 1)]:
        clock.wait(waited)
        assert (await service.act(PLACE, actor, add(amount))).accepted
    game = service.store.game(1)
    assert game.status == "finished" and game.recorded
    alice, bob = service.store.results_of_games([1])
    assert (alice.won, alice.place, alice.turns, alice.think_seconds) == (True, 1, 2, 40.0)
    assert (bob.won, bob.place, bob.turns, bob.think_seconds) == (False, 2, 1, 60.0)
    assert alice.finished_at == clock.now.isoformat() and alice.guild_id == 1


async def test_a_take_back_does_not_restart_the_clock(store_location: str) -> None:
    from bot.service.commands import takeback

    clock = Clock()
    service = await started(store_location, clock, [ALICE, BOB], target=3)
    clock.wait(20)
    assert (await service.act(PLACE, ALICE, add(1))).accepted
    clock.wait(5)
    assert (await takeback.undo(service.engine, PLACE, ALICE)).accepted
    clock.wait(15)
    assert (await service.act(PLACE, ALICE, add(2))).accepted
    clock.wait(7)
    assert (await service.act(PLACE, BOB, add(1))).accepted
    alice, bob = service.store.results_of_games([1])
    assert (alice.turns, alice.think_seconds) == (1, 40.0)
    assert (bob.turns, bob.think_seconds, bob.won) == (1, 7.0, True)


async def test_deadline_defaults_count_as_missed_but_autopilot_moves_do_not(
    store_location: str,
) -> None:
    clock = Clock()
    service = await started(store_location, clock, [ALICE, BOB, CAROL], target=6)
    assert (await deadlines.set_timer(service.engine, PLACE, ALICE, 1, None)).accepted
    assert (await service.act(PLACE, ALICE, add(1))).accepted
    clock.wait(2 * 3600)  # bob's hour runs out: the bot plays his default
    await deadlines.tick(service.engine, clock())
    assert (
        await seats.kick(service.engine, PLACE, ALICE, CAROL.user_id)
    ).accepted  # carol plays on
    while service.store.game(1).status != "finished":
        assert (await service.act(PLACE, ALICE, add(1))).accepted
        if service.store.game(1).status == "finished":
            break
        clock.wait(2 * 3600)
        await deadlines.tick(service.engine, clock())
    causes = {(row.seat, row.cause) for row in service.store.actions(1) if row.user_id is None}
    assert causes == {(1, "deadline"), (2, "autopilot")}
    missed = {row.display_name: row.missed for row in service.store.results_of_games([1])}
    assert missed["alice"] == 0 and missed["carol"] == 0 and missed["bob"] >= 1


def test_in_logs_older_than_records_a_bot_move_of_its_own_counts_as_missed() -> None:
    def row(seq: int, command: int | None, user_id: int | None) -> ActionRow:
        action = {"type": "add", "amount": 1}
        return ActionRow(
            game_id=1,
            seq=seq,
            user_id=user_id,
            seat=0,
            action=action,
            created_at="",
            command=command,
        )

    assert results.missed_deadline(row(5, 5, None))  # a default at a deadline (or a kick)
    assert results.missed_deadline(row(5, None, None))  # older still: no command numbers
    assert not results.missed_deadline(row(6, 5, None))  # autopilot, folded into a move
    assert not results.missed_deadline(row(5, 5, 7))  # a player's own move


async def test_ai_seats_get_results_but_no_rating(store_location: str) -> None:
    clock = Clock()
    service = await started(store_location, clock, [ALICE, BOB, CAROL], target=3)
    raw.execute(store_location, "UPDATE seats SET ai_level = 'standard' WHERE position = 2")
    for actor in (ALICE, BOB):  # carol's seat is an AI's: it plays at once after bob
        assert (await service.act(PLACE, actor, add(1))).accepted
    rows = {row.display_name: row for row in service.store.results_of_games([1])}
    assert rows["carol"].ai and rows["carol"].won
    assert not rows["alice"].ai and not rows["bob"].ai
    rated = {rating.display_name for rating in service.store.ratings(1, "fantasy-business")}
    assert rated == {"alice", "bob"}


async def test_stored_ratings_equal_ratings_recomputed_from_the_results(
    store_location: str,
) -> None:
    clock = Clock()
    service = await started(store_location, clock, [ALICE, BOB], target=2)
    for round_number in range(5):
        if round_number:
            first, second = (ALICE, BOB) if round_number % 2 else (BOB, ALICE)
            await opened(service, PLACE, [first, second], target=2 + round_number % 3)
        while service.store.open_game(PLACE.channel_id) is not None:
            game = service.store.open_game(PLACE.channel_id)
            assert game is not None
            table = service.table_for(game)
            seat = table.rules.waiting_on(table.state)[0]
            mover = ALICE if table.user_id(seat) == ALICE.user_id else BOB
            clock.wait(11)
            assert (await service.act(PLACE, mover, add(1 + round_number % 2))).accepted
    stored = service.store.ratings(1, "fagins-gang")
    assert {rating.games for rating in stored} == {5}
    assert ratings.recompute(service.store, 1, "fagins-gang") == stored
    assert service.store.ratings(1, "fagins-gang") == stored


async def test_a_game_recorded_out_of_order_makes_the_ratings_recomputed(
    store_location: str,
) -> None:
    clock = Clock()
    service = await started(store_location, clock, [ALICE, BOB], target=2)
    for actor in (ALICE, BOB):
        assert (await service.act(PLACE, actor, add(1))).accepted
    clock.now = START - timedelta(days=1)  # the next game's finish sorts before the first
    other = Place(channel_id=11, guild_id=1)
    await opened(service, other, [BOB, ALICE], target=1)
    assert (await service.act(other, BOB, add(1))).accepted
    in_order = service.store.results_in_order(1, "fagins-gang")
    assert [row.game_id for row in in_order] == [2, 2, 1, 1]
    assert sorted(ratings.compute(in_order).values(), key=lambda r: r.user_id) == (
        service.store.ratings(1, "fagins-gang")
    )


async def test_finished_games_from_before_records_are_recorded_on_demand(
    store_location: str,
) -> None:
    clock = Clock()
    service = await started(store_location, clock, [ALICE, BOB], target=2)
    for actor in (ALICE, BOB):
        clock.wait(5)
        assert (await service.act(PLACE, actor, add(1))).accepted
    before = service.store.results_of_games([1])
    rated = service.store.ratings(1, "fagins-gang")
    raw.execute(store_location, "DELETE FROM results")  # as a migrated schema-5 database has it
    raw.execute(store_location, "DELETE FROM ratings")
    raw.execute(store_location, "UPDATE games SET recorded = 0")
    assert results.backfill(service.store, service.games) is False
    after = service.store.results_of_games([1])
    untimed = [row.model_copy(update={"turns": 0, "think_seconds": 0.0}) for row in before]
    finished = service.store.game(1).updated_at
    assert after == [row.model_copy(update={"finished_at": finished}) for row in untimed]
    assert service.store.ratings(1, "fagins-gang") == rated
    assert results.backfill(service.store, service.games) is False  # nothing left to do
