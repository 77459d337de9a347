"""The statistics as a report to read (``preflog stats``): the settlement, the ratings when asked for,
contracts, misères caught, remizes, defence, all-passes and the par, a table each, then the same
settlement split by convention, players and month."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from fractions import Fraction

from ..i18n import N_, _, count, decimal, pgettext
from ..present.score_table import table_lines
from ..words import two_places
from .. import words
from .facts import UNDATED, Role
from .rating import Rating
from .tally import LEVELS, Stats, Table


def level_word(level: str) -> str:
    """A level's heading: ``6``…``10``, or the word for misère."""
    return _("misère") if level == "mis" else level


#: One table of the report: its heading, its header and its rows.
Section = tuple[str, list[str], list[list[str]]]

#: The headings of the ratings, by how games are matched (:data:`.rating.MODES`).
RATING_HEADINGS = {"pulka": N_("Rating by game"), "event": N_("Rating by event")}
#: What the ratings are, said under their table.
RATING_NOTE = N_("The rating is μ − 3σ of OpenSkill's Plackett–Luce model, each game (or event) ranking its players "
                 "by the whists they won: a newcomer starts at 0 (μ 25, σ 25/3), and σ shrinks as he plays "
                 "(docs/stats.md).")


def stats_text(stats: Stats, *, title: str | None = None) -> str:
    """The report, ready to print."""
    heading = title or _("Statistics")
    lines = [heading, "=" * len(heading), summary(stats), ""]
    if not stats.total.players:
        lines.append(_("No game to count."))
        return "\n".join(lines) + "\n"
    for i, (name, header, rows) in enumerate(sections(stats)):
        lines += [name, "-" * len(name)]
        lines += table_lines(header, rows) if rows else [header[0]]
        lines.append("")
        rated = rating_table(stats) if i == 0 else None  # the ratings after the settlement
        if rated is not None:
            name, header, rows = rated
            lines += [name, "-" * len(name)]
            lines += [*table_lines(header, rows), *textwrap.wrap(_(RATING_NOTE), 100)] if rows else [header[0]]
            lines.append("")
    for name, tables in splits(stats):
        lines += [name, "-" * len(name)]
        for key, header, rows in tables:
            lines.append(key)
            lines += ["  " + line for line in table_lines(header, rows)] + [""]
    return "\n".join(lines).rstrip("\n") + "\n"


def sections(stats: Stats, *, par_hint: bool = True) -> list[Section]:
    """The report's tables over the whole archive, each player a row, the biggest winner first; without
    par counted, a line saying how to count it (``par_hint``: the command's, whose --par does)."""
    total = stats.total
    ranked = total.ranked()
    header = [_("player"), *(level_word(k) for k in LEVELS), _("set"), _("set by 1"), _("by 2"), _("by 3+")]
    rows = []
    for name, p in ranked:
        declared, made = p.declared_by_level(), p.made_by_level()
        rows.append([name, *(_made_of(made[k], declared[k]) for k in LEVELS), str(p.set), str(p.set_by[1]),
                     str(p.set_by[2]), str(sum(n for k, n in p.set_by.items() if k >= 3))])
    out: list[Section] = [
        (_("Settlement"), *settlement_table(total)),
        (_("Contracts: made of declared"), header, rows),
        (_("Misères caught"), [_("player"), _("declared"), _("caught"), _("with 1 trick"), _("with 2+")],
         [[n, str(p.declared["mis"]), str(p.caught), str(p.caught_with[1]),
           str(sum(c for k, c in p.caught_with.items() if k >= 2))] for n, p in ranked]),
        (_("Remizes"), [_("player"), pgettext("remizes", "games set"), pgettext("remizes", "misères caught"),
                        pgettext("remizes", "whisting"), pgettext("remizes", "in all")],
         [[n, str(p.games_set), str(p.caught), str(p.whist_remizes), str(p.remizes)] for n, p in ranked]),
        (_("Defence"), [_("player"), _("whists"), _("paid"), _("cost"), pgettext("column", "passes"), _("half-whists"),
                        _("won whisting")],
         [[n, str(p.whists), str(p.whists_paid), str(p.whists_cost), str(p.passes), str(p.halves),
           _signed(p.value.get(Role.WHIST, Fraction(0)))] for n, p in ranked]),
        (_("All-pass"), [_("player"), _("all-passes"), _("tricks"), _("per all-pass"), _("none taken")],
         [[n, str(p.allpass_deals), str(p.allpass_tricks), _ratio(p.allpass_tricks, p.allpass_deals),
           str(p.allpass_clean)] for n, p in ranked]),
    ]
    heading = _("Tricks lost against double-dummy par")
    if total.par_deals:
        by_loss = sorted(ranked, key=lambda item: (item[1].average_loss or 0, item[0]))
        out.append((heading, [_("player"), pgettext("column", "deals"), _("tricks lost"), _("per deal")],
                    [[n, str(p.par_deals), str(p.par_loss), _ratio(p.par_loss, p.par_deals)]
                     for n, p in by_loss if p.par_deals]))
    elif par_hint:
        out.append((heading, [_("none counted: with --par, every deal played card by card with all hands known "
                                "is solved")], []))
    return out


