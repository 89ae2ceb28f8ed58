#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what it needs, then runs
# every check. This is the README's test command and what .ci/run calls.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PYTHON="${PYTHON:-python3}"
# the console scripts pip installs (buf, ruff, ...) live beside the interpreter: a venv's bin need not be on PATH;
# exported so the scripts this one runs use the same interpreter and tools
PATH="$("$PYTHON" -c 'import sysconfig; print(sysconfig.get_path("scripts"))'):$PATH"
export PYTHON PATH

# each step's start, in seconds since this script began: where the CI budget goes
step() { echo "== $1 (at ${SECONDS}s)"; }

if ! command -v redis-server >/dev/null 2>&1; then
  step "installing redis-server (Debian package)"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q redis-server
fi

if ! command -v chromium >/dev/null 2>&1; then
  step "installing chromium (Debian package, for the web app's browser test)"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium
fi

if ! command -v jq >/dev/null 2>&1 || ! command -v curl >/dev/null 2>&1; then
  step "installing curl and jq (Debian packages, for the README quick-start test)"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q curl jq
fi

if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  step "installing nginx (Debian package, for deploy/nginx/'s test: replicas behind a proxy)"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q nginx-light
fi

step "installing Python packages"
# the service's distribution was renamed cardroom -> cardroom-server: an old install must not shadow this checkout
if "$PYTHON" -m pip show -q cardroom >/dev/null 2>&1; then "$PYTHON" -m pip uninstall -q -y cardroom; fi
"$PYTHON" -m pip install -q --disable-pip-version-check -e '.[test]'
"$PYTHON" -m pip install -q --disable-pip-version-check -e clients/python
step "installing the TypeScript client's npm packages"
(cd clients/typescript && npm ci --no-audit --no-fund --loglevel=error)

step "generated stubs are current"
bash scripts/gen_proto.sh --check
step "OpenAPI document is current"
bash scripts/gen_openapi.sh --check
step "generated client stubs are current (clients/)"
bash scripts/gen_clients.sh --check
step "Go client stubs compile"
(cd clients/go && go vet ./...)
step "buf lint"
bash scripts/buf_lint.sh
step "buf breaking (wire and JSON compatible with proto-baseline/)"
bash scripts/buf_breaking.sh
step "ruff"
"$PYTHON" -m ruff check service tests clients/python

step "TypeScript client: a full match over gRPC and over REST + SSE against a live server"
(cd clients/typescript && npm run build)
"$PYTHON" tests/support/live_server.py -- npm --prefix clients/typescript test

step "web app: built on the TypeScript client, four whole matches played in Chromium against a live server"
(cd clients/web && npm ci --no-audit --no-fund --loglevel=error && npm run build)
"$PYTHON" tests/support/live_server.py -- npm --prefix clients/web test

step "Go stubs: a full match over gRPC against a live server"
"$PYTHON" tests/support/live_server.py -- go -C clients/go test -count=1 ./...

step "Java stubs: a full match over gRPC against a live server"
"$PYTHON" tests/support/live_server.py -- mvn -q -B -f clients/java/pom.xml test

step "Kotlin SDK: a full match, typed errors, a watch surviving a killed server, the README example"
"$PYTHON" tests/support/live_server.py --tls -- mvn -q -B -f clients/kotlin/pom.xml test

step "container image: podman build (base from Debian's archive), run on loopback, a bounded bench through it"
bash deploy/scripts/container_test.sh
step "Kubernetes manifests: strict-decoded by a Go test, the Deployment run by podman kube play, a match load through it"
bash deploy/scripts/kube_play_test.sh
step "releases: wheels and sdists (python -m build) and npm pack, each installed fresh and used"
bash deploy/scripts/release_test.sh

step "pytest"
# worksteal: an idle worker takes queued tests from a busy one, so the long property runs do not leave the
# other worker idle at the end; the slowest tests are listed to keep CI in its budget
"$PYTHON" -m pytest -n "${CARDROOM_TEST_WORKERS:-2}" --dist worksteal -q --durations=30 "$@"
echo "== done (at ${SECONDS}s)"
