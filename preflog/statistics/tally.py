"""The statistics as sums: :class:`PlayerStats` per player, a :class:`Table` of them over some games,
and :class:`Stats`, the table of all the games with the same split by convention, by the set of
players at the table and by month.

Every figure is a count or an exact sum, so that the statistics of two archives merged
(:meth:`Stats.merge`) are the statistics of the two together, in any order: that is what lets
``--jobs`` and Dask cut an archive anywhere between games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any

import attrs

from ..model.bids import LADDER, MISERE
from ..scoring.ledger import number_json
from ..scoring.settlement import apportion
from .data import count_of, exact_of, key_count_of, list_of, mapping_of, maybe_text_of
from .facts import DealFacts, GameFacts, Remiz, Role
from .rating import MODES, Played, Rating, rate, ranked

#: The keys of the contracts declared and made by level, as the JSON has them.
LEVELS = ("6", "7", "8", "9", "10", "mis")
#: The contracts in the order of the ladder (Code 3.3.4), as the notation spells them, misère in its place.
CONTRACTS = tuple(str(b) for b in LADDER)
_LEVEL = {str(b): "mis" if b is MISERE else str(b.level) for b in LADDER}


def level_of(contract: str) -> str:
    """``"7nt"`` → ``"7"``, ``"mis"`` → ``"mis"``."""
    return _LEVEL[contract]


_NONE = Fraction(0)  # a deal's value to a player it does not name (Fractions are made once: they cost)


def _added(held: Any, value: Any) -> Any:
    """``held + value`` (``held`` None: nothing yet), without making a new Fraction to add a zero."""
    return value if held is None else held + value if value else held


@attrs.define(slots=True)
class PlayerStats:
    """One player's figures over some games. Sums are exact (``Fraction``); ``money`` is None when no
    game of his had a WhistPrice tag."""

    games: int = 0
    deals: int = 0
    settlement: Fraction = Fraction(0)
    money: Fraction | None = None
    priced_games: int = 0                                    # the games ``money`` counts
    declared: Counter[str] = attrs.field(factory=Counter)    # by contract: "6s", "7nt", "mis"
    made: Counter[str] = attrs.field(factory=Counter)
    set_by: Counter[int] = attrs.field(factory=Counter)      # games set, by the tricks short
    caught_with: Counter[int] = attrs.field(factory=Counter)  # misères caught, by the tricks taken
    whist_short_by: Counter[int] = attrs.field(factory=Counter)  # whister's remizes, by the tricks short
    whists: int = 0
    passes: int = 0
    halves: int = 0
    whists_paid: int = 0                                     # whists that won him whists in the deal
    whists_cost: int = 0                                     # whists that lost him whists in the deal
    allpass_deals: int = 0
    allpass_tricks: int = 0
    allpass_clean: int = 0                                   # all-passes he took no trick in
    par_deals: int = 0                                       # deals whose every card he played is valued
    par_loss: int = 0                                        # tricks his cards gave away against par
    value: dict[Role, Fraction] = attrs.field(factory=dict)  # the settlement, split by his role in each deal

    def declared_by_level(self) -> dict[str, int]:
        return _by_level(self.declared)

    def made_by_level(self) -> dict[str, int]:
        return _by_level(self.made)

    @property
    def caught(self) -> int:
        """Misères he declared and took a trick in."""
        return sum(self.caught_with.values())

    @property
    def set(self) -> int:
        """Games and misères he declared and did not make."""
        return sum(self.declared.values()) - sum(self.made.values())

    @property
    def games_set(self) -> int:
        """Games he declared and did not make (a remiz, footnote 3: «подсад на игре»)."""
        return sum(self.set_by.values())

    @property
    def whist_remizes(self) -> int:
        """Games he whisted and fell short of the obligation he answered for («ремиз вистующего», 3.8.1.3)."""
        return sum(self.whist_short_by.values())

    @property
    def remizes(self) -> int:
        """His remizes as the Code's footnote 3 counts them: games set, misères caught, whister's remizes."""
        return self.games_set + self.caught + self.whist_remizes

    @property
    def average_loss(self) -> float | None:
        """Tricks given away against par per deal he played card by card."""
        return None if not self.par_deals else self.par_loss / self.par_deals

    def add_game(self, game: GameFacts, player: str) -> None:
        self.games += 1
        self.deals += game.deals
        self.settlement += game.settlement[player]
        if game.money is not None:
            self.money = (self.money or Fraction(0)) + game.money[player]
            self.priced_games += 1
        opening = game.opening.get(player)
        if opening:
            self.value[Role.OUT] = self.value.get(Role.OUT, Fraction(0)) + opening

    def add_deal(self, deal: DealFacts, player: str) -> None:
        role = deal.roles.get(player, Role.OUT)
        value = deal.value.get(player, _NONE)
        self.value[role] = _added(self.value.get(role), value)
        if role is Role.DECLARER:
            assert deal.contract is not None
            name = str(deal.contract)
            self.declared[name] += 1
            if deal.made:
                self.made[name] += 1
        elif role is Role.WHIST:
            self.whists += 1
            self.whists_paid += value > 0
            self.whists_cost += value < 0
        elif role is Role.PASS:
            self.passes += 1
        elif role is Role.HALF:
            self.halves += 1
        elif role is Role.ALL_PASS and deal.tricks is not None:
            taken = deal.tricks.get(player, 0)
            self.allpass_deals += 1
            self.allpass_tricks += taken
            self.allpass_clean += taken == 0
        remiz = deal.remiz(player) if deal.remizes else None
        if remiz is not None:  # footnote 3's: the deal's, read as the events' tie-break reads it
            kind, tricks = remiz
            (self.set_by if kind is Remiz.GAME else self.caught_with if kind is Remiz.MISERE
             else self.whist_short_by)[tricks] += 1
        if deal.loss is not None and role is not Role.OUT:
            self.par_deals += 1
            self.par_loss += deal.loss.get(player, 0)

    def absorb(self, other: PlayerStats) -> PlayerStats:
        """Add ``other``'s figures to these (in place; ``other`` is not changed); these figures."""
        if other.money is not None:
            self.money = other.money if self.money is None else self.money + other.money
        for name in _SUMS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in _BY_KEY:
            mine, theirs = getattr(self, name), getattr(other, name)
            for key, value in theirs.items():
                mine[key] = _added(mine.get(key), value)
        return self


