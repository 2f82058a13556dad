"""The ``zola`` fenced block, by the name Python-Markdown and MkDocs give it::

    markdown.markdown(text, extensions=["zola.markdown"])
    markdown_extensions: [zola.markdown]      # mkdocs.yml

The block lives in :mod:`zola.docs.markdown`.
"""

from zola.docs.markdown import ZolaExtension, makeExtension

__all__ = ["ZolaExtension", "makeExtension"]
