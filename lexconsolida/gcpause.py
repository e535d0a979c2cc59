"""Python's cyclic garbage collector paused while one act is read or written.

Reading or writing an act allocates tens of thousands of container objects (the reader's lines,
labels and nodes, the writer's lists) and leaves none of them in reference cycles, yet every
few hundred allocations start a collection that walks the young objects for nothing: about 8%
of parsing the CF/88, 16% at four times its size. Reference counting frees everything as
usual while the collector is paused; it is switched back on (if it was on) when the block
ends, even on an error, and what the block leaves alive is moved to the oldest generation
(``gc.freeze()`` then ``gc.unfreeze()``: no walk) instead of being walked by the next young
collection. The switch is process-wide: readers and writers run on one thread.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic collection inside the block (nothing changes when it was already off)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        # What the block leaves alive (the tree read, the modules imported) goes straight to the
        # oldest generation, as if it had survived collections: re-enabled as it was, the
        # collector's next young collection walked all of it — a fifth of a 'parse' process —
        # only to find it alive. Cycles among it, if any, still go at the next full collection.
        gc.freeze()
        gc.unfreeze()
        gc.enable()
