"""The sandbox: the real bot in a simulated Discord, played in a browser on this machine.

A development and demonstration tool beside the bot, not part of it: it builds the bot
with the bot factory (`create_bot`) from the usual `bot.settings`, and nothing in the bot
imports it back (`python -m bot sandbox` imports it only when asked for, so the Discord
run needs no simcord). One module per part:

- `world`: the simulated server and the bot running in it (`Sandbox`, `run_sandbox`);
- `rooms`: the local page, a room list and one simcord preview per open room;
- `preview`: every simcord preview internal the rooms rely on, in one place;
- `scenes`: games played with the players' own commands, for tests, bench and pictures;
- `browser`: headless Chromium over the DevTools protocol, to look at the page;
- `screenshot`: `python -m bot.sandbox.screenshot`, the README's pictures.
"""

from bot.sandbox.world import (
    DEFAULT_PLAYERS,
    DEFAULT_PORT,
    MAX_PLAYERS,
    MAX_STEP_SECONDS,
    Sandbox,
    run_sandbox,
)

__all__ = [
    "DEFAULT_PLAYERS",
    "DEFAULT_PORT",
    "MAX_PLAYERS",
    "MAX_STEP_SECONDS",
    "Sandbox",
    "run_sandbox",
]
