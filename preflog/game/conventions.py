"""The conventions as data: every option of RULES.md, the four presets, and the tags that set them.

No words: the values an option accepts are said by :func:`preflog.verdicts.accepted_text`, a tag
that cannot be applied is a :class:`~preflog.game.violations.Violation` (R101–R104)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import attrs

from ..model.game import Game
from ..model.limits import number_too_long, shorten
from .violations import Violation


class Liability(enum.Enum):
    """What a whister short of the obligation writes to the mountain (Code 3.8.11–3.8.12)."""

    FULL = "full"
    HALF = "half"
    HALF_THEN_FULL = "half-then-full"   # half until the own pool is closed (Classic, 3.8.11)


class WhistSplit(enum.Enum):
    """One whister, the declarer failed: does the passer share the whists (Code 3.8.13–3.8.14)?"""

    GREEDY = "greedy"
    GENTLEMAN = "gentleman"


class AllPassScoring(enum.Enum):
    """Where all-pass tricks are written (Code 3.7.2)."""

    MOUNTAIN = "mountain"
    WHISTS = "whists"


class Progression(enum.Enum):
    """How the all-pass price grows over all-passes in a row (Code 3.7.4)."""

    NONE = "none"
    ARITHMETIC = "arithmetic"
    GEOMETRIC = "geometric"


class AllPassTalon(enum.Enum):
    """Whether the talon is turned up to lead the first two all-pass tricks (Code 3.7.6)."""

    LEAD = "lead"
    NONE = "none"


class ZeroTrick(enum.Enum):
    """What an all-pass player without a trick writes: the price of one trick to the pool (Code 3.7.2.1)
    or the same off the own mountain, lost when the mountain is empty (seeds 000 §7.2, 004)."""

    POOL = "pool"
    MOUNTAIN = "mountain"


class RazboynikSoloist(enum.Enum):
    """Who plays the compulsory game of a razboynik deal, by prior agreement (seed 004)."""

    ELDEST = "eldest"
    SECOND = "second"


class RazboynikWhist(enum.Enum):
    """What the defenders of a compulsory game must say, by prior agreement (seed 004): the first whists
    and the second passes, or both whist."""

    FIRST = "first"
    BOTH = "both"


class PoolSplit(enum.Enum):
    """Where the points of a game made go while the own pool is open: all to the pool (Code 4.2.1), or
    half to the pool and half off the own mountain (Classic, seed 000 §7.2 "чаще всего", seed 004)."""

    POOL = "pool"
    HALF = "half"


class HelpTie(enum.Enum):
    """Which of equal open pools a full pool helps first: the one on the left (Code 4.2.3), or the one with
    the smaller mountain, then the left (seed 000 §7.2: "тому, у кого больше пуля и меньше гора")."""

    LEFT = "left"
    MOUNTAIN = "mountain"


class VoidTalonTrick(enum.Enum):
    """Who takes an all-pass trick led from the talon when nobody follows (RULES.md: the sources are silent)."""

    NOBODY = "nobody"
    ELDEST = "eldest"


@attrs.frozen(slots=True)
class Rules:
    """One convention: the options of RULES.md ("Options and presets") with their values.

    Options this version does not enforce yet are still read and kept.
    """

    name: str = "sochi"
    scale: int = 1                              # Scale (seed 002; Code 3.7.2.1 fn 45)
    whist_liability: Liability = Liability.FULL  # WhistLiability (3.8.11–12)
    whist_split: WhistSplit = WhistSplit.GREEDY  # WhistSplit (3.8.13–14)
    consolation: int | None = None              # Consolation: whists per undertrick (0: none); None: the price (fn 36, 54)
    half_whist: bool = True                     # HalfWhist (3.8.7)
    all_pass_scoring: AllPassScoring = AllPassScoring.MOUNTAIN  # AllPassScoring (3.7.2)
    all_pass_progression: Progression = Progression.ARITHMETIC  # AllPassProgression (3.7.4)
    all_pass_progression_limit: int | None = 3  # AllPassProgressionLimit, steps (3.7.4.3)
    all_pass_exit: int = 6                      # AllPassExit: the lowest bid after an all-pass (3.7.8)
    all_pass_talon: AllPassTalon = AllPassTalon.LEAD  # AllPassTalon (3.7.6)
    all_pass_amnesty: bool = True               # AllPassAmnesty (3.7.3)
    all_pass_whists: int = 5                    # AllPassWhists: Rostov's whists per trick (3.7.2.2)
    all_pass_zero: ZeroTrick = ZeroTrick.POOL   # AllPassZero (3.7.2.1; seeds 000 §7.2, 004)
    all_pass_void_talon_trick: VoidTalonTrick = VoidTalonTrick.NOBODY  # AllPassVoidTalonTrick (RULES.md)
    help: bool = True                           # Help (4.2.3, 4.2.3.3)
    dealer_stays_on_all_pass: int = 0           # DealerStaysOnAllPass: the most deals in a row by one dealer (3.7.7)
    stalingrad: bool = False                    # Stalingrad (seed 000 §6.2)
    dark_bids: bool = False                     # DarkBids (3.3.19)
    hand_bids: bool = False                     # HandBids (seed 000)
    bombs: bool = False                         # Bombs (3.3.19, 3.7.10)
    razboynik: bool = False                     # Razboynik (seed 000 §8, seed 004)
    razboynik_soloist: RazboynikSoloist = RazboynikSoloist.ELDEST  # RazboynikSoloist (seed 004)
    razboynik_whist: RazboynikWhist = RazboynikWhist.FIRST  # RazboynikWhist (seed 004)
    talon_bonus: bool = False                   # TalonBonus (seed 004)
    totus: bool = False                         # Totus (seed 000 §6.3, §7.2)
    pool_split: PoolSplit = PoolSplit.POOL      # PoolSplit (seed 000 §7.2, seed 004)
    unresponsible: bool = False                 # UnresponsibleGames (seed 000 §7.2, seed 004)
    help_barred: bool = False                   # HelpBarred: not the dealer, nor a whister short (seed 000 §7.2)
    mountains_off: bool = False                 # MountainsOff: over full pools, the mountains (seed 000 §7.2, 004)
    help_tie: HelpTie = HelpTie.LEFT            # HelpTie: of equal pools, which is helped first (4.2.3, seed 000)
    indivisible_mountain: bool = False          # IndivisibleMountain (4.1.1 c, gusarik)

    def with_option(self, option: str, value: str) -> Rules:
        """These rules with one ``Rule.<Option>`` tag applied; ``ValueError`` if it is not known."""
        spec = OPTIONS.get(option)
        if spec is None:
            raise OptionError(option, value)
        field, parse, _accepted = spec
        try:
            parsed = parse(value.strip())
        except ValueError:
            raise OptionError(option, value) from None
        return attrs.evolve(self, **{field: parsed})


class OptionError(ValueError):
    """A ``Rule.<Option>`` tag that cannot be applied: ``option`` is not known (R102), or it cannot take
    ``value`` (R103)."""

    def __init__(self, option: str, value: str) -> None:
        super().__init__(option, value)
        self.option, self.value = option, value


def _yes_no(value: str) -> bool:
    if value not in ("yes", "no"):
        raise ValueError(value)
    return value == "yes"


def _choice(kind: type[enum.Enum]) -> Callable[[str], enum.Enum]:
    """The option's enum read from its value, which is its spelling in the tag."""
    def parse(value: str) -> enum.Enum:
        return kind(value)  # ValueError for a value the enum does not have
    return parse


