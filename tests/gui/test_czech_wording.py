"""Czech catalogs: player names are colour adjectives ("Červený"), so a name never follows a word or preposition that
would decline it ("hráči Červený"); counted nouns agree with their number; each game keeps its rulebook's terms."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.core.i18n import DEFAULT_CATALOG_DIR, Translator

CS_FILES = sorted((DEFAULT_CATALOG_DIR / "cs").glob("*.json"))
# Parameters that hold a player's (or a neutral colour's) name.
NAME_PARAMS = ("player", "victim", "thief", "offerer", "partner", "opponent", "you", "targets", "neutral", "winner",
               "holder", "players")
# Words after which a name would have to be declined: declined forms of hráč/soupeř/spoluhráč, and prepositions.
DECLINING = ("hráče", "hráči", "hráčem", "hráčům", "hráčů", "soupeře", "soupeři", "soupeřem", "spoluhráče",
             "spoluhráči", "spoluhráčem", "o", "od", "k", "ke", "s", "se", "u", "pro", "proti", "bez", "do", "z", "ze",
             "po", "na", "za", "před", "mezi", "kromě")
BAD_NAME = re.compile(r"(?<![\w])(" + "|".join(DECLINING) + r")\s+\{(" + "|".join(NAME_PARAMS) + r")\}", re.IGNORECASE)
# A number parameter directly before a counted noun must come from a plural entry (one/few/many).
COUNTED = re.compile(r"\{(count|amount|pips|size|n)\}\s+(kart|karet|surovin|bod|políč|her\b|tah|silnic|vesnic|měst|cest|"
                     r"rytíř|teč|akc)", re.IGNORECASE)


def entries() -> list[tuple[str, str, str]]:
    """(file, key, text) of every Czech string, the plural forms included."""
    out = []
    for path in CS_FILES:
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            for text in ([value] if isinstance(value, str) else list(value.values())):
                out.append((path.name, key, text))
    return out


def test_the_patterns_catch_the_reported_phrases() -> None:
    for text in ("{thief} krade kartu hráči {victim}", "Nabídku hráče {player} nikdo nepřijal",
                 "{player} nabízí obchod hráči {you}", "Vrať kartu soupeři {opponent}"):
        assert BAD_NAME.search(text), text
    assert COUNTED.search("Odhoď {count} karet") and COUNTED.search("{pips} teček")
    assert not BAD_NAME.search("{thief} krade kartu – oběť: {victim}")


@pytest.mark.parametrize("path", CS_FILES, ids=lambda p: p.name)
def test_no_name_is_declined(path: Path) -> None:
    bad = [f"{key}: {text}" for name, key, text in entries() if name == path.name and BAD_NAME.search(text)]
    assert not bad, "a colour name after a declining word (keep names in the nominative):\n" + "\n".join(bad)


@pytest.mark.parametrize("path", CS_FILES, ids=lambda p: p.name)
def test_counted_nouns_come_from_plural_entries(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    bad = [f"{key}: {value}" for key, value in data.items() if isinstance(value, str) and COUNTED.search(value)]
    assert not bad, "a number before a noun needs one/few/many forms:\n" + "\n".join(bad)


def test_the_fixed_messages_read_well_with_colour_names() -> None:
    t = Translator("cs").t
    assert t("event.card_stolen", thief="Červený", victim="Bílý") == "Červený krade kartu – oběť: Bílý"
    assert t("event.trade_closed.declined", player="Bílý") == "Bílý: nabídku nikdo nepřijal"
    assert t("newgame.all_ai") == "Jen počítače"
    assert "1 surovinu" in t("rivals.act.trade", gain_cell="Vrchovina", payment="")
    assert t("rivals.log.starting_hand_taken", player="Modrý", count=1, stack="1").startswith("Modrý si bere 1 počáteční kartu")
    assert "5 počátečních karet" in t("rivals.log.starting_hand_taken", player="Modrý", count=5, stack="1")
    assert t("cards.log.points", count=1) == "1 vítězný bod" and t("cards.log.points", count=3) == "3 vítězné body"
    assert t("cards.log.points", count=12) == "12 vítězných bodů"


def test_one_name_for_one_thing_in_each_game() -> None:
    texts = {name: " ".join(text for n, _, text in entries() if n == name) for name in {p.name for p in CS_FILES}}
    catan = " ".join(texts.get(n, "") for n in ("table.json", "common.json", "art.json"))
    # The base almanac's special card is "Nejdelší obchodní cesta"; the player's own run is "souvislá silnice".
    assert "Nejdelší cesta" not in catan and "nejdelší cesta" not in catan
    assert "osad" not in catan.lower()
    # The quick card game builds "cesty" and "vesnice" (no "silnice", no "osada").
    assert "silnic" not in texts["cards.json"] and "osad" not in texts["cards.json"]
    # Rivals (Katan – Duel) builds "cesty" too.
    assert "silnic" not in texts["rivals_table.json"] and "silnic" not in texts["rivals_cards.json"]


def test_osada_means_a_village_or_a_city_only_as_the_rivals_seed_uses_it() -> None:
    """The Katan – Duel seed says "osada" for a village or a city ("výstavba osady", "krajní osada"); a village alone
    is "vesnice", in every game and every text a player reads."""
    allowed = re.compile(r"výstavb[a-zěščřžýáíéůú]* osad|krajní osad|cesty a osady|osadní[kc]", re.IGNORECASE)
    offenders = [f"{name}: {key}: {text}" for name, key, text in entries()
                 if "osad" in allowed.sub("", text).lower()]
    for path in sorted((DEFAULT_CATALOG_DIR.parent / "rules").glob("*cs.md")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if "osad" in allowed.sub("", line).lower() and "vesnice i měst" not in line \
                    and "jejichž osady jsou na hranici" not in line:
                offenders.append(f"{path.name}: {line[:90]}")
    assert not offenders, "\n".join(offenders)
