#!/usr/bin/env bash
# The container image, for real: build it with podman (base from Debian's archive), run it on
# loopback (host network) against a redis-server, check it (non-root, no build tools, healthy),
# play a bounded `cardroom bench service --target` through it (lost_or_doubled must be 0), stop it.
# scripts/test.sh runs this as its own step; it installs podman, runc and debootstrap itself.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/podman_env.sh"
cd "$REPO"
mkdir -p "$CACHE"
need_packages podman runc debootstrap redis-server

start=$SECONDS
ensure_base_image
echo "   base ready after $((SECONDS - start))s"
build_image
echo "   image built after $((SECONDS - start))s"

REDIS_PORT="$(free_port)"; GRPC_PORT="$(free_port)"; HTTP_PORT="$(free_port)"
NAME="cardroom-ci-$$"
WORK="$(mktemp -d)"
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --dir "$WORK" >"$WORK/redis.log" 2>&1 &
REDIS_PID=$!
cleanup() {
  pod rm -f -t 5 "$NAME" >/dev/null 2>&1 || true
  kill "$REDIS_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "== podman run $IMAGE on 127.0.0.1 (gRPC $GRPC_PORT, HTTP $HTTP_PORT, Redis $REDIS_PORT)"
pod run -d --name "$NAME" --network=host \
  -e CARDROOM_HOST=127.0.0.1 -e CARDROOM_GRPC_PORT="$GRPC_PORT" -e CARDROOM_HTTP_PORT="$HTTP_PORT" \
  -e CARDROOM_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0" -e CARDROOM_SECRET="container-test-secret" \
  -e CARDROOM_ALLOW_FIXED_DECKS=1 -e CARDROOM_SHUTDOWN_GRACE=5 \
  "$IMAGE" >/dev/null
wait_http "http://127.0.0.1:$HTTP_PORT/readyz" 60
echo "   ready after $((SECONDS - start))s"

user="$(pod exec "$NAME" id -u)"
[ "$user" != 0 ] || { echo "the service runs as root"; exit 1; }
tools="$(pod exec "$NAME" sh -c 'for t in gcc cc make pip pip3 git apt-get; do command -v $t; done' || true)"
# apt-get belongs to the Debian base itself; compilers, pip and git must not be there
if echo "$tools" | grep -vq '/apt-get$'; then echo "build tools in the final image: $tools"; exit 1; fi
pod healthcheck run "$NAME" >/dev/null && echo "   HEALTHCHECK healthy; uid $user"

echo "== deploy/loadtest/service.sh smoke 127.0.0.1:$GRPC_PORT (cardroom bench service --target, bounded)"
PYTHONPATH="$REPO/service${PYTHONPATH:+:$PYTHONPATH}" bash deploy/loadtest/service.sh smoke "127.0.0.1:$GRPC_PORT" >"$WORK/bench.json"
python3 - "$WORK/bench.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
print("   actions_committed", report["actions_committed"], "matches_finished", report["matches_finished"],
      "lost_or_doubled", report["lost_or_doubled"], "errors", report["errors"])
assert report["lost_or_doubled"] == 0 and report["actions_committed"] > 0, report
PY
grep -q '"logger": "cardroom.access"' <(pod logs "$NAME" 2>&1) || { echo "no JSON access log"; exit 1; }

echo "== podman stop (SIGTERM, graceful)"
pod stop -t 15 "$NAME" >/dev/null
code="$(pod inspect -f '{{.State.ExitCode}}' "$NAME")"
[ "$code" = 0 ] || { echo "the container exited with $code"; pod logs "$NAME" | tail -20; exit 1; }
echo "container test passed in $((SECONDS - start))s"
