"""The play page's script (index.html): mount the zola modules' bytecode, then run the
page's glue, web/main.py, compiled into the same image (``page_main``, scripts/mpy.py):
the page compiles no Python at boot."""

import gc

# Collect garbage after every 2 MB allocated rather than 16 KB (the runtime's setting):
# booting makes many short-lived strings (the board, the move list, the screen), and a
# collection walks the whole heap.
gc.threshold(2 << 20)

# After the threshold (mounting allocates too): the image first, then the glue in it.
import zola_rom  # noqa: E402, F401, I001
import page_main  # noqa: E402, F401 (web/main.py)
