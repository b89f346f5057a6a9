"""The German catalog is current with the code and complete.

Extracting again (the code's marked sentences plus the command tree's names,
descriptions and choices) must give exactly the catalog's messages, each translated,
with the same placeholders, and every German command name valid for Discord. When this
fails: `make catalogs`, then translate what it lists.
"""

import subprocess
import sys

from bot.i18n.checks import problems


def test_the_german_catalog_is_current_and_complete() -> None:
    # In a process of its own: extraction parses every source file, and CPython 3.11's
    # parser state must not leak into the test process.
    run = subprocess.run(
        [sys.executable, "-m", "bot", "catalogs", "check"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    found = run.stdout.splitlines()
    assert run.returncode == 0 and found == [], (
        f"{len(found)} catalog problems (run `make catalogs`):\n" + "\n".join(found[:40])
    )
    # A sentence written as an f-string inside a marker cannot be translated: Babel
    # skips it with a warning.
    skipped = [line for line in run.stderr.splitlines() if "warning:" in line]
    assert skipped == [], "\n".join(skipped[:20])


def test_a_stale_or_incomplete_catalog_is_caught() -> None:
    """The check itself can fail: a missing, an untranslated and a broken entry."""
    from babel.messages.catalog import Catalog

    template = Catalog()
    template.add("Only {who} may bid.")
    template.add("Pass")
    template.add("bid", context="command name")
    template.add("Unused")
    catalog = Catalog(locale="de")
    catalog.add("Only {who} may bid.", "Nur {wer} darf bieten.")
    catalog.add("bid", "Bieten jetzt", context="command name")
    catalog.add("Unused", "")
    catalog.add("Gone", "Weg")
    found = problems(template, catalog)
    assert any("unknown placeholder" in line for line in found)
    assert any("not in the catalog: 'Pass'" in line for line in found)
    assert any("not a valid command name" in line for line in found)
    assert any("not translated: 'Unused'" in line for line in found)
    assert any("no longer in the code: 'Gone'" in line for line in found)


def test_commands_outside_code_spans_and_formal_address_are_caught() -> None:
    """A command written as plain text is never renamed for a German client, a German
    command name the client does not list is a dead end, and German addresses players
    with "du": each is a problem the check names."""
    from babel.messages.catalog import Catalog

    from bot.i18n.catalogs import COMMAND_NAME

    template = Catalog()
    template.add("board", context=COMMAND_NAME)
    template.add("/board shows the board", locations=[("bot/render/x.py", 1)])
    template.add("Use `/board`.", locations=[("bot/render/x.py", 2)])
    template.add("Your turn.", locations=[("bot/render/x.py", 3)])
    template.add("See /board", locations=[("<command tree>", 0)])
    catalog = Catalog(locale="de")
    catalog.add("board", "spielplan", context=COMMAND_NAME)
    catalog.add("/board shows the board", "/board zeigt den Spielplan")
    catalog.add("Use `/board`.", "Nutze `/schillinge`.")
    catalog.add("Your turn.", "Sie sind dran.")
    catalog.add("See /board", "Siehe /spielplan")
    found = problems(template, catalog)
    assert "command /board outside backticks in '/board shows the board'" in found
    assert "untranslated command /board in the translation of '/board shows the board'" in found
    assert "unknown command /schillinge in the translation of 'Use `/board`.'" in found
    assert "formal address 'Sie' in the translation of 'Your turn.'" in found
    # A description may name a command as plain text (Discord shows no code spans there),
    # as long as the German names it as the German client lists it.
    assert not any("'See /board'" in line for line in found)
    # Put right, the same entries raise nothing.
    good_template = Catalog()
    good_template.add("board", context=COMMAND_NAME)
    good_template.add("`/board` shows the board", locations=[("bot/render/x.py", 1)])
    good_template.add("Your turn.", locations=[("bot/render/x.py", 3)])
    good = Catalog(locale="de")
    good.add("board", "spielplan", context=COMMAND_NAME)
    good.add("`/board` shows the board", "`/board` zeigt den Spielplan")
    good.add("Your turn.", "Du bist dran.")
    assert problems(good_template, good) == []


def test_a_marker_inside_an_f_string_is_caught() -> None:
    """Babel's extractor does not look inside f-strings, so `f"{_('on')}"` leaves "on"
    out of every catalog; the check reads the code itself."""
    from bot.i18n.checks import markers_in_fstrings

    source = 'x = f"low prices: {_(\'on\')}"\ny = _("fine")\nz = f"{value}"\n'
    assert markers_in_fstrings([("bot/x.py", source)]) == [
        "translation marker _() inside an f-string at bot/x.py:1"
    ]
    assert markers_in_fstrings([("bot/y.py", 'y = _("fine")\nz = f"{n_(a, b, 2)}"\n')]) == [
        "translation marker n_() inside an f-string at bot/y.py:2"
    ]


def test_formal_address_in_the_data_files_german_is_caught() -> None:
    from bot.i18n.checks import formal_in_data, german_data_texts

    assert formal_in_data(german_data_texts()) == []
    found = formal_in_data([("cards.json/specials/0/de/text", "Nehmen Sie 2 Gold.")])
    assert found == [
        "formal address 'Sie' in the data file's German at cards.json/specials/0/de/text"
    ]


def test_each_kind_of_german_review_finding_is_caught() -> None:
    """The reviews' findings that a check can see: a colour counted as an adjective, the
    English shillings shorthand, English words, straight quotes, the English em dash and
    a lower-case sentence after a colon — and none of them in what German quotes as typed
    (code spans, „…“), in placeholders or in the games' proper names."""
    from babel.messages.catalog import Catalog

    from bot.i18n.checks import german

    cases = {
        "…und zahlt 1 blau.": "colour counted in lower case '1 blau'",
        "Kaufe schwarz · 10s": "English unit shorthand '0s'",
        "🟦 3/6·{price}s": "English unit shorthand '}s'",
        "übrig: 3 special card": "English word 'special'",
        'z. B. "3 rot, 2 blau"': "straight quotes (German quotes „so“)",
        "🏆 **Spielende** — Nach Runde 5": "an em dash (German sets a spaced en dash –)",
        "Nicht am Zug: das Spiel wartet: du bist": "lower case after a colon ': du '",
    }
    for text, wanted in cases.items():
        assert wanted in german(text), (text, german(text))
    fine = [
        "🛒 **Bernd** kauft 1 Schwarz für 10 Schilling.",
        '`/zurückgeben warensteine:"2 rot"` oder „3 rot, 2 blau“',
        "{square} {count}/{room} · {price} Sch.",
        "Der Smithfield Market ist offen; **the bot** handelt. Fagin's Gang – Runde 2",
        "Bei „g“: „g“ ist mehrdeutig (Farbe): Grün und Gelb.",
    ]
    assert [german(text) for text in fine] == [[]] * len(fine)
    template = Catalog()
    template.add("Pays {cubes}.")
    template.add("Rule {rule} [ed]: dead end.")
    catalog = Catalog(locale="de")
    catalog.add("Pays {cubes}.", "Zahlt 2 rot, 1 blau — the rest.")
    catalog.add("Rule {rule} [ed]: dead end.", "Regel {rule} [ed]: Sackgasse.")
    found = problems(template, catalog)
    assert "colour counted in lower case '2 rot' in the translation of 'Pays {cubes}.'" in found
    assert "English word 'the' in the translation of 'Pays {cubes}.'" in found
    assert "editorial mark '[ed]' in 'Rule {rule} [ed]: dead end.'" in found
    assert any("editorial mark '[ed]' in the translation of" in line for line in found)


def test_no_editorial_mark_or_review_finding_is_left_in_the_shipped_catalog() -> None:
    from bot.i18n.catalogs import extract, read
    from bot.i18n.checks import editorial, german

    for message in extract():
        texts = message.id if isinstance(message.id, tuple) else (message.id,)
        assert not [t for t in texts if t and editorial(str(t))], message.id
    for message in read("de"):
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and message.context is None:
            assert [german(str(t)) for t in texts if t] == [[]] * len([t for t in texts if t]), (
                message.id
            )
