"""What makes a catalog not good enough to ship: a message missing or untranslated, a
placeholder lost or invented, a command name Discord would refuse, a slash command a
reader's client would list under another name, German that addresses the reader formally,
a translation marker the extractor cannot see (inside an f-string), editorial marks in
either language, and the kinds of German mistake the reviews found by reading (`german`):
a colour counted as an adjective ("1 blau"), English unit shorthand ("10s" for
shillings), English words, straight quotes, the English em dash, and a full sentence
after a colon starting in lower case; and `refresh`, which brings the catalogs up to the
code and lists what is left."""

import ast
import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog

from bot.i18n import ENGLISH, LANGUAGES
from bot.i18n.catalogs import COMMAND_NAME, KEYWORDS, ROOT, SOURCES, extract, read, update

PLACEHOLDER = re.compile(r"\{([a-z_0-9]*)\}")
COMMAND_NAME_RULE = re.compile(r"^[-_\w]{1,32}$")


TREE = "<command tree>"
CODE_SPAN = re.compile(r"`[^`\n]*`")
BARE_COMMAND = re.compile(r"(?<![\w/.`:<])/([a-z][a-z_-]*)(?![\w/])")
"""A slash command written in a sentence (not in a code span, not a path or a date)."""
QUOTED_COMMAND = re.compile(r"^`/([^\s`]+)")
"""The command a code span quotes (`/preis artikel:…` → preis)."""
FORMAL = re.compile(r"\b(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b")
"""The formal address (and the capitalised "Sie"/"Ihr" that reads as it even where "she"
or "her" is meant): players are addressed with "du", so the German avoids them all."""


EDITORIAL = re.compile(r"\[ed\]|§\s*\d|\b(?:[Rr]ule|Regel)\s+\{?\w*\}?\d*\.\d")
"""The editors' marks ("[ed]", "§4", "rule 7.3"): players read "house rule" instead."""
QUOTED = re.compile(r"`[^`\n]*`|„[^“]*“")
"""What the German checks read past: code spans (typed text) and typed values quoted as
German quotes them (and, for words, placeholders)."""
PLACEHOLDERS = re.compile(r"\{[a-z_0-9]*\}")
COLOURS = ("blau", "grün", "rot", "gelb", "schwarz", "lila")
COUNTED_COLOUR = re.compile(r"(?:\b\d+|\{[a-z_0-9]*\})\s+(?:" + "|".join(COLOURS) + r")\b")
"""A number before a colour in lower case: German counts nouns ("1 Blau")."""
UNIT = re.compile(r"(?:\d|\})s\b")
"""English shillings shorthand after a number ("10s"), which German reads as seconds."""
ENGLISH_WORDS = re.compile(
    r"\b(the|you|your|is|are|and|of|with|has|have|this|that|turn|players?|game|wins?|"
    r"cannot|it|for|from|now|here|special|card|cards|shillings?|urchins?|cubes?|bid|"
    r"round|level|host|seat|none|nothing|default)\b"
)
"""English words that German does not use (checked with the games' proper names out)."""
PROPER_NAMES = re.compile(r"Fantasy Business|Fagin's Gang|Smithfield Market|\*\*[^*]+\*\*")
LOWER_AFTER_COLON = re.compile(r":\s+(?:du|er|es|sie|wir|ihr|niemand|man)\s")
"""A full sentence after a colon starts with a capital letter ("…: Du hast …")."""


def editorial(text: str) -> list[str]:
    """The editorial marks in a text players read."""
    return [found.group(0) for found in EDITORIAL.finditer(text)]


def german(text: str) -> list[str]:
    """What a German text a player reads must not have (see the module docstring), one
    line per finding."""
    bare = QUOTED.sub(" ", text)
    found = [f"colour counted in lower case {m.group(0)!r}" for m in COUNTED_COLOUR.finditer(bare)]
    found += [f"English unit shorthand {m.group(0)!r}" for m in UNIT.finditer(bare)]
    words = PROPER_NAMES.sub(" ", PLACEHOLDERS.sub(" ", bare))
    found += [f"English word {m.group(0)!r}" for m in ENGLISH_WORDS.finditer(words)]
    if '"' in bare:
        found.append("straight quotes (German quotes „so“)")
    if "—" in bare:
        found.append("an em dash (German sets a spaced en dash –)")
    found += [f"lower case after a colon {m.group(0)!r}" for m in LOWER_AFTER_COLON.finditer(bare)]
    return found


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def _texts(value: object) -> tuple[object, ...]:
    return tuple(value) if isinstance(value, tuple | list) else (value,)


def problems(template: Catalog, catalog: Catalog) -> list[str]:
    found: list[str] = []
    for message in template:
        if not message.id:
            continue
        entry = catalog.get(message.id, context=message.context)
        ident = message.id if isinstance(message.id, str) else message.id[0]
        if entry is None:
            found.append(f"not in the catalog: {ident!r}")
            continue
        strings = [str(text or "") for text in _texts(entry.string)]
        if entry.fuzzy or not all(strings):
            found.append(f"not translated: {ident!r}")
            continue
        english = [str(text) for text in _texts(message.id)]
        wanted = set().union(*(_placeholders(text) for text in english))
        for text in strings:
            extra = _placeholders(text) - wanted
            if extra:
                found.append(f"unknown placeholder {sorted(extra)} in the translation of {ident!r}")
        if not isinstance(message.id, tuple) and _placeholders(strings[0]) != wanted:
            found.append(f"placeholders differ in the translation of {ident!r}")
        if message.context == COMMAND_NAME:
            name = strings[0]
            if not COMMAND_NAME_RULE.match(name) or name != name.lower():
                found.append(f"not a valid command name: {name!r} for {ident!r}")
    found += _command_names(template, catalog)
    if str(catalog.locale).startswith("de"):
        found += [
            f"formal address {word!r} in the translation of {ident!r}"
            for ident, text in _translations(catalog)
            for word in FORMAL.findall(text)
        ]
        found += [
            f"{problem} in the translation of {ident!r}"
            for ident, text in _translations(catalog)
            for problem in german(text)
        ]
    for message in template:
        for written in _texts(message.id) if message.id else ():
            ident = message.id if isinstance(message.id, str) else message.id[0]
            found += [f"editorial mark {mark!r} in {ident!r}" for mark in editorial(str(written))]
    found += [
        f"editorial mark {mark!r} in the translation of {ident!r}"
        for ident, text in _translations(catalog)
        for mark in editorial(text)
    ]
    ids = {(m.id, m.context) for m in template if m.id}
    for entry in catalog:
        if entry.id and (entry.id, entry.context) not in ids:
            ident = entry.id if isinstance(entry.id, str) else entry.id[0]
            found.append(f"no longer in the code: {ident!r}")
    return found


