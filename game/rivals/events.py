"""Events of Rivals for Catan: what the GUI animates and the log shows (keys and params only)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Event, shared


@dataclass(frozen=True, slots=True)
class StartingPlayerChosen(Event):
    """The roll-off decided who starts (rolls lists every round of both dice)."""

    kind = "starting_player_chosen"
    player: int
    rolls: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class StartingHandTaken(Event):
    """A player took the starting hand from a stack."""

    kind = "starting_hand_taken"
    player: int
    stack: int
    count: int


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """The production die and the event-die face (fixed marks Brigitta's chosen number)."""

    kind = "dice_rolled"
    player: int
    production: int
    event: str
    fixed: bool


@dataclass(frozen=True, slots=True)
class ResourceChanged(Event):
    """A region's storage changed by delta (source names why: production, booster, paid, event id, card id)."""

    kind = "resource_changed"
    player: int
    cell: int
    resource: int
    delta: int
    source: str


# Shared instances (game.core.actions.shared): production and payments repeat the same changes.
resource_changed = shared(ResourceChanged)


@dataclass(frozen=True, slots=True)
class ResourceLost(Event):
    """A gained resource could not be stored (no room) and is lost."""

    kind = "resource_lost"
    player: int
    resource: int
    source: str


@dataclass(frozen=True, slots=True)
class EventCardDrawn(Event):
    """The roller drew an event card."""

    kind = "event_card_drawn"
    player: int
    card: str


@dataclass(frozen=True, slots=True)
class EventDeckRebuilt(Event):
    """Yule: the event deck was shuffled and rebuilt."""

    kind = "event_deck_rebuilt"
    size: int


@dataclass(frozen=True, slots=True)
class NoEffect(Event):
    """An event, die face or card had no effect (reason is a key)."""

    kind = "no_effect"
    source: str
    reason: str


@dataclass(frozen=True, slots=True)
class CardBuilt(Event):
    """A card entered a principality (centre card or expansion) at a cell."""

    kind = "card_built"
    player: int
    card: str
    cell: int


@dataclass(frozen=True, slots=True)
class RegionsPlaced(Event):
    """A new settlement's regions were placed at cells."""

    kind = "regions_placed"
    player: int
    cells: tuple[int, ...]
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RegionsSwapped(Event):
    """Two regions of a principality changed places (with their stored amounts)."""

    kind = "regions_swapped"
    player: int
    a: int
    b: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """An action card was played."""

    kind = "card_played"
    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Traded(Event):
    """A player traded amount of one resource for one of another."""

    kind = "traded"
    player: int
    give: int
    amount: int
    get: int


@dataclass(frozen=True, slots=True)
class AdvantageChanged(Event):
    """An advantage token changed hands (holder -1: back to the supply)."""

    kind = "advantage_changed"
    token: str
    holder: int


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """A player took a card from a stack into the hand (the card is shown to that player only)."""

    kind = "card_drawn"
    player: int
    stack: int
    card: int


@dataclass(frozen=True, slots=True)
class CardReturned(Event):
    """A hand card went under a draw stack (face down)."""

    kind = "card_returned"
    player: int
    stack: int


@dataclass(frozen=True, slots=True)
class CardRemoved(Event):
    """A card left a principality (to a stack; -1 the discard pile; -2 back to the face-up stack)."""

    kind = "card_removed"
    player: int
    card: str
    cell: int
    stack: int


@dataclass(frozen=True, slots=True)
class ProtectionRolled(Event):
    """The attacked player rolled the production die against an attack card (Lookout Tower, Heinrich)."""

    kind = "protection_rolled"
    player: int
    source: str
    roll: int
    protected: bool


@dataclass(frozen=True, slots=True)
class Protected(Event):
    """An event or attack card did not apply to a player (by: the card or rule that protected them)."""

    kind = "protected"
    player: int
    source: str
    by: str


@dataclass(frozen=True, slots=True)
class HandCardTaken(Event):
    """A player took a card from the opponent's hand into their own (Traitor)."""

    kind = "hand_card_taken"
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class DiscardCardTaken(Event):
    """A player took a card of choice from the face-up discard pile into the hand (Guido, Gustav)."""

    kind = "discard_card_taken"
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class DecisionRequired(Event):
    """A player must decide (what names a pending-decision key)."""

    kind = "decision_required"
    player: int
    what: str


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """A player's turn ended."""

    kind = "turn_ended"
    player: int


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """A player reached the target."""

    kind = "game_won"
    player: int
    vp: int
