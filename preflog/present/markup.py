"""Text put into XML and HTML markup: the two escapes the drawings need, without ``xml.sax.saxutils``,
whose import brings ``urllib.request`` (a tenth of the phone app's start, issue 68)."""

from __future__ import annotations

import html


def escape(text: str) -> str:
    """``text`` as element content: ``&``, ``<`` and ``>`` escaped."""
    return html.escape(text, quote=False)


def quoteattr(text: str) -> str:
    """``text`` as an attribute's value, quoted: ``"…"`` with ``&``, ``<``, ``>`` and quotes escaped."""
    return '"' + html.escape(text, quote=True) + '"'


__all__ = ["escape", "quoteattr"]
