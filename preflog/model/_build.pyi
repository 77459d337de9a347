"""A record's constructor in C (``_build.c``): :func:`preflog.model.build.builder`'s."""

from typing import Any

class Builder:
    """Makes an instance of ``cls`` from the arguments its ``__init__`` takes, filling its slots."""

    def __init__(self, cls: type, descriptors: tuple[object, ...], names: tuple[str, ...],
                 defaults: tuple[object, ...], kinds: bytes, positional: int) -> None: ...
    def __call__(self, *args: Any, **kwargs: Any) -> Any: ...

def tuple_of(cls: type, *items: Any) -> Any:
    """An instance of the tuple class ``cls`` holding ``items``, as ``tuple.__new__(cls, items)`` makes it."""
