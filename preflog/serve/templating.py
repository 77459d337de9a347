"""The pages' templates: Jinja2, every value escaped unless marked safe, with the words and keys the
pages are written with."""

from __future__ import annotations

from importlib import resources

import jinja2

from ..i18n import _, count, decimal, ngettext, pgettext
from ..model.bids import LADDER, MISERE, Strain, write_bid
from ..model.defence import DecisionKind, WhistMode
from ..scoring.ledger import COLUMN_WORDS, Column
from ..words import contract, convention, decision, mode, player

#: The letters the scorer's defence keys type (the short form's, docs/recorder.md).
DEFENCE_KEYS = ((DecisionKind.WHIST, "w"), (DecisionKind.PASS, "p"), (DecisionKind.HALF, "h"))
MODE_KEYS = ((WhistMode.OPEN, "o"), (WhistMode.CLOSED, "c"))


def contract_keys() -> list[tuple[str, str, bool]]:
    """The scorer's contract keys, the ladder's games in order: what each types (the notation, which the
    short form reads), what it shows (the contract in the language's words), and whether it is red."""
    return [(write_bid(b), contract(b), b.strain in (Strain.DIAMONDS, Strain.HEARTS)) for b in LADDER if b != MISERE]


def defence_keys() -> list[tuple[str, str]]:
    """The scorer's defence keys: the letter each types, and the defender's word it shows."""
    return [(letter, decision(kind)) for kind, letter in DEFENCE_KEYS] + \
        [(letter, mode(m)) for m, letter in MODE_KEYS]


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(resources.files(__package__) / "templates")),
                             autoescape=True, trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    env.globals.update(_=_, ngettext=ngettext, pgettext=pgettext, count=count, convention=convention,
                       contract=contract, contract_keys=contract_keys, defence_keys=defence_keys, MISERE=MISERE,
                       name=player, COLUMNS={c.value: COLUMN_WORDS[c] for c in Column})
    env.filters["number"] = lambda value: decimal(str(value))  # 41,33 in Russian: the point is a record's
    return env


ENV = _environment()

__all__ = ["ENV", "contract_keys", "defence_keys"]
