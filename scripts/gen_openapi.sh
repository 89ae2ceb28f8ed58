#!/usr/bin/env bash
# Generate the OpenAPI 3 document of the REST/JSON API from proto/cardroom/v1.
#
#   scripts/gen_openapi.sh           regenerate service/cardroom/api/openapi.json
#   scripts/gen_openapi.sh --check   fail (exit 1) if the committed document is stale
#
# gnostic's protoc-gen-openapi (pinned below, built with `go install` through
# the Go module proxy into build/go-bin) turns the google.api.http annotations
# into paths and the messages into schemas; scripts/openapi_finish.py then adds
# what the generator does not know (bearer security scheme, Google's JSON error
# shape, ETag/If-Match, Server-Sent Events for WatchMatch) and writes JSON.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
GNOSTIC_VERSION="v0.7.1"
GO_BIN="$ROOT/build/go-bin"
PLUGIN="$GO_BIN/protoc-gen-openapi"
TARGET="$ROOT/service/cardroom/api/openapi.json"

install_plugin() {
  local stamp="$GO_BIN/.gnostic-$GNOSTIC_VERSION"
  [[ -x "$PLUGIN" && -f "$stamp" ]] && return
  local go
  go="$(command -v go || echo /usr/local/go/bin/go)"
  if [[ ! -x "$go" ]]; then
    echo "gen_openapi: Go is needed to build protoc-gen-openapi (https://go.dev/doc/install)" >&2
    exit 2
  fi
  mkdir -p "$GO_BIN"
  GOBIN="$GO_BIN" "$go" install "github.com/google/gnostic/cmd/protoc-gen-openapi@$GNOSTIC_VERSION"
  touch "$stamp"
}

generate() {  # generate <output file>
  local tmp
  tmp="$(mktemp -d)"
  bash "$ROOT/scripts/gen_proto.sh" --deps
  (
    cd "$ROOT/proto"
    "$PYTHON" -m grpc_tools.protoc -I . -I "$ROOT/build/proto-deps" \
      --plugin=protoc-gen-openapi="$PLUGIN" --openapi_out="$tmp" \
      --openapi_opt=naming=json,enum_type=string,default_response=true,title=cardroom,version=v1 \
      cardroom/v1/*.proto
  )
  PYTHONPATH="$ROOT/service${PYTHONPATH:+:$PYTHONPATH}" \
    "$PYTHON" "$ROOT/scripts/openapi_finish.py" "$tmp/openapi.yaml" "$1"
  rm -rf "$tmp"
}

install_plugin
case "${1:-}" in
  "")
    generate "$TARGET"
    echo "gen_openapi: wrote ${TARGET#"$ROOT"/}"
    ;;
  --check)
    fresh="$(mktemp)"
    trap 'rm -f "$fresh"' EXIT
    generate "$fresh"
    if ! cmp -s "$fresh" "$TARGET"; then
      echo "gen_openapi --check: service/cardroom/api/openapi.json does not match proto/; run scripts/gen_openapi.sh and commit" >&2
      diff "$TARGET" "$fresh" | head -20 >&2 || true
      exit 1
    fi
    echo "gen_openapi --check: the OpenAPI document is up to date"
    ;;
  *)
    echo "usage: $0 [--check]" >&2
    exit 2
    ;;
esac
