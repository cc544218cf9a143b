"""The report part of the lab's Prove screen: figures as translated text, tables and win-rate charts."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.core.i18n import Translator, decimal_text
from game.lab.report_text import verdict_sentences
from game.lab.summary import judged_p
from gui.dialogs import GOLD, GOLD_DARK, TEXT, TEXT_DIM, blit_text, ellipsize, fit_text, px
from gui.charts import AXIS, EXPECTED, GRID, draw_chart_frame
from gui.fonts import font
from gui.widgets import draw_panel

Translate = Callable[..., str]
Color = tuple[int, int, int]

OK_COLOR: Color = (120, 206, 128)
BAD_COLOR: Color = (232, 118, 104)
WARN_COLOR: Color = (238, 184, 84)
EXPERIMENTAL_COLOR: Color = (190, 140, 236)

# Column weights of the seat/colour tables and of the comparison table.
RATE_COLUMNS: tuple[float, ...] = (1.3, 0.6, 0.6, 0.95, 1.45, 0.95, 1.35, 1.35)
COMPARISON_COLUMNS: tuple[float, ...] = (2.8, 0.8, 1.1, 1.1, 1.1, 0.9, 0.9, 0.8, 1.5)


# ------------------------------------------------------------------ figures as words


def format_decimal(t: Translate, value: float, digits: int = 1) -> str:
    """A decimal number with the language's decimal mark ("0.5", "0,5")."""
    return decimal_text(t, value, digits)


def format_percent(t: Translate, share: float, digits: int = 1) -> str:
    """A share (0.25) as a percentage in the language's style ("25.0%", "25,0 %")."""
    return t("labsim.percent", value=format_decimal(t, 100 * share, digits))


def format_interval(t: Translate, low: float, high: float) -> str:
    """A 95% interval of shares as one percentage range ("7.2–59.1%")."""
    return t("labsim.percent", value=f"{format_decimal(t, 100 * low)}–{format_decimal(t, 100 * high)}")


def format_p(t: Translate, p: float) -> str:
    """"p = 0.016", or "p < 0.001" for a smaller p-value."""
    if p < 0.001:
        return t("labsim.p.below", value=format_decimal(t, 0.001, 3))
    return t("labsim.p.value", value=format_decimal(t, p, 3))


def position_name(t: Translate, position: int) -> str:
    """A 0-based seat position as people count it ("Seat 1")."""
    return t("labsim.position", n=position + 1)


def colour_name(t: Translate, colour: str, has: Callable[[str], bool]) -> str:
    """A player colour's name as a label ("Red"), or its id when no catalog knows it."""
    key = f"color.{colour}.player"
    return t(key) if has(key) else colour


def verdict_suffix(section: dict[str, Any]) -> str:
    """The last part of the report's verdict key ("fair", "seat_order", "board", "both", "no_games")."""
    return str(section["verdict"]["key"]).rsplit(".", 1)[-1]


def verdict_lines(translator: Translator, section: dict[str, Any]) -> list[str]:
    """The verdict of one layout as the report words it: a sentence per finding, with its figures."""
    return verdict_sentences(translator, section["verdict"])


def fairness_lines(t: Translate, section: dict[str, Any]) -> list[str]:
    """The seat and colour tests with their p-values as corrected over the report's tests (Holm); with a free
    set-up the colour test only measures luck and is left out of the correction."""
    seat = section["seat_test"]
    lines = [t("labsim.p.seat_corrected", p=format_p(t, float(seat["p_value"])),
               corrected=format_p(t, float(seat["adjusted_p_value"])))]
    colour = section["colour_test"]
    if colour.get("adjusted_p_value") is not None:
        lines.append(t("labsim.p.colour_corrected", p=format_p(t, float(colour["p_value"])),
                       corrected=format_p(t, float(colour["adjusted_p_value"]))))
    else:
        lines.append(t("labsim.p.colour_rotating", p=format_p(t, float(colour["p_value"]))))
    return lines


def counts_line(t: Translate, section: dict[str, Any]) -> str:
    """Games, finished, unfinished and broken games of a layout (always shown, never hidden)."""
    return t("labsim.report.counts", games=section["games"], finished=section["finished"],
             unfinished=section["unfinished"], broken=len(section["broken"]))


def _rate_cells(t: Translate, label: str, row: dict[str, Any]) -> list[str]:
    return [label, str(row["games"]), str(row["wins"]), format_percent(t, float(row["win_rate"])),
            format_interval(t, float(row["ci_low"]), float(row["ci_high"])),
            format_decimal(t, float(row["average_vp"]), 2), str(row["longest_road"]), str(row["largest_army"])]


