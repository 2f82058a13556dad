"""The examples in the package's docstrings run and give what they show."""

import doctest
import importlib
import pkgutil

import pytest

import zola

MODULES = ["zola"] + [
    info.name
    for info in pkgutil.walk_packages(zola.__path__, "zola.")
    if info.name != "zola.__main__"
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
