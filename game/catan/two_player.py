"""Catan for two (seed 003, pp. 10-11): neutral colours, trade cards, two rolls a turn, trade-card actions."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game.catan import actions as A
from game.catan import events as E
from game.catan.actions import Cards
from game.catan.constants import KNIGHT
from game.catan.rules import CatanGame
from game.catan.state import MAIN, NOBODY, ROLL, SETUP_ROAD, SETUP_SETTLEMENT
from game.core.actions import Action, ActionCodec, Event, field_limits
from game.core.errors import IllegalAction, InvalidPosition

TRADE_CARDS = 14
TRADE_CARDS_START = 4
TRADE_CARDS_MAX = 7
NEUTRAL_BUILD = "neutral_build"
GIVE_BACK = "give_back"


# ------------------------------------------------------------------ actions

@dataclass(frozen=True, slots=True)
class BuildNeutral(Action):
    """Build the free piece for a neutral colour (owner 2 or 3): a settlement, or a road when none fits."""

    kind = "build_neutral"
    limits = field_limits(player=A.SEAT, neutral=(2, 3), where=A.EDGE)
    neutral: int
    piece: str
    where: int


@dataclass(frozen=True, slots=True)
class ForcedTrade(Action):
    """Trade-card action: draw 2 random resource cards from the opponent, then give 2 back."""

    kind = "forced_trade"


@dataclass(frozen=True, slots=True)
class GiveBack(Action):
    """The second half of a forced trade: the 2 cards of one's choice for the opponent."""

    kind = "give_back"
    limits = field_limits(player=A.SEAT, cards=A.COUNT)
    cards: Cards


@dataclass(frozen=True, slots=True)
class RobberToDesert(Action):
    """Trade-card action: move the robber onto the desert; nothing is stolen."""

    kind = "robber_to_desert"


@dataclass(frozen=True, slots=True)
class RemoveKnight(Action):
    """Once a turn: take one of one's played knights out of the game for 2 trade cards."""

    kind = "remove_knight"


# ------------------------------------------------------------------ events

@dataclass(frozen=True, slots=True)
class TradeCardsChanged(Event):
    """A player's trade cards changed by delta (gains are capped at 7); reason names why."""

    kind = "trade_cards_changed"
    player: int
    delta: int
    reason: str


@dataclass(frozen=True, slots=True)
class NeutralBuilt(Event):
    """A neutral colour got a free settlement or road."""

    kind = "neutral_built"
    player: int
    neutral: int
    piece: str
    where: int


@dataclass(frozen=True, slots=True)
class CardsTaken(Event):
    """A forced trade took these cards from the opponent (known to both players)."""

    kind = "cards_taken"
    player: int
    victim: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardsGivenBack(Event):
    """The cards given back in a forced trade."""

    kind = "cards_given_back"
    player: int
    victim: int
    cards: tuple[int, ...]


TWO_PLAYER_ACTIONS: tuple[type[Action], ...] = (BuildNeutral, ForcedTrade, GiveBack, RobberToDesert, RemoveKnight)
# Actions are immutable values: one shared instance per value (call with positional arguments).
_build_neutral = cache(BuildNeutral)
_forced_trade = cache(ForcedTrade)
_robber_to_desert = cache(RobberToDesert)
_remove_knight = cache(RemoveKnight)


def two_player_codec() -> ActionCodec:
    """The codec of the two-player game: the base actions and its own."""
    return ActionCodec(A.CATAN_ACTIONS + TWO_PLAYER_ACTIONS)


