"""A running game's export holds public events only: no price before its reveal, no special
card named before it is played, no seed, no action (checked as the other secrecy tests
check the channel: `test_fb_play.assert_no_price_leaks` and
`assert_specials_hidden_until_played`)."""

import json
import re
from pathlib import Path
from typing import Any

from bot.settings import Settings
from rules.fantasy_business import deck
from tests.discord.harness import World, public, world
from tests.discord.test_fb_play import Driver

REVEAL = re.compile(r"Turn (\d+): all price sheets are revealed")


async def exported(w: World, member: int = 2) -> dict[str, Any]:
    """`/game export` of the channel's running game, as a player would download it."""
    result = await w.players[member].slash(w.channel, "game export")
    assert result.ephemeral and result.response is not None
    assert "public record" in (result.response.content or "")
    (attachment,) = result.response.attachments
    document: dict[str, Any] = json.loads(await attachment.read())
    return document


SPECIALS_SEED = 1
"""A seed whose deals put a special card in the centre in both turns of the game below
(with the generator of games started today, see `rules.rng`)."""


def assert_public_only(document: dict[str, Any]) -> None:
    assert document["public_only"] is True
    assert document["seed"] is None and document["log"] is None and document["result"] is None
    text = json.dumps(document)
    assert '"action"' not in text and '"type"' not in text  # no action leaves the bot
    assert set(document) >= {"events", "seats", "options", "rules_data"}


def assert_no_unrevealed_price(document: dict[str, Any], prices: dict[int, dict[str, int]]) -> int:
    """No event since the last reveal (the move that revealed, with its income, included)
    shows a price set on this turn's sheets; returns how many prices were checked."""
    events = document["events"]
    revealed = max((e["seq"] for e in events if REVEAL.search(e["text"])), default=-1)
    since = [event for event in events if event["seq"] > revealed]
    checked = 0
    for sheet in prices.values():
        for key, price in sheet.items():
            leak = re.compile(rf"{deck.article(key).name}[^\d\n]{{0,30}}\b{price}\b")
            for event in since:
                assert not leak.search(event["text"]), (key, price, event)
            checked += 1
    return checked


def assert_specials_hidden(document: dict[str, Any]) -> None:
    """A special's name appears only from the event announcing its play."""
    texts = [event["text"] for event in document["events"]]
    for special in deck.specials().values():
        name = re.compile(rf"\b{special.name}\b")
        played = re.compile(rf"plays (an? )?{special.name}\b")
        for text in texts:
            if played.search(text):
                break
            assert not name.search(text), (special.name, text)


async def test_a_running_games_export_never_holds_a_secret(
    settings: Settings, tmp_path: Path
) -> None:
    settings = settings.model_copy(update={"seed": SPECIALS_SEED})
    async with world(settings, 3) as w:
        driver = Driver(w)
        await driver.start(turns=2)
        checked = 0
        exports = 0
        for turn in (1, 2):
            await driver.play_auctions()
            assert any(driver.state.specials), "someone holds a special card face down"
            document = await exported(w)
            exports += 1
            assert_public_only(document)
            assert_specials_hidden(document)  # cards won at auction stay unnamed
            for seat in range(3):
                if turn % 2 == 0 and driver.state.specials[seat]:
                    await driver.play_special(seat)
                await driver.set_prices(seat, turn)
                if seat < 2:  # the sheets are still secret: one is missing
                    document = await exported(w, member=seat)
                    exports += 1
                    assert_public_only(document)
                    assert_specials_hidden(document)
                    checked += assert_no_unrevealed_price(document, driver.prices[turn])
            driver.check_reveal(turn)
        assert checked > 0 and exports == 6
        # Once the game is over the export is the full record, prices and all.
        assert w.store.open_game(w.channel.id) is None
        result = await w.players[0].slash(w.channel, "game export")
        assert "replay file" in (result.response.content or "")


async def test_an_aborted_games_export_is_public_only(settings: Settings) -> None:
    async with world(settings, 3) as w:
        driver = Driver(w)
        await driver.start(turns=1)
        await driver.play_auctions()
        await driver.set_prices(0, 1)
        game_id = driver.game_id
        asked = await w.players[0].slash(w.channel, "game abort")
        await w.players[0].click(asked.response, label="Yes, abort the game")
        result = await w.players[1].slash(w.channel, "game export", game=game_id)
        assert result.response is not None and "was aborted" in result.response.content
        (attachment,) = result.response.attachments
        document = json.loads(await attachment.read())
        assert_public_only(document)
        assert assert_no_unrevealed_price(document, driver.prices[1]) > 0


async def test_a_running_games_export_tells_a_take_back_in_words(settings: Settings) -> None:
    async with world(settings, 3) as w:
        alice, bob, _carol = w.players
        public(await alice.slash(w.channel, "game new", game="fantasy-business"))
        for member in w.players[1:]:
            public(await member.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start", first=alice))
        public(await alice.slash(w.channel, "auction", card=1))
        public(await bob.slash(w.channel, "pass"))
        public(await bob.slash(w.channel, "game undo"))
        result = await bob.slash(w.channel, "game export")
        (attachment,) = result.response.attachments
        document = json.loads(await attachment.read())
        texts = [event["text"] for event in document["events"]]
        assert "bob took back their pass." in texts, texts
        assert "bob passes." not in texts  # what was taken back no longer stands
        assert not any("moves from" in text for text in texts)
