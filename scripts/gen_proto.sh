#!/usr/bin/env bash
# Generate the Python stubs of proto/cardroom/v1 into service/cardroom/v1.
#
#   scripts/gen_proto.sh           regenerate the committed stubs
#   scripts/gen_proto.sh --check   fail (exit 1) if the committed stubs are stale
#   scripts/gen_proto.sh --deps    only copy the googleapis imports to build/proto-deps
#
# The google/api/*.proto imports come from the installed googleapis-common-protos
# package (no network): they are copied into build/proto-deps (git-ignored), which
# is both a protoc include path and the second module of buf.yaml. The well-known
# types (google/protobuf/*.proto) come with grpcio-tools. The output depends on the
# grpcio-tools version (its protoc writes its version into every file), so CI must
# install the same version as the one that generated the committed stubs.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
DEPS="$ROOT/build/proto-deps"
OUT_PKG="cardroom/v1"
# googleapis files imported by proto/ (add one here when a .proto imports it)
GOOGLEAPIS_FILES=(
  google/api/annotations.proto
  google/api/http.proto
  google/api/field_behavior.proto
  google/api/resource.proto
)

copy_deps() {
  local site
  site="$("$PYTHON" -c 'import pathlib, google.api.annotations_pb2 as m; print(pathlib.Path(m.__file__).parents[2])')" || {
    echo "gen_proto: googleapis-common-protos is not installed (pip install googleapis-common-protos)" >&2
    exit 2
  }
  rm -rf "$DEPS"
  for file in "${GOOGLEAPIS_FILES[@]}"; do
    if [[ ! -f "$site/$file" ]]; then
      echo "gen_proto: $file not found in $site (googleapis-common-protos too old?)" >&2
      exit 2
    fi
    mkdir -p "$DEPS/$(dirname "$file")"
    cp "$site/$file" "$DEPS/$file"
  done
}

generate() {  # generate <output root>
  local out="$1"
  mkdir -p "$out"
  (
    cd "$ROOT/proto"
    "$PYTHON" -m grpc_tools.protoc -I . -I "$DEPS" \
      --python_out="$out" --pyi_out="$out" --grpc_python_out="$out" \
      "$OUT_PKG"/*.proto
  )
  # grpc_tools writes a *_pb2_grpc.py for every file; keep only those with a service.
  local stub
  for stub in "$out/$OUT_PKG"/*_pb2_grpc.py; do
    grep -q "^class .*Stub" "$stub" || rm -f "$stub"
  done
}

generated_files() {  # generated_files <package dir>: the generated files, sorted
  (cd "$1" && ls -1 -- *_pb2.py *_pb2.pyi *_pb2_grpc.py 2>/dev/null | sort) || true
}

case "${1:-}" in
  "")
    copy_deps
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    generate "$tmp"
    target="$ROOT/service/$OUT_PKG"
    mkdir -p "$target"
    for old in $(generated_files "$target"); do rm -f "$target/$old"; done
    cp "$tmp/$OUT_PKG"/*.py "$tmp/$OUT_PKG"/*.pyi "$target/"
    [[ -f "$target/__init__.py" ]] || printf '"""Generated protobuf and gRPC stubs of proto/cardroom/v1 (scripts/gen_proto.sh)."""\n' >"$target/__init__.py"
    echo "gen_proto: wrote $(generated_files "$target" | wc -l) files to service/$OUT_PKG"
    ;;
  --check)
    copy_deps
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    generate "$tmp"
    target="$ROOT/service/$OUT_PKG"
    stale=0
    while read -r line; do
      [[ -n "$line" ]] || continue
      echo "gen_proto --check: $line" >&2
      stale=1
    done < <(diff <(generated_files "$tmp/$OUT_PKG") <(generated_files "$target") | sed -n 's/^< /missing from service\/'"${OUT_PKG//\//\\/}"': /p; s/^> /not generated from proto\/ (delete it): /p')
    for file in $(generated_files "$tmp/$OUT_PKG"); do
      if [[ -f "$target/$file" ]] && ! cmp -s "$tmp/$OUT_PKG/$file" "$target/$file"; then
        echo "gen_proto --check: stale: service/$OUT_PKG/$file ($(diff "$target/$file" "$tmp/$OUT_PKG/$file" | grep -c '^[<>]') lines differ)" >&2
        stale=1
      fi
    done
    if [[ $stale -ne 0 ]]; then
      echo "gen_proto --check: the committed stubs do not match proto/; run scripts/gen_proto.sh and commit" >&2
      "$PYTHON" -c 'import grpc_tools, importlib.metadata as m; print("  (generated with grpcio-tools", m.version("grpcio-tools") + ")")' >&2 || true
      exit 1
    fi
    echo "gen_proto --check: stubs are up to date"
    ;;
  --deps)
    copy_deps
    ;;
  *)
    echo "usage: $0 [--check|--deps]" >&2
    exit 2
    ;;
esac
