"""The generic table in German: the lobby card, confirmations, take-backs, timers,
reminders, AI seats, the player's own replies, and the German `/game` command names.

Public lines are built in the table's language (a table opened with `language: de`);
private answers in the language being spoken (the player's), set here with `speaking`
and carried into the store thread the way a command's context is.
"""

import contextvars
import json
from collections.abc import Callable
from functools import partial
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.edge.failures import refusal_for
from bot.edge.translator import CommandTranslator
from bot.i18n import speaking
from bot.messages import Outcome
from bot.render.generic import language_line, lobby_embed, winners_text
from bot.service import Actor, GameService, Place
from bot.service.commands import confirm, seats, takeback
from bot.service.runtime.transaction import Tx
from bot.settings import Settings
from bot.table import Table
from bot.timing import describe_hours, stamp
from tests import raw
from tests.discord.harness import World, public, world
from tests.fakes import FAKE_GAMES, Add

HOUR = 3600.0


@pytest.fixture
def strict(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sentence without a German translation fails the test instead of showing English."""
    monkeypatch.setattr("bot.i18n.STRICT", True)


def table_of(w: World) -> Table:
    table = w.bot.service.table(w.channel.id)
    assert table is not None
    return table


async def german_table(w: World, players: int = 2, *, start: bool = True) -> None:
    host = w.players[0]
    public(await host.slash(w.channel, "game new", game="fagins-gang", language="de"))
    for member in w.players[1:players]:
        public(await member.slash(w.channel, "game join"))
    if start:
        # `/game start` hands the table's options to the rules, which do not know
        # `language` yet (the service must keep it apart: reported to the lead), so the
        # table is started in English and then turned German.
        game = w.store.open_game(w.channel.id)
        assert game is not None and game.options == {"language": "de"}
        raw.execute(str(w.settings.database_path), "UPDATE games SET options = '{}'")
        public(await host.slash(w.channel, "game start", first=host))
        started = w.store.open_game(w.channel.id)
        assert started is not None
        options = json.dumps({**started.options, "language": "de"})
        raw.execute(str(w.settings.database_path), "UPDATE games SET options = ?", (options,))
        assert table_of(w).language == "de"


def contents(w: World) -> list[str]:
    return [m.content for m in w.channel.history() if m.content]


async def in_german(service: GameService, work: Callable[..., Outcome], *args: Any) -> Outcome:
    """Store-thread work for a German-speaking player (the context goes with it)."""
    with speaking("de"):
        context = contextvars.copy_context()
    return await service.call(partial(context.run, work, *args))


def actor(w: World, index: int = 0) -> Actor:
    member = w.players[index]
    return Actor(member.id, member.name, False, "de")


def place(w: World) -> Place:
    return Place(w.channel.id, w.guild.id)


async def test_the_lobby_card_speaks_the_table_language(settings: Settings, strict: None) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        await german_table(w, start=False)
        table = table_of(w)
        assert table.language == "de"
        with table.public_voice():
            embed = lobby_embed(table)
            line = language_line(table)
        assert embed.title is not None and "Tisch offen" in embed.title
        fields = {field.name: field.value for field in embed.fields}
        assert fields["Sprache"] == "Deutsch"
        assert any(name and name.startswith("Spieler (2/") for name in fields)
        assert "alice (Gastgeber)" in str(fields[next(n for n in fields if n and "Spieler" in n)])
        assert embed.footer.text is not None and "/spiel beitreten" in embed.footer.text
        assert "table open" not in embed.title and "Players" not in str(fields)
        assert line == "🗣️ Sprache: Deutsch"
        english = lobby_embed(table)  # the English card shows the language too
        assert {f.name: f.value for f in english.fields}["Language"] == "Deutsch"


async def test_an_english_table_says_so_in_english(settings: Settings) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        public(await w.players[0].slash(w.channel, "game new", game="fagins-gang"))
        table = table_of(w)
        with table.public_voice():
            embed = lobby_embed(table)
        assert {f.name: f.value for f in embed.fields}["Language"] == "English"
        assert embed.title is not None and embed.title.endswith("— table open")


async def test_timer_pause_and_resume_are_announced_in_german(settings: Settings) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        alice = w.players[0]
        await german_table(w)
        text = public(await alice.slash(w.channel, "game timer", hours=24, remind=2))
        assert (
            "⏱️ **alice** hat den Timer gestellt: 24 Stunden pro Schritt, mit einer "
            "Erinnerung 2 Stunden vor der Frist." in text
        )
        assert "set the timer" not in text
        text = public(await alice.slash(w.channel, "game pause"))
        assert "⏸️ **alice** hat das Spiel pausiert" in text and "paused the game" not in text
        text = public(await alice.slash(w.channel, "game resume"))
        assert "▶️ **alice** hat das Spiel fortgesetzt. ⏱️ Timer: 24 Stunden pro Schritt, " in text
        assert "Erinnerung 2 Stunden vorher, aktuelle Frist <t:" in text
        assert "resumed" not in text and "per step" not in text


async def test_reminders_and_deadlines_speak_the_table_language(settings: Settings) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        alice = w.players[0]
        await german_table(w)
        public(await alice.slash(w.channel, "game timer", hours=10, remind=2))
        await w.env.advance_time(8.5 * HOUR)
        reminders = [m for m in contents(w) if m.startswith("⏳")]
        assert len(reminders) == 1
        assert reminders[0].startswith(
            f"⏳ Erinnerung: {alice.mention} – du bist am Zug. Frist <t:"
        )
        await w.env.advance_time(2 * HOUR)
        assert any(m.startswith("⏰ Die Zeit für **alice** ist abgelaufen") for m in contents(w))
        assert not any("Reminder" in m or "Time is up" in m for m in contents(w))


async def test_an_ai_seat_is_named_and_described_in_the_table_language(
    settings: Settings, strict: None
) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        await german_table(w, 1, start=False)
        text = public(await w.players[0].slash(w.channel, "game addbot", level="strong"))
        assert "🤖 **alice** hat **🤖 Nancy (stark)** an den Tisch gesetzt" in text
        assert "pro Zug ein paar Sekunden nachdenkt" in text
        assert table_of(w).names[1] == "🤖 Nancy (stark)"


async def test_confirmations_ask_in_the_players_language(settings: Settings) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        await german_table(w)
        service = w.bot.service
        asked = await in_german(service, confirm.ask, service, place(w), actor(w), "abort")
        assert asked.reply is not None
        assert asked.reply.content.startswith("❓ Dieses **")
        assert "-Spiel abbrechen? Es endet für alle, ohne Sieger" in asked.reply.content
        # Which button ends the game is plain from its words (not "Abbrechen" twice).
        assert [b.label for b in asked.reply.buttons] == [
            "Ja, Spiel abbrechen",
            "Nein, weiterspielen",
        ]
        resign = await in_german(service, confirm.ask, service, place(w), actor(w, 1), "resign")
        assert resign.reply is not None and "aufgeben?" in resign.reply.content
        assert [b.label for b in resign.reply.buttons] == ["Aufgeben", "Abbrechen"]
        bob = w.players[1].id
        kick = await in_german(service, confirm.ask, service, place(w), actor(w), "kick", bob)
        assert kick.reply is not None and "auf Autopilot stellen?" in kick.reply.content
        assert kick.reply.buttons[0].label == "Auf Autopilot stellen"
        # A refusal in German too: bob is neither host nor a mod.
        refused = await in_german(service, confirm.ask, service, place(w), actor(w, 1), "kick", 1)
        assert refused.reply is not None and not refused.accepted
        assert "Nur der Gastgeber" in refused.reply.content


async def test_take_backs_in_german(settings: Settings) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        alice = w.players[0]
        await german_table(w)
        service = w.bot.service
        nothing = await service.command(
            w.channel.id,
            partial(contextvars.copy_context().run, _german_undo, service, place(w), actor(w)),
        )
        assert nothing.reply is not None
        assert (
            nothing.reply.content
            == "❌ Es wurde noch kein Zug gemacht: Es gibt nichts zurückzunehmen."
        )
        played = await service.act(place(w), actor(w), lambda table, seat: Add(amount=1))
        assert played.accepted
        text = public(await alice.slash(w.channel, "game undo"))
        assert text.startswith("↩️ **alice** hat den eigenen letzten Zug zurückgenommen: ")
        assert "took back" not in text


def _german_undo(service: GameService, where: Place, who: Actor, tx: Tx) -> Outcome:
    with speaking("de"):
        return takeback._undo(service.engine, where, who, None, tx)


async def test_my_games_and_refusals_speak_the_players_language(settings: Settings) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        await german_table(w)
        service = w.bot.service
        mine = await in_german(service, seats._my_games, service.engine, actor(w), w.guild.id)
        assert mine.reply is not None
        assert mine.reply.content.startswith("Deine laufenden Spiele:\n• ")
        assert "wartet auf dich" in mine.reply.content
    with speaking("de"):
        failure = refusal_for(app_commands.NoPrivateMessage())
    assert failure == "❌ Dieser Befehl geht nur in einem Serverkanal, nicht in DMs."


def test_durations_and_winners_in_german(strict: None) -> None:
    with speaking("de"):
        assert describe_hours(1) == "1 Stunde"
        assert describe_hours(2) == "2 Stunden"
        assert describe_hours(1.5) == "1,5 Stunden"
        assert describe_hours(0.5) == "30 Minuten"
        assert describe_hours(0) == "ohne Zeitlimit"
        assert stamp(None) == "keine Frist"
    assert describe_hours(1.5) == "1.5 hours" and describe_hours(1) == "1 hour"


async def test_winners_are_named_in_german(settings: Settings, strict: None) -> None:
    async with world(settings, 3, games=FAKE_GAMES) as w:
        await german_table(w, 3, start=False)
        table = table_of(w)
        with speaking("de"):
            assert winners_text(table, [0]) == "**alice** gewinnt"
            assert (
                winners_text(table, [0, 1, 2])
                == "**alice** und **bob** und **carol** teilen sich den Sieg"
            )
        assert winners_text(table, [0, 1]) == "**alice** and **bob** share the win"


async def test_the_game_commands_have_german_names(settings: Settings) -> None:
    async with world(settings, 1, games=FAKE_GAMES) as w:
        tree = w.bot.tree
        game = tree.get_command("game")
        assert game is not None
        payload: Any = await game.get_translated_payload(tree, CommandTranslator())
        assert payload["name"] == "game"  # the English name keeps working
        assert payload["name_localizations"] == {"de": "spiel"}
        assert payload["description_localizations"]["de"] == "Hier ein Brettspiel spielen"
        commands = {option["name"]: option for option in payload["options"]}
        # A German name that is the English one is left to the default (`timer`).
        german = {name: c["name_localizations"].get("de", name) for name, c in commands.items()}
        assert german["new"] == "neu" and german["join"] == "beitreten"
        assert german["undo"] == "zurücknehmen" and german["timer"] == "timer"
        assert len(set(german.values())) == len(german)  # unique among siblings
        new = {option["name"]: option for option in commands["new"]["options"]}
        assert new["language"]["name_localizations"]["de"] == "sprache"
        games = tree.get_command("games")
        assert games is not None
        listed: Any = await games.get_translated_payload(tree, CommandTranslator())
        assert listed["name_localizations"]["de"] == "meine-spiele"  # not one letter from /spiel
        # The rulebook's words (seed 001): Startspieler, Warensteine, Geld stehlen.
        start = {option["name"]: option for option in commands["start"]["options"]}
        assert start["first"]["name_localizations"]["de"] == "startspieler"
        assert new["turns"]["name_localizations"]["de"] == "runden"
        for name, wanted in (("shillings", "geld"), ("discard", "zurückgeben")):
            command = tree.get_command(name)
            assert command is not None
            shown: Any = await command.get_translated_payload(tree, CommandTranslator())
            assert shown["name_localizations"]["de"] == wanted
            if name == "discard":
                assert shown["options"][0]["name_localizations"]["de"] == "warensteine"
        translator = CommandTranslator()
        context = app_commands.TranslationContext(
            app_commands.TranslationContextLocation.group_name, game
        )
        assert (
            await translator.translate(
                app_commands.locale_str("game"), discord.Locale.german, context
            )
            == "spiel"
        )
        assert (
            await translator.translate(
                app_commands.locale_str("game"), discord.Locale.french, context
            )
            is None
        )
