"""A diagram for a LaTeX article: one ``tikzpicture`` in base TikZ (no library), laid out as the SVG
(:mod:`.svg`): the title, the two hands on top, the talon and the table in a box, the bottom hand, the
lines under it. The suits are TeX's own symbols (``\\spadesuit``…, the red ones in ``red``), so no
font needs them; the words need a font for the language (the file's first lines say which packages).
"""

from __future__ import annotations

from . import told
from .position import Held, Position
from .svg import _places

#: What a LaTeX document needs for a diagram, said in the fragment's first lines.
PREAMBLE = ("% preflog diagram; the document needs \\usepackage{tikz} and, for Russian words, a Cyrillic font:\n"
            "% \\usepackage{cmap}\\usepackage[T2A]{fontenc}\\usepackage[utf8]{inputenc}\\usepackage[russian]{babel}"
            " (pdfLaTeX)\n")
_SUITS = {"♠": r"$\spadesuit$", "♣": r"$\clubsuit$", "♦": r"\textcolor{red}{$\diamondsuit$}",
          "♥": r"\textcolor{red}{$\heartsuit$}"}
_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#", "^": r"\^{}",
            "_": r"\_", "%": r"\%", "~": r"\textasciitilde{}", "—": "---", "–": "--", "·": r"$\cdot$",
            "…": r"\ldots{}", "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}"}
HAND = "4.4cm"     # a hand's width: two side by side in a column of 8.8 cm
WIDE = "8.8cm"     # the lines under the hands


def tex(p: Position, caption: str | None = None) -> str:
    """The diagram of ``p`` as a ``tikzpicture`` (with :data:`PREAMBLE` as comments before it)."""
    bottom, left, right = _places(p)
    head = r"\textbf{" + _escaped(told.title(p)) + "}"
    if caption:
        head += r"\\ \textit{" + _escaped(caption) + "}"
    middle = [line for line in (told.talon(p), told.discard(p)) if line] + told.on_table(p)
    lines = told.lines(p)
    top = rf"\begin{{tabular}}{{@{{}}p{{{HAND}}}p{{{HAND}}}@{{}}}}{_hand(p, left)} & {_hand(p, right)}\end{{tabular}}"
    out = [PREAMBLE, r"\begin{tikzpicture}[every node/.style={inner sep=0pt, align=left, font=\small}]" "\n",
           rf"  \node[anchor=north west, text width={WIDE}] (title) at (0,0) {{{head}}};" "\n",
           rf"  \node[anchor=north west] (top) at ([yshift=-3mm]title.south west) {{{top}}};" "\n"]
    above = "top"
    if middle:
        out.append(r"  \node[anchor=north, draw=black!30, rounded corners=2pt, fill=black!4, inner sep=4pt] (middle) "
                   rf"at ([yshift=-3mm]top.south) {{{_rows(middle)}}};" "\n")
        above = "middle"
    out.append(rf"  \node[anchor=north] (bottom) at ([yshift=-3mm]{above}.south) {{{_hand(p, bottom)}}};" "\n")
    if lines:
        out.append(rf"  \node[anchor=north west, text width={WIDE}] (lines) at ([yshift=-3mm]title.west |- bottom.south) "
                   f"{{{_rows(lines)}}};\n")
    out.append(r"\end{tikzpicture}" "\n")
    return "".join(out)


def _hand(p: Position, held: Held) -> str:
    """A hand's label in bold over its four suits, a line each (a table of one column, top aligned)."""
    rows = [r"\textbf{" + _escaped(told.label(p, held)) + "}"]
    if held.hidden or held.cards is None:
        rows.append(r"\textit{" + _escaped(told.hidden(held) if held.hidden else "?") + "}")
    else:
        rows += [_SUITS[suit.symbol] + " " + _chars(told.ranks(held, suit)) for suit in told.SUITS]
        more = told.unknown(held)
        if more:
            rows.append(r"\textit{" + _escaped(more) + "}")
    return r"\begin{tabular}[t]{@{}l@{}}" + r"\\ ".join(rows) + r"\end{tabular}"


def _rows(said: list[str]) -> str:
    """Lines of words, one under another."""
    return r"\\ ".join(_escaped(line) for line in said)


def _escaped(text: str) -> str:
    """``text`` for TeX: its special characters escaped, the suit symbols as TeX's, no line broken inside
    one of :func:`.told.groups` (``~``)."""
    return " ".join("~".join(_chars(word) for word in group.split(" ")) for group in told.groups(text))


def _chars(text: str) -> str:
    """``text``'s special characters escaped, the suit symbols as TeX's."""
    return "".join(_SUITS.get(ch) or _SPECIAL.get(ch) or ch for ch in text)


__all__ = ["PREAMBLE", "tex"]
