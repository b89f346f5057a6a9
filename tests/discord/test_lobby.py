"""The lobby through the real bot: `/game new|join|leave|start|status|abort|log`."""

import pytest

from bot.settings import Settings
from tests.discord.harness import World, confirm, last_said, public, refused, world
from tests.fakes import FAKE_GAMES


async def open_table(w: World, game: str = "fagins-gang", channel=None, **options) -> None:  # type: ignore[no-untyped-def]
    result = await w.players[0].slash(channel or w.channel, "game new", game=game, **options)
    assert "opened" in public(result)


async def test_lobby_happy_path_in_a_text_channel(settings: Settings) -> None:
    async with world(settings, 3, games=FAKE_GAMES) as w:
        alice, bob, carol = w.players
        await open_table(w)
        assert "joined" in public(await bob.slash(w.channel, "game join"))
        assert "joined" in public(await carol.slash(w.channel, "game join"))
        assert "left" in public(await carol.slash(w.channel, "game leave"))

        status = await bob.slash(w.channel, "game status")
        players = status.response.embeds[0].fields[0]
        assert players.name.startswith("Players (2/")
        assert "alice (host)" in players.value and "bob" in players.value

        started = public(await alice.slash(w.channel, "game start", first=bob))
        assert "begins" in started and bob.mention in started
        # The lobby card, above the join lines, closes as a summary of the lobby: it does
        # not point "below" past the lines that follow it.
        history = w.channel.history()
        (card,) = [m for m in history if (m.content or "").startswith("✔️")]
        assert card.content == "✔️ Table closed: **alice** and **bob** sat down, and the game began."
        assert not card.embeds and not card.components
        assert history.index(card) < next(
            i for i, m in enumerate(history) if "joined" in (m.content or "")
        )
        game = w.store.open_game(w.channel.id)
        assert game is not None and game.status == "active"
        assert [s.user_id for s in w.store.seats(game.id)] == [alice.id, bob.id]

        log = await alice.slash(w.channel, "game log")
        assert log.ephemeral and "No moves" in (log.response.content or "")

        asked = await alice.slash(w.channel, "game abort")
        assert w.store.open_game(w.channel.id) is not None  # nothing happens before Confirm
        done = await confirm(alice, asked, "Yes, abort the game")
        assert done.response is not None and not done.response.components  # no buttons left
        assert "aborted" in last_said(w.channel)
        assert w.store.open_game(w.channel.id) is None
        # The channel is free again.
        await open_table(w, game="fantasy-business")


async def test_lobby_works_in_a_thread_independently_of_its_channel(settings: Settings) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        alice, bob = w.players
        thread = w.thread()
        await open_table(w, channel=thread)
        await open_table(w)  # the parent channel has its own table
        assert "joined" in public(await bob.slash(thread, "game join"))
        assert "begins" in public(await alice.slash(thread, "game start"))
        in_thread = w.store.open_game(thread.id)
        in_channel = w.store.open_game(w.channel.id)
        assert in_thread is not None and in_thread.status == "active"
        assert in_channel is not None and in_channel.status == "lobby"
        assert thread.last_message is not None and "begins" in thread.last_message.content


async def test_leaving_host_hands_the_table_on_and_last_leaver_closes_it(
    settings: Settings,
) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        alice, bob = w.players
        await open_table(w)
        await bob.slash(w.channel, "game join")
        text = public(await alice.slash(w.channel, "game leave"))
        assert "bob** is now the host" in text
        game = w.store.open_game(w.channel.id)
        assert game is not None and game.host_id == bob.id
        assert "closed" in public(await bob.slash(w.channel, "game leave"))
        assert w.store.open_game(w.channel.id) is None


async def test_manage_channels_member_may_abort_someone_elses_game(settings: Settings) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        mod = w.member_with_manage_channels()
        await open_table(w)
        await confirm(mod, await mod.slash(w.channel, "game abort"), "Yes, close the table")
        assert "aborted" in last_said(w.channel)


REFUSALS = [
    # (who, command, options, expected reason fragment, setup)
    ("bob", "game join", {}, "already seated", "lobby+bob"),
    ("bob", "game start", {}, "Only the host", "lobby+bob"),
    ("alice", "game start", {}, "needs at least 2 players", "lobby"),
    ("carol", "game leave", {}, "not seated", "lobby+bob"),
    ("bob", "game abort", {}, "Only the host", "lobby+bob"),
    ("bob", "game new", {"game": "fantasy-business"}, "already has a lobby", "lobby+bob"),
    ("bob", "game status", {}, "no game in this channel", "none"),
    ("bob", "game join", {}, "no game in this channel", "none"),
    ("bob", "game start", {}, "no game in this channel", "none"),
    ("bob", "game abort", {}, "no game in this channel", "none"),
    ("bob", "game log", {}, "no game in this channel", "none"),
    ("carol", "game join", {}, "already started", "running"),
    ("bob", "game leave", {}, "has started", "running"),
    ("alice", "game start", {}, "already started", "running"),
    ("bob", "game new", {"game": "fagins-gang"}, "already has a running game", "running"),
    ("alice", "game start", {"first": "carol"}, "not seated", "lobby+bob"),
    ("alice", "game new", {"game": "fantasy-business", "round_limit": 3}, "not an option", "none"),
]


@pytest.mark.parametrize(("who", "command", "options", "reason", "setup"), REFUSALS)
async def test_refusals_are_ephemeral_give_a_reason_and_change_nothing(
    settings: Settings, who: str, command: str, options: dict[str, object], reason: str, setup: str
) -> None:
    async with world(settings, 3, games=FAKE_GAMES) as w:
        alice, bob, carol = w.players
        people = {"alice": alice, "bob": bob, "carol": carol}
        if setup != "none":
            await open_table(w)
        if setup in {"lobby+bob", "running"}:
            await bob.slash(w.channel, "game join")
        if setup == "running":
            await alice.slash(w.channel, "game start")
        before = w.snapshot()
        resolved = {k: people.get(v, v) if isinstance(v, str) else v for k, v in options.items()}
        if command == "game new" and "game" in options:
            resolved["game"] = options["game"]
        result = await people[who].slash(w.channel, command, **resolved)
        assert reason in refused(result)
        assert w.snapshot() == before


async def test_a_full_table_refuses_another_player(settings: Settings) -> None:
    async with world(settings, 7, games=FAKE_GAMES) as w:
        await open_table(w)  # Fagin's Gang seats at most 6
        for member in w.players[1:6]:
            public(await member.slash(w.channel, "game join"))
        before = w.snapshot()
        assert "table is full" in refused(await w.players[6].slash(w.channel, "game join"))
        assert w.snapshot() == before


async def test_a_table_cannot_be_opened_in_a_dm_where_it_would_hide_the_players_games(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        public(await alice.slash(w.channel, "game new", game="fantasy-business"))
        public(await bob.slash(w.channel, "game join"))
        public(await carol.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start", first=alice))
        before = w.snapshot()
        text = refused(await alice.user.slash("game new", game="fagins-gang"))
        assert "server channel or thread" in text
        assert w.snapshot() == before
        # DM commands still find alice's running game.
        sheet = await alice.user.slash("sheet")
        assert sheet.ephemeral and sheet.response.embeds
