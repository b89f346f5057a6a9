"""The message catalogs: where the German words live and how they stay current.

The catalogs are gettext `.po` files managed with Babel, one per language
(`bot/i18n/locale/<lang>/LC_MESSAGES/smithfield.po`); English is the source language and
needs none. The bot compiles a catalog in memory when it first speaks that language, so
no compiled binary is committed and none can go stale.

`extract()` collects every message: the sentences the code marks (`_`, `n_`, `N_`, and
the rules core's `said`, `said_n`, `RuleError`), found by Babel's extractor, plus the
names, descriptions and choices of every slash command, read from the command tree
itself (they reach Discord through `bot.edge.translator.CommandTranslator`). `python -m
bot catalogs update` (also `make catalogs`) merges that into the `.po` files, keeping
every translation; the test suite checks that the catalogs are current and complete.
"""

import gettext
import io
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "smithfield"
SOURCES = ("rules", "bot", "cogs")
KEYWORDS = {
    "_": None,
    "N_": None,
    "n_": (1, 2),
    "said": None,
    "said_n": (1, 2),
    "RuleError": None,
}
COMMAND_NAME = "command name"
"""The message context of slash-command and option names: Discord wants them lower case
without spaces, so they are translated apart from the same word in a sentence."""


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(language: str) -> Catalog:
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


class Language:
    """One language's compiled catalog."""

    def __init__(self, catalog: Catalog) -> None:
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        buffer.seek(0)
        self.translations = gettext.GNUTranslations(buffer)
        self.known: dict[object, str] = getattr(self.translations, "_catalog", {})

    def lookup(
        self,
        key: str,
        plural: str | None,
        count: int | None,
        *,
        strict: bool = False,
        context: str | None = None,
    ) -> str:
        """The translation of `key` (its plural form for `count`); the English when the
        catalog has none, or `Untranslated` in strict mode."""
        wanted: object = key if context is None else f"{context}\x04{key}"
        if plural is None and wanted not in self.known and (wanted, 0) in self.known:
            # The same English is also the singular of a plural message: one entry.
            plural, count = key, 1
        if plural is not None:
            wanted = (wanted, 0)
        if wanted not in self.known or not self.known[wanted]:
            if strict:
                from bot.i18n import Untranslated

                raise Untranslated(key)
            return key if plural is None or count == 1 else plural
        if context is not None:
            return self.translations.pgettext(context, key)
        if plural is not None:
            return self.translations.ngettext(key, plural, count if count is not None else 1)
        return self.translations.gettext(key)


@cache
def translations(language: str) -> Language:
    return Language(read(language))


def extract_code() -> Iterable[tuple[str | tuple[str, str], str | None, list[str]]]:
    """(message or (singular, plural), context, [source file:line]) from the code."""
    found: dict[tuple[object, str | None], list[str]] = {}
    message: object
    for source in SOURCES:
        for filename, line, message, _comments, context in extract_from_dir(
            ROOT / source,
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            strip_comment_tags=True,
        ):
            texts = tuple(m for m in message if m) if isinstance(message, tuple) else (message,)
            if not texts:
                continue
            key: object = texts[0] if len(texts) == 1 else texts
            found.setdefault((key, context), []).append(f"{source}/{filename}:{line}")
    for (message, context), places in found.items():
        yield message, context, places  # type: ignore[misc]


def extract(commands: Iterable[tuple[str, str | None]] = ()) -> Catalog:
    """A template catalog of every message: the code's and the command tree's."""
    template = Catalog(domain=DOMAIN, project="Smithfield", fuzzy=False)
    for message, context, places in extract_code():
        locations = [(place.rsplit(":", 1)[0], int(place.rsplit(":", 1)[1])) for place in places]
        flags = ("python-brace-format",) if _braced(message) else ()
        template.add(message, locations=locations, context=context, flags=flags)
    for message, context in commands:
        if (message, context) not in {(m.id, m.context) for m in template}:
            template.add(message, locations=[("<command tree>", 0)], context=context)
    return template


def _braced(message: object) -> bool:
    texts = message if isinstance(message, tuple) else (message,)
    return any("{" in str(text) for text in texts)


def update(template: Catalog, language: str) -> Catalog:
    """The language's catalog brought up to `template`, translations kept; written."""
    path = po_path(language)
    if path.exists():
        catalog = read(language)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        catalog = Catalog(locale=language, domain=DOMAIN, project="Smithfield")
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, sort_by_file=False, omit_header=False)
    translations.cache_clear()
    return catalog
