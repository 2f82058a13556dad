"""The computer: its move generator, evaluation, search, levels and opening book, the
analysis and review, their results as values, and the worker's protocol.

The search runs on CPython and in the computer's Pyodide worker; the values it returns
(:mod:`.judgement`), the levels, the book and the protocol also on the page's MicroPython.
"""
