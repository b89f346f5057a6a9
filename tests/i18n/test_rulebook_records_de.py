"""`/rules` and the records commands in German: every topic and reply speaks German (no
English sentence left), the commands they quote carry their German names, and the German
rules text still takes its numbers from the data files."""

import re
from typing import Any

import pytest

from bot import rulebook
from bot.i18n import speaking
from bot.settings import Settings
from tests.discord.harness import refused, world
from tests.discord.test_records import finish_fb, private
from tests.discord.test_rulebook import edited_data, text_of
from tests.fakes import FAKE_GAMES


@pytest.fixture
def strict(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sentence without a German translation raises instead of showing English."""
    monkeypatch.setattr("bot.i18n.STRICT", True)


def german_players(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every interaction from now on comes from a client set to German."""
    monkeypatch.setattr("cogs.context.language_of", lambda locale: "de")


def sentences(text: str) -> list[str]:
    """The English text's sentences and clauses long enough to be words, not names (code
    spans, the command syntax and plans, left out)."""
    parts = re.split(r"(?<=[.;:!?])\s+|\n|`[^`]*`", text)
    return [part.strip() for part in parts if len(part.strip()) > 25]


def english_left(english: str, german: str) -> list[str]:
    return [sentence for sentence in sentences(english) if sentence in german]


@pytest.mark.parametrize("topic", sorted(rulebook.TITLES))
@pytest.mark.usefixtures("strict")
def test_each_topic_reads_german_with_no_english_sentence(topic: str) -> None:
    data = rulebook.rules_data()
    for table in (
        None,
        rulebook.TableRules(kind="fagins-gang", options={"round_limit": 20}, players=3),
        rulebook.TableRules(kind="fantasy-business", options={"low_prices": True}, players=4),
    ):
        english_title, english = rulebook.topics(data, table)[topic]
        with speaking("de"):
            title, german = rulebook.topics(data, table)[topic]
        if topic not in (rulebook.FANTASY_BUSINESS, rulebook.FAGINS_GANG, "market"):  # names
            assert title != english_title
        # The special cards' own texts come from the data file (German once it has them).
        cards = {f"• **{s.name}** — {s.text}" for s in data.cards.specials}
        english = "\n".join(line for line in english.splitlines() if line not in cards)
        assert english_left(english, german) == [], topic
        assert re.search(r"\b(der|die|das|und|mit|für|du|deine?n?)\b", german), german


def test_the_german_texts_use_the_seed_words_and_german_command_names() -> None:
    with speaking("de"):
        texts = {key: text for key, (_, text) in rulebook.topics(rulebook.rules_data()).items()}
    assert "Gassenjungen" in texts["fagins-gang"] and "Startspieler" in texts["fagins-gang"]
    assert "Warensteine" in texts["fagins-gang"] and "Smithfield Market" in texts["market"]
    assert "Weisse Hand" in texts["stealing"]
    # Commands appear as the German client lists them.
    assert "`/regeln thema:<Thema>`" in texts["overview"]
    assert "`/statistik`, `/rangliste`" in texts["overview"]
    assert "`/spiel verlauf`" in texts["overview"]
    # Plan examples in German words, which the parser takes (tests/i18n/test_fg_german.py).
    assert (
        '`/ziehen plan:"themse hoch 2; kathedrale einsetzen hoch 1; bow fagin"`'
        in (texts["moving"])
    )


def test_the_german_texts_say_the_numbers_of_edited_data_files() -> None:
    with speaking("de"):
        texts = {key: text for key, (_, text) in rulebook.topics(edited_data()).items()}
    fb = texts["fantasy-business"]
    assert "je 12 Gold, 9 Runden (7 bei 7–8 Spielern)" in fb
    assert "(Preise ab 1 Gold)" in fb and "die +3 nur" in fb
    assert "Preis + 3 pro Karte" in texts["prices"] and "dem Dreifachen davon" in texts["prices"]
    assert "Nimm einem anderen Spieler bis zu 5 Gold weg." in texts["specials"]
    fg = texts["fagins-gang"]
    assert "25 Schilling" in fg and "mehr als 30 Warensteine" in fg
    assert "Wer 2 Gassenjungen bei Fagin hat, gewinnt (`fagin_ziel`: 1–4)" in fg
    assert "(2–99) beendet das Spiel" in fg
    moving = texts["moving"]
    assert "an bis zu 4 Orten" in moving and "Startstufe (4)" in moving
    assert "zahlt 20 Schilling" in moving and "15" not in moving
    assert "tausche 4 Warensteine gegen 1" in texts["stealing"]
    assert "bis zu 4 Teile" in texts["stealing"]
    assert "darf 1 bis 3 verschiedene Farben handeln" in texts["market"]
    # Change a number in a loaded copy: the German changes with it.
    board = edited_data().board.model_copy(update={"fagin_price": 33})
    with speaking("de"):
        moved = rulebook.topics(rulebook.RulesData(board=board, cards=edited_data().cards))
    assert "zahlt 33 Schilling" in moved["moving"][1]


def test_german_special_card_texts_come_from_the_data_with_its_numbers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    german = {
        "Pickpocket": "Taschendieb",
        "Take up to {pickpocket_max} gold from another player.": (
            "Nimm einem anderen Spieler bis zu {pickpocket_max} Gold ab."
        ),
        "Festival": "Volksfest",
        "Choose an article: this turn all income paid for it is {festival_times}.": (
            "Wähle einen Artikel: Alle Einnahmen dafür werden in dieser Runde {festival_times}."
        ),
    }
    monkeypatch.setattr("bot.i18n.terms.german_terms", lambda: german)
    with speaking("de"):
        specials = rulebook.topics(edited_data())["specials"][1]
    assert "• **Taschendieb** – Nimm einem anderen Spieler bis zu 5 Gold ab." in specials
    assert "werden in dieser Runde verdoppelt." in specials


async def test_rules_answers_a_german_player_in_german(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with world(settings, 1, games=FAKE_GAMES) as w:
        english = text_of(await w.players[0].slash(w.channel, "rules", topic="moving"))
        german_players(monkeypatch)
        shown = text_of(await w.players[0].slash(w.channel, "rules", topic="moving"))
        assert shown.startswith("Fagin's Gang – Gassenjungen bewegen\n")
        assert "Gassenjungen" in shown and english_left(english, shown) == []
        overview = text_of(await w.players[0].slash(w.channel, "rules"))
        assert overview.startswith("Smithfield – so wird hier gespielt\n")


async def test_records_answer_a_german_player_in_german(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        game_id = await finish_fb(w)
        english: dict[str, Any] = {
            "stats": private(await alice.slash(w.channel, "stats", member=bob)),
            "board": private(await carol.slash(w.channel, "leaderboard", game="fantasy-business")),
            "history": private(await bob.slash(w.channel, "game history")),
        }
        german_players(monkeypatch)
        monkeypatch.setattr("bot.i18n.STRICT", True)

        stats = private(await alice.slash(w.channel, "stats", member=bob))
        assert stats.startswith("📊 **bob** auf diesem Server:")
        assert "**Fantasy Business** – gespielt 1, gewonnen" in stats
        assert "Fristen verpasst 0" in stats and "KI-Plätze zählen" in stats
        assert english_left(english["stats"], stats) == []

        board = private(await carol.slash(w.channel, "leaderboard", game="fantasy-business"))
        assert board.startswith("🏅 Wertungen für **Fantasy Business** auf diesem Server:")
        assert "1 Partie," in board and "OpenSkill-Wertungen" in board
        assert english_left(english["board"], board) == []

        listed = private(await bob.slash(w.channel, "game history"))
        assert listed.startswith("📜 **Vergangene Spiele in diesem Kanal**, neueste zuerst:")
        assert f"**#{game_id}**" in listed
        assert "`/spiel zeigen spiel:<Nummer>`" in listed
        words = [line for line in english["history"].splitlines() if not line.startswith("**#")]
        assert english_left("\n".join(words), listed) == []  # (game lines: names, scores)

        empty = private(await alice.slash(w.channel, "leaderboard", game="fagins-gang"))
        assert "noch keine gewertete Partie Fagin's Gang" in empty
        alone = private(await alice.slash(w.channel, "stats", game="fagins-gang"))
        assert "noch keine beendete Partie Fagin's Gang" in alone
        assert "leaderboard" not in alice.user.available_commands()  # per server: not in DMs
        assert "Es gibt hier kein Spiel #999" in refused(
            await alice.slash(w.channel, "game show", game=999)
        )
        shown = private(await alice.slash(w.channel, "game show", game=game_id))
        assert f"**Fantasy Business #{game_id}** in <#{w.channel.id}> – beendet am" in shown
        # The rules' English reason is left out; the final table says it in German.
        assert "Highest gold" not in shown
        exported = private(await alice.slash(w.channel, "game export", game=game_id))
        assert exported.startswith("📦 Die Replay-Datei von **Fantasy Business #")
