"""The frame of a turn (rulebook phases 1 and 4, and the end of the game).

The First Buyer draws one card per player into the centre; after the income the First
Buyer card passes left and the next turn starts, until the last turn has been paid.
"""

from rules.events import Event
from rules.fantasy_business import deck
from rules.fantasy_business.scoring import game_over_event
from rules.fantasy_business.state import GameState, Played, Sheet
from rules.words import Seat, said, said_n


def draw(state: GameState, count: int, events: list[Event]) -> list[int]:
    """Take `count` cards from the pile, reshuffling the discards into it when it runs out."""
    drawn: list[int] = []
    while len(drawn) < count:
        if not state.draw_pile:
            if not state.discards:
                break
            state.draw_pile, state.rng = state.rng.shuffled(state.discards)
            state.discards = []
            events.append(
                Event(
                    kind="deck_reshuffled",
                    say=said_n(
                        "The draw pile ran out: the {count} discard is shuffled into a new "
                        "draw pile.",
                        "The draw pile ran out: the {count} discards are shuffled into a new "
                        "draw pile.",
                        len(state.draw_pile),
                        count=len(state.draw_pile),
                    ),
                    data={"cards": len(state.draw_pile)},
                )
            )
        drawn.append(state.draw_pile.pop(0))
    return drawn


def start_turn(state: GameState, events: list[Event]) -> None:
    """Phase 1 begins: the First Buyer lays out one card per player."""
    state.phase = "auction"
    state.auction = None
    state.centre = draw(state, state.players, events)
    state.dealt = tuple(state.centre)
    events.append(
        Event(
            kind="turn_started",
            say=said(
                "Turn {turn} of {turns}: {who} is the First Buyer and lays out {count} cards: "
                "{cards}. {who} designates the first card.",
                turn=state.turn,
                turns=state.total_turns,
                who=Seat(seat=state.first_buyer),
                count=len(state.centre),
                cards=[deck.public_term(c) for c in state.centre],
            ),
            data={
                "turn": state.turn,
                "total_turns": state.total_turns,
                "first_buyer": state.first_buyer,
                "centre": [deck.public_card(c) for c in state.centre],
            },
        )
    )
    if not state.centre:
        # Only possible if every card were held; then there is simply nothing to auction.
        begin_pricing(state, events)


def begin_pricing(state: GameState, events: list[Event]) -> None:
    """Phase 2: everyone sets prices secretly and submits, even with no articles."""
    state.phase = "pricing"
    state.auction = None
    state.centre = []
    events.append(
        Event(
            kind="pricing_started",
            say=said(
                "The auctions are over. Everyone now sets their selling prices secretly "
                "and submits their sheet; special cards may be played until you submit."
            ),
            data={"turn": state.turn},
        )
    )


def end_turn(state: GameState, events: list[Event]) -> None:
    """Phase 4, then the next turn or the end of the game."""
    state.sheets = [Sheet() for _ in state.seats()]
    state.played = Played()
    state.acquired = [False] * state.players
    if state.turn >= state.total_turns:
        state.phase = "over"
        events.append(game_over_event(state))
        return
    state.first_buyer = state.left_of(state.first_buyer)
    state.turn += 1
    events.append(
        Event(
            kind="first_buyer_passed",
            say=said("The First Buyer card passes to {who}.", who=Seat(seat=state.first_buyer)),
            data={"seat": state.first_buyer},
        )
    )
    start_turn(state, events)
