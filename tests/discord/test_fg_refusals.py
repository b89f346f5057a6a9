"""Every refusal of the rules' §8 reaches the player ephemerally, says why (naming the part
of the plan that is wrong) and changes nothing stored."""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.service import Actor
from bot.settings import Settings
from rules.fagins_gang import FaginState
from rules.fagins_gang.actions import Move, MoveStep
from rules.fagins_gang.state import Constable, MarketState
from tests.discord.fg_support import game_id, set_state, start_game, state_of
from tests.discord.harness import refused, world

Prepare = Callable[[FaginState], None]


def nothing(state: FaginState) -> None:
    return None


def urchin(location: str, level: int | str, seat: int = 0) -> Prepare:
    def place(state: FaginState) -> None:
        state.urchins[location][seat] = level  # type: ignore[assignment]
        state.supply[seat] -= 1

    return place


def both(*steps: Prepare) -> Prepare:
    def run(state: FaginState) -> None:
        for step in steps:
            step(state)

    return run


def market(current: int = 0, passed: tuple[int, ...] = ()) -> Prepare:
    """Alice (seat 0) opened the market; trading goes alice, carol, bob."""

    def open_it(state: FaginState) -> None:
        state.phase = "market"
        state.market = MarketState(
            token_holder=0, order=[0, 2, 1], current=current, passed=list(passed)
        )

    return open_it


def cubes(seat: int = 0, **held: int) -> Prepare:
    def change(state: FaginState) -> None:
        state.cubes[seat].update(held)

    return change


def shillings(amount: int, seat: int = 0) -> Prepare:
    def change(state: FaginState) -> None:
        state.shillings[seat] = amount

    return change


def stalls(**counts: int) -> Prepare:
    def change(state: FaginState) -> None:
        state.stalls.update(counts)

    return change


def warehouses(**counts: int) -> Prepare:
    def change(state: FaginState) -> None:
        state.warehouses.update(counts)

    return change


def acted_already(state: FaginState) -> None:
    state.acted = [0]
    state.turn = 1


def removed_from_thames(state: FaginState) -> None:
    state.removed = [(0, "thames")]


def quiet_constables(state: FaginState) -> None:
    """Park every constable on level 7, out of the way of the levels these cases use."""
    state.constables = {key: Constable(level=7, facing="up") for key in state.constables}


@dataclass
class Case:
    command: str
    options: dict[str, Any]
    expected: str
    prepare: Prepare = nothing
    who: int = 0
    """Index into the world's players; -1 is a member who is not seated."""
    extra: list[str] = field(default_factory=list)