#: The figures that are counts or sums, and those that are counts or sums by key (added key by key,
#: keeping what is negative).
_BY_KEY = ("declared", "made", "set_by", "caught_with", "whist_short_by", "value")
_SUMS = tuple(f.name for f in attrs.fields(PlayerStats) if f.name != "money" and f.name not in _BY_KEY)


def player_data(p: PlayerStats) -> dict[str, Any]:
    """A player's figures as plain data (exact sums as ``"116/3"``), read back by :func:`player_of`."""
    out: dict[str, Any] = {name: getattr(p, name) if isinstance(getattr(p, name), int) else str(getattr(p, name))
                           for name in _SUMS}
    out["money"] = None if p.money is None else str(p.money)
    for name in _BY_KEY:
        out[name] = {(k.value if isinstance(k, Role) else str(k)): (v if isinstance(v, int) else str(v))
                     for k, v in getattr(p, name).items()}
    return out


def player_of(data: dict[str, Any]) -> PlayerStats:
    """The figures :func:`player_data` wrote (a ``ValueError`` or ``KeyError`` for anything else: each
    figure of its type, each contract one of the ladder's, :mod:`.data`)."""
    p = PlayerStats()
    for name in _SUMS:
        setattr(p, name, exact_of(data[name]) if name == "settlement" else count_of(data[name]))
    p.money = None if data["money"] is None else exact_of(data["money"])
    p.declared.update({_contract(k): count_of(v) for k, v in mapping_of(data["declared"]).items()})
    p.made.update({_contract(k): count_of(v) for k, v in mapping_of(data["made"]).items()})
    p.set_by.update({key_count_of(k): count_of(v) for k, v in mapping_of(data["set_by"]).items()})
    p.caught_with.update({key_count_of(k): count_of(v) for k, v in mapping_of(data["caught_with"]).items()})
    p.whist_short_by.update({key_count_of(k): count_of(v) for k, v in mapping_of(data["whist_short_by"]).items()})
    p.value.update({Role(k): exact_of(v) for k, v in mapping_of(data["value"]).items()})
    return p


def _contract(name: str) -> str:
    """A contract as the notation spells it (``ValueError`` for anything else)."""
    if name not in _LEVEL:
        raise ValueError("contract", name)
    return name


