"""``python -m preflog.cli``: the ``preflog`` command."""

from . import main

main()
