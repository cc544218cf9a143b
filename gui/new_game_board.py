"""The new game screen's board choices (a mixin of NewGameScene): the compact edition's arrangement of its six
parts, and the preview of the base game's board."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.catan.board import check_layout_data
from game.catan.compact import Placement, compact_layout, placements_from_json
from game.catan.variants import CatanCompact
from game.core.errors import GameError, InvalidPosition
from game.core.files import read_json_file, write_json_atomically
from game.core.options import OptionSpec
from gui.catan.board_preview import render_board_preview
from gui.catan.part_preview import render_preview
from gui.layout_files import layout_files, user_layouts_dir
from gui.table.sprites import SpriteBook

if TYPE_CHECKING:
    from gui.app import App


LAYOUT_MODE = "layout"


def arrangement_file_name(placements: tuple[Placement, ...]) -> str:
    """A file name naming an arrangement by its labels clockwise from the top-left slot."""
    labels = [p.label for p in sorted(placements, key=lambda p: p.slot)]
    return "compact-" + "-".join(labels) + ".json"


def option_label(app: App, spec: OptionSpec) -> str:
    """The translated label of an option (its name when there is no translation)."""
    return app.t(spec.label_key) if app.translator.has(spec.label_key) else spec.name


def choice_label(app: App, name: str, value: Any) -> str:
    """The translated label of one choice of an option."""
    key = f"option.{name}.{value}"
    return app.t(key) if app.translator.has(key) else str(value)


class NewGameBoards:
    """The board part of the new game screen; the scene supplies its app, options and widgets."""

    # ------------------------------------------------------------ compact board arrangement

    @property
    def is_compact(self) -> bool:
        """Whether the chosen variant builds its board from the compact edition's parts."""
        return issubclass(self.variant, CatanCompact)

    def arrangement(self) -> tuple[Placement, ...] | None:
        """The parts' arrangement the game would get with the choices as they stand (None without parts)."""
        if not self.is_compact:
            return None
        path = self.layouts[self.layout_index] if self.board_mode == LAYOUT_MODE and self.layouts else None
        key = (self.variant.id, self.board_mode, self.seed(), path)
        if key != self._arrangement_key:
            self._arrangement_key = key
            self._arrangement = self._compute_arrangement(path)
        return self._arrangement

    def _compute_arrangement(self, path: Path | None) -> tuple[Placement, ...] | None:
        """Ask the rules: a layout file's parts, else the parts of the game these choices start.

        Runs once per change of the choices (arrangement() keeps the result); a damaged file's problem is kept
        in _arrangement_error for the preview to show.
        """
        self._arrangement_error = None
        if path is not None:
            try:
                data = check_layout_data(read_json_file(path, InvalidPosition), str(path))
                return placements_from_json(data["compact_parts"]) if "compact_parts" in data else None
            except GameError as exc:
                # The file's name is enough beside the board choice that shows it; a full path would not fit.
                message = str(exc).replace(str(path), path.name)
                self._arrangement_error = message if path.name in message else f"{path.name}: {message}"
                return None
        try:
            game = self.build_game()
        except (GameError, OSError, ValueError, KeyError, TypeError):
            return None
        placements = getattr(game, "compact_placements", None)
        return tuple(placements) if placements else None

    def new_arrangement(self) -> None:
        """A new random arrangement: the variable board with a new game number."""
        if self.board_mode != "variable" and "variable" in self.board_modes():
            self.board_mode = "variable"
        self.reroll_seed()
        self.layout()

    def save_layout(self) -> Path | None:
        """Write the shown arrangement as a layout file into the user's layouts folder; return its path."""
        placements = self.arrangement()
        if placements is None:
            return None
        folder = user_layouts_dir(self.app)
        path = folder / arrangement_file_name(placements)
        try:
            write_json_atomically(path, compact_layout(placements))
        except OSError as exc:
            self.app.show_message("newgame.layout_save_failed", error=str(exc))
            return None
        self.layouts = layout_files(self.app)
        self.app.show_message("newgame.layout_saved", name=path.name, folder=str(folder))
        return path

    def update(self, dt: float) -> None:
        """Keep the arrangement or board preview in step with the seed, board and option choices."""
        if self.has_board_preview:
            self._update_board_preview()
            return
        placements = self.arrangement()
        key = (placements, self.preview_rect.size)
        if key != self._preview_for:
            self._preview_for = key
            self._preview = render_preview(placements, self.preview_rect.size) if placements else None

    # ------------------------------------------------------------ base game board preview

    @property
    def has_board_preview(self) -> bool:
        """Whether the chosen variant shows the board it would start with (Catan games without parts)."""
        return getattr(self.variant, "family", "") == "catan" and not self.is_compact

    def board_preview_key(self) -> Any:
        """Everything the previewed board depends on: variant, board choice, file, seed, options, seat colours."""
        path = self.layouts[self.layout_index] if self.board_mode == LAYOUT_MODE and self.layouts else None
        return (self.variant.id, self.board_mode, path, self.seed(), tuple(sorted(self.options.items())),
                tuple(seat.color for seat in self.seats), self.preview_rect.size)

    def _update_board_preview(self) -> None:
        """Ask the rules model for the game these choices start and draw its board (once per change of choices)."""
        key = self.board_preview_key()
        if key == self._board_preview_for or self.preview_rect.w <= 0:
            return
        self._board_preview_for = key
        self._board_error = None
        self._board_preview = None
        try:
            game = self.build_game()
        except (GameError, OSError, ValueError, KeyError, TypeError) as exc:
            self._board_error = str(exc)
            return
        if self._sprites is None or self._sprites.art is not self.app.art:
            self._sprites = SpriteBook(self.app.art)
        self._board_preview = render_board_preview(game, self.preview_rect.size, self._sprites)

    def option_applies(self, spec: OptionSpec) -> bool:
        """Whether an option changes anything with the board and options chosen now (the variant says)."""
        applies = getattr(spec, "applies", None)
        return applies is None or bool(applies({**self.options, "board": self.board_mode}))

    def inactive_reason(self, spec: OptionSpec) -> str:
        """Why an option has no effect now: the choices it needs."""
        t = self.app.t
        parts = []
        for name, value in getattr(spec, "applies_when", ()):
            label = t("newgame.board") if name == "board" else option_label(self.app, next(
                (o for o in self.variant.option_specs if o.name == name), spec))
            parts.append(t("newgame.option_needs", option=label, value=choice_label(self.app, name, value)))
        return t("newgame.option_inactive", needs=", ".join(parts))

    def start(self) -> None:
        """Build the game and open its table; a problem is shown as a message."""
        try:
            game = self.build_game()
        except (GameError, OSError, ValueError, KeyError, TypeError) as exc:
            self.app.show_message("newgame.failed", error=str(exc))
            return
        self.app.start_game(game)