CASES = {
    "acting out of turn": Case("skip", {}, "It is **alice**'s turn, not yours.", who=1),
    "a second action in one turn": Case(
        "skip", {}, "You have already taken your action this round", acted_already
    ),
    "mixing action types": Case(
        "move", {"plan": "thames enter; covent red"}, 'In "covent red": say what to do'
    ),
    "a location named twice": Case(
        "move",
        {"plan": "thames enter; thames up 1"},
        'In "thames up 1": River Thames is already named in "thames enter"',
    ),
    "moving an urchin the player does not have there": Case(
        "move", {"plan": "covent up 1"}, 'In "covent up 1": you have no urchin at Covent Garden.'
    ),
    "entering where the player already is": Case(
        "move",
        {"plan": "thames enter"},
        'In "thames enter": you already have an urchin at River Thames (level 6)',
        urchin("thames", 6),
    ),
    "entering where the player has reached Fagin": Case(
        "move",
        {"plan": "covent enter"},
        'In "covent enter": your urchin at Covent Garden has gone back to Fagin',
        urchin("covent", "fagin"),
    ),
    "entering where the player was removed this round": Case(
        "move",
        {"plan": "thames enter"},
        'In "thames enter": your urchin left the track at River Thames this round '
        "(or was bumped off it)",
        removed_from_thames,
    ),
    "a move without enough cubes of the location's colour": Case(
        "move",
        {"plan": "stpauls up 3"},
        'In "stpauls up 3": that needs 12 purple, you have 9.',
        both(urchin("stpauls", 5), cubes(purple=9), quiet_constables),
    ),
    "entering without enough cubes": Case(
        "move",
        {"plan": "thames up 1; stpauls enter up 1"},
        'In "stpauls enter up 1": that needs 8 purple, you have 1.',
        both(urchin("thames", 5), cubes(blue=3), quiet_constables),
    ),
    "Fagin without 15 shillings": Case(
        "move",
        {"plan": "thames fagin"},
        'In "thames fagin": going back to Fagin costs 15 shillings and you have 10',
        both(urchin("thames", 1), shillings(10), cubes(blue=5), quiet_constables),
    ),
    "leaving other than past level 0 or 7": Case(
        "move",
        {"plan": "thames leave middle"},
        'In "thames leave middle": urchins leave only at the top (past level 0) or the bottom',
        urchin("thames", 3),
    ),
    "moving off the track instead of leaving": Case(
        "move",
        {"plan": "thames up 4"},
        'In "thames up 4": your urchin is on level 2, so that would go off the track.',
        both(urchin("thames", 2), cubes(blue=5)),
    ),
    "stealing where the player has no urchin": Case(
        "steal", {"plan": "covent"}, 'In "covent": you have no urchin at Covent Garden.'
    ),
    "stealing shillings where the player has no urchin": Case(
        "shillings",
        {"locations": "thames, chertsey"},
        'In "chertsey": you have no urchin at Chertsey.',
        urchin("thames", 5),
    ),
    "naming an empty colour for ★": Case(
        "steal",
        {"plan": "thames books"},
        'In "thames blue": the blue (books) warehouse is empty; name another colour.',
        both(urchin("thames", 5), warehouses(blue=0)),
    ),
    "exchanging without 3 cubes": Case(
        "steal",
        {"plan": "exchange red red blue for purple"},
        'In "exchange red red blue for purple": exchanging needs 2 red, you have 1.',
    ),
    "buying from an empty stall": Case(
        "market buy",
        {"colours": "red"},
        "The red (handkerchiefs) stall is empty; there is nothing to buy.",
        both(market(), stalls(red=0)),
    ),
    "buying without the shillings": Case(
        "market buy",
        {"colours": "purple"},
        "shillings; you have 1.",
        both(market(), shillings(1)),  # less than the wheel's lowest price
    ),
    "selling to a full stall": Case(
        "market sell",
        {"colours": "books"},
        "The blue (books) stall is full (6 cubes); it takes no more.",
        both(market(), stalls(blue=6)),
    ),
    "selling a cube not owned": Case(
        "market sell",
        {"colours": "red"},
        "You have no red (handkerchiefs) cube to sell.",
        both(market(), cubes(red=0)),
    ),
    "the token holder's two cubes of one colour": Case(
        "market buy",
        {"colours": "red red"},
        "2 cubes must be of different colours; you named red twice.",
        market(),
    ),
    "buying and selling together": Case(
        "market buy",
        {"colours": "red, sell blue"},
        'In "red, sell blue": “sell” is not a colour.',
        market(),
    ),
    "a non-holder trading 2 cubes": Case(
        "market buy",
        {"colours": "red blue"},
        "Only the Market token holder (**alice**) may buy 2 cubes at once; you may buy 1, not 2.",
        market(current=2),
        who=2,
    ),
    "trading after passing": Case(
        "market sell",
        {"colours": "red"},
        "You have passed and left the market; you may not return to it.",
        market(current=2, passed=(0,)),
    ),
    "trading out of turn": Case(
        "market buy", {"colours": "red"}, "It is **alice**'s turn to trade, not yours.", market(), 1
    ),
    "a Phase 1 action while the market is open": Case(
        "move", {"plan": "thames enter"}, "The market is open", market()
    ),
    "entering up a negative number of levels": Case(
        "move", {"plan": "stpauls enter up -1"}, "a whole number, at least 1), not “-1”"
    ),
    "entering up minus two": Case(
        "move", {"plan": "stpauls enter up -2"}, "a whole number, at least 1), not “-2”"
    ),
    "a superscript digit for levels": Case(
        "move", {"plan": "stpauls enter up ²"}, "a whole number, at least 1), not “²”"
    ),
    "a number of levels too long to be meant": Case(
        "move", {"plan": "thames up 99999999"}, "“99999999” is too big a number for levels"
    ),
    "a command from someone not seated": Case(
        "skip", {}, "You are not seated in this game.", who=-1
    ),
    "a trade from someone not seated": Case(
        "market pass", {}, "You are not seated in this game.", market(), who=-1
    ),
}


async def test_every_refusal_names_the_reason_and_changes_nothing(settings: Settings) -> None:
    """One table for all cases (a fresh one each would cost a second apiece): each case
    starts from the same stored position plus its own preparation."""
    async with world(settings, 3) as w:
        await start_game(w)
        start = state_of(w)
        stranger = w.guild.add_member(w.env.create_user("stranger"))
        failures: list[str] = []
        for name, case in CASES.items():
            set_state(w, lambda state, case=case: _reset(state, start, case.prepare))
            who = w.players[case.who] if case.who >= 0 else stranger
            before = w.snapshot()
            history = len(w.channel.history())
            result = await who.slash(w.channel, case.command, **case.options)
            text = refused(result)
            if case.expected not in text:
                failures.append(f"{name}: {text}")
            if w.snapshot() != before or len(w.channel.history()) != history:
                failures.append(f"{name}: something changed")
        assert not failures, "\n".join(failures)


def _reset(state: FaginState, start: FaginState, prepare: Prepare) -> None:
    for key, value in start.model_copy(deep=True):
        setattr(state, key, value)
    prepare(state)


MALFORMED_STEPS = {
    "enter up -1 (a free move to level 6)": MoveStep(
        location="stpauls", kind="enter", direction="up", levels=-1
    ),
    "enter up -2 (paid out of the warehouse)": MoveStep(
        location="stpauls", kind="enter", direction="up", levels=-2
    ),
    "move down -2": MoveStep(location="thames", kind="move", direction="down", levels=-2),
}


async def test_malformed_move_steps_built_directly_are_refused_by_the_service_path(
    settings: Settings,
) -> None:
    """AI players and imports build actions without the parser: the core still refuses
    them, the actor hears why, and nothing is stored."""
    async with world(settings, 3) as w:
        await start_game(w)
        set_state(w, both(urchin("thames", 5), cubes(purple=8, blue=4)))
        alice = w.players[0]
        actor = Actor(user_id=alice.id, display_name="alice")
        for name, step in MALFORMED_STEPS.items():
            before = w.snapshot()
            outcome = await w.bot.service.act_in_game(
                game_id(w), actor, lambda state, seat, step=step: Move(steps=[step])
            )
            assert not outcome.accepted, name
            assert outcome.reply is not None and (outcome.reply.content or "").startswith("❌")
            assert "at least 1" in (outcome.reply.content or ""), outcome.reply.content
            assert w.snapshot() == before, name
