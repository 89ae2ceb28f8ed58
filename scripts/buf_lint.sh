#!/usr/bin/env bash
# Lint proto/ with buf (buf.yaml: STANDARD rules). The googleapis module in
# build/proto-deps is only there to resolve imports and is not linted.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
command -v buf >/dev/null || { echo "buf_lint: buf not found (pip install buf-bin, or npm i -g @bufbuild/buf)" >&2; exit 2; }
scripts/gen_proto.sh --deps
buf lint "$@"
echo "buf_lint: ok"
