"""The few built-ins that CPython has and the page's MicroPython lacks, in one place.

Everything the page needs in :mod:`zola` runs on CPython (>= 3.11), Pyodide and
MicroPython; the rest of the package writes portable Python and imports these.

>>> popcount(0b1011), lowest_square(1 << 22)
(3, 22)
>>> print(quoted("café"))
'caf\xe9'
>>> twice = cache(lambda n: [n, n])
>>> twice(2) is twice(2)
True
"""

# Types on the page: MicroPython 1.28 has no ``typing`` or ``collections.abc``, and
# CPython (without ``from __future__ import annotations``, which MicroPython lacks)
# evaluates a function's annotations when it is defined. So a page module imports
# typing-only names under its own ``TYPE_CHECKING = False`` guard (mypy takes any
# ``if TYPE_CHECKING:`` as true) and names them in string annotations, as here:
# ``def f(now: "Callable[[], float]") -> int``. Builtins, classes, aliases such as
# ``zola.rules.geometry.Square`` and local variables' annotations need no quotes.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import TypeVar

    _A = TypeVar("_A")
    _R = TypeVar("_R")
    _T = TypeVar("_T")


def _count_bits(bb: int) -> int:
    return bin(bb).count("1")


try:
    popcount: "Callable[[int], int]" = int.bit_count  # CPython >= 3.10: the number of set bits
except AttributeError:  # MicroPython
    popcount = _count_bits


# The square of a one-bit bitboard, as a table: no ``int.bit_length`` on MicroPython,
# and a lookup is as fast as that call on CPython.
SQUARE_OF_BIT = {1 << sq: sq for sq in range(100)}
lowest_square = SQUARE_OF_BIT.__getitem__

try:
    quoted = ascii  # repr with every non-ASCII character escaped, as MicroPython's repr does
except NameError:  # MicroPython
    quoted = repr

if TYPE_CHECKING:

    def tuple_new(cls: type[_T], items: Iterable[object]) -> _T: ...

else:
    try:
        tuple_new = tuple.__new__  # builds a named tuple without running its ``__new__``
    except AttributeError:  # MicroPython

        def tuple_new(cls, items):
            return cls(*items)


def cache(function: "Callable[[_A], _R]") -> "Callable[[_A], _R]":
    """Remember ``function``'s result per argument (``functools.cache`` for one argument)."""
    results: dict[_A, _R] = {}

    def cached(argument: "_A") -> "_R":
        if argument not in results:
            results[argument] = function(argument)
        return results[argument]

    return cached
