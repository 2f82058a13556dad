"""Docs tools, CPython only: the Sphinx directive, the Python-Markdown block, the MkDocs
plugin and the live boards' files for a docs site.

Their public names stay ``zola.sphinx`` and ``zola.markdown``.
"""
