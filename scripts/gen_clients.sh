#!/usr/bin/env bash
# Generate the client stubs of proto/cardroom/v1 into clients/<lang>/ with buf and
# local plugins (buf.gen.clients.yaml); `make clients` runs this.
#
#   scripts/gen_clients.sh           regenerate the committed client stubs
#   scripts/gen_clients.sh --check   fail (exit 1) if they are stale
#
# Plugins, all pinned: grpcio-tools (Python, through scripts/protoc_gen_python.py),
# ts-proto from clients/typescript/package-lock.json (npm ci; buf.gen.typescript.yaml, run on
# proto/ and on one image per game cut by scripts/proto_one_game.py), protoc-gen-go and
# protoc-gen-go-grpc from the Go module proxy (go install into build/bin), protoc (for
# its built-in Java and Kotlin generators) and protoc-gen-grpc-java from Maven Central
# (mvn dependency:copy), protoc-gen-grpc-kotlin (a jar from Maven Central, run with java). The Kotlin
# SDK's copy of google.rpc.Status/ErrorInfo comes from the installed googleapis-common-protos.
# The Python copy is the service's stubs (service/cardroom/v1) with its imports moved
# to the `cardroom_client.v1` package; both can be loaded in one process.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# the interpreter with the packages (scripts/test.sh passes its own; grpcio-tools, googleapis-common-protos, PyYAML)
PYTHON="${PYTHON:-python3}"
GO_PLUGINS=(
  google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.10
  google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.5.1
)
PROTOC_VERSION=4.35.1  # Maven's version of protoc 35.1, which prints "libprotoc 35.1"
# the newest protoc-gen-grpc-java whose linux-x86_64 build Maven Central serves (1.84.2+ are
# not there); its stubs run on the grpc-java 1.85 runtime of clients/java/pom.xml
GRPC_JAVA_VERSION=1.83.1
# the Kotlin SDK's grpc-java: the newest version whose grpc-okhttp (the Android transport) Maven
# Central serves; its lite stubs come from the generator of the same version (clients/kotlin/pom.xml)
GRPC_ANDROID_VERSION=1.75.0
GRPC_KOTLIN_VERSION=1.5.0
# google.rpc files the Kotlin SDK reads refusals with (buf.gen.kotlin-rpc.yaml)
RPC_FILES=(google/rpc/status.proto google/rpc/error_details.proto)
# generated subtree of `buf generate -o` -> its place in the repository
TARGETS=(
  "python/cardroom_client/v1:clients/python/src/cardroom_client/v1"
  "typescript:clients/typescript/src/gen"
  "go/cardroom/v1:clients/go/cardroom/v1"
  "java/java:clients/java/src/main/java"
  "kotlin/java:clients/kotlin/src/generated/java"
  "kotlin/kotlin:clients/kotlin/src/generated/kotlin"
)

maven_copy() {  # maven_copy <group:artifact:version:type:classifier>: download into build/protoc-download
  (cd build/protoc-download && mvn -q -B dependency:copy -Dartifact="$1" -DoutputDirectory=.)
}

