"""The shared position format: export, validated import, actions, legal moves, round trips and the CLI."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from game.ai.random_bot import RandomBot
from game.catan import actions as A
from game.catan import events as E
from game.catan.constants import DEV_CARDS, KNIGHT, RESOURCES
from game.catan.geometry import topology
from game.catan.longest_road import longest_road
from game.catan.position import load_position, position_game
from game.catan.position_actions import action_from_format, action_to_format, legal_actions_in_format
from game.catan.position_export import export_position
from game.catan.rules import CatanGame
from game.catan.state import NOBODY
from game.core.errors import IllegalAction, InvalidPosition, MalformedAction
from game.core.registry import new_game
from game.core.saves import load_game, save_game
from game.core.seats import Seat
from tests.game.catan_invariants import check_invariants

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = ROOT / "saves" / "positions"
BEGINNER = json.loads((ROOT / "saves" / "layouts" / "beginner.json").read_text(encoding="utf-8"))


# ---------------------------------------------------------------- helpers


def strip(position: dict[str, Any]) -> dict[str, Any]:
    """A position without its provenance (which is not compared)."""
    return {k: v for k, v in position.items() if k != "source"}


def step(game: CatanGame, rng: random.Random) -> None:
    """One random-bot move."""
    player = game.active_players()[0]
    game.apply(RandomBot().choose(None, game.legal_actions(player), rng))


def beginner_game(players: int = 4) -> CatanGame:
    """A fresh beginner game (seat 0 starts)."""
    return new_game("catan-base", players, seed=1)


def beginner() -> dict[str, Any]:
    """The exported beginner start (4 players)."""
    return export_position(beginner_game())


_PREDICATES: dict[str, Callable[[CatanGame], bool]] = {
    "setup_settlement": lambda g: g.state.phase == "setup_settlement" and g.state.setup_index == 2,
    "setup_road": lambda g: g.state.phase == "setup_road" and g.state.setup_index == g.num_players + 1,
    "discard": lambda g: g.state.phase == "discard" and 0 in g.state.owed,
    "move_robber_knight": lambda g: g.state.phase == "move_robber" and g.state.robber_cause == "knight",
    "road_building": lambda g: g.state.phase == "road_building",
    "trade_response": lambda g: g.state.phase == "trade_response",
    "trade_confirm": lambda g: g.state.phase == "trade_confirm",
    "game_over": lambda g: g.state.phase == "game_over",
    "main_specials": lambda g: (g.state.phase == "main" and g.state.longest_holder != NOBODY
                                and g.state.army_holder != NOBODY),
}


@cache
def _found_text(kind: str) -> str:
    predicate = _PREDICATES[kind]
    for seed in range(300):
        game = new_game("catan-base", 4, seed=seed, options={"board": "variable"})
        rng = random.Random(seed)
        while not predicate(game) and not game.is_over():
            step(game, rng)
        if predicate(game):
            return json.dumps(export_position(game))
    raise AssertionError(f"no random game reached {kind}")


def found(kind: str) -> dict[str, Any]:
    """A fresh copy of an exported position from a random game in the named situation."""
    return json.loads(_found_text(kind))


def refuse(position: dict[str, Any], *fragments: str) -> str:
    """Import must fail with InvalidPosition naming the fault, and leave the input untouched."""
    before = copy.deepcopy(position)
    with pytest.raises(InvalidPosition) as info:
        position_game(position)
    assert position == before, "a refused import changed its input"
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    return message


def free_nodes(position: dict[str, Any]) -> list[int]:
    """Intersections where settlements may stand without breaking the distance rule (also among themselves)."""
    topo = topology()
    taken = {topo.node(b["at"]) for b in position["buildings"]}
    out = []
    for node in range(topo.num_nodes):
        if node not in taken and all(m not in taken for m in topo.node_neighbors[node]):
            out.append(node)
            taken.add(node)
    return out


def free_edges(position: dict[str, Any]) -> list[int]:
    """Paths without a road."""
    topo = topology()
    used = {topo.edge(topo.node(r["edge"][0]), topo.node(r["edge"][1])) for r in position["roads"]}
    return [e for e in range(topo.num_edges) if e not in used]


def player(position: dict[str, Any], color: str) -> dict[str, Any]:
    """The players entry of a colour."""
    return next(p for p in position["players"] if p["color"] == color)


def extend_roads(game: CatanGame, p: int, count: int) -> None:
    """Give a player free roads, each one lengthening the longest trail as much as possible."""
    s = game.state
    for _ in range(count):
        best = None
        for e in game.road_spots(p):
            s.edge_owner[e] = p
            length = longest_road(game.topo, s.edge_owner, s.node_owner, p)
            s.edge_owner[e] = NOBODY
            if best is None or length > best[0]:
                best = (length, e)
        assert best is not None
        s.edge_owner[best[1]] = p
        s.roads_left[p] -= 1
    game._update_longest_road([], tuple(range(game.num_players)))


def give_knights(game: CatanGame, p: int, count: int) -> None:
    """Move knights from the deck to a player's played cards."""
    s = game.state
    for _ in range(count):
        s.dev_deck.remove(KNIGHT)
        s.dev_played[p][KNIGHT] += 1


def apply_forced(game: CatanGame, action: A.Action, *outcomes: Any) -> None:
    """Apply an action with forced chance outcomes."""
    game.chance.force(*outcomes)
    game.apply(action)


