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
