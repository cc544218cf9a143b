"""User settings (language, speeds, Hard AI think time, fullscreen, sound, UI scale, colour marks, hints, tour, the
win-chance bar) kept as JSON in the config dir."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.ai.registry import DEFAULT_THINK_SECONDS
from game.core.errors import GameError
from game.core.files import read_json_file, write_json_atomically
from gui.i18n import Translator

SETTINGS_FILE = "settings.json"
# Speed multipliers offered in the settings screen; 0 turns animations off.
ANIMATION_SPEEDS: tuple[float, ...] = (0.0, 0.5, 1.0, 2.0)
AI_SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
MAX_SPEED = 10.0
# The Hard AI's think time per decision offered in the settings screen, in seconds.
THINK_TIMES: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
MIN_THINK_SECONDS = 0.1
MAX_THINK_SECONDS = 60.0
# Sound volumes and UI scales offered in the comfort settings screen.
VOLUMES: tuple[float, ...] = (0.0, 0.25, 0.5, 0.75, 1.0)
UI_SCALES: tuple[float, ...] = (0.8, 0.9, 1.0, 1.1, 1.25, 1.5)
MIN_UI_SCALE = 0.8
MAX_UI_SCALE = 1.5


class SettingsError(GameError):
    """The settings file cannot be read (the defaults then apply)."""


def _default_lang() -> str:
    return Translator.default_language()


@dataclass
class Settings:
    """What the player chose in the settings screen; speeds are multipliers (higher is faster)."""

    lang: str = field(default_factory=_default_lang)
    animation_speed: float = 1.0
    ai_speed: float = 1.0
    hard_think_seconds: float = DEFAULT_THINK_SECONDS
    fullscreen: bool = False
    allow_undo: bool = True
    volume: float = 0.75
    muted: bool = False
    ui_scale: float = 1.0
    colour_marks: bool = False
    hints: bool = True
    tour_seen: bool = False
    win_bar: bool = False  # the win-chance bar in games with humans (watch mode always shows it)

    def to_json(self) -> dict[str, Any]:
        """The settings as a JSON object."""
        return asdict(self)

    @staticmethod
    def from_json(data: Any) -> Settings:
        """Read settings, refusing anything malformed with ValueError (unknown keys are ignored)."""
        if not isinstance(data, dict):
            raise ValueError("the settings file must hold a JSON object")
        out = Settings()
        known = {f.name for f in fields(Settings)}
        for key, value in data.items():
            if key not in known:
                continue
            setattr(out, key, _checked(key, value))
        return out


def _checked(key: str, value: Any) -> Any:
    """Validate one setting value, raising ValueError with the key's name."""
    if key == "lang":
        if not isinstance(value, str) or value not in Translator.available_languages():
            raise ValueError(f"unknown language {value!r}")
        return value
    if key in ("animation_speed", "ai_speed"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MAX_SPEED:
            raise ValueError(f"{key} must be a number from 0 to {MAX_SPEED:g}, got {value!r}")
        return float(value)
    if key == "hard_think_seconds":
        if (isinstance(value, bool) or not isinstance(value, (int, float))
                or not MIN_THINK_SECONDS <= value <= MAX_THINK_SECONDS):
            raise ValueError(f"{key} must be a number of seconds from {MIN_THINK_SECONDS:g} to "
                             f"{MAX_THINK_SECONDS:g}, got {value!r}")
        return float(value)
    if key in ("fullscreen", "muted", "colour_marks", "hints", "tour_seen", "win_bar"):
        if not isinstance(value, bool):
            raise ValueError(f"{key} must be true or false, got {value!r}")
        return value
    if key == "volume":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise ValueError(f"volume must be a number from 0 to 1, got {value!r}")
        return float(value)
    if key == "ui_scale":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not MIN_UI_SCALE <= value <= MAX_UI_SCALE:
            raise ValueError(f"ui_scale must be a number from {MIN_UI_SCALE:g} to {MAX_UI_SCALE:g}, got {value!r}")
        return float(value)
    if key == "allow_undo":
        if not isinstance(value, bool):
            raise ValueError(f"allow_undo must be true or false, got {value!r}")
        return value
    raise ValueError(f"unknown setting {key!r}")


def load_settings(path: Path) -> tuple[Settings, str | None]:
    """Read settings from path; a missing file gives defaults, a damaged one defaults and the reason."""
    path = Path(path)
    if not path.exists():
        return Settings(), None
    try:
        data = read_json_file(path, SettingsError)
        return Settings.from_json(data), None
    except SettingsError as exc:
        return Settings(), str(exc)
    except ValueError as exc:
        return Settings(), f"{path.name}: {exc}"


def save_settings(settings: Settings, path: Path) -> None:
    """Write settings to path atomically."""
    write_json_atomically(Path(path), settings.to_json())
