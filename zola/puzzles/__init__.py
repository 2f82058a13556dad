"""Puzzles: the set format and reading (:mod:`.sets`, also on the page's MicroPython),
the solver rating (:mod:`.rating`), the prover (:mod:`.solver`) and the miner
(:mod:`.mining`), which run only on CPython.
"""
