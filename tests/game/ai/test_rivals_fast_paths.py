"""The Rivals Normal bot's precomputed lookups and fast valuation paths equal the plain computations."""

from __future__ import annotations

from game.rivals.catalogue import DRAW_TYPES, SETS, catalogue
from game.ai.rivals_cards import draw_cards
from game.ai.rivals_plan import center_facts


def test_set_and_card_lookups_equal_a_scan_of_the_instances() -> None:
    cat = catalogue()
    for name in SETS + ("no_such_set",):
        assert cat.of_set(name) == tuple(i for i in cat.instances if i.set == name)
    backs = sorted({i.back for i in cat.instances})
    numbers = sorted({i.number for i in cat.instances})
    for card_id in list(cat.cards) + ["no_such_card"]:
        for back in [None, *backs]:
            for number in [None, *numbers]:
                plain = tuple(i.index for i in cat.instances if i.card.id == card_id
                              and (back is None or i.back == back) and (number is None or i.number == number))
                assert cat.find(card_id, back, number) == plain


def test_draw_cards_and_centre_facts_equal_the_plain_lookups() -> None:
    cat = catalogue()
    for back in SETS:
        assert draw_cards(back) == tuple(i.index for i in cat.instances if i.set == back
                                         and i.card.type in DRAW_TYPES and i.card.face_up != back)
    costs, first = center_facts()
    for name in ("road", "settlement", "city"):
        assert costs[name] == cat.cards[name].cost
        assert first[name] == next(i.index for i in cat.instances if i.card.id == name and i.back == name)
