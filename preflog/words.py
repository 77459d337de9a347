"""The game in the words of the language preflog speaks: the one place that spells a card, a hand, a
contract, a call, a defender's word, a convention and a tag name for a person to read.

English speaks the notation, as preflog always has (``Ts``, ``T♠``, ``7h``, ``8nt``, ``mis``, ``dark
6s``); Russian speaks as players write at the table (``10♠``, ``Т♥``, ``7♥``, ``8 БК``, ``мизер``,
``пас втёмную``). Every word comes from the catalog (``pgettext`` with a context for the one-word
entries), so a language is a catalog, not code. What machines read (``convert``, ``fmt``, JSON,
violation codes) is the notation of ``preflog.model`` and never comes through here.

>>> with using_language("ru"): card(Card(Rank.TEN, Suit.DIAMONDS))
'10♦'
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache

from .i18n import LANGUAGES, N_, _, current_language, decimal, pgettext
from .model.auction import Call, CallKind
from .model.bids import Bid, Strain
from .model.cards import Card, Rank, Suit
from .model.deal import Checkpoint, Penalty, PenaltyKind
from .model.hand import Hand
from .model.defence import DECISION_WORDS, MODE_WORDS, DecisionKind, WhistMode
from .model.seating import DUMMY

__all__ = ["bid", "call", "card", "cards", "cited", "contract", "convention", "decision", "hand", "in_words", "mode", "penalty", "player", "rank",
           "number_text", "two_places", "quoted", "relative", "rules", "sheet", "suit", "tag", "tag_value", "CONVENTION_NAMES", "OPTION_NAMES", "TAG_NAMES"]


def in_words() -> bool:
    """Whether the language spoken writes the game in words (every language but English, which speaks
    the notation)."""
    return current_language() != LANGUAGES[0]


@cache
def _rank_words(lang: str) -> dict[Rank, str]:  # lang: the key of the cache (pgettext speaks it)
    return {Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: pgettext("rank", "T"),
            Rank.JACK: pgettext("rank", "J"), Rank.QUEEN: pgettext("rank", "Q"),
            Rank.KING: pgettext("rank", "K"), Rank.ACE: pgettext("rank", "A")}


def rank(r: Rank) -> str:
    """A rank as written on a card: ``T J Q K A`` (en), ``10 В Д К Т`` (ru); ``7 8 9`` in both."""
    return _rank_words(current_language())[r]


def suit(s: Suit, *, unicode: bool = False) -> str:
    """A suit as written on a card: its letter (en, ``s``) or symbol (``♠``, and always in Russian)."""
    if unicode:
        return s.symbol
    return _suit_letters(current_language())[s]


@cache
def _suit_letters(lang: str) -> tuple[str, str, str, str]:  # lang: the key of the cache, as _rank_words
    return (pgettext("suit letter", "s"), pgettext("suit letter", "c"), pgettext("suit letter", "d"),
            pgettext("suit letter", "h"))


def card(c: Card, *, unicode: bool = False) -> str:
    """A card: ``Ts`` / ``T♠`` (en), ``10♠`` (ru); ``Т♥`` is the ace of hearts in Russian."""
    return rank(c.rank) + suit(c.suit, unicode=unicode)


def cards(cs: Iterable[Card], *, unicode: bool = False) -> str:
    """Cards one after another, a space between: ``10♠ 10♦``."""
    return " ".join(card(c, unicode=unicode) for c in cs)


def bid(b: Bid | None, *, unicode: bool = False) -> str:
    """A bid or a contract: ``6s`` / ``6♠``, ``7nt``, ``mis`` (en); ``6♠``, ``7 БК``, ``мизер`` (ru);
    ``?`` when it is not known."""
    if b is None:
        return "?"
    if b.strain is None:
        return pgettext("contract", "mis")
    if b.strain is Strain.NO_TRUMP:
        return pgettext("contract", "{level}nt").format(level=b.level)
    return f"{b.level}{suit(Suit(b.strain), unicode=unicode)}"


#: A contract is a bid that won the auction: written the same way.
contract = bid


def call(c: Call, *, unicode: bool = False) -> str:
    """A call of the auction as it is said: ``pass``, ``here``, ``6s``, ``dark 6s``, ``hand 9♥`` (en);
    ``пас``, ``здесь``, ``6♠``, ``пас втёмную``, ``9♥ без прикупа`` (ru)."""
    if c.kind is CallKind.PASS:
        said = pgettext("call", "pass")
    elif c.kind is CallKind.HERE:
        said = pgettext("call", "here")
    else:
        said = bid(c.bid, unicode=unicode)
    if c.hand:
        said = pgettext("call", "hand {call}").format(call=said)
    if c.dark:
        said = pgettext("call", "dark {call}").format(call=said)
    return said


def player(name: str) -> str:
    """A player's name as shown; the dummy of a game of two by its word (``Dummy``, ``болван``)."""
    return pgettext("seat", "Dummy") if name == DUMMY else name


