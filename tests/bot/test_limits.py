"""Every message is cut to Discord's limits on the way out, whatever its builder made."""

import discord
from hypothesis import given, settings
from hypothesis import strategies as st

from bot import limits
from bot.limits import fit, newest_lines
from bot.messages import ButtonSpec, Message


def within_limits(message: Message) -> None:
    assert len(message.content) <= limits.CONTENT
    assert len(message.embeds) <= limits.EMBEDS
    assert sum(len(embed) for embed in message.embeds) <= limits.EMBED_TOTAL
    for embed in message.embeds:
        assert len(embed.title or "") <= limits.TITLE
        assert len(embed.description or "") <= limits.DESCRIPTION
        assert len(embed.fields) <= limits.FIELDS
        for field in embed.fields:
            assert 0 < len(field.name or "") <= limits.FIELD_NAME
            assert 0 < len(field.value or "") <= limits.FIELD_VALUE
        assert len(embed.footer.text or "") <= limits.FOOTER
    assert len(message.buttons) <= limits.BUTTONS
    assert all(len(spec.label) <= limits.BUTTON_LABEL for spec in message.buttons)


sizes = st.integers(0, 7000)


@settings(max_examples=150, deadline=None)
@given(
    content=sizes,
    embeds=st.lists(
        st.tuples(st.integers(0, 300), st.integers(0, 5000), st.integers(0, 40), sizes, sizes),
        max_size=12,
    ),
    buttons=st.integers(0, 30),
)
def test_any_message_fits_after_fit(
    content: int, embeds: list[tuple[int, int, int, int, int]], buttons: int
) -> None:
    message = Message(content="c" * content)
    for title, description, fields, name, value in embeds:
        embed = discord.Embed(title="t" * title or None, description="d" * description or None)
        for _ in range(fields):
            embed.add_field(name="n" * (name % 300) or "n", value="v" * value or "v")
        embed.set_footer(text="f" * 3000)
        message.embeds.append(embed)
    message.buttons = [ButtonSpec("b" * 90, "route", 1) for _ in range(buttons)]
    within_limits(fit(message))


def test_a_short_message_is_left_as_it_is() -> None:
    embed = discord.Embed(title="Auction", description="Swords")
    embed.add_field(name="alice", value="10 gold")
    message = fit(Message(content="hello", embeds=[embed]))
    assert message.content == "hello"
    assert message.embeds[0].to_dict() == embed.to_dict()


def test_a_long_log_keeps_its_newest_lines_and_says_so() -> None:
    lines = [f"move {i:03} " + "x" * 90 for i in range(50)]
    text = newest_lines(lines, note="(older moves left out)")
    assert len(text) <= limits.CONTENT
    assert text.startswith("(older moves left out)")
    assert text.endswith(lines[-1])
    assert lines[0] not in text
    assert newest_lines(lines[:3], note="(older moves left out)") == "\n".join(lines[:3])


FAMILY = "👩\u200d👩\u200d👧\u200d👦"
THUMB = "👍🏽"
FLAGS = "🇩🇪🇬🇧"
KEYCAP = "3\ufe0f\u20e3"
ACCENTED = "e\u0301"


def test_an_ellipsis_never_splits_a_grapheme() -> None:
    """Cut anywhere inside an emoji sequence, a flag, a keycap or a letter with a
    combining accent, the text keeps only whole ones before the "…"."""
    for cluster in (FAMILY, THUMB, "🇩🇪", KEYCAP, ACCENTED, "\r\n"):
        text = "ab" + cluster + "cdefgh"
        for limit in range(3, len("ab" + cluster) + 1):
            clipped = limits.clip(text, limit)
            assert len(clipped) <= limit
            assert clipped in ("ab…", "ab" + cluster + "…"), (cluster, limit, clipped)
    # Flags pair up from the start of a run: a cut between two flags is fine, one inside
    # the second is moved before it.
    assert limits.clip("x" + FLAGS + "yz", 4) == "x🇩🇪…"
    assert limits.clip("x" + FLAGS + "yz", 5) == "x🇩🇪…"
    assert limits.clip("x" + FLAGS + "yz", 6) == "x" + FLAGS + "…"
    # Plain text is cut where it always was.
    assert limits.clip("abcdefgh", 5) == "abcd…"


@settings(max_examples=200, deadline=None)
@given(
    parts=st.lists(st.sampled_from(["a", "ß", FAMILY, THUMB, "🇩🇪", KEYCAP, ACCENTED]), max_size=30),
    limit=st.integers(1, 60),
)
def test_clipping_keeps_a_prefix_of_whole_graphemes(parts: list[str], limit: int) -> None:
    text = "".join(parts)
    clipped = limits.clip(text, limit)
    assert len(clipped) <= limit
    if clipped != text:
        kept = clipped.removesuffix(limits.ELLIPSIS)
        # What is kept ends exactly at a boundary between the parts put together.
        ends = {len("".join(parts[:n])) for n in range(len(parts) + 1)}
        assert text.startswith(kept) and len(kept) in ends


def test_a_refusal_quoting_a_players_text_cuts_between_graphemes_too() -> None:
    from rules.names import shown

    typed = "a" * 37 + FAMILY + "tail"
    quoted = shown(typed)
    assert len(quoted) <= 40 and quoted == "a" * 37 + "…"
