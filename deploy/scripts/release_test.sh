#!/usr/bin/env bash
# The release artifacts, built and used as a user would: `python -m build` wheels and sdists of the
# service (cardroom-server) and the Python SDK (cardroom-client) into dist/, the service's wheel
# installed into a fresh venv with the SDK's and `cardroom serve` run from it (health, one call,
# SIGTERM), and `npm pack` of the TypeScript client installed into an empty project and imported.
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$REPO"
PYTHON="${PYTHON:-python3}"
DIST="$REPO/dist"
WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
start=$SECONDS

echo "== python -m build: cardroom-server and cardroom-client (wheel + sdist) into dist/"
rm -rf "$DIST"/cardroom_server-* "$DIST"/cardroom_client-* "$DIST"/cardroom-client-*.tgz
"$PYTHON" -m build --outdir "$DIST" . >"$WORK/build.log" 2>&1 || { tail -30 "$WORK/build.log"; exit 1; }
"$PYTHON" -m build --outdir "$DIST" clients/python >"$WORK/build.log" 2>&1 || { tail -30 "$WORK/build.log"; exit 1; }
ls "$DIST"/cardroom_server-*.whl "$DIST"/cardroom_server-*.tar.gz "$DIST"/cardroom_client-*.whl "$DIST"/cardroom_client-*.tar.gz
# the sdist carries the license and the OpenAPI document the gateway serves
"$PYTHON" - "$DIST" <<'PY'
import glob, sys, tarfile, zipfile
dist = sys.argv[1]
(sdist,) = glob.glob(f"{dist}/cardroom_server-*.tar.gz")
(wheel,) = glob.glob(f"{dist}/cardroom_server-*.whl")
assert any(name.endswith("/LICENSE") for name in tarfile.open(sdist).getnames()), "no LICENSE in the sdist"
names = zipfile.ZipFile(wheel).namelist()
assert "cardroom/api/openapi.json" in names and any(n.endswith("licenses/LICENSE") for n in names), names[-5:]
PY

echo "== the wheels in a fresh venv: cardroom serve from it"
"$PYTHON" -m venv "$WORK/venv"
"$WORK/venv/bin/pip" install -q --disable-pip-version-check "$DIST"/cardroom_server-*.whl "$DIST"/cardroom_client-*.whl
GRPC_PORT="$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
HTTP_PORT="$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
(cd "$WORK" && exec "$WORK/venv/bin/cardroom" serve --host 127.0.0.1 --grpc-port "$GRPC_PORT" --http-port "$HTTP_PORT") \
  >"$WORK/serve.log" 2>&1 &
SERVER_PID=$!
(cd "$WORK" && "$WORK/venv/bin/python" - "$GRPC_PORT" "$HTTP_PORT") <<'PY'
import asyncio, sys, time, urllib.request
import cardroom, cardroom_client
grpc_port, http_port = sys.argv[1], sys.argv[2]
assert "/venv/" in cardroom.__file__, cardroom.__file__  # the installed wheel, not the source tree
deadline = time.monotonic() + 60
while True:
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{http_port}/healthz", timeout=2)
        break
    except OSError:
        assert time.monotonic() < deadline, "cardroom serve from the wheel did not answer"
        time.sleep(0.3)
assert b"cardroom_requests_total" in urllib.request.urlopen(f"http://127.0.0.1:{http_port}/metrics").read()

async def main() -> None:
    async with cardroom_client.connect(f"127.0.0.1:{grpc_port}", tls=False) as client:
        seat = await client.create_match("flip-7", 3, player_name="ann")
        print("   created", seat.match_name, "through the installed SDK")

asyncio.run(main())
PY
kill -TERM "$SERVER_PID"
wait "$SERVER_PID" || { echo "cardroom serve exited with $?"; tail -20 "$WORK/serve.log"; exit 1; }
SERVER_PID=""

echo "== npm pack of the TypeScript client, installed into an empty project"
(cd clients/typescript && npm pack --silent --pack-destination "$DIST" >/dev/null)
TARBALL="$(ls "$DIST"/cardroom-client-*.tgz)"
mkdir "$WORK/app"
(cd "$WORK/app" && npm init -y >/dev/null && npm install --no-audit --no-fund --loglevel=error "$TARBALL" >/dev/null \
  && node -e 'const c = require("@cardroom/client"); const g = require("@cardroom/client/grpc");
    if (typeof g.connectGrpc !== "function" || Object.keys(c).length === 0) { process.exit(1); }
    console.log("   @cardroom/client imports:", Object.keys(c).length, "exports")')
echo "release test passed in $((SECONDS - start))s"
