"""Login throttling for the review desk: per user and per address, never by making anyone wait.

A failed login counts against the user name tried and against the address it came from. After
:attr:`Throttle.per_user` failures for one name (or :attr:`Throttle.per_address` from one
address) within :attr:`Throttle.window` seconds, further attempts for that name (from that
address) are refused at once — HTTP 429, without checking any password — for a lock that
doubles with each failure while locked (from :attr:`Throttle.lock` seconds up to
:attr:`Throttle.max_lock`). Nothing sleeps: the server goes on answering everyone else, and a
refused attempt costs nothing. A success clears the name's count.

The name is counted whether or not such a user exists, and the password of an unknown user is
checked against a dummy hash (:data:`lexconsolida.review.auth.DUMMY_HASH`): a wrong name and a
wrong password take the same time and get the same answer.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(slots=True)
class _Record:
    failures: list[float] = field(default_factory=list)
    locked_until: float = 0.0
    lock: float = 0.0


class Throttle:
    def __init__(self, *, per_user: int = 5, per_address: int = 20, window: float = 900.0, lock: float = 30.0,
                 max_lock: float = 900.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_user, self.per_address, self.window = per_user, per_address, window
        self.lock, self.max_lock, self.clock = lock, max_lock, clock
        self._users: dict[str, _Record] = {}
        self._addresses: dict[str, _Record] = {}
        self._mutex = threading.Lock()

    def wait(self, user: str, address: str) -> float:
        """Seconds until an attempt for ``user`` from ``address`` is allowed (0: now)."""
        now = self.clock()
        with self._mutex:
            times = [r.locked_until - now for r in (self._users.get(user.casefold()), self._addresses.get(address))
                     if r is not None]
        return max([0.0, *times])

    def _fail(self, table: dict[str, _Record], key: str, limit: int, now: float) -> None:
        r = table.setdefault(key, _Record())
        r.failures = [t for t in r.failures if now - t < self.window] + [now]
        if len(r.failures) >= limit:
            r.lock = min(self.max_lock, r.lock * 2 if r.lock else self.lock)
            r.locked_until = now + r.lock

    def failure(self, user: str, address: str) -> None:
        now = self.clock()
        with self._mutex:
            self._fail(self._users, user.casefold(), self.per_user, now)
            self._fail(self._addresses, address, self.per_address, now)
            if len(self._users) > 10000:  # a flood of invented names: forget the oldest, unlocked ones
                for key in [k for k, r in self._users.items() if r.locked_until < now][:5000]:
                    del self._users[key]

    def success(self, user: str, address: str) -> None:
        with self._mutex:
            self._users.pop(user.casefold(), None)


__all__ = ["Throttle"]
