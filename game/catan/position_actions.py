"""Actions in the catan-position format: ours written out, the format's read back, the legal moves listed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from game.catan import actions as A
from game.catan.constants import DEV_CARDS, RESOURCES
from game.catan.position_format import _cards, _color, _json_key, seat_order
from game.catan.position_values import (
    _need_cards, _need_edge, _need_int, _need_keys, _need_list, _need_node, _need_player, _need_resource,
)
from game.catan.rules import CatanGame
from game.core.actions import Action
from game.core.errors import IllegalAction, MalformedAction


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
