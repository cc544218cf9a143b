"""Numbers a player reads carry the language's decimal mark: "3,2" in Czech, "3.2" in English."""

from __future__ import annotations

from pathlib import Path

from game.core.i18n import Translator, decimal_text


def test_number_uses_the_language_mark() -> None:
    assert Translator("cs").number(3.2, 1) == "3,2"
    assert Translator("en").number(3.2, 1) == "3.2"
    assert Translator("cs").number(0.5) == "0,5"
    assert Translator("cs").number(12.0) == "12"


def test_negative_zero_is_written_as_zero() -> None:
    assert Translator("cs").number(-0.01, 1) == "0,0"
    assert Translator("en").number(-1.25, 1) == "-1.2"


def test_float_params_are_written_in_the_language() -> None:
    cs = Translator("cs")
    assert cs.t("settings.seconds", seconds=1.5).startswith("1,5")
    assert Translator("en").t("settings.seconds", seconds=1.5).startswith("1.5")
    # Whole numbers and strings pass unchanged.
    assert cs.t("settings.seconds", seconds=2) == cs.t("settings.seconds", seconds="2")


def test_decimal_text_takes_any_translate_function() -> None:
    assert decimal_text(lambda key: "," if key == "format.decimal_mark" else key, 2.75, 2) == "2,75"


def test_no_gui_or_lab_screen_formats_a_decimal_without_the_mark() -> None:
    """A float formatted straight into a string (f"{x:.1f}") shows "3.2" in Czech; go through decimal_text."""
    root = Path(__file__).resolve().parents[2]
    offenders = []
    for path in sorted((root / "gui").rglob("*.py")):
        if path.name in {"bench.py", "__main__.py", "settings.py", "rivals_text.py"}:
            continue    # console output and developer error messages, not player text
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if (":.1f}" in line or ":.2f}" in line or ":.3f}" in line or ":g}" in line) and "f\"" in line:
                offenders.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)
