"""Slash commands quoted in a sentence, shown by the names the reader's client lists.

A German client lists `/game join` as `/spiel beitreten` (the command translator gives
Discord those names), so a German sentence that quotes a command quotes it that way:
every code span starting with `/` has its command, group and option names looked up in
the catalog's `command name` entries; typed values stay as they are.
"""

import re
from collections.abc import Callable, Collection

SPAN = re.compile(r"`(/[^`\n]+)`|`([a-z_]+)`")
TOKEN = re.compile(r'\S*"[^"]*"\S*|\S+')
OPTION = re.compile(r"^(\[?)([a-z_]+):(.*)$", re.DOTALL)
NAME = re.compile(r"^[a-z_]+$")


def _span(span: str, name: Callable[[str], str]) -> str:
    shown = []
    for token in TOKEN.findall(span[1:]):
        option = OPTION.match(token)
        if option:
            bracket, word, value = option.groups()
            shown.append(f"{bracket}{name(word)}:{value}")
        elif NAME.match(token):
            shown.append(name(token))
        else:
            shown.append(token)
    return "/" + " ".join(shown)


def commands_in(text: str, name: Callable[[str], str], options: Collection[str] = ()) -> str:
    """`text` with its quoted commands renamed by `name` (command and option words);
    a bare code span that is one of `options` (an option quoted on its own) too."""
    if "`" not in text:
        return text

    def rename(found: re.Match[str]) -> str:
        command, option = found.group(1), found.group(2)
        if command is not None:
            return "`" + _span(command, name) + "`"
        return "`" + (name(option) if option in options else option) + "`"

    return SPAN.sub(rename, text)
