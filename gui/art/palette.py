"""The art's colour palette: warm, slightly muted tones that sit well together."""

from __future__ import annotations

from types import MappingProxyType

RESOURCES = ("lumber", "wool", "grain", "brick", "ore")
TERRAINS = ("forest", "pasture", "fields", "hills", "mountains", "desert")
TERRAIN_OF = MappingProxyType({
    "lumber": "forest", "wool": "pasture", "grain": "fields", "brick": "hills", "ore": "mountains",
})
PLAYER_COLORS = ("red", "blue", "white", "orange")

INK = (43, 33, 24)
CREAM = (245, 234, 204)
PARCHMENT = (239, 226, 192)
TOKEN_RED = (190, 32, 38)
WOOD = (138, 92, 52)
GOLD = (214, 168, 58)

# Base, accent (lighter) and dark shade of each terrain.
TERRAIN = MappingProxyType({
    "forest": ((58, 104, 52), (84, 134, 64), (27, 62, 34)),
    "pasture": ((141, 192, 92), (170, 214, 118), (92, 150, 62)),
    "fields": ((224, 178, 62), (243, 210, 114), (176, 126, 38)),
    "hills": ((196, 106, 60), (222, 140, 90), (132, 64, 36)),
    "mountains": ((128, 135, 146), (172, 178, 188), (84, 90, 102)),
    "desert": ((230, 206, 148), (244, 228, 184), (196, 164, 104)),
    "sea": ((42, 108, 168), (74, 142, 199), (26, 74, 126)),
})

# Frame colour of each resource's card (also the icon's main hue family).
RESOURCE_FRAME = MappingProxyType({
    "lumber": (46, 98, 50),
    "wool": (112, 168, 70),
    "grain": (206, 156, 40),
    "brick": (176, 80, 46),
    "ore": (100, 108, 122),
})

DEV_FRAME = MappingProxyType({
    "knight": (118, 46, 64),
    "victory_point": (176, 128, 30),
    "road_building": (44, 110, 92),
    "year_of_plenty": (44, 110, 92),
    "monopoly": (44, 110, 92),
})

SPECIAL_FRAME = MappingProxyType({
    "longest_road": (150, 60, 40),
    "largest_army": (92, 52, 120),
})

PLAYER = MappingProxyType({
    "red": (196, 44, 44),
    "blue": (40, 92, 176),
    "white": (238, 236, 228),
    "orange": (232, 132, 32),
})
