"""The grammar: conflict-free, and every statement of NOTATION.md §3 read into its record."""

from __future__ import annotations

from decimal import Decimal

import attrs
import pytest
from lark import Lark

import preflog
from preflog import (
    Bid, CallKind, ClaimShare, Comment, DecisionKind, Glyph, Hand, PenaltyKind, PlayerTricks, ResultKind,
    WhistMode, card,
)
from preflog.notation.lalr import make_parser

from .conftest import HEAD


def test_grammar_builds_strict_without_conflicts_or_collisions() -> None:
    # strict=True raises on any shift/reduce conflict and on any two terminals that could match the
    # same text at the same priority.
    parser = make_parser(strict=True)
    assert isinstance(parser, Lark)


def read(body: str, head: str = HEAD) -> preflog.Game:
    return preflog.loads(head + body)


def one(body: str, head: str = HEAD) -> preflog.Deal:
    return read(body, head).deals[0]


def test_tags_are_kept_in_canonical_order_and_unknown_tags_too() -> None:
    game = read("", '[Opening "x"]\n[Rules "sochi"]\n[Event "E"]\n[Players "Anna Boris Vera"]\n[Pool "10"]\n')
    assert [(t.name, t.value) for t in game.tags] == [
        ("Event", "E"), ("Players", "Anna Boris Vera"), ("Rules", "sochi"), ("Pool", "10"), ("Opening", "x")]


def test_tag_value_escapes() -> None:
    game = read("", '[Players "Anna Boris Vera"]\n[Event "the \\"big\\" one \\\\ back"]\n')
    assert game.tag("Event") == 'the "big" one \\ back'


def test_comment_after_the_tag_block_belongs_to_the_game() -> None:
    game = read("deal\n", HEAD + "{about the game}\n")
    assert game.comments == (Comment("about the game"),)


def test_deal_header_number_dealer_comment() -> None:
    deal = one("deal 1 dealer Vera {first}\n")
    assert (deal.number, deal.dealer, deal.comments) == (1, "Vera", (Comment("first"),))


def test_dealer_passes_clockwise_when_omitted_code_3_2_2() -> None:
    game = read("deal\ndeal\ndeal\ndeal 4 dealer Boris\ndeal\n")
    assert [(d.number, d.dealer) for d in game.deals] == [
        (1, "Anna"), (2, "Boris"), (3, "Vera"), (4, "Boris"), (5, "Vera")]


def test_unprefixed_hands_go_in_bidding_order_from_the_eldest_hand() -> None:
    deal = one("deal dealer Anna\nhands AKQJ.A.-.KQJ98 987.KQJ.AKQ.7 T.T97.J987.AT\n")
    assert [e.player for e in deal.hands.entries] == ["Boris", "Vera", "Anna"]
    assert deal.hands.of("Boris") == Hand.from_dotted("AKQJ.A.-.KQJ98")


def test_prefixed_hands_in_any_order_are_put_in_bidding_order() -> None:
    deal = one("deal dealer Anna\nhands Anna: T.T97.J987.AT Vera: 987.KQJ.AKQ.7 Boris: AKQJ.A.-.KQJ98\n")
    assert [e.player for e in deal.hands.entries] == ["Boris", "Vera", "Anna"]
    assert deal.hands.of("Anna") == Hand.from_dotted("T.T97.J987.AT")


def test_suit_grouped_hands_with_and_without_prefixes() -> None:
    prefixed = one("deal\nhands Boris: ♠AKQJ ♣A ♥KQJ98 Vera: ♠987 ♣KQJ ♦AKQ ♥7 Anna: ♠T ♣T97 ♦J987 ♥AT\n")
    bare = one("deal\nhands ♠AKQJ ♣A ♥KQJ98 ♠987 ♣KQJ ♦AKQ ♥7 ♥AT ♠T ♣T97 ♦J987\n")
    assert prefixed.hands == bare.hands
    assert bare.hands.of("Anna") == Hand.from_dotted("T.T97.J987.AT")


def test_unknown_hands() -> None:
    deal = one("deal\nhands Boris: ? Vera: 987.KQJ.AKQ.7 Anna: ?\n")
    assert [e.hand for e in deal.hands.entries] == [None, Hand.from_dotted("987.KQJ.AKQ.7"), None]


def test_four_players_the_dealer_sits_out_code_3_2_10() -> None:
    deal = one("deal dealer Boris\nhands AKQJ.A.-.KQJ98 987.KQJ.AKQ.7 T.T97.J987.AT\n",
               '[Players "Anna Boris Vera Gleb"]\n')
    assert [e.player for e in deal.hands.entries] == ["Vera", "Gleb", "Anna"]


def test_talon_and_discard_known_and_unknown() -> None:
    deal = one("deal\ntalon Td 8c {nice}\ndiscard ?\n")
    assert deal.talon.cards == (card("Td"), card("8c")) and deal.talon.comments == (Comment("nice"),)
    assert deal.discard.cards is None


