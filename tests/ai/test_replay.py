"""A replay asks every AI the same questions with the same seeds and gets the same moves,
in any process: nothing an AI decides may depend on Python's per-process string hashing
(set order) or on anything but its inputs."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = """
import hashlib, json
from tests.ai.tables import play
log = []
for kind, options in (("fantasy-business", {"turns": 2}), ("fagins-gang", {"round_limit": 3})):
    played = play(kind, ["strong", "standard", "random"], 3, options)
    log.append(played.final.model_dump_json())
print(hashlib.sha256(json.dumps(log).encode()).hexdigest())
"""


def fingerprint(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", GAMES], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_games_of_ais_replay_exactly_whatever_the_string_hashing() -> None:
    first = fingerprint("1")
    assert len(first) == 64
    assert fingerprint("2") == first
