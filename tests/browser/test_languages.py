"""The page and the live boards in the browser's language, the switch, and the choice kept."""

from __future__ import annotations

import pytest

from tests.browser.test_live_boards import board, host_page, open_host


@pytest.mark.context(locale="nl-BE")
def test_dutch_from_the_browser_then_french_from_the_switch(page, server_url) -> None:
    page.goto(server_url + "/#v1;size=6")
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert page.evaluate("document.documentElement.lang") == "nl"
    assert page.text_content("#new") == "Nieuwe partij"
    assert page.input_value("#language") == "nl"
    page.click('#board [data-square="c3"]')
    page.click('#board [data-square="b3"]')
    assert page.text_content("#message") == (
        "c3xb3 is niet toegestaan: een slag mag niet verder van het midden af gaan."
    )
    page.select_option("#language", "fr")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.text_content("#new") == "Nouvelle partie"
    assert page.text_content("#status") == "Au tour de Rouge."
    assert page.text_content("#message") == (
        "c3xb3 n'est pas légal : une prise ne peut pas s'éloigner du centre."
    )
    label = page.get_attribute("#board svg", "aria-label")
    assert label == "Plateau de Zola, 6 sur 6"
    assert page.get_attribute('#board [data-square="a1"]', "aria-label") == "a1, pion rouge"
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert page.text_content("#new") == "Nouvelle partie"  # the choice is remembered
    page.select_option("#language", "it")
    assert page.text_content("#status") == "Tocca a Rosso."


def test_live_boards_speak_their_host_pages_language(page, server_url) -> None:
    body = board("v1;size=6;moves=c3xd3", attributes=' id="fr"') + board(
        "v1;size=6;moves=c3xd3", attributes=' id="es" lang="es"'
    )
    open_host(page, server_url, host_page(body, lang="fr"))
    fr, es = page.locator("#fr"), page.locator("#es")
    assert fr.locator(".status").text_content() == "Au tour de Bleu."
    assert fr.locator('button[data-do="swap"]').text_content() == "Échanger les couleurs"
    assert fr.locator('button[data-do="back"]').get_attribute("aria-label") == "Reculer d'un coup"
    assert es.locator(".status").text_content() == "Turno de Azul."
    assert es.locator('button[data-do="keep"]').text_content() == "Seguir con Azul"


def wait_live(page) -> None:
    page.wait_for_function(
        "document.querySelector('[data-zola]')?.dataset.ready === '1'", timeout=60_000
    )


@pytest.mark.context(locale="en-GB")
def test_the_rules_page_follows_the_language_chosen_in_the_app(page, server_url) -> None:
    page.goto(server_url + "/#v1;size=6")
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    page.select_option("#language", "it")
    page.goto(server_url + "/docs/rules.html#pie")
    page.wait_for_url("**/docs/rules.it.html#pie")
    assert page.text_content("h1") == "Come si gioca a Zola"
    wait_live(page)
    status = page.locator("[data-zola]").locator(".status").text_content()
    assert status == "Tocca a Rosso."
    page.click('a[data-language="en"]')  # the page's own switch: the app's too
    page.wait_for_url("**/docs/rules.html")
    assert page.text_content("h1") == "How to play Zola"
    page.goto(server_url + "/#v1;size=6")
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert page.text_content("#new") == "New game"


@pytest.mark.context(locale="es-ES")
def test_without_a_choice_the_rules_page_takes_the_browsers_language(page, server_url):
    page.goto(server_url + "/docs/rules.html")
    page.wait_for_url("**/docs/rules.es.html")
    assert page.text_content("h1") == "Cómo se juega a Zola"
    page.goto(server_url + "/docs/rules.fr.html")  # a page asked for by name stays
    wait_live(page)
    assert page.url.endswith("/docs/rules.fr.html")
    assert page.locator("[data-zola]").locator(".status").text_content() == "Au tour de Rouge."
