"""The game service with a tiny counting game, on both backends: transactions, refusals,
replay, locking."""

import asyncio
from datetime import UTC, datetime
from functools import partial
from typing import Any

from bot.messages import Message
from bot.render.generic import EventPresenter
from bot.service import Actor, GameService, Place
from bot.service.commands import play
from bot.store import VersionConflict, open_store
from tests.fakes import FAKE_GAMES, Add

GENERIC = dict.fromkeys(FAKE_GAMES, EventPresenter())
PLACE = Place(channel_id=10, guild_id=1)
ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")


async def running_game(location: str) -> GameService:
    service = GameService(open_store(location), FAKE_GAMES, seed=3, presenters=GENERIC)
    await service.new_game(PLACE, ALICE, "fagins-gang", {"turns": 9})
    await service.join(PLACE, BOB)
    outcome = await service.start(PLACE, ALICE, first_user=ALICE.user_id)
    assert outcome.accepted
    return service


def add(amount: int):  # type: ignore[no-untyped-def]
    return lambda table, seat: Add(amount=amount)


async def test_an_accepted_action_is_stored_with_its_log_row(store_location: str) -> None:
    service = await running_game(store_location)
    outcome = await service.act(PLACE, ALICE, add(2))
    assert outcome.accepted and "**alice** adds 2." in outcome.public[0].content
    assert outcome.public[0].mentions == [BOB.user_id]
    game = service.store.open_game(PLACE.channel_id)
    assert game is not None and game.version == 3  # joined (1), started (2), the move (3)
    assert [row.action for row in service.store.actions(game.id)] == [{"type": "add", "amount": 2}]


async def test_a_refused_action_changes_nothing(store_location: str) -> None:
    service = await running_game(store_location)
    before = service.store.open_game(PLACE.channel_id)
    outcome = await service.act(PLACE, BOB, add(1))
    assert not outcome.accepted
    assert outcome.reply is not None
    assert outcome.reply.content == "❌ It is **alice**'s turn, not yours."
    assert service.store.open_game(PLACE.channel_id) == before
    stranger = await service.act(PLACE, Actor(99, "eve"), add(1))
    assert stranger.reply is not None and "not seated" in stranger.reply.content


async def test_replaying_the_log_from_the_seed_gives_the_stored_state(store_location: str) -> None:
    service = await running_game(store_location)
    for actor, amount in [(ALICE, 1), (BOB, 3), (ALICE, 2)]:
        assert (await service.act(PLACE, actor, add(amount))).accepted
    game = service.store.open_game(PLACE.channel_id)
    assert game is not None
    rules = FAKE_GAMES[game.kind]
    assert rules.dump_state(service.replay(game.id)) == game.state


async def test_a_finished_game_is_archived_and_frees_the_channel(store_location: str) -> None:
    service = await running_game(store_location)
    actors = [ALICE, BOB]
    turn = 0
    while service.store.open_game(PLACE.channel_id) is not None:
        outcome = await service.act(PLACE, actors[turn % 2], add(3))
        assert outcome.accepted
        turn += 1
    assert "Game over" in outcome.public[-1].content
    assert service.store.games_with_status("finished")
    assert (await service.new_game(PLACE, BOB, "fagins-gang", {})).accepted


async def test_concurrent_clicks_apply_one_after_the_other(store_location: str) -> None:
    service = await running_game(store_location)
    # Alice double-clicks: both arrive together; exactly one is her turn.
    first, second = await asyncio.gather(
        service.act(PLACE, ALICE, add(1)), service.act(PLACE, ALICE, add(1))
    )
    assert sorted([first.accepted, second.accepted]) == [False, True]
    game = service.store.open_game(PLACE.channel_id)
    assert game is not None and len(service.store.actions(game.id)) == 1


async def test_a_second_process_writing_first_makes_the_stale_write_fail_cleanly(
    store_location: str,
) -> None:
    service = await running_game(store_location)
    other = GameService(open_store(store_location), FAKE_GAMES, presenters=GENERIC)
    game = service.store.open_game(PLACE.channel_id)
    assert game is not None
    table = service.table_for(game)  # read before the other process writes
    assert (await other.act(PLACE, ALICE, add(2))).accepted
    outcome = await service.command(
        PLACE.channel_id, lambda tx: play.apply(service.engine, tx, table, 0, ALICE.user_id, add(2))
    )
    assert not outcome.accepted and outcome.reply is not None
    assert "try again" in outcome.reply.content
    assert len(service.store.actions(game.id)) == 1


class ReplyingPresenter(EventPresenter):
    """Answers every move privately, as a game's presenter may (e.g. "your sheet: ...")."""

    def after_action(self, table, before, seat, action, events):  # type: ignore[no-untyped-def]
        outcome = super().after_action(table, before, seat, action, events)
        outcome.reply = Message(content=f"private news for seat {seat}")
        return outcome


async def test_a_move_the_bot_makes_for_a_seat_answers_that_seats_player_only(
    store_location: str,
) -> None:
    """A default played at a deadline answers the seat's own player (by DM), never the
    one whose command triggered it; a seat nobody plays any more (autopilot) gets none."""
    from bot.service.commands.deadlines import _expire_seat

    presenters = dict.fromkeys(FAKE_GAMES, ReplyingPresenter())
    clock = {"now": datetime(2026, 6, 1, tzinfo=UTC)}
    service = GameService(
        open_store(store_location),
        FAKE_GAMES,
        seed=3,
        presenters=presenters,
        clock=lambda: clock["now"],
    )
    await service.new_game(PLACE, ALICE, "fagins-gang", {"turns": 9})
    await service.join(PLACE, BOB)
    await service.start(PLACE, ALICE, first_user=BOB.user_id)
    game = service.store.open_game(PLACE.channel_id)
    assert game is not None
    game = service.store.update_game(game, now=clock["now"], deadline=clock["now"].isoformat())

    outcome = await service.command(
        PLACE.channel_id, partial(_expire_seat, service.engine, game.id, 1, clock["now"])
    )  # bob's time ran out: the bot plays his default

    assert outcome.accepted and outcome.reply is None
    assert [(p.user_id, p.message.content) for p in outcome.private] == [
        (BOB.user_id, "private news for seat 1")
    ]

    service.store.update_seat(game.id, 1, autopilot=True)  # bob leaves: autopilot
    outcome = await service.act(PLACE, ALICE, add(1))  # bob's seat answers at once
    assert outcome.accepted and outcome.reply is not None  # alice's own answer
    assert outcome.private == []  # nobody plays bob's seat to be told


async def test_a_race_lost_to_another_process_is_run_again_on_fresh_reads(
    store_location: str,
) -> None:
    """A version conflict or a deadlock (VersionConflict) inside a command rolls it back
    and runs it again: the player's move is accepted once, not refused."""
    service = await running_game(store_location)
    real_update = service.store.update_game
    failures = iter([True])

    def racing_update(game: Any, **kwargs: Any) -> Any:
        if next(failures, False):
            raise VersionConflict("another process wrote first")
        return real_update(game, **kwargs)

    service.store.update_game = racing_update  # type: ignore[method-assign]
    outcome = await service.act(PLACE, ALICE, add(2))
    assert outcome.accepted, outcome.reply
    game = service.store.open_game(PLACE.channel_id)
    assert game is not None and game.version == 3
    assert [row.action for row in service.store.actions(game.id)] == [{"type": "add", "amount": 2}]
