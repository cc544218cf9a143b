"""What a report's figures allow one to say: the tests corrected for how many a report runs, the edges with their
intervals, what the run could have detected, and the verdict as sentences (i18n keys with figures).

Every report is one family of tests: the seat test of each layout, and the colour test of each layout whose
colours own printed starting pieces (with a free set-up a colour owns nothing, and its test is left out).
Holm's procedure keeps the chance of any false alarm in the family at FAMILY_ALPHA. Power is reckoned at the
strictest level Holm may use, FAMILY_ALPHA / m, so a "could detect" figure never flatters the run.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from game.stats.inference import Z_95, detectable_edge, difference_interval, games_needed, holm_adjusted

FAMILY_ALPHA = 0.05
POWER = 0.8
TARGET_EDGE = 0.03        # the edge a designer cares about: 3 points of win rate
TOO_FEW_EDGE = 0.05       # a run that cannot see 5 points has too few games to tell
STATIC_BALANCED = 80.0    # a balance score from which the static analysis calls a board balanced


def family_tests(sections: Sequence[dict[str, Any]]) -> list[tuple[int, str]]:
    """The report's tests as (section index, "seat" or "colour"), in a fixed order."""
    tests = []
    for i, section in enumerate(sections):
        tests.append((i, "seat"))
        if section["has_start_pieces"]:
            tests.append((i, "colour"))
    return tests


def correct(sections: list[dict[str, Any]], alpha: float = FAMILY_ALPHA) -> dict[str, Any]:
    """Add each test's Holm-adjusted p-value (None for a test left out of the family) and its fairness figures
    to every section; the family's description for the report. `alpha` is the family's level (lower than
    FAMILY_ALPHA at each look of a sequential run)."""
    tests = family_tests(sections)
    adjusted = holm_adjusted([sections[i][f"{kind}_test"]["p_value"] for i, kind in tests])
    for section in sections:
        section["seat_test"]["adjusted_p_value"] = None
        section["colour_test"]["adjusted_p_value"] = None
    for (i, kind), p in zip(tests, adjusted):
        sections[i][f"{kind}_test"]["adjusted_p_value"] = round(p, 6)
    level = alpha / max(1, len(tests))
    for section in sections:
        section["fairness"] = fairness(section, level)
        section["fairness"]["alpha"] = alpha
    return {"procedure": "holm", "alpha": alpha, "tests": len(tests), "strictest_level": round(level, 6),
            "power": POWER, "target_edge": TARGET_EDGE}


def corrected_z(level: float) -> float:
    """The z of a two-sided interval at the family's strictest level (95 % for a report of one test)."""
    return statistics.NormalDist().inv_cdf(1 - level / 2)


def _edge_row(row: dict[str, Any], parity: float, z: float) -> dict[str, Any]:
    low, high = difference_interval(row["wins"], row["games"], parity, z)
    return {"edge": round(row["win_rate"] - parity, 4), "ci_low": round(low, 4), "ci_high": round(high, 4)}


def fairness(section: dict[str, Any], level: float) -> dict[str, Any]:
    """The largest seat (and colour) edge over parity with its interval at the family's strictest level (so that
    with several tests an interval that leaves out 0 goes with a significant test), and what this run could detect."""
    positions = section["seat_positions"]
    seats = len(positions)
    parity = 1 / seats
    best = max(positions, key=lambda row: (row["win_rate"], -row["position"]))
    worst = min(positions, key=lambda row: (row["win_rate"], row["position"]))
    decided = section["finished"]
    z = corrected_z(level / seats)  # simultaneous over the seats, since the largest edge is picked from them
    out: dict[str, Any] = {
        "parity": round(parity, 4),
        "interval_level": round(1 - level / seats, 6),
        "seat_edge": {"position": best["position"], **_edge_row(best, parity, z)},
        "seat_deficit": {"position": worst["position"], **_edge_row(worst, parity, z)},
        "detectable_edge": round(detectable_edge(decided, seats, level, POWER), 4) if decided else None,
        "games_for_target_edge": games_needed(TARGET_EDGE, seats, level, POWER),
        "colour_edge": None,
    }
    if section["has_start_pieces"]:
        colours = section["colours"]
        top = max(colours, key=lambda row: (row["win_rate"], row["colour"]))
        out["colour_edge"] = {"colour": top["colour"], **_edge_row(top, parity, z)}
    return out


