"""Every string a person reads: the English messages, ``say`` in any language, and each
language's compiled table (made from ``locale/XX.po``).

Runs everywhere; a language's table is imported the first time it is spoken.
"""
