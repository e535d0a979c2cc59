"""A one-line progress display on stderr, only when stderr is a terminal."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """``progress(done, total, what)`` rewrites one status line, at most ~10 times a second."""

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)())
        self._last = 0.0
        self._shown = False

    def __call__(self, done: int, total: int, what: str = "") -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if done < total and now - self._last < 0.1:
            return
        self._last = now
        line = f"{self.label}: {done}/{total} {what}"[:100]
        self.stream.write("\r\x1b[2K" + line)
        self.stream.flush()
        self._shown = True

    def done(self) -> None:
        if self.enabled and self._shown:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()
            self._shown = False