def rate_headers(t: Translate, first: str) -> list[str]:
    """The header row of a seat or colour table."""
    return [t(first), t("labsim.report.col_games"), t("labsim.report.col_wins"), t("labsim.report.col_rate"),
            t("labsim.report.col_interval"), t("labsim.report.col_vp"), t("labsim.report.col_road"),
            t("labsim.report.col_army")]


def seat_cells(t: Translate, section: dict[str, Any]) -> list[list[str]]:
    """The seat-position table as text, one row per seat in turn order."""
    return [_rate_cells(t, position_name(t, int(row["position"])), row) for row in section["seat_positions"]]


def colour_cells(t: Translate, section: dict[str, Any], has: Callable[[str], bool]) -> list[list[str]]:
    """The colour table as text, one row per colour."""
    return [_rate_cells(t, colour_name(t, str(row["colour"]), has), row) for row in section["colours"]]


def comparison_headers(t: Translate) -> list[str]:
    """The header row of the comparison table."""
    return [t(f"labsim.report.col_{k}") for k in
            ("layout", "score", "seat_p", "colour_p", "spread", "finished", "unfinished", "broken", "verdict")]


def comparison_cells(t: Translate, report: dict[str, Any]) -> list[list[str]]:
    """One row of text per layout: score, both tests, seat spread, counts and the verdict in a word."""
    rows = []
    for row, section in zip(report["comparison"], report["layouts"]):
        name = row["name"] + (f" ({t('labsim.experimental')})" if section.get("experimental") else "")
        rows.append([name, format_decimal(t, float(row["score"]), 1), format_p(t, judged_p(row, "seat")),
                     format_p(t, judged_p(row, "colour")),
                     t("labsim.percent", value=format_decimal(t, 100 * float(row["seat_rate_spread"]))),
                     str(row["finished"]), str(row["unfinished"]), str(row["broken"]),
                     t(f"labsim.verdict_short.{str(row['verdict']).rsplit('.', 1)[-1]}")])
    return rows


# ------------------------------------------------------------------ drawing


def column_xs(rect: pygame.Rect, weights: Sequence[float], pad: int) -> list[tuple[int, int]]:
    """(x, width) of each column across rect, inside a padding."""
    usable = rect.width - 2 * pad
    total = sum(weights) or 1.0
    out = []
    x = rect.x + pad
    for weight in weights:
        width = int(usable * weight / total)
        out.append((x, width))
        x += width
    return out


