"""The rules version of a game: a fingerprint of the data file its rules are read from.

Every number of a game's rules lives in its data file (`board.json`, `cards.json`), so
two games with the same seed and log are the same game only if they were played with the
same data. The fingerprint is a SHA-256 of the file's JSON in a canonical form (keys
sorted, no spacing), so re-indenting the file keeps it and changing any value changes it.
It is stored with each game when the table opens and written into its replay file.
"""

import hashlib
import json
from functools import cache
from importlib import resources

DATA_FILES: dict[str, tuple[str, str]] = {
    "fantasy-business": ("rules.fantasy_business", "cards.json"),
    "fagins-gang": ("rules.fagins_gang", "board.json"),
}
"""Each game's data file, as (package, file name)."""


def data_file(kind: str) -> str | None:
    """The data file's path in the source tree, for messages (e.g.
    "rules/fantasy_business/cards.json"); None for a game without one."""
    found = DATA_FILES.get(kind)
    if found is None:
        return None
    package, name = found
    return f"{package.replace('.', '/')}/{name}"


def fingerprint_text(text: str) -> str:
    """The fingerprint of data file contents."""
    canonical = json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


@cache
def fingerprint(kind: str) -> str | None:
    """The fingerprint of the data this process plays `kind` with (read once, as the rules
    read their data once)."""
    found = DATA_FILES.get(kind)
    if found is None:
        return None
    package, name = found
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return fingerprint_text(text)
