"""The AI levels a seat can be given (`/game addbot [level]`, `/game autopilot level`)."""

from typing import Literal, get_args

Level = Literal["random", "standard", "strong"]
LEVELS: tuple[Level, ...] = get_args(Level)
