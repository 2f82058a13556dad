"""The two sides, once: the colours (Red moves first) and the players (after a swap the
second player holds Red), by number, by name and in words a person reads.

>>> COLOR_NAMES[RED], COLOR_LETTERS[BLUE], PLAYER_NAMES[SECOND]
('red', 'b', 'second player')
>>> from zola.lang.i18n import say
>>> say("de", COLOR_WORDS[BLUE])
'Blau'
"""

from zola.lang.i18n import Text

RED, BLUE = 0, 1  # the colours, as positions and bitboards index them
COLOR_NAMES = ("red", "blue")  # as the page's classes and data attributes say them
COLOR_LETTERS = "rb"  # as position text writes them
COLOR_WORDS = (Text("color.red"), Text("color.blue"))  # in the reader's language

FIRST, SECOND = 0, 1  # the players: who moved first, who may swap
PLAYER_NAMES = ("first player", "second player")
