"""The `standard` Fagin's Gang player: the one-step greedy race.

On its action turn it scores every option of the move generator (`moves`) by how close
it leaves the seat to winning (`race`), minus how much further it pushes the leading
rival back when it bumps one, and takes the best: stealing the goods it needs, stealing
shillings when it is short, entering and climbing where that pays, going to Fagin when
it can afford it, bumping rivals on the way, or opening the market when its trades there
beat all that. At the market it makes the trades that bring it closer (`trading`).

A seat with no urchin on the track, whose options all score alike by the race's rule of
thumb, looks two turns ahead instead (`race.stranded_distance`): the market visit, the
purchase or the exchange that lets it enter next turn, and, when it opened the market
for that, the purchase itself. Without it, big tables were full of seats opening the
market to trade nothing (9.7 % of action turns at six seats).

Everything it reads is on the view (Fagin's Gang hides nothing present), so it decides
the same on any state rebuilt from the view; it is also the policy of every seat in
`strong`'s playouts.
"""

from functools import cached_property

from ai.fagins_gang.moves import (
    Option,
    Table,
    location_steps,
    move_option,
    shilling_options,
    steal_options,
)
from ai.fagins_gang.race import SLOTS
from ai.fagins_gang.trading import after_market, discard_action, trade_action
from rules.fagins_gang.actions import Action, MoveStep, OpenMarket, Skip
from rules.fagins_gang.board import BOARD

_SKIP = Skip()
_OPEN = OpenMarket()
"""The actions every action turn offers (frozen, so built once)."""

RIVAL = 0.02
"""How much pushing the leading rival back counts against the seat's own progress
(other rivals count half as much). At 0.3 seats spent their turns bumping each other
and four standard seats needed a median of 21 rounds; at 0.1, 18; at 0.02, 17 (and 16,
17, 18 at three, five and six seats, where 0.1 took 17, 18 and 19 once the two-turn
look-ahead was in: 200 games each, seeds 3000-3199). At 0 no one bumps a leader, and
some three-seat games dragged on for 78-98 rounds."""


class Scorer:
    """Scores options for one seat: its distance after, less the rivals it sets back."""

    def __init__(self, table: Table) -> None:
        self.table = table

    @cached_property
    def before(self) -> dict[int, float]:
        """Every rival's distance, worked out when an option first bumps one: most
        options (and most whole turns) bump no one."""
        race = self.table.race
        return {seat: race.distance(s) for seat, s in self.table.others.items()}

    @cached_property
    def leader(self) -> int:
        before = self.before
        return min(before, key=lambda seat: (before[seat], seat))

    def score(self, option: Option) -> float:
        race = self.table.race
        mine = option.mine
        if mine.at_fagin() >= race.target:
            return -1000.0
        total = self.table.distance(mine)
        if option.rivals:
            before, leader = self.before, self.leader
            for seat, rival in option.rivals.items():
                weight = RIVAL if seat == leader else RIVAL / 2
                total -= weight * (race.distance(rival) - before[seat])
        return total


def move_options(table: Table, scorer: Scorer) -> list[Option]:
    """The best step at each location, alone, and the best plan combining up to three."""
    base = scorer.score(Option(_SKIP, table.me))
    best: dict[str, tuple[float, Option]] = {}
    for step in location_steps(table):
        option = move_option(table, [step])
        gain = base - scorer.score(option)
        if step.location not in best or gain > best[step.location][0]:
            best[step.location] = (gain, option)
    ranked = sorted(best.values(), key=lambda entry: -entry[0])
    found = [option for _, option in ranked]
    chosen: list[MoveStep] = []
    shillings, supply = table.me.shillings, table.me.supply
    for gain, option in ranked:
        step = option.steps[0]
        if gain <= 0 or len(chosen) == SLOTS:
            break
        if step.kind == "fagin":
            if shillings < BOARD.fagin_price:
                continue
            shillings -= BOARD.fagin_price
        if step.kind == "enter":
            if supply < 1:
                continue
            supply -= 1
        chosen.append(step)
    if len(chosen) > 1:
        found.insert(0, move_option(table, chosen))
    return found


def action_options(table: Table) -> list[tuple[float, Option]]:
    """Every option on an action turn with its score, best first (skip last on ties)."""
    scorer = Scorer(table)
    options = [*steal_options(table), *shilling_options(table), *move_options(table, scorer)]
    options.append(Option(_OPEN, after_market(table)))
    options.append(Option(_SKIP, table.me))
    scored = [(scorer.score(option), index, option) for index, option in enumerate(options)]
    scored.sort(key=lambda entry: (entry[0], entry[1]))
    return [(score, option) for score, _, option in scored]


def standard_action(table: Table) -> Action:
    state, seat = table.state, table.seat
    if state.phase == "market":
        market = state.market
        if table.stranded and market is not None and market.token_holder == seat:
            table = Table(state, seat, table.race, ahead=True)
        return trade_action(table)
    if state.phase == "discard":
        return discard_action(table, state.pending_discards[seat])
    options = action_options(table)
    if table.stranded:
        skip = next(score for score, option in options if isinstance(option.action, Skip))
        if options[0][0] >= skip:
            options = action_options(Table(state, seat, table.race, ahead=True))
    return options[0][1].action
