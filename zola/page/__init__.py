"""The page's state, run on the page's MicroPython (and tested on CPython too): the play
page (:mod:`.app`), one board and what a person does on it, the screens it shows, the
computer's side of the conversation, the saved games, the editor, sharing, puzzle mode,
and the live boards of a docs page.
"""
