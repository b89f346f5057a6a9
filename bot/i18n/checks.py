"""What makes a catalog not good enough to ship: a message missing or untranslated, a
placeholder lost or invented, a command name Discord would refuse; and `refresh`, which
brings the catalogs up to the code and lists what is left."""

import re

from babel.messages.catalog import Catalog

from bot.i18n import ENGLISH, LANGUAGES
from bot.i18n.catalogs import COMMAND_NAME, extract, read, update

PLACEHOLDER = re.compile(r"\{([a-z_0-9]*)\}")
COMMAND_NAME_RULE = re.compile(r"^[-_\w]{1,32}$")


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
    ids = {(m.id, m.context) for m in template if m.id}
    for entry in catalog:
        if entry.id and (entry.id, entry.context) not in ids:
            ident = entry.id if isinstance(entry.id, str) else entry.id[0]
            found.append(f"no longer in the code: {ident!r}")
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
    return len(template), found
