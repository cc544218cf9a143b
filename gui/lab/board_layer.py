"""The lab's board: the table's BoardView for the layout being edited, hit-testing and the analysis overlays."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.catan.constants import HARBOR_RESOURCE, RESOURCES
from game.catan.geometry import Topology, topology
from game.lab.analysis import Analysis
from game.lab.layout import LabLayout
from gui.catan.board_view import BoardView, Marks
from gui.fonts import render_text
from gui.lab.names import hex_label
from gui.table.sprites import SpriteBook

Point = tuple[float, float]
# The heat map's colour ramp, from a poor intersection to the best one on the board.
HEAT_RAMP: tuple[tuple[int, int, int], ...] = (
    (52, 84, 180), (56, 160, 190), (120, 196, 96), (240, 210, 70), (236, 128, 44), (212, 44, 40),
)
BEST_FILL = (246, 214, 120)
BEST_INK = (40, 28, 12)
TARGET_RGBA = (120, 230, 140)
HEX_NUMBER_INK = (244, 214, 136)  # gold, apart from the white pip figures


def heat_color(share: float) -> tuple[int, int, int]:
    """The ramp colour of a share 0..1 of the best quality on the board."""
    share = max(0.0, min(1.0, share)) * (len(HEAT_RAMP) - 1)
    i = min(len(HEAT_RAMP) - 2, int(share))
    f = share - i
    a, b = HEAT_RAMP[i], HEAT_RAMP[i + 1]
    return (round(a[0] + (b[0] - a[0]) * f), round(a[1] + (b[1] - a[1]) * f), round(a[2] + (b[2] - a[2]) * f))


def tile_name(terrain: str, hex_index: int) -> str:
    """The terrain art the table draws on a hex (three prints per terrain, by hex index)."""
    if terrain == "desert":
        return terrain
    return terrain if hex_index % 3 == 0 else f"{terrain}.{hex_index % 3}"


def harbor_art(kind: str) -> str:
    """The harbor badge art name of a harbor type."""
    res = HARBOR_RESOURCE.get(kind)
    return "generic" if res is None else RESOURCES[res]


@dataclass(frozen=True)
class _NoPieces:
    """An empty board for the BoardView: no roads or buildings, only the robber."""

    robber: int
    edge_owner: tuple[int, ...]
    node_owner: tuple[int, ...]
    node_level: tuple[int, ...]


@dataclass
class Ghost:
    """What is being dragged: kind ("hex", "token", "robber", "harbor"), its source, the pointer, the target."""

    kind: str
    source: int
    pos: tuple[int, int]
    target: int | None = None


@dataclass
class Overlay:
    """What the lab draws over the board this frame."""

    heat: bool = False
    best: bool = True
    pip_figures: bool = False
    hex_numbers: bool = True
    hexes: tuple[int, ...] = ()
    edges: tuple[int, ...] = ()
    nodes: tuple[int, ...] = ()
    hover_hex: int | None = None
    hover_node: int | None = None
    hover_edge: int | None = None
    ghost: Ghost | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class LabBoard:
    """Draws a LabLayout as the game table does and answers what lies under a point."""

    def __init__(self, sprites: SpriteBook, topo: Topology | None = None) -> None:
        self.sprites = sprites
        self.topo = topo or topology()
        self.coastal_edges = tuple(e for e in range(self.topo.num_edges) if self.topo.coastal_side(e) is not None)
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.layout_shown: LabLayout | None = None
        self.view: BoardView | None = None
        self._pieces: _NoPieces | None = None
        self._heat_cache: tuple[Any, pygame.Surface] | None = None

    # ---------------------------------------------------------------- state

    def show(self, layout: LabLayout) -> None:
        """Draw this layout from now on (the board art is rebuilt only when the board changed)."""
        if self.layout_shown is not None and _same_board(self.layout_shown, layout) and self.view is not None:
            self.layout_shown = layout
            self._pieces = self._empty(layout.robber)
            return
        self.layout_shown = layout
        self.view = BoardView(self.sprites, layout.to_board(), self.topo, ())
        self.view.layout(self.rect)
        self._pieces = self._empty(layout.robber)
        self._heat_cache = None

    def _empty(self, robber: int) -> _NoPieces:
        return _NoPieces(robber, (-1,) * self.topo.num_edges, (-1,) * self.topo.num_nodes, (0,) * self.topo.num_nodes)

    def place(self, rect: pygame.Rect) -> None:
        """Fit the board into rect."""
        self.rect = pygame.Rect(rect)
        if self.view is not None:
            self.view.layout(self.rect)
        self._heat_cache = None

    @property
    def R(self) -> float:
        """The hex radius in pixels."""
        return self.view.R if self.view is not None else 10.0

    # ---------------------------------------------------------------- geometry

    def hex_pos(self, h: int) -> tuple[int, int]:
        """Screen centre of a hex."""
        assert self.view is not None
        return self.view.hex_screen_pos(h)

    def node_pos(self, n: int) -> tuple[int, int]:
        """Screen pixel of an intersection."""
        assert self.view is not None
        return self.view.node_screen_pos(n)

    def badge_pos(self, edge: int) -> Point:
        """Where a harbor on this coastal path shows its badge (out at sea, as the table draws it)."""
        assert self.view is not None
        mx, my = self.view.edge_screen_pos(edge)
        side = self.topo.coastal_side(edge)
        hx, hy = self.view.hex_screen_pos(side[0]) if side is not None else self.rect.center
        dx, dy = mx - hx, my - hy
        d = math.hypot(dx, dy) or 1.0
        k = self.R * 0.72
        return (mx + dx / d * k, my + dy / d * k)

    def robber_rect(self, h: int) -> pygame.Rect:
        """The robber figure's rectangle on hex h."""
        assert self.view is not None
        x, y = self.view.robber_pos(h)
        w = max(8, int(self.R * 0.46))
        hgt = int(w * 1.5)
        return pygame.Rect(round(x - w / 2), round(y - hgt * 0.8), w, hgt)

    # ---------------------------------------------------------------- hit-testing

    def hex_at(self, pos: tuple[int, int]) -> int | None:
        """The hex under the point."""
        return self.view.hex_at(pos) if self.view is not None else None

    def node_at(self, pos: tuple[int, int]) -> int | None:
        """The intersection under the point."""
        return self.view.node_at(pos) if self.view is not None else None

    def robber_at(self, pos: tuple[int, int]) -> bool:
        """Whether the point is on the robber."""
        layout = self.layout_shown
        return self.view is not None and layout is not None and self.robber_rect(layout.robber).collidepoint(pos)

    def token_at(self, pos: tuple[int, int]) -> int | None:
        """The hex whose number token is under the point."""
        layout = self.layout_shown
        h = self.hex_at(pos)
        if h is None or layout is None or not layout.numbers[h]:
            return None
        cx, cy = self.hex_pos(h)
        return h if math.hypot(pos[0] - cx, pos[1] - cy) <= self.R * 0.38 else None

    def harbor_at(self, pos: tuple[int, int]) -> int | None:
        """The coastal path whose harbor badge is under the point."""
        layout = self.layout_shown
        if layout is None or self.view is None:
            return None
        best, best_d = None, self.R * 0.4
        for e, _ in layout.harbors:
            bx, by = self.badge_pos(e)
            d = math.hypot(pos[0] - bx, pos[1] - by)
            if d <= best_d:
                best, best_d = e, d
        return best

    def coast_at(self, pos: tuple[int, int], reach: float = 0.55) -> int | None:
        """The coastal path nearest the point (by its middle or its badge spot), within reach hex radii."""
        if self.view is None:
            return None
        best, best_d = None, self.R * reach
        for e in self.coastal_edges:
            mx, my = self.view.edge_screen_pos(e)
            bx, by = self.badge_pos(e)
            d = min(math.hypot(pos[0] - mx, pos[1] - my), math.hypot(pos[0] - bx, pos[1] - by))
            if d <= best_d:
                best, best_d = e, d
        return best

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface, analysis: Analysis | None, overlay: Overlay) -> None:
        """The board, the highlighted spots, the analysis overlays and anything being dragged."""
        if self.view is None or self._pieces is None or self.layout_shown is None:
            return
        ghost = overlay.ghost
        hexes = tuple(overlay.hexes)
        marks = Marks(flash_hexes=hexes, edges=tuple(overlay.edges), nodes=tuple(overlay.nodes),
                      hover_edge=overlay.edges[0] if overlay.edges else None,
                      hover_node=overlay.nodes[0] if overlay.nodes else None)
        if ghost is not None and ghost.target is not None:
            if ghost.kind == "harbor":
                marks.edges, marks.hover_edge = (ghost.target,), ghost.target
            else:
                marks.hexes, marks.hover_hex = (ghost.target,), ghost.target
        elif overlay.hover_hex is not None:
            marks.hexes, marks.hover_hex = (overlay.hover_hex,), None
        if overlay.hover_edge is not None and ghost is None:
            marks.edges, marks.hover_edge = (*marks.edges, overlay.hover_edge), overlay.hover_edge
        robber_at = None
        if ghost is not None and ghost.kind == "robber":
            robber_at = (ghost.pos[0], ghost.pos[1] + self.R * 0.2)
        self.view.draw(surface, self._pieces, marks, robber_at)
        if analysis is not None and (overlay.heat or overlay.best):
            surface.blit(self._heat_layer(analysis, overlay.heat, overlay.best), self.rect.topleft)
        if overlay.hex_numbers:
            self._draw_hex_numbers(surface)
        if overlay.pip_figures and analysis is not None:
            self._draw_pip_figures(surface, analysis)
        if overlay.hover_node is not None and ghost is None:
            x, y = self.node_pos(overlay.hover_node)
            r = max(4, int(self.R * 0.22))
            pygame.draw.circle(surface, (255, 250, 220), (x, y), r, max(2, int(self.R * 0.05)))
        if ghost is not None:
            self._draw_ghost(surface, ghost)

    def _heat_layer(self, analysis: Analysis, heat: bool, best: bool) -> pygame.Surface:
        """The intersection discs (heat map) and the numbered best spots, drawn once per analysis."""
        key = (id(analysis), heat, best, self.rect.size, self.R)
        if self._heat_cache is not None and self._heat_cache[0] == key:
            return self._heat_cache[1]
        s = 3
        layer = pygame.Surface((self.rect.w * s, self.rect.h * s), pygame.SRCALPHA)
        ox, oy = self.rect.topleft
        top = max((sp.quality for sp in analysis.spots), default=0.0) or 1.0
        r = self.R * 0.15 * s
        if heat:
            for spot in analysis.spots:
                if spot.quality <= 0:
                    continue
                x, y = self.node_pos(spot.node)
                c = ((x - ox) * s, (y - oy) * s)
                pygame.draw.circle(layer, (15, 18, 24, 200), c, r + 2 * s)
                pygame.draw.circle(layer, (*heat_color(spot.quality / top), 235), c, r)
        if best:
            size = max(9, int(self.R * 0.2)) * s
            for rank, node in enumerate(analysis.best_spots, start=1):
                x, y = self.node_pos(node)
                c = ((x - ox) * s, (y - oy) * s)
                rr = self.R * 0.19 * s
                pygame.draw.circle(layer, (20, 14, 8, 235), c, rr + 2 * s)
                pygame.draw.circle(layer, (*BEST_FILL, 255), c, rr)
                text = render_text(str(rank), size, BEST_INK, True)
                layer.blit(text, text.get_rect(center=(round(c[0]), round(c[1]))))
        out = pygame.transform.smoothscale(layer, self.rect.size)
        self._heat_cache = (key, out)
        return out

    def _draw_pip_figures(self, surface: pygame.Surface, analysis: Analysis) -> None:
        """The pips of each producing hex as a small figure above its token."""
        size = max(9, int(self.R * 0.2))
        for h, pips in enumerate(analysis.hex_pips):
            if not pips:
                continue
            x, y = self.hex_pos(h)
            text = render_text(str(pips), size, (250, 246, 232), True)
            box = text.get_rect(center=(x + round(self.R * 0.42), y - round(self.R * 0.42))).inflate(size // 2, 2)
            pygame.draw.rect(surface, (24, 30, 40), box, border_radius=box.h // 2)
            pygame.draw.rect(surface, (150, 156, 166), box, 1, border_radius=box.h // 2)
            surface.blit(text, text.get_rect(center=box.center))

    def hex_number_badges(self) -> list[tuple[int, str, pygame.Rect]]:
        """Each hex's number badge: the hex, its label (0-18, as the panel, the CLI and the charts name hexes)
        and the badge's rectangle, small in the upper part of the hex above the token."""
        size = self._hex_number_size()
        badges = []
        for h in range(len(self.topo.hex_coords)):
            x, y = self.hex_pos(h)
            label = hex_label(h)
            w, hgt = render_text(label, size, HEX_NUMBER_INK, True).get_size()
            box = pygame.Rect(0, 0, w + size // 2 + 2, hgt)
            box.center = (x, y - round(self.R * 0.6))
            badges.append((h, label, box))
        return badges

    def _hex_number_size(self) -> int:
        return max(10, int(self.R * 0.21))

    def _draw_hex_numbers(self, surface: pygame.Surface) -> None:
        """The hex number badges."""
        size = self._hex_number_size()
        for _, label, box in self.hex_number_badges():
            text = render_text(label, size, HEX_NUMBER_INK, True)
            pygame.draw.rect(surface, (20, 24, 32), box, border_radius=box.h // 2)
            surface.blit(text, text.get_rect(center=box.center))

    def _draw_ghost(self, surface: pygame.Surface, ghost: Ghost) -> None:
        """The dragged hex, token or harbor badge under the pointer (the robber is moved by the view)."""
        layout = self.layout_shown
        assert layout is not None
        if ghost.kind == "hex":
            tile = self.sprites.get("terrain", tile_name(layout.terrains[ghost.source], ghost.source),
                                    max(8, int(math.sqrt(3) * self.R * 0.8)))
            faded = tile.copy()
            faded.set_alpha(215)
            surface.blit(faded, faded.get_rect(center=ghost.pos))
            number = layout.numbers[ghost.source]
            if number:
                tok = self.sprites.get("token", str(number), max(8, int(self.R * 0.6)))
                surface.blit(tok, tok.get_rect(center=ghost.pos))
        elif ghost.kind == "token":
            tok = self.sprites.get("token", str(layout.numbers[ghost.source]), max(8, int(self.R * 0.74)))
            surface.blit(tok, tok.get_rect(center=ghost.pos))
        elif ghost.kind == "harbor":
            kind = layout.harbor_at(ghost.source)
            if kind is not None:
                badge = self.sprites.get("harbor", harbor_art(kind), max(8, int(self.R * 0.7)))
                surface.blit(badge, badge.get_rect(center=ghost.pos))


def _same_board(a: LabLayout, b: LabLayout) -> bool:
    """Whether two layouts draw the same board art (the robber is drawn apart)."""
    return a.terrains == b.terrains and a.numbers == b.numbers and a.harbors == b.harbors
