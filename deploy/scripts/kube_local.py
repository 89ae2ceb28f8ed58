"""The base Deployment of deploy/k8s/ as `podman kube play` runs it on one machine's loopback.

Reads deploy/k8s/base/{deployment,configmap}.yaml and writes one Deployment that keeps the pod
spec (probes, ports, resources, security context, grace period, preStop, volumes) and changes
only what a single host needs: the local image, host networking on free loopback ports (probes by port number), the
ConfigMap and Secret values inlined (podman has no API server to read them from), one replica.

    python3 kube_local.py OUT.yaml IMAGE REDIS_URL GRPC_PORT HTTP_PORT SECRET
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

BASE = Path(__file__).resolve().parents[1] / "k8s" / "base"


def main() -> None:
    out, image, redis_url, grpc_port, http_port, secret = sys.argv[1:]
    deployment = yaml.safe_load((BASE / "deployment.yaml").read_text())
    config = yaml.safe_load((BASE / "configmap.yaml").read_text())["data"]
    spec = deployment["spec"]
    spec["replicas"] = 1
    pod = spec["template"]["spec"]
    pod["hostNetwork"] = True
    pod.pop("topologySpreadConstraints", None)
    (container,) = pod["containers"]
    container["image"] = image
    container["imagePullPolicy"] = "Never"
    # on the host network podman refuses port mappings: the probes get the port numbers instead
    ports = {"grpc": int(grpc_port), "http": int(http_port)}
    named = {port.pop("name"): ports[name] for port in container.pop("ports") for name in [port["name"]]}
    for kind in ("readinessProbe", "livenessProbe", "startupProbe"):
        for handler in ("httpGet", "tcpSocket", "grpc"):
            probe = container.get(kind, {}).get(handler)
            if probe:
                probe["port"] = named.get(probe["port"], ports["grpc"] if handler == "grpc" else probe["port"])
    env = {**config, "CARDROOM_REDIS_URL": redis_url, "CARDROOM_HOST": "127.0.0.1"}
    env |= {"CARDROOM_GRPC_PORT": grpc_port, "CARDROOM_HTTP_PORT": http_port, "CARDROOM_ALLOW_FIXED_DECKS": "1"}
    for item in container.pop("env", []):
        env[item["name"]] = secret if item["name"] == "CARDROOM_SECRET" else item.get("value", "")
    container.pop("envFrom", None)
    container["env"] = [{"name": name, "value": str(value)} for name, value in env.items()]
    Path(out).write_text(yaml.safe_dump(deployment, sort_keys=False))


if __name__ == "__main__":
    main()