def trade_game() -> CatanGame:
    """Beginner game: red rolled an 8 and offers 1 lumber for 1 brick to everyone."""
    game = beginner_game()
    apply_forced(game, A.Roll(0), 3, 5)
    game.apply(A.OfferTrade(0, (1, 0, 0, 0, 0), (0, 0, 0, 1, 0), ()))
    return game


# ---------------------------------------------------------------- export


def test_beginner_start_export() -> None:
    game = beginner_game()
    pos = export_position(game)
    topo = topology()
    assert pos["format"] == "catan-neutral-position" and pos["version"] == 1
    assert pos["rules"]["vps_to_win"] == 10 and pos["rules"]["discard_limit"] == 7
    assert pos["rules"]["friendly_robber"] is False
    assert {k: pos["rules"][k] for k in game.options if k != "vp_target"} == {
        k: v for k, v in game.options.items() if k != "vp_target"}
    assert pos["seats"] == ["red", "blue", "white", "orange"]
    assert [p["seat"] for p in pos["players"]] == [0, 1, 2, 3]
    # Buildings and roads are those of the layout, in canonical names, sorted by intersection/edge order.
    start = BEGINNER["start"]
    expected_buildings = sorted(
        (topo.node(name), color) for color, pieces in start.items() for name in pieces["settlements"])
    assert pos["buildings"] == [{"at": topo.node_names[n], "owner": c, "kind": "settlement"}
                                for n, c in expected_buildings]
    expected_roads = sorted((topo.edge(topo.node(a), topo.node(b)), color)
                            for color, pieces in start.items() for a, b in pieces["roads"])
    assert pos["roads"] == [{"edge": list(topo.edge_name(e)), "owner": c} for e, c in expected_roads]
    assert [b["at"] for b in pos["buildings"]][:3] == ["h0.SE", "h2.S", "h3.SE"]
    # Starting cards (facts §1.3) and the bank: 19 minus them.
    cards = {"red": {"grain": 1, "lumber": 2}, "blue": {"lumber": 1, "ore": 1, "brick": 1},
             "white": {"lumber": 1, "ore": 1, "wool": 1}, "orange": {"ore": 1, "grain": 2}}
    for color, hand in cards.items():
        assert player(pos, color)["resources"] == {r: hand.get(r, 0) for r in RESOURCES}
    taken = {r: sum(hand.get(r, 0) for hand in cards.values()) for r in RESOURCES}
    assert pos["bank"] == {"resources": {r: 19 - taken[r] for r in RESOURCES}, "dev_deck_size": 25}
    red = player(pos, "red")
    assert red["dev_cards"] == {k: 0 for k in DEV_CARDS} and red["dev_cards_new"] == {k: 0 for k in DEV_CARDS}
    assert red["dev_cards_played"] == {"knight": 0, "road_building": 0, "year_of_plenty": 0, "monopoly": 0}
    assert (red["vp_public"], red["vp_actual"], red["longest_road_length"]) == (2, 2, 1)
    assert red["pieces_left"] == {"roads": 13, "settlements": 3, "cities": 4}
    assert pos["longest_road"] == {"holder": None, "length": None}
    assert pos["largest_army"] == {"holder": None, "knights": None}
    assert pos["board"]["robber"] == 9 and len(pos["board"]["hexes"]) == 19 and len(pos["board"]["harbors"]) == 9
    assert pos["turn"] == {
        "phase": "roll", "turn_of": "red", "to_act": "red", "has_rolled": False, "dev_card_played": False,
        "last_roll": None, "setup_round": None, "setup_road_from": None, "pending_discards": {},
        "robber_cause": None, "free_roads": 0, "trade": None, "winner": None,
    }
    assert pos["source"]["engine"] == "catan-table" and pos["source"]["seed"] == 1
    assert pos["source"]["actions_applied"] == 0 and pos["source"]["turn_limit_reached"] is False
    assert "legal_actions" not in pos and "hidden" not in pos


def test_three_player_beginner_leaves_out_red() -> None:
    pos = export_position(beginner_game(3))
    assert pos["seats"] == ["blue", "white", "orange"]
    assert {b["owner"] for b in pos["buildings"]} == {"blue", "white", "orange"}
    assert pos["turn"]["turn_of"] == "blue"


def test_legal_and_hidden_sections() -> None:
    game = beginner_game()
    pos = export_position(game, include_legal=True, include_hidden=True)
    assert pos["legal_actions"] == [{"type": "roll", "player": "red"}]
    deck = pos["hidden"]["dev_deck_next_first"]
    assert len(deck) == 25 and sorted(deck) == sorted(k for k, c in zip(DEV_CARDS, (14, 5, 2, 2, 2)) for _ in range(c))
    # The next card is the one a purchase takes.
    s = game.state
    s.bank = [b + old - new for b, old, new in zip(s.bank, s.hands[0], (0, 1, 1, 0, 1))]
    s.hands[0] = [0, 1, 1, 0, 1]
    apply_forced(game, A.Roll(0), 3, 5)
    first = export_position(game, include_hidden=True)["hidden"]["dev_deck_next_first"][0]
    events = game.apply(A.BuyDevCard(0))
    bought = next(e for e in events if isinstance(e, E.DevCardBought))
    assert DEV_CARDS[bought.card] == first


