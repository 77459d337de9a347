"""How wide a line of text is drawn, near enough to lay out an SVG without a font at hand."""

from __future__ import annotations

ELLIPSIS = "…"


def text_width(text: str, font: float) -> float:
    """The width of ``text`` in ``font``, a little over a sans-serif's (digits 0.64 of the font in
    DejaVu Sans, the widest usual one; a capital or a wide letter 0.85 at most, as a suit symbol)."""
    narrow, digits, wide = ".,:;' ", "0123456789-", "mwжмшщыюфъ"
    return font * sum(0.34 if ch in narrow else 0.66 if ch in digits else 1.0 if ch == ELLIPSIS
                      else 0.64 if ch.islower() and ch not in wide else 0.86 for ch in text)


__all__ = ["ELLIPSIS", "text_width"]