class TwoPlayerCatanGame(CatanGame):
    """The base rules with the two-player hooks: neutrals, trade cards and the double roll."""

    def num_owners(self) -> int:
        """Two players and two neutral colours."""
        return 4

    def public_attributes(self) -> tuple[tuple[str, object], ...]:
        """The neutral colours and the set-up's last placement travel with a rebuilt game."""
        names = ("neutral_colors", "_last_settlement", "_building_in_setup")
        return tuple((name, getattr(self, name)) for name in names if hasattr(self, name))

    # -------------------------------------------------------------- state helpers

    def trade_cards(self, player: int) -> int:
        """How many trade cards the player holds."""
        return self.state.extra["trade_cards"][player]

    def trade_card_supply(self) -> int:
        """Trade cards left in the supply."""
        return TRADE_CARDS - sum(self.state.extra["trade_cards"])

    def trade_action_cost(self, player: int) -> int:
        """1 trade card, or 2 when ahead of the opponent on visible points (VP cards not counted)."""
        return 2 if self.public_vp(player) > self.public_vp(1 - player) else 1

    def _gain_trade_cards(self, player: int, amount: int, reason: str, events: list[Event]) -> None:
        counts = list(self.state.extra["trade_cards"])
        gain = max(0, min(amount, TRADE_CARDS_MAX - counts[player], self.trade_card_supply()))
        if gain:
            counts[player] += gain
            self.state.extra["trade_cards"] = tuple(counts)
            events.append(TradeCardsChanged(player, gain, reason))

    def _pay_trade_cards(self, player: int, amount: int, events: list[Event]) -> None:
        counts = list(self.state.extra["trade_cards"])
        counts[player] -= amount
        self.state.extra["trade_cards"] = tuple(counts)
        events.append(TradeCardsChanged(player, -amount, "paid"))

    # -------------------------------------------------------------- the double roll

    def _do_roll(self, a: A.Roll) -> list[Event]:
        """Two rolls a turn with different sums; production or the robber after each."""
        s = self.state
        first = s.extra.get("first_roll")
        while True:
            dice = self.chance.dice()
            if first is None or dice[0] + dice[1] != first:
                break
        events: list[Event] = [E.dice_rolled(a.player, dice)]
        if first is None:
            s.extra["first_roll"] = dice[0] + dice[1]
            s.extra["first_dice"] = dice
        else:
            s.has_rolled = True
        s.last_roll = dice
        self._resolve_roll(a.player, dice[0] + dice[1], events)
        return events

    # -------------------------------------------------------------- building for neutrals

    def _after_build(self, player: int, piece: str, events: list[Event]) -> None:
        s = self.state
        if piece == "settlement":
            node = self._last_settlement
            gain = 0
            hexes = self.topo.node_hexes[node]
            if any(s.board.terrains[h] == "desert" for h in hexes):
                gain += 2
            if self.topo.coastal[node]:
                gain += 1
            if gain:
                self._gain_trade_cards(player, gain, "settlement", events)
        if piece in ("road", "settlement") and not self._building_in_setup and s.phase != "game_over":
            if self.neutral_builds():
                s.extra["neutral_return"] = s.phase
                s.phase = NEUTRAL_BUILD

    def _do_build_settlement(self, a: A.BuildSettlement) -> list[Event]:
        self._last_settlement = a.node
        self._building_in_setup = self.state.phase == SETUP_SETTLEMENT
        return super()._do_build_settlement(a)

    def _do_build_road(self, a: A.BuildRoad) -> list[Event]:
        self._building_in_setup = self.state.phase == SETUP_ROAD
        return super()._do_build_road(a)

    def begin_first_turn(self, start_player: int) -> None:
        """After the set-up, building triggers the free neutral builds."""
        super().begin_first_turn(start_player)
        self.state.extra["setup_done"] = True

    def neutral_builds(self) -> tuple[tuple[int, str, int], ...]:
        """The free neutral builds: (neutral, piece, where); settlements where any fits, else roads (cached
        while no piece is placed anywhere)."""
        s = self.state
        version = self._board_version()
        cached = s.derived.get("neutral_builds")
        if cached is not None and cached[0] == version:
            return cached[1]  # type: ignore[no-any-return]
        builds = tuple((q, "settlement", n) for q in (2, 3) if s.settlements_left[q] > 0
                       for n in self._neutral_settlement_spots(q))
        if not builds:
            builds = tuple((q, "road", e) for q in (2, 3) if s.roads_left[q] > 0 for e in self._neutral_road_spots(q))
        s.derived["neutral_builds"] = (version, builds)
        return builds

    def _neutral_settlement_spots(self, neutral: int) -> list[int]:
        edges = self.topo.edges
        ends = {n for e in self.roads_of(neutral) for n in edges[e]}
        return sorted(n for n in ends if self.can_settle(n))

    def _neutral_road_spots(self, neutral: int) -> list[int]:
        s = self.state
        node_edges = self.topo.node_edges
        return sorted({e for n in self.network_nodes(neutral) for e in node_edges[n] if s.edge_owner[e] == NOBODY})

    def _check_build_neutral(self, a: BuildNeutral) -> None:
        if self.state.phase != NEUTRAL_BUILD:
            raise IllegalAction(f"not possible in phase {self.state.phase}")
        if (a.neutral, a.piece, a.where) not in self.neutral_builds():
            raise IllegalAction("that neutral piece cannot go there (a settlement comes first where one fits)")

    def _do_build_neutral(self, a: BuildNeutral) -> list[Event]:
        s = self.state
        q = a.neutral
        events: list[Event] = [NeutralBuilt(a.player, q, a.piece, a.where)]
        if a.piece == "settlement":
            s.node_owner[a.where] = q
            s.node_level[a.where] = 1
            s.settlements_left[q] -= 1
            s.building_vp[q] += 1
            others = tuple(o for o in range(4) if o != q and any(
                s.edge_owner[e] == o for e in self.topo.node_edges[a.where]))
            self._update_longest_road(events, others)
        else:
            s.edge_owner[a.where] = q
            s.roads_left[q] -= 1
            self._update_longest_road(events, (q,))
        s.phase = s.extra.pop("neutral_return")
        if s.phase == "road_building" and (s.free_roads <= 0 or not self._can_place_road(a.player)):
            # The neutral piece may have taken the last spot for the card's free road.
            s.free_roads = 0
            s.phase = MAIN if s.has_rolled else ROLL
        return events

    # -------------------------------------------------------------- trade-card actions

    def _check_trade_action(self, player: int) -> None:
        s = self.state
        if s.phase not in (ROLL, MAIN):
            raise IllegalAction(f"not possible in phase {s.phase}")
        if s.extra.get("trade_action_used"):
            raise IllegalAction("one trade-card action per turn")
        if self.trade_cards(player) < self.trade_action_cost(player):
            raise IllegalAction("not enough trade cards")

    def _check_forced_trade(self, a: ForcedTrade) -> None:
        self._check_trade_action(a.player)
        if sum(self.state.hands[1 - a.player]) == 0:
            raise IllegalAction("the opponent holds no resource cards")

    def _do_forced_trade(self, a: ForcedTrade) -> list[Event]:
        s = self.state
        victim = 1 - a.player
        events: list[Event] = []
        self._pay_trade_cards(a.player, self.trade_action_cost(a.player), events)
        s.extra["trade_action_used"] = True
        taken = [0] * 5
        for _ in range(min(2, sum(s.hands[victim]))):
            stolen = self._steal(a.player, victim)
            taken[stolen.resource] += 1
        events.append(CardsTaken(a.player, victim, tuple(taken)))
        s.extra["forced_taken"] = tuple(taken)  # shown to both players until the cards go back
        s.extra["give_back_return"] = s.phase
        s.phase = GIVE_BACK
        return events

    def give_back_count(self, player: int) -> int:
        """Cards owed back in a forced trade: 2, or all one has if fewer (ruling)."""
        return min(2, sum(self.state.hands[player]))

    def _check_give_back(self, a: GiveBack) -> None:
        if self.state.phase != GIVE_BACK:
            raise IllegalAction(f"not possible in phase {self.state.phase}")
        if len(a.cards) != 5 or any(c < 0 for c in a.cards) or sum(a.cards) != self.give_back_count(a.player):
            raise IllegalAction(f"give back exactly {self.give_back_count(a.player)} cards")
        if any(c > h for c, h in zip(a.cards, self.state.hands[a.player])):
            raise IllegalAction("cannot give cards one does not hold")

    def _do_give_back(self, a: GiveBack) -> list[Event]:
        s = self.state
        victim = 1 - a.player
        for r in range(5):
            s.hands[a.player][r] -= a.cards[r]
            s.hands[victim][r] += a.cards[r]
        s.phase = s.extra.pop("give_back_return")
        s.extra.pop("forced_taken", None)
        return [CardsGivenBack(a.player, victim, a.cards)]

    def _check_robber_to_desert(self, a: RobberToDesert) -> None:
        self._check_trade_action(a.player)
        if self.state.robber == self.state.board.desert:
            raise IllegalAction("the robber already stands on the desert")

    def _do_robber_to_desert(self, a: RobberToDesert) -> list[Event]:
        s = self.state
        events: list[Event] = []
        self._pay_trade_cards(a.player, self.trade_action_cost(a.player), events)
        s.extra["trade_action_used"] = True
        s.robber = s.board.desert
        events.append(E.robber_moved(a.player, s.robber))
        return events

    def _check_remove_knight(self, a: RemoveKnight) -> None:
        s = self.state
        if s.phase not in (ROLL, MAIN):
            raise IllegalAction(f"not possible in phase {s.phase}")
        if s.extra.get("knight_removed"):
            raise IllegalAction("one knight a turn")
        if s.dev_played[a.player][KNIGHT] <= 0:
            raise IllegalAction("no played knight to remove")

    def _do_remove_knight(self, a: RemoveKnight) -> list[Event]:
        s = self.state
        s.dev_played[a.player][KNIGHT] -= 1
        s.extra["removed_knights"] = s.extra.get("removed_knights", 0) + 1
        s.extra["knight_removed"] = True
        events: list[Event] = []
        self._gain_trade_cards(a.player, 2, "knight", events)
        self._reevaluate_largest_army(events)
        return events

    def _reevaluate_largest_army(self, events: list[Event]) -> None:
        """After a knight leaves: the card goes to whoever has strictly more (at least 3), else is set aside."""
        s = self.state
        knights = [played[KNIGHT] for played in s.dev_played]
        best = max(knights)
        leaders = [p for p, k in enumerate(knights) if k == best]
        new = leaders[0] if best >= 3 and len(leaders) == 1 else NOBODY
        if new != s.army_holder:
            s.army_holder = new
            events.append(E.SpecialCardMoved("largest_army", None if new == NOBODY else new, best))

    def _check_victory(self, events: list[Event]) -> None:
        CatanGame._check_victory(self, events)  # not super(): this runs after nearly every action
        if self.state.phase == "game_over":
            for key in ("neutral_return", "give_back_return", "forced_taken"):
                self.state.extra.pop(key, None)

    def _do_end_turn(self, a: A.EndTurn) -> list[Event]:
        s = self.state
        extra = s.extra
        for key in ("first_roll", "first_dice", "trade_action_used", "knight_removed"):
            extra.pop(key, None)
        return CatanGame._do_end_turn(self, a)  # not super(): once a turn, in every playout

    # -------------------------------------------------------------- legal actions and dispatch

    def legal_actions(self, player: int) -> list[Action]:
        """Base actions plus the two-player ones."""
        s = self.state
        phase = s.phase
        if phase == NEUTRAL_BUILD or phase == GIVE_BACK:  # only the turn player acts
            if player != s.current:
                return []
            if phase == GIVE_BACK:
                hand = s.hands[player]
                capped = tuple(min(h, 2) for h in hand)  # more than two of a kind gives no more choices
                return list(_give_back_actions(player, capped, self.give_back_count(player)))
            return [_build_neutral(player, q, piece, where) for q, piece, where in self.neutral_builds()]
        out = self._catan_legal_actions(player)
        if (phase == ROLL or phase == MAIN) and out:  # the base lists nothing unless it is the player's turn
            extra = s.extra
            if not extra.get("trade_action_used"):
                cards = extra["trade_cards"][player]
                # The cost is 1 or 2, so two cards always pay it (and its points need not be counted).
                if cards >= 2 or (cards == 1 and self.trade_action_cost(player) == 1):
                    if any(s.hands[1 - player]):
                        out.append(_forced_trade(player))
                    if s.robber != s.board.desert:
                        out.append(_robber_to_desert(player))
            if s.dev_played[player][KNIGHT] > 0 and not extra.get("knight_removed"):
                out.append(_remove_knight(player))
        return out

    def trade_targets(self, player: int, to: tuple[int, ...]) -> tuple[int, ...]:
        """The only other player."""
        return (1 - player,)

    _CHECK_NAMES = {**CatanGame._CHECK_NAMES, BuildNeutral: "_check_build_neutral",
                    ForcedTrade: "_check_forced_trade", GiveBack: "_check_give_back",
                    RobberToDesert: "_check_robber_to_desert", RemoveKnight: "_check_remove_knight"}
    _EFFECT_NAMES = {**CatanGame._EFFECT_NAMES, BuildNeutral: "_do_build_neutral", ForcedTrade: "_do_forced_trade",
                     GiveBack: "_do_give_back", RobberToDesert: "_do_robber_to_desert",
                     RemoveKnight: "_do_remove_knight"}


