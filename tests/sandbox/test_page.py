"""A person plays in the sandbox's page: loopback HTTP only, through the preview's own API."""

import aiohttp

from bot.sandbox import Sandbox
from bot.sandbox.rooms import SECRET_HEADER
from bot.sandbox.scenes import started_fantasy_business
from bot.settings import Settings
from rules.fantasy_business import deck
from tests.sandbox.preview_client import PreviewPage, open_room, poll_until, split


async def test_the_room_list_is_a_loopback_page_and_opening_a_room_needs_the_secret(
    settings: Settings,
) -> None:
    async with (
        Sandbox(settings, players=2, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        base, _secret = split(sandbox.url)
        assert base.startswith("http://127.0.0.1:")
        async with http.get(f"{base}/") as response:
            assert response.status == 200
            assert response.content_type == "text/html"
            page = await response.text()
        assert "#table" in page
        assert 'data-room="dm-alice"' in page and 'data-room="dm-bob"' in page
        async with http.post(f"{base}/sandbox/rooms/table") as response:
            assert response.status == 401
        async with http.post(
            f"{base}/sandbox/rooms/table", headers={SECRET_HEADER: "guess"}
        ) as response:
            assert response.status == 401
        # A page reached through another host name (DNS rebinding) is refused.
        async with http.get(f"{base}/", headers={"Host": "evil.example"}) as response:
            assert response.status == 403


async def test_a_rooms_page_needs_its_capability_a_loopback_host_and_its_own_origin(
    settings: Settings,
) -> None:
    async with (
        Sandbox(settings, players=2, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        url = await open_room(http, sandbox, "table")
        base, capability = split(url)
        assert url.startswith(f"{base}/room/table#")
        assert str(sandbox.rooms.preview("table").url).startswith("http://127.0.0.1:")
        async with http.get(f"{base}/room/table") as response:
            assert response.status == 200 and response.content_type == "text/html"
        async with http.get(f"{base}/room/table", headers={"Host": "evil.example"}) as response:
            assert response.status == 403
        for headers, status in (
            ({}, 401),
            ({"X-Simcord-Capability": "guess"}, 401),
            ({"X-Simcord-Capability": capability, "Host": "evil.example"}, 403),
            ({"X-Simcord-Capability": capability, "Origin": "http://evil.example"}, 403),
            ({"X-Simcord-Capability": capability, "Origin": base}, 200),
        ):
            async with http.post(f"{base}/api/pages", json={}, headers=headers) as response:
                assert response.status == status, headers


async def test_a_room_closed_from_its_page_opens_again(settings: Settings) -> None:
    async with (
        Sandbox(settings, players=2, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        dm = await PreviewPage(http, await open_room(http, sandbox, "dm-alice")).open()
        table = await PreviewPage(http, await open_room(http, sandbox, "table")).open()
        await table.act("close")
        await poll_until(dm, lambda _state: sandbox.rooms.open_rooms == ["dm-alice"])
        async with http.get(f"{table.base}/api/state", headers=table.headers) as response:
            assert response.status == 401

        again = await PreviewPage(http, await open_room(http, sandbox, "table")).open()
        await again.run("rules")
        await dm.run("rules")


async def test_a_player_runs_a_slash_command_through_the_preview_api(settings: Settings) -> None:
    async with (
        Sandbox(settings, players=4, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        url = await open_room(http, sandbox, "table")
        base, _capability = split(url)
        assert base.startswith("http://127.0.0.1:")
        async with http.get(f"{base}/") as response:
            assert response.status == 200 and response.content_type == "text/html"
        page = await PreviewPage(http, url).open()
        names = [viewer["name"] for viewer in page.page["viewers"]]
        assert names == ["alice", "bob", "carol", "dave"]

        result = await page.run("game new", game="fantasy-business")

        [outcome] = result["outcomes"]
        await page.state()
        reply = page.message(outcome["messageId"])
        assert reply["author"]["name"] == "Smithfield"
        assert "Fantasy Business" in reply["content"]
        # The answer, then the lobby's table message below it.
        answer, lobby = sandbox.world.table.history()[-2:]
        assert answer.id == int(outcome["messageId"]) and lobby.embeds


async def test_any_player_joins_through_the_viewer_switch(settings: Settings) -> None:
    async with (
        Sandbox(settings, players=3, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        page = await PreviewPage(http, await open_room(http, sandbox, "table")).open()
        await page.run("game new", game="fagins-gang")
        bob = sandbox.world.players[1]
        await page.act_as(bob.id)

        await page.run("game join")

        assert (await page.state())["viewerId"] == str(bob.id)
        assert "bob" in sandbox.world.table.last_message.content


async def test_autocomplete_answers_in_the_page(settings: Settings) -> None:
    async with (
        Sandbox(settings, players=3, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        world = sandbox.world
        await world.players[0].slash(world.table, "game new", game="fagins-gang")
        for player in world.players[1:]:
            await player.slash(world.table, "game join")
        await world.players[0].slash(world.table, "game start")
        page = await PreviewPage(http, await open_room(http, sandbox, "table")).open()

        choices = await page.autocomplete("move", "plan", "th")

        assert choices and all("thames" in choice["name"] for choice in choices)


async def test_a_players_dms_are_a_room_of_their_own(settings: Settings) -> None:
    async with (
        Sandbox(settings, players=3, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        await started_fantasy_business(sandbox)
        bob = sandbox.world.players[1]
        page = await PreviewPage(http, await open_room(http, sandbox, "dm-bob")).open()
        assert [viewer["name"] for viewer in page.page["viewers"]] == ["bob"]
        assert page.page["channel"]["guildId"] is None

        result = await page.run("hand")

        [outcome] = result["outcomes"]
        await page.state()
        reply = page.message(outcome["messageId"])
        assert reply["author"]["name"] == "Smithfield"
        assert int(reply["channel_id"]) == bob.user.dm_channel.id


async def test_a_table_and_a_dm_room_stay_open_side_by_side(settings: Settings) -> None:
    """Two tabs: #table as the host and dave's DMs; each keeps acting and seeing."""
    async with (
        Sandbox(settings, players=4, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        world = sandbox.world
        await started_fantasy_business(sandbox)
        alice, _bob, carol, dave = world.players
        table_url = await open_room(http, sandbox, "table")
        dm_url = await open_room(http, sandbox, "dm-dave")
        assert await open_room(http, sandbox, "table") == table_url
        assert sorted(sandbox.rooms.open_rooms) == ["dm-dave", "table"]
        table = await PreviewPage(http, table_url).open(alice.id)
        dm = await PreviewPage(http, dm_url).open()
        seen = set((await dm.state())["messages"])

        # A move in #table that DMs dave reaches the DM tab, which only polls.
        await table.run("game replace", old=str(carol.id), new=str(dave.id))
        dm_message = dave.user.dm_channel.last_message
        assert dm_message is not None and str(dm_message.id) not in seen
        shown = await poll_until(dm, lambda state: str(dm_message.id) in state["messages"])
        assert shown["messages"][str(dm_message.id)]["author"]["name"] == "Smithfield"

        # Both tabs still act, one after the other, with neither interrupted.
        await dm.run("hand")
        await table.run("game status")
        assert (await table.state())["status"] == "current"
        assert (await dm.state())["status"] == "current"


async def test_buttons_and_modals_work_in_the_page(settings: Settings) -> None:
    """Bid with an auction button in #table, then set a price in the DM sheet's modal."""
    async with (
        Sandbox(settings, players=3, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        world = sandbox.world
        service = sandbox.bot.service
        await started_fantasy_business(sandbox)
        game = service.table(world.table.id)
        assert game is not None
        first_buyer = world.players[game.state.first_buyer]
        table = await PreviewPage(http, await open_room(http, sandbox, "table")).open(
            first_buyer.id
        )
        # An article card, so that its buyer has an article to price below.
        article = next(c for c in game.state.centre if deck.card(c).kind == "article")
        await table.run("auction", card=str(game.state.label(article)))
        game = service.table(world.table.id)
        assert game is not None and game.state.auction is not None
        bidder = world.players[game.state.auction.to_act]
        await table.act_as(bidder.id)
        auction = next(m for m in reversed(world.table.history()) if m.components)
        label = next(
            b.label for row in auction.components for b in row.children if b.label.startswith("Bid")
        )
        await table.click(auction.id, label)
        said = [m for m in world.table.history() if m.content][-1]
        assert f"**{bidder.user.name}** bids" in said.content

        # Finish the auctions with the players' own commands, then price in a DM room.
        while (game := service.table(world.table.id)) is not None and game.state.phase == "auction":
            seat = game.rules.waiting_on(game.state)[0]
            member = world.players[seat]
            if game.state.auction is None:
                card = game.state.label(game.state.centre[0])
                await member.slash(world.table, "auction", card=card)
            else:
                await member.slash(world.table, "pass")
        game = service.table(world.table.id)
        assert game is not None
        owner = next(seat for seat in range(3) if game.state.articles[seat])
        member = world.players[owner]
        dm = await PreviewPage(
            http, await open_room(http, sandbox, f"dm-{member.user.name}")
        ).open()
        sheet = next(m for m in reversed(member.user.dm_channel.history()) if m.components)
        await dm.click(sheet.id, "Set prices")
        fields = await dm.modal_fields()
        article = next(iter(fields))
        await dm.submit_modal({article: "9"})
        after = service.table(world.table.id)
        assert after is not None and after.state.sheets[owner].prices[article] == 9


async def test_one_person_plays_against_ais_in_the_page(settings: Settings) -> None:
    """The sandbox with a single player: AIs fill the table and answer every move."""
    async with (
        Sandbox(settings, players=1, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        page = await PreviewPage(http, await open_room(http, sandbox, "table")).open()
        await page.run("game new", game="fagins-gang")
        await page.run("game addbot")
        await page.run("game addbot", level="random")
        await page.run("game start", first=str(sandbox.world.players[0].id))
        await page.run("skip")
        table = sandbox.bot.service.table(sandbox.world.table.id)
        assert table is not None and [s.is_ai for s in table.seats] == [False, True, True]
        log = sandbox.bot.service.store.actions(table.game.id)
        assert log[0].seat == 0 and {row.seat for row in log[1:]} == {1, 2}  # AIs answered
        assert table.rules.waiting_on(table.state) == [0]  # at once, back to the person
