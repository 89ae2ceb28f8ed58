#!/usr/bin/env bash
# Regenerates docs/screenshots/ (shown by the README and clients/web/README.md): builds the TypeScript client and
# the web app, then runs the web app's browser test against a live server and redis-server
# (tests/support/live_server.py) with its screenshots written to docs/screenshots/. Needs Debian's chromium
# (scripts/test.sh installs it). Usage: bash scripts/web_screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
(cd clients/typescript && npm ci --no-audit --no-fund --loglevel=error && npm run build)
(cd clients/web && npm ci --no-audit --no-fund --loglevel=error && npm run build)
"$PYTHON" tests/support/live_server.py -- env CARDROOM_WEB_TEST_OUT="$PWD/docs/screenshots" npm --prefix clients/web test
