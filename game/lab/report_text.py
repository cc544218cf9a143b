"""Words and numbers of a lab report in one language: decimals, percentages, p-values, names of seats and colours."""

from __future__ import annotations

from typing import Any

from game.core.i18n import Translator


def format_number(t: Translator, value: float, digits: int = 1) -> str:
    """A decimal number with the language's decimal mark (0.5 in English, 0,5 in Czech)."""
    text = f"{value:.{digits}f}"
    if text.startswith("-") and float(text) == 0:
        text = text[1:]
    return text.replace(".", t.t("labreport.format.decimal_mark"))


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


def verdict_sentence(t: Translator, verdict: dict[str, Any]) -> str:
    """The report's verdict (an i18n key with figures) as one sentence."""
    return t.t(
        str(verdict.get("key", "labreport.verdict.no_games")),
        seat_p_value=p_value_phrase(t, float(verdict.get("seat_p_value", 1.0))),
        colour_p_value=p_value_phrase(t, float(verdict.get("colour_p_value", 1.0))),
        best_position=int(verdict.get("best_position", 0)) + 1,
        best_position_rate=format_percent(t, float(verdict.get("best_position_rate", 0.0))),
        best_colour=colour_name(t, str(verdict.get("best_colour", ""))),
        best_colour_rate=format_percent(t, float(verdict.get("best_colour_rate", 0.0))),
        parity=format_percent(t, float(verdict.get("parity", 0.0))),
    )
