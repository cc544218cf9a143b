"""A running game at the table: seats, who acts now, hot-seat passing, AI workers (cancelled when the table is left),
pacing and autosave."""

from __future__ import annotations

import logging
import queue
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.actions import Action, Event
from game.core.errors import GameError
from game.core.game import Game
from game.core.undo import REASON_NOT_ACTIVE, UndoStatus

log = logging.getLogger(__name__)

#: Seconds between two AI actions at speed factor 1.
AI_BASE_DELAY = 0.65
#: Event kinds after which the game is autosaved (the end of a turn in each family).
TURN_EVENTS = frozenset({"turn_ended", "cards_turn_started"})
#: Why undo is unavailable when the setting turns it off (a translation key).
UNDO_OFF = "undo.reason.off"
_SPEED_WORDS = {"slow": 0.5, "normal": 1.0, "fast": 2.5, "instant": 0.0, "max": 0.0}


def speed_factor(value: Any, default: float = 1.0) -> float:
    """Turn a speed setting (a number, or a word like 'slow'/'fast'/'instant') into a factor; 0 means no delay."""
    if isinstance(value, bool):
        return default
    if isinstance(value, (int, float)):
        return max(0.0, float(value))
    if isinstance(value, str):
        word = value.strip().lower()
        if word in _SPEED_WORDS:
            return _SPEED_WORDS[word]
        try:
            return max(0.0, float(word))
        except ValueError:
            return default
    return default


@dataclass(frozen=True, slots=True)
class AIRequest:
    """What an AI worker needs: the bot, the seat's view, its legal actions, a seed, and a token to match the answer."""

    token: tuple[int, int, int]
    bot: Any
    view: Any
    legal: tuple[Action, ...]
    seed: int


class AIWorker:
    """A daemon thread that answers AIRequests with chosen actions through a queue; never blocks the caller."""

    def __init__(self) -> None:
        self._requests: queue.Queue[AIRequest | None] = queue.Queue()
        self._results: queue.Queue[tuple[tuple[int, int, int], Action]] = queue.Queue()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="catan-ai", daemon=True)
        self._thread.start()

    def submit(self, request: AIRequest) -> None:
        """Queue a request; the answer appears later in poll()."""
        self._requests.put(request)

    def poll(self, wait: float = 0.0) -> tuple[tuple[int, int, int], Action] | None:
        """The next finished answer (token, action), or None when none is ready (at once, or after `wait` s)."""
        try:
            return self._results.get(timeout=wait) if wait > 0 else self._results.get_nowait()
        except queue.Empty:
            return None

    def stop(self) -> None:
        """Ask the thread to end after its current request (requests still queued are dropped, answers too)."""
        self._stopped.set()
        self._requests.put(None)

    @property
    def alive(self) -> bool:
        """Whether the worker thread still runs."""
        return self._thread.is_alive()

    def _run(self) -> None:
        while True:
            request = self._requests.get()
            if request is None or self._stopped.is_set():
                return
            rng = random.Random(request.seed)
            legal = list(request.legal)
            try:
                action = request.bot.choose(request.view, legal, rng)
                if action not in legal:
                    raise GameError(f"bot chose an action that is not legal: {action!r}")
            except Exception:  # a faulty bot must not stop the game
                log.exception("AI bot failed; playing a random legal action")
                action = legal[rng.randrange(len(legal))]
            if self._stopped.is_set():  # the table was left meanwhile: nobody wants this answer
                return
            self._results.put((request.token, action))


def make_seat_bot(controller: str, family: str, think_seconds: float | None = None) -> Any:
    """The bot for an AI seat (think_seconds: the Hard bot's budget per decision); falls back to the random bot when
    the named one is not available."""
    from game.ai.registry import make_bot

    try:
        return make_bot(controller, family, think_seconds=think_seconds)
    except Exception:  # e.g. a bot module not written yet
        log.warning("bot %r is not available for %s; using the random bot", controller, family)
        return make_bot("random", family)


Listener = Callable[[Action, list[Event]], None]