def _by_level(counts: Counter[str]) -> dict[str, int]:
    out = dict.fromkeys(LEVELS, 0)
    for contract, n in counts.items():
        out[level_of(contract)] += n
    return out


@attrs.define(slots=True)
class Table:
    """The figures of some games: how many games and deals, and each player's."""

    games: int = 0
    deals: int = 0
    par_deals: int = 0
    players: dict[str, PlayerStats] = attrs.field(factory=dict)

    def add(self, game: GameFacts, deals: Iterable[DealFacts]) -> None:
        self.games += 1
        self.deals += game.deals
        players = self.players
        for p in game.players:
            if p not in players:
                players[p] = PlayerStats()
            players[p].add_game(game, p)
        for deal in deals:
            self.par_deals += deal.loss is not None
            for p in game.players:
                players[p].add_deal(deal, p)

    def absorb(self, other: Table) -> Table:
        """Add ``other``'s figures to these (in place; ``other`` is not changed); this table."""
        self.games += other.games
        self.deals += other.deals
        self.par_deals += other.par_deals
        for name, figures in other.players.items():
            mine = self.players.get(name)
            if mine is None:
                mine = self.players[name] = PlayerStats()
            mine.absorb(figures)
        return self

    def merge(self, other: Table) -> Table:
        """These figures and ``other``'s together (a new table)."""
        return Table().absorb(self).absorb(other)

    def to_data(self) -> dict[str, Any]:
        """The table as plain data (JSON), read back by :meth:`of_data`."""
        return {"games": self.games, "deals": self.deals, "par_deals": self.par_deals,
                "players": {n: player_data(p) for n, p in self.players.items()}}

    @classmethod
    def of_data(cls, data: dict[str, Any]) -> Table:
        """The table :meth:`to_data` wrote (a ``ValueError``, ``KeyError`` or ``TypeError`` for anything else)."""
        return cls(count_of(data["games"]), count_of(data["deals"]), count_of(data["par_deals"]),
                   {n: player_of(mapping_of(p)) for n, p in mapping_of(data["players"]).items()})

    def ranked(self) -> list[tuple[str, PlayerStats]]:
        """The players, the biggest winner first (by name on a tie)."""
        return sorted(self.players.items(), key=lambda item: (-item[1].settlement, item[0]))

    def shown_settlement(self) -> dict[str, Fraction]:
        """Each player's whists to two decimals, still summing to zero (:func:`apportion`)."""
        return apportion({n: p.settlement for n, p in self.ranked()})

    def shown_money(self) -> dict[str, Fraction]:
        """The money of the players with any, to two decimals (cents), still summing to zero."""
        return apportion({n: p.money for n, p in self.ranked() if p.money is not None})


def _merged(a: dict[str, Table], b: dict[str, Table]) -> dict[str, Table]:
    out = {key: Table().absorb(table) for key, table in a.items()}
    for key, table in b.items():
        out[key] = out[key].absorb(table) if key in out else Table().absorb(table)
    return out


