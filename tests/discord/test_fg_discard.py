"""The hand limit on Discord: private requests to return cubes, `/discard` in the channel
or by DM, a closed DM, and the default applied when the step's time runs out."""

from bot.settings import Settings
from rules.fagins_gang import FaginState
from tests.discord.fg_support import set_state, start_game, state_of
from tests.discord.harness import pinged, public, refused, said, world

HOUR = 3600.0


def over_the_limit(state: FaginState) -> None:
    """Alice holds 30 cubes (5 over), bob 24, carol 27 (2 over)."""
    state.cubes[0] = {c: 5 for c in state.cubes[0]}
    state.cubes[1] = {c: 4 for c in state.cubes[1]}
    state.cubes[2] = {**{c: 4 for c in state.cubes[2]}, "red": 7}


async def end_round(w) -> None:  # type: ignore[no-untyped-def]
    for member in w.players:
        public(await member.slash(w.channel, "skip"))


async def test_players_over_the_limit_are_asked_privately_and_discard(settings: Settings) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        await start_game(w)
        set_state(w, over_the_limit)
        await end_round(w)
        summary = said(w.channel)[-1]  # the hand limit's table message, all embed, follows it
        assert "End of round 1" in summary.content
        assert "**alice** holds 30 cubes, over the hand limit of 25, and must return 5" in (
            summary.content
        )
        assert pinged(w, summary) == {alice.id}  # carol acted last: named, not pinged
        assert summary.attachments  # the board
        note = alice.user.dm_channel.last_message.content
        assert "over the hand limit of 25, so you must return **5**" in note
        assert "You hold: 5 blue, 5 green, 5 red, 5 yellow, 5 black, 5 purple." in note
        assert (
            '`/discard cubes:"1 blue, 1 green, 1 red, 1 yellow, 1 black"`' in note
            and "If you do not choose by <t:" in note
        )
        assert "return **2**" in carol.user.dm_channel.last_message.content
        assert bob.user.dm_channel.history() == []

        text = refused(await bob.slash(w.channel, "discard", cubes="red"))
        assert "within the hand limit" in text
        text = refused(await alice.slash(w.channel, "discard", cubes="4 blue, 2 red"))
        assert "return exactly 5 cubes; you named 6" in text
        text = refused(await alice.slash(w.channel, "discard", cubes="3 rd"))
        assert "“rd” is not a colour" in text
        text = refused(await alice.slash(w.channel, "skip"))
        assert "waiting for **alice** and **carol**" in text

        # From the DM: the announcement goes to the game's channel.
        done = await alice.user.slash("discard", cubes="3 red, blue blue")
        assert done.ephemeral and "Done" in (done.response.content or "")
        last = said(w.channel)[-1]
        assert "**alice** returns 2 blue, 3 red to the warehouses." in last.content
        assert f"➡️ {carol.mention} to return cubes over the hand limit" in last.content
        assert pinged(w, last) == set()  # carol was already told when the step began

        text = public(await carol.slash(w.channel, "discard", cubes="2 handkerchiefs"))
        assert "**carol** returns 2 red" in text and "Round 2 begins" in text
        assert f"➡️ {bob.mention} to act" in text
        state = state_of(w)
        assert state.phase == "actions" and sum(state.cubes[0].values()) == 25


async def test_a_closed_dm_points_to_discard_without_revealing_anything(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        alice = w.players[0]
        await start_game(w)
        set_state(w, over_the_limit)
        w.env.inject_error(
            "POST",
            f"/channels/{alice.user.dm_channel.id}/messages",
            status=403,
            code=50007,
            message="Cannot send messages to this user",
            times=None,
        )
        await end_round(w)
        notes = [m.content for m in w.channel.history() if "direct message" in m.content]
        assert len(notes) == 1 and alice.mention in notes[0]
        assert "Use `/discard` here" in notes[0] and "30 cubes" not in notes[0]
        assert alice.user.dm_channel.history() == []
        # The other player over the limit still got their DM.
        assert "return **2**" in w.players[2].user.dm_channel.last_message.content


async def test_the_default_discard_is_applied_when_time_runs_out(settings: Settings) -> None:
    async with world(settings, 3) as w:
        carol = w.players[2]
        await start_game(w)
        set_state(w, over_the_limit)
        await end_round(w)
        public(await carol.slash(w.channel, "discard", cubes="red red"))
        await w.env.advance_time(25 * HOUR)
        texts = [m.content for m in w.channel.history()]
        applied = next(t for t in texts if "Time is up for **alice**" in t)
        assert "**alice** returns 1 blue, 1 green, 1 red, 1 yellow, 1 black to the" in applied
        assert "Round 2 begins" in applied
        assert state_of(w).phase == "actions"
