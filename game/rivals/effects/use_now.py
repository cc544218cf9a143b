"""Using one taken card at once: a card taken into the hand mid-turn (Library, Guido, Gustav, Traitor) may be
played or built right away, although a card taken this turn is otherwise unusable until the next turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.catalogue import card_of
from game.rivals.effects.base import DecisionRule
from game.rivals.building import build_options, expansion_refusal
from game.rivals.pending import USE_NOW, done, queue

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame

Data = tuple[Any, ...]
KIND = USE_NOW


def offer_use_now(g: RivalsGame, p: int, card: int, source: str, events: list) -> None:
    """Open the decision to play or build `card` (already in p's hand, marked fresh) at once, or keep it."""
    queue(g.state, [(p, KIND, (card, source))], events, front=True)


def _phase_actions(g: RivalsGame) -> dict:
    """The action types of the current phase with their checks and effects."""
    from game.rivals.rules import PHASE_ACTIONS

    return PHASE_ACTIONS.get(g.state.phase, {})


def _options(g: RivalsGame, p: int, data: Data) -> list:
    s = g.state
    card = data[0]
    out: list = [A.Pass(p)]
    if card not in s.hands[p]:
        return out
    info = card_of()[card]
    if info.is_expansion:
        if A.BuildExpansion in _phase_actions(g) and expansion_refusal(g, p, card) is None:
            out.extend(build_options(g, p, card))
        return out
    rule = g.card_rules.actions.get(info.id)
    if rule is not None and rule.phase == s.phase and rule.refusal(g, p) is None:
        out.extend(rule.options(g, p, card))
    return out


def _check(g: RivalsGame, a: Any, data: Data) -> None:
    if isinstance(a, A.Pass):
        return
    if a.card != data[0]:
        raise IllegalAction("only the card just taken may be used at once")
    handlers = _phase_actions(g).get(type(a))
    if handlers is None:
        raise IllegalAction(f"{a.kind} is not possible in the {g.state.phase} phase")
    handlers[0](g, a)


def _resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    s = g.state
    done(s, index)
    if isinstance(a, A.Pass):
        return  # the card stays in the hand, usable from the next turn on
    if a.card in s.fresh[a.player]:
        s.fresh[a.player].remove(a.card)
    events.extend(_phase_actions(g)[type(a)][1](g, a))


def _auto(g: RivalsGame, p: int, index: int, data: Data, events: list) -> bool:
    """Nothing to decide when the card cannot be used now: it simply stays in the hand."""
    if len(_options(g, p, data)) > 1:
        return False
    done(g.state, index)
    return True


DECISIONS: dict[str, DecisionRule] = {
    KIND: DecisionRule((A.PlayCard, A.BuildExpansion, A.Pass), _options, _check, _resolve, _auto),
}
