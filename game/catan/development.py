"""The development cards of the Catan rules: buying and playing them, and who holds the Largest Army."""

from __future__ import annotations

from game.catan import actions as A
from game.catan import events as E
from game.catan.action_table import _action_table
from game.catan.constants import DEV_CARD_COST, KNIGHT, LARGEST_ARMY_MIN, MONOPOLY, ROAD_BUILDING, YEAR_OF_PLENTY
from game.catan.state import MAIN, MOVE_ROBBER, NOBODY, ROAD_BUILDING as PH_ROAD_BUILDING, ROLL, CatanState
from game.core.actions import Action, Event
from game.core.errors import IllegalAction


class DevelopmentMixin:
    """Checking, buying and playing development cards, and who holds the Largest Army.

    Mixed into CatanGame (game.catan.rules), which supplies the state and the helpers shared by all concerns.
    """

    state: CatanState

    def _check_buy_dev_card(self, a: A.BuyDevCard) -> None:
        self._need_build_phase()
        if not self.state.dev_deck:
            raise IllegalAction("the development deck is empty")
        self._need_afford(a.player, DEV_CARD_COST, "development card")

    def _need_playable(self, player: int, card: int) -> None:
        s = self.state
        self._need_phase(ROLL, MAIN)
        if s.dev_played_turn:
            raise IllegalAction("only one development card per turn")
        if s.dev_hand[player][card] - s.dev_new[player][card] <= 0:
            raise IllegalAction("no such development card playable (cards bought this turn wait)")

    def _check_play_knight(self, a: A.PlayKnight) -> None:
        self._need_playable(a.player, KNIGHT)

    def _check_play_road_building(self, a: A.PlayRoadBuilding) -> None:
        self._need_playable(a.player, ROAD_BUILDING)

    def _check_play_year_of_plenty(self, a: A.PlayYearOfPlenty) -> None:
        self._need_playable(a.player, YEAR_OF_PLENTY)
        bank = self.state.bank
        if not 1 <= len(a.resources) <= 2 or any(not isinstance(r, int) or not 0 <= r < 5 for r in a.resources):
            raise IllegalAction("Year of Plenty takes one or two resources")
        want = [0] * 5
        for r in a.resources:
            want[r] += 1
        if any(w > b for w, b in zip(want, bank)):
            raise IllegalAction("the bank does not have those cards")
        if len(a.resources) == 1 and sum(bank) >= 2:
            raise IllegalAction("take two cards while the bank has them")

    def _check_play_monopoly(self, a: A.PlayMonopoly) -> None:
        self._need_playable(a.player, MONOPOLY)
        if not isinstance(a.resource, int) or not 0 <= a.resource < 5:
            raise IllegalAction("Monopoly names one resource")

    def _do_buy_dev_card(self, a: A.BuyDevCard) -> list[Event]:
        s = self.state
        self._pay(a.player, DEV_CARD_COST)
        card = s.dev_deck.pop()
        s.dev_hand[a.player][card] += 1
        s.dev_new[a.player][card] += 1
        s.built_this_turn = True
        return [E.dev_card_bought(a.player, card)]

    def _play(self, player: int, card: int) -> None:
        s = self.state
        s.dev_hand[player][card] -= 1
        s.dev_played[player][card] += 1
        s.dev_played_turn = True

    def _do_play_knight(self, a: A.PlayKnight) -> list[Event]:
        s = self.state
        self._play(a.player, KNIGHT)
        events: list[Event] = [E.dev_card_played(a.player, KNIGHT)]
        self._update_largest_army(events)
        s.robber_cause = "knight"
        s.phase = MOVE_ROBBER
        return events

    def _do_play_road_building(self, a: A.PlayRoadBuilding) -> list[Event]:
        s = self.state
        self._play(a.player, ROAD_BUILDING)
        if self._can_place_road(a.player):
            s.free_roads = 2
            s.phase = PH_ROAD_BUILDING
        return [E.dev_card_played(a.player, ROAD_BUILDING)]

    def _do_play_year_of_plenty(self, a: A.PlayYearOfPlenty) -> list[Event]:
        s = self.state
        self._play(a.player, YEAR_OF_PLENTY)
        gain = [0] * 5
        for r in a.resources:
            gain[r] += 1
            s.bank[r] -= 1
            s.hands[a.player][r] += 1
        return [E.dev_card_played(a.player, YEAR_OF_PLENTY), E.ResourcesGained(a.player, tuple(gain))]

    def _do_play_monopoly(self, a: A.PlayMonopoly) -> list[Event]:
        s = self.state
        self._play(a.player, MONOPOLY)
        taken = 0
        for q, hand in enumerate(s.hands):
            if q != a.player:
                taken += hand[a.resource]
                hand[a.resource] = 0
        s.hands[a.player][a.resource] += taken
        return [E.dev_card_played(a.player, MONOPOLY), E.MonopolyTaken(a.player, a.resource, taken)]

    def _update_largest_army(self, events: list[Event]) -> None:
        s = self.state
        knights = [played[KNIGHT] for played in s.dev_played]
        holder = s.army_holder
        best = max(knights)
        if best < LARGEST_ARMY_MIN:
            new = NOBODY
        elif holder != NOBODY and knights[holder] == best:
            return
        else:
            leaders = [p for p, k in enumerate(knights) if k == best]
            new = leaders[0] if len(leaders) == 1 else holder
        if new != holder:
            s.army_holder = new
            events.append(E.SpecialCardMoved("largest_army", None if new == NOBODY else new, best))

    def _legal_dev_plays(self, player: int, out: list[Action]) -> None:
        """Add the development cards the player may play now (callers may skip it while the player holds only
        cards bought this turn)."""
        s = self.state
        hand, new = s.dev_hand[player], s.dev_new[player]
        if s.dev_played_turn or hand == new:  # usually: no card at all, or only cards bought this turn
            return
        if hand[KNIGHT] > new[KNIGHT]:
            out.append(_action_table(player).knight)
        if hand[ROAD_BUILDING] > new[ROAD_BUILDING]:
            out.append(_action_table(player).road_building)
        if hand[MONOPOLY] > new[MONOPOLY]:
            out.extend(_action_table(player).monopoly)
        if hand[YEAR_OF_PLENTY] > new[YEAR_OF_PLENTY]:
            bank = s.bank
            plenty = _action_table(player).plenty
            if sum(bank) >= 2:
                out.extend(plenty[r1, r2] for r1 in range(5) for r2 in range(r1, 5)
                           if bank[r1] >= 1 + (r1 == r2) and bank[r2] >= 1)
            else:
                out.extend(plenty[r,] for r in range(5) if bank[r])
