"""The web app at /play: served from --web-app-dir (or the checkout's clients/web/dist), off with --no-web-app."""

from __future__ import annotations

import httpx
import pytest

from support.processes import ServerProcess


@pytest.fixture
def built(tmp_path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><title>cardroom</title>")
    (tmp_path / "assets" / "app.js").write_text("console.log('cardroom')")
    return tmp_path


def _serve(redis_url: str, *flags: str):
    process = ServerProcess(redis_url, *flags)
    process.start()
    return process


def test_the_built_app_is_served_at_play(redis_process, built):
    server = _serve(redis_process.url, "--web-app-dir", str(built))
    try:
        with httpx.Client(base_url=server.http_url, timeout=30) as http:
            redirect = http.get("/play")
            assert redirect.status_code == 308 and redirect.headers["location"] == "/play/"
            page = http.get("/play/")
            assert page.status_code == 200 and "<title>cardroom</title>" in page.text
            assert http.get("/play/assets/app.js").text == "console.log('cardroom')"
            assert http.get("/play/assets/missing.js").status_code == 404
            assert http.get("/play/../pyproject.toml").status_code == 404
            assert http.get("/v1/games").status_code == 200  # the API beside it
    finally:
        server.stop()


def test_no_web_app_turns_it_off(redis_process, built):
    server = _serve(redis_process.url, "--web-app-dir", str(built), "--no-web-app")
    try:
        with httpx.Client(base_url=server.http_url, timeout=30) as http:
            assert http.get("/play/").status_code == 404
    finally:
        server.stop()
