"""Statistics of an archive of games: ``preflog.stats(games)`` (:mod:`.run`), the figures as typed
records (:mod:`.tally`), read off one replay of each game (:mod:`.collect`, :mod:`.facts`).

>>> report = preflog.stats(preflog.iter_games(open("club.pref", "rb")))
>>> report.total.players["Anna"].settlement      # whists won over every game, exact
>>> report.by_month["2026-11"].players["Anna"].made_by_level()
>>> report.to_dataframe()                        # pandas, with preflog[data]
>>> preflog.stats(games, rating="pulka").ratings()  # OpenSkill's ratings, with preflog[rating]

``preflog.stats(games)`` is :func:`preflog.statistics.run.stats`; :mod:`preflog.statistics.dask` runs
the same on a Dask cluster.
"""

from __future__ import annotations

from .facts import DealFacts, GameFacts, Role
from .run import Filters, read_stats, stats
from .tally import PlayerStats, Stats, Table

__all__ = ["DealFacts", "Filters", "GameFacts", "PlayerStats", "Role", "Stats", "Table", "read_stats", "stats"]
