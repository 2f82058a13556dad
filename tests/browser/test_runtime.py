"""The self-hosted runtime boots offline: PyScript core + Pyodide from node_modules."""


def test_bare_page_boots_offline(open_app, page_log):
    page = open_app(path="/bench/bare/index.html")
    assert page.evaluate("document.body.dataset.ready") == "1"
    assert page_log.off_origin == []
    assert page_log.console_errors == []
    assert any(url.endswith("/node_modules/pyodide/pyodide.asm.wasm") for url in page_log.requests)
