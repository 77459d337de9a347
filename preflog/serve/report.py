"""The club's statistics (``/stats``, ``/api/stats``): the sum of each game's kept statistics, which
are made again, from the game's text, for a game added or changed since (:mod:`preflog.stats`)."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from ..statistics.run import Filters, Summary, check_filters, summarise
from ..statistics.tally import Stats
from .archive import Archive, DiskFull, ReadOnly

#: Games whose statistics are made before they are kept in one write.
BATCH = 256


def archive_stats(archive: Archive, filters: Filters) -> Stats:
    """The statistics of the archive's games that ``filters`` admit (the others counted as skipped)."""
    filters = attrs.evolve(filters, aliases=tuple(archive.aliases().items()))  # a player by any of his names
    out = Stats()
    made: list[tuple[int, int, str]] = []
    for ident, revision, kept, text in archive.summaries():
        summary = Summary.loads(kept) if kept is not None else None
        if summary is None:  # new, changed, or kept by a preflog that wrote them otherwise: made again
            summary = summarise(text if text is not None else archive.text(ident)[0], f"#{ident}")
            made.append((ident, revision, summary.dumps()))
            if len(made) >= BATCH:
                _keep(archive, made)
                made = []
        if summary.admitted(filters):
            summary.add_to(out)
        else:
            out.skipped_games += 1
    _keep(archive, made)
    return filters.shown(out)


def _keep(archive: Archive, made: list[tuple[int, int, str]]) -> None:
    """Keep the statistics made, where the archive can be written (a full disk or a read-only archive
    only makes the next reading work them out again)."""
    try:
        archive.keep_summaries(made)
    except (DiskFull, ReadOnly):
        pass


def filters_of(query: Mapping[str, str]) -> tuple[Filters, str | None]:
    """The filters a request asks for (``player``, ``since``, ``until``, ``rules``), and what is wrong
    with them, if anything."""
    value = {k: query.get(k, "").strip() or None for k in ("player", "since", "until", "rules")}
    player = value["player"]
    filters = Filters((player,) if player else (), value["since"], value["until"], value["rules"])
    return filters, check_filters(filters)

