"""Deals on demand (issue 66): boards dealt until they satisfy a condition, written as a hand record.

``preflog.deal(count, where=…, seed=…)`` deals ``count`` boards for which ``where`` is true: a function of
a :class:`~.view.DealView` (the hands in bidding order, the talon, and the solver's ``tricks`` and
``misere``), or a condition written as a Python expression over the same names (:mod:`.condition`),
checked before the first deal and evaluated with nothing else in reach. The modules:
:mod:`.view` (the hands as a condition sees them), :mod:`.condition` (the safe condition),
:mod:`.dealer` (the seeded loop and the hand record).
"""

from __future__ import annotations