class GameSession:
    """Holds the game and seats; decides who acts, hides hands between humans, runs AIs off the main thread."""

    def __init__(self, game: Game, *, bots: dict[int, Any] | None = None, autosave_path: Path | None = None,
                 ai_speed: Callable[[], float] | None = None,
                 think_seconds: Callable[[], float | None] | None = None,
                 allow_undo: Callable[[], bool] | None = None) -> None:
        self.game = game
        self._allow_undo = allow_undo or (lambda: True)
        self._undo_shift = 0
        self.replay = False  # a read-only view for the replay viewer: nobody acts
        self.seats = game.seats
        family = getattr(game.variant, "family", "catan")
        self._think_seconds = think_seconds
        self.bots: dict[int, Any] = dict(bots or {})
        for p, seat in enumerate(self.seats):
            if not seat.is_human and p not in self.bots:
                self.bots[p] = make_seat_bot(seat.controller, family, self.think_seconds())
        self.human_seats: tuple[int, ...] = tuple(p for p, s in enumerate(self.seats) if s.is_human)
        self.autosave_path = autosave_path
        self._ai_speed = ai_speed or (lambda: 1.0)
        self.listeners: list[Listener] = []
        self.paused = False
        self.watch_speed = 1.0
        self._step_once = False
        self._worker: AIWorker | None = None
        self._pending: dict[int, tuple[int, int, int]] = {}
        self._ready: dict[int, Action] = {}
        self._epoch = 0
        self._cooldown = 0.0
        self._legal_cache: dict[tuple[int, int], list[Action]] = {}
        self.last_error: str | None = None
        first = self._preferred_human()
        self.viewer: int = first if first is not None else (self.human_seats[0] if self.human_seats else -1)
        self.pass_to: int | None = None
        self._check_pass()

    # ------------------------------------------------------------------ who acts

    @property
    def all_ai(self) -> bool:
        """Whether every seat is an AI (watch mode)."""
        return not self.human_seats

    @property
    def revision(self) -> int:
        """A number that changes whenever the game changes (the length of the action log, moved past every earlier
        value by each undo so caches keyed on it never see an old number again)."""
        return len(self.game.log) + self._undo_shift

    def is_human(self, player: int) -> bool:
        """Whether a person plays this seat (nobody does in a replay)."""
        return not self.replay and 0 <= player < len(self.seats) and self.seats[player].is_human

    def _preferred_human(self) -> int | None:
        active = [p for p in self.game.active_players() if self.is_human(p)]
        if not active:
            return None
        viewer = getattr(self, "viewer", -1)
        return viewer if viewer in active else active[0]

    def actor(self) -> int | None:
        """The seat that must act now: a human who may act, else the first active AI; None when over."""
        human = self._preferred_human()
        if human is not None:
            return human
        active = self.game.active_players()
        return active[0] if active else None

    def human_actor(self) -> int | None:
        """The human whose input the table takes now (None while the pass screen is up or only AIs act)."""
        if self.pass_to is not None:
            return None
        human = self._preferred_human()
        return human if human == self.viewer else None

    def ai_actors(self) -> tuple[int, ...]:
        """Active seats played by AIs."""
        return tuple(p for p in self.game.active_players() if not self.is_human(p))

    def _check_pass(self) -> None:
        """Put up the pass screen when a different human than the shown one must act."""
        human = self._preferred_human()
        if human is None or human == self.viewer:
            self.pass_to = None if human == self.viewer else self.pass_to
            return
        if len(self.human_seats) <= 1:
            self.viewer = human
            self.pass_to = None
        else:
            self.pass_to = human

    def confirm_pass(self) -> None:
        """The named human has the screen now: show their view."""
        if self.pass_to is not None:
            self.viewer = self.pass_to
            self.pass_to = None

    # ------------------------------------------------------------------ actions

    def legal(self, player: int) -> list[Action]:
        """The player's legal actions now (cached per game revision)."""
        key = (self.revision, player)
        cached = self._legal_cache.get(key)
        if cached is None:
            if len(self._legal_cache) > 16:
                self._legal_cache.clear()
            cached = self._legal_cache[key] = self.game.legal_actions(player)
        return cached

    def is_legal(self, action: Action) -> bool:
        """Whether the game would accept the action now."""
        return self.game.is_legal(action)

    def apply(self, action: Action) -> list[Event]:
        """Apply an action through the game (IllegalAction propagates), tell listeners, autosave after a turn."""
        events = self.game.apply(action)
        self._legal_cache.clear()
        for listener in list(self.listeners):
            listener(action, events)
        if any(e.kind in TURN_EVENTS for e in events):
            self.autosave()
        self._check_pass()
        return events

    def undo_status(self) -> UndoStatus:
        """What the human on screen may take back now (the rules model decides; the setting can turn undo off)."""
        if not self._allow_undo():
            return UndoStatus(0, UNDO_OFF)
        human = self.human_actor()
        if human is None:
            return UndoStatus(0, REASON_NOT_ACTIVE)
        return self.game.undo_status(human)

    def undo(self) -> Action:
        """Take back the acting human's newest action (UndoRefused when not allowed); AI answers in flight become
        stale."""
        from game.core.undo import UndoRefused

        status = self.undo_status()
        if not status.possible:
            raise UndoRefused(status.reason)
        human = self.human_actor()
        assert human is not None
        action = self.game.undo(human)
        self._undo_shift += 2
        self.reset_ai()
        return action

    def autosave(self) -> None:
        """Save the game to the autosave path (errors are logged, never raised)."""
        if self.autosave_path is None:
            return
        from game.core.saves import save_game

        try:
            save_game(self.game, Path(self.autosave_path))
        except Exception as exc:  # a full disk must not end the game
            self.last_error = str(exc)
            log.warning("autosave failed: %s", exc)

    # ------------------------------------------------------------------ AI

    def think_seconds(self) -> float | None:
        """The Hard bot's think time per decision from the settings (None: the registry's default)."""
        return self._think_seconds() if self._think_seconds is not None else None

    def _delay(self) -> float:
        factor = speed_factor(self._ai_speed())
        if self.all_ai:
            factor *= self.watch_speed
        return 0.0 if factor <= 0 else AI_BASE_DELAY / factor

    def step_once(self) -> None:
        """In watch mode while paused: let the next AI action through."""
        self._step_once = True

    def _token(self, player: int) -> tuple[int, int, int]:
        return (self._epoch, self.revision, player)

    def update(self, dt: float, hold: bool = False) -> list[tuple[Action, list[Event]]]:
        """Poll the AI worker and apply at most one ready AI action when pacing allows; never blocks."""
        self._cooldown = max(0.0, self._cooldown - dt)
        done: list[tuple[Action, list[Event]]] = []
        if self.game.is_over() or self.replay:
            return done
        ai = self.ai_actors()
        if not ai:
            return done
        if self._worker is None:
            self._worker = AIWorker()
        while (answer := self._worker.poll()) is not None:
            self._collect(*answer)
        think = self.think_seconds()
        for p in ai:
            token = self._token(p)
            if p in self._ready or self._pending.get(p) == token:
                continue
            self._pending[p] = token
            if think is not None and isinstance(getattr(self.bots[p], "think_seconds", None), (int, float)):
                self.bots[p].think_seconds = think  # a changed setting applies from the next decision
            self._worker.submit(AIRequest(token, self.bots[p], self.game.view(p), tuple(self.legal(p)),
                                          self._seed(p)))
        if hold or self._cooldown > 0:
            return done
        if self.all_ai and self.paused and not self._step_once:
            return done
        for p in ai:
            action = self._ready.pop(p, None)
            if action is None:
                continue
            if not self.game.is_legal(action):
                continue
            self._step_once = False
            done.append((action, self.apply(action)))
            self._ready.clear()
            self._cooldown = self._delay()
            break
        return done

    def _collect(self, token: tuple[int, int, int], action: Action) -> None:
        if token[2] in self._pending and self._pending[token[2]] == token:
            del self._pending[token[2]]
            if token == self._token(token[2]):
                self._ready[token[2]] = action

    def await_answers(self, timeout: float = 5.0) -> bool:
        """Block until every AI request asked so far is answered, or `timeout` s pass (for tests, whose runs
        must not depend on how fast the worker thread is scheduled); whether all were answered."""
        end = time.monotonic() + timeout
        while self._pending and self._worker is not None:
            left = end - time.monotonic()
            if left <= 0:
                return False
            answer = self._worker.poll(wait=min(left, 0.05))
            if answer is not None:
                self._collect(*answer)
        return not self._pending

    def _seed(self, player: int) -> int:
        return (self.game.seed * 1_000_003 + self.revision * 131 + player) & 0x7FFFFFFF

    @property
    def ai_thinking(self) -> bool:
        """Whether an AI seat is to act and has not acted yet."""
        return bool(self.ai_actors()) and not self.game.is_over()

    def reset_ai(self) -> None:
        """Forget outstanding AI requests (after the game was changed from outside)."""
        self._epoch += 1
        self._pending.clear()
        self._ready.clear()
        self._legal_cache.clear()
        self._check_pass()

    def cancel_ai(self) -> None:
        """Stop every bot's search at once (bots with a cancel() method), stop the worker, and make any answer
        still on its way stale; returns without waiting for the worker thread."""
        self._epoch += 1
        self._pending.clear()
        self._ready.clear()
        if self._worker is not None:
            self._worker.stop()
            self._worker = None
        for bot in self.bots.values():
            cancel = getattr(bot, "cancel", None)
            if callable(cancel):
                try:
                    cancel()
                except Exception:  # a faulty bot must not keep the player at the table
                    log.exception("cancelling the AI bot failed")

    def close(self) -> None:
        """The table is left: cancel the bots' searches and stop the AI worker thread (never blocks)."""
        self.cancel_ai()


def wait_for_ai(session: GameSession, timeout: float = 5.0) -> list[tuple[Action, list[Event]]]:
    """Test helper: update the session until an AI action lands or the timeout passes."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        done = session.update(1.0)
        if done:
            return done
        time.sleep(0.001)
    return []
