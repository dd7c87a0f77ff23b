"""Unit tests of the extractor's parts that need no graph: minutes, reading reports,
boilerplate, clause splitting, minute comparison."""

from __future__ import annotations

from pathlib import Path

import pytest

from footkg.extract.conflicts import same_minute
from footkg.extract.goals import clauses
from footkg.extract.io import MAX_BYTES, ReportError, decode_report, read_report
from footkg.extract.pipeline import blank_boilerplate, fold
from footkg.extract.timeexpr import find_times


@pytest.mark.parametrize(
    ("text", "minute", "stoppage", "offset"),
    [
        ("in the 67th minute", 67, None, None),
        ("in the 90+3 minute", 90, 3, None),
        ("a 45+1' strike", 45, 1, None),
        ("three minutes after the restart", 48, None, None),
        ("with eight minutes remaining", 82, None, None),
        ("two minutes from the end of extra time", 118, None, None),
        ("with five minutes of extra time left", 115, None, None),
        ("nine minutes later", None, None, 9),
        ("in stoppage time", 90, None, None),
        ("just before the break", 45, None, None),
        ("after 30 seconds", 1, None, None),
    ],
)
def test_time_expressions(text, minute, stoppage, offset):
    (t,) = find_times(text)
    assert (t.minute, t.stoppage, t.offset) == (minute, stoppage, offset)


def test_durations_and_counts_are_not_minutes():
    assert find_times("scored twice in four minutes") == []
    assert find_times("after 120 goalless minutes") == []
    assert find_times("a crowd of 73,000") == []


@pytest.mark.parametrize(
    ("report", "fixture", "same"),
    [
        ((92, None, False), (90, 2), True),  # 92 as written = 90+2
        ((92, None, False), (90, None), True),  # stoppage folded into 90
        ((90, 2, False), (92, None), True),
        ((90, None, True), (90, 4), True),  # "in stoppage time"
        ((85, None, False), (86, None), False),  # a real disagreement
        ((44, None, False), (45, None), False),
    ],
)
def test_same_minute(report, fixture, same):
    assert same_minute(report, fixture) is same


def test_read_report_errors(tmp_path: Path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"  \n")
    with pytest.raises(ReportError, match="empty"):
        read_report(empty)
    binary = tmp_path / "image.txt"
    binary.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(ReportError, match="binary"):
        read_report(binary)
    big = tmp_path / "big.txt"
    big.write_bytes(b"Argentina beat England 2-1. " * (5_000_000 // 28))
    with pytest.raises(ReportError, match="refused"):
        read_report(big)
    with pytest.raises(ReportError, match="cannot read"):
        read_report(tmp_path / "missing.txt")
    assert MAX_BYTES < 5_000_000


def test_other_encodings_are_decoded():
    text = "SÃO PAULO — Brazil beat Croatia 3-1 at the Arena; Júlio César saved."
    latin = decode_report(text.encode("cp1252"), "latin")
    assert latin.text == text and latin.encoding == "cp1252"
    utf16 = decode_report(text.encode("utf-16"), "u16")
    assert utf16.text == text and utf16.sha256 == latin.sha256


def test_boilerplate_is_blanked_keeping_offsets():
    text = "Read also: Big Cup Draw Tonight Messi set up Enzo for the equaliser."
    clean = blank_boilerplate(text)
    assert len(clean) == len(text)
    assert clean.strip().startswith("Messi set up Enzo")
    line = "Goal.\nRead also: Co-hosts count the cost of a party\nNext line."
    assert "Co-hosts" not in blank_boilerplate(line)
    assert fold("Martínez Şükür") == "Martinez Sukur"


def test_clauses_split_at_conjunctions():
    text = "Zico turned his marker and slid a pass to Sócrates, whose shot beat Zoff."
    parts = [text[a:b].strip() for a, b in clauses(text)]
    assert parts == [
        "Zico turned his marker",
        "and slid a pass to Sócrates",
        "whose shot beat Zoff.",
    ]