@attrs.define(slots=True)
class Stats:
    """The statistics of an archive (``preflog.stats(games)``): ``total`` over every game counted, the
    same split ``by_rules`` (the convention's name), ``by_partners`` (the players at the table,
    ``"Anna, Boris, Vera"``) and ``by_month`` (``"2026-11"``, or ``"undated"``); and the games left
    out: ``rejected`` (a rule broken, a deal unreadable or not scorable: counted, never summed) and
    ``skipped`` (outside the filters asked for). With ``rating`` (``"pulka"`` or ``"event"``: how games
    are matched, :mod:`.rating`), ``played`` keeps a record of each game counted (as read; merged, in the
    order of the games); without, it stays empty (the statistics are sums)."""

    total: Table = attrs.field(factory=Table)
    by_rules: dict[str, Table] = attrs.field(factory=dict)
    by_partners: dict[str, Table] = attrs.field(factory=dict)
    by_month: dict[str, Table] = attrs.field(factory=dict)
    rejected_games: int = 0
    rejected_deals: int = 0
    skipped_games: int = 0
    rating: str | None = None
    played: list[Played] = attrs.field(factory=list)

    def add(self, game: GameFacts, deals: Iterable[DealFacts], *, event: str | None = None,
            order: tuple[str, int] = ("", 0)) -> None:
        """Count one clean game with its deals; rating, keep its record too (its Event tag, and where it
        was read: the file and the game's index in it). A game of no deal recorded is no game played:
        it counts nowhere."""
        if not game.deals:
            return
        one = Table()
        one.add(game, deals)  # the game's figures once, then added to the whole and to its three splits
        self.add_table(one, game.rules, game.partners, game.month)
        if self.rating is not None:
            self.played.append(Played.of(game, event, order))

    def add_table(self, table: Table, rules: str, partners: str, month: str) -> None:
        """Count the figures of some games of one convention, set of players and month."""
        self.total.absorb(table)
        for split, key in ((self.by_rules, rules), (self.by_partners, partners), (self.by_month, month)):
            if key not in split:
                split[key] = Table()
            split[key].absorb(table)

    def reject(self, deals: int) -> None:
        """Count a game left out for its errors, with its deals."""
        self.rejected_games += 1
        self.rejected_deals += deals

    def to_data(self) -> dict[str, Any]:
        """The statistics as plain data (JSON), read back by :meth:`of_data`."""
        return {"total": self.total.to_data(), **{name: {k: t.to_data() for k, t in split.items()}
                                                  for name, split in self._splits()},
                "rejected_games": self.rejected_games, "rejected_deals": self.rejected_deals,
                "skipped_games": self.skipped_games, "rating": self.rating,
                "played": [g.to_data() for g in self.played]}

    @classmethod
    def of_data(cls, data: dict[str, Any]) -> Stats:
        """The statistics :meth:`to_data` wrote (a ``ValueError``, ``KeyError`` or ``TypeError`` for anything else)."""
        rules, partners, month = ({k: Table.of_data(mapping_of(t)) for k, t in mapping_of(data[name]).items()}
                                  for name in _SPLITS)
        rating = maybe_text_of(data["rating"])
        if rating is not None and rating not in MODES:
            raise ValueError("rating mode", rating)
        return cls(Table.of_data(mapping_of(data["total"])), rules, partners, month, count_of(data["rejected_games"]),
                   count_of(data["rejected_deals"]), count_of(data["skipped_games"]), rating,
                   [Played.of_data(mapping_of(g)) for g in list_of(data["played"])])

    def _splits(self) -> tuple[tuple[str, dict[str, Table]], ...]:
        return tuple(zip(_SPLITS, (self.by_rules, self.by_partners, self.by_month)))

    def merge(self, other: Stats) -> Stats:
        """The statistics of both archives together (a new record; neither is changed)."""
        return Stats(self.total.merge(other.total), _merged(self.by_rules, other.by_rules),
                     _merged(self.by_partners, other.by_partners), _merged(self.by_month, other.by_month),
                     self.rejected_games + other.rejected_games, self.rejected_deals + other.rejected_deals,
                     self.skipped_games + other.skipped_games, self.rating or other.rating,
                     sorted([*self.played, *other.played], key=lambda g: g.key))

    def renamed(self, names: Mapping[str, str]) -> Stats:
        """These statistics with each player under the name ``names`` gives (a spelling → the name it
        stands for): spellings of one player (``Миша``, ``миша``, an alias) counted as one."""
        def table(t: Table) -> Table:
            out = Table(t.games, t.deals, t.par_deals)
            for name, figures in t.players.items():
                new = names.get(name, name)
                mine = out.players.get(new)
                if mine is None:
                    mine = out.players[new] = PlayerStats()
                mine.absorb(figures)
            return out

        partners: dict[str, Table] = {}
        for key, t in self.by_partners.items():
            renamed = ", ".join(sorted(names.get(n, n) for n in key.split(", ")))
            partners[renamed] = partners[renamed].absorb(table(t)) if renamed in partners else table(t)
        return attrs.evolve(self, total=table(self.total), by_rules={k: table(t) for k, t in self.by_rules.items()},
                            by_partners=partners, by_month={k: table(t) for k, t in self.by_month.items()},
                            played=[g.renamed(names) for g in self.played])

    def only(self, players: Iterable[str]) -> Stats:
        """These statistics with only ``players`` in their tables (the games still all counted, and all
        still rated: the others' ratings are their opponents')."""
        keep = set(players)

        def kept(table: Table) -> Table:
            return Table(table.games, table.deals, table.par_deals,
                         {n: p for n, p in table.players.items() if n in keep})

        return attrs.evolve(self, total=kept(self.total), by_rules={k: kept(t) for k, t in self.by_rules.items()},
                            by_partners={k: kept(t) for k, t in self.by_partners.items()},
                            by_month={k: kept(t) for k, t in self.by_month.items()})

    @property
    def splits(self) -> dict[str, dict[str, Table]]:
        """The three splits by their JSON names, each sorted by its key."""
        return {"by_rules": dict(sorted(self.by_rules.items())),
                "by_partners": dict(sorted(self.by_partners.items())),
                "by_month": dict(sorted(self.by_month.items()))}

    def ratings(self) -> dict[str, Rating]:
        """The rating of each player of the tables over the games played (:func:`.rating.rate`), the
        highest first; empty unless ``rating`` was asked for. Needs ``preflog[rating]``."""
        if self.rating is None:
            return {}
        return {n: r for n, r in ranked(rate(self.played, self.rating)) if n in self.total.players}

    def rows(self) -> Iterator[list[str]]:
        """The CSV's rows, the header first: one a player and a period (:func:`rows`)."""
        return rows(self)

    def to_dataframe(self) -> Any:
        """One row a player and a period (a ``pandas.DataFrame``; needs ``preflog[data]``)."""
        from .frame import frame_of

        return frame_of(list(self.rows()), (*COLUMNS, *(RATING_COLUMNS if self.rating is not None else ())))


