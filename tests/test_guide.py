"""The user guide's Python examples (docs/guide.md) run against the full build, in order."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "guide.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


def python_blocks() -> list[str]:
    """The guide's ```python blocks, in order."""
    return BLOCK.findall(GUIDE.read_text(encoding="utf-8"))


def test_guide_blocks_compile_and_cover_the_api():
    blocks = python_blocks()
    assert len(blocks) >= 8
    for i, block in enumerate(blocks, 1):
        compile(block, f"docs/guide.md python block {i}", "exec")
    text = "\n".join(blocks)
    for call in ("footkg.open()", "kg.query(", ".to_dataframe()", "kg.query_sparql(",
                 "kg.validate()", "kg.export(", "kg.extract("):  # fmt: skip
        assert call in text, call


def test_guide_examples_run(full_build, tmp_path, monkeypatch):
    pytest.importorskip("pandas")
    monkeypatch.setenv("FOOTKG_STORE", str(full_build.store_path))
    monkeypatch.chdir(tmp_path)  # the export example writes footkg.ttl here
    namespace: dict[str, object] = {"__name__": "guide"}
    for i, block in enumerate(python_blocks(), 1):
        code = compile(block, f"docs/guide.md python block {i}", "exec")
        exec(code, namespace)  # an AssertionError names the block in its traceback
    assert (tmp_path / "footkg.ttl").stat().st_size > 10_000_000
