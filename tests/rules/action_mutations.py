"""Arbitrary values for the fields of actions, for both games' arbitrary-action tests.

Wholly random actions are nearly always refused at once (an unknown name, the wrong
turn), so the tests also take a legal action and make one of its fields arbitrary: the
dumped action is a tree of dicts, lists, ints and strings, and one leaf or list is
replaced. Literal fields (`type`, `kind`, ...) are left alone: the models refuse other
values before `apply` ever sees them.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from hypothesis import strategies as st
from pydantic import ValidationError

from rules.errors import RuleError

Action = TypeVar("Action")

NUMBERS = st.one_of(st.integers(-3, 9), st.integers(), st.sampled_from([10**18, -(10**18), 2**63]))
"""Small values near every range's edges, any integer, and huge ones."""

WEIRD_TEXT = st.one_of(
    st.sampled_from(["", " ", "★", "²", "?", "special card", "a" * 300]), st.text(max_size=12)
)


def _leaves(value: Any, fixed: frozenset[str], path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every int and str (except fixed fields) and every list."""
    found: list[tuple[Any, ...]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in fixed:
                found += _leaves(item, fixed, (*path, key))
    elif isinstance(value, list):
        found.append(path)
        for position, item in enumerate(value):
            found += _leaves(item, fixed, (*path, position))
    elif isinstance(value, int | str) and not isinstance(value, bool):
        found.append(path)
    return found


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    return [_replace(item, rest, new) if i == head else item for i, item in enumerate(value)]


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def mutate(
    draw: st.DrawFn,
    dumped: Mapping[str, Any],
    fixed: frozenset[str],
    names: st.SearchStrategy[str],
    optional: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """`dumped` with at most one field made arbitrary (a quarter of the time none).

    Ints become a near value or any of NUMBERS; strings any of `names` or WEIRD_TEXT;
    lists are emptied, doubled, cut or repeated; `optional` fields may be set to None
    or, when None, given a value.
    """
    action = dict(dumped)
    paths = _leaves(action, fixed)
    unset = sorted(key for key in optional if key in action and action[key] is None)
    if draw(st.integers(0, 3)) == 0 or not (paths or unset):
        return action
    choice = draw(st.sampled_from([*paths, *((key,) for key in unset)]))
    old = _at(action, choice)
    new: Any
    if old is None:
        new = draw(st.one_of(NUMBERS, names, WEIRD_TEXT))
    elif isinstance(old, list):
        new = draw(st.sampled_from([[], old + old, old[1:], old[:1] * 4, list(reversed(old))]))
    elif isinstance(old, int):
        new = draw(st.one_of(st.integers(-2, 2).map(lambda d: old + d), NUMBERS))
    else:
        new = draw(st.one_of(names, WEIRD_TEXT))
    if choice and choice[0] in optional and draw(st.integers(0, 4)) == 0:
        new = None
    return _replace(action, choice, new)


def one_of_each_type(draw: st.DrawFn, legal: Sequence[Action]) -> Action:
    """A legal action, its type chosen first, so rare types (a special card among dozens
    of prices) come up as often as common ones."""
    by_type: dict[str, list[Action]] = {}
    for action in legal:
        by_type.setdefault(str(getattr(action, "type", "")), []).append(action)
    chosen = draw(st.sampled_from(sorted(by_type)))
    return draw(st.sampled_from(by_type[chosen]))


def build_or_none(parse: Callable[[dict[str, Any]], Any], data: dict[str, Any]) -> Any:
    """The action the mutated data describes, or None when the model itself refuses it
    (e.g. a string where an int belongs): such data never reaches `apply`."""
    try:
        return parse(data)
    except (ValidationError, RuleError):
        return None
