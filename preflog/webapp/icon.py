"""The app's icons as PNG, drawn here (no image library): a white card with a red heart on the green of
a card table, the drawing of ``static/icon.svg``; the same size gives the same bytes."""

from __future__ import annotations

import struct
import zlib

#: The sizes a home screen asks a web app manifest for.
SIZES = (192, 512)
FELT, CARD, HEART = (0x1B, 0x5E, 0x20), (0xFF, 0xFF, 0xFF), (0xC6, 0x28, 0x28)


def colour(x: float, y: float) -> tuple[int, int, int]:
    """The colour at ``(x, y)``, both from 0 to 1 across the icon (the SVG's 100 units scaled)."""
    if 0.22 <= x <= 0.78 and 0.12 <= y <= 0.88 and _in_rounded(x, y):
        hx, hy = abs(x - 0.5), y - 0.46
        lobe = (hx - 0.09) ** 2 + hy ** 2 <= 0.1 ** 2
        point = hy >= 0 and hy <= 0.2 and hx <= 0.186 * (1 - hy / 0.2)
        return HEART if lobe or point else CARD
    return FELT


def _in_rounded(x: float, y: float, r: float = 0.06) -> bool:
    """Whether ``(x, y)`` is inside the card's rounded corners."""
    cx = min(max(x, 0.22 + r), 0.78 - r)
    cy = min(max(y, 0.12 + r), 0.88 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def png(size: int) -> bytes:
    """The icon ``size`` pixels square, as a PNG file's bytes (8-bit RGB, not interlaced)."""
    rows = bytearray()
    for j in range(size):
        rows.append(0)  # no filter
        for i in range(size):
            rows.extend(colour((i + 0.5) / size, (j + 0.5) / size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) \
        + chunk(b"IEND", b"")
