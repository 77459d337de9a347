"""The exit codes every command ends with: 0 clean, 1 errors in the input, 2 unreadable input or misuse."""

from __future__ import annotations

EXIT_OK, EXIT_ERRORS, EXIT_UNREADABLE = 0, 1, 2
EXIT_MISUSE = EXIT_UNREADABLE  # a command asked for what is not there: 2, like any misuse
