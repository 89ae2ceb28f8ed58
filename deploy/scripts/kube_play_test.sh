#!/usr/bin/env bash
# deploy/k8s/ for real, without a cluster: the Go test strict-decodes and checks every manifest,
# then `podman kube play --network=host` runs the base Deployment's pod (deploy/scripts/kube_local.py)
# from the image of container_test.sh against a loopback redis-server, a bounded match load is played
# through it (lost_or_doubled must be 0), and `podman kube down` stops it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/podman_env.sh"
cd "$REPO"
PYTHON="${PYTHON:-python3}"  # the interpreter with cardroom's packages (scripts/test.sh passes its own)
mkdir -p "$CACHE"
need_packages podman runc debootstrap redis-server catatonit

start=$SECONDS
echo "== deploy/k8s: manifests strict-decoded into k8s.io/api types and cross-checked (go test)"
(cd deploy/k8s/test && go test -count=1 ./...)
echo "   checked after $((SECONDS - start))s"

if ! pod image exists "$IMAGE"; then
  ensure_base_image
  build_image
fi

REDIS_PORT="$(free_port)"; GRPC_PORT="$(free_port)"; HTTP_PORT="$(free_port)"
WORK="$(mktemp -d)"
MANIFEST="$WORK/cardroom.yaml"
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --dir "$WORK" >"$WORK/redis.log" 2>&1 &
REDIS_PID=$!
played=0
cleanup() {
  if [ "$played" = 1 ]; then pod kube down "$MANIFEST" >/dev/null 2>&1 || true; fi
  kill "$REDIS_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

"$PYTHON" deploy/scripts/kube_local.py "$MANIFEST" "$IMAGE" "redis://127.0.0.1:$REDIS_PORT/0" "$GRPC_PORT" "$HTTP_PORT" kube-play-secret
echo "== podman kube play --network=host (gRPC $GRPC_PORT, HTTP $HTTP_PORT)"
played=1
pod kube play --network=host "$MANIFEST" >/dev/null
wait_http "http://127.0.0.1:$HTTP_PORT/readyz" 90
echo "   pod ready after $((SECONDS - start))s"
pod pod ps --format '{{.Name}} {{.Status}}' | grep -q '^cardroom-pod-0 Running' || { pod pod ps; exit 1; }

echo "== matches played through the pod (cardroom bench service --target, bounded)"
PYTHONPATH="$REPO/service${PYTHONPATH:+:$PYTHONPATH}" "$PYTHON" -m cardroom.cli bench service --target "127.0.0.1:$GRPC_PORT" \
  --game flip-7 --players 3 --matches 8 --concurrency 2 --duration 10 --baseline-seconds 1 >"$WORK/bench.json"
"$PYTHON" - "$WORK/bench.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
print("   matches_started", report["matches_started"], "finished", report["matches_finished"],
      "actions_committed", report["actions_committed"], "lost_or_doubled", report["lost_or_doubled"])
# how far the matches get in 10 s depends on the machine's load; that nothing is lost does not
checked = report["consistency"]["matches_checked"]
assert report["lost_or_doubled"] == 0 and report["actions_committed"] > 0 and checked > 0, report
PY
curl_metrics="$("$PYTHON" -c "import urllib.request; print(urllib.request.urlopen('http://127.0.0.1:$HTTP_PORT/metrics').read().decode())")"
grep -q '^cardroom_commits_total' <<<"$curl_metrics" || { echo "no commits in /metrics"; exit 1; }

echo "== podman kube down"
pod kube down "$MANIFEST" >/dev/null
played=0
if pod pod exists cardroom-pod-0; then echo "the pod is still there"; exit 1; fi
echo "kube play test passed in $((SECONDS - start))s"
