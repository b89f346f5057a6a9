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
