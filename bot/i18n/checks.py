"""What makes a catalog not good enough to ship: a message missing or untranslated, a
placeholder lost or invented, a command name Discord would refuse, a slash command a
reader's client would list under another name, German that addresses the reader formally,
and a translation marker the extractor cannot see (inside an f-string); and `refresh`,
which brings the catalogs up to the code and lists what is left."""

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
    return [
        f"formal address {word!r} in the data file's German at {where}"
        for where, text in texts
        for word in FORMAL.findall(text)
    ]


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
