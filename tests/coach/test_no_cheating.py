"""The coach cannot cheat: poisoning what the asker may not know changes no hint.

A Fantasy Business position in the pricing step is stored, and seat 0 asks for a hint;
then the other seats' face-down specials, their unrevealed prices, the draw pile's
order and the game's generator are replaced by different ones (the asker's view stays
the same) and seat 0 asks again. With the search bounded by playouts alone (the same
inputs give the same move), the two answers are the same, word for word.
"""

import pytest

from bot.service import Actor, Place
from bot.service.commands import coach as hint
from bot.settings import Settings
from rules.fantasy_business import RULES, deck
from rules.fantasy_business.state import GameState, Sheet
from rules.rng import Rng
from tests.discord.harness import public, world
from tests.rules.fantasy_business.fb_builders import position


def honest() -> GameState:
    return position(
        3,
        phase="pricing",
        gold=[25, 18, 40],
        articles={0: {"swords": 2, "horses": 1}, 1: {"swords": 1}, 2: {"horses": 2}},
        specials={0: ["guards"], 1: ["thief"], 2: ["fire", "embargo"]},
        prices={1: {"swords": 3}},
        last_prices={1: {"swords": 6}, 2: {"horses": 9}},
    )


def poisoned(state: GameState) -> GameState:
    """The same position for seat 0; everything seat 0 cannot see is different."""
    other = state.model_copy(deep=True)
    held = {c for hand in other.specials[1:] for c in hand}
    pool = [c for c in other.draw_pile if deck.card(c).kind == "special"]
    swap = pool[: len(held)]
    other.draw_pile = [c for c in other.draw_pile if c not in swap] + sorted(held)
    other.draw_pile.reverse()
    other.specials[1] = swap[: len(other.specials[1])]
    other.specials[2] = swap[len(other.specials[1]) : len(held)]
    other.sheets[1] = Sheet(prices={"swords": 12}, submitted=False)
    other.rng = Rng(seed=999_999, counter=5)
    assert RULES.view(other, 0) == RULES.view(state, 0)
    assert other != state
    return other


@pytest.mark.parametrize("budget", [None])
async def test_poisoned_secrets_leave_the_hint_unchanged(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, budget: float | None
) -> None:
    monkeypatch.setattr(hint, "HINT_SECONDS", budget)
    async with world(settings, 3) as w:
        alice = w.players[0]
        public(await alice.slash(w.channel, "game new", game="fantasy-business", hints=True))
        for member in w.players[1:]:
            public(await member.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start", first=alice))
        service = w.bot.service
        place = Place(w.channel.id, w.guild.id)
        actor = Actor(alice.id, "alice")
        answers = []
        for state in (honest(), poisoned(honest())):
            game = w.store.open_game(w.channel.id)
            assert game is not None
            w.store.update_game(game, now=w.clock(), state=RULES.dump_state(state))
            outcome = await hint.hint(service.engine, place, actor)
            assert outcome.reply is not None and outcome.reply.content.startswith("💡")
            answers.append(outcome.reply.content)
        assert answers[0] == answers[1]
