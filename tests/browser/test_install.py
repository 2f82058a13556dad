"""Installable: a web app manifest and icons; Chromium finds nothing that stops the
install, and the installed app's start URL opens offline."""

from __future__ import annotations

import json
import struct
from pathlib import Path

from chromium import CHROMIUM, CHROMIUM_ARGS

from tests.browser.offline_tools import ROOT, precache, wait_for_boot, wait_for_precache

MANIFEST = ROOT / "web" / "manifest.webmanifest"


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_the_manifest_names_the_game_and_its_icons() -> None:
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    assert manifest["name"] == "Zola, a game by Mark Steere"
    assert manifest["short_name"] == "Zola"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == manifest["scope"] == "../"  # the site's root
    purposes = set()
    for icon in manifest["icons"]:
        path = MANIFEST.parent / icon["src"]
        assert path.is_file(), icon
        assert f"web/{icon['src']}" in precache.precache_list(), icon
        if icon["type"] == "image/png":
            width, height = png_size(path)
            assert icon["sizes"] == f"{width}x{height}", icon
        purposes.add(icon.get("purpose", "any"))
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes and purposes == {"any", "maskable"}
    head = (ROOT / "index.html").read_text(encoding="utf-8").split("</head>")[0]
    assert '<link rel="manifest" href="./web/manifest.webmanifest">' in head
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in head


def test_chromium_finds_no_installability_errors_and_the_start_url_works_offline(
    browser, server_url, page_log, tmp_path
) -> None:
    # A browser profile on disk: Chromium never installs from an incognito one,
    # which is what a plain Playwright context is.
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    context.on("request", lambda request: page_log.requests.append(request.url))
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(server_url + "/")
        wait_for_boot(page)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == server_url + "/web/manifest.webmanifest"
        assert manifest["errors"] == []
        start = manifest["manifest"]["startUrl"]
        assert start == server_url + "/"
        assert manifest["manifest"]["display"] == "kStandalone"
        wait_for_precache(page, server_url)

        # Opened from the home screen, with no network.
        context.set_offline(True)
        app = context.new_page()
        served = []
        app.on("response", lambda r: served.append((r.url, r.from_service_worker)))
        app.goto(start)
        wait_for_boot(app)
        assert app.locator("#board [data-square]").count() == 36
        assert served and all(by for url, by in served if url.startswith("http")), served
        # The icons it shows, too.
        assert app.evaluate(
            "fetch('./web/icons/icon-512.png').then((r) => r.ok && r.type === 'basic')"
        )
    finally:
        context.close()
