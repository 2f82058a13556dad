"""The ``zola`` directive, by the name a Sphinx project gives it in ``conf.py``::

    extensions = ["zola.sphinx"]

The directive lives in :mod:`zola.docs.sphinx`.
"""

from zola.docs.sphinx import setup

__all__ = ["setup"]
