"""Exporting a game as a position in the catan-position format."""

from __future__ import annotations

from typing import Any

from game.catan.constants import DEV_CARDS, KNIGHT
from game.catan.position_actions import legal_actions_in_format
from game.catan.position_format import (
    BUILDING_KINDS, ENGINE_NAME, PLAYED_KINDS, POSITION_FORMAT, POSITION_VERSION, RULE_NAMES, SETUP_PHASES,
    TRADE_PHASES, _cards, _color, _devs, _hand, _node_order_names, engine_version, seat_order,
)
from game.catan.rules import CatanGame
from game.catan.state import (
    ACCEPTED, COUNTERED, DECLINED, DISCARD, MOVE_ROBBER, NOBODY, ROAD_BUILDING as PH_ROAD_BUILDING, SETUP_ROAD,
    TradeOffer,
)


def export_position(game: CatanGame, include_legal: bool = False, include_hidden: bool = False) -> dict[str, Any]:
    """The full position of a game in format version 1, optionally with its legal actions and the deck order."""
    s = game.state
    order = seat_order(game)
    position: dict[str, Any] = {
        "format": POSITION_FORMAT,
        "version": POSITION_VERSION,
        "rules": _export_rules(game),
        "seats": [game.seats[p].color for p in order],
        "board": _export_board(game),
        "buildings": _export_buildings(game),
        "roads": _export_roads(game),
        "players": [_export_player(game, p, seat) for seat, p in enumerate(order)],
        "longest_road": _export_longest_road(game),
        "largest_army": _export_largest_army(game),
        "bank": {"resources": _hand(s.bank), "dev_deck_size": len(s.dev_deck)},
        "turn": _export_turn(game),
        "source": _export_source(game),
    }
    if include_legal:
        position["legal_actions"] = legal_actions_in_format(game)
    if include_hidden:
        position["hidden"] = {"dev_deck_next_first": [DEV_CARDS[c] for c in reversed(s.dev_deck)]}
    return position


def _export_rules(game: CatanGame) -> dict[str, Any]:
    rules: dict[str, Any] = {"vps_to_win": game.options["vp_target"], "discard_limit": game.options["discard_limit"],
                             "friendly_robber": False}
    for name, value in game.options.items():
        rules.setdefault(RULE_NAMES.get(name, name), value)
    return rules


def _export_board(game: CatanGame) -> dict[str, Any]:
    board = game.state.board.to_json()
    return {"hexes": board["hexes"], "robber": game.state.robber, "harbors": board["harbors"]}


def _export_buildings(game: CatanGame) -> list[dict[str, Any]]:
    s = game.state
    names = game.topo.node_names
    return [{"at": names[n], "owner": _color(game, owner), "kind": BUILDING_KINDS[s.node_level[n] - 1]}
            for n, owner in enumerate(s.node_owner) if owner != NOBODY]


def _export_roads(game: CatanGame) -> list[dict[str, Any]]:
    topo = game.topo
    return [{"edge": list(topo.edge_name(e)), "owner": _color(game, owner)}
            for e, owner in enumerate(game.state.edge_owner) if owner != NOBODY]


def _export_player(game: CatanGame, p: int, seat: int) -> dict[str, Any]:
    s = game.state
    return {
        "color": game.seats[p].color,
        "seat": seat,
        "resources": _hand(s.hands[p]),
        "dev_cards": _devs(s.dev_hand[p]),
        "dev_cards_new": _devs(s.dev_new[p]),
        "dev_cards_played": {name: int(s.dev_played[p][DEV_CARDS.index(name)]) for name in PLAYED_KINDS},
        "vp_public": game.public_vp(p),
        "vp_actual": game.total_vp(p),
        "longest_road_length": s.road_length[p],
        "pieces_left": {"roads": s.roads_left[p], "settlements": s.settlements_left[p], "cities": s.cities_left[p]},
    }


def _export_longest_road(game: CatanGame) -> dict[str, Any]:
    holder = game.state.longest_holder
    length = None if holder == NOBODY else game.state.road_length[holder]
    return {"holder": _color(game, holder), "length": length}


def _export_largest_army(game: CatanGame) -> dict[str, Any]:
    holder = game.state.army_holder
    knights = None if holder == NOBODY else game.state.dev_played[holder][KNIGHT]
    return {"holder": _color(game, holder), "knights": knights}


def _export_turn(game: CatanGame) -> dict[str, Any]:
    s = game.state
    phase = s.phase
    setup_round = (1 if s.setup_index < s.num_players else 2) if phase in SETUP_PHASES else None
    road_from = game.topo.node_names[s.setup_road_from] if phase == SETUP_ROAD else None
    owed = {_color(game, p): s.owed[p] for p in seat_order(game) if s.owed[p]} if phase == DISCARD else {}
    turn: dict[str, Any] = {
        "phase": phase,
        "turn_of": _color(game, s.current),
        "to_act": _color(game, _to_act(game)),
        "has_rolled": s.has_rolled,
        "dev_card_played": s.dev_played_turn,
        "last_roll": list(s.last_roll) if s.last_roll is not None else None,
        "setup_round": setup_round,
        "setup_road_from": road_from,
        "pending_discards": owed,
        "robber_cause": s.robber_cause if phase == MOVE_ROBBER else None,
        "free_roads": s.free_roads if phase == PH_ROAD_BUILDING else 0,
        "trade": _export_trade(game) if phase in TRADE_PHASES else None,
        "winner": _color(game, s.winner),
    }
    if game.options.get("separate_phases"):
        turn["built_this_turn"] = s.built_this_turn
        turn["new_settlements"] = _node_order_names(game.topo, s.extra.get("new_nodes", ()))
    return turn


def _to_act(game: CatanGame) -> int | None:
    """The first player in seat order who must decide now (None when the game is over)."""
    active = game.active_players()
    return next((p for p in seat_order(game) if p in active), None)


def _export_trade(game: CatanGame) -> dict[str, Any] | None:
    trade = game.state.trade
    if trade is None:
        return None
    order = [p for p in seat_order(game) if p in trade.targets]

    def answered(answer: int) -> list[str | None]:
        return [_color(game, p) for p in order if trade.answers[p] == answer]

    out: dict[str, Any] = {
        "offerer": _color(game, trade.offerer),
        "offered": _cards(trade.give),
        "asked": _cards(trade.get),
        "accepted_by": answered(ACCEPTED),
        "declined_by": answered(DECLINED),
        "counters": {_color(game, p): _counter_terms(trade, p) for p in order if trade.answers[p] == COUNTERED},
    }
    everyone_else = {p for p in range(game.num_players) if p != trade.offerer}
    if set(trade.targets) != everyone_else:
        out["to"] = [_color(game, p) for p in order]
    return out


def _counter_terms(trade: TradeOffer, player: int) -> dict[str, dict[str, int]]:
    """A counter-offer from its maker's side: what they would give (offered) and get (asked)."""
    counter = trade.counters[player]
    assert counter is not None
    return {"offered": _cards(counter[0]), "asked": _cards(counter[1])}


def _export_source(game: CatanGame) -> dict[str, Any]:
    return {
        "engine": ENGINE_NAME,
        "engine_version": engine_version(),
        "seed": game.seed,
        "actions_applied": len(game.log),
        "num_turns": game.state.turn_number,
        "turn_limit_reached": False,
    }
