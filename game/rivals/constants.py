"""Fixed facts of Rivals for Catan: resources, principality grid size, event-die faces."""

from __future__ import annotations

RESOURCES: tuple[str, ...] = ("brick", "grain", "lumber", "wool", "ore", "gold")
BRICK, GRAIN, LUMBER, WOOL, ORE, GOLD = range(6)
REGION_OF: dict[str, str] = {"brick": "hills", "grain": "fields", "lumber": "forest",
                             "wool": "pasture", "ore": "mountains", "gold": "gold_field"}
COLORS: tuple[str, ...] = ("red", "blue")
MAX_STORE = 3

# The principality is a grid of ROWS x WIDTH cells: row 2 is the centre row (settlements/cities at odd x,
# roads at even x), rows 1 and 3 hold regions (even x) and settlement sites (odd x), rows 0 and 4 hold
# the outer city sites (odd x) and region expansions (even x).
WIDTH = 29
ROWS = 5
CELLS = ROWS * WIDTH
# Physical cards in the catalogue (data/cards.json), ids 0..CARD_COUNT-1 (a test keeps the two equal).
CARD_COUNT = 180
CENTER_ROW = 2
START_LEFT_X = 13  # the starting settlements stand at x = 13 and 15, the road at 14

EVENT_FACES: tuple[str, ...] = ("event_card", "event_card", "brigand_attack", "trade", "celebration",
                                "plentiful_harvest")
STRENGTH, TRADE = 0, 1
TOKENS: tuple[str, ...] = ("strength_advantage", "trade_advantage")
