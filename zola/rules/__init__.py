"""The rules: squares, moves, positions, games, and their text and link formats.

Runs everywhere: CPython, the page's MicroPython, the computer's Pyodide worker.
"""
