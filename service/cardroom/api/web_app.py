"""The built web app (clients/web, `npm run build`) served at /play, so `cardroom serve` alone gives a playable
game in a browser. The app routes with the URL's hash, so /play/ answers its index.html and the rest are its
static assets (aiohttp's static route)."""

from __future__ import annotations

import logging
from pathlib import Path

from aiohttp import web

from ..app.config import Settings

log = logging.getLogger(__name__)

PATH = "/play"
#: where `npm run build` leaves the app in a checkout of the repository (service/cardroom/api -> repository root)
CHECKOUT_DIST = Path(__file__).resolve().parents[3] / "clients" / "web" / "dist"


def web_app_dir(settings: Settings) -> Path | None:
    """The directory of the built app to serve, or None (turned off, or never built)."""
    if not settings.web_app:
        return None
    folder = Path(settings.web_app_dir) if settings.web_app_dir else CHECKOUT_DIST
    if (folder / "index.html").is_file():
        return folder
    if settings.web_app_dir:
        log.warning("web app not served: %s has no index.html (run npm run build in clients/web)", folder)
    return None


def add_web_app(app: web.Application, settings: Settings) -> None:
    folder = web_app_dir(settings)
    if folder is None:
        return
    index = folder / "index.html"

    async def page(_http: web.Request) -> web.FileResponse:
        return web.FileResponse(index, headers={"Cache-Control": "no-cache"})

    async def to_slash(_http: web.Request) -> web.Response:
        raise web.HTTPPermanentRedirect(PATH + "/")

    app.router.add_get(PATH, to_slash)
    app.router.add_get(PATH + "/", page)
    app.router.add_static(PATH, folder)
    log.info("web app at %s/ from %s", PATH, folder)
