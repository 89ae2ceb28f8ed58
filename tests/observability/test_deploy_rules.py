"""deploy/'s Prometheus alerts and Grafana dashboard name only metrics and labels a live server exports."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from metrics_scrape import scrape_typed

from cardroom.observability import metrics
from support.processes import ServerProcess

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
#: series Prometheus makes itself, and labels it adds (histogram buckets, scrape target)
PROMETHEUS_OWN = {"up"}
PROMETHEUS_LABELS = {"le", "job", "instance"}
SELECTOR = re.compile(r"\b(?P<name>[a-z_:][a-z0-9_:]*)\s*(?:\{(?P<labels>[^}]*)\})?")
LABEL = re.compile(r"(?P<label>[a-z_][a-z0-9_]*)\s*(?:=~|!~|!=|=)")
SUFFIXES = ("_bucket", "_count", "_sum", "_total")


def expressions() -> list[str]:
    rules = yaml.safe_load((DEPLOY / "prometheus" / "alerts.yaml").read_text())
    found = [rule["expr"] for group in rules["groups"] for rule in group["rules"]]
    dashboard = json.loads((DEPLOY / "grafana" / "cardroom-dashboard.json").read_text())
    found += [target["expr"] for panel in dashboard["panels"] for target in panel["targets"]]
    return found


def series(expr: str) -> list[tuple[str, set[str]]]:
    """The metric names an expression selects and the labels it matches on them."""
    named = []
    for found in SELECTOR.finditer(expr):
        name = found["name"]
        if name.startswith("cardroom_") or name in PROMETHEUS_OWN:
            named.append((name, {m["label"] for m in LABEL.finditer(found["labels"] or "")}))
    return named


def family_of(name: str) -> str:
    for suffix in SUFFIXES:
        if name.endswith(suffix):
            return name.removesuffix(suffix)
    return name


def declared_labels() -> dict[str, set[str]]:
    """Label names of each metric the service declares (cardroom.observability.metrics)."""
    return {
        collector._name: set(collector._labelnames)
        for collector in vars(metrics).values()
        if hasattr(collector, "_labelnames") and hasattr(collector, "_name")
    }


@pytest.fixture(scope="module")
def families(redis_process):
    server = ServerProcess(redis_process.url)
    try:
        server.start(timeout=60)  # slow imports on a loaded machine
        yield scrape_typed(server.http_url)
    finally:
        server.stop()


def test_every_expression_names_exported_metrics_and_labels(families) -> None:
    exprs = expressions()
    assert len(exprs) >= 20
    labels = declared_labels()
    checked = 0
    for expr in exprs:
        for name, used in series(expr):
            if name in PROMETHEUS_OWN:
                continue
            family = family_of(name)
            assert family in families, f"{name} (in {expr!r}) is not exported at /metrics"
            kind = {"counter": "_total", "histogram": ("_bucket", "_count", "_sum")}.get(families[family][0])
            if kind is not None:
                assert name.endswith(kind), f"{name} is not a series of the {families[family][0]} {family}"
            assert used <= labels[family] | PROMETHEUS_LABELS, f"{name}: unknown labels {used - labels[family]}"
            checked += 1
    assert checked >= 25
