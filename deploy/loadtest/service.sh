#!/usr/bin/env bash
# Load profiles of the project's own load generator against a running deployment:
#
#   deploy/loadtest/service.sh PROFILE 127.0.0.1:50051 [extra `cardroom bench service` flags]
#
# PROFILE: smoke (seconds; what CI runs through the container), steady (10 matches in flight, 2 min),
# peak (50 in flight, 5 min, 2 generator processes), contention (8 clients on one match at a time).
# `cardroom bench service` only targets loopback addresses: reach a cluster with
# `kubectl port-forward svc/cardroom 50051:50051`. The server must run with CARDROOM_ALLOW_FIXED_DECKS=1
# (the consistency check replays every match from its seed): use a test deployment, not production.
# Prints the bench's JSON report; exits non-zero when lost_or_doubled is not 0.
set -euo pipefail
profile="${1:?profile: smoke|steady|peak|contention}"
target="${2:?target: 127.0.0.1:PORT}"
shift 2
case "$profile" in
  smoke)      flags=(--game all --players 3 --matches 12 --concurrency 4 --duration 15 --baseline-seconds 1) ;;
  steady)     flags=(--game all --concurrency 10 --matches 100000 --duration 120 --baseline-seconds 10) ;;
  peak)       flags=(--game all --concurrency 50 --matches 100000 --duration 300 --baseline-seconds 10 --generator-processes 2) ;;
  contention) flags=(--game flip-7 --contention --concurrency 8 --matches 200 --duration 60 --baseline-seconds 5) ;;
  *) echo "unknown profile $profile" >&2; exit 2 ;;
esac
exec "${PYTHON:-python3}" -m cardroom.cli bench service --target "$target" "${flags[@]}" "$@"