def _values(kind: type[enum.Enum]) -> tuple[str, ...]:
    return tuple(str(m.value) for m in kind)


def _digits(value: str) -> bool:
    """True if ``value`` is written in ASCII digits, and not more of them than a number may have."""
    return value.isascii() and value.isdigit() and not number_too_long(value)


def _whole(low: int, high: int) -> Callable[[str], int]:
    def parse(value: str) -> int:
        if not _digits(value) or not low <= int(value) <= high:
            raise ValueError(value)
        return int(value)
    return parse


def _limit(value: str) -> int | None:
    return None if value in ("none", "-", "–") else _whole(1, 99)(value)


def _consolation(value: str) -> int | None:
    if value == "price":
        return None
    if value == "none":
        return 0
    if not _digits(value):
        raise ValueError(value)
    return int(value)


def _stays(value: str) -> int:
    if value == "no":
        return 0
    if value == "yes":
        return 3  # three deals in a row at most (RULES.md; seed 000 §6.1, seed 004)
    return _whole(1, 99)(value)


#: ``Rule.<Option>`` tag names → (field of Rules, parser, the values accepted: their spellings, or the
#: key of their description, which :func:`preflog.verdicts.accepted_text` says).
OPTIONS: dict[str, tuple[str, Callable[[str], Any], str | tuple[str, ...]]] = {
    "Scale": ("scale", _whole(1, 100), "whole"),
    "WhistLiability": ("whist_liability", _choice(Liability), _values(Liability)),
    "WhistSplit": ("whist_split", _choice(WhistSplit), _values(WhistSplit)),
    "Consolation": ("consolation", _consolation, "consolation"),
    "HalfWhist": ("half_whist", _yes_no, "yes-no"),
    "AllPassScoring": ("all_pass_scoring", _choice(AllPassScoring), _values(AllPassScoring)),
    "AllPassProgression": ("all_pass_progression", _choice(Progression), _values(Progression)),
    "AllPassProgressionLimit": ("all_pass_progression_limit", _limit, "steps"),
    "AllPassExit": ("all_pass_exit", _whole(6, 10), "level"),
    "AllPassTalon": ("all_pass_talon", _choice(AllPassTalon), _values(AllPassTalon)),
    "AllPassAmnesty": ("all_pass_amnesty", _yes_no, "yes-no"),
    "AllPassWhists": ("all_pass_whists", _whole(1, 1000), "whists"),
    "AllPassZero": ("all_pass_zero", _choice(ZeroTrick), _values(ZeroTrick)),
    "AllPassVoidTalonTrick": ("all_pass_void_talon_trick", _choice(VoidTalonTrick), _values(VoidTalonTrick)),
    "Help": ("help", _yes_no, "yes-no"),
    "DealerStaysOnAllPass": ("dealer_stays_on_all_pass", _stays, "stays"),
    "Stalingrad": ("stalingrad", _yes_no, "yes-no"),
    "DarkBids": ("dark_bids", _yes_no, "yes-no"),
    "HandBids": ("hand_bids", _yes_no, "yes-no"),
    "Bombs": ("bombs", _yes_no, "yes-no"),
    "Razboynik": ("razboynik", _yes_no, "yes-no"),
    "RazboynikSoloist": ("razboynik_soloist", _choice(RazboynikSoloist), _values(RazboynikSoloist)),
    "RazboynikWhist": ("razboynik_whist", _choice(RazboynikWhist), _values(RazboynikWhist)),
    "TalonBonus": ("talon_bonus", _yes_no, "yes-no"),
    "Totus": ("totus", _yes_no, "yes-no"),
    "PoolSplit": ("pool_split", _choice(PoolSplit), _values(PoolSplit)),
    "UnresponsibleGames": ("unresponsible", _yes_no, "yes-no"),
    "HelpBarred": ("help_barred", _yes_no, "yes-no"),
    "MountainsOff": ("mountains_off", _yes_no, "yes-no"),
    "HelpTie": ("help_tie", _choice(HelpTie), _values(HelpTie)),
    "IndivisibleMountain": ("indivisible_mountain", _yes_no, "yes-no"),
}

