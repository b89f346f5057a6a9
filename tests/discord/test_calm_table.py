"""A calm table: whole games read as a non-player reads them after a day away.

After every accepted action of a whole game of each kind: at most one public message
carries live buttons (the current step's table message) and every message a newer step
replaced carries none; on average a move adds at most four lines. A restart in the
middle of a step keeps editing the same table message. Set SMITHFIELD_TRANSCRIPT to a
folder to write what the onlooker saw, for reading.
"""

import os
from pathlib import Path

import discord

from bot.settings import Settings
from rules.fagins_gang import Buy, MarketPass, OpenMarket, Sell
from tests.discord.calm import Calm, live_buttons, text_lines
from tests.discord.fg_support import greedy_action, play, start_game, state_of
from tests.discord.harness import World, world
from tests.discord.test_fb_play import Driver

MOST_LINES_PER_ACTION = 4.0


def transcript(name: str, messages: list[discord.Message], calm: Calm) -> None:
    folder = os.environ.get("SMITHFIELD_TRANSCRIPT")
    if not folder:
        return
    lines = [
        f"{calm.actions} accepted actions, {calm.new_messages} public messages, "
        f"{calm.new_lines} lines ({calm.lines_per_action:.2f} a move)",
        "",
    ]
    for message in messages:
        lines.append(f"--- [{text_lines(message)} lines] buttons={live_buttons(message)}")
        lines.append(message.content or "")
        for embed in message.embeds:
            lines.append(f"  [embed] {embed.title}")
            if embed.description:
                lines.append("  " + embed.description.replace("\n", "\n  "))
            for item in embed.fields:
                lines.append(f"  * {item.name}: {item.value}".replace("\n", " / "))
            if embed.footer.text:
                lines.append(f"  ({embed.footer.text})")
        if message.attachments:
            lines.append(f"  [files] {[a.filename for a in message.attachments]}")
    Path(folder).mkdir(parents=True, exist_ok=True)
    (Path(folder) / f"{name}.txt").write_text("\n".join(lines))


async def test_a_fantasy_business_game_keeps_one_live_message_and_short_moves(
    settings: Settings,
) -> None:
    async with world(settings, 4) as w:
        driver = Driver(w)
        await driver.start(turns=2)
        driver.calm = Calm(w)
        await driver.play_game()
        calm = driver.calm
        transcript("fantasy-business", calm.history(), calm)
        assert calm.actions > 40
        assert calm.lines_per_action <= MOST_LINES_PER_ACTION, calm.lines_per_action
        assert not any(live_buttons(m) for m in calm.history())  # the game is over


async def play_fagins_gang(w: World, calm: Calm) -> None:
    """Greedy moves, with the market opened now and then and a few trades in it."""
    trades = 0
    while w.store.open_game(w.channel.id) is not None:
        state = state_of(w)
        table = w.bot.service.table(w.channel.id)
        assert table is not None
        seat = table.rules.waiting_on(state)[0]
        action = greedy_action(state, seat)
        if state.phase == "actions" and state.round % 2 == 0 and seat == state.first_player:
            action = OpenMarket()
        elif state.phase == "market":
            trades += 1
            legal = [a for a in table.rules.legal_actions(state, seat) if isinstance(a, Buy | Sell)]
            action = legal[trades % len(legal)] if legal and trades % 4 else MarketPass()
        result = await play(w, seat, action)
        assert result.response is None or not (result.response.content or "").startswith("❌")
        calm.check()


async def test_a_fagins_gang_game_keeps_one_live_message_and_short_moves(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        await start_game(w, round_limit=6)
        calm = Calm(w)
        await play_fagins_gang(w, calm)
        transcript("fagins-gang", calm.history(), calm)
        assert calm.actions > 20
        assert calm.lines_per_action <= MOST_LINES_PER_ACTION, calm.lines_per_action
        assert not any(live_buttons(m) for m in calm.history())