def verdict(section: dict[str, Any], baseline: dict[str, Any] | None = None) -> dict[str, Any]:
    """The verdict of one corrected section: a key for the short form and the sentences that say it in full.

    Each sentence is {"key": i18n key, "params": figures}; shares are fractions (0.031 is 3.1 points).
    """
    fair = section["fairness"]
    seat_p = section["seat_test"]["adjusted_p_value"]
    colour_p = section["colour_test"]["adjusted_p_value"]
    alpha = fair["alpha"]
    seat_bias = seat_p is not None and seat_p < alpha
    colour_bias = colour_p is not None and colour_p < alpha
    sentences: list[dict[str, Any]] = []
    if section["finished"] == 0:
        key = "labreport.verdict.no_games"
        sentences.append({"key": "labverdict.no_games", "params": {}})
        return _verdict(key, sentences, section)
    key = ("labreport.verdict.both" if seat_bias and colour_bias else "labreport.verdict.board" if colour_bias
           else "labreport.verdict.seat_order" if seat_bias else "labreport.verdict.fair")
    edge = fair["seat_edge"]
    # The seat that departs most from the fair share carries the bias: a favoured seat, or one held back.
    favoured = edge["edge"] >= -fair["seat_deficit"]["edge"]
    departing = edge if favoured else fair["seat_deficit"]
    if seat_bias:
        sentences.append({"key": "labverdict.seat.favoured" if favoured else "labverdict.seat.disadvantaged",
                          "params": {"position": departing["position"], "edge": departing["edge"],
                                     "low": departing["ci_low"], "high": departing["ci_high"], "p": seat_p,
                                     "parity": fair["parity"]}})
    elif fair["detectable_edge"] is not None and fair["detectable_edge"] > TOO_FEW_EDGE:
        sentences.append({"key": "labverdict.seat.too_few", "params": {
            "p": seat_p, "detectable": fair["detectable_edge"], "games": fair["games_for_target_edge"],
            "target": TARGET_EDGE}})
    else:
        sentences.append({"key": "labverdict.seat.none", "params": {
            "p": seat_p, "detectable": fair["detectable_edge"]}})
    if section["has_start_pieces"]:
        colour = fair["colour_edge"]
        spots = ", ".join(_start_spots(section, colour["colour"]))
        params = {"colour": colour["colour"], "edge": colour["edge"], "low": colour["ci_low"],
                  "high": colour["ci_high"], "p": colour_p, "spots": spots, "parity": fair["parity"]}
        sentences.append({"key": "labverdict.colour.favoured" if colour_bias else "labverdict.colour.none",
                          "params": params})
    if baseline is not None:
        sentences.append(_baseline_sentence(section, baseline))
    if seat_bias and favoured and not section["has_start_pieces"]:
        why = _why(section, edge["position"])
        if why is not None:
            sentences.append(why)
    # The score cannot see the draft: it misleads where the first to pick gains, or where printed pieces differ.
    first_gains = seat_bias and favoured and edge["position"] == 0
    if (first_gains or colour_bias) and section["analysis"]["score"] >= STATIC_BALANCED:
        sentences.append(_static_disagrees(section))
    return _verdict(key, sentences, section)


def _verdict(key: str, sentences: list[dict[str, Any]], section: dict[str, Any]) -> dict[str, Any]:
    fair = section.get("fairness") or {}
    seat = fair.get("seat_edge") or {"position": 0, "edge": 0.0}
    parity = fair.get("parity", 0.0)
    colour = fair.get("colour_edge") or {}
    return {"key": key, "sentences": sentences,
            "seat_p_value": section["seat_test"]["p_value"], "colour_p_value": section["colour_test"]["p_value"],
            "seat_adjusted_p_value": section["seat_test"].get("adjusted_p_value"),
            "colour_adjusted_p_value": section["colour_test"].get("adjusted_p_value"),
            "best_position": seat["position"], "best_position_rate": round(parity + seat["edge"], 4),
            "best_colour": colour.get("colour"),
            "best_colour_rate": round(parity + colour["edge"], 4) if colour else None, "parity": parity}


def _start_spots(section: dict[str, Any], colour: str) -> list[str]:
    start = (section.get("layout") or {}).get("start") or {}
    pieces = start.get(colour) or {}
    return [str(spot) for spot in pieces.get("settlements", [])]


def _why(section: dict[str, Any], position: int) -> dict[str, Any] | None:
    """Why a seat is favoured: the spot it takes most often, how often, and what the spot offers."""
    rows = section["openings"]["by_position"]
    if position >= len(rows) or not rows[position]["spots"]:
        return None
    spot = rows[position]["spots"][0]
    numbers = "+".join(str(h["number"]) for h in spot["hexes"] if h["number"])
    return {"key": "labverdict.why.spot_harbor" if spot["harbor"] else "labverdict.why.spot", "params": {
        "position": position, "spot": spot["name"], "share": spot["share"], "pips": spot["pips"],
        "numbers": numbers, "harbor": spot["harbor"] or "", "rank": spot["rank"]}}


def _static_disagrees(section: dict[str, Any]) -> dict[str, Any]:
    """The static score calls the board balanced, the games do not: the likely reason is the draft order."""
    best = section["analysis"]["best_spots"]
    top = best[0]["quality"] if best else 0.0
    eighth = best[7]["quality"] if len(best) >= 8 else top
    return {"key": "labverdict.static_disagrees", "params": {
        "score": section["analysis"]["score"], "best_spot": best[0]["name"] if best else "",
        "best_quality": top, "eighth_quality": eighth}}


def _baseline_sentence(section: dict[str, Any], baseline: dict[str, Any]) -> dict[str, Any]:
    """How the board's seats compare with the game's own seat effect: the seat the board moves most."""
    rows = baseline_rows(section, baseline)
    most = max(rows, key=lambda row: (abs(row["difference"]), -row["position"]))
    return {"key": "labverdict.baseline", "params": {
        "position": most["position"], "difference": most["difference"], "low": most["ci_low"],
        "high": most["ci_high"], "baseline": most["baseline_rate"], "games": baseline["games"]}}


def baseline_rows(section: dict[str, Any], baseline: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat's win rate against the baseline's, with the interval of the difference (both samples' errors)."""
    rows = []
    for row, base in zip(section["seat_positions"], baseline["seat_rates"]):
        games, rate = row["games"], row["win_rate"]
        base_games = baseline["games"]
        spread = (rate * (1 - rate) / games if games else 0.25) + base * (1 - base) / base_games
        half = Z_95 * spread ** 0.5
        difference = rate - base
        rows.append({"position": row["position"], "win_rate": rate, "baseline_rate": round(base, 4),
                     "difference": round(difference, 4), "ci_low": round(difference - half, 4),
                     "ci_high": round(difference + half, 4)})
    return rows
