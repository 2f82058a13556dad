"""The guide: Zola's documentation, built by its own docs tools (zola.sphinx, in MyST).

    python3 -m sphinx -W -b html guide _site/guide   # the pages (scripts/site does it)

It is built into the site's ``guide/`` folder, beside the app: its live boards load
from the app (``zola_app_url``), so every page stays in this one folder.
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(HERE / "_ext")]  # zola from the checkout; the guide's own

project = "Zola"
author = "the Zola project"
copyright = "Zola is a game by Mark Steere; this software: MIT licence"
language = "en"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "zola.sphinx",
    "zola_guide",  # the rules' languages, examples shown and built
]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "requirements.txt"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
myst_fence_as_directive = ["zola"]

# The live boards load from the app beside the guide (the site's guide/ folder), and
# link to it ("Open in the full app").
zola_app_url = "../index.html"
zola_width = "360px"

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True}

html_theme = "furo"
html_title = "Zola"
html_favicon = "../web/icons/icon.svg"
html_static_path = ["_static"]
html_css_files = ["guide.css"]
html_copy_source = False
html_show_sourcelink = False
html_last_updated_fmt = None
