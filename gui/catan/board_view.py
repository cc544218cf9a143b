"""The board renderer: sea frame, terrain tiles, tokens, harbors and pieces, cached; plus hit-testing."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.catan.constants import HARBOR_RESOURCE, RESOURCES
from game.catan.geometry import Topology
from gui.catan.board_extras import (
    SEAM_RGBA, SEAM_SEA_RGBA, draw_seams, neutral_marked, node_marker, part_corner_direction, plaque_surface,
    ray_to_frame, seam_edges, seam_sea_rays,
)
from gui.catan.ghosts import HALO_HOVER, HALO_LIGHT, ghost_alpha, haloed
from gui.marks import draw_mark
from gui.table.colors import player_rgb
from gui.table.sprites import SpriteBook

SQRT3 = math.sqrt(3.0)
TABLE_BG = (27, 35, 44)
RIM = (112, 74, 42)
RIM_DARK = (62, 40, 24)
SAND = (226, 205, 152)
FOAM = (118, 172, 208)
PIER = (121, 84, 50)
PIER_DARK = (66, 44, 26)
FRAME_APOTHEM = 5.05  # sea frame half height, in hex radii
FRAME_WIDTH = 2 * FRAME_APOTHEM * 2 / SQRT3 + 0.5  # the board with its frame, in hex radii
FRAME_HEIGHT = 2 * FRAME_APOTHEM + 0.4
SUPERSAMPLE = 2
GHOST_SHRINK = 0.78  # a ghost settlement or city not under the mouse, relative to the real piece
Point = tuple[float, float]


def outline_rgb(color: tuple[int, int, int]) -> tuple[int, int, int]:
    """A dark edge colour for a piece (grey for a light colour)."""
    if sum(color) > 600:
        return (70, 70, 76)
    return (int(color[0] * 0.4), int(color[1] * 0.4), int(color[2] * 0.4))


def hex_corners(cx: float, cy: float, r: float) -> list[Point]:
    """Corners of a pointy-top hexagon of circumradius r."""
    return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
            for a in (-90, -30, 30, 90, 150, 210)]


def rounded_polygon(points: Sequence[Point], radius: float, steps: int = 8) -> list[Point]:
    """A convex polygon with its corners rounded by arcs of the given radius."""
    out: list[Point] = []
    n = len(points)
    for i in range(n):
        p0, p1, p2 = points[i - 1], points[i], points[(i + 1) % n]
        v1 = (p0[0] - p1[0], p0[1] - p1[1])
        v2 = (p2[0] - p1[0], p2[1] - p1[1])
        l1, l2 = math.hypot(*v1), math.hypot(*v2)
        u1, u2 = (v1[0] / l1, v1[1] / l1), (v2[0] / l2, v2[1] / l2)
        cos_a = max(-1.0, min(1.0, u1[0] * u2[0] + u1[1] * u2[1]))
        half = math.acos(cos_a) / 2
        d = min(radius / math.tan(half), l1 / 2, l2 / 2)
        a = (p1[0] + u1[0] * d, p1[1] + u1[1] * d)
        b = (p1[0] + u2[0] * d, p1[1] + u2[1] * d)
        for k in range(steps + 1):
            t = k / steps
            # quadratic Bezier through the corner: close to an arc, always inside the corner
            x = (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * p1[0] + t * t * b[0]
            y = (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * p1[1] + t * t * b[1]
            out.append((x, y))
    return out


@dataclass
class Marks:
    """What lights up on the board: clickable nodes, edges and hexes, the hovered one, and a ghost piece."""

    nodes: tuple[int, ...] = ()
    edges: tuple[int, ...] = ()
    hexes: tuple[int, ...] = ()
    hover_node: int | None = None
    hover_edge: int | None = None
    hover_hex: int | None = None
    ghost: str | None = None  # "settlement", "city" or "road" in the acting player's colour
    color: str = "white"
    pulse: float = 0.0
    flash_hexes: tuple[int, ...] = field(default=())
    # Spots lit in piece colours (neutral builds): spot -> colour ids (two when both neutrals may take it).
    node_colors: dict[int, tuple[str, ...]] = field(default_factory=dict)
    edge_colors: dict[int, tuple[str, ...]] = field(default_factory=dict)
    ghost_neutral: bool = False


class BoardView:
    """Draws one Catan board into a rectangle of the window and maps screen points back to spots.

    `colors` gives the colour id of every owner of pieces (the seats, then any neutral colours); owners in
    `neutrals` are drawn with the neutral marking. `part_labels` names the board's parts (board.parts order).
    """

    def __init__(self, sprites: SpriteBook, board: Any, topo: Topology, colors: Sequence[str],
                 neutrals: Iterable[int] = (), part_labels: Sequence[str] = ()) -> None:
        self.sprites = sprites
        self.board = board
        self.topo = topo
        self.colors = tuple(colors)
        self.neutrals = frozenset(neutrals)
        self.parts: tuple[tuple[int, ...], ...] = tuple(getattr(board, "parts", ()) or ())
        self.part_labels = tuple(part_labels) if len(part_labels) == len(self.parts) else ()
        self._seams = seam_edges(topo, self.parts) if self.parts else []
        self._plaques: list[tuple[pygame.Rect, int]] = []
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.R = 10.0
        self.origin = (0.0, 0.0)
        self._node_px: list[Point] = []
        self._edge_px: list[Point] = []
        self._hex_px: list[Point] = []
        self._terrain_layer: pygame.Surface | None = None
        self._board_surface: pygame.Surface | None = None
        self._pieces_key: Any = None
        self._small: dict[Any, pygame.Surface] = {}
        self._stale: pygame.Surface | None = None
        self.colour_marks = False  # colour-blind marks: each owner's shape on its pieces
        self._ghost_lift: dict[tuple[str, bool], float] = {}
        self._lit: tuple[Any, pygame.Surface] | None = None

    # ---------------------------------------------------------------- layout

    def layout(self, rect: pygame.Rect) -> None:
        """Fit the board with its sea frame into rect (screen coordinates)."""
        rect = pygame.Rect(rect)
        rect.w, rect.h = max(rect.w, 60), max(rect.h, 60)
        r = min(rect.w / FRAME_WIDTH, rect.h / FRAME_HEIGHT)
        r = max(8.0, float(int(r)))
        if rect == self.rect and r == self.R and self._terrain_layer is not None:
            return
        self.rect = rect
        self.R = r
        self.origin = (rect.centerx, rect.centery)
        hw, qh = SQRT3 / 2 * r, r / 2
        ox, oy = self.origin
        self._node_px = [(ox + x * hw, oy + y * qh) for x, y in self.topo.node_xy]
        self._edge_px = [((self._node_px[a][0] + self._node_px[b][0]) / 2,
                          (self._node_px[a][1] + self._node_px[b][1]) / 2) for a, b in self.topo.edges]
        self._hex_px = [(ox + (2 * q + rr) * hw, oy + 3 * rr * qh) for q, rr in self.topo.hex_coords]
        if self._board_surface is not None:
            self._stale = self._board_surface
        self._terrain_layer = None
        self._board_surface = None
        self._pieces_key = None
        self._small.clear()
        self._ghost_lift.clear()
        self._lit = None

    def node_screen_pos(self, node: int) -> tuple[int, int]:
        """Screen pixel of an intersection."""
        x, y = self._node_px[node]
        return (round(x), round(y))

    def edge_screen_pos(self, edge: int) -> tuple[int, int]:
        """Screen pixel of the middle of a path."""
        x, y = self._edge_px[edge]
        return (round(x), round(y))

    def hex_screen_pos(self, hex_index: int) -> tuple[int, int]:
        """Screen pixel of a hex centre."""
        x, y = self._hex_px[hex_index]
        return (round(x), round(y))

    # ---------------------------------------------------------------- hit-testing

    @staticmethod
    def _nearest(pos: tuple[int, int], points: Sequence[Point], candidates: Iterable[int],
                 limit: float) -> int | None:
        best, best_d = None, limit
        px, py = pos
        for i in candidates:
            x, y = points[i]
            d = math.hypot(x - px, y - py)
            if d <= best_d:
                best, best_d = i, d
        return best

    def node_at(self, pos: tuple[int, int], candidates: Iterable[int] | None = None) -> int | None:
        """The intersection under the point (among candidates), or None."""
        cands = range(len(self._node_px)) if candidates is None else candidates
        return self._nearest(pos, self._node_px, cands, self.R * 0.38)

    def edge_at(self, pos: tuple[int, int], candidates: Iterable[int] | None = None) -> int | None:
        """The path under the point (among candidates), or None."""
        cands = range(len(self._edge_px)) if candidates is None else candidates
        return self._nearest(pos, self._edge_px, cands, self.R * 0.36)

    def hex_at(self, pos: tuple[int, int], candidates: Iterable[int] | None = None) -> int | None:
        """The hex under the point (among candidates), or None."""
        cands = range(len(self._hex_px)) if candidates is None else candidates
        return self._nearest(pos, self._hex_px, cands, self.R * 0.86)

    def harbor_at(self, pos: tuple[int, int]) -> int | None:
        """The harbor (index into board.harbors) whose badge is under the point, or None."""
        if not self._hex_px:
            return None
        badges = [self._harbor_geometry(spot)[0] for spot in range(len(self.board.harbors))]
        return self._nearest(pos, badges, range(len(badges)), self.R * 0.42)

    # ---------------------------------------------------------------- static layers

    def _frame_polygon(self, scale: float, ox: float, oy: float, apothem: float) -> list[Point]:
        rf = apothem * 2 / SQRT3 * self.R
        pts = [(ox + rf * math.cos(math.radians(a)) * scale, oy + rf * math.sin(math.radians(a)) * scale)
               for a in (0, 60, 120, 180, 240, 300)]
        return rounded_polygon(pts, self.R * 1.1 * scale, 10)

    def _harbor_geometry(self, spot: int) -> tuple[Point, Point, Point]:
        """Badge centre and the two intersections of the board's harbor number spot (any coastal path)."""
        e = self.board.harbor_edge_list[spot]
        a, b = self.topo.edges[e]
        mx, my = self._edge_px[e]
        side = self.topo.coastal_side(e)
        hx, hy = self._hex_px[side[0]] if side is not None else self.origin
        dx, dy = mx - hx, my - hy
        d = math.hypot(dx, dy) or 1.0
        k = self.R * 0.72
        return (mx + dx / d * k, my + dy / d * k), self._node_px[a], self._node_px[b]

    def _base_layer(self) -> pygame.Surface:
        """Table, wooden frame, sea, surf, beach and piers, drawn supersampled and scaled down."""
        w, h = self.rect.size
        s = SUPERSAMPLE
        big = pygame.Surface((w * s, h * s))
        big.fill(TABLE_BG)
        ox, oy = (self.origin[0] - self.rect.x) * s, (self.origin[1] - self.rect.y) * s
        R = self.R
        shadow = self._frame_polygon(s, ox + R * 0.08 * s, oy + R * 0.12 * s, FRAME_APOTHEM + 0.22)
        pygame.draw.polygon(big, (16, 20, 26), shadow)
        outer = self._frame_polygon(s, ox, oy, FRAME_APOTHEM + 0.22)
        pygame.draw.polygon(big, RIM_DARK, outer)
        pygame.draw.polygon(big, RIM, self._frame_polygon(s, ox, oy, FRAME_APOTHEM + 0.16))
        inner = self._frame_polygon(s, ox, oy, FRAME_APOTHEM)
        pygame.draw.polygon(big, RIM_DARK, self._frame_polygon(s, ox, oy, FRAME_APOTHEM + 0.03))
        # the sea texture, clipped to the inner frame
        xs = [p[0] for p in inner]
        ys = [p[1] for p in inner]
        box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)
        sea_size = (max(8, box.w // s), max(8, box.h // s))
        sea = pygame.transform.smoothscale(self.sprites.get("sea", "background", sea_size), box.size)
        mask = pygame.Surface(box.size, pygame.SRCALPHA)
        mask.fill((0, 0, 0, 0))
        pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in inner])
        mask.blit(sea, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        big.blit(mask, box.topleft)

        def sp(p: Point) -> Point:
            return ((p[0] - self.rect.x) * s, (p[1] - self.rect.y) * s)

        # piers under the land, from both intersections to the badge
        for spot in range(len(self.board.harbors)):
            badge, a, b = self._harbor_geometry(spot)
            for node in (a, b):
                tip = (node[0] + (badge[0] - node[0]) * 0.78, node[1] + (badge[1] - node[1]) * 0.78)
                pygame.draw.line(big, PIER_DARK, sp(node), sp(tip), max(3, int(R * 0.16 * s)))
                pygame.draw.line(big, PIER, sp(node), sp(tip), max(2, int(R * 0.1 * s)))
        # where two board parts meet, the seam goes on through the sea to the frame
        if self._seams:
            draw_seams(big, [(sp(p), sp(q)) for p, q in self._sea_seams()], max(1.0, R * 0.045 * s),
                       SEAM_SEA_RGBA)
        # surf and beach around the island
        for cx, cy in self._hex_px:
            pygame.draw.polygon(big, FOAM, hex_corners(*sp((cx, cy)), R * 1.2 * s))
        for cx, cy in self._hex_px:
            pygame.draw.polygon(big, (206, 184, 132), hex_corners(*sp((cx, cy)), R * 1.1 * s))
        for cx, cy in self._hex_px:
            pygame.draw.polygon(big, SAND, hex_corners(*sp((cx, cy)), R * 1.06 * s))
        return pygame.transform.smoothscale(big, (w, h))

    def _build_terrain_layer(self) -> pygame.Surface:
        layer = self._base_layer()
        R = self.R
        rx, ry = self.rect.topleft
        tile_w = max(8, int(SQRT3 * R * 0.985))
        board = self.board
        for hx, (terrain, number) in enumerate(zip(board.terrains, board.numbers)):
            name = terrain if terrain == "desert" else (terrain if hx % 3 == 0 else f"{terrain}.{hx % 3}")
            tile = self.sprites.get("terrain", name, tile_w)
            cx, cy = self._hex_px[hx]
            layer.blit(tile, (round(cx - rx - tile.get_width() / 2), round(cy - ry - tile.get_height() / 2)))
            if number:
                tok = self.sprites.get("token", str(number), max(8, int(R * 0.74)))
                layer.blit(tok, (round(cx - rx - tok.get_width() / 2), round(cy - ry - tok.get_height() / 2)))
        if self._seams:
            lines = [((self._node_px[a][0] - rx, self._node_px[a][1] - ry),
                      (self._node_px[b][0] - rx, self._node_px[b][1] - ry)) for a, b in self._seams]
            draw_seams(layer, lines, max(2.0, R * 0.075), SEAM_RGBA)
        self._draw_plaques(layer)
        badge_w = max(8, int(R * 0.7))
        for spot, kind in enumerate(board.harbors):
            res = HARBOR_RESOURCE.get(kind)
            name = "generic" if res is None else RESOURCES[res]
            (bx, by), _, _ = self._harbor_geometry(spot)
            badge = self.sprites.get("harbor", name, badge_w)
            layer.blit(badge, (round(bx - rx - badge.get_width() / 2), round(by - ry - badge.get_height() / 2)))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            layer = layer.convert()
        return layer

    def _sea_seams(self) -> list[tuple[Point, Point]]:
        """Screen lines continuing the seams from the coast to the inner frame."""
        out = []
        for inner, coast in seam_sea_rays(self.topo, self._seams):
            (x1, y1), (x2, y2) = self._node_px[inner], self._node_px[coast]
            d = math.hypot(x2 - x1, y2 - y1) or 1.0
            direction = ((x2 - x1) / d, (y2 - y1) / d)
            length = ray_to_frame((x2, y2), direction, self.origin, FRAME_APOTHEM * self.R)
            out.append(((x2, y2), (x2 + direction[0] * length, y2 + direction[1] * length)))
        return out

    def _draw_plaques(self, layer: pygame.Surface) -> None:
        """The part labels on small plaques at the frame corner beyond each part's corner hex."""
        self._plaques = []
        if not self.part_labels:
            return
        rx, ry = self.rect.topleft
        size = max(8, int(self.R * 0.26))
        reach = (FRAME_APOTHEM + 0.12) * 2 / SQRT3 * self.R - self.R * 0.32
        for i, (part, label) in enumerate(zip(self.parts, self.part_labels)):
            dx, dy = part_corner_direction(part, self._hex_px, self.origin)
            plaque = plaque_surface(label, size)
            rect = plaque.get_rect(center=(round(self.origin[0] + dx * reach), round(self.origin[1] + dy * reach)))
            layer.blit(plaque, rect.move(-rx, -ry))
            self._plaques.append((rect, i))

    def part_at(self, pos: tuple[int, int]) -> int | None:
        """The board part whose plaque is under the point (index into board.parts), or None."""
        for rect, i in self._plaques:
            if rect.collidepoint(pos):
                return i
        return None

    def owner_color(self, owner: int) -> str:
        """The colour id of a piece owner (white for an unknown owner)."""
        return self.colors[owner] if 0 <= owner < len(self.colors) else "white"

    def road_sprite(self, color: str, edge: int, alpha: int = 255, neutral: bool = False) -> pygame.Surface:
        """A thick rounded bar along a path in a player's colour (one sprite per direction)."""
        a, b = self.topo.edges[edge]
        (x1, y1), (x2, y2) = self.topo.node_xy[a], self.topo.node_xy[b]
        direction = 0 if x1 == x2 else (1 if (x2 - x1) * (y2 - y1) > 0 else 2)
        key = ("road", color, direction, alpha, neutral)
        surf = self._small.get(key)
        if surf is None:
            surf = self._bar(player_rgb(color), outline_rgb(player_rgb(color)), direction, 0.74, 0.19, 255)
            if neutral:
                surf = neutral_marked(surf, max(3, int(self.R * 0.1)))
            if alpha < 255:
                surf.set_alpha(alpha)
            self._small[key] = surf
        return surf

    def _bar(self, fill: tuple[int, int, int], edge: tuple[int, int, int], direction: int, length: float,
             thick: float, alpha: int, glow: bool = False) -> pygame.Surface:
        s = 4
        R = self.R * s
        angle = (90.0, 30.0, -30.0)[direction]
        dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        half = R * length / 2
        size = int(R * length + R * thick * 2 + 8)
        big = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        p1, p2 = (c - dx * half, c - dy * half), (c + dx * half, c + dy * half)
        t_out, t_in = R * thick, R * thick - max(4, R * 0.05)

        def capsule(color: tuple[int, ...], t: float, off: Point = (0.0, 0.0)) -> None:
            a = (p1[0] + off[0], p1[1] + off[1])
            b = (p2[0] + off[0], p2[1] + off[1])
            nx, ny = -dy * t / 2, dx * t / 2
            pygame.draw.polygon(big, color, [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                                             (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])
            pygame.draw.circle(big, color, a, t / 2)
            pygame.draw.circle(big, color, b, t / 2)

        if glow:
            capsule((*fill, 255), t_out)
        else:
            capsule((0, 0, 0, 90), t_out, (R * 0.03, R * 0.05))
            capsule((*edge, 255), t_out)
            capsule((*fill, 255), t_in)
            light = tuple(min(255, int(v * 1.18 + 20)) for v in fill)
            capsule((*light, 255), t_in * 0.35, (-dy * t_in * 0.18, dx * -t_in * 0.18))
        out = pygame.transform.smoothscale(big, (size // s, size // s))
        if alpha < 255:
            out.set_alpha(alpha)
        return out

    def piece_sprite(self, piece: str, color: str, neutral: bool = False) -> pygame.Surface:
        """A settlement or city sprite in a player's colour, sized for the board (marked when neutral)."""
        width = max(8, int(self.R * (0.5 if piece == "settlement" else 0.66)))
        sprite = self.sprites.get("piece", f"{piece}_{color}", width)
        if not neutral:
            return sprite
        key = ("neutral", piece, color, width)
        marked = self._small.get(key)
        if marked is None:
            marked = self._small[key] = neutral_marked(sprite, max(3, int(self.R * 0.1)))
        return marked

    def _draw_pieces(self, target: pygame.Surface, state: Any, offset: Point) -> None:
        ox, oy = offset
        neutrals = self.neutrals
        for e, owner in enumerate(state.edge_owner):
            if owner >= 0:
                spr = self.road_sprite(self.owner_color(owner), e, neutral=owner in neutrals)
                x, y = self._edge_px[e]
                target.blit(spr, (round(x - ox - spr.get_width() / 2), round(y - oy - spr.get_height() / 2)))
                if self.colour_marks:
                    draw_mark(target, self.owner_color(owner), (x - ox, y - oy), max(5.0, self.R * 0.17))
        for n, owner in enumerate(state.node_owner):
            if owner >= 0:
                piece = "city" if state.node_level[n] >= 2 else "settlement"
                spr = self.piece_sprite(piece, self.owner_color(owner), owner in neutrals)
                x, y = self._node_px[n]
                target.blit(spr, (round(x - ox - spr.get_width() / 2), round(y - oy - spr.get_height() * 0.62)))
                if self.colour_marks:
                    draw_mark(target, self.owner_color(owner), (x - ox, y - oy - spr.get_height() * 0.08),
                              max(6.0, self.R * (0.3 if piece == "city" else 0.24)))

    def board_surface(self, state: Any) -> pygame.Surface:
        """The cached board with its pieces; rebuilt only after a resize or when pieces change."""
        if self._terrain_layer is None:
            self._terrain_layer = self._build_terrain_layer()
            self._board_surface = None
        key = (tuple(state.edge_owner), tuple(state.node_owner), tuple(state.node_level), self.colour_marks)
        if self._board_surface is None or key != self._pieces_key:
            surf = self._terrain_layer.copy()
            self._draw_pieces(surf, state, self.rect.topleft)
            self._board_surface = surf
            self._pieces_key = key
        return self._board_surface

    # ---------------------------------------------------------------- markers

    def _marker(self, kind: str, hover: bool) -> pygame.Surface:
        key = ("marker", kind, hover)
        surf = self._small.get(key)
        if surf is not None:
            return surf
        R, s = self.R, 4
        if kind == "node":
            r = R * (0.24 if hover else 0.19)
            size = int(r * 2 + 6)
            big = pygame.Surface((size * s, size * s), pygame.SRCALPHA)
            c = size * s / 2
            pygame.draw.circle(big, (255, 246, 205, 200 if hover else 150), (c, c), r * s)
            pygame.draw.circle(big, (255, 250, 220, 255), (c, c), r * s, max(2, int(R * 0.06 * s)))
            pygame.draw.circle(big, (40, 30, 10, 200), (c, c), r * s + 1, max(1, int(R * 0.02 * s)))
            surf = pygame.transform.smoothscale(big, (size, size))
        elif kind == "hex":
            size = int(R * 2.1)
            big = pygame.Surface((size * s, size * s), pygame.SRCALPHA)
            c = size * s / 2
            pts = hex_corners(c, c, R * 0.93 * s)
            pygame.draw.polygon(big, (255, 250, 215, 95 if hover else 40), pts)
            pygame.draw.polygon(big, (30, 22, 8, 200), hex_corners(c, c, R * 0.96 * s), max(3, int(R * 0.04 * s)))
            pygame.draw.polygon(big, (255, 252, 235, 255) if hover else (255, 206, 64, 255), pts,
                                max(3, int(R * 0.09 * s)))
            surf = pygame.transform.smoothscale(big, (size, size))
        else:
            direction = int(kind[-1])
            surf = self._bar((255, 247, 205), (0, 0, 0), direction, 0.6, 0.2 if hover else 0.15,
                             230 if hover else 150, glow=True)
        self._small[key] = surf
        return surf

    def _color_marker(self, kind: str, hover: bool, colors: tuple[str, ...]) -> pygame.Surface:
        """A marker in piece colours: kind "node" or "edge<direction>"; two colours split it."""
        key = ("cmarker", kind, hover, colors)
        surf = self._small.get(key)
        if surf is not None:
            return surf
        rgbs = [player_rgb(c) for c in colors]
        if kind == "node":
            surf = node_marker(self.R, hover, rgbs)
        else:
            # a pale glow like the other path markers, with a core in the piece colour(s)
            direction = int(kind[-1])
            surf = self._bar((255, 247, 205), (0, 0, 0), direction, 0.62, 0.21 if hover else 0.17, 255, glow=True)
            surf.fill((255, 255, 255, 235 if hover else 170), special_flags=pygame.BLEND_RGBA_MULT)
            centre = surf.get_rect().center
            angle = math.radians((90.0, 30.0, -30.0)[direction])
            for i, rgb in enumerate(rgbs[:2]):
                length = 0.46 if len(rgbs) == 1 else 0.23
                core = self._bar(rgb, (0, 0, 0), direction, length, 0.09, 255, glow=True)
                shift = 0.0 if len(rgbs) == 1 else (i - 0.5) * 0.27 * self.R
                edge = self._bar(outline_rgb(rgb), (0, 0, 0), direction, length + 0.03, 0.12, 255, glow=True)
                pos = (centre[0] + math.cos(angle) * shift, centre[1] + math.sin(angle) * shift)
                surf.blit(edge, edge.get_rect(center=(round(pos[0]), round(pos[1]))))
                surf.blit(core, core.get_rect(center=(round(pos[0]), round(pos[1]))))
        self._small[key] = surf
        return surf

    def _blit_center(self, target: pygame.Surface, spr: pygame.Surface, pos: Point, dy: float = 0.5) -> None:
        target.blit(spr, (round(pos[0] - spr.get_width() / 2), round(pos[1] - spr.get_height() * dy)))

    def _edge_direction(self, edge: int) -> int:
        a, b = self.topo.edges[edge]
        (x1, y1), (x2, y2) = self.topo.node_xy[a], self.topo.node_xy[b]
        return 0 if x1 == x2 else (1 if (x2 - x1) * (y2 - y1) > 0 else 2)

    # ---------------------------------------------------------------- frame

    def robber_pos(self, hex_index: int) -> Point:
        """Where the robber stands on a hex (beside the number token)."""
        x, y = self._hex_px[hex_index]
        return (x - self.R * 0.42, y + self.R * 0.1)

    def draw(self, surface: pygame.Surface, state: Any, marks: Marks | None = None,
             robber_at: Point | None = None, quick: bool = False) -> None:
        """Blit the cached board, then the robber and the light-up spots.

        With quick (while the window is being resized) a board not yet rebuilt for the new size is shown by
        stretching the previous one, so dragging the window edge does not redraw the art at every size.
        """
        if quick and self._terrain_layer is None and self._stale is not None:
            surface.blit(pygame.transform.scale(self._stale, self.rect.size), self.rect.topleft)
            return
        self._stale = None
        marks = marks or Marks()
        lit = tuple(dict.fromkeys(marks.flash_hexes + marks.hexes))
        if lit:
            # the lit hexes go under the pieces, so the settlements and cities around them stay in sight
            surface.blit(self._lit_board(state, lit, marks.hover_hex), self.rect.topleft)
        else:
            surface.blit(self.board_surface(state), self.rect.topleft)
        pos = robber_at if robber_at is not None else self.robber_pos(state.robber)
        robber = self.sprites.get("robber", "robber", max(8, int(self.R * 0.46)))
        self._blit_center(surface, robber, pos, 0.8)
        for e in marks.edges:
            hover = e == marks.hover_edge
            colors = marks.edge_colors.get(e, ())
            kind = f"edge{self._edge_direction(e)}"
            if colors and (len(colors) > 1 or not hover or marks.ghost != "road"):
                self._blit_center(surface, self._color_marker(kind, hover, colors), self._edge_px[e])
            elif marks.ghost == "road":
                color = colors[0] if colors else marks.color
                ghost = self.ghost_sprite("road", color, hover, marks.ghost_neutral, e)
                ghost.set_alpha(ghost_alpha(marks.pulse, hover))
                self._blit_center(surface, ghost, self._edge_px[e])
            else:
                self._blit_center(surface, self._marker(kind, hover), self._edge_px[e])
        for n in marks.nodes:
            hover = n == marks.hover_node
            colors = marks.node_colors.get(n, ())
            if colors and (len(colors) > 1 or not hover or marks.ghost not in ("settlement", "city")):
                self._blit_center(surface, self._color_marker("node", hover, colors), self._node_px[n])
            elif marks.ghost in ("settlement", "city"):
                color = colors[0] if colors else marks.color
                ghost = self.ghost_sprite(marks.ghost, color, hover, marks.ghost_neutral)
                ghost.set_alpha(ghost_alpha(marks.pulse, hover))
                x, y = self._node_px[n]
                lift = self._ghost_lift[(marks.ghost, hover)]
                surface.blit(ghost, (round(x - ghost.get_width() / 2), round(y - lift)))
            else:
                self._blit_center(surface, self._marker("node", hover), self._node_px[n])

    def ghost_sprite(self, piece: str, color: str, hover: bool, neutral: bool = False,
                     edge: int | None = None) -> pygame.Surface:
        """A haloed piece (settlement, city, or the road along `edge`) in a player's colour, for a legal spot."""
        direction = self._edge_direction(edge) if edge is not None else -1
        key = ("ghost", piece, color, hover, neutral, direction)
        surf = self._small.get(key)
        if surf is None:
            width = max(2, int(self.R * 0.06))
            if piece == "road":
                assert edge is not None
                base = self.road_sprite(color, edge, neutral=neutral)
                surf = haloed(base, width, HALO_HOVER if hover else HALO_LIGHT)
            else:
                base = self.piece_sprite(piece, color, neutral)
                surf = haloed(base, width, HALO_HOVER if hover else HALO_LIGHT)
                k = 1.0 if hover else GHOST_SHRINK  # many spots at once: smaller until pointed at
                if k != 1.0:
                    surf = pygame.transform.smoothscale(surf, (round(surf.get_width() * k),
                                                               round(surf.get_height() * k)))
                # how far above the intersection the sprite's top is (pieces stand a little above it)
                self._ghost_lift[(piece, hover)] = (width + 1 + base.get_height() * 0.62) * k
            self._small[key] = surf
        return surf

    def _lit_board(self, state: Any, hexes: tuple[int, ...], hover: int | None) -> pygame.Surface:
        """The board with the given hexes lit between the terrain and the pieces (cached per hover)."""
        base = self.board_surface(state)  # keeps the terrain layer and the pieces key current
        assert self._terrain_layer is not None
        key = (self._pieces_key, hexes, hover, base.get_size())
        if self._lit is None or self._lit[0] != key:
            surf = self._terrain_layer.copy()
            rx, ry = self.rect.topleft
            for h in hexes:
                x, y = self._hex_px[h]
                self._blit_center(surf, self._marker("hex", h == hover), (x - rx, y - ry))
            self._draw_pieces(surf, state, self.rect.topleft)
            self._lit = (key, surf)
        return self._lit[1]
