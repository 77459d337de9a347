"""The club's statistics (``/stats``, ``/api/stats``): the sum of each game's kept statistics. A game
added or changed since has its statistics made by the server's deriver in the background
(:mod:`.deriver`); a read makes the few it still lacks for itself, without keeping them (a read never
writes), and counts the rest as still being worked out."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from ..statistics.run import Filters, Summary, check_filters, summarise
from ..statistics.tally import Stats
from .archive import Archive

#: Games whose statistics one read makes for itself, at most (the deriver makes the others).
MADE_IN_A_READ = 20


def archive_stats(archive: Archive, filters: Filters) -> tuple[Stats, int]:
    """The statistics of the archive's games that ``filters`` admit (the others counted as skipped),
    and how many games are left out while their statistics are still being worked out."""
    filters = attrs.evolve(filters, aliases=tuple(archive.aliases().items()))  # a player by any of his names
    out = Stats()
    budget = MADE_IN_A_READ if archive.read_only is None else None  # read-only: nobody else will make them
    pending = 0
    for ident, _revision, kept, text in archive.summaries():
        summary = Summary.loads(kept) if kept is not None else None
        if summary is None:  # new, changed, or kept by another derivation: the deriver's, or made here
            if budget is not None and budget <= 0:
                pending += 1
                continue
            summary = summarise(text if text is not None else archive.text(ident)[0], f"#{ident}")
            budget = None if budget is None else budget - 1
        if summary.admitted(filters):
            summary.add_to(out)
        else:
            out.skipped_games += 1
    return filters.shown(out), pending


def filters_of(query: Mapping[str, str]) -> tuple[Filters, str | None]:
    """The filters a request asks for (``player``, ``since``, ``until``, ``rules``), and what is wrong
    with them, if anything."""
    value = {k: query.get(k, "").strip() or None for k in ("player", "since", "until", "rules")}
    player = value["player"]
    filters = Filters((player,) if player else (), value["since"], value["until"], value["rules"])
    return filters, check_filters(filters)