def test_bids_with_prefixes_modifiers_glyphs_and_comments() -> None:
    deal = one("deal\nbids Boris: 6s dark pass hand 7h!? {bold} here mis pass\n")
    calls = deal.bids.calls
    assert [(c.kind, c.bid) for c in calls] == [
        (CallKind.BID, Bid.parse("6s")), (CallKind.PASS, None), (CallKind.BID, Bid.parse("7h")),
        (CallKind.HERE, None), (CallKind.BID, preflog.MISERE), (CallKind.PASS, None)]
    assert calls[0].player == "Boris" and calls[1].dark and calls[2].hand
    assert calls[2].glyph is Glyph.INTERESTING and calls[2].comments == (Comment("bold"),)


def test_contract_with_declarer_prefix() -> None:
    deal = one("deal\ncontract Vera: 7nt? {too high}\n")
    assert (deal.contract.bid, deal.contract.declarer, deal.contract.glyph) == (Bid.parse("7nt"), "Vera", Glyph.MISTAKE)


def test_defence_decisions_and_mode() -> None:
    deal = one("deal\nwhist whist pass open {shown}\n")
    assert [d.kind for d in deal.defence.decisions] == [DecisionKind.WHIST, DecisionKind.PASS]
    assert deal.defence.mode is WhistMode.OPEN and deal.defence.comments == (Comment("shown"),)


def test_returned_whist_is_a_further_decision_code_3_8_7() -> None:
    deal = one("deal\nwhist pass half whist\n")
    assert [d.kind for d in deal.defence.decisions] == [DecisionKind.PASS, DecisionKind.HALF, DecisionKind.WHIST]


def test_play_with_bars_glyphs_comments_and_nested_variations() -> None:
    deal = one("deal\nplay {lead} Kh 7h Ah!! | Kd {hm} (Ad 9d (8d) 7d {better}) Ad 9d\n")
    play = deal.play
    assert play.comments == (Comment("lead"),)
    assert [str(p.card) for p in play.cards] == ["Kh", "7h", "Ah", "Kd", "Ad", "9d"]
    assert play.cards[2].glyph is Glyph.EXCELLENT
    kd = play.cards[3]
    assert kd.comments == (Comment("hm"),)
    (variation,) = kd.variations
    assert [str(p.card) for p in variation.cards] == ["Ad", "9d", "7d"]
    assert [str(p.card) for p in variation.cards[1].variations[0].cards] == ["8d"]
    assert variation.cards[2].comments == (Comment("better"),)


def test_bars_may_be_omitted() -> None:
    assert one("deal\nplay Kh 7h Ah Kd Ad 9d\n").play == one("deal\nplay Kh 7h Ah | Kd Ad 9d\n").play


def test_claims() -> None:
    assert one("deal\nclaim Anna\n").claim.shares == (ClaimShare("Anna"),)
    assert one("deal\nclaim Anna 2 Boris 1\n").claim.shares == (ClaimShare("Anna", 2), ClaimShare("Boris", 1))


@pytest.mark.parametrize(("text", "kind", "count"), [
    ("result 7", ResultKind.DECLARER, 7), ("result =", ResultKind.RELATIVE, 0),
    ("result -1", ResultKind.RELATIVE, -1), ("result +1", ResultKind.RELATIVE, 1)])
def test_short_results(text: str, kind: ResultKind, count: int) -> None:
    result = one(f"deal\n{text}\n").result
    assert (result.kind, result.count) == (kind, count)


def test_result_per_player() -> None:
    result = one("deal\nresult Anna 7 Boris 2 Vera 1\n").result
    assert result.tricks == (PlayerTricks("Anna", 7), PlayerTricks("Boris", 2), PlayerTricks("Vera", 1))


def test_penalties() -> None:
    deal = one("deal\npenalty Boris mountain 1 {misdeal}\npenalty Anna whists Boris 10\npenalty Vera pool -2.5\n")
    assert [(p.player, p.kind, p.amount, p.target) for p in deal.penalties] == [
        ("Boris", PenaltyKind.MOUNTAIN, Decimal(1), None), ("Anna", PenaltyKind.WHISTS, Decimal(10), "Boris"),
        ("Vera", PenaltyKind.POOL, Decimal("-2.5"), None)]


def test_sheet_checkpoint() -> None:
    sheet = one("deal\nsheet Anna pool 12 mountain 4 whists Boris 36 Vera 10; Boris pool 3\n").checkpoint
    anna, boris = sheet.entries
    assert (anna.pool, anna.mountain, [(w.player, w.amount) for w in anna.whists]) == (
        Decimal(12), Decimal(4), [("Boris", Decimal(36)), ("Vera", Decimal(10))])
    assert (boris.pool, boris.mountain, boris.whists) == (Decimal(3), None, None)


def test_several_games_per_file() -> None:
    games = preflog.loads_all(HEAD + "deal\n\n" + HEAD + "deal\ndeal\n")
    assert [len(g.deals) for g in games] == [1, 2]