install_plugins() {
  bash scripts/gen_proto.sh --deps
  if [[ ! -x clients/typescript/node_modules/.bin/protoc-gen-ts_proto ]]; then
    (cd clients/typescript && npm ci --no-audit --no-fund --loglevel=error)
  fi
  local arch
  case "$(uname -m)" in x86_64) arch=x86_64 ;; aarch64) arch=aarch_64 ;; *) arch="$(uname -m)" ;; esac
  mkdir -p build/protoc-download build/bin
  if ! build/bin/protoc --version 2>/dev/null | grep -q " ${PROTOC_VERSION#*.}\$"; then
    maven_copy "com.google.protobuf:protoc:$PROTOC_VERSION:exe:linux-$arch"
    install -m 755 "build/protoc-download/protoc-$PROTOC_VERSION-linux-$arch.exe" build/bin/protoc
  fi
  # protoc-gen-grpc-java has no --version: the versioned download is the stamp
  local version plugin grpc_java
  for plugin in "protoc-gen-grpc-java:$GRPC_JAVA_VERSION" "protoc-gen-grpc-java-android:$GRPC_ANDROID_VERSION"; do
    version="${plugin#*:}"
    grpc_java="build/protoc-download/protoc-gen-grpc-java-$version-linux-$arch.exe"
    [[ -f "$grpc_java" ]] || maven_copy "io.grpc:protoc-gen-grpc-java:$version:exe:linux-$arch"
    install -m 755 "$grpc_java" "build/bin/${plugin%%:*}"
  done
  local grpc_kotlin="build/protoc-download/protoc-gen-grpc-kotlin-$GRPC_KOTLIN_VERSION-jdk8.jar"
  [[ -f "$grpc_kotlin" ]] || maven_copy "io.grpc:protoc-gen-grpc-kotlin:$GRPC_KOTLIN_VERSION:jar:jdk8"
  printf '#!/bin/sh\nexec java -jar "%s" "$@"\n' "$ROOT/$grpc_kotlin" >build/bin/protoc-gen-grpc-kotlin
  chmod 755 build/bin/protoc-gen-grpc-kotlin
  local site file
  site="$("$PYTHON" -c 'import pathlib, google.rpc.status_pb2 as m; print(pathlib.Path(m.__file__).parents[2])')"
  rm -rf build/proto-rpc
  for file in "${RPC_FILES[@]}"; do
    mkdir -p "build/proto-rpc/$(dirname "$file")"
    cp "$site/$file" "build/proto-rpc/$file"
  done
  local module name
  for module in "${GO_PLUGINS[@]}"; do
    name="${module%@*}"; name="${name##*/}"; version="${module##*@}"
    if ! build/bin/"$name" --version 2>/dev/null | grep -q "${version#v}\$"; then
      GOBIN="$ROOT/build/bin" GOFLAGS=-mod=mod go install "$module"
    fi
  done
}

generate() {  # generate <output root>
  buf generate --template buf.gen.clients.yaml -o "$1"
  # TypeScript: every game; then, for one-game browser bundles, each game's messages and the
  # generic ones with only that game's oneof members (cardroom/v1/per_game/<game>/), for the
  # REST client only: the same ts-proto options without the binary codecs (outputEncodeMethods)
  buf generate --template buf.gen.typescript.yaml -o "$1"
  mkdir -p "$1/images"
  buf build -o "$1/images/all.binpb"
  "$PYTHON" scripts/proto_one_game.py "$1/images/all.binpb" "$1/images"
  local image one_game_template
  one_game_template="$("$PYTHON" -c 'import json, yaml
template = yaml.safe_load(open("buf.gen.typescript.yaml"))
template["plugins"][0]["opt"].append("outputEncodeMethods=false")
print(json.dumps(template))')"
  for image in "$1"/images/*.binpb; do
    [[ "$image" == */all.binpb ]] || buf generate "$image" --template "$one_game_template" -o "$1/one_game"
  done
  cp -r "$1/one_game/typescript/cardroom/v1/per_game" "$1/typescript/cardroom/v1/"  # not its google/* copies
  buf generate build/proto-rpc --template buf.gen.kotlin-rpc.yaml -o "$1"
  # the Python stubs import each other as `cardroom.v1`: move them to `cardroom_client.v1`
  mkdir -p "$1/python/cardroom_client/v1"
  local file
  for file in "$1"/python/cardroom/v1/*; do
    sed -E 's/^from cardroom\.v1 import /from cardroom_client.v1 import /' "$file" \
      >"$1/python/cardroom_client/v1/$(basename "$file")"
  done
  printf '"""Generated protobuf and gRPC stubs of proto/cardroom/v1 (scripts/gen_clients.sh)."""\n' \
    >"$1/python/cardroom_client/v1/__init__.py"
}

mode="${1:-}"
case "$mode" in
  "" | --check) ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

install_plugins
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
generate "$tmp"

stale=0
for target in "${TARGETS[@]}"; do
  generated="$tmp/${target%%:*}"; committed="${target#*:}"
  if [[ -z "$mode" ]]; then
    rm -rf "$committed"
    mkdir -p "$(dirname "$committed")"
    cp -r "$generated" "$committed"
    echo "gen_clients: wrote $(find "$committed" -type f | wc -l) files to $committed"
  elif ! diff -r -q -x __pycache__ "$generated" "$committed" >&2; then
    stale=1
  fi
done
if [[ $stale -ne 0 ]]; then
  echo "gen_clients --check: the committed client stubs do not match proto/; run scripts/gen_clients.sh (make clients) and commit" >&2
  exit 1
fi
[[ -z "$mode" ]] || echo "gen_clients --check: client stubs are up to date"
