"""The house: the import graph of the project's own modules, measured from the code.

docs/architecture.md draws the layers; these tests keep the drawing true. Every import
counts, the ones inside functions included (a lazy import is still a dependency), and
`from package import module` is an import of that module. A package's `__init__`
importing its own modules (to re-export them) is the package's front door, not a
dependency, so it does not count towards a cycle.
"""

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rules", "ai", "bot", "cogs", "bench")

BOT_LAYERS: tuple[tuple[str, ...], ...] = (
    ("bot.settings", "bot.clock", "bot.i18n"),
    ("bot.store", "bot.replay"),
    ("bot.messages", "bot.limits", "bot.table", "bot.timing", "bot.records", "bot.rulebook"),
    ("bot.render",),
    ("bot.service",),
    ("bot.edge",),
    ("cogs",),
    ("bot.sandbox", "bot.__main__"),
)
"""The bot's layers from the bottom up: a module may import its own layer and the ones
below it. The game service never sees Discord's edge; the edge never sees the cogs that
register on it (it loads them by name); entry points and the sandbox sit on top."""

MAX_FILE_LINES = 600
MAX_CLASS_LINES = 600
MAX_SERVICE_CLASS_LINES = 400
MAX_MODULES_IN_BOT = 15


def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


MODULES = modules()


def _imports(name: str, source: str, is_package: bool = False) -> Iterator[str]:
    """The project modules `name` imports, wherever the import statement stands."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield from _known(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = name.split(".")
                parts = parts if is_package else parts[:-1]
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                yield from _known(submodule if submodule in MODULES else base)


def _known(module: str) -> Iterator[str]:
    """The nearest project module a dotted name lies in (none for other libraries)."""
    while module and module not in MODULES:
        module = module.rpartition(".")[0]
    if module:
        yield module


def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        found = set(_imports(name, path.read_text(), path.name == "__init__.py")) - {name}
        if path.name == "__init__.py":  # re-exporting its own modules
            found = {other for other in found if not other.startswith(f"{name}.")}
        edges[name] = found
    return edges


GRAPH = graph()


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in edges.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def layer_of(module: str) -> int | None:
    best: tuple[int, int] | None = None  # (prefix length, layer): the longest prefix wins
    for number, prefixes in enumerate(BOT_LAYERS):
        for prefix in prefixes:
            inside = module == prefix or module.startswith(f"{prefix}.")
            if inside and (best is None or len(prefix) > best[0]):
                best = (len(prefix), number)
    return None if best is None else best[1]


def test_the_graph_is_read() -> None:
    """The measure itself: it finds imports inside functions and `from x import module`."""
    lazy = (
        "def late():\n    from bot.service.commands import lobby\n"
        "    from bot.edge.app import create_bot\n"
    )
    assert set(_imports("bot.x", lazy)) == {"bot.service.commands.lobby", "bot.edge.app"}
    relative = "from . import engine\nfrom ..requests import Actor\n"
    assert set(_imports("bot.service.runtime.y", relative)) == {
        "bot.service.runtime.engine",
        "bot.service.requests",
    }
    assert "bot.service.runtime.engine" in GRAPH["bot.service.commands.lobby"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycles() -> None:
    assert cycles(GRAPH) == []


def test_every_bot_module_has_a_layer() -> None:
    unplaced = [
        name
        for name in MODULES
        if name.startswith("bot.") and layer_of(name) is None  # "bot" itself: a docstring
    ]
    assert unplaced == []


def test_the_bot_imports_only_point_down() -> None:
    upward = [
        f"{name} -> {other}"
        for name, imported in sorted(GRAPH.items())
        for other in sorted(imported)
        if (mine := layer_of(name)) is not None
        and (theirs := layer_of(other)) is not None
        and theirs > mine
    ]
    assert upward == []


@pytest.mark.parametrize(
    ("layer", "may_be_imported_by"),
    [
        ("rules", ("rules", "ai", "bot", "cogs", "bench")),
        ("ai", ("ai", "bot.service", "bot.sandbox", "bench")),
        ("cogs", ("cogs",)),
    ],
)
def test_the_outer_layers(layer: str, may_be_imported_by: tuple[str, ...]) -> None:
    """rules <- ai <- service <- Discord edge <- cogs: the AI is asked by the service (and
    the tools on top, the sandbox's scenes and the bench), and nothing in the project
    imports a cog (the bot loads them by name)."""
    users = sorted(
        name
        for name, imported in GRAPH.items()
        if any(other == layer or other.startswith(f"{layer}.") for other in imported)
        and not any(name == user or name.startswith(f"{user}.") for user in may_be_imported_by)
    )
    assert users == []


def test_no_file_is_too_long_to_hold_in_your_head() -> None:
    long = {
        str(path.relative_to(ROOT)): lines
        for name, path in MODULES.items()
        if name.split(".")[0] in ("bot", "cogs", "rules", "ai")
        and (lines := len(path.read_text().splitlines())) > MAX_FILE_LINES
    }
    assert long == {}


def _class_lengths() -> Iterator[tuple[str, int]]:
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                yield f"{name}.{node.name}", node.end_lineno - node.lineno + 1


def test_no_class_is_too_long() -> None:
    lengths = dict(_class_lengths())
    assert {name: size for name, size in lengths.items() if size > MAX_CLASS_LINES} == {}
    service = {name: size for name, size in lengths.items() if name.startswith("bot.service.")}
    assert max(service.values()) < MAX_SERVICE_CLASS_LINES


def test_the_bot_folder_shows_its_rooms() -> None:
    """Few modules directly in bot/; the rest live in packages named for what they are."""
    direct = sorted(path.name for path in (ROOT / "bot").glob("*.py"))
    assert len(direct) <= MAX_MODULES_IN_BOT, direct
    assert [name for name in direct if "sandbox" in name] == []
