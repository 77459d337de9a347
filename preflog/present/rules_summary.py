"""The rules a game is played under, as a heading says them: the convention and what the game's tags
change of it («сочинка, как обычно»; «ленинградка; отличия: бомбы: да»), and every option for the reader
who unfolds them (a recorded game freezes all thirty-odd options in its tags)."""

from __future__ import annotations

from ..game.conventions import OPTIONS, Rules, frozen_tags, rule_tags
from ..i18n import _
from .. import words


def _said(tag: str, value: str) -> tuple[str, str]:
    """An option's tag and value as a person reads them: the rule's name, and yes, no or the value."""
    option = tag.removeprefix("Rule.")
    return words.option_name(option), words.tag_value(tag, value)


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
