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

try:
    popcount = int.bit_count  # CPython >= 3.10: the number of set bits
except AttributeError:  # MicroPython

    def popcount(bb: int) -> int:
        return bin(bb).count("1")


# The square of a one-bit bitboard, as a table: no ``int.bit_length`` on MicroPython,
# and a lookup is as fast as that call on CPython.
SQUARE_OF_BIT = {1 << sq: sq for sq in range(100)}
lowest_square = SQUARE_OF_BIT.__getitem__

try:
    quoted = ascii  # repr with every non-ASCII character escaped, as MicroPython's repr does
except NameError:  # MicroPython
    quoted = repr

try:
    tuple_new = tuple.__new__  # builds a named tuple without running its ``__new__``
except AttributeError:  # MicroPython

    def tuple_new(cls: type, items: tuple) -> tuple:
        return cls(*items)


def cache(function):  # noqa: ANN001, ANN201 - any one-argument function
    """Remember ``function``'s result per argument (``functools.cache`` for one argument)."""
    results: dict = {}

    def cached(argument):  # noqa: ANN001, ANN202
        if argument not in results:
            results[argument] = function(argument)
        return results[argument]

    return cached
