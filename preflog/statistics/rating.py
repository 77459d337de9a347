"""Ratings across games, with their uncertainty: OpenSkill's Plackett–Luce model (the extra
``preflog[rating]``), each player a team of one, the players of a match ranked by the whists it settled.

A match is one game (``pulka``) or all the games of one event on one day (``event``: the games with the
same ``Event`` tag and ``Date``, each player ranked by his whists over them; a game without an Event tag
is a match of its own). Games of fewer than three players (gusarik: two and a dummy) are not rated. The
matches are rated in the order of the games (:attr:`Played.key`: the day, then the file and the game's
place in it), so that the ratings are the same however the games were shared among processes.

>>> report = preflog.stats(games, rating="pulka")
>>> report.ratings()["Anna"].ordinal      # μ − 3σ, OpenSkill's conservative estimate
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from ..i18n import _
from .data import count_of, exact_of, list_of, mapping_of, maybe_text_of, text_of
from .facts import UNDATED, GameFacts

if TYPE_CHECKING:
    from openskill.models import PlackettLuce, PlackettLuceRating

#: How the games are matched: each game a match, or each event (an Event tag on one day) a match.
MODES = ("pulka", "event")
#: The standard deviations taken off μ for the rating shown (OpenSkill's ordinal: μ − 3σ).
Z = 3.0
#: The fewest players of a game rated.
FEWEST = 3


class RatingUnavailable(ImportError):
    """OpenSkill, which the ratings need, is not installed (``pip install 'preflog[rating]'``)."""


@attrs.frozen(slots=True)
class Played:
    """One game as the ratings read it: its day (``YYYY-MM-DD``, ``YYYY-MM`` when the Date tag gives
    only the month, None without one), where it was read (``order``: the file and the game's index in
    it), its players, the whists it settled each (Code 4.2.14) and its Event tag."""

    date: str | None
    order: tuple[str, int]
    players: tuple[str, ...]
    settlement: dict[str, Fraction]
    event: str | None = None

    @classmethod
    def of(cls, game: GameFacts, event: str | None, order: tuple[str, int]) -> Played:
        """The record of a game counted: its facts, its Event tag and where it was read."""
        date = game.date or (None if game.month == UNDATED else game.month)
        return cls(date, order, game.players, dict(game.settlement), event or None)

    @property
    def key(self) -> tuple[str, str, int, str, tuple[str, ...], tuple[tuple[str, Fraction], ...]]:
        """Its place among the games: by day (undated first, a month before its days), then as read (file,
        index), then by what it holds, so that no two different games are ever taken in either order."""
        return (self.date or "", *self.order, self.event or "", self.players, tuple(sorted(self.settlement.items())))

    def to_data(self) -> dict[str, Any]:
        """The record as plain data (JSON: the whists as ``"116/3"``), read back by :meth:`of_data`."""
        return {"date": self.date, "order": list(self.order), "players": list(self.players),
                "settlement": {n: str(w) for n, w in self.settlement.items()}, "event": self.event}

    @classmethod
    def of_data(cls, data: dict[str, Any]) -> Played:
        """The record :meth:`to_data` wrote (a ``ValueError`` or ``KeyError`` for anything else)."""
        order = list_of(data["order"])
        if len(order) != 2:
            raise ValueError("game place", order)
        return cls(maybe_text_of(data["date"]), (text_of(order[0]), count_of(order[1])),
                   tuple(text_of(p) for p in list_of(data["players"])),
                   {n: exact_of(w) for n, w in mapping_of(data["settlement"]).items()}, maybe_text_of(data["event"]))

    def renamed(self, names: Mapping[str, str]) -> Played:
        """The game with each player under the name ``names`` gives (spellings of one player as one)."""
        settlement: dict[str, Fraction] = {}
        for name, whists in self.settlement.items():
            new = names.get(name, name)
            settlement[new] = settlement.get(new, Fraction(0)) + whists
        players = tuple(dict.fromkeys(names.get(p, p) for p in self.players))
        return attrs.evolve(self, players=players, settlement=settlement)


@attrs.frozen(slots=True)
class Match:
    """Games rated as one: their day, their event (None: a game of its own), and each player's whists
    over them."""

    date: str | None
    event: str | None
    games: tuple[Played, ...]
    whists: dict[str, Fraction]


@attrs.frozen(slots=True)
class Point:
    """A player's skill after a match: the match's number among all those rated (from 1), its day and
    event, and OpenSkill's μ and σ."""

    match: int
    date: str | None
    event: str | None
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The rating shown after the match: μ − 3σ."""
        return self.mu - Z * self.sigma


@attrs.frozen(slots=True)
class Rating:
    """A player's skill as OpenSkill believes it after his last match: its mean ``mu`` and standard
    deviation ``sigma``; the games rated, and his rating after each of his matches."""

    mu: float
    sigma: float
    games: int
    history: tuple[Point, ...]

    @property
    def ordinal(self) -> float:
        """The rating shown: μ − 3σ (OpenSkill's ordinal), the skill he has almost surely (99.7%) reached."""
        return self.mu - Z * self.sigma


def check_mode(mode: str) -> None:
    """A ``ValueError`` unless ``mode`` is one of :data:`MODES`."""
    if mode not in MODES:
        raise ValueError(_("unknown rating {mode!r}: choose 'pulka' or 'event'").format(mode=mode))


def require() -> None:
    """A :class:`RatingUnavailable` unless OpenSkill can be imported (asked before any work is done)."""
    _model()


def _model() -> PlackettLuce:
    """OpenSkill's Plackett–Luce model with its defaults (μ 25, σ 25/3, β 25/6, τ 25/300), imported here:
    the extra is optional."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise RatingUnavailable(_("the ratings need OpenSkill: pip install 'preflog[rating]'")) from None
    return PlackettLuce()


def matches(played: Iterable[Played], mode: str = "pulka") -> list[Match]:
    """The matches of ``played`` in the order they are rated: a game of three or four players each
    (``pulka``), or the games of each event and day together (``event``), in the order of their first
    game."""
    check_mode(mode)
    groups: dict[tuple[str, str | None] | int, list[Played]] = {}
    for i, game in enumerate(sorted((g for g in played if len(g.players) >= FEWEST), key=lambda g: g.key)):
        groups.setdefault((game.event, game.date) if mode == "event" and game.event else i, []).append(game)
    out = []
    for games in groups.values():
        whists: dict[str, Fraction] = {}
        for game in games:
            for name in game.players:
                whists[name] = whists.get(name, Fraction(0)) + game.settlement.get(name, Fraction(0))
        out.append(Match(games[0].date, games[0].event, tuple(games), whists))
    return out


def ranks(whists: Mapping[str, Fraction]) -> dict[str, int]:
    """Each player's place by his whists, 1 the most (equal whists share a place): ``{"Anna": 1, "Boris": 1,
    "Vera": 3}``."""
    return {name: 1 + sum(other > mine for other in whists.values()) for name, mine in whists.items()}


def rate(played: Iterable[Played], mode: str = "pulka") -> dict[str, Rating]:
    """Each player's rating after the games ``played`` (in any order: they are rated in the order of
    :func:`matches`); a :class:`RatingUnavailable` without OpenSkill."""
    model = _model()
    current: dict[str, PlackettLuceRating] = {}
    games: dict[str, int] = {}
    history: dict[str, list[Point]] = {}
    for number, match in enumerate(matches(played, mode), 1):
        names = sorted(match.whists)
        places = ranks(match.whists)
        teams = [[current[n] if n in current else model.rating(name=n)] for n in names]
        for name, (after,) in zip(names, model.rate(teams, ranks=[float(places[n]) for n in names])):
            current[name] = after
            history.setdefault(name, []).append(Point(number, match.date, match.event, after.mu, after.sigma))
        for game in match.games:
            for name in game.players:
                games[name] = games.get(name, 0) + 1
    return {n: Rating(r.mu, r.sigma, games[n], tuple(history[n])) for n, r in current.items()}


def ranked(ratings: Mapping[str, Rating]) -> list[tuple[str, Rating]]:
    """The players, the highest rating first (by name on a tie)."""
    return sorted(ratings.items(), key=lambda item: (-item[1].ordinal, item[0]))

#: The module's public names (what other layers and the server may import).
__all__ = [
    "FEWEST", "MODES", "Match", "Played", "Point", "Rating", "RatingUnavailable", "Z", "check_mode", "matches",
    "ranked", "ranks", "rate", "require",
]
