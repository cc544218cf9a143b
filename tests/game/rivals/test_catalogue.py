"""The Rivals card catalogue: 180 cards, per-set counts, type totals, 1x cards, crescents, region numbers."""

from __future__ import annotations

from collections import Counter

from game.cli import main
from game.rivals.catalogue import catalogue

TYPES = {"action_neutral": "action", "action_attack": "action", "sc_building": "sc", "sc_hero": "sc",
         "sc_trade_ship": "sc", "sc_unit": "sc", "city_building": "city", "region_expansion": "region_exp",
         "event": "event"}


def test_total_and_sets() -> None:
    insts = catalogue().instances
    assert len(insts) == 180
    assert Counter(i.set for i in insts) == {"center": 49, "basic": 45, "gold": 27, "turmoil": 28, "progress": 31}


def test_type_totals_table() -> None:
    table = Counter((i.set, TYPES[i.card.type]) for i in catalogue().instances if i.set != "center")
    assert table == {
        ("basic", "action"): 9, ("basic", "sc"): 27, ("basic", "event"): 9,
        ("gold", "action"): 8, ("gold", "sc"): 5, ("gold", "city"): 10, ("gold", "region_exp"): 1, ("gold", "event"): 3,
        ("turmoil", "action"): 10, ("turmoil", "sc"): 5, ("turmoil", "city"): 9, ("turmoil", "event"): 4,
        ("progress", "action"): 11, ("progress", "sc"): 2, ("progress", "city"): 13, ("progress", "event"): 5,
    }
    basic_sc = Counter(i.card.type for i in catalogue().instances if i.set == "basic" and TYPES[i.card.type] == "sc")
    assert basic_sc == {"sc_building": 14, "sc_hero": 6, "sc_trade_ship": 7}


def test_center_cards() -> None:
    insts = [i for i in catalogue().instances if i.set == "center"]
    backs = Counter((i.card.id, i.back) for i in insts)
    assert backs[("road", "road")] == 7 and backs[("road", "red")] == 1 and backs[("road", "blue")] == 1
    assert backs[("settlement", "settlement")] == 5 and backs[("settlement", "red")] == 2
    assert backs[("city", "city")] == 7
    stack_numbers = Counter(i.number for i in insts if i.back == "region")
    assert stack_numbers == {n: 2 for n in range(1, 7)}
    for color in ("red", "blue"):
        assert sorted(i.number for i in insts if i.back == color and i.card.type == "region") == [1, 2, 3, 4, 5, 6]


def test_one_x_list() -> None:
    one_x = {c.id for c in catalogue().cards.values() if c.one_x}
    assert one_x == {"abbey", "marketplace", "parish_hall", "merchant_guild", "moneylender", "drill_ground",
                     "hedge_tavern", "university"}


def test_crescent_copies_per_set() -> None:
    insts = catalogue().instances
    marked = Counter((i.set, i.card.type == "event") for i in insts if i.crescent)
    assert marked == {("basic", True): 5, ("gold", False): 12, ("gold", True): 3, ("turmoil", False): 12,
                      ("turmoil", True): 3, ("progress", False): 12, ("progress", True): 4}
    assert sum(1 for i in insts if i.card.type == "event" and not i.crescent) == 6
    duel = Counter(i.set for i in insts if not i.crescent and i.set in ("gold", "turmoil", "progress")
                   and i.card.type != "event")
    assert duel == {"gold": 12, "turmoil": 12, "progress": 14}


def test_costs_and_points_sample() -> None:
    cards = catalogue().cards
    assert cards["road"].cost == (2, 0, 1, 0, 0, 0)
    assert cards["settlement"].cost == (1, 1, 1, 1, 0, 0)
    assert cards["city"].cost == (0, 2, 0, 0, 3, 0)
    assert cards["candamir"].cost == (0, 1, 0, 2, 1, 0) and cards["candamir"].str == 4
    assert cards["abbey"].prog == 1 and cards["marketplace"].com == 1
    assert cards["large_festival_hall"].vp == 2


def test_cards_command(capsys) -> None:
    assert main(["cards", "rivals"]) == 0
    out = capsys.readouterr().out
    assert "180 copies" in out and "brigitta" in out
    assert main(["cards", "rivals", "--json"]) == 0
    assert '"id": "university"' in capsys.readouterr().out
