"""The one guarded reader of files from outside (regular files only, a size limit before parsing, every parse
failure typed) and the atomic writes."""

from __future__ import annotations

import json
import os
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

from game.core.errors import GameError

# Far above any real file: a finished long Rivals game saves to well under 1 MB.
MAX_FILE_BYTES = 16 * 1024 * 1024
# Far above any real file's nesting (a save nests about 6 levels deep).
MAX_DEPTH = 64
TEMP_SUFFIX = ".tmp"
# Files others may read (a report folder): what a plain open() gives under the usual umask.
PUBLIC_FILE_MODE = 0o644
# A temporary file this old belongs to no write in progress: its writer was killed.
STALE_TEMP_SECONDS = 600.0


def read_json_file(path: Path, error: type[GameError], max_bytes: int = MAX_FILE_BYTES) -> Any:
    """Parse a JSON file, or raise `error` with a message that names the file and the problem.

    Reads through read_file_bytes (regular files only, at most max_bytes) and turns unreadable files, bad UTF-8,
    bad JSON, nesting too deep for the parser and integers too long to convert into that one error type.
    """
    path = Path(path)
    raw = read_file_bytes(path, error, max_bytes)
    return parse_json_bytes(raw, str(path), error, max_bytes)


def read_file_bytes(path: Path, error: type[GameError], max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file from outside, or `error` naming the file: the one guarded reader.

    Refuses what is not a regular file after following symlinks (a folder, a FIFO, a device such as /dev/zero,
    a socket) before opening it; opens without blocking (a FIFO swapped in cannot hang the open), checks the
    open descriptor again, and reads at most max_bytes + 1 bytes, so a file that is or grows too large is
    refused without being read whole.
    """
    path = Path(path)
    too_large = f"{path}: the file is too large (%s bytes; the limit is {max_bytes:,})"
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{path}: cannot read ({_file_kind(info.st_mode)}, not a regular file)")
        if info.st_size > max_bytes:
            raise error(too_large % f"{info.st_size:,}")
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        with os.fdopen(os.open(path, flags), "rb") as handle:
            opened = os.fstat(handle.fileno())
            if not stat.S_ISREG(opened.st_mode):  # replaced between the stat and the open
                raise error(f"{path}: cannot read ({_file_kind(opened.st_mode)}, not a regular file)")
            if opened.st_size > max_bytes:
                raise error(too_large % f"{opened.st_size:,}")
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise error(f"{path}: cannot read ({exc.strerror or exc})") from exc
    if len(raw) > max_bytes:
        raise error(too_large % f"more than {max_bytes:,}")
    return raw


def _file_kind(mode: int) -> str:
    """What a non-regular file is, in words for a message."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def parse_json_bytes(raw: bytes | str, where: str, error: type[GameError], max_bytes: int = MAX_FILE_BYTES) -> Any:
    """Parse JSON text from outside with the same guards as read_json_file; `where` names it in messages."""
    if len(raw) > max_bytes:
        raise error(f"{where}: the text is too large ({len(raw):,} bytes; the limit is {max_bytes:,})")
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(f"{where}: not UTF-8 text (bad byte at offset {exc.start})") from exc
    else:
        text = raw
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{where}: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from exc
    except RecursionError as exc:
        raise error(f"{where}: the JSON is nested too deeply") from exc
    except ValueError as exc:  # e.g. an integer literal longer than Python converts
        raise error(f"{where}: a value cannot be read ({exc})") from exc
    if _too_deep(value, MAX_DEPTH):
        raise error(f"{where}: the JSON is nested more than {MAX_DEPTH} levels deep")
    return value


def _too_deep(value: Any, limit: int) -> bool:
    """Whether lists and objects nest deeper than limit (walked without recursion).

    The parser accepts nesting close to Python's recursion limit; any later copy, comparison or save of such
    a value would then fail, so every file is held to a depth far above any real file's.
    """
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        elif not isinstance(item, list):
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in item if isinstance(child, (list, dict)))
    return False


def write_json_atomically(path: Path, data: Any, indent: int | None = 1, mode: int | None = None) -> None:
    """Write JSON to a temporary file beside path, flush it to disk, then replace path with it in one step.

    The temporary file is hidden (`.NAME.*.tmp`); a crash can leave one behind, which
    remove_stale_temporaries() clears later.
    """
    text = json.dumps(data, indent=indent, ensure_ascii=False) + "\n"
    write_text_atomically(path, text, mode)


def write_text_atomically(path: Path, text: str, mode: int | None = None) -> None:
    """Write UTF-8 text as write_atomically does: a unique hidden temporary file, then one move into place."""
    data = text.encode("utf-8")
    write_atomically(path, lambda handle: handle.write(data), mode)


def write_atomically(path: Path, write: Callable[[BinaryIO], object], mode: int | None = None) -> None:
    """Let `write` fill a unique hidden temporary file beside path, flush it, then move it into place in one step.

    Readers see the old file or the whole new one, never a part. The temporary file (`.NAME.*.tmp`, a new name
    for every write, so two writers never share one) is private unless `mode` (e.g. PUBLIC_FILE_MODE) says
    otherwise; a killed writer leaves only it behind, which remove_stale_temporaries() clears later.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def remove_stale_temporaries(folder: Path, max_age_seconds: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete hidden temporary files of interrupted atomic writes (older than max_age_seconds) in a folder."""
    removed = []
    folder = Path(folder)
    if not folder.is_dir():
        return removed
    now = time.time()
    for path in folder.glob(f".*{TEMP_SUFFIX}"):
        try:
            if path.is_file() and now - path.stat().st_mtime > max_age_seconds:
                path.unlink()
                removed.append(path)
        except OSError:
            continue  # another process may be using or removing it
    return removed
