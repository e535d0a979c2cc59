"""Imported by the fork server of the commands' process pools, and nowhere else.

The fork server (``multiprocessing``'s forkserver, a new interpreter) imports the modules of its
preload list before it installs its own signal handlers, and every worker it forks gets the
handlers that were in place at that moment. Ignoring Ctrl-C here makes the fork server and all
its workers leave Ctrl-C to the command (the terminal sends SIGINT to the whole process group):
one Portuguese line from the command, instead of a traceback in English from each worker.
See :func:`lexconsolida.acervo.work.process_pool`.
"""

from __future__ import annotations

import signal
import sys

if sys.argv[:1] == ["-c"] and "multiprocessing.forkserver" in sys.modules:  # the fork server only
    signal.signal(signal.SIGINT, signal.SIG_IGN)