def test_legal_actions_sorted_by_json_text() -> None:
    game = trade_game()
    game.apply(A.DeclineTrade(1))
    actions = legal_actions_in_format(game)
    assert actions == sorted(actions, key=lambda a: json.dumps(a, sort_keys=True))
    assert {a["player"] for a in actions} == {"white", "orange"}  # every active player
    assert export_position(game, include_legal=True)["legal_actions"] == actions


def test_trade_export_and_inference_without_declined_by() -> None:
    game = trade_game()
    game.apply(A.DeclineTrade(1))
    pos = export_position(game)
    assert pos["turn"]["phase"] == "trade_response"
    assert pos["turn"]["trade"] == {"offerer": "red", "offered": {"lumber": 1}, "asked": {"brick": 1},
                                    "accepted_by": [], "declined_by": ["blue"], "counters": {}}
    assert pos["turn"]["to_act"] == "white"
    # An engine without our extra keys: who declined follows from to_act (answers go in seat order).
    plain = copy.deepcopy(pos)
    del plain["turn"]["trade"]["declined_by"], plain["turn"]["trade"]["counters"]
    assert strip(export_position(position_game(plain))) == strip(pos)


def test_targeted_offer_and_counters_round_trip() -> None:
    game = beginner_game()
    apply_forced(game, A.Roll(0), 3, 5)
    offer = A.OfferTrade(0, (1, 0, 0, 0, 0), (0, 0, 0, 0, 1), (2, 1))
    assert action_to_format(game, offer)["to"] == ["white", "blue"]
    game.apply(offer)
    game.apply(A.CounterTrade(2, (0, 1, 0, 0, 0), (1, 0, 0, 0, 0)))
    pos = export_position(game, include_legal=True)
    trade = pos["turn"]["trade"]
    assert trade["to"] == ["blue", "white"]
    assert trade["counters"] == {"white": {"offered": {"wool": 1}, "asked": {"lumber": 1}}}
    assert pos["turn"]["to_act"] == "blue"
    again = export_position(position_game(pos), include_legal=True)
    assert strip(again) == strip(pos)
    game.apply(A.DeclineTrade(1))
    pos = export_position(game, include_legal=True)
    assert pos["turn"]["phase"] == "trade_confirm"
    confirm = [a for a in pos["legal_actions"] if a["type"] == "confirm_trade"]
    assert confirm == [{"type": "confirm_trade", "player": "red", "offered": {"lumber": 1}, "asked": {"wool": 1},
                        "with": "white"}]
    assert strip(export_position(position_game(pos), include_legal=True)) == strip(pos)


def test_seats_start_with_the_first_player_after_a_roll_off() -> None:
    for seed in range(50):
        game = new_game("catan-base", 4, seed=seed, options={"board": "variable"})
        if game.state.start_player != 0:
            break
    pos = export_position(game, include_legal=True)
    first = game.seats[game.state.start_player].color
    assert pos["seats"][0] == first and pos["turn"]["turn_of"] == first
    assert pos["turn"]["phase"] == "setup_settlement" and pos["turn"]["setup_round"] == 1
    imported = position_game(pos)
    assert [s.color for s in imported.seats] == pos["seats"]
    assert strip(export_position(imported, include_legal=True)) == strip(pos)


# ---------------------------------------------------------------- actions


def test_format_examples_map_to_our_actions() -> None:
    game = beginner_game()
    topo = game.topo
    road = action_from_format(game, {"type": "build_road", "player": "red", "edge": ["h2.SE", "h6.NE"]})
    assert road == A.BuildRoad(0, topo.edge(topo.node("h2.SE"), topo.node("h6.NE")))
    # Any alias and either order name the same edge; output is canonical.
    assert action_from_format(game, {"type": "build_road", "player": "red", "edge": ["h6.NE", "h6.N"]}) == road
    assert action_to_format(game, road) == {"type": "build_road", "player": "red", "edge": ["h2.SE", "h6.NE"]}
    robber = action_from_format(game, {"type": "move_robber", "player": "blue", "hex": 13, "victim": "white",
                                       "outcome": {"stolen": "ore"}})
    assert robber == A.MoveRobber(1, 13, 2)
    assert action_from_format(game, {"type": "build_city", "player": "red", "at": "h1.SW"}) == \
        A.BuildCity(0, topo.node("h0.SE"))
    yop = action_from_format(game, {"type": "play_year_of_plenty", "player": "red", "resources": ["ore", "wool"]})
    assert yop == A.PlayYearOfPlenty(0, (1, 4))
    assert action_to_format(game, yop)["resources"] == ["wool", "ore"]
    maritime = {"type": "maritime_trade", "player": "white", "give": "wool", "rate": 4, "get": "ore"}
    assert action_from_format(game, maritime) == A.MaritimeTrade(2, 1, 4)
    assert action_to_format(game, A.MaritimeTrade(2, 1, 4)) == maritime
    discard = A.Discard(1, (0, 2, 0, 1, 0))
    assert action_to_format(game, discard) == {"type": "discard", "player": "blue",
                                               "cards": {"wool": 2, "brick": 1}}
    assert action_from_format(game, action_to_format(game, discard)) == discard


