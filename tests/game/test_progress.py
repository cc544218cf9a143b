"""The long commands' progress line: shown only on a terminal, with the time left in words a reader parses."""

from __future__ import annotations

import io

from game.cli.progress import ProgressBar, format_seconds


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_time_left_reads_in_hours_minutes_or_seconds() -> None:
    assert format_seconds(12.4) == "12 s"
    assert format_seconds(185) == "3 min 05 s"
    assert format_seconds(3720) == "1 h 02 min"


def test_the_line_shows_progress_and_ends_with_a_newline_on_a_terminal() -> None:
    stream = _Terminal()
    bar = ProgressBar("train", stream)
    bar(5, 10)
    assert stream.getvalue().startswith("\rtrain [" + "#" * 15 + "." * 15 + "] 5/10 games")
    assert "left" in stream.getvalue() and not stream.getvalue().endswith("\n")
    bar(10, 10)
    assert stream.getvalue().endswith("\n")


def test_nothing_is_written_off_a_terminal() -> None:
    stream = io.StringIO()
    ProgressBar("arena", stream)(3, 10)
    assert stream.getvalue() == ""
