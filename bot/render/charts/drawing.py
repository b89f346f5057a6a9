"""The drawing every chart shares: matplotlib set up for small, readable PNGs.

matplotlib is imported inside `figure` (not at module import), so the bot starts as
fast as before and only a process that draws a chart pays for it. Drawing happens where
`Attachment.render` runs: in a worker thread at delivery (bot.delivery), never on the
event loop. One lock keeps matplotlib's global font and text caches to one drawer at a
time. Charts are sized for a phone (Discord shows a picture at the chat's width, about 320 px
of a 412 px screen): 520 px wide, so 15-point type stays about 13 px tall there; few
large labels, a y-axis label on every panel, lines outlined in ink so every seat colour
stands out, each seat with a marker shape of its own and lines of falling width, so
seats on the same values stay visible one inside the other; the legend below.
"""

import io
import threading
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.render.fg_board.layout import BACKGROUND, INK, player_colour

WIDTH_INCHES = 5.2
DPI = 100
FONT_SIZE = 15
MARKERS = ("o", "s", "^", "D", "v", "P")
"""Each seat's marker shape, by seat (colours alone may look alike, and overlap)."""
_LOCK = threading.Lock()


def marker(seat: int) -> str:
    return MARKERS[seat % len(MARKERS)]


def width(seat: int, players: int) -> float:
    """A seat's line width: the first seat's widest, so equal lines show nested."""
    return 2.0 + 2.4 * (players - 1 - seat) / max(1, players - 1)


def colour(seat: int) -> tuple[float, float, float]:
    """The seat's colour as on the board picture, for matplotlib (0..1)."""
    red, green, blue = player_colour(seat)
    return red / 255, green / 255, blue / 255


def ink() -> tuple[float, float, float]:
    return INK[0] / 255, INK[1] / 255, INK[2] / 255


def paper() -> tuple[float, float, float]:
    return BACKGROUND[0] / 255, BACKGROUND[1] / 255, BACKGROUND[2] / 255


def plain_name(name: str, limit: int = 18) -> str:
    """A player's name as the chart's font can draw it: emoji and other symbols (an AI
    seat's 🤖) left out, long names cut."""
    kept = "".join(ch for ch in name if unicodedata.category(ch)[0] in "LNPZ" or ch in "-_'.")
    kept = " ".join(kept.split())
    return kept if len(kept) <= limit else kept[: limit - 1] + "…"


def outlined(width: float) -> list[Any]:
    """Path effects drawing a line with an ink edge (a white or yellow seat stays visible)."""
    from matplotlib import patheffects

    return [patheffects.Stroke(linewidth=width + 2.2, foreground=ink()), patheffects.Normal()]


@contextmanager
def figure(panels: int, height_ratios: list[float], height: float) -> Iterator[tuple[Any, Any]]:
    """A figure of `panels` stacked panels sharing nothing but the look; yields
    (figure, axes list)."""
    with _LOCK:
        import matplotlib

        matplotlib.use("Agg", force=False)
        from matplotlib.figure import Figure

        fig = Figure(figsize=(WIDTH_INCHES, height), dpi=DPI, facecolor=paper())
        axes = fig.subplots(panels, 1, gridspec_kw={"height_ratios": height_ratios})
        axes_list = list(axes) if panels > 1 else [axes]
        for ax in axes_list:
            ax.set_facecolor((1.0, 0.985, 0.95))
            ax.grid(True, color=(0.8, 0.76, 0.68), linewidth=0.8)
            ax.tick_params(labelsize=FONT_SIZE - 1, colors=ink())
            for spine in ax.spines.values():
                spine.set_color((0.55, 0.5, 0.42))
        yield fig, axes_list


def png(fig: Any) -> bytes:
    """The figure as PNG bytes, the same bytes for the same drawing (no timestamp)."""
    out = io.BytesIO()
    fig.savefig(out, format="png", facecolor=fig.get_facecolor(), metadata={"Software": None})
    return out.getvalue()


def legend_below(
    fig: Any, ax: Any, columns: int, handles: Any = None, labels: Any = None, y: float = 0.0
) -> None:
    """A legend under the panels (the axes' labelled lines, or the given handles)."""
    if handles is None:
        handles, labels = ax.get_legend_handles_labels()
    if handles:
        fig.legend(
            handles,
            labels,
            loc="lower center",
            bbox_to_anchor=(0.5, y),
            ncol=columns,
            fontsize=FONT_SIZE,
            frameon=False,
            handlelength=1.6,
            columnspacing=1.2,
        )


def seat_line(
    ax: Any,
    xs: list[Any],
    ys: list[Any],
    seat: int,
    name: str,
    markersize: float,
    zorder: int,
    players: int = 1,
) -> None:
    """A seat's series: a line in its colour, outlined, the seat's marker at each point,
    in the legend; a later seat's line is thinner and drawn above, so lines on the same
    values stay visible one inside the other."""
    line = width(seat, players)
    ax.plot(
        xs,
        ys,
        color=colour(seat),
        linewidth=line,
        marker=marker(seat),
        markersize=markersize,
        markeredgecolor=ink(),
        path_effects=outlined(line),
        label=name,
        zorder=zorder + seat,
    )


def final_marks(ax: Any, x: float, values: list[int], gap: float, zorder: int) -> list[str]:
    """Each seat's final score at the end of its line: a star in the seat's colour and
    the number beside it, numbers at least `gap` apart so close scores stay readable;
    returns the numbers written."""
    drawn = []
    label_y: float | None = None
    for seat in sorted(range(len(values)), key=lambda s: (-values[s], s)):
        value = values[seat]
        y = float(value) if label_y is None else min(float(value), label_y - gap)
        label_y = y
        seat_mark(ax, x, value, seat, "*", 420, 1.2, zorder)
        ax.annotate(
            str(value),
            (x, value),
            xytext=(x + 0.22, y),
            textcoords="data",
            fontsize=FONT_SIZE,
            fontweight="bold",
            color=colour(seat),
            path_effects=outlined(0.6),
            va="center",
            ha="left",
            zorder=zorder,
        )
        drawn.append(str(value))
    return drawn


def seat_mark(
    ax: Any, x: float, y: float, seat: int, marker: str, size: float, edge: float, zorder: int
) -> None:
    """One point in a seat's colour, edged in ink (an event, a price)."""
    ax.scatter(
        [x],
        [y],
        marker=marker,
        s=size,
        color=colour(seat),
        edgecolors=ink(),
        linewidths=edge,
        zorder=zorder,
    )


def title(ax: Any, text: str) -> None:
    ax.set_title(text, fontsize=FONT_SIZE + 2, color=ink(), loc="left", fontweight="bold")


def y_label(ax: Any, text: str) -> None:
    ax.set_ylabel(text, fontsize=FONT_SIZE, color=ink())


@dataclass(frozen=True)
class Panel:
    """What a drawn panel says, for the tests: its title, y-axis label and the final
    scores written on it."""

    title: str
    y_label: str
    finals: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Chart:
    """A drawn chart: the PNG and what each panel says."""

    png: bytes
    panels: list[Panel]


def panel(ax: Any, finals: list[str] | None = None) -> Panel:
    return Panel(ax.get_title(loc="left"), ax.get_ylabel(), finals or [])


def whole_numbers(ax: Any) -> None:
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=6))


Drawer = Callable[[], bytes]
