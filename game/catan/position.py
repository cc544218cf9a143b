"""Positions in the shared catan-position format (version 1): export, validated import, actions and legal moves."""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.catan import actions as A
from game.catan.board import Board
from game.catan.constants import (
    BANK_PER_RESOURCE, DEV_CARDS, DEV_DECK_COUNTS, KNIGHT, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, PIECES, RESOURCES,
    ROAD_BUILDING, TERRAIN_RESOURCE,
)
from game.catan.geometry import HARBOR_SPOTS, Topology, topology
from game.catan.longest_road import longest_road
from game.catan.rules import CatanGame
from game.catan.state import (
    ACCEPTED, COUNTERED, DECLINED, DISCARD, GAME_OVER, MAIN, MOVE_ROBBER, NOBODY, PENDING, ROAD_BUILDING as
    PH_ROAD_BUILDING, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, TRADE_CONFIRM, TRADE_RESPONSE, TradeOffer,
)
from game.core.actions import Action
from game.core.errors import GameError, IllegalAction, InvalidOptions, InvalidPosition, MalformedAction
from game.core.files import read_json_file
from game.core.seats import Seat

POSITION_FORMAT = "catan-neutral-position"
POSITION_VERSION = 1
ENGINE_NAME = "catan-table"
PHASES: tuple[str, ...] = (
    SETUP_SETTLEMENT, SETUP_ROAD, ROLL, MAIN, PH_ROAD_BUILDING, DISCARD, MOVE_ROBBER, TRADE_RESPONSE,
    TRADE_CONFIRM, GAME_OVER,
)
SETUP_PHASES: tuple[str, ...] = (SETUP_SETTLEMENT, SETUP_ROAD)
TRADE_PHASES: tuple[str, ...] = (TRADE_RESPONSE, TRADE_CONFIRM)
PLAYED_KINDS: tuple[str, ...] = ("knight", "road_building", "year_of_plenty", "monopoly")
BUILDING_KINDS: tuple[str, ...] = ("settlement", "city")  # node level 1 and 2
ROBBER_CAUSES: tuple[str, ...] = ("seven", "knight")
# Our option names whose format name differs; every other option is exported under its own name.
RULE_NAMES: Mapping[str, str] = MappingProxyType({"vp_target": "vps_to_win"})
# Format piece names and our PIECES keys.
PIECE_NAMES: tuple[tuple[str, str], ...] = (("roads", "road"), ("settlements", "settlement"), ("cities", "city"))

TOP_FIELDS: tuple[str, ...] = (
    "format", "version", "rules", "seats", "board", "buildings", "roads", "players", "longest_road",
    "largest_army", "bank", "turn",
)
PLAYER_FIELDS: tuple[str, ...] = (
    "color", "seat", "resources", "dev_cards", "dev_cards_new", "dev_cards_played", "vp_public", "vp_actual",
    "longest_road_length", "pieces_left",
)
TURN_FIELDS: tuple[str, ...] = (
    "phase", "turn_of", "to_act", "has_rolled", "dev_card_played", "last_roll", "setup_round", "setup_road_from",
    "pending_discards", "robber_cause", "free_roads", "trade", "winner",
)
# Our extra turn fields, exported only with the separate_phases option (a harbor built this turn waits).
TURN_EXTRAS: tuple[str, ...] = ("built_this_turn", "new_settlements")
TRADE_FIELDS: tuple[str, ...] = ("offerer", "offered", "asked", "accepted_by")
TRADE_EXTRAS: tuple[str, ...] = ("to", "declined_by", "counters")


# ====================================================================== shared helpers


def seat_order(game: CatanGame) -> tuple[int, ...]:
    """Our players in the position's seat order: the player who placed (or moved) first comes first."""
    n = game.num_players
    start = game.state.start_player
    return tuple((start + i) % n for i in range(n))


def _color(game: CatanGame, player: int | None) -> str | None:
    return None if player is None or player == NOBODY else game.seats[player].color


def _hand(counts: Sequence[int]) -> dict[str, int]:
    return {name: int(counts[r]) for r, name in enumerate(RESOURCES)}


def _cards(counts: Sequence[int]) -> dict[str, int]:
    return {name: int(counts[r]) for r, name in enumerate(RESOURCES) if counts[r]}


def _devs(counts: Sequence[int]) -> dict[str, int]:
    return {name: int(counts[k]) for k, name in enumerate(DEV_CARDS)}


def _json_key(item: Any) -> str:
    return json.dumps(item, sort_keys=True)


def _node_order_names(topo: Topology, nodes: Sequence[int]) -> list[str]:
    return [topo.node_names[n] for n in sorted(nodes)]


def _edge_text(topo: Topology, edge: int) -> str:
    a, b = topo.edge_name(edge)
    return f"[{a}, {b}]"


