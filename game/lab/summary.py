"""The summary page of a lab report: one self-contained HTML file (inline CSS, no scripts) beside the charts.

Every string taken from the report is HTML-escaped: layout names and error messages are user input.
"""

from __future__ import annotations

import html
import shlex
from collections.abc import Iterable, Sequence
from typing import Any

from game.core.i18n import Translator
from game.lab.chart_plan import PLAYER_COLOURS, ChartSpec, chart_title, planned_charts
from game.lab.verdicts import FAMILY_ALPHA
from game.lab.report_text import (
    bot_name, colour_name, colour_title, format_number, format_p_value, format_percent, p_value_phrase,
    format_count, format_points, harbor_name, position_label, resource_name, variant_name, verdict_sentences,
)

CHARTS_FOLDER = "charts"
TERM_WEIGHTS: tuple[tuple[str, int], ...] = (("A", 12), ("E", 5), ("S", 4), ("C", 3), ("R", 40), ("T", 30))

STYLE = """
body { margin: 0; background: #f6f3ec; color: #21252e; font: 16px/1.5 "DejaVu Sans", "Segoe UI", Arial, sans-serif; }
main { max-width: 1240px; margin: 0 auto; padding: 32px 40px 48px; background: #fbf9f4; }
h1 { font-size: 32px; margin: 0 0 6px; }
h2 { font-size: 25px; margin: 48px 0 8px; padding-top: 16px; border-top: 2px solid #e2ded3; }
h3 { font-size: 19px; margin: 28px 0 8px; }
p.lead { color: #5f6571; margin: 0 0 20px; }
table { border-collapse: collapse; margin: 8px 0 16px; font-size: 15px; }
th, td { padding: 6px 12px; border-bottom: 1px solid #e2ded3; text-align: right; vertical-align: top; }
th { background: #efebe1; font-weight: bold; }
th:first-child, td:first-child, td.text, th.text { text-align: left; }
table.meta th { text-align: left; background: none; color: #5f6571; font-weight: normal; }
table.meta td { text-align: left; }
code { font-family: "DejaVu Sans Mono", Consolas, monospace; font-size: 14px; background: #efebe1; padding: 1px 5px;
       border-radius: 4px; overflow-wrap: anywhere; }
.verdict { background: #fff; border-left: 6px solid #4d72a8; padding: 12px 18px; margin: 12px 0; font-size: 17px; }
.verdict.warn { border-left-color: #c8503c; }
.verdict.none { border-left-color: #9a9a9a; }
.badge { display: inline-block; font-size: 13px; padding: 1px 8px; margin-left: 8px; border-radius: 10px;
         background: #e6e1d4; color: #5f4a20; vertical-align: middle; }
.badge.bad { background: #f4d6cf; color: #8a2a1a; }
.alert { background: #f8e3d9; border: 1px solid #e0a890; padding: 10px 16px; }
.swatch { display: inline-block; width: 13px; height: 13px; border: 1px solid #777; border-radius: 3px;
          margin-right: 7px; vertical-align: -1px; }
.significant { color: #a8321e; font-weight: bold; }
.score { font-size: 22px; font-weight: bold; }
figure { margin: 18px 0 28px; }
figure img { width: 100%; max-width: 1200px; height: auto; border: 1px solid #e2ded3; display: block; }
ul.plain { padding-left: 20px; }
footer { margin-top: 48px; color: #8a8f99; font-size: 13px; overflow-wrap: anywhere; }
"""


def esc(value: Any) -> str:
    """Any value from the report as HTML-safe text."""
    return html.escape(str(value), quote=True)


def render_summary(report: dict[str, Any], t: Translator, charts: Sequence[ChartSpec] | None = None) -> str:
    """The whole summary page as HTML text; charts defaults to every chart the report gets."""
    specs = list(charts) if charts is not None else planned_charts(report)
    sections = report.get("layouts", [])
    parts = [f"<h1>{esc(t.t('labreport.title'))}</h1>", f"<p class=\"lead\">{esc(t.t('labreport.lead'))}</p>",
             meta_table(report, t)]
    if report.get("interrupted"):
        parts.append(f"<p class=\"alert\">{esc(t.t('labreport.interrupted'))}</p>")
    if report.get("search"):
        parts.append(search_block(report, t))
    if len(sections) > 1:
        parts.append(contents(sections, t))
        parts.append(comparison_block(report, t, specs))
    for i, section in enumerate(sections):
        parts.append(layout_block(report, i, section, t, [s for s in specs if s.layout == i]))
    parts.append(how_to_read(t))
    parts.append(f"<footer>{esc(t.t('labreport.footer', digest=report.get('figures_digest', '')))}</footer>")
    return page(t, "\n".join(parts))


