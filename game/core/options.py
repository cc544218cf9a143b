"""Variant options: typed, ranged, with defaults; validated before a game starts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.core.errors import GameError, InvalidOptions, brief


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a variant: its name, type, default and allowed values."""

    name: str
    type: type
    default: Any
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] | None = None
    # The option has an effect only when each named option has the given value (e.g. only on the variable board).
    applies_when: tuple[tuple[str, Any], ...] = ()

    def applies(self, options: Mapping[str, Any]) -> bool:
        """Whether the option changes anything with these other options chosen."""
        return all(options.get(name) == value for name, value in self.applies_when)

    @property
    def label_key(self) -> str:
        """Translation key of the option's label."""
        return f"option.{self.name}"

    def check(self, value: Any) -> Any:
        """Return the value if it is allowed, else raise InvalidOptions naming the problem."""
        if self.type is bool:
            if not isinstance(value, bool):
                raise InvalidOptions(f"option {self.name!r} must be true or false, got {brief(value)}")
        elif self.type is int:
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidOptions(f"option {self.name!r} must be a whole number, got {brief(value)}")
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptions(f"option {self.name!r} must be at least {self.minimum}, got {value}")
            if self.maximum is not None and value > self.maximum:
                raise InvalidOptions(f"option {self.name!r} must be at most {self.maximum}, got {value}")
        elif not isinstance(value, self.type):
            raise InvalidOptions(f"option {self.name!r} must be a {self.type.__name__}, got {brief(value)}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise InvalidOptions(f"option {self.name!r} must be one of {allowed}, got {brief(value)}")
        return value

    def describe(self) -> str:
        """A one-line description for `variants --verbose`."""
        if self.choices is not None:
            allowed = "|".join(str(c) for c in self.choices)
        elif self.type is bool:
            allowed = "true|false"
        elif self.type is int:
            allowed = f"{self.minimum if self.minimum is not None else ''}..{self.maximum if self.maximum is not None else ''}"
        else:
            allowed = self.type.__name__
        return f"{self.name}={self.default!r} ({allowed})"


def validate_options(specs: tuple[OptionSpec, ...], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Fill defaults and check every given option; unknown names raise InvalidOptions."""
    given = dict(given or {})
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(str(name) for name in set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        named = ", ".join(name if len(name) <= 40 else name[:37] + "..." for name in unknown[:5])
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise InvalidOptions(f"unknown option(s) {named}{more}; this variant has: {known}")
    return {spec.name: spec.check(given.get(spec.name, spec.default)) for spec in specs}


def parse_option_value(text: str) -> Any:
    """Parse a command-line option value: true/false, an integer, or a string."""
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def parse_option_pairs(pairs: list[str]) -> dict[str, Any]:
    """Command-line NAME=VALUE pairs as a dict of parsed values; GameError for a pair without '='."""
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise GameError(f"an option is NAME=VALUE, got {pair!r}")
        name, value = pair.split("=", 1)
        out[name.strip()] = parse_option_value(value)
    return out
