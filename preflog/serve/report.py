"""The club's statistics (``/stats``, ``/api/stats``): the sum of each game's kept statistics. A game
added or changed since has its statistics made by the server's deriver in the background
(:mod:`.deriver`); a read makes the few it still lacks for itself, without keeping them (a read never
writes), and counts the rest as still being worked out."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import attrs

from ..i18n import _
from ..statistics.facts import UNDATED, day_and_month
from ..statistics.rating import MODES, Played, RatingUnavailable, require
from ..statistics.run import Filters, Summary, check_filters, summarise
from ..statistics.tally import Stats
from .archive import Archive

#: Games whose statistics one read makes for itself, at most (the deriver makes the others).
MADE_IN_A_READ = 20


def archive_stats(archive: Archive, filters: Filters, rating: str | None = None) -> tuple[Stats, int]:
    """The statistics of the archive's games that ``filters`` admit (the others counted as skipped),
    and how many games are left out while their statistics are still being worked out; with ``rating``
    (``pulka`` or ``event``), the games to rate too (:mod:`preflog.statistics.rating`)."""
    filters = attrs.evolve(filters, aliases=tuple(archive.aliases().items()))  # a player by any of his names
    out = Stats(rating=rating)
    if rating is not None:
        out.played = rated_games(archive, filters)
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
        if not summary.played:  # an event's table not yet played: no game, nor one left out
            continue
        if summary.admitted(filters):
            summary.add_to(out)
        else:
            out.skipped_games += 1
    return filters.shown(out), pending


def rated_games(archive: Archive, filters: Filters) -> list[Played]:
    """The archive's clean games that ``filters`` admit, as the ratings read them: in the archive's
    order, by day, each with its Event tag and its settlement as the list shows it."""
    out = []
    for ident, event, day_tag, rules, players, settlement in archive.rated():
        day, month = day_and_month(day_tag or None)
        if not filters.admits_keys(players, rules, day, month):
            continue
        whists = {str(p): Fraction(str(v)) for p, v in settlement.items()}
        out.append(Played(day or (None if month == UNDATED else month), ("archive", ident), tuple(players), whists,
                          event or None))
    return out


def rating_of(query: Mapping[str, str]) -> tuple[str | None, str | None]:
    """The rating a request asks for (``rating=pulka`` or ``event``), and what is wrong with it: an
    unknown kind, or OpenSkill not installed where the server runs."""
    mode = query.get("rating", "").strip() or None
    if mode is None:
        return None, None
    if mode not in MODES:
        return None, _("unknown rating {mode!r}: choose 'pulka' or 'event'").format(mode=mode)
    try:
        require()
    except RatingUnavailable as e:
        return None, str(e)
    return mode, None


def filters_of(query: Mapping[str, str]) -> tuple[Filters, str | None]:
    """The filters a request asks for (``player``, ``since``, ``until``, ``rules``), and what is wrong
    with them, if anything."""
    value = {k: query.get(k, "").strip() or None for k in ("player", "since", "until", "rules")}
    player = value["player"]
    filters = Filters((player,) if player else (), value["since"], value["until"], value["rules"])
    return filters, check_filters(filters)

