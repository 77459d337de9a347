"""Every convention option changes what preflog does: one case per option, both values worked out by
hand from the section cited. A new option without a case fails ``test_every_option_has_a_case``."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

import preflog
from preflog.game.conventions import OPTIONS

TWO = '[Players "Anna Boris"]\n'
THREE = '[Players "Anna Boris Vera"]\n'
FOUR = '[Players "Anna Boris Vera Gleb"]\n'


def game(head: str, option: str, value: str, body: str) -> preflog.Game:
    return preflog.loads(f'{head}[Rule.{option} "{value}"]\n\n{body}')


def codes(g: preflog.Game) -> list[str]:
    return [v.code for v in preflog.check(g)]


def mountain(player: str) -> Callable[[preflog.Game], Fraction]:
    return lambda g: preflog.score(g).mountain(player)


def pool(player: str) -> Callable[[preflog.Game], Fraction]:
    return lambda g: preflog.score(g).pool(player)


def whists(player: str, on: str) -> Callable[[preflog.Game], Fraction]:
    return lambda g: preflog.score(g).whists(player, on)


def total(player: str) -> Callable[[preflog.Game], Fraction]:
    return lambda g: preflog.score(g).settlement().totals[player]


def eldest_tricks(g: preflog.Game) -> int:
    return preflog.replay(g)[-1].state.deal.tricks[0]


ALL_PASS_4_3_3 = "deal 1\nbids pass pass pass\nresult Anna 4 Boris 3 Vera 3\n"
THREE_ALL_PASSES = ALL_PASS_4_3_3 + ALL_PASS_4_3_3.replace("deal 1", "deal 2") + ALL_PASS_4_3_3.replace("deal 1",
                                                                                                        "deal 3")
# Boris plays 7h; Vera whists, Anna passes; Boris takes 6, Vera 3, Anna 1: one down.
SEVEN_DOWN_ONE = "deal 1\ncontract Boris: 7h\nwhist whist pass\nresult Boris 6 Vera 3 Anna 1\n"

# option, head, body, what to look at, (value, expected), (value, expected), the reasoning
CASES: list[tuple[str, str, str, Callable[[preflog.Game], Any], tuple[str, Any], tuple[str, Any], str]] = [
    ("Scale", THREE, "deal 1\ncontract Boris: 6s\nwhist whist pass\nresult 5\n", mountain("Boris"),
     ("1", 2), ("2", 4), "Code 4.2.1: one undertrick on a six costs its price, 2; seed 002: the scale doubles it"),
    ("WhistLiability", THREE, "deal 1\ncontract Boris: 6d\nwhist whist whist\nresult Boris 7 Vera 2 Anna 1\n",
     mountain("Anna"), ("full", 2), ("half", 1),
     "Code 3.8.6: each of two whisters answers for 2 of the 4 tricks; Anna took 1, one short: the price 2 "
     "(full, 3.8.11) or half of it (3.8.12)"),
    ("WhistSplit", THREE, SEVEN_DOWN_ONE, whists("Anna", "Boris"), ("greedy", 4), ("gentleman", 12),
     "Code 3.8.13: the whister takes the defence's 4 tricks × 4 alone, Anna writes only the consolation 1 × 4; "
     "3.8.14: the 16 are shared, 8 each, plus the consolation 4"),
    ("Consolation", THREE, SEVEN_DOWN_ONE, whists("Anna", "Boris"), ("price", 4), ("10", 10),
     "Code 3.8.1.2: one undertrick × the price 4, or × 10 whists (footnote 36)"),
    ("HalfWhist", THREE, "deal 1\ncontract Boris: 6s\nwhist pass half\n", codes, ("yes", []), ("no", ["W402"]),
     "Code 3.8.7: the second defender may go half after a pass, where the convention has half-whist"),
    ("AllPassScoring", THREE, ALL_PASS_4_3_3, mountain("Anna"), ("mountain", 1), ("whists", 0),
     "Code 3.7.3: after the amnesty of 3, Anna writes 1 trick to the mountain; 3.7.2.2: the tricks go to whists"),
    ("AllPassProgression", THREE, THREE_ALL_PASSES, mountain("Anna"), ("none", 3), ("geometric", 7),
     "Code 3.7.4: Anna writes one trick (after amnesty) on each of three all-passes in a row, at 1, 1, 1 "
     "(none) or 1, 2, 4 (geometric)"),
    ("AllPassProgressionLimit", THREE, THREE_ALL_PASSES, mountain("Anna"), ("3", 6), ("1", 3),
     "Code 3.7.4.3: arithmetic 1, 2, 3 with a limit of 3 steps; 1, 1, 1 with a limit of 1"),
    ("AllPassExit", THREE, "deal 1\nbids pass pass pass\ndeal 2\nbids 6s pass pass\n", codes, ("6", []),
     ("7", ["A209"]), "Code 3.7.8: after an all-pass the lowest bid is the exit"),
    ("AllPassTalon", FOUR, "deal 1 dealer Anna\nbids pass pass pass\nresult Boris 4 Vera 3 Gleb 3\n", pool("Anna"),
     ("lead", 0), ("none", 1), "RULES.md AllPassTalon: without the talon, the sitting-out dealer writes 1 to "
     "the pool (Rostov with four); with it, he plays the talon's tricks and writes nothing here"),
    ("AllPassAmnesty", THREE, ALL_PASS_4_3_3, mountain("Anna"), ("yes", 1), ("no", 4),
     "Code 3.7.3: the amnesty takes 3 off everyone's tricks; without it Anna writes her 4"),
    ("AllPassWhists", THREE + '[Rules "rostov"]\n', "deal 1\nbids pass pass pass\nresult Anna 6 Boris 2 Vera 2\n",
     whists("Boris", "Anna"), ("5", 15), ("10", 30),
     "Code 3.7.2.2: six, two and two; the two lowest share 6 × 5 (the example: 15 each) or 6 × 10 (30 each)"),
    ("AllPassZero", THREE, "deal 1\ncontract Vera: 6s\nwhist whist pass\nresult 5\n"
     "deal 2\nbids pass pass pass\nresult Anna 6 Boris 4 Vera 0\n", mountain("Vera"), ("pool", 2), ("mountain", 1),
     "Vera's six one down puts 2 on her mountain (4.2.1); with no trick on the all-pass she writes 1 to the "
     "pool (Code 3.7.2.1) or takes 1 off her mountain (seed 000 §7.2, seed 004)"),
    ("AllPassVoidTalonTrick", THREE, "deal 1\ntalon 7s 8c\nbids pass pass pass\nplay 7h 8h 9h\n", eldest_tricks,
     ("nobody", 0), ("eldest", 1),
     "RULES.md: nobody follows the talon's spade (the hands were not recorded): the trick goes to no one, or "
     "to the eldest hand"),
    ("Help", THREE + '[Pool "2"]\n', "deal 1\ncontract Boris: 6s\nwhist pass pass\ndeal 2\ncontract Boris: 6s\n"
     "whist pass pass\n", pool("Boris"), ("yes", 2), ("no", 4),
     "Code 4.2.3: with his pool of 2 full, Boris's next 2 help another; 4.2.3.3 (Leningrad): they go to his pool"),
    ("DealerStaysOnAllPass", THREE, "deal 1 dealer Anna\nbids pass pass pass\ndeal 2\n", codes, ("no", []),
     ("yes", ["D103"]), "Code 3.7.7, seed 000 §6.1: after an all-pass Anna deals again; deal 2 went to Boris"),
    ("Stalingrad", THREE, "deal 1\ncontract Boris: 6s\nwhist whist pass\n", codes, ("no", []), ("yes", ["W407"]),
     "seed 000 §6.2: six spades must be whisted by both"),
    ("DarkBids", THREE, "deal 1\nbids dark pass pass pass\n", codes, ("no", ["A210"]), ("yes", []),
     "Code 3.3.19: dark calls only where the convention has them"),
    ("HandBids", THREE, "deal 1\nbids hand 9s pass pass\n", codes, ("no", ["A210"]), ("yes", []),
     "seed 004: hand (without the talon) bids only where the convention has them"),
    ("Bombs", THREE + '[Rule.DarkBids "yes"]\n', "deal 1 dealer Vera\nbids dark pass dark pass dark pass\n"
     "result Anna 4 Boris 3 Vera 3\ndeal 2 dealer Anna\ncontract Boris: 7s\nwhist pass pass\n", pool("Boris"),
     ("no", 4), ("yes", 8), "Code 3.3.19 a, footnote 29: the dark all-pass gives each a simple bomb, which "
     "doubles Boris's next game: a seven, 4 (2.2.2), on a bomb 8 (seed 000 §7.2, the table)"),
    ("TalonBonus", FOUR, "deal 1 dealer Anna\ntalon As Ks\nbids 6h pass pass\ncontract 6h\nwhist pass pass\n",
     whists("Anna", "Boris"), ("no", 0), ("yes", 4),
     "Code 3.4.11, seed 000 §4: an ace and a king of one suit in the talon: the dealer writes two tricks of "
     "the six, 2 × 2, on the declarer"),
    ("Razboynik", THREE, "deal 1\nbids 6s pass pass\n", codes, ("no", []), ("yes", ["A213"]),
     "seed 000 §8: the razboynik's compulsory games are played without an auction"),
    ("RazboynikSoloist", THREE + '[Rule.Razboynik "yes"]\n', "deal 1 dealer Anna\ncontract Vera: 6s\n", codes,
     ("eldest", ["T306"]), ("second", []),
     "seed 004: by agreement the eldest hand (Boris, left of Anna) or the second (Vera) plays the compulsory game"),
    ("RazboynikWhist", THREE + '[Rule.Razboynik "yes"]\n', "deal 1 dealer Anna\ncontract Boris: 7s\n"
     "whist whist whist\nresult Boris 7 Vera 2 Anna 1\n", codes, ("first", ["W411"]), ("both", []),
     "seed 004: by agreement the first defender whists and the second passes, or both whist"),
    ("Totus", THREE, "deal 1\ncontract Boris: totus 10nt\nresult 10\n", codes, ("no", ["T309"]), ("yes", []),
     "seed 000 §6.3: the totus (twelve tricks on the own cards and the talon) where the convention has it"),
    ("PoolSplit", THREE, "deal 1\ncontract Boris: 7s\nwhist whist whist\nresult Boris 6 Vera 2 Anna 2\n"
     "deal 2\ncontract Boris: 6s\nwhist whist whist\nresult Boris 6 Vera 2 Anna 2\n", pool("Boris"), ("pool", 2),
     ("half", 1), "seed 000 §7.2 example 1: a six made, 1 to the pool and 1 off the mountain (Boris's 4 from his "
     "seven one down), or simply 2 to the pool"),
    ("UnresponsibleGames", THREE, "deal 1\ncontract Boris: 6s\nwhist whist whist\nresult Boris 6 Vera 2 Anna 2\n",
     mountain("Boris"), ("no", 0), ("yes", 1), "seed 000 §7.2, seed 004: a game made with no all-pass or razboynik "
     "game to answer for it is unresponsible: half its 2 points go on the hill"),
    ("HelpBarred", FOUR + '[Pool "2"]\n[Sheet "Boris pool 2"]\n', "deal 1 dealer Vera\ncontract Boris: 6s\n"
     "whist pass pass\n", pool("Vera"), ("no", 2), ("yes", 0), "Code 4.2.3: Boris's full pool helps the nearest on "
     "his left, Vera; seed 000 §7.2: not the dealer (\"Запрещается помогать сдающему\"), so Gleb"),
    ("MountainsOff", THREE + '[Pool "2"]\n[Sheet "Anna pool 2; Boris pool 2 mountain 1; Vera pool 2 mountain 6"]\n',
     "deal 1 dealer Anna\ncontract Boris: 6s\nwhist pass pass\n", mountain("Boris"), ("no", -1), ("yes", 0),
     "Code 4.1.1: 2 over full pools come off the own mountain, below zero; seed 000 §7.2: the own mountain to "
     "zero, then the partners'"),
    ("HelpTie", THREE + '[Pool "2"]\n[Sheet "Anna pool 2; Boris mountain 5; Vera mountain 1"]\n',
     "deal 1 dealer Boris\ncontract Anna: 6s\nwhist pass pass\n", pool("Vera"), ("left", 0), ("mountain", 2),
     "Code 4.2.3: of equal pools Anna helps the one on her left, Boris; seed 000 §7.2: \"тому, у кого больше пуля "
     "и меньше гора\", Vera (mountain 1, not 5)"),
    ("IndivisibleMountain", TWO, "deal 1\ncontract Anna: 6s\nwhist whist\nresult 5\n", total("Anna"),
     ("no", -22), ("yes", -32),
     "Anna's six one down: 2 to her mountain (4.2.1); Boris whists alone, 5 tricks × 2 plus the consolation 2: "
     "12 whists on her (3.8.1.1, 3.8.1.2). The mountain × 10 is divided by the two players (4.2.14): she pays "
     "10; indivisible (4.1.1 c) it is not shared with its owner: she pays all 20"),
]

def test_every_option_has_a_case() -> None:
    assert {c[0] for c in CASES} == set(OPTIONS)


@pytest.mark.parametrize(("option", "head", "body", "look", "first", "second", "why"), CASES,
                         ids=[c[0] for c in CASES])
def test_the_option_changes_behaviour(option: str, head: str, body: str, look: Callable[[preflog.Game], Any],
                                      first: tuple[str, Any], second: tuple[str, Any], why: str) -> None:
    for value, expected in (first, second):
        assert look(game(head, option, value, body)) == expected, (value, why)


def test_every_option_of_every_preset_reads_back_as_its_tag_writes_it() -> None:
    """option_text is the tag's spelling: read back by the option's parser, it is the value again
    (a game whose options are all written out, as the recorder writes them, reads as its preset)."""
    from preflog.game.conventions import OPTIONS, PRESETS, frozen_tags, option_text

    for name, rules in PRESETS.items():
        for option, (field, parse, _) in OPTIONS.items():
            assert parse(option_text(option, getattr(rules, field))) == getattr(rules, field), (name, option)
        tags = "".join(f'[{n} "{v}"]\n' for n, v in frozen_tags(rules))
        players = "Anna Boris" if name == "gusarik" else "Anna Boris Vera"
        game = preflog.loads(f'[Players "{players}"]\n{tags}')
        assert preflog.rules_of(game) == (rules, []), name
