"""A German player's hint: German words, the command as a German client lists it, and
typed back as written (through the German names, as the client sends them)."""

from typing import Any

import pytest

from bot.i18n import command_word, speaking
from bot.render.coach.typed import read_back
from bot.service.commands import coach as hint
from bot.settings import Settings
from rules.fagins_gang import RULES
from tests.discord.fg_support import player, state_of
from tests.discord.german import english_in, german_clients, german_path
from tests.discord.harness import public, world

OPTIONS = ("plan", "locations", "colours", "cubes")


def _internal_option(name: str) -> str:
    with speaking("de"):
        known = {command_word(word): word for word in OPTIONS}
    return known.get(name, name)


async def test_a_german_player_gets_a_german_hint_they_can_type(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hint, "HINT_SECONDS", 0.05)
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        with german_clients(monkeypatch, {alice.id, bob.id, carol.id}):
            public(
                await alice.slash(
                    w.channel, "game new", game="fagins-gang", language="de", hints=True
                )
            )
            for member in (bob, carol):
                public(await member.slash(w.channel, "game join"))
            public(await alice.slash(w.channel, "game start", first=alice))
            for _ in range(3):
                member = player(w, RULES.waiting_on(state_of(w))[0])
                asked = await member.slash(w.channel, german_path(w, member, "tipp"))
                reply = asked.response.content or ""
                assert asked.ephemeral and reply.startswith("💡 Die starke KI würde spielen: `/")
                assert not english_in(reply), english_in(reply)
                path, options = read_back(reply)
                values: dict[str, Any] = {_internal_option(k): v for k, v in options.items()}
                done = await member.slash(w.channel, german_path(w, member, path), **values)
                assert not (done.response.content or "").startswith("❌"), done.response.content
