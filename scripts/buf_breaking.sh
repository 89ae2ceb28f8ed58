#!/usr/bin/env bash
# buf breaking: the API in proto/ must stay wire- and JSON-compatible (buf.yaml:
# WIRE_JSON) with the published v1 API, kept as a buf image in
# proto-baseline/cardroom-v1.binpb. A checked-in image rather than a git ref,
# because CI's clean clone may be shallow and buf cannot fetch the googleapis
# imports of an old commit from the Buf Schema Registry.
#
#   scripts/buf_breaking.sh                     check proto/ against the baseline
#   scripts/buf_breaking.sh --update-baseline   make proto/ the new baseline (a release
#                                               step: only after a compatible change, or
#                                               with a new API version for a breaking one)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
command -v buf >/dev/null || { echo "buf_breaking: buf not found (pip install buf-bin, or npm i -g @bufbuild/buf)" >&2; exit 2; }
BASELINE=proto-baseline/cardroom-v1.binpb
scripts/gen_proto.sh --deps
if [[ "${1:-}" == "--update-baseline" ]]; then
  buf build --exclude-source-info -o "$BASELINE"
  echo "buf_breaking: wrote $BASELINE"
  exit 0
fi
current="$(mktemp --suffix=.binpb)"
trap 'rm -f "$current"' EXIT
buf build --exclude-source-info -o "$current"
buf breaking "$current" --against "$BASELINE"
echo "buf_breaking: ok (compatible with $BASELINE)"
