"""The statistics as a pandas DataFrame (the extra ``preflog[data]``): one row a player and a period,
the columns of the CSV, numbers as numbers."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from ..i18n import _

#: The columns that are not whole numbers.
_DECIMAL = frozenset({"settlement", "money", "par_loss", "rating", "rating_mu", "rating_sigma", "rating_games"})


def frame_of(rows: list[list[str]], columns: Sequence[str]) -> Any:
    """The CSV's ``rows`` (header first) as a ``pandas.DataFrame``: columns ``split`` (``all``,
    ``rules``, ``partners``, ``month``), ``period``, ``player`` and the figures ``columns``; money, par
    loss and the ratings empty (NaN) where unknown."""
    try:
        pd: Any = importlib.import_module("pandas")  # untyped: Any
    except ImportError:
        raise ImportError(_("to_dataframe needs pandas: pip install 'preflog[data]'")) from None
    header, *body = rows
    frame = pd.DataFrame(body, columns=header)
    for column in columns:
        frame[column] = pd.to_numeric(frame[column]) if column in _DECIMAL else frame[column].astype("int64")
    return frame
