"""Settings for the whole suite."""

from __future__ import annotations

import signal

# A suite started in the background by a shell without job control (nohup, `cmd &` in a
# script) inherits SIGINT ignored, and Python then leaves it ignored: Ctrl-C would do nothing,
# and the tests of what Ctrl-C stops (the solver, simulate) would wait for it in vain. Give
# SIGINT Python's own handler, as at a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
