"""The `strong` Fagin's Gang player: determinized Monte Carlo search (`ai.search`).

Nothing present is hidden, so a determinization only draws the future: every sampled
state gets a generator seeded from the AI's seed (the constables' patrol, the wheel).
Candidates are the `standard` player's best-scored options (its choice first; at the
market, passing and the trades that bring the seat closer, so no search can trade back
and forth for ever); every seat then plays `standard` for three rounds (the others'
actions, any market, the patrols, the wheel and the hand limit each time) or to the
end, and the position is scored by how much closer to winning the seat is than its
closest rival. One round was too short to tell a plan from its first step (a market
visit, an entry pay off a round later): strong won about half its games against
`standard`; three rounds and eight candidates win about three in four.
"""

import math

from ai import seeds
from ai.budget import Deadline
from ai.fagins_gang.moves import Table
from ai.fagins_gang.race import race_of, standing
from ai.fagins_gang.standard import action_options, standard_action
from ai.fagins_gang.trading import GAIN, market_distance, traded_distance, trades
from ai.search import sequential_halving
from rules.fagins_gang.actions import Action, MarketPass
from rules.fagins_gang.game import RULES
from rules.fagins_gang.state import FaginState
from rules.rng import COUNTER_BASED, Rng

CANDIDATES = 8
"""How many of `standard`'s best options the search compares on an action turn."""
ROUNDS = 3
"""Rounds a playout plays before the position is scored."""
PLAYOUT_COST = 2.0
"""What a three-round playout costs in budget playouts (counted for one round each), so
a decision at the bot's budget takes about as long as with shorter playouts."""
SCALE = 2.0
"""A lead of this many actions over the closest rival scores about 0.73 (logistic)."""
PLAYOUT_LIMIT = 400
"""Moves after which a playout is scored as it stands."""


def candidates(state: FaginState, seat: int) -> list[Action]:
    table = Table(state, seat)
    found = [standard_action(table)]
    if state.phase == "actions":
        found += [option.action for _, option in action_options(table)[:CANDIDATES]]
    elif state.phase == "market":
        holder = state.market is not None and state.market.token_holder == seat
        stalls = dict(state.stalls)
        enough = market_distance(table, table.me, stalls) - GAIN
        found.append(MarketPass())
        found += [
            option.action
            for option in trades(table, table.me, stalls, holder)
            if traded_distance(table, option, stalls) < enough
        ]
    unique: list[Action] = []
    for action in found:
        if action not in unique:
            unique.append(action)
    return unique


def reward(state: FaginState, seat: int) -> float:
    result = state.result
    if result is not None:
        return 1.0 / len(result.winners) if seat in result.winners else 0.0
    race = race_of(state)
    mine = race.distance(standing(state, seat))
    best = min(race.distance(standing(state, s)) for s in range(state.players) if s != seat)
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, (best - mine) / SCALE))))


def play_out(
    state: FaginState, seat: int, last_round: int | None = None, moves: int = PLAYOUT_LIMIT * ROUNDS
) -> float:
    """Everyone plays `standard` for `ROUNDS` rounds, to the seat's action turn; then
    score it. Plays on `state` itself (a copy only this playout holds). `last_round` and
    `moves`: where a playout that has already begun (`Prefix`) still stops."""
    if last_round is None:
        last_round = state.round + ROUNDS - 1
    for _ in range(moves):
        if state.phase == "over":
            break
        if state.phase == "actions" and state.turn == seat and state.round > last_round:
            break
        actor = RULES.waiting_on(state)[0]
        RULES.apply_in_place(state, actor, standard_action(Table(state, actor)))
    return reward(state, seat)


class Prefix:
    """A candidate's playout up to its first draw from the generator, played once for
    every determinization: determinizations differ only in their generators (nothing
    present is hidden), and `standard` draws nothing, so until a patrol, a die or the
    wheel every playout of a candidate makes the same moves. Each playout then goes on
    from a copy with its own generator, as if it had made them itself."""

    def __init__(self, root: FaginState, seat: int, action: Action) -> None:
        state, _ = RULES.apply(root, seat, action)
        self.last_round = state.round + ROUNDS - 1
        self.moves = PLAYOUT_LIMIT * ROUNDS
        self.state: FaginState | None = None
        if state.rng is not root.rng:
            return  # the candidate itself draws: every playout is its own from the start
        while self.moves > 0 and state.phase != "over":
            if state.phase == "actions" and state.turn == seat and state.round > self.last_round:
                break
            actor = RULES.waiting_on(state)[0]
            action = standard_action(Table(state, actor))
            before = state.clone()
            RULES.apply_in_place(state, actor, action)
            if state.rng is not before.rng:
                state = before  # this move draws: each playout makes it with its own
                break
            self.moves -= 1
        self.state = state

    def play(self, world: FaginState, seat: int, action: Action) -> float:
        if self.state is None:
            after, _ = RULES.apply(world, seat, action)
            return play_out(after, seat)
        state = self.state.clone()
        state.rng = world.rng
        return play_out(state, seat, self.last_round, self.moves)


def search(root: FaginState, seat: int, seed: int, deadline: Deadline) -> Action:
    moves = candidates(root, seat)
    prefixes: dict[int, Prefix] = {}

    def sample(index: int) -> FaginState:
        world = root.clone()
        world.rng = Rng(seed=seeds.derive(seed, "future", index), version=COUNTER_BASED)
        return world

    def playout(world: FaginState, action: Action) -> float:
        # Keyed by the candidate itself (`moves` keeps each alive): comparing actions
        # field by field to find one's place in the list costs more than the key.
        prefix = prefixes.get(id(action))
        if prefix is None:
            prefix = prefixes[id(action)] = Prefix(root, seat, action)
        return prefix.play(world, seat, action)

    return sequential_halving(moves, sample, playout, deadline.fewer(PLAYOUT_COST))
