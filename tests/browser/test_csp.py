"""The Content-Security-Policy of index.html: the app runs under it, and it is in force."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.browser.conftest import use

ROOT = Path(__file__).resolve().parents[2]
COMPUTER_MS = 90_000  # the first answer waits for the worker's own Python

# What each source is for: docs/SECURITY-OFFLINE.md.
POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"],
    "worker-src": ["'self'", "blob:"],
    "img-src": ["'self'", "data:"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
}

# Every securitypolicyviolation of the page, from its first script on.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push({
    directive: event.effectiveDirective,
    blocked: event.blockedURI,
    source: event.sourceFile,
    line: event.lineNumber,
  });
});
"""


def parse(policy: str) -> dict[str, list[str]]:
    directives = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        directives[name] = sources
    return directives


@pytest.fixture
def csp_page(page):
    page.add_init_script(RECORD_VIOLATIONS)
    return page


def violations(page) -> list[dict]:
    return page.evaluate("window.__violations")


def wait_for_violations(page, count: int) -> list[dict]:
    page.wait_for_function(f"window.__violations.length >= {count}", timeout=10_000)
    return violations(page)


def test_index_html_declares_the_policy_before_any_script() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    head = html.split("</head>", 1)[0]
    match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', head)
    assert match, "no CSP <meta> in the <head> of index.html"
    assert parse(match.group(1)) == POLICY
    # A meta policy covers only what comes after it.
    assert match.start() < min(head.find("<script"), head.find("<link"))
    # A meta policy cannot set these; the app must stay embeddable anyway.
    assert "frame-ancestors" not in match.group(1)


def test_the_app_boots_and_plays_with_no_violation(csp_page, open_app) -> None:
    page = open_app()
    policy = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    assert parse(policy) == POLICY
    assert page.locator("#board [data-square]").count() == 36
    assert violations(page) == []
    before = page.get_attribute("#board svg", "data-position")
    page.click('#board [data-square="c3"]')
    page.click('#board [data-square="d3"]')
    page.wait_for_function(
        "(before) => document.querySelector('#board svg').dataset.position !== before", arg=before
    )
    page.click("#flip")
    use(page, "#shading")
    page.click("#undo")
    page.select_option("#language", "de")
    page.evaluate("location.hash = 'v1;size=8;embed;panel;shade;dark'")
    page.wait_for_function("document.body.classList.contains('dark')")
    assert page.locator("#board [data-square]").count() == 64
    page.wait_for_timeout(300)  # violation reports are queued as tasks
    assert violations(page) == []
    assert page.console_errors == []


def test_an_injected_inline_script_is_blocked(csp_page, open_app) -> None:
    page = open_app()
    page.evaluate(
        """() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.head.append(script);
      const div = document.createElement("div");
      div.innerHTML = '<img src="x" onerror="window.__injected = true">';
      document.body.append(div);
    }"""
    )
    found = wait_for_violations(page, 2)
    assert {v["directive"] for v in found} >= {"script-src-elem", "script-src-attr"}
    assert page.evaluate("window.__injected") is None


def test_an_off_origin_fetch_is_blocked(csp_page, open_app, server_url) -> None:
    page = open_app()
    # The same server under another name is another origin. Were the policy not in
    # force, the request would be made, and the fixture would fail the test for it.
    other = server_url.replace("127.0.0.1", "localhost") + "/pyscript.toml"
    outcome = page.evaluate(
        "(url) => fetch(url).then(() => 'fetched', (error) => error.name)", other
    )
    assert outcome == "TypeError"
    found = wait_for_violations(page, 1)
    assert [(v["directive"], v["blocked"]) for v in found] == [("connect-src", other)]


def test_the_computers_worker_runs_under_the_policy(csp_page, open_app) -> None:
    # PyScript starts a worker from a blob: URL (worker-src blob:); the worker
    # inherits the page's policy and loads its own Pyodide under it.
    page = open_app(mode="computer-second")
    page.click('#board [data-square="c3"]')
    page.click('#board [data-square="d3"]')
    page.wait_for_function(
        "document.querySelectorAll('#moves button').length >= 2", timeout=COMPUTER_MS
    )
    # The answer came from the opening book: wait for the worker (no longer getting ready).
    page.wait_for_selector("#thinking", state="hidden", timeout=COMPUTER_MS)
    page.wait_for_timeout(300)
    assert violations(page) == []
    assert page.console_errors == []


PYTHON_PAYLOAD = (
    '<script type="mpy">from pyscript import document; document.title = "pwned"</script>'
    '<script type="py">from pyscript import document; document.title = "pwned"</script>'
)
PYTHON_SCRIPTS = "document.querySelectorAll('script[type=mpy], script[type=py]').length"


def test_python_from_a_link_or_a_saved_value_never_becomes_a_script(csp_page, open_app) -> None:
    # PyScript runs any <script type="py"> or "mpy"> added to the page, and no policy can
    # stop inline Python: what stops it is that no outside text is ever parsed as HTML.
    page = csp_page
    saved = json.dumps([{"id": PYTHON_PAYLOAD, "fragment": PYTHON_PAYLOAD}])
    page.add_init_script(f"localStorage.setItem('zola-recent', {json.dumps(saved)})")
    open_app("#" + PYTHON_PAYLOAD)
    scripts = page.evaluate(PYTHON_SCRIPTS)
    page.evaluate("(text) => { location.hash = text; }", "v1;size=6;moves=" + PYTHON_PAYLOAD)
    page.evaluate(
        "(text) => window.postMessage({type: 'zola:load', fragment: text}, '*')", PYTHON_PAYLOAD
    )
    page.wait_for_timeout(1000)
    assert page.evaluate(PYTHON_SCRIPTS) == scripts
    assert page.title() != "pwned"
    assert page.text_content("#message").startswith("This link holds no valid game")


def test_an_injected_remote_python_script_is_blocked(csp_page, open_app, server_url) -> None:
    # Were some bug to inject markup, Python from another origin would still not load:
    # once PyScript runs (for the computer's worker, after the board is ready), it would
    # run a script of its types.
    page = open_app()
    page.check("#analysis")  # the computer's worker: PyScript starts it
    page.wait_for_function(
        "performance.getEntriesByType('resource')"
        ".some((entry) => entry.name.endsWith('/@pyscript/core/dist/core.js'))",
        timeout=10_000,
    )
    evil = server_url.replace("127.0.0.1", "localhost") + "/web/ai_worker.py"
    page.evaluate(
        """(src) => {
      const script = document.createElement("script");
      script.type = "mpy";
      script.src = src;
      document.body.append(script);
    }""",
        evil,
    )
    found = wait_for_violations(page, 1)
    assert ("connect-src", evil) in [(v["directive"], v["blocked"]) for v in found]
