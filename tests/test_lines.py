"""The lines a source is cut into (``preflog.notation.decode.Lines``): whatever the endings and however
the source comes in blocks, the lines are those of the text, each with its ending (a CRLF kept, a lone
CR read as a line's end)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from preflog.notation.decode import Lines

_ENDING = re.compile(r"\r\n|\r|\n")


def _reference(text: str) -> list[str]:
    """The text's lines, each to its ending; a lone CR read as ``\\n``; the last perhaps unended."""
    lines, last = [], 0
    for m in _ENDING.finditer(text):
        lines.append(text[last:m.start()] + ("\r\n" if m.group() == "\r\n" else "\n"))
        last = m.end()
    return lines + ([text[last:]] if text[last:] else [])


_TEXT = st.lists(st.sampled_from(["a", "б", " ", "\n", "\r", "\r\n", "♠"]), max_size=40).map("".join)


@settings(max_examples=400, deadline=None)
@given(text=_TEXT, cuts=st.lists(st.integers(0, 60), max_size=6), as_bytes=st.booleans())
def test_lines_are_the_texts_in_any_blocks(text: str, cuts: list[int], as_bytes: bool) -> None:
    """A text read whole, or in blocks cut anywhere (a CRLF split between two), gives the same lines."""
    points = sorted({min(c, len(text)) for c in cuts} | {0, len(text)})
    blocks = [text[a:b] for a, b in zip(points, points[1:])]
    source = [b.encode("utf-8") for b in blocks] if as_bytes else blocks
    if as_bytes and any(ord(c) > 127 for c in text):
        source = [text.encode("utf-8")]  # a block must not cut a character in two
    assert list(Lines(text, None)) == _reference(text)
    assert list(Lines(source, None)) == _reference(text)
