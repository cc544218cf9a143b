"""Translator: merged JSON catalogs per language, English fallback, Czech plurals (used by the GUI and the lab reports)."""

from __future__ import annotations

import json
import locale
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.core.resources import catalogs_dir

FALLBACK_LANGUAGE = "en"
DEFAULT_CATALOG_DIR = catalogs_dir()

# A catalog value is either a template string or a dict of plural forms.
Entry = str | Mapping[str, str]


class _KeepMissing(dict):
    """format_map helper that leaves unknown {placeholders} as they are."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def plural_form(lang: str, count: int) -> str:
    """Return the plural category ("one", "few", "many") of count in lang."""
    n = abs(int(count))
    if n == 1:
        return "one"
    if lang == "cs" and 2 <= n <= 4:
        return "few"
    return "many"


def load_catalog(folder: Path) -> dict[str, Entry]:
    """Merge every *.json file in folder (sorted by name) into one dict."""
    merged: dict[str, Entry] = {}
    if not folder.is_dir():
        return merged
    for path in sorted(folder.glob("*.json")):
        with path.open(encoding="utf-8") as handle:
            data = json.load(handle)
        if not isinstance(data, dict):
            raise ValueError(f"{path}: a catalog must be a JSON object")
        merged.update(data)
    return merged


def decimal_text(translate: Callable[[str], str], value: float, digits: int | None = None) -> str:
    """A number with the decimal mark of the language behind translate ("0,5" in Czech); never "-0"."""
    text = f"{value:g}" if digits is None else f"{value:.{digits}f}"
    if text.startswith("-") and float(text) == 0:
        text = text[1:]
    return text.replace(".", translate("format.decimal_mark"))


class Translator:
    """Look up UI strings by key in one language, falling back to English."""

    def __init__(self, lang: str, catalog_dir: Path | None = None) -> None:
        self._dir = Path(catalog_dir) if catalog_dir is not None else DEFAULT_CATALOG_DIR
        self._lang = lang
        self._catalog: Mapping[str, Entry] = MappingProxyType(load_catalog(self._dir / lang))
        if lang == FALLBACK_LANGUAGE:
            self._fallback = self._catalog
        else:
            fallback = load_catalog(self._dir / FALLBACK_LANGUAGE)
            self._fallback = MappingProxyType(fallback)

    @property
    def lang(self) -> str:
        """The language code this translator speaks (e.g. "cs")."""
        return self._lang

    def has(self, key: str) -> bool:
        """Tell whether key is defined in this language or the fallback."""
        return key in self._catalog or key in self._fallback

    def number(self, value: float, digits: int | None = None) -> str:
        """Write a number with this language's decimal mark ("3,2" in Czech); digits fixes the decimals."""
        return decimal_text(self.t, value, digits)

    def t(self, key: str, **params: Any) -> str:
        """Translate key, format {name} params (floats with the language's decimal mark); never raises."""
        if any(type(v) is float for v in params.values()):
            params = {k: (self.number(v) if type(v) is float else v) for k, v in params.items()}
        if key in self._catalog:
            entry, lang = self._catalog[key], self._lang
        elif key in self._fallback:
            entry, lang = self._fallback[key], FALLBACK_LANGUAGE
        else:
            return key
        template = self._choose_form(entry, lang, params.get("count"))
        try:
            return template.format_map(_KeepMissing(params))
        except (ValueError, IndexError, AttributeError, KeyError):
            # A malformed template or param must not crash the UI.
            return template

    @staticmethod
    def _choose_form(entry: Entry, lang: str, count: Any) -> str:
        """Pick the plural form of entry matching count (or the entry itself)."""
        if isinstance(entry, str):
            return entry
        form = plural_form(lang, count) if isinstance(count, int) else "many"
        for candidate in (form, "many", "other", "one"):
            if candidate in entry:
                return str(entry[candidate])
        return next(iter(entry.values()), "")

    @staticmethod
    def available_languages(catalog_dir: Path | None = None) -> list[str]:
        """List the language folders that hold at least one catalog file."""
        root = Path(catalog_dir) if catalog_dir is not None else DEFAULT_CATALOG_DIR
        if not root.is_dir():
            return []
        return sorted(p.name for p in root.iterdir() if p.is_dir() and any(p.glob("*.json")))

    @staticmethod
    def default_language() -> str:
        """Return "cs" when the system locale is Czech, else "en"."""
        candidates: list[str] = []
        try:
            name = locale.getlocale()[0]
        except ValueError:
            name = None
        if name:
            candidates.append(name)
        for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
            value = os.environ.get(var)
            if value:
                candidates.append(value)
        for value in candidates:
            low = value.lower()
            if low in ("c", "posix", "c.utf-8"):
                continue
            # Windows reports e.g. "Czech_Czechia" rather than "cs_CZ".
            return "cs" if low.startswith(("cs", "czech")) else "en"
        return FALLBACK_LANGUAGE
