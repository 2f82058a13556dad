"""A solver's puzzle rating, moved by each try as lichess moves its puzzle ratings.

Glicko-2 (Mark Glickman's system, the one lichess uses): a rating, how sure it is
(the deviation: wide for a newcomer, narrowing with every try) and how erratic
the results are (the volatility). Each puzzle is an opponent with its own fixed
rating; solving it is a win, failing it a loss. A newcomer starts at 1500 with
Glicko's usual deviation of 350, and one try moves a rating by at most
:data:`MAX_CHANGE` points (a first slip on an easy puzzle would otherwise cost a
newcomer several hundred).

>>> first = NEW_RATING
>>> after = update(first, 1500, won=True)
>>> round(after.rating), round(after.deviation)
(1650, 250)
>>> round(update(after, 1200, won=False).rating)
1500
>>> round(update(NEW_RATING, 900, won=True).rating) < round(after.rating)
True
"""

import math
from collections import namedtuple

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import NamedTuple

SCALE = 173.7178  # Glicko-2's unit, in rating points
TAU = 0.75  # how fast the volatility may change (lichess's setting)
PUZZLE_DEVIATION = 80.0  # how sure a puzzle's own rating is
MIN_DEVIATION = 45.0
MAX_DEVIATION = 350.0
MAX_CHANGE = 150.0  # rating points one try may move
MIN_RATING = 400.0
MAX_RATING = 4000.0
MIN_VOLATILITY = 0.01  # Glicko-2's usual 0.06 drifts little; beyond these it breaks down
MAX_VOLATILITY = 0.5

if TYPE_CHECKING:

    class _Rating(NamedTuple):
        rating: float
        deviation: float
        volatility: float

else:
    _Rating = namedtuple("Rating", ("rating", "deviation", "volatility"))


class Rating(_Rating):
    """A rating (lichess's scale: 1500 to start), its deviation and its volatility."""

    __slots__ = ()


NEW_RATING = Rating(1500.0, MAX_DEVIATION, 0.06)


def update(player: Rating, puzzle_rating: float, won: bool) -> Rating:
    """``player``'s rating after one try at a puzzle rated ``puzzle_rating``."""
    mu = (player.rating - 1500.0) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    mu_j = (puzzle_rating - 1500.0) / SCALE
    g = 1.0 / math.sqrt(1.0 + 3.0 * (PUZZLE_DEVIATION / SCALE) ** 2 / math.pi**2)
    expected = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
    v = 1.0 / (g * g * expected * (1.0 - expected))
    score = 1.0 if won else 0.0
    delta = v * g * (score - expected)
    sigma = min(max(_volatility(delta, phi, v, sigma), MIN_VOLATILITY), MAX_VOLATILITY)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    change = phi * phi * g * (score - expected) * SCALE
    change = min(max(change, -MAX_CHANGE), MAX_CHANGE)
    rating = min(max(player.rating + change, MIN_RATING), MAX_RATING)
    deviation = min(max(phi * SCALE, MIN_DEVIATION), MAX_DEVIATION)
    return Rating(rating, deviation, sigma)


def _volatility(delta: float, phi: float, v: float, sigma: float) -> float:
    """The new volatility: Glicko-2's step 5, by the Illinois method."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (TAU * TAU)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        high = a - k * TAU
    f_low, f_high = f(low), f(high)
    for _ in range(100):
        if abs(high - low) <= 1e-6:
            break
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = c, f_c
    return math.exp(low / 2)
