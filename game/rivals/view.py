"""A seat's view of a Rivals game: both principalities, own hand, counts of hidden things, no stack orders."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.seats import Seat
from game.rivals.pending import item_index
from game.rivals.scoring import hand_limit, stats, victory_points
from game.rivals.state import Pending, RivalsState

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame


@dataclass(frozen=True, slots=True)
class RivalsView:
    """What one seat may know (player -1: a spectator). Cards are physical indices into the catalogue."""

    player: int
    grid: tuple[tuple[int, ...], ...]
    store: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, int]
    stack_sizes: tuple[int, ...]
    center_sizes: dict[str, int]
    event_deck_size: int
    discard_top: int
    discard_size: int
    face_up: tuple[int, ...]
    current: int
    phase: str
    dice: tuple[int, str]
    tokens: tuple[int, int]
    vp: tuple[int, int]
    stats: tuple[tuple[int, int, int, int], ...]
    hand_limit: int
    decision: tuple[str, tuple[Any, ...]] | None
    revealed: dict[str, tuple[int, ...]]
    target_vp: int
    stack_backs: tuple[str, ...] = ()  # the backs of the draw stacks are public: which set each stack holds
    # Per draw stack: how many of its bottom cards players put there (public; not which cards).
    stack_returned: tuple[int, ...] = ()
    # What a searching bot needs to rebuild a full game from this view (all public, or this seat's own).
    under: tuple[tuple[tuple[int, int], ...], ...] = ((), ())  # per player: (cell, card lying beneath)
    fresh: tuple[int, ...] = ()  # this seat's hand cards taken this turn (not playable yet)
    fresh_sizes: tuple[int, int] = (0, 0)
    pending: tuple[Pending, ...] = ()  # every open decision (another seat's card to use at once shows as -1)
    turn_number: int = 0
    exchanged: bool = False
    started: int = -1
    used: tuple[int, ...] = ()
    options: dict[str, object] | None = None
    variant_id: str = "rivals-intro"
    seats: tuple[Seat, ...] = ()
    game_attrs: tuple[tuple[str, object], ...] = ()

    @staticmethod
    def of(game: RivalsGame, player: int) -> RivalsView:
        """Build the view; the searched stack, the region stack (with a Scout), the opponent's hand
        (Fraternal Feuds, Traitor) or the discard pile (Guido, Gustav) are revealed only while this seat may look."""
        s = game.state
        index = item_index(s, player) if player in (0, 1) else -1
        decision = (s.pending[index][2], s.pending[index][3]) if index >= 0 else None
        revealed: dict[str, tuple[int, ...]] = {}
        if decision and decision[0] in ("search_pick", "start_pick"):
            revealed["stack"] = tuple(s.stacks[decision[1][0]])
        if decision and decision[0] in ("feuds_pick", "traitor_pick"):
            revealed["opponent_hand"] = tuple(s.hands[1 - player])
        if decision and decision[0] == "discard_pick":  # Guido, Gustav: the whole discard pile
            revealed["discard"] = tuple(s.discard)
        if player in (0, 1) and s.phase == "action" and not s.pending and player == s.current:
            from game.rivals.catalogue import card_of

            if any(card_of()[c].id == "scout" and c not in s.fresh[player] for c in s.hands[player]):
                revealed["region_stack"] = tuple(s.center["region"])
        return RivalsView(
            player=player,
            grid=tuple(tuple(g) for g in s.grid),
            store=tuple(tuple(x) for x in s.store),
            hand=tuple(s.hands[player]) if player in (0, 1) else (),
            hand_sizes=(len(s.hands[0]), len(s.hands[1])),
            stack_sizes=tuple(len(st) for st in s.stacks),
            center_sizes={k: len(v) for k, v in s.center.items()},
            event_deck_size=len(s.events),
            discard_top=s.discard[-1] if s.discard else -1,
            discard_size=len(s.discard),
            face_up=tuple(s.face_up),
            current=s.current,
            phase=s.phase,
            dice=s.dice,
            tokens=(s.tokens[0], s.tokens[1]),
            vp=(victory_points(s, 0), victory_points(s, 1)),
            stats=(stats(s, 0), stats(s, 1)),
            hand_limit=hand_limit(s, player) if player in (0, 1) else 0,
            decision=decision,
            revealed=revealed,
            target_vp=game.mode.target_vp,
            stack_backs=tuple(s.stack_backs),
            stack_returned=tuple(s.returned),
            under=(tuple(sorted(s.under[0].items())), tuple(sorted(s.under[1].items()))),
            fresh=tuple(s.fresh[player]) if player in (0, 1) else (),
            fresh_sizes=(len(s.fresh[0]), len(s.fresh[1])),
            pending=public_pending(s, player),
            turn_number=s.turn_number,
            exchanged=s.exchanged,
            started=s.started,
            used=tuple(s.used),
            options=dict(game.options),
            variant_id=game.variant.id,
            seats=game.seats,
            game_attrs=game.public_attributes(),
        )


def public_pending(s: RivalsState, player: int) -> tuple[Pending, ...]:
    """The open decisions as a seat sees them: a card another seat took in secret and may use at once is hidden."""
    return tuple((b, p, kind, (-1, *data[1:])) if kind == "use_now" and p != player else (b, p, kind, data)
                 for b, p, kind, data in s.pending)
