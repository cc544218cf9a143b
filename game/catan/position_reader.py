"""Reading a position's sections into a fresh game's state (the strict import)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from game.catan.constants import (
    BANK_PER_RESOURCE, DEV_CARDS, DEV_DECK_COUNTS, KNIGHT, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, RESOURCES,
)
from game.catan.longest_road import longest_road
from game.catan.position_checks import PositionChecks
from game.catan.position_format import (
    BUILDING_KINDS, PHASES, PLAYED_KINDS, PLAYER_FIELDS, ROBBER_CAUSES, SETUP_PHASES, TRADE_EXTRAS, TRADE_FIELDS,
    TURN_EXTRAS, TURN_FIELDS, _devs, _edge_text,
)
from game.catan.position_values import (
    _need_bool, _need_cards, _need_counts, _need_edge, _need_int, _need_keys, _need_list, _need_node, _need_obj,
    _need_player,
)
from game.catan.rules import CatanGame
from game.catan.state import (
    ACCEPTED, COUNTERED, DECLINED, NOBODY, PENDING, SETUP_ROAD, TRADE_CONFIRM, TRADE_RESPONSE, TradeOffer,
)
from game.core.errors import InvalidPosition


class _PositionReader(PositionChecks):
    """Fills a fresh game's state from a position, section by section, refusing the first fault."""

    # ---------------------------------------------------------------- driver

    def __init__(self, game: CatanGame, data: Mapping[str, Any]) -> None:
        self.game = game
        self.s = game.state
        self.topo = game.topo
        self.data = data
        self.n = game.num_players
        self.claims: list[Mapping[str, Any]] = []

    def read(self) -> None:
        """Read and check every section, then finish the derived state."""
        self.s.robber = _need_int(self.data["board"]["robber"], "board.robber", low=0, high=18)
        self._read_buildings(self.data["buildings"])
        self._read_roads(self.data["roads"])
        self._read_players(self.data["players"])
        self._check_pieces()
        deck_size = self._read_bank(self.data["bank"])
        self._read_deck(deck_size, self.data.get("hidden"))
        turn = self._read_turn(self.data["turn"])
        self._check_network()
        if self.s.phase in SETUP_PHASES:
            self._check_setup(turn)
        else:
            self._check_after_setup()
        self._read_longest_road(self.data["longest_road"])
        self._read_largest_army(self.data["largest_army"])
        self._check_points()
        self._check_turn(turn)
        self._finish()

    def color(self, p: int) -> str:
        """The colour of a seat."""
        return self.game.seats[p].color

    # ---------------------------------------------------------------- pieces

    def _read_buildings(self, value: Any) -> None:
        s = self.s
        for i, raw in enumerate(_need_list(value, "buildings")):
            where = f"buildings[{i}]"
            entry = _need_obj(raw, where)
            _need_keys(entry, where, ("at", "owner", "kind"))
            node = _need_node(self.topo, entry["at"], f"{where}.at")
            owner = _need_player(self.game, entry["owner"], f"{where}.owner")
            if entry["kind"] not in BUILDING_KINDS:
                raise InvalidPosition(f"{where}.kind: {entry['kind']!r} is not settlement or city")
            if s.node_owner[node] != NOBODY:
                raise InvalidPosition(f"buildings: two buildings at {self.topo.node_names[node]}")
            s.node_owner[node] = owner
            s.node_level[node] = BUILDING_KINDS.index(entry["kind"]) + 1
        self._check_distance()

    def _read_roads(self, value: Any) -> None:
        s = self.s
        for i, raw in enumerate(_need_list(value, "roads")):
            where = f"roads[{i}]"
            entry = _need_obj(raw, where)
            _need_keys(entry, where, ("edge", "owner"))
            edge = _need_edge(self.topo, entry["edge"], f"{where}.edge")
            owner = _need_player(self.game, entry["owner"], f"{where}.owner")
            if s.edge_owner[edge] != NOBODY:
                raise InvalidPosition(f"roads: two roads on {_edge_text(self.topo, edge)}")
            s.edge_owner[edge] = owner

    # ---------------------------------------------------------------- players, bank, deck

    def _read_players(self, value: Any) -> None:
        players = _need_list(value, "players")
        if len(players) != self.n:
            raise InvalidPosition(f"players: {len(players)} entries for {self.n} seats")
        for p, raw in enumerate(players):
            self._read_player(p, raw)

    def read_pieces_and_cards(self, player_fields: Sequence[str], player_optional: Sequence[str]) -> None:
        """Read only the buildings, roads and each player's cards (what lenient import derives the rest from)."""
        self._read_buildings(self.data["buildings"])
        self._read_roads(self.data["roads"])
        players = _need_list(self.data["players"], "players")
        if len(players) != self.n:
            raise InvalidPosition(f"players: {len(players)} entries for {self.n} seats")
        for p, raw in enumerate(players):
            self._read_player_cards(p, raw, player_fields, player_optional)

    def _read_player(self, p: int, raw: Any) -> None:
        where = f"players[{p}]"
        entry = self._read_player_cards(p, raw, PLAYER_FIELDS, ())
        claims = {
            "vp_public": _need_int(entry["vp_public"], f"{where}.vp_public", low=0),
            "vp_actual": _need_int(entry["vp_actual"], f"{where}.vp_actual", low=0),
            "longest_road_length": _need_int(entry["longest_road_length"], f"{where}.longest_road_length", low=0),
            "pieces_left": dict(zip(("roads", "settlements", "cities"), _need_counts(
                entry["pieces_left"], f"{where}.pieces_left", ("roads", "settlements", "cities"), True))),
        }
        self.claims.append(claims)

    def _read_player_cards(self, p: int, raw: Any, fields: Sequence[str],
                           optional: Sequence[str]) -> Mapping[str, Any]:
        """Check a player entry's shape, colour and seat, and read its resources and development cards."""
        s = self.s
        where = f"players[{p}]"
        entry = _need_obj(raw, where)
        _need_keys(entry, where, fields, optional)
        if entry["color"] != self.color(p):
            raise InvalidPosition(f"{where}.color: seat {p} is {self.color(p)}, not {entry['color']!r}")
        if _need_int(entry["seat"], f"{where}.seat") != p:
            raise InvalidPosition(f"{where}.seat: the entry of seat {p} says {entry['seat']}")
        s.hands[p] = _need_counts(entry["resources"], f"{where}.resources", RESOURCES, True)
        s.dev_hand[p] = _need_counts(entry["dev_cards"], f"{where}.dev_cards", DEV_CARDS, True)
        s.dev_new[p] = _need_counts(entry["dev_cards_new"], f"{where}.dev_cards_new", DEV_CARDS, True)
        for k, name in enumerate(DEV_CARDS):
            if s.dev_new[p][k] > s.dev_hand[p][k]:
                raise InvalidPosition(f"{where}.dev_cards_new.{name}: {s.dev_new[p][k]} new, but only "
                                      f"{s.dev_hand[p][k]} in hand")
        played = _need_counts(entry["dev_cards_played"], f"{where}.dev_cards_played", PLAYED_KINDS, True)
        s.dev_played[p] = [0] * len(DEV_CARDS)
        for name, count in zip(PLAYED_KINDS, played):
            s.dev_played[p][DEV_CARDS.index(name)] = count
        return entry

    def _read_bank(self, value: Any) -> int:
        s = self.s
        bank = _need_obj(value, "bank")
        _need_keys(bank, "bank", ("resources", "dev_deck_size"))
        s.bank = _need_counts(bank["resources"], "bank.resources", RESOURCES, True)
        for r, name in enumerate(RESOURCES):
            held = sum(hand[r] for hand in s.hands)
            if s.bank[r] + held != BANK_PER_RESOURCE:
                raise InvalidPosition(f"bank.resources.{name}: bank {s.bank[r]} + hands {held} = "
                                      f"{s.bank[r] + held}, not {BANK_PER_RESOURCE}")
        return _need_int(bank["dev_deck_size"], "bank.dev_deck_size", low=0)

    def _read_deck(self, size: int, hidden: Any) -> None:
        s = self.s
        missing = []
        for k, name in enumerate(DEV_CARDS):
            held = sum(hand[k] for hand in s.dev_hand)
            played = sum(done[k] for done in s.dev_played)
            if held + played > DEV_DECK_COUNTS[k]:
                raise InvalidPosition(f"dev cards: {held} {name} in hands and {played} played, but the game has "
                                      f"{DEV_DECK_COUNTS[k]}")
            missing.append(DEV_DECK_COUNTS[k] - held - played)
        if sum(missing) != size:
            raise InvalidPosition(f"bank.dev_deck_size: {size} given, but the {sum(DEV_DECK_COUNTS)} cards minus "
                                  f"hands and played ones leave {sum(missing)}")
        if hidden is None:
            s.dev_deck = self.game.chance.shuffled([k for k in range(len(DEV_CARDS)) for _ in range(missing[k])])
            return
        hidden = _need_obj(hidden, "hidden")
        _need_keys(hidden, "hidden", ("dev_deck_next_first",))
        cards = _need_list(hidden["dev_deck_next_first"], "hidden.dev_deck_next_first")
        for i, name in enumerate(cards):
            if name not in DEV_CARDS:
                raise InvalidPosition(f"hidden.dev_deck_next_first[{i}]: {name!r} is not a development card")
        if Counter(cards) != Counter({DEV_CARDS[k]: c for k, c in enumerate(missing) if c}):
            raise InvalidPosition("hidden.dev_deck_next_first: the deck must hold exactly the cards that are in no "
                                  f"hand and not played ({_devs(missing)})")
        s.dev_deck = [DEV_CARDS.index(name) for name in reversed(cards)]

    # ---------------------------------------------------------------- special cards

    def _read_longest_road(self, value: Any) -> None:
        s = self.s
        lengths = [longest_road(self.topo, s.edge_owner, s.node_owner, p) for p in range(self.n)]
        for p, length in enumerate(lengths):
            claimed = self.claims[p]["longest_road_length"]
            if claimed != length:
                raise InvalidPosition(f"players[{p}].longest_road_length: {claimed} given, but the roads make {length}")
        card = _need_obj(value, "longest_road")
        _need_keys(card, "longest_road", ("holder", "length"))
        best = max(lengths)
        leaders = [p for p, length in enumerate(lengths) if length == best]
        if card["holder"] is None:
            if best >= LONGEST_ROAD_MIN and len(leaders) == 1:
                raise InvalidPosition(f"longest_road: {self.color(leaders[0])} alone has the longest road ({best}) "
                                      "and must hold it")
            holder = NOBODY
        else:
            holder = _need_player(self.game, card["holder"], "longest_road.holder")
            if lengths[holder] < LONGEST_ROAD_MIN:
                raise InvalidPosition(f"longest_road: the holder {self.color(holder)} has a road of only "
                                      f"{lengths[holder]} (needs {LONGEST_ROAD_MIN})")
            if lengths[holder] < best:
                raise InvalidPosition(f"longest_road: {self.color(leaders[0])}'s road ({best}) is longer than the "
                                      f"holder {self.color(holder)}'s ({lengths[holder]})")
        expected = None if holder == NOBODY else lengths[holder]
        if card["length"] != expected:
            raise InvalidPosition(f"longest_road.length: {card['length']!r} given, {expected!r} expected")
        s.road_length = lengths
        s.longest_holder = holder

    def _read_largest_army(self, value: Any) -> None:
        s = self.s
        knights = [played[KNIGHT] for played in s.dev_played]
        card = _need_obj(value, "largest_army")
        _need_keys(card, "largest_army", ("holder", "knights"))
        best = max(knights)
        if card["holder"] is None:
            if best >= LARGEST_ARMY_MIN:
                raise InvalidPosition(f"largest_army: {self.color(knights.index(best))} has played {best} knights, "
                                      "so someone must hold it")
            holder = NOBODY
        else:
            holder = _need_player(self.game, card["holder"], "largest_army.holder")
            if knights[holder] < LARGEST_ARMY_MIN:
                raise InvalidPosition(f"largest_army: the holder {self.color(holder)} has played only "
                                      f"{knights[holder]} knights (needs {LARGEST_ARMY_MIN})")
            if knights[holder] < best:
                raise InvalidPosition(f"largest_army: {self.color(knights.index(best))} has played more knights "
                                      f"({best}) than the holder {self.color(holder)} ({knights[holder]})")
        expected = None if holder == NOBODY else knights[holder]
        if card["knights"] != expected:
            raise InvalidPosition(f"largest_army.knights: {card['knights']!r} given, {expected!r} expected")
        s.army_holder = holder

    # ---------------------------------------------------------------- turn

    def _read_turn(self, value: Any) -> dict[str, Any]:
        """Read the turn's fields into the state; returns the raw values the later checks need."""
        s = self.s
        turn = _need_obj(value, "turn")
        extras = TURN_EXTRAS if self.game.options.get("separate_phases") else ()
        _need_keys(turn, "turn", TURN_FIELDS, extras)
        if turn["phase"] not in PHASES:
            raise InvalidPosition(f"turn.phase: {turn['phase']!r} is not a phase ({', '.join(PHASES)})")
        s.phase = turn["phase"]
        s.current = _need_player(self.game, turn["turn_of"], "turn.turn_of")
        s.has_rolled = _need_bool(turn["has_rolled"], "turn.has_rolled")
        s.dev_played_turn = _need_bool(turn["dev_card_played"], "turn.dev_card_played")
        s.last_roll = self._read_dice(turn["last_roll"])
        s.free_roads = _need_int(turn["free_roads"], "turn.free_roads", low=0, high=2)
        s.owed = self._read_owed(turn["pending_discards"])
        if turn["setup_road_from"] is not None:
            s.setup_road_from = _need_node(self.topo, turn["setup_road_from"], "turn.setup_road_from")
        if turn["robber_cause"] not in (None, *ROBBER_CAUSES):
            raise InvalidPosition(f"turn.robber_cause: {turn['robber_cause']!r} is not seven, knight or null")
        s.robber_cause = turn["robber_cause"]
        s.winner = NOBODY if turn["winner"] is None else _need_player(self.game, turn["winner"], "turn.winner")
        if turn["setup_round"] is not None:
            _need_int(turn["setup_round"], "turn.setup_round", low=1, high=2)
        to_act = None if turn["to_act"] is None else _need_player(self.game, turn["to_act"], "turn.to_act")
        self._check_phase_fields(turn)
        if s.phase == SETUP_ROAD:
            self._check_setup_road_from()
        s.built_this_turn = _need_bool(turn.get("built_this_turn", False), "turn.built_this_turn")
        new_nodes = [_need_node(self.topo, name, f"turn.new_settlements[{i}]")
                     for i, name in enumerate(_need_list(turn.get("new_settlements", []), "turn.new_settlements"))]
        if new_nodes:
            s.extra["new_nodes"] = tuple(new_nodes)
        return {"to_act": to_act, "setup_round": turn["setup_round"], "trade": turn["trade"]}

    def _read_dice(self, value: Any) -> tuple[int, int] | None:
        if value is None:
            return None
        dice = _need_list(value, "turn.last_roll")
        if len(dice) != 2:
            raise InvalidPosition(f"turn.last_roll: two dice, got {dice!r}")
        return (_need_int(dice[0], "turn.last_roll[0]", low=1, high=6),
                _need_int(dice[1], "turn.last_roll[1]", low=1, high=6))

    def _read_owed(self, value: Any) -> list[int]:
        owed_map = _need_obj(value, "turn.pending_discards")
        owed = [0] * self.n
        for color, count in owed_map.items():
            p = _need_player(self.game, color, "turn.pending_discards")
            owed[p] = _need_int(count, f"turn.pending_discards.{color}", low=0)
        return owed

    # ---------------------------------------------------------------- trade

    def _read_trade(self, value: Any, to_act: int | None) -> TradeOffer:
        s = self.s
        trade = _need_obj(value, "turn.trade")
        _need_keys(trade, "turn.trade", TRADE_FIELDS, TRADE_EXTRAS)
        offerer = _need_player(self.game, trade["offerer"], "turn.trade.offerer")
        if offerer != s.current:
            raise InvalidPosition(f"turn.trade.offerer: only the turn player {self.color(s.current)} can offer")
        give = self._trade_terms(trade["offered"], trade["asked"], offerer, "turn.trade")
        targets = self._colors_list(trade.get("to"), "turn.trade.to", offerer)
        if not targets:
            raise InvalidPosition("turn.trade.to: the offer goes to nobody")
        accepted = self._colors_list(trade["accepted_by"], "turn.trade.accepted_by", offerer)
        counters = self._read_counters(trade.get("counters", {}))
        for p in accepted:
            if any(g > h for g, h in zip(give[1], s.hands[p])):
                raise InvalidPosition(f"turn.trade.accepted_by: {self.color(p)} does not hold the asked cards")
        declined = self._declined(trade, targets, accepted, counters, to_act)
        answered = [*accepted, *counters, *declined]
        for p in answered:
            if p not in targets:
                raise InvalidPosition(f"turn.trade: {self.color(p)} answered an offer not made to them")
            if answered.count(p) > 1:
                raise InvalidPosition(f"turn.trade: {self.color(p)} answered twice")
        return self._trade_offer(offerer, give, targets, accepted, declined, counters)

    def _trade_terms(self, offered: Any, asked: Any, giver: int, where: str) -> tuple[tuple[int, ...], ...]:
        give = _need_cards(offered, f"{where}.offered")
        get = _need_cards(asked, f"{where}.asked")
        if not any(give) or not any(get):
            raise InvalidPosition(f"{where}: no gifts, both sides must give something")
        if any(g and r for g, r in zip(give, get)):
            raise InvalidPosition(f"{where}: a resource cannot be on both sides")
        if any(g > h for g, h in zip(give, self.s.hands[giver])):
            raise InvalidPosition(f"{where}.offered: {self.color(giver)} does not hold the offered cards")
        return give, get

    def _colors_list(self, value: Any, where: str, offerer: int) -> list[int]:
        """Distinct colours of players other than the offerer (everyone else when the value is absent)."""
        if value is None:
            return [p for p in range(self.n) if p != offerer]
        players = [_need_player(self.game, c, f"{where}[{i}]") for i, c in enumerate(_need_list(value, where))]
        for i, p in enumerate(players):
            if p == offerer or p in players[:i]:
                raise InvalidPosition(f"{where}: {self.color(p)} is the offerer or named twice")
        return sorted(players)

    def _read_counters(self, value: Any) -> dict[int, tuple[tuple[int, ...], ...]]:
        counters = {}
        for color, terms in _need_obj(value, "turn.trade.counters").items():
            p = _need_player(self.game, color, "turn.trade.counters")
            where = f"turn.trade.counters.{color}"
            entry = _need_obj(terms, where)
            _need_keys(entry, where, ("offered", "asked"))
            counters[p] = self._trade_terms(entry["offered"], entry["asked"], p, where)
        return counters

    def _declined(self, trade: Mapping[str, Any], targets: list[int], accepted: list[int],
                  counters: Mapping[int, Any], to_act: int | None) -> list[int]:
        """Who declined: as listed, or else those before to_act in seat order (everyone unanswered after it)."""
        if "declined_by" in trade:
            return self._colors_list(trade["declined_by"], "turn.trade.declined_by", self.s.current)
        others = [p for p in targets if p not in accepted and p not in counters]
        if self.s.phase == TRADE_CONFIRM:
            return others
        return [p for p in others if to_act is not None and p < to_act]

    def _trade_offer(self, offerer: int, terms: tuple[tuple[int, ...], ...], targets: list[int],
                     accepted: list[int], declined: list[int],
                     counters: Mapping[int, tuple[tuple[int, ...], ...]]) -> TradeOffer:
        answers = [DECLINED] * self.n
        for p in targets:
            answers[p] = ACCEPTED if p in accepted else COUNTERED if p in counters else \
                DECLINED if p in declined else PENDING
        offer = TradeOffer(offerer, terms[0], terms[1], tuple(targets), tuple(answers),
                           tuple((counters[p][0], counters[p][1]) if p in counters else None for p in range(self.n)))
        if self.s.phase == TRADE_RESPONSE and not offer.waiting_for():
            raise InvalidPosition("turn.trade: everyone has answered, so the phase would be trade_confirm")
        if self.s.phase == TRADE_CONFIRM:
            waiting = offer.waiting_for()
            if waiting:
                raise InvalidPosition(f"turn.trade: {', '.join(self.color(p) for p in waiting)} "
                                      "not answered yet, so the phase would be trade_response")
            if not offer.partners():
                raise InvalidPosition("turn.trade: nobody accepted, so the offer would already be closed")
        return offer

    # ---------------------------------------------------------------- finish

    def _finish(self) -> None:
        s = self.s
        num_turns = _num_turns(self.data.get("source"))
        s.turn_number = num_turns if num_turns is not None else (0 if s.phase in SETUP_PHASES else 1)
        self.game.recompute_derived()


def _num_turns(source: Any) -> int | None:
    """The turn counter a position's provenance gives, if any (the source is otherwise not checked)."""
    if isinstance(source, Mapping):
        value = source.get("num_turns")
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
    return None
