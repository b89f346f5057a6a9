"""The second German review's findings as text that must never be read again.

Each finding of `shared/reviews/german-review-2.md` is listed by its number with the
sample sentences it quoted (as literal pieces or patterns); `findings_in` reports every
one found in what a German reader saw, and `bot.i18n.checks.german` adds the kinds of
mistake a check can see anywhere (a colour counted in lower case, "10s", English words,
straight quotes, em dashes, a lower-case sentence after a colon).
"""

import re
from collections.abc import Iterable

from bot.i18n.checks import german

FINDINGS: dict[int, tuple[str, ...]] = {
    1: (r"^Ja, abbrechen$", "Abgebrochen: Nichts wurde geändert", r"🛑 Abgebrochen\."),
    2: ("special card", r"übrig: \d"),
    3: (r"\[ed\]", "§4", r"Regel 7\.3"),
    4: (r"\d+s\b", r"·\d+s"),
    5: (r"\b\d+ (blau|grün|rot|gelb|schwarz|lila)\b", "du hast rot zweimal"),
    6: (r"Nach 1 Runden",),
    7: ("er war von \\*\\*", "zurückgenommen: hat", r"\(hat gepasst\)"),
    8: ("die Suche", "der Suche", "Probespiel"),
    9: ("heutig", "zu verkaufen bringt", "zu kaufen kostet"),
    10: ("Es setzt", "Fagins Preis"),
    11: ("Hat am Ende einer Runde niemand einen Gassenjungen", r"\(an diesem Tisch\)"),
    12: ("Er spielt dann immer den Standardzug",),
    13: ("die Vorgabe", "die übliche Abgabe"),
    14: ("Eröffnungspreis",),
    15: ("mit „Abgeben“",),
    16: ("zurück bei Fagin",),
    17: ("Das letzte, beendete",),
    18: ("zu denen alle Säumigen",),
    19: ("nicht am Zug: das Spiel",),
    20: ("nach dem, was alle gesehen haben",),
    21: (r"\(durch \*\*",),
    22: ("Die Zeit von \\*\\*",),
    23: ("vom Moment, ab dem das Spiel",),
    24: (r"kosten \d+ bis \d+ Gold",),
    25: ("Der Markt ist nicht offen; \\*\\*[^*]+\\*\\* kann ihn",),
    26: ("die bleibt die ganze Runde", "dein Platz spielt automatisch"),
    27: ("Die Lobby endet für alle, ohne Sieger",),
    28: ("Wir warten nur noch auf",),
    29: (r"Stufe \d+ runter",),
    30: (r"niedrigster \+\d", "niedrigster, geteilt", "höchster →"),
    31: ("Kaufe ", "Verkaufe "),
    32: ("Leg die Preise",),
    33: ("Zeigt ein Diagramm", "Frag, was"),
    34: (r"Endstand nach \d+ Runden",),
    35: (r'z\. B\. "',),
    36: (r"(?<![\w-])-\d", r"\(#\d+ von"),
    37: ("—",),
}
"""Finding number -> the patterns of its sample sentences."""
PATTERNS = {number: [re.compile(p) for p in patterns] for number, patterns in FINDINGS.items()}


def findings_in(texts: Iterable[str]) -> list[tuple[int | str, str]]:
    """(finding, the text it is in) for every finding in `texts`; a finding of the catalog
    checks is named by what it found."""
    found: list[tuple[int | str, str]] = []
    for text in texts:
        found += [
            (number, text[:200])
            for number, patterns in PATTERNS.items()
            if any(pattern.search(_readable(text)) for pattern in patterns)
        ]
        found += [(problem, text[:200]) for problem in german(text)]
    return found


def _readable(text: str) -> str:
    """The text without code spans, typed examples in „…“ and mentions (what players
    type, and ids)."""
    return re.sub(r"`[^`\n]*`|„[^“]*“|<[@#:t][^>]*>", " ", text)
