"""Plan texts through Discord: names in any spelling, refusals that point at the bad part,
and autocomplete that offers what the caller can do now."""

from bot.settings import Settings
from tests.discord.fg_support import set_state, start_game, state_of
from tests.discord.harness import public, refused, world


async def test_plans_accept_full_names_goods_names_prefixes_and_any_case(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        await start_game(w)
        text = public(await alice.slash(w.channel, "move", plan="River THAMES Enter"))
        assert "enters an urchin at River Thames" in text
        text = public(await bob.slash(w.channel, "move", plan="Covent Garden enter"))
        assert "enters an urchin at Covent Garden" in text
        public(await carol.slash(w.channel, "skip"))
        # Round 2: bob holds the First Player token and steals with a goods name.
        assert state_of(w).first_player == 1
        text = public(await bob.slash(w.channel, "steal", plan="GARDEN Jewels"))
        assert "bob** steals" in text and "at Covent Garden" in text
        text = public(await carol.slash(w.channel, "skip"))
        text = public(await alice.slash(w.channel, "shillings", locations="riv"))
        assert "alice** steals" in text and "at River Thames" in text


async def test_plan_mistakes_are_refused_naming_the_part(settings: Settings) -> None:
    async with world(settings, 2) as w:
        alice = w.players[0]
        await start_game(w)
        before = w.snapshot()
        cases = {
            # an ambiguous prefix: Covent Garden, Chertsey, Cathedral
            "c enter": 'In "c enter": “c” could be more than one location',
            # a typo
            "thmaes enter": 'In "thmaes enter": “thmaes” is not a location.',
            "thames entre": 'In "thames entre": say what to do at the location',
            "thames up two": 'In "thames up two": say how many levels',
            "thames up 1 down 2": 'In "thames up 1 down 2": an urchin moves in one direction',
            "up 2": 'In "up 2": name the location first',
            # empty and overlong
            " ; ": 'Write a plan, e.g. "thames up 2; stpauls enter up 1".',
            "thames enter; "
            + "x" * 200: "That is too long (214 characters); a plan has at most 200.",
            "a up 1; b up 1; c up 1; d up 1": 'A plan has at most 3 parts separated by ";"',
        }
        for plan, expected in cases.items():
            text = refused(await alice.slash(w.channel, "move", plan=plan))
            assert expected in text, (plan, text)
        steal_cases = {
            "thames bl": 'In "thames bl": “bl” could be more than one colour',
            "exchange red blue for green": "an exchange gives exactly 3 cubes for 1",
            "exchange red red blue purple": 'write "exchange <colour> <colour> <colour> for',
        }
        for plan, expected in steal_cases.items():
            text = refused(await alice.slash(w.channel, "steal", plan=plan))
            assert expected in text, (plan, text)
        text = refused(await alice.slash(w.channel, "shillings", locations="thames, bogus"))
        assert "“bogus” is not a location" in text
        assert w.snapshot() == before


async def test_autocomplete_offers_the_callers_possible_plans(settings: Settings) -> None:
    async with world(settings, 2) as w:
        alice, bob = w.players
        outsider = w.guild.add_member(w.env.create_user("sam"))
        nothing = await alice.autocomplete(w.channel, "move", "plan", "th")
        assert nothing == []  # no game yet
        await start_game(w)
        set_state(w, lambda s: (s.cubes[0].update(blue=3), s.urchins["covent"].update({0: 4})))

        names = [c["name"] for c in await alice.autocomplete(w.channel, "move", "plan", "Th")]
        assert "thames enter" in names and "thames enter up 2" in names
        assert all(name.startswith("thames") for name in names)
        chained = [
            c["value"]
            for c in await alice.autocomplete(w.channel, "move", "plan", "thames enter; cov")
        ]
        assert chained and all(v.startswith("thames enter; covent ") for v in chained)
        assert "thames enter; covent up 1" in chained

        steals = [c["value"] for c in await alice.autocomplete(w.channel, "steal", "plan", "")]
        assert any(v.startswith("covent") for v in steals)
        places = await alice.autocomplete(w.channel, "shillings", "locations", "")
        assert [c["value"] for c in places] == ["covent"]
        assert await outsider.autocomplete(w.channel, "move", "plan", "") == []

        public(await alice.slash(w.channel, "market open"))
        buys = [
            c["value"] for c in await alice.autocomplete(w.channel, "market buy", "colours", "")
        ]
        assert "green" in buys
        sells = [
            c["value"] for c in await bob.autocomplete(w.channel, "market sell", "colours", "r")
        ]
        assert sells == ["red"]
