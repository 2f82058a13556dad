"""Drawings: the board as SVG, the move list, the review's graph, replays and static
diagrams.

Runs on CPython and the page's MicroPython (replays and diagrams: CPython).
"""
