"""A compact way to build Catan positions for scenario tests: pieces by intersection name, hands by resource."""

from __future__ import annotations

from game.catan.constants import RESOURCES
from game.catan.rules import CatanGame
from game.catan.state import MAIN, NOBODY, ROLL
from game.core.registry import new_game


class Scenario:
    """Wraps a CatanGame and edits its state while keeping the bank and piece counts consistent."""

    def __init__(self, players: int = 4, board: str = "beginner", empty: bool = True, seed: int = 1,
                 variant: str = "catan-base", **options: object) -> None:
        self.game: CatanGame = new_game(variant, players, seed=seed, options={"board": board, **options})
        s = self.game.state
        if empty:
            for p in range(players):
                self.take_all(p)
            for node in range(len(s.node_owner)):
                if s.node_owner[node] != NOBODY:
                    self.remove_building(node)
            for e in range(len(s.edge_owner)):
                if s.edge_owner[e] != NOBODY:
                    p = s.edge_owner[e]
                    s.edge_owner[e] = NOBODY
                    s.roads_left[p] += 1
            s.phase = ROLL
            s.current = 0
            s.turn_number = 1
            if "trade_cards" in s.extra:
                s.extra["setup_done"] = True
        self.refresh()

    @property
    def topo(self):  # noqa: ANN201 - test helper
        """The board graph."""
        return self.game.topo

    def node(self, name: str) -> int:
        """Intersection index by any alias."""
        return self.topo.node(name)

    def at(self, *hexes: int) -> str:
        """Canonical name of the intersection touching exactly these land hexes."""
        t = self.topo
        matches = [n for n in range(t.num_nodes) if set(t.node_hexes[n]) == set(hexes)]
        assert len(matches) == 1, f"{hexes} names {len(matches)} intersections"
        return t.node_names[matches[0]]

    def edge(self, a: str, b: str) -> int:
        """Path index between two named intersections."""
        return self.topo.edge(self.node(a), self.node(b))

    def settle(self, player: int, name: str, city: bool = False) -> int:
        """Put a settlement (or city) of the player on the intersection."""
        s = self.game.state
        n = self.node(name)
        s.node_owner[n] = player
        s.node_level[n] = 2 if city else 1
        s.building_vp[player] += 2 if city else 1
        if city:
            s.cities_left[player] -= 1
        else:
            s.settlements_left[player] -= 1
        self.refresh()
        return n

    def remove_building(self, node: int) -> None:
        """Take a building off the board."""
        s = self.game.state
        p, level = s.node_owner[node], s.node_level[node]
        s.node_owner[node] = NOBODY
        s.node_level[node] = 0
        s.building_vp[p] -= level
        if level == 2:
            s.cities_left[p] += 1
        else:
            s.settlements_left[p] += 1

    def road(self, player: int, *names: str) -> list[int]:
        """Put the player's roads along a chain of named intersections."""
        s = self.game.state
        edges = []
        for a, b in zip(names, names[1:]):
            e = self.edge(a, b)
            s.edge_owner[e] = player
            s.roads_left[player] -= 1
            edges.append(e)
        self.refresh()
        return edges

    def give(self, player: int, **cards: int) -> None:
        """Move cards from the bank to the player's hand."""
        s = self.game.state
        for name, count in cards.items():
            r = RESOURCES.index(name)
            assert s.bank[r] >= count
            s.bank[r] -= count
            s.hands[player][r] += count

    def take_all(self, player: int) -> None:
        """Return the player's whole hand to the bank."""
        s = self.game.state
        for r in range(5):
            s.bank[r] += s.hands[player][r]
            s.hands[player][r] = 0

    def hand(self, player: int) -> dict[str, int]:
        """The player's hand by resource name (nonzero only)."""
        return {RESOURCES[r]: c for r, c in enumerate(self.game.state.hands[player]) if c}

    def give_dev(self, player: int, card: int, new: bool = False) -> None:
        """Move a development card of the given kind from the deck to the player's hand."""
        s = self.game.state
        s.dev_deck.remove(card)
        s.dev_hand[player][card] += 1
        if new:
            s.dev_new[player][card] += 1

    def main_phase(self, player: int = 0) -> None:
        """Make it the player's turn after the roll."""
        s = self.game.state
        s.current = player
        s.phase = MAIN
        s.has_rolled = True

    def roll_phase(self, player: int = 0) -> None:
        """Make it the player's turn before the roll."""
        s = self.game.state
        s.current = player
        s.phase = ROLL
        s.has_rolled = False

    def refresh(self) -> None:
        """Recompute derived values (longest road, harbor rates) after direct edits."""
        self.game.recompute_derived()
