"""`python -m bot.i18n update`: bring the catalogs up to the code (see `catalogs`).

`python -m bot.i18n check` exits non-zero, naming the messages, when a catalog is not
current or has a message without a translation.
"""

import asyncio
import sys

from bot.i18n import ENGLISH, LANGUAGES
from bot.i18n.catalogs import extract, read, update
from bot.i18n.checks import (
    formal_in_data,
    german_data_texts,
    markers_in_fstrings,
    problems,
    source_files,
)
from bot.i18n.commands import command_messages


def main(argv: list[str]) -> int:
    if argv not in (["update"], ["check"]):
        print("usage: python -m bot.i18n update|check", file=sys.stderr)
        return 2
    template = extract(asyncio.run(command_messages()))
    found: list[str] = []
    for language in LANGUAGES:
        if language == ENGLISH:
            continue
        catalog = update(template, language) if argv == ["update"] else read(language)
        found += [f"{language}: {problem}" for problem in problems(template, catalog)]
    found += markers_in_fstrings(source_files())
    found += formal_in_data(german_data_texts())
    for problem in found:
        print(problem)
    if argv == ["update"]:
        print(f"{len(template)} messages; {len(found)} to translate or fix")
        return 0
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
