"""Tests for the translator and the consistency of the cs/en catalogs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gui.i18n import DEFAULT_CATALOG_DIR, Translator, load_catalog, plural_form

LANGS = ("cs", "en")
PLURAL_FORMS = {"cs": {"one", "few", "many"}, "en": {"one", "many"}}


def _catalog(lang: str) -> dict:
    return load_catalog(DEFAULT_CATALOG_DIR / lang)


def test_both_languages_available() -> None:
    assert set(LANGS) <= set(Translator.available_languages())


@pytest.mark.parametrize(("lang", "other"), [("cs", "en"), ("en", "cs")])
def test_every_key_exists_in_the_other_language(lang: str, other: str) -> None:
    missing = sorted(set(_catalog(lang)) - set(_catalog(other)))
    assert not missing, f"keys in {lang} but not in {other}: {missing}"


@pytest.mark.parametrize("lang", LANGS)
def test_no_key_is_defined_in_two_files(lang: str) -> None:
    seen: dict[str, str] = {}
    clashes = []
    for path in sorted((DEFAULT_CATALOG_DIR / lang).glob("*.json")):
        for key in json.loads(path.read_text(encoding="utf-8")):
            if key in seen:
                clashes.append(f"{key} ({seen[key]}, {path.name})")
            seen[key] = path.name
    assert not clashes


@pytest.mark.parametrize("lang", LANGS)
def test_values_are_strings_or_complete_plural_dicts(lang: str) -> None:
    for key, value in _catalog(lang).items():
        if isinstance(value, dict):
            assert set(value) == PLURAL_FORMS[lang], key
            assert all(isinstance(v, str) for v in value.values()), key
        else:
            assert isinstance(value, str), key


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_match_between_languages(lang: str) -> None:
    import string

    def names(value: object) -> set[str]:
        texts = value.values() if isinstance(value, dict) else [value]
        return {f for t in texts for _, f, _, _ in string.Formatter().parse(t) if f}

    other = _catalog("en" if lang == "cs" else "cs")
    for key, value in _catalog(lang).items():
        if key in other:
            assert names(value) == names(other[key]), key


def test_required_art_terms_in_czech() -> None:
    tr = Translator("cs")
    assert tr.t("resource.lumber") == "dřevo"
    assert tr.t("resource.grain") == "obilí"
    assert tr.t("terrain.hills") == "pahorkatina"
    assert tr.t("terrain.desert") == "poušť"
    assert tr.t("dev.year_of_plenty") == "Vynález"
    assert tr.t("dev.victory_point") == "Výherní bod"
    assert tr.t("special.longest_road") == "Nejdelší obchodní cesta"
    assert tr.t("special.largest_army") == "Největší vojsko"
    assert tr.t("piece.settlement") == "vesnice"
    assert tr.t("piece.city") == "město"


def test_formatting() -> None:
    tr = Translator("en")
    assert tr.t("harbor.specific", resource=tr.t("resource.ore")) == "2:1 ore"
    # A missing parameter is left visible instead of raising.
    assert tr.t("harbor.specific") == "2:1 {resource}"


@pytest.mark.parametrize(
    ("count", "expected"),
    [(1, "1 výherní bod"), (2, "2 výherní body"), (4, "4 výherní body"),
     (5, "5 výherních bodů"), (0, "0 výherních bodů"), (11, "11 výherních bodů")],
)
def test_czech_plurals(count: int, expected: str) -> None:
    assert Translator("cs").t("victory_points.count", count=count) == expected


@pytest.mark.parametrize(("count", "expected"), [(1, "1 victory point"), (2, "2 victory points"), (0, "0 victory points")])
def test_english_plurals(count: int, expected: str) -> None:
    assert Translator("en").t("victory_points.count", count=count) == expected


def test_plural_form_rules() -> None:
    assert [plural_form("cs", n) for n in (1, 2, 3, 4, 5, 0)] == ["one", "few", "few", "few", "many", "many"]
    assert [plural_form("en", n) for n in (1, 2, 3, 0)] == ["one", "many", "many", "many"]


def _write(dir_: Path, lang: str, name: str, data: dict) -> None:
    (dir_ / lang).mkdir(parents=True, exist_ok=True)
    (dir_ / lang / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_fallback_to_english_then_key(tmp_path: Path) -> None:
    _write(tmp_path, "en", "a.json", {"only.en": "English {x}", "both": "en"})
    _write(tmp_path, "cs", "a.json", {"both": "cs"})
    _write(tmp_path, "cs", "b.json", {"second.file": "druhý"})
    tr = Translator("cs", tmp_path)
    assert tr.lang == "cs"
    assert tr.t("both") == "cs"
    assert tr.t("second.file") == "druhý"
    assert tr.t("only.en", x=1) == "English 1"
    assert tr.t("no.such.key") == "no.such.key"
    assert tr.t("no.such.key", count=3) == "no.such.key"
    assert Translator.available_languages(tmp_path) == ["cs", "en"]


def test_unknown_language_speaks_english(tmp_path: Path) -> None:
    _write(tmp_path, "en", "a.json", {"k": "v"})
    assert Translator("xx", tmp_path).t("k") == "v"


def test_malformed_template_does_not_raise(tmp_path: Path) -> None:
    _write(tmp_path, "en", "a.json", {"bad": "oops {", "pl": {"one": "a", "many": "{count} b"}})
    tr = Translator("en", tmp_path)
    assert tr.t("bad", x=1) == "oops {"
    assert tr.t("pl") == "{count} b"
    assert tr.t("pl", count=1) == "a"


def test_default_language_follows_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    import locale

    monkeypatch.setattr(locale, "getlocale", lambda *a: ("cs_CZ", "UTF-8"))
    assert Translator.default_language() == "cs"
    monkeypatch.setattr(locale, "getlocale", lambda *a: ("Czech_Czechia", "1250"))
    assert Translator.default_language() == "cs"
    monkeypatch.setattr(locale, "getlocale", lambda *a: ("de_DE", "UTF-8"))
    assert Translator.default_language() == "en"
    monkeypatch.setattr(locale, "getlocale", lambda *a: (None, None))
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "cs_CZ.UTF-8")
    assert Translator.default_language() == "cs"
    monkeypatch.setenv("LANG", "C")
    assert Translator.default_language() == "en"