@cache
def engine_version() -> str:
    """This program's version (the installed package, else pyproject.toml, else 'unknown')."""
    from importlib import metadata

    try:
        return metadata.version(ENGINE_NAME)
    except metadata.PackageNotFoundError:
        pass
    import tomllib

    try:
        with open(Path(__file__).resolve().parents[2] / "pyproject.toml", "rb") as handle:
            return str(tomllib.load(handle)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "unknown"


# ====================================================================== export


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


# ====================================================================== actions


def action_to_format(game: CatanGame, action: Action, outcomes: Sequence[Any] | None = None) -> dict[str, Any]:
    """An action in format notation; with outcomes (and the game as it was before the action) adds `outcome`."""
    kind, fields = _action_fields(game, action)
    out: dict[str, Any] = {"type": kind, "player": _color(game, action.player), **fields}
    if outcomes is not None:
        outcome = _outcome(game, action, outcomes)
        if outcome is not None:
            out["outcome"] = outcome
    return out


def _action_fields(game: CatanGame, action: Action) -> tuple[str, dict[str, Any]]:
    topo = game.topo
    match action:
        case A.MoveRobber(hex=hex_index, victim=victim):
            return "move_robber", {"hex": hex_index, "victim": _color(game, victim)}
        case A.Discard(cards=cards):
            return "discard", {"cards": _cards(cards)}
        case A.BuildRoad(edge=edge):
            return "build_road", {"edge": list(topo.edge_name(edge))}
        case A.BuildSettlement(node=node) | A.BuildCity(node=node):
            return action.kind, {"at": topo.node_names[node]}
        case A.PlayYearOfPlenty(resources=resources):
            return "play_year_of_plenty", {"resources": [RESOURCES[r] for r in sorted(resources)]}
        case A.PlayMonopoly(resource=resource):
            return "play_monopoly", {"resource": RESOURCES[resource]}
        case A.MaritimeTrade(give=give, get=get):
            rate = game.maritime_rate(action.player, give)
            return "maritime_trade", {"give": RESOURCES[give], "rate": rate, "get": RESOURCES[get]}
        case A.OfferTrade(give=give, get=get, to=to):
            extra = {"to": [_color(game, p) for p in to]} if to else {}
            return "offer_trade", {"offered": _cards(give), "asked": _cards(get), **extra}
        case A.AcceptTrade() | A.DeclineTrade():
            kind = "accept_trade" if isinstance(action, A.AcceptTrade) else "reject_trade"
            return kind, _offer_on_table(game, kind)
        case A.CounterTrade(give=give, get=get):
            return "counter_trade", {"offered": _cards(give), "asked": _cards(get)}
        case A.ConfirmTrade(partner=partner):
            return "confirm_trade", _confirm_terms(game, partner)
        case A.Roll() | A.BuyDevCard() | A.PlayKnight() | A.PlayRoadBuilding() | A.CancelTrade() | A.EndTurn():
            return action.kind, {}
    raise MalformedAction(f"{action.kind} has no form in the position format")


def _offer_on_table(game: CatanGame, kind: str) -> dict[str, Any]:
    trade = game.state.trade
    if trade is None:
        raise IllegalAction(f"{kind}: there is no offer on the table")
    seat = seat_order(game).index(trade.offerer)
    return {"offered": _cards(trade.give), "asked": _cards(trade.get), "offerer_seat": seat}


def _confirm_terms(game: CatanGame, partner: int) -> dict[str, Any]:
    trade = game.state.trade
    if trade is None:
        raise IllegalAction("confirm_trade: there is no offer on the table")
    give, get = trade.terms_with(partner)
    return {"offered": _cards(give), "asked": _cards(get), "with": _color(game, partner)}


def _outcome(game: CatanGame, action: Action, outcomes: Sequence[Any]) -> dict[str, Any] | None:
    """The chance result of a logged action; `game` must be in the state before the action."""
    s = game.state
    match action:
        case A.Roll():
            return {"dice": list(outcomes[:2])}
        case A.MoveRobber(victim=victim):
            return {"stolen": None if victim is None or not outcomes else _stolen(s.hands[victim], outcomes[0])}
        case A.BuyDevCard():
            return {"card": DEV_CARDS[s.dev_deck[-1]] if s.dev_deck else None}
    return None


def _stolen(hand: Sequence[int], pick: int) -> str | None:
    """The resource at a drawn index of a hand laid out in resource order (as the rules draw it)."""
    for r, count in enumerate(hand):
        if pick < count:
            return RESOURCES[r]
        pick -= count
    return None


def legal_actions_in_format(game: CatanGame) -> list[dict[str, Any]]:
    """The legal actions of every active player in format notation, sorted by their JSON text with sorted keys."""
    actions = [action_to_format(game, a) for p in game.active_players() for a in game.legal_actions(p)]
    return sorted(actions, key=_json_key)


# ---------------------------------------------------------------- actions from the format

# Required fields per action type (besides type and player); "outcome" is always allowed and ignored.
ACTION_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "roll": (), "move_robber": ("hex", "victim"), "discard": ("cards",), "build_road": ("edge",),
    "build_settlement": ("at",), "build_city": ("at",), "buy_dev_card": (), "play_knight": (),
    "play_year_of_plenty": ("resources",), "play_monopoly": ("resource",), "play_road_building": (),
    "maritime_trade": ("give", "rate", "get"), "offer_trade": ("offered", "asked"),
    "accept_trade": ("offered", "asked", "offerer_seat"), "reject_trade": ("offered", "asked", "offerer_seat"),
    "counter_trade": ("offered", "asked"), "confirm_trade": ("offered", "asked", "with"),
    "cancel_trade": (), "end_turn": (),
})
ACTION_OPTIONAL: Mapping[str, tuple[str, ...]] = MappingProxyType({"offer_trade": ("to",)})