def decision(kind: DecisionKind) -> str:
    """A defender's word: whist, pass, half-whist (en); вист, пас, полвиста (ru)."""
    return _(DECISION_WORDS[kind])


def mode(m: WhistMode) -> str:
    """How a single whister plays: open, closed (en); в светлую, втёмную (ru)."""
    return _(MODE_WORDS[m])


#: The conventions preflog names, by the ``Rules`` tag's id.
CONVENTION_NAMES = ("sochi", "leningrad", "rostov", "classic", "gusarik")


def _convention_words() -> dict[str, str]:
    return {"sochi": pgettext("convention", "Sochi"), "leningrad": pgettext("convention", "Leningrad"),
            "rostov": pgettext("convention", "Rostov"), "classic": pgettext("convention", "Classic"),
            "gusarik": pgettext("convention", "gusarik")}


def convention(name: str) -> str:
    """A convention by its id: Sochi, Leningrad … (en); сочинка, ленинградка, ростов, классика,
    гусарик (ru). An id preflog does not know is returned as it is."""
    return _convention_words().get(name, name)


#: The tags of NOTATION.md §2 that a person reads by name (translated where they are said).
TAG_NAMES = ("Event", "Site", "Date", "Round", "Table", "Board", "Players", "Rules", "Pool", "WhistPrice", "Result", "Source",
             "Annotator", "Scorer", "Sheet", "Aliases")


def _tag_words() -> dict[str, str]:
    return {"Event": pgettext("tag", "Event"), "Site": pgettext("tag", "Site"), "Date": pgettext("tag", "Date"),
            "Round": pgettext("tag", "Round"), "Table": pgettext("tag", "Table"), "Board": pgettext("tag", "Board"),
            "Players": pgettext("tag", "Players"),
            "Rules": pgettext("tag", "Rules"), "Pool": pgettext("tag", "Pool"),
            "WhistPrice": pgettext("tag", "WhistPrice"), "Result": pgettext("tag", "Result"),
            "Source": pgettext("tag", "Source"), "Annotator": pgettext("tag", "Annotator"),
            "Scorer": pgettext("tag", "Scorer"), "Sheet": pgettext("tag", "Sheet"),
            "Aliases": pgettext("tag", "Aliases"), "Puzzle": pgettext("tag", "Puzzle"),
            "Played": pgettext("tag", "Played"), "View": pgettext("tag", "View"),
            "Answers": pgettext("tag", "Answers")}


#: A puzzle's question, view and answers, as a person reads them (the ``Puzzle``, ``View`` and ``Answers`` tags,
#: docs/puzzles.md).
_PUZZLE_WORDS = {("Puzzle", "card"): N_("which card"), ("Puzzle", "tricks"): N_("how many tricks"),
                 ("Puzzle", "catch"): N_("is the misère caught"), ("Puzzle", "discard"): N_("which two cards to discard"),
                 ("Puzzle", "whist"): N_("whist or pass"),
                 ("View", "open"): N_("every hand"),
                 ("View", "table"): N_("as at the table"),
                 ("Answers", "one"): N_("the only one"), ("Answers", "all"): N_("every best one")}


#: The ``Rule.<Option>`` tags by the name a player gives the rule (docs/rules.md describes each).
OPTION_NAMES = {
    "Scale": N_("scale"), "WhistLiability": N_("whisters' liability"), "WhistSplit": N_("whists on a failed contract"),
    "Consolation": N_("consolation"), "HalfWhist": N_("half-whist"), "AllPassScoring": N_("all-pass written"),
    "AllPassProgression": N_("all-pass progression"), "AllPassProgressionLimit": N_("progression's limit"),
    "AllPassExit": N_("way out of all-passes"), "AllPassTalon": N_("talon on an all-pass"),
    "AllPassAmnesty": N_("all-pass amnesty"), "AllPassWhists": N_("whists a trick on an all-pass"),
    "AllPassZero": N_("no trick on an all-pass"), "AllPassVoidTalonTrick": N_("talon's trick nobody follows"),
    "Help": N_("help"), "DealerStaysOnAllPass": N_("dealer stays after an all-pass"), "Stalingrad": N_("Stalingrad"),
    "DarkBids": N_("dark calls"), "HandBids": N_("bids without the talon"), "Bombs": N_("bombs"),
    "Razboynik": N_("razboynik"), "RazboynikSoloist": N_("razboynik's soloist"),
    "RazboynikWhist": N_("whist in the razboynik"), "TalonBonus": N_("aces and marriages in the talon"),
    "Totus": N_("totus"), "PoolSplit": N_("points before the own pool closes"),
    "UnresponsibleGames": N_("unresponsible games"), "HelpBarred": N_("help barred"),
    "MountainsOff": N_("mountains written off"), "HelpTie": N_("help between equal pools"),
    "IndivisibleMountain": N_("indivisible mountain"),
}