def option_text(option: str, value: Any) -> str:
    """An option's value as its ``Rule.<Option>`` tag spells it."""
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if option == "DealerStaysOnAllPass" and value == 0:
        return "no"
    if value is None:
        return "price" if option == "Consolation" else "none"
    return str(value)


def rule_tags(rules: Rules) -> list[tuple[str, str]]:
    """The ``Rule.<Option>`` tags that make ``rules`` of the preset of its name: those that differ."""
    preset = PRESETS.get(rules.name, PRESETS["sochi"])
    return [(f"Rule.{option}", option_text(option, getattr(rules, field)))
            for option, (field, _, _) in OPTIONS.items() if getattr(rules, field) != getattr(preset, field)]


def frozen_tags(rules: Rules) -> list[tuple[str, str]]:
    """The ``Rules`` tag and a ``Rule.<Option>`` tag for every option, as ``rules`` has it: a game so
    tagged reads the same under a later preflog whose presets differ."""
    return [("Rules", rules.name)] + [(f"Rule.{option}", option_text(option, getattr(rules, field)))
                                      for option, (field, _, _) in OPTIONS.items()]


#: The presets of RULES.md ("Options and presets").
PRESETS: dict[str, Rules] = {
    "sochi": Rules(),
    "leningrad": Rules(
        name="leningrad", scale=2, whist_liability=Liability.HALF, whist_split=WhistSplit.GENTLEMAN, help=False,
    ),
    "rostov": Rules(
        name="rostov", whist_liability=Liability.HALF, consolation=10, all_pass_scoring=AllPassScoring.WHISTS,
        all_pass_progression=Progression.NONE, all_pass_progression_limit=None, all_pass_talon=AllPassTalon.NONE,
        all_pass_amnesty=False,
    ),
    "classic": Rules(
        name="classic", whist_liability=Liability.HALF_THEN_FULL, half_whist=False,
        all_pass_progression=Progression.GEOMETRIC,
        all_pass_exit=7, all_pass_zero=ZeroTrick.MOUNTAIN, dealer_stays_on_all_pass=3, stalingrad=True,
        dark_bids=True, hand_bids=True, bombs=True, razboynik=True, talon_bonus=True, totus=True,
        pool_split=PoolSplit.HALF, unresponsible=True, help_barred=True, mountains_off=True,
        help_tie=HelpTie.MOUNTAIN,
    ),
    # two players and a dummy (seed 001; Code 3.7.6.4, 4.1.1 c): the Code's rules, whose defaults Sochi
    # keeps; what two players change follows from the Players tag, not from the preset
    "gusarik": Rules(name="gusarik"),
}


