"""``python -m zola``: see :mod:`zola.cli`."""

import sys

from zola.cli import main

sys.exit(main())