def _translations(catalog: Catalog) -> Iterator[tuple[str, str]]:
    """(message, translation) for every translated sentence (not command names)."""
    for entry in catalog:
        if not entry.id or entry.context == COMMAND_NAME:
            continue
        ident = entry.id if isinstance(entry.id, str) else entry.id[0]
        for text in _texts(entry.string):
            if text:
                yield ident, str(text)


def _command_names(template: Catalog, catalog: Catalog) -> list[str]:
    """A command quoted without backticks is shown as written, so a German reader would
    read the English name (`bot.i18n.quoted` renames only code spans): in the English
    sentence every command must be in a code span, and no translation may name a command
    by an English name that the German client lists otherwise."""
    names = {str(m.id) for m in template if m.context == COMMAND_NAME and m.id}
    renamed = set()
    for name in names:
        entry = catalog.get(name, context=COMMAND_NAME)
        if entry is not None and entry.string and entry.string != name:
            renamed.add(name)
    found: list[str] = []
    for message in template:
        if not message.id or message.context == COMMAND_NAME:
            continue
        if all(place == TREE for place, _line in message.locations):
            continue  # a command's description: Discord shows no code spans there
        ident = message.id if isinstance(message.id, str) else message.id[0]
        for text in _texts(message.id):
            for name in BARE_COMMAND.findall(CODE_SPAN.sub("", str(text))):
                if name in names:
                    found.append(f"command /{name} outside backticks in {ident!r}")
    listed = names | {str(entry.string) for entry in catalog if entry.context == COMMAND_NAME}
    for ident, text in _translations(catalog):
        for name in BARE_COMMAND.findall(CODE_SPAN.sub("", text)):
            if name in renamed:
                found.append(f"untranslated command /{name} in the translation of {ident!r}")
        for span in CODE_SPAN.findall(text):
            command = QUOTED_COMMAND.match(span)
            if command is not None and command.group(1) not in listed:
                found.append(f"unknown command /{command.group(1)} in the translation of {ident!r}")
    return found


MARKERS = frozenset(KEYWORDS)


def markers_in_fstrings(sources: Iterable[tuple[str, str]]) -> list[str]:
    """A marker called inside an f-string (`f"{_('on')}"`) is never extracted, so its
    sentence is missing from every catalog: each one found, as `file:line`."""
    found: list[str] = []
    for name, source in sources:
        for node in ast.walk(ast.parse(source, filename=name)):
            if not isinstance(node, ast.JoinedStr):
                continue
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Call)
                    and isinstance(inner.func, ast.Name)
                    and inner.func.id in MARKERS
                ):
                    found.append(
                        f"translation marker {inner.func.id}() inside an f-string at "
                        f"{name}:{inner.lineno}"
                    )
    return found


def source_files() -> Iterator[tuple[str, str]]:
    """(path, text) of every source file the extractor reads."""
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")


def german_data_texts(root: Path = ROOT / "rules") -> Iterator[tuple[str, str]]:
    """(where, text) of every German string in the data files' `de` objects."""

    def walk(node: Any, where: str) -> Iterator[tuple[str, str]]:
        if isinstance(node, dict):
            for key, value in node.items():
                inside = where + "/" + str(key)
                if key == "de":
                    yield from _strings(value, inside)
                else:
                    yield from walk(value, inside)
        elif isinstance(node, list):
            for index, item in enumerate(node):
                yield from walk(item, f"{where}/{index}")

    for path in sorted(root.glob("*/*.json")):
        yield from walk(json.loads(path.read_text(encoding="utf-8")), path.name)


def _strings(node: Any, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(node, str):
        yield where, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(value, f"{where}/{key}")
    elif isinstance(node, list):
        for item in node:
            yield from _strings(item, where)


def formal_in_data(texts: Iterable[tuple[str, str]]) -> list[str]:
    """Formal address, and the German mistakes `german` finds, in the data files' German."""
    found: list[str] = []
    for where, text in texts:
        found += [
            f"formal address {word!r} in the data file's German at {where}"
            for word in FORMAL.findall(text)
        ]
        found += [f"{problem} in the data file's German at {where}" for problem in german(text)]
    return found


def refresh(commands: list[tuple[str, str | None]], *, write: bool) -> tuple[int, list[str]]:
    """Extract the code's messages and the command tree's strings (`commands`), then
    update every translated catalog (`write`) or only read it; returns how many messages
    there are and every problem left, per language."""
    template = extract(commands)
    found: list[str] = []
    for language in LANGUAGES:
        if language == ENGLISH:
            continue
        catalog = update(template, language) if write else read(language)
        found += [f"{language}: {problem}" for problem in problems(template, catalog)]
    found += markers_in_fstrings(source_files())
    found += formal_in_data(german_data_texts())
    return len(template), found
