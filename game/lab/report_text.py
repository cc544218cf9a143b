"""Words and numbers of a lab report in one language: decimals, percentages, p-values, names of seats and colours."""

from __future__ import annotations

from typing import Any

from game.core.i18n import Translator


def format_number(t: Translator, value: float, digits: int = 1) -> str:
    """A decimal number with the language's decimal mark (0.5 in English, 0,5 in Czech)."""
    return t.number(value, digits)


def format_percent(t: Translator, share: float, digits: int = 1) -> str:
    """A share (0.25) as a percentage in the language's style ("25.0%", "25,0 %")."""
    return t.t("labreport.format.percent", value=format_number(t, 100 * share, digits))


def format_p_value(t: Translator, p: float) -> str:
    """A p-value to three decimals, or "< 0.001" when it is smaller."""
    if p < 0.001:
        return t.t("labreport.format.below", value=format_number(t, 0.001, 3))
    return format_number(t, p, 3)


def p_value_phrase(t: Translator, p: float) -> str:
    """"p = 0.016" or "p < 0.001"."""
    text = format_p_value(t, p)
    return f"p {text}" if text.startswith("<") else f"p = {text}"


def position_label(t: Translator, position: int) -> str:
    """A 0-based seat position as people count it ("Position 1")."""
    return t.t("labreport.position", n=position + 1)


def colour_name(t: Translator, colour: str) -> str:
    """A player colour's name ("red"), or the colour id itself when no catalog knows it."""
    key = f"color.{colour}"
    return t.t(key) if t.has(key) else colour


def colour_title(t: Translator, colour: str) -> str:
    """A player colour's name as a label, capitalised ("Red")."""
    name = colour_name(t, colour)
    return name[:1].upper() + name[1:]


def resource_name(t: Translator, resource: str) -> str:
    """A resource's name, capitalised ("Lumber")."""
    key = f"resource.{resource}"
    name = t.t(key) if t.has(key) else resource
    return name[:1].upper() + name[1:]


def bot_name(t: Translator, bot: str) -> str:
    """A bot's name as the New game dialog shows it, or its id."""
    key = f"newgame.ai.{bot}"
    return t.t(key) if t.has(key) else bot


def variant_name(t: Translator, variant: str) -> str:
    """A variant's display name, or its id."""
    key = f"variant.{variant}"
    return t.t(key) if t.has(key) else variant


def format_points(t: Translator, share: float, signed: bool = True, digits: int = 1, unit: bool = True) -> str:
    """A difference of shares (0.031) in percentage points ("+3.1 points", "+3,1 p. b."; "+3.1" without the unit)."""
    value = format_number(t, 100 * share, digits)
    if signed and not value.startswith("-") and value.strip("0.,") != "":
        value = "+" + value
    value = value.replace("-", "−")
    return t.t("labverdict.format.points", value=value) if unit else value


def format_count(t: Translator, count: int) -> str:
    """A whole number with the language's thousands separator (2,690 in English, 2 690 in Czech)."""
    return f"{count:,}".replace(",", t.t("labverdict.format.thousands"))


def harbor_name(t: Translator, kind: str) -> str:
    """A harbour type's name ("3:1", "2:1 ore")."""
    resource = kind.split("_", 1)[0]
    if resource == "generic":
        return t.t("harbor.generic")
    key = f"resource.{resource}"
    return t.t("harbor.specific", resource=t.t(key) if t.has(key) else resource)


def verdict_sentences(t: Translator, verdict: dict[str, Any]) -> list[str]:
    """The verdict of one layout in full, a sentence per finding, with its figures in the language's style."""
    out = []
    for sentence in verdict.get("sentences", []):
        params = dict(sentence.get("params", {}))
        for name in ("edge", "difference"):
            if name in params:
                params[name] = format_points(t, float(params[name]))
        for name in ("low", "high"):
            if name in params:
                params[name] = format_points(t, float(params[name]), unit=False)
        for name in ("detectable", "target"):
            if name in params:
                params[name] = "∞" if params[name] is None else format_points(t, float(params[name]), signed=False)
        if "p" in params:
            params["p"] = p_value_phrase(t, float(params["p"] if params["p"] is not None else 1.0))
        for name in ("share", "baseline", "parity"):
            if name in params:
                params[name] = format_percent(t, float(params[name]))
        if "position" in params:
            params["position"] = int(params["position"]) + 1
        if "colour" in params:
            params["colour"] = colour_name(t, str(params["colour"]))
        if "games" in params:
            params["games"] = format_count(t, int(params["games"]))
        if params.get("harbor"):
            params["harbor"] = harbor_name(t, str(params["harbor"]))
        for name in ("score", "best_quality", "eighth_quality"):
            if name in params:
                params[name] = format_number(t, float(params[name]), 1)
        out.append(t.t(str(sentence["key"]), **params))
    return out