def action_from_format(game: CatanGame, data: Any) -> Action:
    """Our action for a format action; MalformedAction names a bad shape or value, IllegalAction a mismatch."""
    if not isinstance(data, Mapping):
        raise MalformedAction(f"an action must be a JSON object, got {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in ACTION_FIELDS:
        raise MalformedAction(f"unknown action type {kind!r}")
    _need_keys(data, kind, ("type", "player", *ACTION_FIELDS[kind]), ("outcome", *ACTION_OPTIONAL.get(kind, ())),
               MalformedAction)
    player = _need_player(game, data["player"], f"{kind}.player", MalformedAction)
    return _ACTION_READERS[kind](game, player, data)


def _read_move_robber(game: CatanGame, player: int, data: Mapping[str, Any]) -> Action:
    hex_index = _need_int(data["hex"], "move_robber.hex", MalformedAction, 0, 18)
    victim = data["victim"]
    return A.MoveRobber(player, hex_index,
                        None if victim is None else _need_player(game, victim, "move_robber.victim", MalformedAction))


def _read_discard(game: CatanGame, player: int, data: Mapping[str, Any]) -> Action:
    return A.Discard(player, _need_cards(data["cards"], "discard.cards", MalformedAction))


def _read_build_road(game: CatanGame, player: int, data: Mapping[str, Any]) -> Action:
    return A.BuildRoad(player, _need_edge(game.topo, data["edge"], "build_road.edge", MalformedAction))


def _read_build_settlement(game: CatanGame, player: int, data: Mapping[str, Any]) -> Action:
    return A.BuildSettlement(player, _need_node(game.topo, data["at"], "build_settlement.at", MalformedAction))


def _read_build_city(game: CatanGame, player: int, data: Mapping[str, Any]) -> Action:
    return A.BuildCity(player, _need_node(game.topo, data["at"], "build_city.at", MalformedAction))


def _read_year_of_plenty(game: CatanGame, player: int, data: Mapping[str, Any]) -> Action:
    names = _need_list(data["resources"], "play_year_of_plenty.resources", MalformedAction)
    if not 1 <= len(names) <= 2:
        raise MalformedAction(f"play_year_of_plenty.resources: name 1 or 2 resources, got {len(names)}")
    picks = [_need_resource(r, f"play_year_of_plenty.resources[{i}]", MalformedAction) for i, r in enumerate(names)]
    return A.PlayYearOfPlenty(player, tuple(sorted(picks)))


def _read_monopoly(game: CatanGame, player: int, data: Mapping[str, Any]) -> Action:
    return A.PlayMonopoly(player, _need_resource(data["resource"], "play_monopoly.resource", MalformedAction))


def _read_maritime(game: CatanGame, player: int, data: Mapping[str, Any]) -> Action:
    give = _need_resource(data["give"], "maritime_trade.give", MalformedAction)
    get = _need_resource(data["get"], "maritime_trade.get", MalformedAction)
    rate = _need_int(data["rate"], "maritime_trade.rate", MalformedAction, 2, 4)
    own = game.maritime_rate(player, give)
    if rate != own:
        raise IllegalAction(f"maritime_trade: {_color(game, player)} trades {RESOURCES[give]} at {own}:1, not {rate}:1")
    return A.MaritimeTrade(player, give, get)


def _read_offer(game: CatanGame, player: int, data: Mapping[str, Any]) -> Action:
    give = _need_cards(data["offered"], "offer_trade.offered", MalformedAction)
    get = _need_cards(data["asked"], "offer_trade.asked", MalformedAction)
    to = tuple(_need_player(game, c, f"offer_trade.to[{i}]", MalformedAction)
               for i, c in enumerate(_need_list(data.get("to", []), "offer_trade.to", MalformedAction)))
    return A.OfferTrade(player, give, get, to)


def _read_answer(game: CatanGame, player: int, data: Mapping[str, Any]) -> Action:
    kind = data["type"]
    give = _need_cards(data["offered"], f"{kind}.offered", MalformedAction)
    get = _need_cards(data["asked"], f"{kind}.asked", MalformedAction)
    seat = _need_int(data["offerer_seat"], f"{kind}.offerer_seat", MalformedAction, 0, game.num_players - 1)
    trade = game.state.trade
    if trade is not None and (give, get, seat) != (trade.give, trade.get, seat_order(game).index(trade.offerer)):
        raise IllegalAction(f"{kind}: the offer on the table is {_offer_on_table(game, kind)}, not this one")
    return A.AcceptTrade(player) if kind == "accept_trade" else A.DeclineTrade(player)


def _read_counter(game: CatanGame, player: int, data: Mapping[str, Any]) -> Action:
    give = _need_cards(data["offered"], "counter_trade.offered", MalformedAction)
    get = _need_cards(data["asked"], "counter_trade.asked", MalformedAction)
    return A.CounterTrade(player, give, get)


def _read_confirm(game: CatanGame, player: int, data: Mapping[str, Any]) -> Action:
    give = _need_cards(data["offered"], "confirm_trade.offered", MalformedAction)
    get = _need_cards(data["asked"], "confirm_trade.asked", MalformedAction)
    partner = _need_player(game, data["with"], "confirm_trade.with", MalformedAction)
    trade = game.state.trade
    if trade is not None and (give, get) != trade.terms_with(partner):
        raise IllegalAction(f"confirm_trade: the terms with {_color(game, partner)} are "
                            f"{_confirm_terms(game, partner)}, not these")
    return A.ConfirmTrade(player, partner)


def _read_plain(game: CatanGame, player: int, data: Mapping[str, Any]) -> Action:
    plain: dict[str, Callable[[int], Action]] = {
        "roll": A.Roll, "buy_dev_card": A.BuyDevCard, "play_knight": A.PlayKnight,
        "play_road_building": A.PlayRoadBuilding, "cancel_trade": A.CancelTrade, "end_turn": A.EndTurn,
    }
    return plain[data["type"]](player)


_ACTION_READERS: Mapping[str, Callable[[CatanGame, int, Mapping[str, Any]], Action]] = MappingProxyType({
    "roll": _read_plain, "move_robber": _read_move_robber, "discard": _read_discard,
    "build_road": _read_build_road, "build_settlement": _read_build_settlement, "build_city": _read_build_city,
    "buy_dev_card": _read_plain, "play_knight": _read_plain, "play_year_of_plenty": _read_year_of_plenty,
    "play_monopoly": _read_monopoly, "play_road_building": _read_plain, "maritime_trade": _read_maritime,
    "offer_trade": _read_offer, "accept_trade": _read_answer, "reject_trade": _read_answer,
    "counter_trade": _read_counter, "confirm_trade": _read_confirm, "cancel_trade": _read_plain,
    "end_turn": _read_plain,
})


# ====================================================================== reading JSON values

ErrorType = type[GameError]


def _need_obj(value: Any, where: str, error: ErrorType = InvalidPosition) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise error(f"{where}: must be a JSON object, got {value!r}")
    return value


def _need_keys(obj: Mapping[str, Any], where: str, required: Sequence[str], optional: Sequence[str] = (),
               error: ErrorType = InvalidPosition) -> None:
    missing = [k for k in required if k not in obj]
    if missing:
        raise error(f"{where}: the field {missing[0]!r} is missing")
    unknown = sorted(str(k) for k in set(obj) - set(required) - set(optional))
    if unknown:
        raise error(f"{where}: unknown field(s) {', '.join(unknown)}")


def _need_int(value: Any, where: str, error: ErrorType = InvalidPosition, low: int | None = None,
              high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise error(f"{where}: must be a whole number, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"{low if low is not None else ''}..{high if high is not None else ''}"
        raise error(f"{where}: {value} is out of range {bounds}")
    return value


def _need_bool(value: Any, where: str, error: ErrorType = InvalidPosition) -> bool:
    if not isinstance(value, bool):
        raise error(f"{where}: must be true or false, got {value!r}")
    return value


def _need_list(value: Any, where: str, error: ErrorType = InvalidPosition) -> list[Any]:
    if not isinstance(value, list):
        raise error(f"{where}: must be a JSON list, got {value!r}")
    return value


def _need_counts(value: Any, where: str, names: Sequence[str], complete: bool,
                 error: ErrorType = InvalidPosition) -> list[int]:
    """Counts per name: all names required (a Hand) or any subset (Cards); each a non-negative whole number."""
    obj = _need_obj(value, where, error)
    _need_keys(obj, where, names if complete else (), names, error)
    return [_need_int(obj.get(name, 0), f"{where}.{name}", error, 0) for name in names]


def _need_cards(value: Any, where: str, error: ErrorType = InvalidPosition) -> tuple[int, ...]:
    return tuple(_need_counts(value, where, RESOURCES, False, error))


def _need_resource(value: Any, where: str, error: ErrorType = InvalidPosition) -> int:
    if value not in RESOURCES:
        raise error(f"{where}: {value!r} is not a resource ({', '.join(RESOURCES)})")
    return RESOURCES.index(value)


def _need_player(game: CatanGame, value: Any, where: str, error: ErrorType = InvalidPosition) -> int:
    for p, seat in enumerate(game.seats):
        if seat.color == value:
            return p
    colors = ", ".join(seat.color for seat in game.seats)
    raise error(f"{where}: {value!r} is not the colour of a seat ({colors})")


def _need_node(topo: Topology, value: Any, where: str, error: ErrorType = InvalidPosition) -> int:
    if not isinstance(value, str) or value not in topo.node_aliases:
        raise error(f"{where}: {value!r} is not an intersection (names like 'h4.SE')")
    return topo.node(value)


def _need_edge(topo: Topology, value: Any, where: str, error: ErrorType = InvalidPosition) -> int:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise error(f"{where}: an edge is a pair of intersections, got {value!r}")
    a = _need_node(topo, value[0], f"{where}[0]", error)
    b = _need_node(topo, value[1], f"{where}[1]", error)
    try:
        return topo.edge(a, b)
    except KeyError:
        raise error(f"{where}: {value[0]} and {value[1]} are not neighbouring intersections") from None


# ====================================================================== files and import


def load_position(path: Path | str) -> dict[str, Any]:
    """Read a position file; InvalidPosition if it is unreadable, not JSON, or not format version 1."""
    path = Path(path)
    data = read_json_file(path, InvalidPosition)
    _check_header(data, str(path))
    return data


def _check_header(data: Any, where: str) -> None:
    if not isinstance(data, Mapping):
        raise InvalidPosition(f"{where}: a position is a JSON object")
    if data.get("format") != POSITION_FORMAT:
        raise InvalidPosition(f"{where}: not a {POSITION_FORMAT} position (format is {data.get('format')!r})")
    if data.get("version") != POSITION_VERSION:
        raise InvalidPosition(f"{where}: version {data.get('version')!r} is not supported "
                              f"(this program reads {POSITION_VERSION})")


def position_game(position: Mapping[str, Any], seats: Sequence[Seat] | None = None, seed: int = 0,
                  variant: Any = None) -> CatanGame:
    """A game in exactly the given position; InvalidPosition names the first fault, and no game is returned."""
    if variant is None:
        from game.catan.variants import CatanBase

        variant = CatanBase
    _check_header(position, "position")
    _need_keys(position, "position", TOP_FIELDS, ("source", "legal_actions", "hidden"))
    options = _read_rules(variant, position["rules"])
    colors = _read_seat_colors(variant, position["seats"])
    table = _table_seats(colors, seats)
    board = _read_board(position["board"])
    game: CatanGame = variant.game_class()
    game._init_common(variant, table, seed, options)
    game._init_state(board)
    _PositionReader(game, position).read()
    game.chance.take_record()
    game.start_position = copy.deepcopy(dict(position))
    return game


def _read_rules(variant: Any, value: Any) -> dict[str, Any]:
    rules = _need_obj(value, "rules")
    names = {RULE_NAMES.get(spec.name, spec.name): spec.name for spec in variant.option_specs}
    _need_keys(rules, "rules", ("vps_to_win", "discard_limit"), ("friendly_robber", *names))
    if rules.get("friendly_robber", False) is not False:
        raise InvalidPosition("rules.friendly_robber: this engine has no friendly robber (only false)")
    given = {ours: rules[theirs] for theirs, ours in names.items() if theirs in rules}
    try:
        return variant.validate_options(given)
    except InvalidOptions as exc:
        message = str(exc)
        for ours, theirs in RULE_NAMES.items():
            message = message.replace(repr(ours), repr(theirs))
        raise InvalidPosition(f"rules: {message}") from exc


def _read_seat_colors(variant: Any, value: Any) -> tuple[str, ...]:
    colors = _need_list(value, "seats")
    if not variant.min_players <= len(colors) <= variant.max_players:
        raise InvalidPosition(f"seats: {variant.id} is for {variant.min_players}-{variant.max_players} players, "
                              f"got {len(colors)}")
    for i, color in enumerate(colors):
        if color not in variant.colors:
            raise InvalidPosition(f"seats[{i}]: {color!r} is not a colour ({', '.join(variant.colors)})")
        if color in colors[:i]:
            raise InvalidPosition(f"seats[{i}]: the colour {color} is already taken")
    return tuple(colors)


def _table_seats(colors: tuple[str, ...], seats: Sequence[Seat] | None) -> tuple[Seat, ...]:
    if seats is None:
        return tuple(Seat(color, color, "human") for color in colors)
    given = tuple(seat.color for seat in seats)
    if given != colors:
        raise InvalidPosition(f"seats: the given seats are {', '.join(given)}, the position has {', '.join(colors)}")
    return tuple(seats)


def _read_board(value: Any) -> Board:
    data = _need_obj(value, "board")
    _need_keys(data, "board", ("hexes", "robber", "harbors"))
    board = Board.from_json(data)
    for i, entry in enumerate(data["harbors"]):
        _check_harbor_entry(entry, f"board.harbors[{i}]")
    return board


def _check_harbor_entry(entry: Mapping[str, Any], where: str) -> None:
    """Every locator a harbor entry gives (spot, hex and side, edge) must name the same spot."""
    _need_keys(entry, where, ("type",), ("edge", "hex", "side", "spot"))
    topo = topology()
    spots: set[int | None] = set()
    if entry.get("spot") is not None:
        spots.add(entry["spot"] - 1 if entry["spot"] in range(1, 10) else None)
    if "hex" in entry or "side" in entry:
        spot = (entry.get("hex"), entry.get("side"))
        spots.add(HARBOR_SPOTS.index(spot) if spot in HARBOR_SPOTS else None)
    if "edge" in entry:
        edge = _need_edge(topo, entry["edge"], f"{where}.edge")
        spots.add(topo.harbor_edges.index(edge) if edge in topo.harbor_edges else None)
    if None in spots or len(spots) > 1:
        raise InvalidPosition(f"{where}: its spot, hex/side and edge do not name one harbor spot")


class _PositionReader:
    """Fills a fresh game's state from a position, section by section, refusing the first fault."""

    def __init__(self, game: CatanGame, data: Mapping[str, Any]) -> None:
        self.game = game
        self.s = game.state
        self.topo = game.topo
        self.data = data
        self.n = game.num_players
        self.claims: list[Mapping[str, Any]] = []

    # ---------------------------------------------------------------- driver

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

    def _check_distance(self) -> None:
        owner = self.s.node_owner
        names = self.topo.node_names
        for node in range(self.topo.num_nodes):
            if owner[node] == NOBODY:
                continue
            for other in self.topo.node_neighbors[node]:
                if other > node and owner[other] != NOBODY:
                    raise InvalidPosition(f"buildings: {names[node]} and {names[other]} break the distance rule")

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

    def _check_pieces(self) -> None:
        s = self.s
        for p in range(self.n):
            on_board = {
                "roads": s.edge_owner.count(p),
                "settlements": sum(1 for o, lvl in zip(s.node_owner, s.node_level) if o == p and lvl == 1),
                "cities": sum(1 for o, lvl in zip(s.node_owner, s.node_level) if o == p and lvl == 2),
            }
            claimed = self.claims[p]["pieces_left"]
            for name, piece in PIECE_NAMES:
                supply = PIECES[piece]
                section = "roads" if name == "roads" else "buildings"
                if on_board[name] > supply:
                    raise InvalidPosition(f"{section}: {self.color(p)} has {on_board[name]} {name} on the board, "
                                          f"but only {supply} pieces")
                if claimed[name] != supply - on_board[name]:
                    raise InvalidPosition(f"players[{p}].pieces_left.{name}: {claimed[name]} given, but "
                                          f"{on_board[name]} on the board leave {supply - on_board[name]}")
            s.roads_left[p] = PIECES["road"] - on_board["roads"]
            s.settlements_left[p] = PIECES["settlement"] - on_board["settlements"]
            s.cities_left[p] = PIECES["city"] - on_board["cities"]
            s.building_vp[p] = on_board["settlements"] + 2 * on_board["cities"]

    def _check_network(self) -> None:
        """Every road reaches one of its owner's buildings along own roads; every building touches an own road."""
        s = self.s
        exempt = s.setup_road_from if s.phase == SETUP_ROAD else -1
        for p in range(self.n):
            reached = self._roads_reached_from_buildings(p)
            for e, owner in enumerate(s.edge_owner):
                if owner == p and e not in reached:
                    raise InvalidPosition(f"roads: {self.color(p)}'s road {_edge_text(self.topo, e)} is not "
                                          f"connected to a {self.color(p)} building")
        for node, owner in enumerate(s.node_owner):
            if owner != NOBODY and node != exempt and not any(
                    s.edge_owner[e] == owner for e in self.topo.node_edges[node]):
                kind = BUILDING_KINDS[s.node_level[node] - 1]
                raise InvalidPosition(f"buildings: {self.color(owner)}'s {kind} at {self.topo.node_names[node]} "
                                      f"touches no {self.color(owner)} road")

    def _roads_reached_from_buildings(self, p: int) -> set[int]:
        s = self.s
        topo = self.topo
        frontier = [n for n, owner in enumerate(s.node_owner) if owner == p]
        seen_nodes = set(frontier)
        reached: set[int] = set()
        while frontier:
            node = frontier.pop()
            for e in topo.node_edges[node]:
                if s.edge_owner[e] == p and e not in reached:
                    reached.add(e)
                    for other in topo.edges[e]:
                        if other not in seen_nodes:
                            seen_nodes.add(other)
                            frontier.append(other)
        return reached

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

    # ---------------------------------------------------------------- special cards and points

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

    def _check_points(self) -> None:
        for p in range(self.n):
            for field, computed in (("vp_public", self.game.public_vp(p)), ("vp_actual", self.game.total_vp(p))):
                if self.claims[p][field] != computed:
                    raise InvalidPosition(f"players[{p}].{field}: {self.claims[p][field]} given, but buildings, "
                                          f"special cards and VP cards make {computed}")

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

    def _check_phase_fields(self, turn: Mapping[str, Any]) -> None:
        """Fields that belong to one phase are set exactly in it; the dice and the turn player's flags fit."""
        s = self.s
        phase = s.phase
        rules = (
            ("setup_round", turn["setup_round"] is not None, phase in SETUP_PHASES, "the set-up phases"),
            ("setup_road_from", turn["setup_road_from"] is not None, phase == SETUP_ROAD, "phase setup_road"),
            ("pending_discards", any(s.owed), phase == DISCARD, "phase discard"),
            ("robber_cause", s.robber_cause is not None, phase == MOVE_ROBBER, "phase move_robber"),
            ("free_roads", s.free_roads > 0, phase == PH_ROAD_BUILDING, "phase road_building"),
            ("trade", turn["trade"] is not None, phase in TRADE_PHASES, "the trade phases"),
            ("winner", s.winner != NOBODY, phase == GAME_OVER, "phase game_over"),
        )
        for name, given, belongs, where in rules:
            if given != belongs:
                raise InvalidPosition(f"turn.{name}: set exactly in {where}, but the phase is {phase}")
        if (turn["to_act"] is None) != (phase == GAME_OVER):
            raise InvalidPosition(f"turn.to_act: null exactly when the game is over, but the phase is {phase}")
        if s.has_rolled != (s.last_roll is not None):
            raise InvalidPosition("turn.last_roll: given exactly when has_rolled is true")
        if phase in (*SETUP_PHASES, ROLL) and s.has_rolled:
            raise InvalidPosition(f"turn.has_rolled: the dice are not rolled yet in phase {phase}")
        if phase in (MAIN, DISCARD, *TRADE_PHASES) and not s.has_rolled:
            raise InvalidPosition(f"turn.has_rolled: phase {phase} comes after the roll")
        if phase in SETUP_PHASES and s.dev_played_turn:
            raise InvalidPosition("turn.dev_card_played: no development cards in the set-up")

    def _check_setup_road_from(self) -> None:
        """The set-up road starts at a settlement of the turn player that has no road yet."""
        s = self.s
        node = s.setup_road_from
        if s.node_owner[node] != s.current or s.node_level[node] != 1 or any(
                s.edge_owner[e] == s.current for e in self.topo.node_edges[node]):
            raise InvalidPosition(f"turn.setup_road_from: {self.topo.node_names[node]} must be a settlement of "
                                  f"{self.color(s.current)} without a road")

    def _check_setup(self, turn: Mapping[str, Any]) -> None:
        """The pieces fit one step of the snake-order set-up from seats[0]; turn_of and setup_round match it."""
        s = self.s
        n = self.n
        if any(level == 2 for level in s.node_level):
            raise InvalidPosition("buildings: no cities during the set-up")
        settled = [s.node_owner.count(p) for p in range(n)]
        roads = [s.edge_owner.count(p) for p in range(n)]
        order = tuple(range(n)) + tuple(reversed(range(n)))
        step = sum(settled) - (1 if s.phase == SETUP_ROAD else 0)
        if not 0 <= step < 2 * n:
            raise InvalidPosition(f"buildings: {sum(settled)} settlements do not fit phase {s.phase}")
        want_s, want_r = [0] * n, [0] * n
        for placed in order[:step]:
            want_s[placed] += 1
            want_r[placed] += 1
        if s.phase == SETUP_ROAD:
            want_s[order[step]] += 1
        for p in range(n):
            if (settled[p], roads[p]) != (want_s[p], want_r[p]):
                raise InvalidPosition(f"buildings: in set-up step {step + 1} (snake order from {self.color(0)}) "
                                      f"{self.color(p)} should have {want_s[p]} settlement(s) and {want_r[p]} "
                                      f"road(s), not {settled[p]} and {roads[p]}")
        self._check_setup_turn(turn, order, step)
        self._check_setup_cards(settled)

    def _check_setup_turn(self, turn: Mapping[str, Any], order: tuple[int, ...], step: int) -> None:
        s = self.s
        n = self.n
        expected_round = 1 if step < n else 2
        if turn["setup_round"] != expected_round:
            raise InvalidPosition(f"turn.setup_round: the pieces on the board are those of round {expected_round}")
        if s.current != order[step]:
            raise InvalidPosition(f"turn.turn_of: in this set-up step it is {self.color(order[step])}'s turn")
        if s.robber != s.board.desert:
            raise InvalidPosition(f"board.robber: in the set-up the robber stands on the desert (hex {s.board.desert})")
        s.setup_order = order
        s.setup_index = step
        s.start_player = 0

    def _check_setup_cards(self, settled: list[int]) -> None:
        """In the set-up nobody has development cards, and only a second settlement has paid resources."""
        s = self.s
        for p in range(self.n):
            if any(s.dev_hand[p]) or any(s.dev_played[p]):
                raise InvalidPosition(f"players[{p}].dev_cards: no development cards during the set-up")
            paid = [self._setup_payout(node) for node, owner in enumerate(s.node_owner) if owner == p]
            allowed = paid if settled[p] == 2 else [[0] * len(RESOURCES)]
            if s.hands[p] not in allowed:
                raise InvalidPosition(f"players[{p}].resources: in the set-up a player holds only what the second "
                                      "settlement paid")

    def _setup_payout(self, node: int) -> list[int]:
        gain = [0] * len(RESOURCES)
        for h in self.topo.node_hexes[node]:
            res = TERRAIN_RESOURCE[self.s.board.terrains[h]]
            if res is not None:
                gain[res] += 1
        return gain

    def _check_after_setup(self) -> None:
        s = self.s
        for p in range(self.n):
            if s.node_owner.count(p) < 2 or s.edge_owner.count(p) < 2:
                raise InvalidPosition(f"players[{p}]: after the set-up {self.color(p)} must have at least 2 "
                                      "buildings and 2 roads on the board")
        s.setup_order = tuple(range(self.n)) + tuple(reversed(range(self.n)))
        s.setup_index = 2 * self.n
        s.start_player = 0

    def _check_turn(self, turn: Mapping[str, Any]) -> None:
        """Cross-checks of the turn against hands, cards and points; reads the trade."""
        s = self.s
        self._check_dev_flags()
        checks = {DISCARD: self._check_discards, MOVE_ROBBER: self._check_robber,
                  PH_ROAD_BUILDING: self._check_road_building, GAME_OVER: self._check_winner}
        if s.phase in checks:
            checks[s.phase]()
        if s.phase in TRADE_PHASES:
            s.trade = self._read_trade(turn["trade"], turn["to_act"])
        if s.phase not in (*SETUP_PHASES, GAME_OVER) and self.game.total_vp(s.current) >= self.game.target_vp():
            raise InvalidPosition(f"players[{s.current}].vp_actual: {self.color(s.current)} has "
                                  f"{self.game.total_vp(s.current)} points on their own turn and would have won")
        self._check_to_act(turn["to_act"])
        self._check_built(turn)

    def _check_dev_flags(self) -> None:
        s = self.s
        for p in range(self.n):
            if any(s.dev_new[p]) and p != s.current:
                raise InvalidPosition(f"players[{p}].dev_cards_new: only the turn player can hold cards bought "
                                      "this turn")
        cause = s.robber_cause if s.phase == MOVE_ROBBER else None
        if any(s.dev_new[s.current]) and (not s.has_rolled or s.phase == DISCARD or cause == "seven"):
            raise InvalidPosition(f"players[{s.current}].dev_cards_new: cards are bought only after the roll "
                                  f"and its robber")
        if s.dev_played_turn and not any(s.dev_played[s.current]):
            raise InvalidPosition(f"turn.dev_card_played: {self.color(s.current)} has played no development card")

    def _check_discards(self) -> None:
        s = self.s
        if s.last_roll is None or sum(s.last_roll) != 7:
            raise InvalidPosition("turn.last_roll: the discard phase follows a roll of 7")
        limit = self.game.options["discard_limit"]
        for p in range(self.n):
            held = sum(s.hands[p])
            if s.owed[p] and not any((held + k) > limit and (held + k) // 2 - k == s.owed[p] for k in range(held)):
                raise InvalidPosition(f"turn.pending_discards.{self.color(p)}: {s.owed[p]} cards owed do not fit "
                                      f"a hand of {held} after a seven (discard limit {limit})")
        s.robber_cause = "seven"

    def _check_robber(self) -> None:
        s = self.s
        if s.robber_cause == "seven" and (s.last_roll is None or sum(s.last_roll) != 7):
            raise InvalidPosition("turn.robber_cause: seven, but the last roll is not a 7")
        if s.robber_cause == "knight" and not (s.dev_played_turn and s.dev_played[s.current][KNIGHT]):
            raise InvalidPosition(f"turn.robber_cause: knight, but {self.color(s.current)} has not played one "
                                  "this turn")

    def _check_road_building(self) -> None:
        s = self.s
        if not (s.dev_played_turn and s.dev_played[s.current][ROAD_BUILDING]):
            raise InvalidPosition(f"turn.phase: road_building, but {self.color(s.current)} has not played "
                                  "Road Building this turn")
        if s.roads_left[s.current] <= 0 or not self.game.road_spots(s.current):
            raise InvalidPosition(f"turn.free_roads: {self.color(s.current)} has no place for a free road, so "
                                  "the phase would have ended")

    def _check_winner(self) -> None:
        s = self.s
        if s.winner != s.current:
            raise InvalidPosition(f"turn.winner: one wins only on one's own turn ({self.color(s.current)}'s)")
        if self.game.total_vp(s.winner) < self.game.target_vp():
            raise InvalidPosition(f"turn.winner: {self.color(s.winner)} has only {self.game.total_vp(s.winner)} "
                                  f"points (vps_to_win {self.game.target_vp()})")

    def _check_to_act(self, to_act: int | None) -> None:
        s = self.s
        if s.phase == GAME_OVER:
            return
        if s.phase == DISCARD:
            if to_act is None or not s.owed[to_act]:
                raise InvalidPosition("turn.to_act: in phase discard it must be a player who owes cards")
            return
        if s.phase == TRADE_RESPONSE:
            assert s.trade is not None
            if to_act not in s.trade.waiting_for():
                raise InvalidPosition("turn.to_act: in phase trade_response it must be a player who has not "
                                      "answered yet")
            return
        if to_act != s.current:
            raise InvalidPosition(f"turn.to_act: in phase {s.phase} the turn player "
                                  f"{self.color(s.current)} acts")

    def _check_built(self, turn: Mapping[str, Any]) -> None:
        s = self.s
        for node in s.extra.get("new_nodes", ()):
            if s.node_owner[node] != s.current:
                raise InvalidPosition(f"turn.new_settlements: {self.topo.node_names[node]} is not a building of "
                                      f"the turn player {self.color(s.current)}")
        if (s.built_this_turn or s.extra.get("new_nodes")) and not s.has_rolled:
            raise InvalidPosition("turn.built_this_turn: building comes after the roll")
        if s.extra.get("new_nodes") and not s.built_this_turn:
            raise InvalidPosition("turn.built_this_turn: must be true when settlements were built this turn")

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
