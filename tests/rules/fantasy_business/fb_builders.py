"""Small builders: a Fantasy Business state in exactly the position a rule needs.

Cards are allocated from the real deck so every built state still holds all 72 cards:
whatever is not placed in the centre, a hand or the discards stays in the draw pile.
"""

from collections.abc import Mapping, Sequence

import pytest

from rules.errors import RuleError
from rules.events import Event
from rules.fantasy_business import RULES, deck
from rules.fantasy_business.actions import Action
from rules.fantasy_business.state import AuctionState, GameState, Options, Played, Sheet
from rules.rng import Rng


class _Ids:
    """Hands out unused card ids of a given key."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, key: str) -> int:
        for card in deck.cards():
            if card.key == key and card.id not in self.used:
                self.used.add(card.id)
                return card.id
        raise ValueError(f"no {key} card left")


def position(
    players: int = 4,
    *,
    phase: str = "auction",
    gold: Sequence[int] | None = None,
    articles: Mapping[int, Mapping[str, int]] | None = None,
    specials: Mapping[int, Sequence[str]] | None = None,
    centre: Sequence[str] = (),
    acquired: Sequence[int] = (),
    first_buyer: int = 0,
    youngest: int | None = None,
    turn: int = 1,
    total_turns: int = 10,
    prices: Mapping[int, Mapping[str, int]] | None = None,
    submitted: Sequence[int] = (),
    last_prices: Mapping[int, Mapping[str, int]] | None = None,
    played: Played | None = None,
    options: Options | None = None,
) -> GameState:
    """A state in phase `phase`; `centre` lists card keys (articles or special kinds)."""
    ids = _Ids()
    held_articles = [dict((articles or {}).get(s, {})) for s in range(players)]
    for hand in held_articles:
        for key, count in hand.items():
            for _ in range(count):
                ids.take(key)
    held_specials = [[ids.take(k) for k in (specials or {}).get(s, [])] for s in range(players)]
    centre_ids = [ids.take(key) for key in centre]
    pile = [c.id for c in deck.cards() if c.id not in ids.used]
    return GameState(
        players=players,
        options=options or Options(),
        rng=Rng(seed=7),
        draw_pile=pile,
        centre=centre_ids,
        dealt=tuple(centre_ids),
        gold=list(gold) if gold is not None else [10] * players,
        articles=held_articles,
        specials=held_specials,
        acquired=[s in acquired for s in range(players)],
        turn=turn,
        total_turns=total_turns,
        first_buyer=first_buyer,
        youngest=first_buyer if youngest is None else youngest,
        phase=phase,  # type: ignore[arg-type]
        sheets=[
            Sheet(prices=dict((prices or {}).get(s, {})), submitted=s in submitted)
            for s in range(players)
        ],
        last_sheets=[dict((last_prices or {}).get(s, {})) for s in range(players)],
        played=played or Played(),
    )


def auctioning(state: GameState, index: int, **fields: object) -> GameState:
    """`state` with centre card `index` under the hammer (fields of AuctionState)."""
    work = state.model_copy(deep=True)
    work.auction = AuctionState(card=work.centre[index], **fields)  # type: ignore[arg-type]
    return work


def act(state: GameState, seat: int, action: Action) -> tuple[GameState, list[Event]]:
    return RULES.apply(state, seat, action)


def run(state: GameState, *moves: tuple[int, Action]) -> tuple[GameState, list[Event]]:
    """Apply several actions in order; returns the last state and all events."""
    events: list[Event] = []
    for seat, action in moves:
        state, new = RULES.apply(state, seat, action)
        events += new
    return state, events


def refused(state: GameState, seat: int, action: Action, message: str) -> None:
    """The action is refused with exactly `message`, and the state is unchanged."""
    before = RULES.dump_state(state)
    with pytest.raises(RuleError) as caught:
        RULES.apply(state, seat, action)
    assert caught.value.message == message
    assert RULES.dump_state(state) == before


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def only(events: Sequence[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, kinds(events)
    return found[0]


def card_count(state: GameState) -> int:
    """Every card, wherever it is: pile, centre, discards, hands."""
    held = sum(sum(h.values()) for h in state.articles) + sum(len(h) for h in state.specials)
    return len(state.draw_pile) + len(state.centre) + len(state.discards) + held