def test_percent_notes_are_kept_at_their_element_and_line_breaks_are_spaces() -> None:
    a = read("deal 1 % the first deal\nbids 6s % opening\n  pass\n pass\n")
    b = read("deal 1 {x} bids 6s {y} pass pass")
    assert [(c.text, c.line_note) for c in a.deals[0].comments] == [(" the first deal", True)]
    assert [(c.text, c.line_note) for c in a.deals[0].bids.calls[0].comments] == [(" opening", True)]
    strip = lambda deal: attrs.evolve(deal, comments=(), bids=attrs.evolve(deal.bids, calls=tuple(
        attrs.evolve(c, comments=()) for c in deal.bids.calls)))
    assert strip(a.deals[0]) == strip(b.deals[0])


def test_deal_keyword_inside_a_comment_is_text() -> None:
    game = read("deal {a deal\ndeal 5 in words}\nresult 5\n")
    assert len(game.deals) == 1 and game.deals[0].comments[0].text == "a deal\ndeal 5 in words"


def test_spans_point_at_the_source() -> None:
    deal = one("deal 1\nbids 6s  pass\nplay Kh 7h\n  Ah\n")
    assert (deal.bids.calls[1].span.line, deal.bids.calls[1].span.column) == (4, 10)
    ah = deal.play.cards[2].span
    assert (ah.line, ah.column, ah.end_line, ah.end_column) == (6, 3, 6, 5)


def test_cards_may_touch_in_a_run() -> None:
    deal = one("deal\nplay 7бQc 9c|Kh\n")
    assert [(str(p.card), p.span.column) for p in deal.play.cards] == [("7d", 6), ("Qc", 8), ("9c", 11), ("Kh", 14)]


def test_every_record_read_from_text_carries_its_span() -> None:
    """Walk a whole sample: every attrs record with a span field has it set."""
    import attrs

    from .conftest import SAMPLES

    def walk(value: object, where: str) -> None:
        if isinstance(value, tuple):
            for i, item in enumerate(value):
                walk(item, f"{where}[{i}]")
        elif attrs.has(type(value)):
            if "span" in attrs.fields_dict(type(value)):
                assert value.span is not None, where  # type: ignore[attr-defined]
            for field in attrs.fields(type(value)):
                walk(getattr(value, field.name), f"{where}.{field.name}")

    for path in SAMPLES:
        for game in preflog.loads_all(path.read_text(encoding="utf-8")):
            walk(game, path.name)


# ---- the grammar speaks the tables' language (one table per spelling) -------------------------------

def _language(name: str) -> set[str]:
    """Every string a terminal of the grammar matches (each is a finite language)."""
    import interegular

    from preflog.notation.lalr import parser

    (terminal,) = [t for t in parser().terminals if t.name == name]
    fsm = interegular.parse_pattern(terminal.pattern.to_regexp()).to_fsm()
    return {"".join(map(str, word)) for word in fsm.strings()}


def test_the_card_terminal_reads_exactly_the_card_table() -> None:
    from preflog.model.cards import CARD_SPELLINGS

    assert _language("CARD") == set(CARD_SPELLINGS)


def test_the_bid_terminals_read_exactly_the_bid_table() -> None:
    from preflog.model.bids import BID_SPELLINGS

    words = _language("BID") | _language("MIS") | _language("MISERE") | _language("MISERE_RU")
    assert words == set(BID_SPELLINGS)


def test_the_keyword_terminals_are_exactly_the_vocabulary() -> None:
    from lark.lexer import PatternStr

    from preflog.notation.lalr import parser
    from preflog.notation.vocabulary import KEYWORDS

    words = {t.pattern.value for t in parser().terminals
             if isinstance(t.pattern, PatternStr) and t.pattern.value.isalpha()}
    assert words == set(KEYWORDS)


def test_the_glyph_terminal_reads_exactly_the_glyphs() -> None:
    assert _language("GLYPH") == {g.value for g in preflog.Glyph}


def test_suit_groups_and_dotted_hands_use_the_tables_spellings() -> None:
    from preflog.model.cards import RANK_SPELLINGS, SUIT_NAMES

    symbols = {names[i] for names in SUIT_NAMES.values() for i in (1, 2)}  # filled and hollow
    groups = {w[0] for w in _sample("SUITS")}
    assert groups == symbols
    assert {w for w in _sample("DOTTED") if w.count(".") == 3 and len(w) <= 5} >= {
        f"{r}..." for r in RANK_SPELLINGS} | {f"...{r}" for r in RANK_SPELLINGS}


def _sample(name: str) -> set[str]:
    """Short words of an infinite terminal (runs of ranks): up to five characters."""
    import interegular

    from preflog.notation.lalr import parser

    (terminal,) = [t for t in parser().terminals if t.name == name]
    fsm = interegular.parse_pattern(terminal.pattern.to_regexp()).to_fsm()
    out: set[str] = set()
    for word in fsm.strings():
        text = "".join(map(str, word))
        if len(text) > 5:
            break
        out.add(text)
    return out
