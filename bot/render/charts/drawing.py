"""The drawing every chart shares: matplotlib set up for small, readable PNGs.

matplotlib is imported inside `figure` (not at module import), so the bot starts as
fast as before and only a process that draws a chart pays for it. Drawing happens where
`Attachment.render` runs: in a worker thread at delivery (bot.delivery), never on the
event loop. One lock keeps matplotlib's global font and text caches to one drawer at a
time. Charts are sized for a phone (Discord shows them at the chat's width): few large
labels, thick lines outlined in ink so every seat colour stands out, the legend below.
"""

import io
import threading
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from bot.render.fg_board.layout import BACKGROUND, INK, player_colour

WIDTH_INCHES = 6.4
DPI = 100
FONT_SIZE = 15
_LOCK = threading.Lock()


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
    ax: Any, xs: list[Any], ys: list[Any], seat: int, name: str, markersize: float, zorder: int
) -> None:
    """A seat's series: a line in its colour, outlined, a dot at each point, in the legend."""
    ax.plot(
        xs,
        ys,
        color=colour(seat),
        linewidth=3,
        marker="o",
        markersize=markersize,
        markeredgecolor=ink(),
        path_effects=outlined(3),
        label=name,
        zorder=zorder,
    )


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


def whole_numbers(ax: Any) -> None:
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=6))


Drawer = Callable[[], bytes]
