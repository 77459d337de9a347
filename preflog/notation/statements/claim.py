"""``claim``: play stopped, the remaining tricks going as stated: ``claim Player`` (all the rest) or
``claim Player N Player N …`` (NOTATION.md §3).

Read fast (:func:`read`), by the grammar's rule ``claim`` (:func:`claim`), and written (:func:`write`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...i18n import _
from ...model.play import Claim, ClaimShare
from ..raw import Problem
from . import layout, tokens
from .scan import NotCanonical, Words, at, name, number, to, trailing, whole

if TYPE_CHECKING:
    from .spelling import Spelling


def read(words: Words) -> Claim:
    """The shares: one player's name, or names and numbers in pairs; then comments."""
    w = words[0]
    count, comments = trailing(words)
    shares: tuple[ClaimShare, ...]
    if count == 2:
        shares = (ClaimShare(name(w[1]), None, at(words, 1)),)
    elif count >= 3 and count % 2 == 1:
        built = []
        for k in range(1, count, 2):
            player, tricks = name(w[k]), number(w[k + 1])
            built.append(ClaimShare(player, tricks, to(at(words, k), at(words, k + 1))))
        shares = tuple(built)
    else:
        raise NotCanonical
    return Claim(shares, comments, whole(words))


def claim(children: list[Any]) -> Any:
    """The grammar's rule ``claim``: its names and numbers, held to one of the two shapes here."""
    problems: list[Problem] = []
    toks = [t for t in children[1:] if t.type != "COMMENT"]
    shares: list[ClaimShare] = []
    where = tokens.from_to(children)
    if len(toks) == 1 and toks[0].type == "NAME":
        shares.append(ClaimShare(toks[0].value, span=tokens.span(toks[0])))
    elif len(toks) % 2 == 0 and all(t.type == ("NAME", "NUMBER")[i % 2] for i, t in enumerate(toks)):
        for player, count in zip(toks[::2], toks[1::2]):
            shares.append(ClaimShare(player.value, int(tokens.number(count, _("a claimed trick count"), problems)),
                                     tokens.span(player).to(tokens.span(count))))
    else:
        problems.append((where, _("a claim reads 'claim Player' (all the rest) or 'claim Player N Player N …'")))
    return tokens.flag(Claim(tuple(shares), tokens.comments(children), where), problems)


def write(spell: Spelling, written: Claim) -> str:
    """``claim`` and each share, then its comments."""
    words = ["claim"]
    for share in written.shares:
        words.append(share.player)
        if share.tricks is not None:
            words.append(str(share.tricks))
    return " ".join(words) + layout.comments(written.comments)