def test_trade_answers_name_the_offer_on_the_table() -> None:
    game = trade_game()
    accept = action_to_format(game, A.AcceptTrade(1))
    assert accept == {"type": "accept_trade", "player": "blue", "offered": {"lumber": 1}, "asked": {"brick": 1},
                      "offerer_seat": 0}
    assert action_to_format(game, A.DeclineTrade(2))["type"] == "reject_trade"
    assert action_from_format(game, accept) == A.AcceptTrade(1)
    with pytest.raises(IllegalAction, match="offer on the table"):
        action_from_format(game, {**accept, "asked": {"ore": 1}})


def test_maritime_rate_must_match() -> None:
    game = beginner_game()
    with pytest.raises(IllegalAction, match="wool at 4:1, not 3:1"):
        action_from_format(game, {"type": "maritime_trade", "player": "white", "give": "wool", "rate": 3,
                                  "get": "ore"})


@pytest.mark.parametrize("data, fragment", [
    ("roll", "must be a JSON object"),
    ({"type": "fly", "player": "red"}, "unknown action type 'fly'"),
    ({"type": "roll"}, "'player' is missing"),
    ({"type": "roll", "player": "green"}, "roll.player: 'green'"),
    ({"type": "roll", "player": "red", "dice": [1, 2]}, "unknown field(s) dice"),
    ({"type": "build_road", "player": "red", "edge": ["h0.N", "h5.S"]}, "not neighbouring"),
    ({"type": "build_road", "player": "red", "edge": ["h0.N"]}, "pair of intersections"),
    ({"type": "build_settlement", "player": "red", "at": "h19.N"}, "build_settlement.at: 'h19.N'"),
    ({"type": "discard", "player": "red", "cards": {"gold": 1}}, "unknown field(s) gold"),
    ({"type": "discard", "player": "red", "cards": {"wool": -1}}, "discard.cards.wool"),
    ({"type": "move_robber", "player": "red", "hex": 19, "victim": None}, "move_robber.hex"),
    ({"type": "play_monopoly", "player": "red", "resource": "gold"}, "not a resource"),
    ({"type": "play_year_of_plenty", "player": "red", "resources": []}, "1 or 2 resources"),
    ({"type": "maritime_trade", "player": "red", "give": "wool", "rate": 5, "get": "ore"}, "maritime_trade.rate"),
    ({"type": "offer_trade", "player": "red", "offered": {"wool": 1}, "asked": {"ore": "x"}}, "offer_trade.asked.ore"),
])
def test_malformed_actions_are_refused(data: Any, fragment: str) -> None:
    with pytest.raises(MalformedAction) as info:
        action_from_format(beginner_game(), data)
    assert fragment in str(info.value)


