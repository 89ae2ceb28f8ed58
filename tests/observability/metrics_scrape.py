"""Reading a live server's /metrics in tests."""

from __future__ import annotations

import httpx
from prometheus_client.parser import text_string_to_metric_families


def scrape(http_url: str) -> dict[str, list]:
    """Every family of the server's /metrics, by name (counters without their ``_total``)."""
    answer = httpx.get(f"{http_url}/metrics", timeout=10)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    return {family.name: family.samples for family in text_string_to_metric_families(answer.text)}


def value(families: dict[str, list], sample_name: str, **labels: str) -> float:
    """The sum of the samples named ``sample_name`` whose labels include ``labels``."""
    family = families[sample_name.removesuffix("_total").removesuffix("_count").removesuffix("_bucket")]
    return sum(
        sample.value
        for sample in family
        if sample.name == sample_name and all(sample.labels.get(k) == v for k, v in labels.items())
    )


def scrape_typed(http_url: str) -> dict[str, tuple[str, list]]:
    """Every family of the server's /metrics: name -> (type, samples)."""
    answer = httpx.get(f"{http_url}/metrics", timeout=10)
    assert answer.status_code == 200
    return {family.name: (family.type, family.samples) for family in text_string_to_metric_families(answer.text)}
