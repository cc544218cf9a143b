"""The immutable actions the Catan rules hand out, built once per player or value and shared by every game."""

from __future__ import annotations

from functools import cache, lru_cache

from game.catan import actions as A
from game.catan.geometry import topology


_ONES = tuple(tuple(1 if i == r else 0 for i in range(5)) for r in range(5))


class _ActionTable:
    """Pre-built immutable actions of one player, so that listing legal actions allocates little."""

    def __init__(self, player: int) -> None:
        self.end_turn = A.EndTurn(player)
        self.buy_dev_card = A.BuyDevCard(player)
        self.maritime = tuple(tuple(A.MaritimeTrade(player, give, get) for get in range(5) if get != give)
                              for give in range(5))
        self.offers = tuple(tuple(A.OfferTrade(player, _ONES[give], _ONES[get], ()) for get in range(5) if get != give)
                            for give in range(5))
        topo = topology()
        self.road = tuple(A.BuildRoad(player, e) for e in range(topo.num_edges))
        self.settlement = tuple(A.BuildSettlement(player, n) for n in range(topo.num_nodes))
        self.city = tuple(A.BuildCity(player, n) for n in range(topo.num_nodes))
        self.roll = A.Roll(player)
        self.knight = A.PlayKnight(player)
        self.road_building = A.PlayRoadBuilding(player)
        self.monopoly = tuple(A.PlayMonopoly(player, r) for r in range(5))
        # Year of Plenty by the resources taken: one of a kind, or two (r1 <= r2)
        self.plenty = {(r1, *rest): A.PlayYearOfPlenty(player, (r1, *rest))
                       for r1 in range(5) for rest in ((), *((r2,) for r2 in range(r1, 5)))}
        self.cancel = A.CancelTrade(player)
        self.confirm = tuple(A.ConfirmTrade(player, q) for q in range(8))
        self.accept = A.AcceptTrade(player)
        self.decline = A.DeclineTrade(player)
        self.discard_one = tuple(A.Discard(player, _ONES[r]) for r in range(5))
        self.robber = tuple({v: A.MoveRobber(player, h, v) for v in (None, *range(6))} for h in range(19))
        # robber_by_victims[h][mask]: the moves to hex h when `mask` holds a bit per player who can be robbed there
        self.robber_by_victims = tuple(
            tuple(tuple(row[v] for v in range(6) if mask >> v & 1) if mask else (row[None],) for mask in range(64))
            for row in self.robber)


@cache
def _action_table(player: int) -> _ActionTable:
    return _ActionTable(player)


# Counter-offers are shared per value too (their terms depend on the offer, so they are not in the table); bounded,
# as the offers a batch of games sees keep coming.
_counter_trade = lru_cache(maxsize=1024)(A.CounterTrade)
