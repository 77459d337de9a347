"""The statistics as plain data: the JSON ``preflog stats --format json`` prints (schema in docs/stats.md),
and the CSV."""

from __future__ import annotations

import csv
import io
from typing import Any

from ..scoring.ledger import exact_json, number_json
from .facts import Role
from .rating import Rating
from .tally import CONTRACTS, PlayerStats, Stats, Table

#: The version of the JSON's shape: a field added keeps it, one changed or taken away raises it.
SCHEMA = 1


def stats_json(stats: Stats, filters: dict[str, Any] | None = None) -> dict[str, Any]:
    """The whole report as plain data."""
    out: dict[str, Any] = {"schema": SCHEMA, **table_json(stats.total),
                           "rejected": {"games": stats.rejected_games, "deals": stats.rejected_deals},
                           "skipped": {"games": stats.skipped_games}}
    if filters is not None:
        out["filters"] = filters
    for name, split in stats.splits.items():
        out[name] = {key: table_json(table) for key, table in split.items()}
    if stats.rating is not None:
        out["rating"] = {"mode": stats.rating,
                         "players": {name: rating_json(r) for name, r in stats.ratings().items()}}
    return out


def rating_json(rating: Rating) -> dict[str, Any]:
    """One player's rating (μ − 3σ), μ, σ and games rated, to three decimals, and his rating after each of
    his matches."""
    return {"rating": round(rating.ordinal, 3), "mu": round(rating.mu, 3), "sigma": round(rating.sigma, 3),
            "games": rating.games,
            "history": [{"match": p.match, "date": p.date, "event": p.event, "rating": round(p.ordinal, 3)}
                        for p in rating.history]}


def csv_text(stats: Stats) -> str:
    """The CSV, a row a player and a period (:meth:`Stats.rows`), with a byte-order mark before it so that
    a spreadsheet reads it as UTF-8 (names in Cyrillic)."""
    out = io.StringIO()
    out.write("\ufeff")
    csv.writer(out).writerows(stats.rows())
    return out.getvalue()


def table_json(table: Table) -> dict[str, Any]:
    return {"games": table.games, "deals": table.deals, "par_deals": table.par_deals,
            "players": {name: player_json(p) for name, p in table.ranked()}}


def player_json(p: PlayerStats) -> dict[str, Any]:
    """One player's figures: the core of the issue's schema first, then the rest."""
    loss = p.average_loss
    return {
        "games": p.games, "deals": p.deals,
        "settlement": exact_json(p.settlement),
        "money": None if p.money is None else exact_json(p.money),
        "declared": p.declared_by_level(), "made": p.made_by_level(),
        "allpass_tricks": p.allpass_tricks,
        "par_loss": None if loss is None else round(loss, 3),
        "settlement_whists": number_json(p.settlement),
        "money_shown": None if p.money is None else number_json(p.money),
        "priced_games": p.priced_games,
        "contracts": {c: {"declared": p.declared[c], "made": p.made[c]} for c in CONTRACTS if p.declared[c]},
        "set": p.set,
        "set_by": {str(k): n for k, n in sorted(p.set_by.items())},
        "misere_caught": p.caught,
        "misere_caught_with": {str(k): n for k, n in sorted(p.caught_with.items())},
        "games_set": p.games_set,
        "whist_remizes": p.whist_remizes,
        "whist_remizes_by": {str(k): n for k, n in sorted(p.whist_short_by.items())},
        "remizes": p.remizes,
        "whists": p.whists, "passes": p.passes, "halves": p.halves,
        "whists_paid": p.whists_paid, "whists_cost": p.whists_cost,
        "allpass_deals": p.allpass_deals, "allpass_clean": p.allpass_clean,
        "par_deals": p.par_deals, "par_loss_total": p.par_loss,
        "value": {role.value: exact_json(p.value[role]) for role in Role if p.value.get(role)},
    }

#: The module's public names (what other layers and the server may import).
__all__ = [
    "SCHEMA", "csv_text", "player_json", "rating_json", "stats_json", "table_json",
]
