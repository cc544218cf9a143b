"""The translator lives in game.core.i18n (the lab's report pages need it without the GUI); re-exported here."""

from game.core.i18n import DEFAULT_CATALOG_DIR, FALLBACK_LANGUAGE, Translator, load_catalog, plural_form

__all__ = ["DEFAULT_CATALOG_DIR", "FALLBACK_LANGUAGE", "Translator", "load_catalog", "plural_form"]