def tag(name: str) -> str:
    """A tag's name: the name itself (en); Событие, Игроки, Разновидность … (ru), a rule's option by the
    rule's name (``Rule.DarkBids``: заявки втёмную). A file's own tags are returned as written."""
    option = name.removeprefix("Rule.")
    if option != name and option in OPTION_NAMES and in_words():
        return option_name(option)
    return _tag_words().get(name, name)


def option_name(option: str) -> str:
    """A rule's option (``DarkBids``) by the rule's name, as a list of tags heads it: Dark calls, Заявки
    втёмную (an option preflog does not know, as written)."""
    if option not in OPTION_NAMES:
        return option
    said = _(OPTION_NAMES[option])
    return said[:1].upper() + said[1:]  # a name in a list of tags: Заявки втёмную, like Событие


def _option_values() -> dict[tuple[str, str], str]:
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


def option_value(option: str, value: str) -> str:
    """A rule's value as a person reads it (docs/rules.md): yes and no, a value by what it means for its
    option («геометрическая (1, 2, 4…)» for the progression, «жлобский вист» for the greedy split);
    a number as written. In English the value as the tag takes it."""
    if not in_words():
        return value
    if value in ("yes", "no"):
        return pgettext("option", "yes") if value == "yes" else pgettext("option", "no")
    return _option_values().get((option, value), value)


def tag_value(name: str, value: str) -> str:
    """A tag's value as a person reads it: as written in English (the file's own words); in another
    language the ``Rules`` tag's convention by its name (``сочинка``), a rule's ``yes`` and ``no``
    as yes and no (its other values are written as the tag takes them), and a puzzle's question and view
    in words (``Puzzle "catch"``: ловится ли мизер)."""
    if name == "Rules":
        return rules(value)
    if name == "WhistPrice" and in_words():
        return decimal(value)  # 0,5: a point would read as a pulka's record
    if name.startswith("Rule."):
        return option_value(name.removeprefix("Rule."), value)
    said = _PUZZLE_WORDS.get((name, value.strip().lower()))
    if said is not None and in_words():
        return _(said)
    return value


def rules(name: str) -> str:
    """The convention a game is played under, as a heading or a table names it: the id in English, as
    the ``Rules`` tag and ``--rules`` spell it (``sochi``); in another language the convention's name
    (``сочинка``)."""
    return convention(name.strip()) if in_words() else name


def hand(held: Iterable[Card] | None, known: Iterable[Card] | None = None, *, unicode: bool = False,
         voids: bool = True) -> str:
    """A hand by suits in ladder order, high cards first; a hand only partly known shows its ``known``
    cards and ``+?``; ``?`` when nothing is known. ``voids=False`` leaves out the suits it has none of.

    English as the replay always wrote it, ``S AKQ C - D J98 H Q7`` (``♠AKQ ♣- …`` with ``unicode``);
    Russian with a space between ranks, as the ten has two digits: ``♠ Т К Д  ♣ —  ♦ В 9 8  ♥ Д 7``.
    """
    shown = set(held) if held is not None else (set(known) if known is not None else None)
    if shown is None:
        return "?"
    words = in_words()
    groups = []
    for s in Suit:
        ranks = [rank(c.rank) for c in sorted(shown, key=lambda c: -c.rank) if c.suit == s]
        if not ranks and not voids:
            continue
        if words:
            groups.append(s.symbol + " " + (" ".join(ranks) or "—"))
        else:
            groups.append((s.symbol if unicode else s.letter.upper()) + ("".join(ranks) or "-"))
    return ("  " if words else " ").join(groups) + (" +?" if held is None else "")