def rating_table(stats: Stats, ratings: Mapping[str, Rating] | None = None) -> Section | None:
    """The ratings (``ratings``, or :meth:`Stats.ratings`), the highest first: each player's rating
    (μ − 3σ), μ, σ, games rated, and matched by event, the events; None unless ratings were asked for."""
    if stats.rating is None:
        return None
    if ratings is None:
        ratings = stats.ratings()
    heading = _(RATING_HEADINGS[stats.rating])
    if not ratings:
        return heading, [_("no game rated: only games of three or four players are rated")], []
    by_event = stats.rating == "event"
    header = [_("player"), _("rating"), "μ", "σ", _("games"), *([_("events")] if by_event else [])]
    rows = [[n, _number(r.ordinal), _number(r.mu), _number(r.sigma), str(r.games),
             *([str(len(r.history))] if by_event else [])] for n, r in ratings.items()]
    return heading, header, rows


def splits(stats: Stats) -> list[tuple[str, list[tuple[str, list[str], list[list[str]]]]]]:
    """The settlement by convention, by the players at the table (each when there is more than one) and
    by month: a heading, then for each a line naming it and its table."""
    out = []
    for heading, split, always, named in ((_("By convention"), stats.splits["by_rules"], False, words.rules),
                                          (_("By players at the table"), stats.splits["by_partners"], False, str),
                                          (_("By month"), stats.splits["by_month"], True, str)):
        if len(split) < 2 and not always:
            continue
        out.append((heading, [(_("{key}: {games}, {deals}").format(
            key=_("undated") if key == UNDATED else named(key), games=count("{n} game", "{n} games", table.games),
            deals=count("{n} deal", "{n} deals", table.deals)), *settlement_table(table))
            for key, table in split.items()]))
    return out


def summary(stats: Stats, *, page: bool = False) -> str:
    """``12 games, 340 deals; left out: 1 game (28 deals) that breaks the rules``; on a ``page`` the
    errors are not there to be seen (the command printed them apart; the server shows them on each
    game's page): it says only that they were left out."""
    total = stats.total
    parts = [_("{games}, {deals}").format(games=count("{n} game", "{n} games", total.games),
                                          deals=count("{n} deal", "{n} deals", total.deals))]
    if stats.rejected_games:
        left_out = _("left out: {games} ({deals}) with errors") if page else \
            _("left out: {games} ({deals}) with errors, listed on standard error")
        parts.append(left_out.format(
            games=count("{n} game", "{n} games", stats.rejected_games),
            deals=count("{n} deal", "{n} deals", stats.rejected_deals)))
    if stats.skipped_games:
        parts.append(count("{n} game outside the filters", "{n} games outside the filters", stats.skipped_games))
    return "; ".join(parts)


def settlement_table(table: Table) -> tuple[list[str], list[list[str]]]:
    """Each player's games, deals, whists and money (to two decimals, still summing to zero)."""
    ranked = table.ranked()
    shown, money = table.shown_settlement(), table.shown_money()
    priced = bool(money)
    header = [_("player"), _("games"), pgettext("column", "deals"), _("whists")] + ([_("money")] if priced else [])
    rows = []
    for name, p in ranked:
        row = [name, str(p.games), str(p.deals), _signed(shown[name])]
        if priced:
            row.append(_signed(money[name]) if name in money else "–")
        rows.append(row)
    return header, rows


def _signed(value: Fraction) -> str:
    text = two_places(value)
    return "+" + text if value > 0 else text


def _made_of(made: int, declared: int) -> str:
    return f"{made}/{declared}" if declared else "–"


def _number(value: float) -> str:
    """A rating to two decimals, with the language's decimal point."""
    return decimal(f"{value:.2f}")


def _ratio(part: int, whole: int) -> str:
    return decimal(f"{part / whole:.2f}") if whole else "–"



#: The module's public names (what other layers and the server may import).
__all__ = [
    "RATING_HEADINGS", "RATING_NOTE", "Section", "level_word", "rating_table", "sections", "settlement_table",
    "splits", "stats_text", "summary",
]
