"""Long-running play with the real games: absent players finish through defaults."""

from typing import Any

from bot.settings import Settings
from rules.fagins_gang import RULES as FG
from rules.fantasy_business import RULES as FB
from rules.fantasy_business import deck
from rules.fantasy_business.state import GameState
from tests.discord.fg_support import greedy_action, play, start_game, state_of
from tests.discord.harness import World, confirmed, pinged, public, refused, said, world

HOUR = 3600.0


def fb_state(w: World) -> GameState:
    table = w.bot.service.table(w.channel.id)
    assert table is not None and isinstance(table.state, GameState)
    return table.state


def timeouts_for(w: World, name: str) -> list[str]:
    return [m.content for m in w.channel.history() if f"Time is up for **{name}**" in m.content]


async def fb_table(w: World, seats: int = 3, **options: Any) -> None:
    """The first `seats` players at a started game; alice hosts and is First Buyer."""
    host, *others = w.players[:seats]
    public(await host.slash(w.channel, "game new", game="fantasy-business", **options))
    for member in others:
        public(await member.slash(w.channel, "game join"))
    public(await host.slash(w.channel, "game start", first=host))


async def fb_move(w: World, seat: int) -> None:
    """A present player's move, made with the game's commands."""
    s = fb_state(w)
    member = w.players[seat]
    if s.phase == "auction":
        if s.auction is None:
            public(await member.slash(w.channel, "auction", card=s.label(s.centre[0])))
        elif s.auction.high_bidder is None and deck.minimum_bid(s.auction.card) <= s.gold[seat]:
            public(await member.slash(w.channel, "bid", amount=deck.minimum_bid(s.auction.card)))
        else:
            public(await member.slash(w.channel, "pass"))
        return
    for key in s.articles[seat]:
        result = await member.slash(w.channel, "price", article=key, amount=deck.article(key).base)
        assert result.ephemeral and "Your price for" in (result.response.content or "")
    public(await member.slash(w.channel, "submit"))


async def test_fantasy_business_finishes_when_one_player_never_acts(settings: Settings) -> None:
    async with world(settings, 3) as w:
        alice, _bob, carol = w.players
        await fb_table(w, turns=2)
        public(await alice.slash(w.channel, "game timer", hours=12, remind=2))
        for _ in range(600):
            if w.store.open_game(w.channel.id) is None:
                break
            waiting = [seat for seat in FB.waiting_on(fb_state(w)) if seat != 2]
            if waiting:
                await fb_move(w, waiting[0])
            else:  # only carol is missing: time passes until her clock runs out
                await w.env.advance_time(HOUR)
        finished = w.store.games_with_status("finished")
        assert len(finished) == 1
        defaults = timeouts_for(w, "carol")
        assert defaults, "carol's turns were never defaulted"
        assert any("submitted" in text for text in defaults)  # her sheet went in by default
        assert not timeouts_for(w, "alice") and not timeouts_for(w, "bob")
        reminders = [m for m in w.channel.history() if m.content.startswith("⏳")]
        assert reminders and all(carol.mention in m.content for m in reminders)
        assert all(alice.mention not in m.content for m in reminders)


async def test_fagins_gang_finishes_through_skips_when_one_player_never_acts(
    settings: Settings,
) -> None:
    async with world(settings, 2) as w:
        alice = w.players[0]
        await start_game(w, first=0, round_limit=3)
        public(await alice.slash(w.channel, "game timer", hours=6))
        for _ in range(300):
            if w.store.open_game(w.channel.id) is None:
                break
            state = state_of(w)
            waiting = FG.waiting_on(state)
            if 0 in waiting:
                result = await play(w, 0, greedy_action(state, 0))
                assert not (result.response.content or "").startswith("❌")
            else:
                await w.env.advance_time(HOUR)
        finished = w.store.games_with_status("finished")
        assert len(finished) == 1
        skips = timeouts_for(w, "bob")
        assert len(skips) >= 3  # one skipped turn per round at least
        assert not timeouts_for(w, "alice")


async def test_a_replacement_gets_the_seats_secrets_and_the_old_player_cannot_act(
    settings: Settings,
) -> None:
    async with world(settings, 4) as w:
        alice, _bob, carol, dave = w.players
        await fb_table(w)
        text = public(await alice.slash(w.channel, "game replace", old=carol, new=dave))
        assert dave.mention in text
        dms = dave.user.dm_channel.history()
        assert any("You now play **carol**'s seat" in m.content for m in dms)
        assert any("Your own sheet and special cards" in m.content for m in dms)
        assert "not seated" in refused(await carol.slash(w.channel, "hand"))
        hand = await dave.slash(w.channel, "hand")
        assert hand.ephemeral and not (hand.response.content or "").startswith("❌")


async def test_a_kicked_players_seat_is_played_by_an_ai_at_once(settings: Settings) -> None:
    async with world(settings, 3) as w:
        alice, bob, _carol = w.players
        await fb_table(w, turns=1)
        public(await alice.slash(w.channel, "auction", card=1))  # no price: bob to bid
        state: Any = fb_state(w)
        assert state.auction.to_act == 1
        text = await confirmed(alice, w.channel, "game kick", member=bob)
        assert "autopilot" in text and "standard AI" in text
        assert "**bob** bids" in text or "**bob** passes" in text  # the AI moved at once
        assert fb_state(w).auction is None or fb_state(w).auction.to_act != 1


async def test_a_simultaneous_step_pings_each_player_once(settings: Settings) -> None:
    async with world(settings, 3) as w:
        _alice, bob, carol = w.players
        await fb_table(w, turns=1)
        while fb_state(w).phase == "auction":
            await fb_move(w, FB.waiting_on(fb_state(w))[0])
        opened = said(w.channel)[-1]
        assert pinged(w, opened) >= {bob.id, carol.id}  # everyone is told once
        await fb_move(w, 0)  # alice submits: bob and carol must not be pinged again
        after_alice = said(w.channel)[-1]
        assert "submitted" in after_alice.content and pinged(w, after_alice) == set()
        await fb_move(w, 1)
        assert pinged(w, said(w.channel)[-1]) == set()
