"""The rules a game is played under, as a heading says them: the convention and what the game's tags
change of it («сочинка, как обычно»; «ленинградка; отличия: бомбы: да»), and every option for the reader
who unfolds them (a recorded game freezes all thirty-odd options in its tags)."""

from __future__ import annotations

from ..game.conventions import OPTIONS, Rules, frozen_tags, rule_tags
from ..i18n import _, pgettext
from .. import words


def _value_words() -> dict[tuple[str, str], str]:
    """An option's value by what it means for that option (docs/rules.md): «ответственный» for a full
    liability, «жлобский» for the greedy split; in English the value as the tag takes it."""
    return {
        ("WhistLiability", "full"): pgettext("liability", "full"),
        ("WhistLiability", "half"): pgettext("liability", "half"),
        ("WhistLiability", "half-then-full"): pgettext("liability", "half-then-full"),
        ("WhistSplit", "greedy"): pgettext("split", "greedy"),
        ("WhistSplit", "gentleman"): pgettext("split", "gentleman"),
        ("Consolation", "price"): pgettext("consolation", "price"),
        ("Consolation", "none"): pgettext("consolation", "none"),
        ("AllPassScoring", "mountain"): pgettext("all-pass scoring", "mountain"),
        ("AllPassScoring", "whists"): pgettext("all-pass scoring", "whists"),
        ("AllPassProgression", "none"): pgettext("progression", "none"),
        ("AllPassProgression", "arithmetic"): pgettext("progression", "arithmetic"),
        ("AllPassProgression", "geometric"): pgettext("progression", "geometric"),
        ("AllPassProgressionLimit", "none"): pgettext("progression", "none"),
        ("AllPassTalon", "lead"): pgettext("all-pass talon", "lead"),
        ("AllPassTalon", "none"): pgettext("all-pass talon", "none"),
        ("AllPassZero", "pool"): pgettext("zero trick", "pool"),
        ("AllPassZero", "mountain"): pgettext("zero trick", "mountain"),
        ("AllPassVoidTalonTrick", "nobody"): pgettext("void talon trick", "nobody"),
        ("AllPassVoidTalonTrick", "eldest"): pgettext("void talon trick", "eldest"),
        ("RazboynikSoloist", "eldest"): pgettext("soloist", "eldest"),
        ("RazboynikSoloist", "second"): pgettext("soloist", "second"),
        ("RazboynikWhist", "first"): pgettext("razboynik whist", "first"),
        ("RazboynikWhist", "both"): pgettext("razboynik whist", "both"),
        ("PoolSplit", "pool"): pgettext("pool split", "pool"),
        ("PoolSplit", "half"): pgettext("pool split", "half"),
        ("HelpTie", "left"): pgettext("help tie", "left"),
        ("HelpTie", "mountain"): pgettext("help tie", "mountain"),
    }


def _said(tag: str, value: str) -> tuple[str, str]:
    """An option's tag and value as a person reads them: the rule's name, and yes, no or the value."""
    option = tag.removeprefix("Rule.")
    return words.option_name(option), _value_words().get((option, value)) or words.tag_value(tag, value)


def summary(rules: Rules) -> str:
    """The convention, and the options that differ from it: «сочинка, как обычно», «сочинка; отличия:
    Бомбы: да»."""
    name = words.convention(rules.name)
    differ = [_said(tag, value) for tag, value in rule_tags(rules)]
    if not differ:
        return _("{rules}, as usual").format(rules=name)
    return _("{rules}; differences: {options}").format(rules=name, options="; ".join(f"{n}: {v}" for n, v in differ))


def every_option(rules: Rules) -> list[tuple[str, str]]:
    """Every option of ``rules``, by the rule's name, as the folded list shows them."""
    return [_said(tag, value) for tag, value in frozen_tags(rules)[1:] if tag.removeprefix("Rule.") in OPTIONS]


__all__ = ["every_option", "summary"]