def page(t: Translator, body: str) -> str:
    """The HTML document around a body."""
    return (f"<!DOCTYPE html>\n<html lang=\"{esc(t.lang)}\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{esc(t.t('labreport.title'))}</title>\n<style>{STYLE}</style>\n</head>\n"
            f"<body><main>\n{body}\n</main></body>\n</html>\n")


def table(headers: Sequence[str], rows: Iterable[Sequence[str]], text_columns: frozenset[int] = frozenset()) -> str:
    """A table from escaped header texts and rows of ready HTML cells; text columns align left, figures right."""
    def cell(tag: str, i: int, content: str) -> str:
        klass = " class=\"text\"" if i in text_columns else ""
        return f"<{tag}{klass}>{content}</{tag}>"

    head = "".join(cell("th", i, h) for i, h in enumerate(headers))
    body = "".join("<tr>" + "".join(cell("td", i, c) for i, c in enumerate(row)) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def meta_table(report: dict[str, Any], t: Translator) -> str:
    """Command, variant, players, colours, bots, games, seed, set-up and the run's timing."""
    run = report.get("run", {})
    command = run.get("command") or []
    command_html = f"<code>{esc(shlex.join(str(c) for c in command))}</code>" if command \
        else esc(t.t("labreport.meta.no_command"))
    bots = report.get("bots", [])
    bot_text = ", ".join(bot_name(t, b) for b in dict.fromkeys(bots)) if len(set(bots)) <= 1 else ", ".join(
        f"{colour_name(t, c)}: {bot_name(t, b)}" for c, b in zip(report.get("colours", []), bots))
    setup = t.t("labreport.setup.free") if report.get("free_setup") else t.t("labreport.setup.start_pieces")
    rows = [
        ("labreport.meta.command", command_html),
        ("labreport.meta.variant", esc(variant_name(t, str(report.get("variant", ""))))),
        ("labreport.meta.players", esc(report.get("players", ""))),
        ("labreport.meta.colours", esc(", ".join(colour_name(t, c) for c in report.get("colours", [])))),
        ("labreport.meta.bots", esc(bot_text)),
        ("labreport.meta.games", esc(report.get("games_per_layout", ""))),
        ("labreport.meta.seed", esc(report.get("seed", ""))),
        ("labreport.meta.setup", esc(setup)),
        ("labverdict.meta.population", esc(population_text(report, t))),
    ]
    sequential = report.get("sequential")
    if sequential:
        rows.append(("labverdict.meta.sequential", esc(t.t(
            "labverdict.meta.sequential_value", looks=", ".join(format_count(t, int(g)) for g in sequential["looks"]),
            level=format_number(t, float(sequential["level_per_look"]), 4), taken=sequential.get("looks_taken", 0)))))
    if run:
        rows.append(("labreport.meta.run", esc(t.t(
            "labreport.meta.run_value", count=int(run.get("games_played", 0)),
            seconds=format_number(t, float(run.get("elapsed_seconds", 0.0)), 1), workers=run.get("workers", 1)))))
    body = "".join(f"<tr><th>{esc(t.t(key))}</th><td>{value}</td></tr>" for key, value in rows)
    return f"<table class=\"meta\"><tbody>{body}</tbody></table>"


def population_text(report: dict[str, Any], t: Translator) -> str:
    """Who played: the varied population with its temperature, or the fixed bots."""
    population = report.get("population") or {"name": "fixed", "temperature": 0.0}
    temperature = float(population.get("temperature", 0.0))
    if temperature <= 0:
        return t.t("labverdict.population.fixed")
    return t.t("labverdict.population.varied", temperature=format_number(t, temperature, 2))


def anchor(index: int) -> str:
    """The id of a layout's section."""
    return f"layout-{index + 1}"


def search_block(report: dict[str, Any], t: Translator) -> str:
    """The search: constraints, budget, the race round by round, the ranking by measured fairness beside the static
    one, and the chosen board with whether it passed and the file it was saved as."""
    from game.lab.search import BEST_LAYOUT_FILE

    search = report["search"]
    rules = ", ".join(f"{k}={v}" for k, v in search["constraints"].items() if v not in (None, False))
    simulated = sum(1 for c in search["candidates"] if c["simulated"])
    lead = t.t("labverdict.search.lead", generated=format_count(t, int(search["boards_generated"])),
               constraints=rules or t.t("labverdict.search.no_constraints"), met=len(search["candidates"]),
               raced=simulated, budget=format_count(t, int(search["budget"])),
               played=format_count(t, int(search["games_played"])))
    rounds = []
    for k, race_round in enumerate(search["rounds"], 1):
        names = ", ".join(race_round["dropped"])
        dropped = t.t("labverdict.search.dropped", names=names) if names else ""
        line = t.t("labverdict.search.rounds", round=k, boards=len(race_round["boards"]), games=race_round["games"],
                   dropped=dropped)
        rounds.append(f"<li>{esc(line)}</li>")
    headers = [esc(t.t(k)) for k in ("labverdict.search.col.rank", "labreport.col.layout",
                                     "labverdict.search.col.static", "labverdict.search.col.games",
                                     "labverdict.search.col.edge", "labverdict.search.col.p",
                                     "labverdict.search.col.status")]
    rows = []
    for k, row in enumerate(search["ranking"], 1):
        edge = row["seat_edge"]
        edge_text = "–"
        if row["finished"]:
            edge_text = (f"{position_label(t, int(edge['position']))}: {format_points(t, float(edge['edge']))} "
                         f"[{interval_text(t, float(edge['ci_low']), float(edge['ci_high']))}]")
        adjusted = row["seat_adjusted_p_value"]
        static = f"{format_number(t, float(row['score']), 1)} ({row['static_rank']})"
        rows.append([esc(k), esc(row["name"]), esc(static), esc(row["games"]), esc(edge_text),
                     p_cell(t, float(adjusted)) if adjusted is not None and row["finished"] else "–",
                     esc(t.t(f"labverdict.status.{row['status']}"))])
    chosen_key = f"labverdict.search.chosen.{search['best_status']}"
    best = next((row for row in search["ranking"] if row["name"] == search["best"]), None)
    detectable = best["detectable_edge"] if best else None
    chosen = t.t(chosen_key, name=search["best"] or "–", file=BEST_LAYOUT_FILE,
                 edge=format_points(t, float(detectable), signed=False) if detectable is not None else "–")
    css = "verdict" if search["best_status"] == "passed" else "verdict warn"
    parts = [f"<h2 id=\"search\">{esc(t.t('labverdict.search.title'))}</h2>", f"<p class=\"{css}\">{esc(chosen)}</p>",
             f"<p>{esc(lead)}</p>", f"<ul class=\"plain\">{''.join(rounds)}</ul>",
             table(headers, rows, frozenset({1, 4, 6}))]
    static_best = min(search["ranking"], key=lambda row: row["static_rank"] or 10 ** 9, default=None)
    if static_best is not None and search["ranking"] and static_best["name"] != search["ranking"][0]["name"]:
        measured = 1 + [row["name"] for row in search["ranking"]].index(static_best["name"])
        disagree = t.t("labverdict.search.disagree", static=static_best["name"], measured=measured,
                       score=format_number(t, float(static_best["score"]), 1))
        parts.append(f"<p>{esc(disagree)}</p>")
    return "".join(parts)


def contents(sections: Sequence[dict[str, Any]], t: Translator) -> str:
    """Links to the comparison and to each layout's section."""
    items = [f"<li><a href=\"#comparison\">{esc(t.t('labreport.comparison.title'))}</a></li>"]
    items += [f"<li><a href=\"#{anchor(i)}\">{esc(s.get('name', ''))}</a></li>" for i, s in enumerate(sections)]
    items.append(f"<li><a href=\"#how\">{esc(t.t('labreport.how.title'))}</a></li>")
    return f"<h3>{esc(t.t('labreport.contents'))}</h3><ul class=\"plain\">{''.join(items)}</ul>"


def judged_p(row: dict[str, Any], test: str) -> float:
    """The p-value a comparison row is judged by: corrected over the report's tests, or the test's own where the
    test stands outside the family (the colours of a free set-up)."""
    adjusted = row.get(f"{test}_adjusted_p_value")
    return float(row.get(f"{test}_p_value", 1.0) if adjusted is None else adjusted)


def p_cell(t: Translator, p: float) -> str:
    """A p-value cell, marked when it is significant."""
    text = esc(format_p_value(t, p))
    return f"<span class=\"significant\">{text}</span>" if p < FAMILY_ALPHA else text


def comparison_block(report: dict[str, Any], t: Translator, specs: Sequence[ChartSpec]) -> str:
    """The comparison table of several layouts and the comparison charts."""
    headers = [esc(t.t(f"labreport.col.{c}")) for c in
               ("layout", "score", "seat_test", "colour_test", "spread", "finished", "unfinished", "broken", "verdict")]
    rows = []
    for i, row in enumerate(report.get("comparison", [])):
        rows.append([
            f"<a href=\"#{anchor(i)}\">{esc(row.get('name', ''))}</a>",
            esc(format_number(t, float(row.get("score", 0.0)), 1)),
            p_cell(t, judged_p(row, "seat")),
            p_cell(t, judged_p(row, "colour")),
            esc(format_percent(t, float(row.get("seat_rate_spread", 0.0)), 1)),
            esc(row.get("finished", 0)), esc(row.get("unfinished", 0)), esc(row.get("broken", 0)),
            esc(t.t(str(row.get("verdict", "")) + ".short")),
        ])
    charts = "".join(figure(report, spec, t) for spec in specs if spec.layout is None)
    return (f"<h2 id=\"comparison\">{esc(t.t('labreport.comparison.title'))}</h2>"
            + table(headers, rows, frozenset({8})) + charts)


def layout_block(report: dict[str, Any], index: int, section: dict[str, Any], t: Translator,
                 specs: Sequence[ChartSpec]) -> str:
    """Everything about one layout: verdict, facts, tables, tests, unfinished and broken games, analysis, charts."""
    badges = ""
    if section.get("experimental"):
        badges += f"<span class=\"badge\">{esc(t.t('labreport.badge.experimental'))}</span>"
    if not section.get("legal", True):
        badges += f"<span class=\"badge bad\">{esc(t.t('labreport.badge.illegal'))}</span>"
    if section.get("has_start_pieces"):
        badges += f"<span class=\"badge\">{esc(t.t('labreport.badge.start_pieces'))}</span>"
    parts = [f"<h2 id=\"{anchor(index)}\">{esc(section.get('name', ''))}{badges}</h2>",
             verdict_block(section, t), f"<p>{esc(facts(section, t))}</p>",
             f"<h3>{esc(t.t('labreport.section.seats'))}</h3>",
             rate_table(t, section.get("seat_positions", []), "labreport.col.position",
                        lambda row: esc(position_label(t, int(row["position"])))),
             f"<h3>{esc(t.t('labreport.section.colours'))}</h3>",
             rate_table(t, section.get("colours", []), "labreport.col.colour", lambda row: colour_cell(t, row)),
             colour_by_position_table(t, section.get("colours", []))]
    if section.get("bots"):
        parts += [f"<h3>{esc(t.t('labreport.section.bots'))}</h3>",
                  rate_table(t, section["bots"], "labreport.col.bot", lambda row: esc(bot_name(t, str(row["bot"]))))]
    parts += [tests_block(report, section, t), baseline_block(report, section, t), openings_block(section, t),
              unfinished_block(section, t), broken_block(section, t), analysis_block(section, t)]
    if specs:
        parts.append(f"<h3>{esc(t.t('labreport.section.charts'))}</h3>")
        parts += [figure(report, spec, t) for spec in specs]
    return f"<section>{''.join(parts)}</section>"


def verdict_block(section: dict[str, Any], t: Translator) -> str:
    """The verdict, a sentence per finding, framed by how worrying it is."""
    verdict = section.get("verdict", {})
    key = str(verdict.get("key", ""))
    css = "verdict none" if key.endswith("no_games") else "verdict" if key.endswith("fair") else "verdict warn"
    sentences = "".join(f"<span class=\"finding\">{esc(text)}</span> " for text in verdict_sentences(t, verdict))
    return f"<p class=\"{css}\">{sentences.strip()}</p>"


def facts(section: dict[str, Any], t: Translator) -> str:
    """Games, finished, unfinished, broken, average turns and actions, in one sentence."""
    return t.t("labreport.facts", games=section.get("games", 0), finished=section.get("finished", 0),
               unfinished=section.get("unfinished", 0), broken=len(section.get("broken", [])),
               turns=format_number(t, float(section.get("average_turns", 0.0)), 1),
               actions=format_number(t, float(section.get("average_actions", 0.0)), 0))


def colour_cell(t: Translator, row: dict[str, Any]) -> str:
    """A colour's name with a swatch of the colour."""
    rgb = PLAYER_COLOURS.get(str(row["colour"]), (160, 160, 160))
    return (f"<span class=\"swatch\" style=\"background: rgb{rgb}\"></span>"
            f"{esc(colour_title(t, str(row['colour'])))}")


def rate_table(t: Translator, rows: Sequence[dict[str, Any]], first_key: str, first_cell: Any) -> str:
    """Games, wins, rate, interval, average VP, Longest Road and Largest Army per row."""
    headers = [esc(t.t(first_key))] + [esc(t.t(k)) for k in (
        "labreport.col.games", "labreport.col.wins", "labreport.col.rate", "labreport.col.interval",
        "labreport.col.average_vp", "special.longest_road", "special.largest_army")]
    cells = [[first_cell(row), esc(row.get("games", 0)), esc(row.get("wins", 0)),
              esc(format_percent(t, float(row.get("win_rate", 0.0)), 1)),
              esc(f"{format_percent(t, float(row.get('ci_low', 0.0)), 1)} – "
                  f"{format_percent(t, float(row.get('ci_high', 0.0)), 1)}"),
              esc(format_number(t, float(row.get("average_vp", 0.0)), 2)),
              esc(row.get("longest_road", 0)), esc(row.get("largest_army", 0))] for row in rows]
    return table(headers, cells)


def colour_by_position_table(t: Translator, rows: Sequence[dict[str, Any]]) -> str:
    """Each colour's win rate in each seat position with its interval: where colour and seat interact."""
    if not rows or not rows[0].get("by_position"):
        return ""
    positions = len(rows[0]["by_position"])
    headers = [esc(t.t("labreport.col.colour"))] + [esc(position_label(t, k)) for k in range(positions)]
    cells = [[colour_cell(t, row)] + [
        esc(f"{format_percent(t, float(cell.get('win_rate', 0.0)), 1)} "
            f"({format_percent(t, float(cell.get('ci_low', 0.0)), 0)}–{format_percent(t, float(cell.get('ci_high', 0.0)), 0)})")
        for cell in row["by_position"]] for row in rows]
    return f"<h3>{esc(t.t('labreport.section.colour_by_position'))}</h3>{table(headers, cells)}"


def test_line(t: Translator, name_key: str, what_key: str, test: dict[str, Any], finished: int,
              alpha: float = FAMILY_ALPHA) -> str:
    """One chi-square test written plainly: "Seat positions: χ² = 1.80, 3 degrees of freedom; p = 0.615,
    corrected p = …: …". The judgement goes by the corrected p-value (Holm, over the report's tests); a test left
    out of the family (the colours of a free set-up) is judged by its own."""
    name = esc(t.t(name_key))
    if not finished:
        return f"<li><b>{name}</b>: {esc(t.t('labreport.test.no_data'))}</li>"
    p = float(test.get("p_value", 1.0))
    adjusted = test.get("adjusted_p_value")
    judged = p if adjusted is None else float(adjusted)
    key = "labreport.test.significant" if judged < alpha else "labreport.test.not_significant"
    if judged < 0.001:  # "p < 0.001: … in fewer than 0.1% of runs", never "in only 0.00% of runs"
        key = "labreport.test.significant_below"
    meaning = t.t(key, share=format_percent(t, max(judged, 0.001), 1), what=t.t(what_key))
    statistic = t.t("labreport.test.statistic", statistic=format_number(t, float(test.get("statistic", 0.0)), 2),
                    df=test.get("df", 0))
    phrase = p_value_phrase(t, p)
    if adjusted is not None:
        phrase = t.t("labverdict.test.corrected", p=phrase, corrected=p_value_phrase(t, judged))
    p_html = f"<span class=\"significant\">{esc(phrase)}</span>" if judged < alpha else esc(phrase)
    return f"<li><b>{name}</b> ({esc(statistic)}): {p_html}: {esc(meaning)}</li>"


def tests_block(report: dict[str, Any], section: dict[str, Any], t: Translator) -> str:
    """The seat and colour tests, corrected together, with a note when a free set-up makes the colour test chance
    only; then the edges with their intervals and what the run could have detected."""
    finished = int(section.get("finished", 0))
    family = report.get("tests") or {}
    alpha = float(family.get("alpha", FAMILY_ALPHA))
    items = [test_line(t, "labreport.test.seat", "labreport.test.what.seat", section.get("seat_test", {}), finished,
                       alpha),
             test_line(t, "labreport.test.colour", "labreport.test.what.colour", section.get("colour_test", {}),
                       finished, alpha)]
    note = "" if section.get("has_start_pieces") else f"<p>{esc(t.t('labreport.test.colour_free'))}</p>"
    correction = esc(t.t("labverdict.corrected_note", tests=family.get("tests", 1),
                         alpha=format_percent(t, alpha, 1)))
    return (f"<h3>{esc(t.t('labreport.section.tests'))}</h3><ul class=\"plain\">{''.join(items)}</ul>{note}"
            f"<p>{correction}</p>{edges_block(section, t)}")


def interval_text(t: Translator, low: float, high: float) -> str:
    """An interval of differences in points, without the unit ("+1.4 – +30.4")."""
    return f"{format_points(t, low, unit=False)} – {format_points(t, high, unit=False)}"


def edges_block(section: dict[str, Any], t: Translator) -> str:
    """The largest seat edge and deficit (and colour edge) in points with intervals, and the detectable edge."""
    fair = section.get("fairness")
    if not fair or not section.get("finished"):
        return ""
    level = format_percent(t, float(fair.get("interval_level", 0.95)), 1)
    rows = []
    for key, row in (("labverdict.edge.best", fair["seat_edge"]), ("labverdict.edge.worst", fair["seat_deficit"])):
        rows.append([esc(t.t(key)), esc(position_label(t, int(row["position"]))),
                     esc(format_points(t, float(row["edge"]))),
                     esc(interval_text(t, float(row["ci_low"]), float(row["ci_high"])))])
    colour = fair.get("colour_edge")
    if colour:
        rows.append([esc(t.t("labverdict.edge.colour")), colour_cell(t, colour),
                     esc(format_points(t, float(colour["edge"]))),
                     esc(interval_text(t, float(colour["ci_low"]), float(colour["ci_high"])))])
    headers = [esc(t.t(k)) for k in ("labverdict.edge.what", "labverdict.edge.who", "labverdict.edge.edge")]
    headers.append(esc(t.t("labverdict.edge.interval", level=level)))
    detectable = fair.get("detectable_edge")
    reach = t.t("labverdict.edge.detectable", edge=format_points(t, float(detectable), signed=False),
                games=format_count(t, int(fair["games_for_target_edge"]))) if detectable is not None else ""
    return table(headers, rows, frozenset({0, 1})) + (f"<p>{esc(reach)}</p>" if reach else "")


def openings_block(section: dict[str, Any], t: Translator) -> str:
    """How varied the openings were and the spots each seat took most often, with what the spots offer."""
    opening = section.get("openings")
    if not opening or not opening.get("games"):
        return ""
    if opening.get("placed"):
        intro = t.t("labverdict.openings.varied", first=opening["distinct_first_rounds"],
                    whole=opening["distinct_openings"], games=opening["games"])
    else:
        intro = t.t("labverdict.openings.printed")
    headers = [esc(t.t(k)) for k in ("labreport.col.position", "labverdict.openings.spot", "labverdict.openings.share",
                                     "labverdict.openings.offers")]
    rows = []
    for row in opening.get("by_position", []):
        for spot in row.get("spots", []):
            rows.append([esc(position_label(t, int(row["position"]))), esc(spot["name"]),
                         esc(format_percent(t, float(spot["share"]), 0)), esc(spot_offer(t, spot))])
    return (f"<h3>{esc(t.t('labverdict.openings.title'))}</h3><p>{esc(intro)}</p>"
            f"{table(headers, rows, frozenset({0, 1, 3}))}")


def spot_offer(t: Translator, spot: dict[str, Any]) -> str:
    """What a spot offers in words: its hexes with numbers and terrains, pips, harbour and static rank."""
    hexes = ", ".join(t.t("labverdict.openings.hex", hex=h["hex"], number=h["number"] or "–",
                          terrain=t.t(f"terrain.{h['terrain']}") if t.has(f"terrain.{h['terrain']}") else h["terrain"])
                      for h in spot.get("hexes", []))
    harbour = (t.t("labverdict.openings.harbor", harbor=harbor_name(t, str(spot["harbor"])))
               if spot.get("harbor") else "")
    return t.t("labverdict.openings.offer", hexes=hexes, pips=spot["pips"], harbor=harbour, rank=spot["rank"])


def baseline_block(report: dict[str, Any], section: dict[str, Any], t: Translator) -> str:
    """Each seat's win rate against the game's own seat effect, where the report has a baseline for its games."""
    rows = section.get("baseline")
    base = report.get("baseline")
    if not base:
        return f"<p>{esc(t.t('labverdict.baseline.none'))}</p>"
    if not rows:
        return f"<p>{esc(t.t('labverdict.baseline.start_pieces'))}</p>"
    headers = [esc(t.t(k)) for k in ("labreport.col.position", "labreport.col.rate", "labverdict.baseline.rate",
                                     "labverdict.baseline.difference", "labreport.col.interval")]
    cells = [[esc(position_label(t, int(r["position"]))), esc(format_percent(t, float(r["win_rate"]), 1)),
              esc(format_percent(t, float(r["baseline_rate"]), 1)), esc(format_points(t, float(r["difference"]))),
              esc(interval_text(t, float(r["ci_low"]), float(r["ci_high"])))]
             for r in rows]
    intro = t.t("labverdict.baseline.intro", games=format_count(t, int(base["games"])), command=base.get("command", ""))
    return f"<h3>{esc(t.t('labverdict.baseline.title'))}</h3><p>{esc(intro)}</p>{table(headers, cells)}"


def unfinished_block(section: dict[str, Any], t: Translator) -> str:
    """The games that ended without a winner, listed with their seeds."""
    games = section.get("unfinished_games", [])
    title = f"<h3>{esc(t.t('labreport.section.unfinished'))} ({len(games)})</h3>"
    if not games:
        return f"{title}<p>{esc(t.t('labreport.unfinished.none'))}</p>"
    headers = [esc(t.t(k)) for k in ("labreport.col.game", "labreport.col.seed", "labreport.col.rotation")]
    rows = [[esc(g.get("game", "")), esc(g.get("seed", "")), esc(g.get("rotation", ""))] for g in games]
    return f"{title}<p>{esc(t.t('labreport.unfinished.explain', count=len(games)))}</p>{table(headers, rows)}"


def broken_block(section: dict[str, Any], t: Translator) -> str:
    """The games that broke a rule check, with their seeds and errors."""
    games = section.get("broken", [])
    title = f"<h3>{esc(t.t('labreport.section.broken'))} ({len(games)})</h3>"
    if not games:
        return f"{title}<p>{esc(t.t('labreport.broken.none'))}</p>"
    headers = [esc(t.t(k)) for k in ("labreport.col.game", "labreport.col.seed", "labreport.col.rotation",
                                     "labreport.col.error")]
    rows = [[esc(g.get("game", "")), esc(g.get("seed", "")), esc(g.get("rotation", "")),
             f"<code>{esc(g.get('error', ''))}</code>"] for g in games]
    return (f"{title}<p class=\"alert\">{esc(t.t('labreport.broken.explain', count=len(games)))}</p>"
            + table(headers, rows, frozenset({3})))


def hex_list(hexes: Iterable[Any]) -> str:
    """Hex indexes as the layout names them ("h4, h9")."""
    return ", ".join(f"h{h}" for h in hexes)


def check_items(checks: dict[str, Any], t: Translator) -> list[tuple[str, list[str]]]:
    """Each check's title and its findings as plain text."""
    terrain = (lambda name: t.t(f"terrain.{name}") if t.has(f"terrain.{name}") else str(name))
    return [
        ("labreport.check.adjacent_6_8",
         [t.t("labreport.check.hex_pair", a=f"h{a}", b=f"h{b}") for a, b in checks.get("adjacent_6_8", [])]),
        ("labreport.check.equal_neighbours",
         [t.t("labreport.check.equal_pair", a=f"h{e['hexes'][0]}", b=f"h{e['hexes'][1]}", number=e["number"])
          for e in checks.get("equal_neighbours", [])]),
        ("labreport.check.repeated_numbers",
         [t.t("labreport.check.repeated", resource=resource_name(t, r["resource"]), number=r["number"],
              hexes=hex_list(r["hexes"])) for r in checks.get("repeated_numbers", [])]),
        ("labreport.check.terrain_clusters",
         [t.t("labreport.check.cluster", terrain=terrain(c["terrain"]), hexes=hex_list(c["hexes"]))
          for c in checks.get("terrain_clusters", [])]),
        ("labreport.check.starved_resources", [resource_name(t, r) for r in checks.get("starved_resources", [])]),
    ]


def penalty_text(t: Translator, penalty: float) -> str:
    """A score penalty as "−5.8", or "0" when there is none."""
    text = format_number(t, penalty, 1)
    return "0" if float(text.replace(t.t("format.decimal_mark"), ".")) == 0 else f"−{text}"


def analysis_block(section: dict[str, Any], t: Translator) -> str:
    """The balance score with its formula and terms, pips per resource, and the board checks."""
    analysis = section.get("analysis", {})
    terms = analysis.get("score_terms", {})
    term_rows = [[f"<b>{esc(letter)}</b>", esc(t.t(f"labreport.term.{letter}")),
                  esc(format_number(t, float(terms.get(letter, 0)), 0 if letter in "AESC" else 3)),
                  esc(penalty_text(t, weight * float(terms.get(letter, 0))))]
                 for letter, weight in TERM_WEIGHTS]
    term_table = table([esc(t.t(k)) for k in ("labreport.col.term", "labreport.col.meaning", "labreport.col.value",
                                              "labreport.col.penalty")], term_rows, frozenset({1}))
    pips, hexes = analysis.get("resource_pips", {}), analysis.get("resource_hexes", {})
    resource_rows = [[esc(resource_name(t, res)), esc(hexes.get(res, 0)), esc(pips.get(res, 0)),
                      esc(format_number(t, pips.get(res, 0) / hexes[res], 2) if hexes.get(res) else "–")]
                     for res in pips]
    resource_table = table([esc(t.t(k)) for k in ("labreport.col.resource", "labreport.col.hexes",
                                                  "labreport.col.pips", "labreport.col.pips_per_hex")], resource_rows)
    checks = "".join(
        f"<li><b>{esc(t.t(key))}</b>: {esc('; '.join(found) if found else t.t('labreport.check.ok'))}</li>"
        for key, found in check_items(analysis.get("checks", {}), t))
    score = format_number(t, float(analysis.get("score", 0.0)), 1)
    return (f"<h3>{esc(t.t('labreport.section.analysis'))}</h3>"
            f"<p class=\"score\">{esc(t.t('labreport.analysis.score', score=score))}</p>"
            f"<p>{esc(t.t('labreport.analysis.formula'))} <code>{esc(analysis.get('score_formula', ''))}</code></p>"
            f"{term_table}"
            f"<p>{esc(t.t('labreport.analysis.pips', count=int(analysis.get('total_pips', 0))))}</p>{resource_table}"
            f"<h3>{esc(t.t('labreport.analysis.checks'))}</h3><ul class=\"plain\">{checks}</ul>")


def figure(report: dict[str, Any], spec: ChartSpec, t: Translator) -> str:
    """An image of one chart, linked by its path relative to the page."""
    title = chart_title(report, spec, t)
    return (f"<figure><img src=\"{esc(CHARTS_FOLDER + '/' + spec.filename)}\" "
            f"alt=\"{esc(t.t('labreport.chart_alt', title=title))}\" width=\"1200\" height=\"700\"></figure>")


def how_to_read(t: Translator) -> str:
    """The short guide: the interval, the p-value, seat position against colour, the balance score."""
    items = "".join(f"<p>{esc(t.t(f'labreport.how.{key}'))}</p>" for key in ("interval", "p_value", "seat_colour",
                                                                             "score"))
    return f"<h2 id=\"how\">{esc(t.t('labreport.how.title'))}</h2>{items}"