#: The names of the splits of :class:`Stats`, as its data has them.
_SPLITS = ("by_rules", "by_partners", "by_month")


#: The CSV's columns, after split, period and player.
COLUMNS = ("games", "deals", "settlement", "money", *(f"declared_{k}" for k in LEVELS), *(f"made_{k}" for k in LEVELS),
           "set", "misere_caught", "games_set", "whist_remizes", "remizes", "whists", "passes", "halves", "whists_paid",
           "whists_cost", "allpass_deals", "allpass_tricks", "allpass_clean", "par_deals", "par_loss_total", "par_loss")
#: The CSV's columns after those, with ratings asked for: filled on the rows of the whole archive.
RATING_COLUMNS = ("rating", "rating_mu", "rating_sigma", "rating_games")


def rows(stats: Stats) -> Iterator[list[str]]:
    """The header, then a row per player and period: the whole archive (split ``all``), then each
    convention, set of players and month. Numbers as a spreadsheet reads them (a dot for decimals). With
    ratings asked for, each player's rating, μ, σ and games rated close his row of the whole archive."""
    rated = stats.rating is not None
    ratings = stats.ratings()
    yield ["split", "period", "player", *COLUMNS, *(RATING_COLUMNS if rated else ())]
    periods: list[tuple[str, str, Table]] = [("all", "", stats.total)]
    for name, split in stats.splits.items():
        periods.extend((name.removeprefix("by_"), key, table) for key, table in split.items())
    for split_name, period, table in periods:
        shown, money = table.shown_settlement(), table.shown_money()
        for player, p in table.ranked():
            declared, made = p.declared_by_level(), p.made_by_level()
            loss = p.average_loss
            rating = ratings.get(player) if split_name == "all" else None
            extra = [] if not rated else [""] * len(RATING_COLUMNS) if rating is None else [
                f"{rating.ordinal:.3f}", f"{rating.mu:.3f}", f"{rating.sigma:.3f}", str(rating.games)]
            yield [split_name, period, player, str(p.games), str(p.deals), _decimal(shown[player]),
                   _decimal(money[player]) if player in money else "", *(str(declared[k]) for k in LEVELS),
                   *(str(made[k]) for k in LEVELS), str(p.set), str(p.caught), str(p.games_set),
                   str(p.whist_remizes), str(p.remizes), str(p.whists), str(p.passes),
                   str(p.halves), str(p.whists_paid), str(p.whists_cost), str(p.allpass_deals),
                   str(p.allpass_tricks), str(p.allpass_clean), str(p.par_deals), str(p.par_loss),
                   "" if loss is None else f"{loss:.3f}", *extra]


def _decimal(value: Fraction) -> str:
    """A number to two decimals at most, a dot before them: ``-33.33``, ``120``."""
    return str(number_json(value))

#: The module's public names (what other layers and the server may import).
__all__ = [
    "COLUMNS", "CONTRACTS", "LEVELS", "RATING_COLUMNS", "PlayerStats", "Stats", "Table", "level_of", "player_data",
    "player_of", "rows",
]