#: The presets played by two and a dummy rather than by three or four.
TWO_HANDED = frozenset({"gusarik"})


def rules_of(game: Game, preset: str | None = None) -> tuple[Rules, list[Violation]]:
    """The rules a game is played under: its ``Rules`` tag (or ``preset``), then its ``Rule.*`` tags;
    and the tags that could not be applied (R101–R104)."""
    problems: list[Violation] = []
    name = preset
    if name is None:
        tag = next((t for t in game.tags if t.name == "Rules"), None)
        name = tag.value.strip() if tag else "sochi"
        if name not in PRESETS:
            problems.append(Violation.of("R101", "", tag.span if tag else None, name=shorten(name)))
            name = "sochi"
    rules = PRESETS[name]
    if name in TWO_HANDED and len(game.players) not in (0, 2):
        tag = next((t for t in game.tags if t.name == "Rules"), None)
        problems.append(Violation.of("R104", "", tag.span if tag else None, players=len(game.players)))
    for tag in game.tags:
        if tag.name.startswith("Rule."):
            try:
                rules = rules.with_option(tag.name[5:], tag.value)
            except OptionError as exc:
                if exc.option in OPTIONS:
                    problems.append(Violation.of("R103", "", tag.span, option=exc.option, value=shorten(exc.value)))
                else:
                    problems.append(Violation.of("R102", "", tag.span, option=shorten(exc.option)))
    return rules, problems

#: The module's public names (what other layers and the server may import).
__all__ = [
    "AllPassScoring", "AllPassTalon", "HelpTie", "Liability", "OPTIONS", "OptionError", "PRESETS", "PoolSplit",
    "Progression", "RazboynikSoloist", "RazboynikWhist", "Rules", "TWO_HANDED", "VoidTalonTrick", "WhistSplit",
    "ZeroTrick", "frozen_tags", "option_text", "rule_tags", "rules_of",
]