def draw_table(surface: pygame.Surface, rect: pygame.Rect, title: str, headers: Sequence[str],
               rows: Sequence[Sequence[str]], weights: Sequence[float], scale: float,
               swatches: Sequence[Color | None] = (), row_colors: Sequence[Color | None] = ()) -> None:
    """A panel with a gold title, a header row and text rows; the first column may carry a colour dot."""
    draw_panel(surface, rect, (28, 33, 43), 240, 10)
    pygame.draw.rect(surface, GOLD_DARK, rect, 1, border_radius=10)
    pad = px(12, scale)
    title_size = fit_text(title, px(17, scale), rect.width - 2 * pad, True)
    title_rect = blit_text(surface, title, title_size, GOLD, (rect.x + pad, rect.y + px(8, scale)), bold=True)
    top = title_rect.bottom + px(6, scale)
    lines = len(rows) + 1
    row_h = max(px(16, scale), min(px(36, scale), (rect.bottom - px(6, scale) - top) // max(1, lines)))
    columns = column_xs(rect, weights, pad)
    size = max(9, min(px(15, scale), int(row_h * 0.62)))
    for i, (text, (x, width)) in enumerate(zip(headers, columns)):
        fs = fit_text(text, size, width - px(6, scale), True)
        anchor, pos = ("midleft", (x, top + row_h // 2)) if i == 0 else ("center", (x + width // 2, top + row_h // 2))
        blit_text(surface, text, fs, TEXT_DIM, pos, anchor, bold=True)
    pygame.draw.line(surface, GRID, (rect.x + pad, top + row_h - 1), (rect.right - pad, top + row_h - 1))
    for r, cells in enumerate(rows):
        cy = top + row_h * (r + 1) + row_h // 2
        if cy + row_h // 2 > rect.bottom:
            break
        if r % 2:
            band = pygame.Rect(rect.x + pad // 2, cy - row_h // 2, rect.width - pad, row_h)
            pygame.draw.rect(surface, (35, 41, 53), band, border_radius=4)
        color = row_colors[r] if r < len(row_colors) and row_colors[r] is not None else TEXT
        for i, (text, (x, width)) in enumerate(zip(cells, columns)):
            if i == 0:
                dot = swatches[r] if r < len(swatches) else None
                tx = x
                if dot is not None:
                    radius = max(3, row_h // 4)
                    pygame.draw.circle(surface, (10, 12, 16), (x + radius + 1, cy + 1), radius)
                    pygame.draw.circle(surface, dot, (x + radius, cy), radius)
                    tx = x + 2 * radius + px(6, scale)
                room = width - (tx - x) - px(4, scale)
                blit_text(surface, ellipsize(text, size, room, True), size, color, (tx, cy), "midleft", bold=True)
            else:
                fs = fit_text(text, size, width - px(4, scale))
                blit_text(surface, text, fs, color, (x + width // 2, cy), "center")


def _percent_grid(surface: pygame.Surface, area: pygame.Rect, top: float, t: Translate, scale: float) -> None:
    """Horizontal gridlines labelled in percent up to `top` (a share)."""
    step = 0.1 if top > 0.45 else 0.05
    size = px(12, scale)
    k = 0
    while k * step <= top + 1e-9:
        value = k * step
        y = area.bottom - int(area.height * value / top)
        pygame.draw.line(surface, GRID if k else AXIS, (area.x, y), (area.right, y))
        blit_text(surface, t("labsim.percent", value=str(round(value * 100))), size, TEXT_DIM,
                  (area.x - px(6, scale), y), "midright")
        k += 1


def draw_rate_chart(surface: pygame.Surface, rect: pygame.Rect, title: str, labels: Sequence[str],
                    rows: Sequence[dict[str, Any]], colors: Sequence[Color], parity: float, parity_text: str,
                    t: Translate, scale: float) -> None:
    """Win-rate bars (one per seat or colour) with 95% interval whiskers and a dashed parity line."""
    draw_chart_frame(surface, rect, title, scale)
    area = pygame.Rect(rect.x + px(52, scale), rect.y + px(58, scale), rect.width - px(68, scale),
                       rect.height - px(58, scale) - px(44, scale))
    if area.width < 20 or area.height < 20 or not rows:
        return
    peak = max([parity * 1.6] + [float(row["ci_high"]) for row in rows])
    step = 0.1 if peak > 0.45 else 0.05
    top = min(1.0, max(step, math.ceil(peak / step - 1e-9) * step))
    _percent_grid(surface, area, top, t, scale)
    slot = area.width / len(rows)
    bar_w = max(4, int(slot * 0.46))
    size = px(13, scale)

    def y_of(share: float) -> int:
        return area.bottom - int(area.height * min(share, top) / top)

    for i, row in enumerate(rows):
        cx = area.x + int(slot * (i + 0.5))
        rate = float(row["win_rate"])
        bar = pygame.Rect(cx - bar_w // 2, y_of(rate), bar_w, area.bottom - y_of(rate))
        color = colors[i] if i < len(colors) else GOLD
        if bar.height > 0:
            pygame.draw.rect(surface, color, bar, border_top_left_radius=3, border_top_right_radius=3)
            pygame.draw.rect(surface, (12, 14, 18), bar, 1, border_top_left_radius=3, border_top_right_radius=3)
        low, high = y_of(float(row["ci_low"])), y_of(float(row["ci_high"]))
        cap = max(4, bar_w // 4)
        for width, shade in ((px(4, scale) + 1, (12, 14, 18)), (max(1, px(2, scale)), TEXT)):
            pygame.draw.line(surface, shade, (cx, low), (cx, high), width)
            pygame.draw.line(surface, shade, (cx - cap, low), (cx + cap, low), width)
            pygame.draw.line(surface, shade, (cx - cap, high), (cx + cap, high), width)
        label = ellipsize(labels[i], size, int(slot) - px(4, scale))
        first = blit_text(surface, label, size, TEXT, (cx, area.bottom + px(4, scale)), "midtop")
        blit_text(surface, format_percent(t, rate), size, GOLD, (cx, first.bottom + px(1, scale)), "midtop",
                  bold=True)
    _parity_line(surface, area, y_of(parity), scale)
    _parity_legend(surface, rect, parity_text, scale)


def _parity_line(surface: pygame.Surface, area: pygame.Rect, y: int, scale: float) -> None:
    """A dashed horizontal line across the plot at the fair share."""
    dash = px(10, scale)
    for x in range(area.x, area.right, dash + px(6, scale)):
        pygame.draw.line(surface, EXPECTED, (x, y), (min(area.right, x + dash), y), max(1, px(2, scale)))


def _parity_legend(surface: pygame.Surface, rect: pygame.Rect, text: str, scale: float) -> None:
    """The dashed-line legend under a chart's title, at its right edge."""
    size = px(12, scale)
    y = rect.y + px(40, scale)
    right = rect.right - px(14, scale)
    label = blit_text(surface, ellipsize(text, size, rect.width // 2), size, EXPECTED, (right, y), "midright")
    x0 = label.left - px(30, scale)
    for x in (x0, x0 + px(12, scale)):
        pygame.draw.line(surface, EXPECTED, (x, y), (x + px(8, scale), y), max(1, px(2, scale)))


def draw_grouped_rate_chart(surface: pygame.Surface, rect: pygame.Rect, title: str, groups: Sequence[str],
                            series: Sequence[Sequence[dict[str, Any]]], names: Sequence[str],
                            colors: Sequence[Color], parity: float, parity_text: str, t: Translate,
                            scale: float) -> None:
    """Win rate per seat, one bar per layout side by side in each seat's group, with whiskers and parity."""
    draw_chart_frame(surface, rect, title, scale)
    legend_h = px(26, scale)
    area = pygame.Rect(rect.x + px(52, scale), rect.y + px(58, scale), rect.width - px(68, scale),
                       rect.height - px(58, scale) - px(30, scale) - legend_h)
    if area.width < 20 or area.height < 20 or not series or not groups:
        return
    peak = max([parity * 1.6] + [float(row["ci_high"]) for rows in series for row in rows])
    step = 0.1 if peak > 0.45 else 0.05
    top = min(1.0, max(step, math.ceil(peak / step - 1e-9) * step))
    _percent_grid(surface, area, top, t, scale)

    def y_of(share: float) -> int:
        return area.bottom - int(area.height * min(share, top) / top)

    slot = area.width / len(groups)
    bar_w = max(3, int(slot * 0.7 / len(series)))
    size = px(13, scale)
    for g, label in enumerate(groups):
        left = area.x + int(slot * g + (slot - bar_w * len(series)) / 2)
        for k, rows in enumerate(series):
            if g >= len(rows):
                continue
            row = rows[g]
            x = left + k * bar_w
            top_y = y_of(float(row["win_rate"]))
            bar = pygame.Rect(x + 1, top_y, bar_w - 2, area.bottom - top_y)
            if bar.height > 0:
                pygame.draw.rect(surface, colors[k % len(colors)], bar)
                pygame.draw.rect(surface, (12, 14, 18), bar, 1)
            cx = x + bar_w // 2
            low, high = y_of(float(row["ci_low"])), y_of(float(row["ci_high"]))
            cap = max(2, bar_w // 5)
            for width, shade in ((px(3, scale) + 1, (12, 14, 18)), (1, TEXT)):
                pygame.draw.line(surface, shade, (cx, low), (cx, high), width)
                pygame.draw.line(surface, shade, (cx - cap, low), (cx + cap, low), width)
                pygame.draw.line(surface, shade, (cx - cap, high), (cx + cap, high), width)
        blit_text(surface, ellipsize(label, size, int(slot) - px(4, scale)), size, TEXT,
                  (area.x + int(slot * (g + 0.5)), area.bottom + px(5, scale)), "midtop")
    _parity_line(surface, area, y_of(parity), scale)
    _parity_legend(surface, rect, parity_text, scale)
    x = rect.x + px(14, scale)
    y = rect.bottom - legend_h // 2 - px(6, scale)
    room = (rect.width - px(28, scale)) // max(1, len(names))
    for k, name in enumerate(names):
        box = pygame.Rect(x + k * room, y - px(6, scale), px(12, scale), px(12, scale))
        pygame.draw.rect(surface, colors[k % len(colors)], box, border_radius=2)
        blit_text(surface, ellipsize(name, size, room - px(22, scale)), size, TEXT_DIM,
                  (box.right + px(6, scale), y), "midleft")


def ellipsize_start(text: str, size: int, width: int) -> str:
    """Text shortened at its start ("…/lab-reports/x") so its end stays visible in width pixels."""
    f = font(size)
    if f.size(text)[0] <= width:
        return text
    while text and f.size("…" + text)[0] > width:
        text = text[1:]
    return "…" + text


__all__ = [
    "BAD_COLOR", "COMPARISON_COLUMNS", "EXPERIMENTAL_COLOR", "OK_COLOR", "RATE_COLUMNS", "WARN_COLOR",
    "colour_cells", "colour_name", "comparison_cells", "comparison_headers", "counts_line", "draw_grouped_rate_chart",
    "draw_rate_chart", "draw_table", "ellipsize_start", "fairness_lines", "format_decimal", "format_interval",
    "format_p", "format_percent", "position_name", "rate_headers", "seat_cells", "verdict_lines",
]