@cache
def _give_back_actions(player: int, capped_hand: tuple[int, ...], need: int) -> tuple[GiveBack, ...]:
    """The ways to give back `need` cards (0-2) from a hand whose counts are capped at 2 (cached: few hands)."""
    out: list[GiveBack] = []
    for r1 in range(5):
        for r2 in range(r1, 5):
            cards = [0] * 5
            cards[r1] += 1
            if need == 2:
                cards[r2] += 1
            elif r2 != r1:
                continue
            if all(c <= h for c, h in zip(cards, capped_hand)) and sum(cards) == need:
                out.append(GiveBack(player, tuple(cards)))
    if need == 0:
        out.append(GiveBack(player, (0, 0, 0, 0, 0)))
    return tuple(out)


def setup_two_player(game: TwoPlayerCatanGame, neutral_spots: list[int] | None) -> None:
    """Trade cards to each player; one road-less settlement per neutral (given spots, or random inland ones)."""
    s = game.state
    s.extra["trade_cards"] = (TRADE_CARDS_START, TRADE_CARDS_START)
    topo = game.topo
    for i, q in enumerate((2, 3)):
        if neutral_spots is not None:
            node = neutral_spots[i]
            # Ruling Q-N1: a neutral settlement stands on a legal inland intersection.
            if topo.coastal[node] or not game.can_settle(node):
                raise InvalidPosition(f"layout start: the neutral settlement on {topo.node_names[node]} must be "
                                      "on a free inland intersection that keeps the distance rule")
        else:
            candidates = [n for n in range(topo.num_nodes) if not topo.coastal[n] and game.can_settle(n)]
            node = candidates[game.chance.index(len(candidates))]
        s.node_owner[node] = q
        s.node_level[node] = 1
        s.settlements_left[q] -= 1
        s.building_vp[q] += 1
