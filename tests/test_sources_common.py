"""Tests of the shared CSV reader and field parsers (footkg.ingest.sources.common)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from footkg.errors import SourceFormatError
from footkg.ingest.sources.common import (
    RowError,
    display_name,
    optional,
    parse_bool,
    parse_date,
    parse_int,
    parse_minute,
    parse_optional_int,
    read_csv,
    read_json,
)
from footkg.model import SkippedRow


def _read(path: Path, required: tuple[str, ...] = ("a", "b")) -> tuple[list, list[SkippedRow]]:
    skipped: list[SkippedRow] = []
    rows = list(read_csv(path, dataset="test", file=path.name, required=required, skipped=skipped))
    return rows, skipped


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("19", (19, None)),
        ("45'", (45, None)),
        ("90'+3'", (90, 3)),
        ("90+3", (90, 3)),
        ("45+1", (45, 1)),
        ("120", (120, None)),
        ("120+5", (120, 5)),
        ("90'+3' (penalty.)", (90, 3)),
        ("69' (penalty.)", (69, None)),
        ("90+0", (90, None)),
        (" 1 ", (1, None)),
        ("130", (130, None)),
        ("—", None),
        ("NA", None),
        ("", None),
    ],
)
def test_parse_minute(text: str, expected: tuple[int, int | None] | None) -> None:
    assert parse_minute(text) == expected


@pytest.mark.parametrize("text", ["0", "131", "200+1", "90+31", "ninety", "90+", "45'+'", "-5"])
def test_parse_minute_rejects(text: str) -> None:
    with pytest.raises(RowError) as info:
        parse_minute(text)
    assert info.value.reason == "bad-minute"
    assert repr(text) in info.value.detail


@pytest.mark.parametrize(
    ("text", "expected"),
    [("not applicable", None), ("not available", None), ("NA", None), ("", None),
     ("  ", None), (" Pelé ", "Pelé"), ("Na", "Na"), ("Not Applicable", None)],
)  # fmt: skip
def test_optional(text: str, expected: str | None) -> None:
    assert optional(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("0", False), ("1", True), ("TRUE", True), ("FALSE", False), ("true", True)],
)
def test_parse_bool(text: str, expected: bool) -> None:
    assert parse_bool(text, "flag") is expected


@pytest.mark.parametrize(
    ("func", "text", "reason"),
    [
        (parse_bool, "yes", "bad-bool"),
        (parse_bool, "", "bad-bool"),
        (parse_int, "3.5", "bad-int"),
        (parse_int, "not available", "bad-int"),
        (parse_date, "1930-13-01", "bad-date"),
        (parse_date, "13/07/1930", "bad-date"),
    ],
)
def test_parsers_raise_row_error(func, text: str, reason: str) -> None:
    with pytest.raises(RowError) as info:
        func(text, "some_field")
    assert info.value.reason == reason
    assert "some_field" in info.value.detail


def test_parse_values() -> None:
    assert parse_int(" 42 ", "n") == 42
    assert parse_optional_int("not applicable", "n") is None
    assert parse_date("1872-11-30", "date") == date(1872, 11, 30)


@pytest.mark.parametrize(
    ("given", "family", "expected"),
    [("Lionel", "Messi", "Lionel Messi"), (None, "Pelé", "Pelé"), (None, None, None)],
)
def test_display_name(given: str | None, family: str | None, expected: str | None) -> None:
    assert display_name(given, family) == expected


def test_read_csv_line_numbers_bom_and_bad_rows(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_bytes(
        b"\xef\xbb\xbfa,b,c\n"  # 1 header with BOM
        b"1,x,y\n"  # 2 ok
        b"2,caf\xe9,y\n"  # 3 latin-1 byte: bad-encoding
        b'3,"multi\nline",y\n'  # 4-5 one row over two lines
        b"4,only\n"  # 6 short
        b"5,x,y,z\n"  # 7 long
        b"\n"  # 8 blank: no data
        b"6,\xc3\xa9,y\n"  # 9 ok (é)
        b"7,trunc"  # 10 truncated last line
    )
    rows, skipped = _read(path)
    assert [(r.line, r.fields["a"]) for r in rows] == [(2, "1"), (4, "3"), (9, "6")]
    assert rows[1].fields["b"] == "multi\nline"
    assert rows[2].fields["b"] == "é"
    assert [(s.ref.line, s.reason) for s in skipped] == [
        (3, "bad-encoding"),
        (6, "short-row"),
        (7, "long-row"),
        (10, "short-row"),
    ]
    assert "\\xe9" in skipped[0].detail
    assert str(skipped[1]) == "t.csv:6: short-row: 2 fields, the header has 3"


def test_read_csv_missing_column_names_file_and_column(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("a,c\n1,2\n", encoding="utf-8")
    with pytest.raises(SourceFormatError, match=r"t\.csv.*missing required column\(s\) b"):
        _read(path)


def test_read_csv_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SourceFormatError, match=r"nothere\.csv: source file not found"):
        _read(tmp_path / "nothere.csv")


def test_read_json_reports_bad_json(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"a": 1,\n "b": }', encoding="utf-8")
    with pytest.raises(SourceFormatError, match=r"x\.json:2: not valid JSON"):
        read_json(path)