def test_outcomes_of_logged_actions() -> None:
    seen: set[str] = set()
    for seed in range(40):
        game = new_game("catan-base", 4, seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if game.is_over():
                break
            before = game.clone()
            player_ = game.active_players()[0]
            events = game.apply(RandomBot().choose(None, game.legal_actions(player_), rng))
            entry = game.log[-1]
            out = action_to_format(before, entry.action, entry.outcomes)
            if isinstance(entry.action, A.Roll):
                dice = next(e for e in events if isinstance(e, E.DiceRolled)).dice
                assert out["outcome"] == {"dice": list(dice)}
                seen.add("roll")
            elif isinstance(entry.action, A.MoveRobber):
                stolen = [RESOURCES[e.resource] for e in events if isinstance(e, E.CardStolen)]
                assert out["outcome"] == {"stolen": stolen[0] if stolen else None}
                seen.add("stolen" if stolen else "nothing")
            elif isinstance(entry.action, A.BuyDevCard):
                card = next(e for e in events if isinstance(e, E.DevCardBought)).card
                assert out["outcome"] == {"card": DEV_CARDS[card]}
                seen.add("card")
            else:
                assert "outcome" not in out
        if seen == {"roll", "stolen", "nothing", "card"}:
            return
    raise AssertionError(f"only saw {seen}")


# ---------------------------------------------------------------- round trips


def _snapshots(seed: int, players: int, options: dict[str, Any], every: int, limit: int):
    game = new_game("catan-base", players, seed=seed, options=options)
    rng = random.Random(seed)
    for count in range(limit):
        if count % every == 0 or game.state.phase not in ("roll", "main"):
            yield game
        if game.is_over():
            return
        step(game, rng)


@pytest.mark.parametrize("seed, players, options", [
    (1, 4, {"board": "variable"}),
    (2, 3, {"board": "variable"}),
    (3, 4, {}),
    (4, 3, {"board": "variable", "separate_phases": True}),
    (5, 4, {"board": "variable", "discard_limit": 9, "vp_target": 8}),
    (6, 4, {"separate_phases": True}),
])
def test_round_trip_on_random_games(seed: int, players: int, options: dict[str, Any]) -> None:
    phases = set()
    for game in _snapshots(seed, players, options, every=9, limit=1500):
        pos = export_position(game, include_legal=True)
        phases.add(pos["turn"]["phase"])
        imported = position_game(pos, seed=seed)
        check_invariants(imported)
        again = export_position(imported, include_legal=True)
        assert strip(again) == strip(pos), f"round trip differs at {pos['source']['actions_applied']}"
        # Legal actions agree, and each maps back to the same action of ours.
        assert legal_actions_in_format(imported) == legal_actions_in_format(game)
        for p in game.active_players():
            for action in game.legal_actions(p):
                data = action_to_format(game, action)
                assert action_from_format(game, data) == action
                assert action_to_format(imported, action_from_format(imported, data)) == data
    assert {"roll", "main", "discard", "move_robber"} <= phases


def test_round_trip_in_rare_phases() -> None:
    for kind in _PREDICATES:
        pos = found(kind)
        imported = position_game(pos)
        check_invariants(imported)
        assert strip(export_position(imported)) == strip(pos), kind


def test_hidden_deck_is_restored_and_a_missing_deck_is_dealt_by_seed() -> None:
    pos = found("main_specials")
    full = export_position(position_game(pos, seed=3), include_hidden=True)
    assert strip(export_position(position_game(full), include_hidden=True)) == strip(full)
    deck_a = position_game(pos, seed=5).state.dev_deck
    assert position_game(pos, seed=5).state.dev_deck == deck_a
    assert sorted(deck_a) == sorted(position_game(pos, seed=6).state.dev_deck)


def test_examples_load_and_round_trip() -> None:
    files = sorted(POSITIONS.glob("*.json"))
    assert len(files) >= 3
    for path in files:
        data = load_position(path)
        game = position_game(data)
        check_invariants(game)
        out = export_position(game, include_legal="legal_actions" in data, include_hidden="hidden" in data)
        assert strip(out) == strip(data), path.name
    discard = load_position(POSITIONS / "discard-three-players.json")
    assert discard["seats"] == ["red", "blue", "white"] and discard["turn"]["phase"] == "discard"
    assert discard["turn"]["turn_of"] == "white" and discard["turn"]["pending_discards"] == {"blue": 4}


def test_aliases_are_accepted_on_import() -> None:
    pos = beginner()
    topo = topology()
    aliases: dict[str, str] = {}
    for alias, node in topo.node_aliases.items():
        if alias != topo.node_names[node]:
            aliases.setdefault(topo.node_names[node], alias)
    edited = copy.deepcopy(pos)
    for b in edited["buildings"]:
        b["at"] = aliases.get(b["at"], b["at"])
    for r in edited["roads"]:
        r["edge"] = [aliases.get(n, n) for n in reversed(r["edge"])]
    edited["buildings"].reverse()
    assert edited != pos
    assert strip(export_position(position_game(edited))) == strip(pos)


def test_seats_given_are_used_and_start_position_is_kept(tmp_path: Path) -> None:
    pos = found("discard")
    seats = tuple(Seat(f"P{i}", c, "random") for i, c in enumerate(pos["seats"]))
    game = position_game(pos, seats=seats, seed=9)
    assert game.seats == seats and game.start_position == pos
    assert game.start_position is not pos
    rng = random.Random(2)
    for _ in range(30):
        if not game.is_over():
            step(game, rng)
    save_game(game, tmp_path / "from-position.json")
    loaded = load_game(tmp_path / "from-position.json")
    assert export_position(loaded, include_hidden=True) == export_position(game, include_hidden=True)


# ---------------------------------------------------------------- import refusals


def _add_free_settlements(pos: dict[str, Any], color: str, count: int) -> None:
    for node in free_nodes(pos)[:count]:
        pos["buildings"].append({"at": topology().node_names[node], "owner": color, "kind": "settlement"})


def _edit(base: Callable[[], dict[str, Any]], change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    pos = base()
    change(pos)
    return pos


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """An edit that sets a dotted path (list indices as numbers)."""
    def change(pos: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = pos
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return change


def _both(*changes: Callable[[dict[str, Any]], Any]) -> Callable[[dict[str, Any]], None]:
    def change(pos: dict[str, Any]) -> None:
        for c in changes:
            c(pos)
    return change


def _far_road(pos: dict[str, Any]) -> None:
    topo = topology()
    edge = free_edges(pos)[-1]
    pos["roads"].append({"edge": list(topo.edge_name(edge)), "owner": "red"})
    player(pos, "red")["pieces_left"]["roads"] -= 1


def _lonely_settlement(pos: dict[str, Any]) -> None:
    _add_free_settlements(pos, "red", 1)
    red = player(pos, "red")
    red["pieces_left"]["settlements"] -= 1


def _sixteen_roads(pos: dict[str, Any]) -> None:
    topo = topology()
    pos["roads"] = [{"edge": list(topo.edge_name(e)), "owner": "red"} for e in free_edges(pos)[:16]]


def _blue_new_card(pos: dict[str, Any]) -> None:
    blue = player(pos, "blue")
    blue["dev_cards"]["knight"] = 1
    blue["dev_cards_new"]["knight"] = 1
    pos["bank"]["dev_deck_size"] = 24


def _red_vp_card(pos: dict[str, Any]) -> None:
    player(pos, "red")["dev_cards"]["victory_point"] = 1
    pos["bank"]["dev_deck_size"] = 24


def _neighbour_building(pos: dict[str, Any]) -> None:
    pos["buildings"].append({"at": NEIGHBOUR, "owner": "blue", "kind": "settlement"})


def _early_placement(pos: dict[str, Any]) -> None:
    """The last seat places its first settlement and road out of turn."""
    topo = topology()
    color = pos["seats"][-1]
    node = free_nodes(pos)[0]
    edge = next(e for e in topo.node_edges[node] if e in free_edges(pos))
    pos["buildings"].append({"at": topo.node_names[node], "owner": color, "kind": "settlement"})
    pos["roads"].append({"edge": list(topo.edge_name(edge)), "owner": color})
    pieces = player(pos, color)["pieces_left"]
    pieces["settlements"] -= 1
    pieces["roads"] -= 1


def _counter_everyone(pos: dict[str, Any]) -> None:
    trade = pos["turn"]["trade"]
    trade["declined_by"] = [c for c in pos["seats"] if c != trade["offerer"]]
    trade["accepted_by"] = []
    trade["counters"] = {}


NEIGHBOUR = topology().node_names[max(topology().node_neighbors[topology().node("h0.SE")])]

REFUSALS: list[tuple[str, Callable[[], dict[str, Any]], Callable[[dict[str, Any]], Any], tuple[str, ...]]] = [
    # header and structure
    ("format", beginner, _set("format", "catan-table-save"), ("not a catan-neutral-position",)),
    ("version", beginner, _set("version", 2), ("version 2",)),
    ("missing field", beginner, lambda p: p.pop("bank"), ("'bank' is missing",)),
    ("unknown field", beginner, _set("comment", "x"), ("unknown field(s) comment",)),
    # rules
    ("friendly robber", beginner, _set("rules.friendly_robber", True), ("rules.friendly_robber",)),
    ("unknown rule", beginner, _set("rules.robber_king", 1), ("rules: unknown field(s) robber_king",)),
    ("bad target", beginner, _set("rules.vps_to_win", 1), ("rules: option 'vps_to_win' must be at least 3, got 1",)),
    # seats and colours
    ("two seats", beginner, _set("seats", ["red", "blue"]), ("seats: catan-base is for 3-4 players",)),
    ("bad colour", beginner, _set("seats.1", "green"), ("seats[1]: 'green' is not a colour",)),
    ("repeated colour", beginner, _set("seats.2", "red"), ("seats[2]: the colour red is already taken",)),
    ("player colour", beginner, _set("players.1.color", "white"), ("players[1].color",)),
    # board and robber
    ("board", beginner, lambda p: p["board"]["hexes"].pop(), ("board: needs 19 hexes",)),
    ("harbor spot", beginner, _set("board.harbors.0.side", "NE"), ("board.harbors[0]",)),
    ("robber", beginner, _set("board.robber", 19), ("board.robber",)),
    # pieces
    ("distance rule", beginner, _neighbour_building, (f"buildings: h0.SE and {NEIGHBOUR} break the distance rule",)),
    ("same spot", beginner, lambda p: p["buildings"].append(dict(p["buildings"][0], owner="blue")),
     ("buildings: two buildings at h0.SE",)),
    ("unknown intersection", beginner, _set("buildings.0.at", "h19.N"), ("buildings[0].at",)),
    ("too many settlements", beginner, lambda p: _add_free_settlements(p, "red", 4),
     ("buildings: red has 6 settlements on the board, but only 5 pieces",)),
    ("too many roads", beginner, _sixteen_roads, ("roads: red has 16 roads on the board, but only 15 pieces",)),
    ("pieces left", beginner, _set("players.0.pieces_left.roads", 12),
     ("players[0].pieces_left.roads: 12 given, but 2 on the board leave 13",)),
    ("road not connected", beginner, _far_road, ("roads: red's road", "is not connected to a red building")),
    ("building without road", beginner, _lonely_settlement, ("buildings: red's settlement at", "touches no red road")),
    # resources and bank
    ("negative resource", beginner, _set("players.1.resources.lumber", -1), ("players[1].resources.lumber",)),
    ("resource missing", beginner, lambda p: p["players"][1]["resources"].pop("ore"),
     ("players[1].resources: the field 'ore' is missing",)),
    ("bank sum", beginner, _set("players.0.resources.lumber", 3),
     ("bank.resources.lumber: bank 15 + hands 5 = 20, not 19",)),
    # development cards
    ("too many knights", beginner, _set("players.0.dev_cards.knight", 15),
     ("dev cards: 15 knight in hands and 0 played, but the game has 14",)),
    ("deck size", beginner, _set("bank.dev_deck_size", 24), ("bank.dev_deck_size: 24 given",)),
    ("hidden deck", beginner, _set("hidden", {"dev_deck_next_first": ["knight"] * 25}),
     ("hidden.dev_deck_next_first: the deck must hold exactly",)),
    ("new above hand", beginner, _set("players.0.dev_cards_new.monopoly", 1), ("players[0].dev_cards_new.monopoly",)),
    ("new card off turn", beginner, _blue_new_card, ("players[1].dev_cards_new: only the turn player",)),
    # points
    ("vp public", beginner, _set("players.2.vp_public", 3), ("players[2].vp_public: 3 given", "make 2")),
    ("vp actual", beginner, _red_vp_card, ("players[0].vp_actual: 2 given", "make 3")),
    ("won on own turn", beginner, _both(_red_vp_card, _set("players.0.vp_actual", 3), _set("rules.vps_to_win", 3)),
     ("red has 3 points on their own turn and would have won",)),
    # longest road and largest army (small cases; the built ones follow below)
    ("road length", beginner, _set("players.0.longest_road_length", 2),
     ("players[0].longest_road_length: 2 given, but the roads make 1",)),
    ("short holder", beginner, _both(_set("longest_road", {"holder": "red", "length": 1}),
                                     _set("players.0.vp_public", 4), _set("players.0.vp_actual", 4)),
     ("longest_road: the holder red has a road of only 1 (needs 5)",)),
    ("army without knights", beginner, _set("largest_army", {"holder": "blue", "knights": 0}),
     ("largest_army: the holder blue has played only 0 knights (needs 3)",)),
    # turn
    ("phase", beginner, _set("turn.phase", "dance"), ("turn.phase: 'dance' is not a phase",)),
    ("to_act", beginner, _set("turn.to_act", "blue"), ("turn.to_act: in phase roll the turn player red acts",)),
    ("to_act null", beginner, _set("turn.to_act", None), ("turn.to_act: null exactly when the game is over",)),
    ("discards outside discard", beginner, _set("turn.pending_discards", {"blue": 4}),
     ("turn.pending_discards: set exactly in phase discard",)),
    ("setup_road_from outside", beginner, _set("turn.setup_road_from", "h0.SE"),
     ("turn.setup_road_from: set exactly in phase setup_road",)),
    ("free roads outside", beginner, _set("turn.free_roads", 2),
     ("turn.free_roads: set exactly in phase road_building",)),
    ("trade outside", beginner,
     _set("turn.trade", {"offerer": "red", "offered": {"lumber": 1}, "asked": {"ore": 1}, "accepted_by": []}),
     ("turn.trade: set exactly in the trade phases",)),
    ("winner outside", beginner, _set("turn.winner", "red"), ("turn.winner: set exactly in phase game_over",)),
    ("setup round outside", beginner, _set("turn.setup_round", 1), ("turn.setup_round: set exactly in the set-up",)),
    ("robber cause outside", beginner, _set("turn.robber_cause", "seven"), ("turn.robber_cause: set exactly",)),
    ("rolled in roll", beginner, _both(_set("turn.has_rolled", True), _set("turn.last_roll", [3, 4])),
     ("turn.has_rolled: the dice are not rolled yet in phase roll",)),
    ("dice without roll", beginner, _set("turn.last_roll", [3, 4]), ("turn.last_roll: given exactly when has_rolled",)),
    ("bad die", lambda: found("trade_response"), _set("turn.last_roll", [0, 4]), ("turn.last_roll[0]",)),
    ("played flag", beginner, _set("turn.dev_card_played", True), ("turn.dev_card_played: red has played no",)),
    # set-up phases
    ("setup round missing", lambda: found("setup_road"), _set("turn.setup_round", None),
     ("turn.setup_round: set exactly in the set-up phases, but the phase is setup_road",)),
    ("setup round", lambda: found("setup_settlement"), _set("turn.setup_round", 2),
     ("turn.setup_round: the pieces on the board are those of round 1",)),
    ("setup turn", lambda: found("setup_settlement"),
     lambda p: (p["turn"].update(turn_of=p["seats"][0], to_act=p["seats"][0])),
     ("turn.turn_of: in this set-up step it is",)),
    ("setup road from", lambda: found("setup_road"),
     lambda p: p["turn"].update(setup_road_from=next(b["at"] for b in p["buildings"]
                                                     if b["owner"] != p["turn"]["turn_of"])),
     ("turn.setup_road_from:", "must be a settlement of")),
    ("setup pieces", lambda: found("setup_settlement"), _early_placement,
     ("buildings: in set-up step 4 (snake order from", "should have 1 settlement(s) and 1 road(s), not 0 and 0")),
    ("setup robber", lambda: found("setup_road"), lambda p: p["board"].update(robber=(p["board"]["robber"] + 1) % 19),
     ("board.robber: in the set-up the robber stands on the desert",)),
    # discard, robber, road building, trades, game over
    ("discard to_act", lambda: found("discard"),
     lambda p: p["turn"].update(to_act=next(c for c in p["seats"] if c not in p["turn"]["pending_discards"])),
     ("turn.to_act: in phase discard it must be a player who owes cards",)),
    ("discard owed", lambda: found("discard"),
     lambda p: p["turn"]["pending_discards"].update({c: 40 for c in p["turn"]["pending_discards"]}),
     ("turn.pending_discards.", "cards owed do not fit a hand")),
    ("discard roll", lambda: found("discard"), _set("turn.last_roll", [3, 3]),
     ("turn.last_roll: the discard phase follows a roll of 7",)),
    ("knight cause", lambda: found("move_robber_knight"), _set("turn.dev_card_played", False),
     ("turn.robber_cause: knight, but",)),
    ("road building card", lambda: found("road_building"), _set("turn.dev_card_played", False),
     ("turn.phase: road_building, but",)),
    ("trade all answered", lambda: found("trade_response"), _counter_everyone,
     ("turn.trade: everyone has answered, so the phase would be trade_confirm",)),
    ("trade nobody accepted", lambda: found("trade_confirm"), _counter_everyone,
     ("turn.trade: nobody accepted, so the offer would already be closed",)),
    ("trade offerer", lambda: found("trade_response"),
     lambda p: p["turn"]["trade"].update(offerer=next(c for c in p["seats"] if c != p["turn"]["turn_of"])),
     ("turn.trade.offerer: only the turn player",)),
    ("winner points", lambda: found("game_over"), _set("rules.vps_to_win", 20), ("turn.winner:", "has only")),
    ("winner null", lambda: found("game_over"), _set("turn.winner", None), ("turn.winner: set exactly",)),
]


@pytest.mark.parametrize("name, base, change, fragments", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_import_refuses_bad_positions(name: str, base: Callable[[], dict[str, Any]],
                                      change: Callable[[dict[str, Any]], Any], fragments: tuple[str, ...]) -> None:
    pos = _edit(base, change)
    assert pos != base(), "the edit changed nothing"
    refuse(pos, *fragments)


def _long_roads_game(red: int, blue: int) -> CatanGame:
    game = beginner_game()
    extend_roads(game, 0, red)
    extend_roads(game, 1, blue)
    return game


def test_longest_road_holder_rules() -> None:
    game = _long_roads_game(5, 4)
    s = game.state
    assert (s.road_length[0], s.road_length[1], s.longest_holder) == (6, 5, 0)
    pos = export_position(game)
    assert pos["longest_road"] == {"holder": "red", "length": 6}
    assert strip(export_position(position_game(pos))) == strip(pos)
    wrong = copy.deepcopy(pos)
    wrong["longest_road"] = {"holder": "blue", "length": 5}
    for color, vp in (("red", 2), ("blue", 4)):
        player(wrong, color)["vp_public"] = player(wrong, color)["vp_actual"] = vp
    refuse(wrong, "longest_road: red's road (6) is longer than the holder blue's (5)")
    nobody = copy.deepcopy(pos)
    nobody["longest_road"] = {"holder": None, "length": None}
    player(nobody, "red")["vp_public"] = player(nobody, "red")["vp_actual"] = 2
    refuse(nobody, "longest_road: red alone has the longest road (6) and must hold it")
    bad_length = copy.deepcopy(pos)
    bad_length["longest_road"]["length"] = 7
    refuse(bad_length, "longest_road.length: 7 given, 6 expected")


def test_tied_longest_road_holder_is_allowed() -> None:
    game = _long_roads_game(4, 4)
    s = game.state
    assert s.road_length[:2] == [5, 5] and s.longest_holder == 0  # red had it first; blue's tie does not take it
    pos = export_position(game)
    assert pos["longest_road"] == {"holder": "red", "length": 5}
    assert position_game(pos).state.longest_holder == 0
    s.longest_holder = 1  # either tied player may be the holder
    assert position_game(export_position(game)).state.longest_holder == 1
    s.longest_holder = NOBODY  # a tie with nobody holding (after a break) is allowed too
    untied = export_position(game)
    assert untied["longest_road"] == {"holder": None, "length": None}
    assert position_game(untied).state.longest_holder == NOBODY


def test_largest_army_rules() -> None:
    game = beginner_game()
    give_knights(game, 0, 3)
    give_knights(game, 1, 3)
    game.state.army_holder = 1  # blue had three first; red's tie does not take it
    pos = export_position(game)
    assert pos["largest_army"] == {"holder": "blue", "knights": 3}
    assert position_game(pos).state.army_holder == 1
    nobody = copy.deepcopy(pos)
    nobody["largest_army"] = {"holder": None, "knights": None}
    player(nobody, "blue")["vp_public"] = player(nobody, "blue")["vp_actual"] = 2
    refuse(nobody, "largest_army:", "so someone must hold it")
    give_knights(game, 0, 1)
    more = export_position(game)
    refuse(more, "largest_army: red has played more knights (4) than the holder blue (3)")
    more["largest_army"]["knights"] = 2
    refuse(more, "largest_army")


def test_seats_must_match_the_position() -> None:
    pos = beginner()
    seats = tuple(Seat(c, c) for c in ("blue", "red", "white", "orange"))
    refuse_seats = copy.deepcopy(pos)
    with pytest.raises(InvalidPosition, match="seats: the given seats are blue, red, white, orange"):
        position_game(refuse_seats, seats=seats)
    assert refuse_seats == pos


@pytest.mark.parametrize("content, fragment", [
    (None, "cannot read"),
    ("{not json", "not valid JSON"),
    ('{"format": "catan-table-save"}', "not a catan-neutral-position position"),
    ('{"format": "catan-neutral-position", "version": 7}', "version 7 is not supported"),
])
def test_load_position_refuses_bad_files(tmp_path: Path, content: str | None, fragment: str) -> None:
    path = tmp_path / "pos.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(InvalidPosition, match=fragment):
        load_position(path)


# ---------------------------------------------------------------- command line


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True)


def test_cli_position_export_of_a_save(tmp_path: Path) -> None:
    game = new_game("catan-base", 4, seed=7, options={"board": "variable"})
    rng = random.Random(7)
    for _ in range(200):
        step(game, rng)
    path = tmp_path / "game.json"
    save_game(game, path)
    done = _cli("position", "export", str(path), "--legal", "--hidden")
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    assert printed == export_position(load_game(path), include_legal=True, include_hidden=True)
    assert strip(printed) == strip(export_position(game, include_legal=True, include_hidden=True))
    plain = json.loads(_cli("position", "export", str(path)).stdout)
    assert "legal_actions" not in plain and "hidden" not in plain


def test_cli_position_legal_on_examples(tmp_path: Path) -> None:
    for path in sorted(POSITIONS.glob("*.json")):
        done = _cli("position", "legal", str(path))
        assert done.returncode == 0, done.stderr
        lines = [json.loads(line) for line in done.stdout.splitlines()]
        assert lines == legal_actions_in_format(position_game(load_position(path)))
        assert lines
    bad = json.loads((POSITIONS / "beginner-start.json").read_text(encoding="utf-8"))
    bad["board"]["robber"] = 42
    (tmp_path / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    done = _cli("position", "legal", str(tmp_path / "bad.json"))
    assert done.returncode == 2 and "board.robber" in done.stderr
