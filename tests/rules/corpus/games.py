"""Recorded games: the stored-JSON replay corpus (`python -m tests.rules.corpus.games`).

Each file of this folder is one game as the bot stores it (kind, seat count, the
options `setup` was given, seed, first seat) with its action log, and for every move a
digest of what the move left: the state as `dump_state` writes it, the events (kind,
seat, English text, data), the public view and the mover's view; refused attempts are
kept with their English refusal. `test_corpus.py` replays every file and compares move
by move, so a change to the rules core that alters a stored game, a sentence, a view or
a refusal shows at the move where it happens.

The committed files were recorded with the rules core as it was before the fast state,
lazy sentences and the counter-based generator: they are games started under the
earlier generator and price-wheel ring, which must replay exactly as they were played.
Moves are a mix of random legal actions, `standard` AI decisions and, every few moves,
an attempt the rules refuse (another seat acting, a number or name made wrong).
"""

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from ai import decide, decision_seed
from rules.errors import RuleError
from rules.events import Event
from rules.registry import GAMES

FOLDER = Path(__file__).parent
MAX_MOVES = 400


def digest(rules: Any, state: Any, seat: int, events: list[Event]) -> str:
    """What one move left, as a short hash: stored state, events, views."""
    told = [
        [e.kind, e.seat, e.text, json.dumps(e.data, sort_keys=True, default=str)] for e in events
    ]
    parts = [
        rules.dump_state(state),
        json.dumps(told),
        rules.view(state, None).model_dump_json(),
        rules.view(state, seat).model_dump_json(),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:20]


def _spoilt(data: dict[str, Any], chooser: random.Random) -> dict[str, Any]:
    """An action's JSON with one number or name made wrong."""
    text = json.dumps(data)
    numbers = [w for w in text.replace(",", " ").replace("}", " ").split() if w.isdigit()]
    if numbers and chooser.random() < 0.6:
        old = chooser.choice(numbers)
        return dict(json.loads(text.replace(f" {old}", f" {int(old) + 97}", 1)))
    for name in ("thames", "red", "swords", "blue", "horses", "bow", "thief"):
        if f'"{name}"' in text:
            return dict(json.loads(text.replace(f'"{name}"', '"zz"', 1)))
    return {**data, "type": data["type"]}


def record(
    name: str, kind: str, players: int, options: dict[str, Any], seed: int, first: int | None
) -> dict[str, Any]:
    rules = GAMES[kind]
    chooser = random.Random(seed)
    state, events = rules.setup(players, options, seed, first)
    history = [e for e in events if e.public]
    moves: list[list[Any]] = []
    for step in range(MAX_MOVES):
        if rules.outcome(state) is not None:
            break
        waiting = rules.waiting_on(state)
        seat = chooser.choice(waiting)
        if step % 7 == 3:
            other = (seat + 1) % players
            legal = rules.legal_actions(state, seat) or rules.legal_actions(state, other)
            tried = _spoilt(chooser.choice(legal).model_dump(mode="json"), chooser)
            actor = other if chooser.random() < 0.4 else seat
            try:
                rules.apply(state, actor, rules.parse_action(tried))
            except RuleError as error:
                moves.append([actor, tried, None, error.message])
            except Exception as error:  # a shape pydantic refuses
                moves.append([actor, tried, None, type(error).__name__])
        if chooser.random() < 0.5:
            view = rules.view(state, seat)
            known = history if kind == "fantasy-business" else []
            action = decide(kind, "standard", view, known, decision_seed(seed, step, seat))
        else:
            action = chooser.choice(list(rules.legal_actions(state, seat)))
        data = action.model_dump(mode="json")
        state, events = rules.apply(state, seat, rules.parse_action(data))
        history += [e for e in events if e.public]
        moves.append([seat, data, digest(rules, state, seat, events)])
    return {
        "name": name,
        "kind": kind,
        "players": players,
        "options": options,
        "seed": seed,
        "first": first,
        "moves": moves,
        "final": rules.dump_state(state),
    }


TABLES: list[tuple[str, str, int, dict[str, Any], int, int | None]] = [
    (
        "fb-3-ages",
        "fantasy-business",
        3,
        {"turns": None, "low_prices": False, "sole_lowest_bonus": False, "age_order": []},
        101,
        None,
    ),
    (
        "fb-4-before-ages",
        "fantasy-business",
        4,
        {"turns": 7, "low_prices": False, "sole_lowest_bonus": True},
        202,
        1,
    ),
    (
        "fb-5-low-prices",
        "fantasy-business",
        5,
        {"turns": 6, "low_prices": True, "sole_lowest_bonus": False, "age_order": [2, 0]},
        303,
        None,
    ),
    (
        "fb-8",
        "fantasy-business",
        8,
        {"turns": 4, "low_prices": False, "sole_lowest_bonus": False, "age_order": []},
        404,
        None,
    ),
    ("fg-2", "fagins-gang", 2, {"round_limit": 60, "fagin_target": 3}, 505, None),
    ("fg-3-target-2", "fagins-gang", 3, {"round_limit": None, "fagin_target": 2}, 606, 2),
    ("fg-4-limit", "fagins-gang", 4, {"round_limit": 40, "fagin_target": 3}, 707, None),
    ("fg-6", "fagins-gang", 6, {"round_limit": 20, "fagin_target": 2}, 808, None),
]


def main(names: list[str]) -> None:
    for name, kind, players, options, seed, first in TABLES:
        if names and name not in names:
            continue
        game = record(name, kind, players, options, seed, first)
        path = FOLDER / f"{name}.json"
        path.write_text(json.dumps(game, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(game['moves'])} moves")


if __name__ == "__main__":
    main(sys.argv[1:])
