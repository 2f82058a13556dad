"""A worker with nothing to load: what a Pyodide worker's start costs by itself."""


def ping() -> str:
    return "pong"


__export__ = ["ping"]
