#!/usr/bin/env bash
# Instructions a one-worker cardroom server executes per played move, counted by valgrind's callgrind: the
# measure the fifteenth CPU pass compared its changes with (docs/benchmarks.md), because instruction counts do not
# move with the neighbours of a shared machine the way CPU seconds do.
#
#   bash scripts/instructions_per_move.sh [TREE] [SECONDS]    # prints one JSON line
#
# TREE: a checkout whose service/ is run (default: this one), to compare two commits side by side (git worktree);
# SECONDS: seconds of play (default 20); CONCURRENCY (environment): matches played at once (default 10). The
# server runs under callgrind on a redis-server of its own and `cardroom bench service --sessions --transport
# ws-proto --game all --players 2 --concurrency $CONCURRENCY` plays against it (this checkout's bench, whatever
# TREE is). Its counters are zeroed once it is up, dumped after IDLE seconds with no traffic (the timers' own work:
# scheduler polls, heartbeats, per wall second, not per move), zeroed again, and dumped after the play; the idle
# rate times the play's wall time is taken off before dividing by the moves. At CONCURRENCY 50 a 20-second run
# plays only ~330 moves under callgrind and the tables' setup (creates, joins, session opens) weighs on each.
# KEEP_DUMP (environment): a path to keep the play's callgrind dump at, for `callgrind_annotate --inclusive=no`.
# STORE=embedded (environment): the server on its embedded memory store, no redis-server.
# TRANSPORT (environment): the sessions' transport, ws-proto (default), ws or grpc (the Play RPC).
# CACHE_SIM=1 (environment): callgrind also simulates this host's caches per core (L1d 48 KiB, L2 2 MiB as the
# last level: the 260 MiB L3 is shared with the neighbours) and the line gains the play's misses per move; a
# change that moves CPU time through memory (allocations freed long after they were made...) shows there, and
# the CPU seconds of a shared host are too noisy to tell 10% apart (docs/benchmarks.md, nineteenth pass).
# Needs valgrind and redis-server (Debian packages); ports come from CARDROOM_BENCH_PORT_BASE (default 50070:
# gRPC, +1 HTTP, +2 Redis). Under callgrind the server is ~50x slower: a run plays a few hundred moves.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tree="$(cd "${1:-$here}" && pwd)"
seconds="${2:-20}"
idle="${IDLE:-10}"
concurrency="${CONCURRENCY:-10}"
base="${CARDROOM_BENCH_PORT_BASE:-50070}"
grpc_port=$base http_port=$((base + 1)) redis_port=$((base + 2))
python="$(python3 -c 'import sys; print(sys.executable)')"  # the interpreter itself, not a shim: valgrind follows it
work="$(mktemp -d)"
server="" redis=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  [ -n "$redis" ] && kill "$redis" 2>/dev/null && wait "$redis" 2>/dev/null
  if [ -n "${KEEP_DUMP:-}" ] && [ -f "$work/cg.out.2" ]; then cp "$work/cg.out.2" "$KEEP_DUMP"; fi
  rm -rf "$work"
}
trap cleanup EXIT

store_args=()
if [ "${STORE:-redis}" != embedded ]; then
  redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" >/dev/null &
  redis=$!
  store_args=(--redis-url "redis://127.0.0.1:$redis_port/0")
fi
cache_args=()
if [ -n "${CACHE_SIM:-}" ]; then
  cache_args=(--cache-sim=yes --D1=49152,12,64 --LL=2097152,16,64)
fi
PYTHONHASHSEED=0 PYTHONPATH="$tree/service" valgrind --tool=callgrind "${cache_args[@]}" --callgrind-out-file="$work/cg.out" \
  "$python" -m cardroom.cli serve --workers 1 --host 127.0.0.1 --grpc-port "$grpc_port" --http-port "$http_port" \
  "${store_args[@]}" --allow-fixed-decks --log-level WARNING \
  >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 600); do
  curl -s -o /dev/null "http://127.0.0.1:$http_port/healthz" && break
  sleep 0.5
done

callgrind_control -z "$server" >/dev/null 2>&1
sleep "$idle"
callgrind_control -d "$server" >/dev/null 2>&1  # the idle dump: cg.out.1
t0=$(date +%s.%N)
PYTHONPATH="$here/service" "$python" -m cardroom.cli bench service --target "127.0.0.1:$grpc_port" \
  --http-target "127.0.0.1:$http_port" "${store_args[@]}" --sessions \
  --transport "${TRANSPORT:-ws-proto}" --game all --players 2 --concurrency "$concurrency" --duration "$seconds" --baseline-seconds 0 \
  --seed 1 >"$work/bench.json" 2>"$work/bench.err"
callgrind_control -d "$server" >/dev/null 2>&1  # the play's dump: cg.out.2 (dumping zeroes the counters)
t1=$(date +%s.%N)
"$python" - "$work" "$tree" "$idle" "$t0" "$t1" <<'EOF'
import json, sys
work, tree, idle, t0, t1 = sys.argv[1:]


def totals(dump: str) -> dict[str, int]:
    """A callgrind dump's event totals (its ``events:`` and ``summary:`` lines)."""
    lines = dict(line.rstrip("\n").split(": ", 1) for line in open(dump) if line.startswith(("events: ", "summary: ")))
    return dict(zip(lines["events"].split(), map(int, lines["summary"].split()), strict=True))


idle_totals, play = totals(f"{work}/cg.out.1"), totals(f"{work}/cg.out.2")
report = json.load(open(f"{work}/bench.json"))
moves = report["actions_committed"]
rate = idle_totals["Ir"] / float(idle)
wall = float(t1) - float(t0)
net = play["Ir"] - rate * wall
line = {
    "tree": tree, "moves": moves, "lost_or_doubled": report["lost_or_doubled"], "play_wall_s": round(wall, 1),
    "instructions": play["Ir"], "idle_instructions_per_s": round(rate), "instructions_per_move": round(net / moves),
    # the share of accepted actions whose outcome came inside their update (the rest: a message of its own)
    "outcomes_in_updates": round(report["calls"].get("Play.update_outcome", 0) / max(1, report["calls"]["Play.action"]), 3),
}
if "D1mr" in play:  # CACHE_SIM: the play's misses per move (the idle ones, a few per second, left in)
    line["l1d_misses_per_move"] = round((play["D1mr"] + play["D1mw"]) / moves)
    line["l2_misses_per_move"] = round((play["DLmr"] + play["DLmw"]) / moves)
print(json.dumps(line))
EOF
