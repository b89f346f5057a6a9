"""The layers of docs/architecture.md: imports only point downwards, and the rules core
touches no Discord, no clock, no file or network I/O and no unseeded randomness. The AI
layer (`ai/`) sits beside the bot on top of the rules: it imports only `rules/`, the
standard library's pure parts and pydantic, and draws randomness only from seeded
generators."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NO_IO = {
    "discord",
    "sqlite3",
    "sqlite_utils",
    "psycopg",
    "psycopg_pool",
    "time",
    "datetime",
    "socket",
    "aiohttp",
    "asyncio",
    "os",
}
FORBIDDEN = {
    "rules": NO_IO | {"bot", "cogs", "ai"},
    "ai": NO_IO | {"bot", "cogs"},
    "bot": {"cogs"},
}
AI_MAY_IMPORT = {
    "ai",
    "rules",
    "pydantic",
    "collections",
    "dataclasses",
    "functools",
    "hashlib",
    "itertools",
    "math",
    "random",
    "typing",
}
RANDOM_ALLOWED = {ROOT / "rules" / "rng.py"}
DATABASE_CLIENTS = {"sqlite3", "sqlite_utils", "psycopg", "psycopg_pool"}


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_imports_nothing_above_it(layer: str) -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported(path) & FORBIDDEN[layer])
        for path in (ROOT / layer).rglob("*.py")
    }
    assert {path: names for path, names in offenders.items() if names} == {}


def test_only_the_store_talks_to_a_database() -> None:
    """Everything else goes through the `Store` interface (bot/store/base.py): no database
    client and no store connection outside bot/store/ (the bench's bare baseline writes
    through clients of its own, on purpose)."""
    outside = [
        path
        for layer in ("bot", "cogs", "bench")
        for path in (ROOT / layer).rglob("*.py")
        if (ROOT / "bot" / "store") not in path.parents
    ]
    clients = {
        str(path.relative_to(ROOT)): sorted(imported(path) & DATABASE_CLIENTS)
        for path in outside
        if path.parent.name != "bench"
    }
    assert {path: names for path, names in clients.items() if names} == {}
    around = [
        str(path.relative_to(ROOT))
        for path in outside
        if "store.conn" in path.read_text() or "store.db" in path.read_text()
    ]
    assert around == []


def test_only_the_seeded_generator_uses_random() -> None:
    users = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "rules").rglob("*.py")
        if "random" in imported(path) and path not in RANDOM_ALLOWED
    ]
    assert users == []


def test_the_rules_core_opens_no_files_but_its_data() -> None:
    opens = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "rules").rglob("*.py")
        if "open(" in path.read_text() and "resources" not in path.read_text()
    ]
    assert opens == []


def test_the_ai_layer_imports_only_the_rules_pydantic_and_pure_stdlib() -> None:
    strays = {
        str(path.relative_to(ROOT)): sorted(imported(path) - AI_MAY_IMPORT)
        for path in (ROOT / "ai").rglob("*.py")
    }
    assert {path: names for path, names in strays.items() if names} == {}


def test_the_ai_layer_draws_only_from_seeded_generators() -> None:
    """`random` may only be used to build `random.Random(seed)` instances: the module's
    shared generator (random.choice, random.random, ...) is seeded from the clock."""
    unseeded: list[str] = []
    for path in (ROOT / "ai").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                unseeded += [f"{path.name}: from random import {a.name}" for a in node.names]
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
                and node.attr != "Random"
            ):
                unseeded.append(f"{path.name}: random.{node.attr}")
            if isinstance(node, ast.Call) and _calls_random_random(node) and not node.args:
                unseeded.append(f"{path.name}: random.Random() without a seed")
    assert unseeded == []


def _calls_random_random(node: ast.Call) -> bool:
    func = node.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "Random"
        and isinstance(func.value, ast.Name)
        and func.value.id == "random"
    )
