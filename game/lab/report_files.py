"""The report folder: report.json, the PNG charts in charts/, and summary.html; and reading report.json back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.errors import GameError
from game.core.files import (
    PUBLIC_FILE_MODE, read_json_file, remove_stale_temporaries, write_json_atomically, write_text_atomically,
)
from game.core.i18n import Translator
from game.lab.report import REPORT_FORMAT, REPORT_VERSION
from game.lab.summary import CHARTS_FOLDER, render_summary

REPORT_FILE = "report.json"
SUMMARY_FILE = "summary.html"


class ReportError(GameError):
    """A report file cannot be read, or is not a layout lab report this version understands."""


def write_report(report: dict[str, Any], folder: Path, lang: str = "en") -> list[Path]:
    """Write report.json, the charts and summary.html into folder (created if needed); return the paths written.

    Every file goes to a unique hidden temporary name beside it and is moved into place whole, so a killed
    writer never leaves a cut-off file; temporaries left by a writer killed earlier are cleared first.
    """
    from game.lab.charts import write_charts  # the one Pillow user in game/: loaded only when charts are written

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for place in (folder, folder / CHARTS_FOLDER):
        remove_stale_temporaries(place)
    t = Translator(lang)
    report_path = folder / REPORT_FILE
    write_json_atomically(report_path, report, indent=1, mode=PUBLIC_FILE_MODE)
    charts = write_charts(report, folder / CHARTS_FOLDER, t)
    summary_path = folder / SUMMARY_FILE
    write_text_atomically(summary_path, render_summary(report, t), PUBLIC_FILE_MODE)
    return [report_path, *charts, summary_path]


def read_report(path: Path) -> dict[str, Any]:
    """Read a report.json; ReportError names the file and what is wrong with it."""
    path = Path(path)
    data = read_json_file(path, ReportError)
    if not isinstance(data, dict):
        raise ReportError(f"{path}: a report must be a JSON object")
    if data.get("format") != REPORT_FORMAT:
        raise ReportError(f"{path}: not a layout lab report (format {data.get('format')!r})")
    if data.get("version") != REPORT_VERSION:
        raise ReportError(f"{path}: report version {data.get('version')!r} is not supported "
                          f"(this program reads version {REPORT_VERSION})")
    if not isinstance(data.get("layouts"), list) or not all(isinstance(s, dict) for s in data["layouts"]):
        raise ReportError(f"{path}: the report has no list of layouts")
    return data
