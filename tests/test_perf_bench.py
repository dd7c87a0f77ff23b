"""The comparison benchmark keeps working: ``bench/bench_compare.py --subset`` runs end to end
on the built-in sample and writes every JSON key the closing table needs (not a timed test)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_bench_compare_subset_writes_the_json(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    bounds = ["--naive-timeout", "60", "--shacl-timeout", "120"]
    script = str(REPO / "bench" / "bench_compare.py")
    command = [sys.executable, script, "--subset", "--runs", "1", *bounds, "--json", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(out.read_text())
    assert set(result) == {"machine", "footkg", "limit", "naive", "compare"}
    footkg = result["footkg"]
    assert footkg["data"] == "sample" and footkg["triples"] > 1000
    assert {"load store", "validate (SHACL)", "export"} <= set(footkg["steps_s"])
    assert footkg["validation"]["conforms"] is True
    assert {"median_ms", "p95_ms", "rows"} <= set(footkg["queries"]["champions"])
    assert result["limit"]["quads"] > 1000
    naive = result["naive"]
    assert {"load_s", "queries", "peak_rss_mb"} <= set(naive)
    assert naive.get("validate_conforms") is True or naive.get("validate_lower_bound_s")
    compare = result["compare"]
    assert {"build_vs_limit", "naive_validate_vs_footkg", "queries"} <= set(compare)
    assert set(compare["queries"]) == set(footkg["queries"])
    # same answers from both engines on every query (row counts)
    assert all(q["same_rows"] is not False for q in compare["queries"].values())
