"""The save folder as the load and save dialogs show it: safe file names, what each save holds (or why it cannot
be read), the list rows, and loading a save into its table."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.errors import SaveError
from game.core.files import read_json_file
from game.core.saves import SAVE_FORMAT, load_game, saved_turn
from gui.dialogs import ListRow

if TYPE_CHECKING:
    from gui.app import App

FORBIDDEN_CHARS = '<>:"/\\|?*'
RESERVED_NAMES = frozenset({"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)),
                            *(f"LPT{i}" for i in range(1, 10))})
MAX_NAME = 60
DAMAGED_COLOR = (226, 120, 108)


def safe_file_name(name: str) -> str:
    """A file name (without .json) made from what the player typed; empty if nothing usable is left."""
    cleaned = "".join(c for c in name if c.isprintable() and c not in FORBIDDEN_CHARS).strip().strip(".").strip()
    cleaned = cleaned[:MAX_NAME].strip()
    if cleaned.upper() in RESERVED_NAMES:
        cleaned += "_"
    return cleaned


def read_save_info(path: Path) -> dict[str, Any]:
    """A save's summary for lists (name, mtime, variant, turn, over); `ok` False when unreadable.

    Only the JSON is read; the full check (replaying the log) happens when the game is loaded.
    """
    info: dict[str, Any] = {"path": path, "name": path.stem, "ok": False, "variant": "", "turn": 0, "over": False}
    try:
        info["mtime"] = path.stat().st_mtime
        data = read_json_file(path, SaveError)
    except (OSError, SaveError):
        info.setdefault("mtime", 0.0)
        return info
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or not isinstance(data.get("log"), list):
        return info
    info["variant"] = str(data.get("variant", ""))
    info["over"] = bool(data.get("over", False))
    info["turn"] = saved_turn(data)
    info["ok"] = True
    return info


def list_saves(save_dir: Path) -> list[dict[str, Any]]:
    """Summaries of every *.json save in the folder, newest first."""
    if not save_dir.is_dir():
        return []
    infos = [read_save_info(p) for p in save_dir.glob("*.json") if p.is_file() and not p.name.startswith(".")]
    return sorted(infos, key=lambda i: (-i["mtime"], i["name"]))


def variant_label(app: App, variant_id: str) -> str:
    """The translated name of a variant id (the id itself if unknown)."""
    key = f"variant.{variant_id}"
    return app.t(key) if app.translator.has(key) else variant_id


def save_rows(app: App, infos: list[dict[str, Any]]) -> list[ListRow]:
    """List rows (name, date, variant, turn) for save summaries; damaged files in red."""
    rows = []
    for info in infos:
        when = datetime.fromtimestamp(info["mtime"]).strftime("%d.%m.%Y %H:%M") if info["mtime"] else ""
        name = app.t("files.autosave_name") if info["name"] == "autosave" else info["name"]
        if info["ok"]:
            status = app.t("files.finished") if info["over"] else str(info["turn"])
            cells = (name, when, variant_label(app, info["variant"]), status)
            rows.append(ListRow(cells, info))
        else:
            rows.append(ListRow((name, when, app.t("files.damaged"), "—"), info, DAMAGED_COLOR))
    return rows


def load_into_app(app: App, path: Path) -> bool:
    """Load a save and open its table; a damaged file shows its problem and changes nothing."""
    try:
        game = load_game(path)
    except SaveError as exc:
        app.show_message("files.load_failed", error=str(exc))
        return False
    app.start_game(game)
    return True
