"""The sandbox package sits on top of the bot: it builds the bot with the bot factory
(`create_bot`) and its settings, the bot never imports it back (only the command line,
when asked for the sandbox), and its own modules import one another without a cycle."""

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "bot" / "sandbox"
COMMAND_LINE = ROOT / "bot" / "__main__.py"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """Every dotted name an import statement of the file may load, those inside functions
    included: `from a.b import c` may load `a.b` and `a.b.c`."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def is_sandbox(name: str) -> bool:
    return name == "bot.sandbox" or name.startswith("bot.sandbox.")


def test_nothing_in_the_bot_or_the_cogs_imports_the_sandbox() -> None:
    outside = [
        path
        for layer in ("bot", "cogs")
        for path in (ROOT / layer).rglob("*.py")
        if PACKAGE not in path.parents and path != COMMAND_LINE
    ]
    offenders = {
        str(path.relative_to(ROOT)): sorted(filter(is_sandbox, imported(path))) for path in outside
    }
    assert {path: names for path, names in offenders.items() if names} == {}
    # The command line loads it only for `python -m bot sandbox`.
    assert any(is_sandbox(name) for name in imported(COMMAND_LINE))


def cycles(graph: dict[str, set[str]]) -> Iterator[list[str]]:
    """Each import cycle found by a depth-first walk, as the modules along it."""
    done: set[str] = set()

    def walk(module: str, path: list[str]) -> Iterator[list[str]]:
        if module in path:
            yield [*path[path.index(module) :], module]
            return
        if module in done:
            return
        for target in sorted(graph[module]):
            yield from walk(target, [*path, module])
        done.add(module)

    for module in sorted(graph):
        yield from walk(module, [])


def test_the_sandbox_modules_import_one_another_without_a_cycle() -> None:
    modules = {module_name(path): path for path in PACKAGE.glob("*.py")}
    assert {"bot.sandbox", "bot.sandbox.world", "bot.sandbox.screenshot"} <= modules.keys()
    graph = {name: imported(path) & modules.keys() - {name} for name, path in modules.items()}
    assert list(cycles(graph)) == []
    # Only callers outside the package go through its `__init__`.
    assert [name for name, targets in graph.items() if "bot.sandbox" in targets] == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert list(cycles(graph)) == [["a", "b", "c", "a"]]
