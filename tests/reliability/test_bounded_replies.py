"""What a player typed is quoted briefly, and no answer passes Discord's limits: a
2,001-character option is refused with ❌ (not ⚠️ from a failed send), and a long log
still fits one message."""

import pytest

from bot.limits import CONTENT
from bot.settings import Settings
from tests.discord.harness import World, public, refused, world

LONG = "x" * 2001


async def fantasy_business(w: World) -> None:
    alice, bob, carol = w.players[:3]
    public(await alice.slash(w.channel, "game new", game="fantasy-business"))
    public(await bob.slash(w.channel, "game join"))
    public(await carol.slash(w.channel, "game join"))
    public(await alice.slash(w.channel, "game start", first=alice))


async def fagins_gang(w: World) -> None:
    alice, bob = w.players[:2]
    public(await alice.slash(w.channel, "game new", game="fagins-gang"))
    public(await bob.slash(w.channel, "game join"))
    public(await alice.slash(w.channel, "game start", first=alice))


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("price", {"article": LONG, "amount": 5}),
        ("play", {"card": LONG}),
        ("give", {"article": LONG}),
        ("give", {"card": LONG}),
    ],
)
async def test_fantasy_business_quotes_overlong_names_briefly(
    settings: Settings, command: str, options: dict[str, object]
) -> None:
    async with world(settings, 3) as w:
        await fantasy_business(w)
        if command == "give":
            options = {**options, "member": w.players[1]}
        text = refused(await w.players[0].slash(w.channel, command, **options))
        assert len(text) < 200, text
        assert "xxxxxxxx…" in text


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("move", {"plan": LONG}),
        ("move", {"plan": "thames up " + "9" * 1990}),
        ("steal", {"plan": LONG}),
        ("shillings", {"locations": LONG}),
        ("discard", {"cubes": LONG}),
        ("market buy", {"colours": LONG}),
    ],
)
async def test_fagins_gang_quotes_overlong_plans_briefly(
    settings: Settings, command: str, options: dict[str, object]
) -> None:
    async with world(settings, 2) as w:
        await fagins_gang(w)
        text = refused(await w.players[0].slash(w.channel, command, **options))
        assert len(text) < 300, text


async def test_a_long_log_fits_one_message(settings: Settings) -> None:
    async with world(settings, 2) as w:
        await fagins_gang(w)
        alice, bob = w.players[:2]
        plan = "thames enter; chertsey enter; covent enter"
        for _ in range(25):
            for player in (alice, bob):
                await player.slash(w.channel, "skip")
        await alice.slash(w.channel, "move", plan=plan)
        result = await alice.slash(w.channel, "game log", count=50)
        assert result.ephemeral and result.response is not None
        text = result.response.content
        assert 0 < len(text) <= CONTENT
