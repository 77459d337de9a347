"""The conventions as data: every option of RULES.md, the four presets, and the tags that set them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from ..model.game import Game
from ..model.span import Span


@attrs.frozen(slots=True)
class Rules:
    """One convention: the options of RULES.md ("Options and presets") with their values.

    Options this version does not enforce yet are still read and kept.
    """

    name: str = "sochi"
    scale: int = 1                              # Scale (seed 002; Code 3.7.2.1 fn 45)
    whist_liability: str = "full"               # WhistLiability: full | half | half-then-full (3.8.11–12)
    whist_split: str = "greedy"                 # WhistSplit: greedy | gentleman (3.8.13–14)
    consolation: str = "price"                  # Consolation: price | N whists per undertrick (fn 36, 54)
    half_whist: bool = True                     # HalfWhist (3.8.7)
    all_pass_scoring: str = "mountain"          # AllPassScoring: mountain | whists (3.7.2)
    all_pass_progression: str = "arithmetic"    # AllPassProgression: none | arithmetic | geometric (3.7.4)
    all_pass_progression_limit: int | None = 3  # AllPassProgressionLimit, steps (3.7.4.3)
    all_pass_exit: int = 6                      # AllPassExit: the lowest bid after an all-pass (3.7.8)
    all_pass_talon: str = "lead"                # AllPassTalon: lead | none (3.7.6)
    all_pass_amnesty: bool = True               # AllPassAmnesty (3.7.3)
    all_pass_void_talon_trick: str = "nobody"   # AllPassVoidTalonTrick: nobody | eldest (RULES.md)
    help: bool = True                           # Help (4.2.3, 4.2.3.3)
    dealer_stays_on_all_pass: int = 0           # DealerStaysOnAllPass: times the dealer repeats (3.7.7)
    stalingrad: bool = False                    # Stalingrad (seed 000 §6.2)
    dark_bids: bool = False                     # DarkBids (3.3.19)
    hand_bids: bool = False                     # HandBids (seed 000)
    bombs: bool = False                         # Bombs (3.3.19, 3.7.10)
    razboynik: bool = False                     # Razboynik (seed 000)
    talon_bonus: bool = False                   # TalonBonus (seed 004)

    def with_option(self, option: str, value: str) -> Rules:
        """These rules with one ``Rule.<Option>`` tag applied; ``ValueError`` if it is not known."""
        spec = OPTIONS.get(option)
        if spec is None:
            raise ValueError(f"unknown rule option {option!r}; the options are {', '.join(OPTIONS)}")
        field, parse, accepted = spec
        try:
            parsed = parse(value.strip())
        except ValueError:
            raise ValueError(f"Rule.{option} cannot be {value!r}; it takes {accepted}") from None
        return attrs.evolve(self, **{field: parsed})


def _yes_no(value: str) -> bool:
    if value not in ("yes", "no"):
        raise ValueError(value)
    return value == "yes"


def _choice(*values: str) -> Callable[[str], str]:
    def parse(value: str) -> str:
        if value not in values:
            raise ValueError(value)
        return value
    return parse


def _whole(low: int, high: int) -> Callable[[str], int]:
    def parse(value: str) -> int:
        if not value.isdigit() or not low <= int(value) <= high:
            raise ValueError(value)
        return int(value)
    return parse


def _limit(value: str) -> int | None:
    return None if value in ("none", "-", "–") else _whole(1, 99)(value)


def _consolation(value: str) -> str:
    if value != "price" and not (value.isdigit() and int(value) > 0):
        raise ValueError(value)
    return value


def _stays(value: str) -> int:
    if value == "no":
        return 0
    if value == "yes":
        return 3  # "up to 3" (RULES.md; Code 3.7.7, seed 004)
    return _whole(1, 99)(value)


#: ``Rule.<Option>`` tag names → (field of Rules, parser, the values accepted, in words).
OPTIONS: dict[str, tuple[str, Callable[[str], Any], str]] = {
    "Scale": ("scale", _whole(1, 100), "a whole number"),
    "WhistLiability": ("whist_liability", _choice("full", "half", "half-then-full"), "full, half or half-then-full"),
    "WhistSplit": ("whist_split", _choice("greedy", "gentleman"), "greedy or gentleman"),
    "Consolation": ("consolation", _consolation, "price or a whole number of whists"),
    "HalfWhist": ("half_whist", _yes_no, "yes or no"),
    "AllPassScoring": ("all_pass_scoring", _choice("mountain", "whists"), "mountain or whists"),
    "AllPassProgression": ("all_pass_progression", _choice("none", "arithmetic", "geometric"),
                           "none, arithmetic or geometric"),
    "AllPassProgressionLimit": ("all_pass_progression_limit", _limit, "a whole number of steps or none"),
    "AllPassExit": ("all_pass_exit", _whole(6, 10), "a level from 6 to 10"),
    "AllPassTalon": ("all_pass_talon", _choice("lead", "none"), "lead or none"),
    "AllPassAmnesty": ("all_pass_amnesty", _yes_no, "yes or no"),
    "AllPassVoidTalonTrick": ("all_pass_void_talon_trick", _choice("nobody", "eldest"), "nobody or eldest"),
    "Help": ("help", _yes_no, "yes or no"),
    "DealerStaysOnAllPass": ("dealer_stays_on_all_pass", _stays, "no, yes (up to 3 times) or a number"),
    "Stalingrad": ("stalingrad", _yes_no, "yes or no"),
    "DarkBids": ("dark_bids", _yes_no, "yes or no"),
    "HandBids": ("hand_bids", _yes_no, "yes or no"),
    "Bombs": ("bombs", _yes_no, "yes or no"),
    "Razboynik": ("razboynik", _yes_no, "yes or no"),
    "TalonBonus": ("talon_bonus", _yes_no, "yes or no"),
}

#: The presets of RULES.md ("Options and presets").
PRESETS: dict[str, Rules] = {
    "sochi": Rules(),
    "leningrad": Rules(
        name="leningrad", scale=2, whist_liability="half", whist_split="gentleman", help=False,
    ),
    "rostov": Rules(
        name="rostov", whist_liability="half", consolation="10", all_pass_scoring="whists",
        all_pass_progression="none", all_pass_progression_limit=None, all_pass_talon="none",
        all_pass_amnesty=False,
    ),
    "classic": Rules(
        name="classic", whist_liability="half-then-full", half_whist=False, all_pass_progression="geometric",
        all_pass_exit=7, dealer_stays_on_all_pass=3, stalingrad=True, dark_bids=True, hand_bids=True,
        bombs=True, razboynik=True, talon_bonus=True,
    ),
}


@attrs.frozen(slots=True)
class RulesProblem:
    """A ``Rules`` or ``Rule.<Option>`` tag that could not be applied."""

    code: str
    message: str
    span: Span | None


def rules_of(game: Game, preset: str | None = None) -> tuple[Rules, list[RulesProblem]]:
    """The rules a game is played under: its ``Rules`` tag (or ``preset``), then its ``Rule.*`` tags."""
    problems: list[RulesProblem] = []
    name = preset
    if name is None:
        tag = next((t for t in game.tags if t.name == "Rules"), None)
        name = tag.value.strip() if tag else "sochi"
        if name not in PRESETS:
            problems.append(RulesProblem("R101", f"unknown convention {name!r} in the Rules tag; "
                                                 f"known: {', '.join(PRESETS)}", tag.span if tag else None))
            name = "sochi"
    rules = PRESETS[name]
    for tag in game.tags:
        if tag.name.startswith("Rule."):
            try:
                rules = rules.with_option(tag.name[5:], tag.value)
            except ValueError as exc:
                code = "R102" if tag.name[5:] not in OPTIONS else "R103"
                problems.append(RulesProblem(code, str(exc), tag.span))
    return rules, problems
