#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what it needs, then runs
# every check. This is the README's test command and what .ci/run calls.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PYTHON="${PYTHON:-python3}"

if ! command -v redis-server >/dev/null 2>&1; then
  echo "== installing redis-server (Debian package)"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q redis-server
fi

echo "== installing Python packages"
"$PYTHON" -m pip install -q --disable-pip-version-check -e '.[test]'

echo "== generated stubs are current"
bash scripts/gen_proto.sh --check
echo "== OpenAPI document is current"
bash scripts/gen_openapi.sh --check
echo "== buf lint"
bash scripts/buf_lint.sh
echo "== ruff"
"$PYTHON" -m ruff check service tests

echo "== pytest"
"$PYTHON" -m pytest -n "${CARDROOM_TEST_WORKERS:-2}" -q "$@"
