"""Where a text may be cut: between whole graphemes, the characters a reader sees as one.

A refusal quoting a player's text, a Discord message cut to its limit and an
autocomplete label all end a shortened text with "…"; cut in the middle of an emoji
sequence, a flag or an accented letter, the reader would see half of it (a lone skin
tone, a regional-indicator letter, a bare accent). Unicode's rules (UAX #29) as far as
the texts Discord shows need them; no dependency.
"""

import unicodedata

ZWJ = "\u200d"


def _extends(char: str) -> bool:
    """A character that belongs to the one before it (Unicode's Extend and SpacingMark
    classes, as far as text in Discord meets them): combining marks, variation selectors,
    skin tones, emoji tags, the keycap."""
    code = ord(char)
    return (
        unicodedata.category(char) in ("Mn", "Me", "Mc")
        or 0xFE00 <= code <= 0xFE0F
        or 0x1F3FB <= code <= 0x1F3FF
        or 0xE0020 <= code <= 0xE007F
        or 0xE0100 <= code <= 0xE01EF
        or char == ZWJ
        or 0x1160 <= code <= 0x11FF  # Hangul vowel and final jamo
    )


def _regional(char: str) -> bool:
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def grapheme_cut(text: str, index: int) -> int:
    """The last place at or before `index` where `text` may be cut without splitting a
    character the reader sees as one (UAX #29's grapheme clusters, for the sequences
    Discord shows: an emoji with skin tone or joined by ZWJ, a flag, a keycap, a letter
    with combining accents, CR LF)."""
    index = max(0, min(index, len(text)))
    while 0 < index < len(text):
        before, after = text[index - 1], text[index]
        if _extends(after) or before == ZWJ or (before, after) == ("\r", "\n"):
            index -= 1
            continue
        if _regional(before) and _regional(after):
            run = 0
            while index - 1 - run >= 0 and _regional(text[index - 1 - run]):
                run += 1
            if run % 2 == 1:  # `before` opens a flag that `after` closes
                index -= 1
                continue
        break
    return index
