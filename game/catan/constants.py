"""Names and numbers of the Catan board game: resources, terrains, costs, cards, pieces."""

from __future__ import annotations

RESOURCES: tuple[str, ...] = ("lumber", "wool", "grain", "brick", "ore")
LUMBER, WOOL, GRAIN, BRICK, ORE = range(5)
TERRAINS: tuple[str, ...] = ("forest", "pasture", "fields", "hills", "mountains", "desert")
TERRAIN_RESOURCE: dict[str, int | None] = {
    "forest": LUMBER, "pasture": WOOL, "fields": GRAIN, "hills": BRICK, "mountains": ORE, "desert": None,
}
TERRAIN_COUNTS: dict[str, int] = {"forest": 4, "pasture": 4, "fields": 4, "hills": 3, "mountains": 3, "desert": 1}
# Number tokens by back letter A..R.
TOKEN_LETTERS: tuple[int, ...] = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
HARBOR_TYPES: tuple[str, ...] = ("generic_3_1", "lumber_2_1", "wool_2_1", "grain_2_1", "brick_2_1", "ore_2_1")
HARBOR_SET: tuple[str, ...] = ("generic_3_1",) * 4 + HARBOR_TYPES[1:]
HARBOR_RESOURCE: dict[str, int | None] = {
    "generic_3_1": None, "lumber_2_1": LUMBER, "wool_2_1": WOOL, "grain_2_1": GRAIN,
    "brick_2_1": BRICK, "ore_2_1": ORE,
}
COLORS: tuple[str, ...] = ("red", "blue", "white", "orange")

BANK_PER_RESOURCE = 19
DEV_CARDS: tuple[str, ...] = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
KNIGHT, VICTORY_POINT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY = range(5)
DEV_DECK_COUNTS: tuple[int, ...] = (14, 5, 2, 2, 2)

ROAD_COST: tuple[int, ...] = (1, 0, 0, 1, 0)
SETTLEMENT_COST: tuple[int, ...] = (1, 1, 1, 1, 0)
CITY_COST: tuple[int, ...] = (0, 0, 2, 0, 3)
DEV_CARD_COST: tuple[int, ...] = (0, 1, 1, 0, 1)
COSTS: dict[str, tuple[int, ...]] = {
    "road": ROAD_COST, "settlement": SETTLEMENT_COST, "city": CITY_COST, "dev_card": DEV_CARD_COST,
}
PIECES: dict[str, int] = {"road": 15, "settlement": 5, "city": 4}

LONGEST_ROAD_MIN = 5
LARGEST_ARMY_MIN = 3
SPECIAL_CARD_VP = 2
PIPS: dict[int, int] = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def resource_index(name: str) -> int:
    """Index of a resource name; ValueError if unknown."""
    return RESOURCES.index(name)