def quoted(held: Hand) -> str:
    """A hand as a message quotes it: dotted as the notation writes it (en, ``AKQ.J9.-.T87``); by suits
    in words (ru, ``♠ Т К Д  ♣ В 9  ♦ —  ♥ 10 8 7``)."""
    return held.dotted() if not in_words() else hand(held.cards)


def relative(n: int) -> str:
    """A result against the contract: ``=``, ``+1``, ``-2`` (en); ровно, +1, без одной, без двух … без
    десяти (ru)."""
    if n == 0:
        return pgettext("result", "=")
    if n > 0:
        return f"{n:+d}"
    under = -n
    if under <= 10:
        return _undertricks(current_language())[under - 1]
    return pgettext("result", "-{n}").format(n=under)


@cache
def _undertricks(lang: str) -> tuple[str, ...]:  # lang: the key of the cache, as _rank_words
    return (pgettext("result", "-1"), pgettext("result", "-2"), pgettext("result", "-3"),
            pgettext("result", "-4"), pgettext("result", "-5"), pgettext("result", "-6"),
            pgettext("result", "-7"), pgettext("result", "-8"), pgettext("result", "-9"),
            pgettext("result", "-10"))


def penalty(p: Penalty) -> str:
    """A penalty entry: ``Boris mountain 1``, ``Anna whists Boris 10`` (en, the notation); «Boris: в гору 1»,
    «Anna → Boris: висты 10» (ru)."""
    if p.kind is PenaltyKind.POOL:
        return pgettext("penalty", "{player} pool {amount}").format(player=p.player, amount=p.amount)
    if p.kind is PenaltyKind.MOUNTAIN:
        return pgettext("penalty", "{player} mountain {amount}").format(player=p.player, amount=p.amount)
    return pgettext("penalty", "{player} whists {target} {amount}").format(player=p.player, target=p.target,
                                                                           amount=p.amount)


def sheet(c: Checkpoint) -> str:
    """A score sheet as written on paper: ``Anna pool 12 mountain 4 whists Boris 36; Boris …`` (en, the
    notation); «Anna: пуля 12, гора 4, висты → Boris 36; Boris: …» (ru)."""
    words = in_words()
    lines = []
    for e in c.entries:
        parts = []
        if e.pool is not None:
            parts.append(pgettext("sheet", "pool {amount}").format(amount=e.pool))
        if e.mountain is not None:
            parts.append(pgettext("sheet", "mountain {amount}").format(amount=e.mountain))
        if e.whists is not None:
            on = (", " if words else " ").join(f"{w.player} {w.amount}" for w in e.whists)
            parts.append(pgettext("sheet", "whists {whists}").format(whists=on))
        lines.append(f"{e.player}: {', '.join(parts)}" if words else " ".join([e.player, *parts]))
    return "; ".join(lines)


#: Sources that are not the Code's sections or the seeds: said in the current language as a whole.
_SOURCES = ("Sheet tag", "penalty", "RULES.md AllPassTalon")  # not the Code: said by _source
_CITED_WORDS = (N_("Code"), N_("seed"), N_("fn"))  # the words of a citation, each said as _(word)


def cited(section: str) -> str:
    """A source as a message cites it, in the current language: ``Code 3.9.3`` for the Code's sections
    (Кодекс 3.9.3), ``seed 000 §8`` for the original documents of ``RULES.md`` (источник 000 §8)."""
    if section in _SOURCES:
        return _source(section)
    text = "Code " + section if section[:1].isdigit() else section
    for word in ("Code", "seed", "fn"):  # fn: a footnote of the Code
        text = text.replace(word + " ", _(word) + " ")
    return text


def _source(section: str) -> str:
    """A source that is not the Code, as a citation names it (a penalty is the file's own statement,
    not the word штраф again)."""
    return {"Sheet tag": pgettext("source", "Sheet tag"), "penalty": pgettext("source", "penalty"),
            "RULES.md AllPassTalon": pgettext("source", "RULES.md AllPassTalon")}[section]


def number_text(value: int | Fraction) -> str:
    """A number as the sheet shows it: whole numbers plainly, others to two decimals (exactly, with
    no detour through a float that a huge amount would overflow)."""
    if value.denominator == 1:
        return str(value.numerator)
    return two_places(value)


def two_places(value: int | Fraction) -> str:
    """``value`` to two decimals, ``-`` before a negative one: exact, half to even like
    ``format(…, ".2f")``."""
    hundredths = round(value * 100)
    whole, cents = divmod(abs(hundredths), 100)
    return decimal(f"{'-' if hundredths < 0 else ''}{whole}.{cents:02d}")
