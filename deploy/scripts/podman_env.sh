# Sourced by the deploy/ scripts: podman as it works on machines like CI's (see deploy/README.md).
# `pod` is podman with the project's containers.conf (runc, cgroupfs, host network, lower
# ulimits) and its own storage under $CARDROOM_CONTAINER_CACHE, kept between local runs.
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE="${CARDROOM_CONTAINER_CACHE:-/var/cache/cardroom-container}"
BASE_IMAGE="${CARDROOM_BASE_IMAGE:-localhost/cardroom-base:bookworm}"
IMAGE="${CARDROOM_IMAGE:-localhost/cardroom:ci}"
export CONTAINERS_CONF="$REPO/deploy/podman/containers.conf"
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi

pod() { podman --root "$CACHE/storage" --runroot "$CACHE/run" "$@"; }

need_packages() {  # apt-get install the Debian packages named, if any command is missing
  local missing=0 cmd
  for cmd in "$@"; do command -v "$cmd" >/dev/null 2>&1 || missing=1; done
  if [ "$missing" = 1 ]; then
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "$@"
  fi
}

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

wait_http() {  # wait_http URL SECONDS: until URL answers 2xx
  python3 - "$1" "$2" <<'PY'
import sys, time, urllib.request
url, deadline = sys.argv[1], time.monotonic() + float(sys.argv[2])
while True:
    try:
        urllib.request.urlopen(url, timeout=2)
        break
    except OSError:
        if time.monotonic() > deadline:
            sys.exit(f"{url} did not answer")
        time.sleep(0.5)
PY
}

# The base image: Debian bookworm minbase with python3 and venv, from Debian's archive
# (no image registry here), made once and kept in the cache.
ensure_base_image() {
  if pod image exists "$BASE_IMAGE"; then return; fi
  local mirror rootfs
  mirror="$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)"
  mirror="${mirror:-http://deb.debian.org/debian}"
  rootfs="$CACHE/rootfs.$$"
  echo "== building the base image $BASE_IMAGE with debootstrap from $mirror"
  $SUDO rm -rf "$rootfs"
  $SUDO debootstrap --variant=minbase --include=python3,python3-venv,ca-certificates bookworm "$rootfs" "$mirror" >"$CACHE/debootstrap.log"
  $SUDO rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  $SUDO tar -C "$rootfs" -c . | pod import - "$BASE_IMAGE" >/dev/null
  $SUDO rm -rf "$rootfs"
}

# The service image from deploy/Containerfile. The build's pip reaches PyPI through the host
# network; the machine's CA bundle is mounted for it (a TLS-intercepting proxy), never copied in.
build_image() {
  local ca=/etc/ssl/certs/ca-certificates.crt
  echo "== podman build $IMAGE (FROM $BASE_IMAGE)"
  pod build -q --network=host --format docker -f "$REPO/deploy/Containerfile" -t "$IMAGE" \
    --build-arg BASE="$BASE_IMAGE" -v "$ca:/etc/ssl/host-ca.crt:ro" --build-arg PIP_CERT=/etc/ssl/host-ca.crt \
    "$REPO" >/dev/null
}
