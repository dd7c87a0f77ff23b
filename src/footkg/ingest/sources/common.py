"""Shared helpers of the source loaders: CSV and JSON reading, and field parsers.

CSV files are read with the :mod:`csv` module, line by line, so that every row keeps its
1-based *physical* line number (the header is line 1) and a row that is not valid UTF-8 is
skipped on its own (reason ``"bad-encoding"``) while the rest of the file still loads. Rows
with too few or too many fields are skipped as ``"short-row"`` / ``"long-row"``. Blank lines
carry no data and are passed over.

The field parsers raise :class:`RowError` (a reason key and a detail naming the bad value);
loaders catch it and record a :class:`footkg.model.SkippedRow` for the row.

Every loader guards its files' natural keys with :class:`NaturalKey` (a match ID, a goal ID, a
squad's tournament + team + player): a second row with a key already loaded is skipped as
``"duplicate-key"`` naming the line that holds it, so a copied row never becomes a second match
or a second goal. Goal rows of sources without goal IDs go through :class:`GoalRows`, which
tells a copied row from a real second goal in the same minute by the match's score.
"""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from footkg.errors import SourceFormatError
from footkg.model import SkippedRow, SourceRef

#: Strings that the datasets use for "no value" (Fjelstul ``not applicable``/``not available``,
#: compared case-insensitively; martj42 ``NA``, compared exactly, since ``Na`` is a real name,
#: e.g. the Korean player Na Sang-ho; empty cells).
PLACEHOLDERS: frozenset[str] = frozenset({"", "not applicable", "not available"})
EXACT_PLACEHOLDERS: frozenset[str] = frozenset({"NA", "N/A"})

#: Lowest and highest match minute accepted (extra time ends at 120; a few sources go beyond
#: with stoppage folded in, e.g. martj42's 122).
MIN_MINUTE = 1
MAX_MINUTE = 130
#: Largest stoppage (added) time accepted, in minutes.
MAX_STOPPAGE = 30

_NO_MINUTE: frozenset[str] = frozenset({"", "—", "–", "-", "na", "?"})
_MINUTE = re.compile(r"^(\d+)\s*'?\s*(?:\+\s*(\d+)\s*'?)?\s*(?:\([^)]*\))?$")
_TRUE = frozenset({"1", "true"})
_FALSE = frozenset({"0", "false"})


class RowError(ValueError):
    """A row (or item) cannot be loaded: ``reason`` is a short key (``"bad-date"``), ``detail``
    names the field and the bad value."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True, slots=True)
class CsvRow:
    """One data row of a CSV file: its 1-based physical line and its fields by column name."""

    line: int
    fields: dict[str, str]


class NaturalKey:
    """The natural key of one file's records (``columns``, e.g. ``("match_id",)``): the first
    record loaded with a key keeps it, a later one is refused.

    Claim a key only once the record has been built, so a malformed first row does not make a
    good later one a duplicate.
    """

    def __init__(self, columns: Sequence[str]) -> None:
        self.columns = tuple(columns)
        self._first: dict[tuple[str, ...], str] = {}

    def values(self, fields: dict[str, str]) -> tuple[str, ...]:
        """The key of a CSV row: its key columns, stripped."""
        return tuple(fields[column].strip() for column in self.columns)

    def claim(self, key: Sequence[object], where: str) -> None:
        """Register ``key`` for the record found at ``where`` (``"line 12"``, ``"item 7"``).

        Raises ``RowError("duplicate-key")`` naming the columns, the key and where the record
        that holds it was read, when the key was claimed before.
        """
        values = tuple(str(v) for v in key)
        first = self._first.get(values)
        if first is not None:
            shown = ", ".join(f"{c} {v!r}" for c, v in zip(self.columns, values, strict=True))
            raise RowError("duplicate-key", f"{shown} is already loaded from {first}")
        self._first[values] = where

    def claim_row(self, row: CsvRow) -> None:
        """:meth:`claim` the key of a CSV row; a key with a placeholder part (``not
        available``) identifies nothing and is not claimed."""
        values = self.values(row.fields)
        if all(optional(v) is not None for v in values):
            self.claim(values, f"line {row.line}")


class GoalRows:
    """Goal rows of a source without goal IDs, keyed by their natural key (match, team,
    scorer, minute, own goal, penalty).

    The key is not unique in real data: a player who scores twice in stoppage time, or twice
    with no minute recorded, has two identical rows (martj42: Fatih Tekke, 90', Turkey v
    Kazakhstan 2004-10-09). So a row that repeats an earlier row's key is a second goal only
    while the team's goals stay within its score; one that would take the team past its score
    is a copied row, refused as ``"duplicate-row"`` naming the earlier row.
    """

    def __init__(self) -> None:
        self._first: dict[tuple[object, ...], str] = {}
        self._count: Counter[tuple[str, str]] = Counter()

    def claim(
        self, key: tuple[object, ...], team: str, score: int | None, where: str
    ) -> None:
        """Register a goal of ``team`` with natural ``key`` (its first item the match's key),
        read at ``where``; ``score`` is the team's goals in that match (``None``: unknown).

        Raises ``RowError("duplicate-row")`` for a repeated key beyond the team's score.
        """
        match = str(key[0])
        first = self._first.get(key)
        if first is not None and score is not None and self._count[(match, team)] >= score:
            raise RowError(
                "duplicate-row",
                f"same goal as {first} ({team} in {match}), and {team} scored {score}: "
                "a copied row, not another goal",
            )
        self._first.setdefault(key, where)
        self._count[(match, team)] += 1


def skip(skipped: list[SkippedRow], ref: SourceRef, error: RowError) -> None:
    """Record ``error`` for the row at ``ref`` in ``skipped``."""
    skipped.append(SkippedRow(ref=ref, reason=error.reason, detail=error.detail))


def require_file(path: Path) -> Path:
    """Return ``path`` if it is a file; raise :class:`SourceFormatError` naming it otherwise."""
    if not path.is_file():
        raise SourceFormatError(f"{path}: source file not found")
    return path


def read_json(path: Path) -> Any:
    """Parse the JSON file at ``path``.

    Raises :class:`SourceFormatError` naming the file when it is missing, not UTF-8 or not JSON.
    """
    require_file(path)
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise SourceFormatError(f"{path}: not UTF-8 ({exc})") from exc
    except json.JSONDecodeError as exc:
        raise SourceFormatError(f"{path}:{exc.lineno}: not valid JSON ({exc.msg})") from exc


def _decoded_lines(
    raw: bytes,
    dataset: str,
    file: str,
    skipped: list[SkippedRow],
    consumed: list[int],
    comments: bool = False,
) -> Iterator[str]:
    """Yield the physical lines of ``raw`` decoded as UTF-8, skipping (and recording) lines
    that are not; the number of every line yielded is appended to ``consumed``. With
    ``comments``, lines starting with ``#`` are passed over (footkg's own tables)."""
    for number, chunk in enumerate(raw.splitlines(keepends=True), start=1):
        if comments and chunk.startswith(b"#"):
            continue
        try:
            text = chunk.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError as exc:
            bad = chunk[exc.start : exc.end]
            detail = f"byte(s) {bad!r} at column {exc.start + 1} are not UTF-8"
            skipped.append(SkippedRow(SourceRef(dataset, file, number), "bad-encoding", detail))
            continue
        consumed.append(number)
        yield text


def read_csv(
    path: Path,
    *,
    dataset: str,
    file: str,
    required: Sequence[str],
    skipped: list[SkippedRow],
    comments: bool = False,
) -> Iterator[CsvRow]:
    """Yield the data rows of the CSV file at ``path`` with their physical line numbers.

    ``dataset``/``file`` name the file in :class:`SourceRef` records; ``required`` are the
    columns the caller needs. Rows that cannot be split into the header's columns are recorded
    in ``skipped`` (``"bad-encoding"``, ``"short-row"``, ``"long-row"``, ``"bad-csv"``).
    A row's line is the line it starts on (a quoted field may span lines).

    With ``comments``, lines that start with ``#`` are comments (footkg's own tables).

    Raises :class:`SourceFormatError` when the file is missing, empty, or lacks a required
    column (the message names the file and the columns).
    """
    raw = require_file(path).read_bytes()
    consumed: list[int] = []
    reader = csv.reader(_decoded_lines(raw, dataset, file, skipped, consumed, comments))
    header: list[str] | None = None
    while True:
        try:
            values = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            line = consumed[0] if consumed else 0
            consumed.clear()
            skipped.append(SkippedRow(SourceRef(dataset, file, line), "bad-csv", str(exc)))
            continue
        line = consumed[0]
        consumed.clear()
        if header is None:
            header = [name.strip() for name in values]
            missing = [name for name in required if name not in header]
            if missing:
                raise SourceFormatError(
                    f"{path}: missing required column(s) {', '.join(missing)} "
                    f"(header has {', '.join(header)})"
                )
            continue
        if not values:
            continue
        if len(values) != len(header):
            reason = "short-row" if len(values) < len(header) else "long-row"
            detail = f"{len(values)} fields, the header has {len(header)}"
            skipped.append(SkippedRow(SourceRef(dataset, file, line), reason, detail))
            continue
        yield CsvRow(line, dict(zip(header, values, strict=True)))
    if header is None:
        raise SourceFormatError(f"{path}: empty file, no header row")


def optional(text: str) -> str | None:
    """``text`` stripped, or ``None`` for a placeholder (``""``, ``not applicable`` and
    ``not available`` in any case, ``NA`` and ``N/A`` exactly: ``"Na"`` is a name)."""
    value = text.strip()
    if value in EXACT_PLACEHOLDERS or value.lower() in PLACEHOLDERS:
        return None
    return value


def required_text(text: str, field: str) -> str:
    """``text`` stripped; raise ``RowError("missing-value")`` when it is a placeholder."""
    value = optional(text)
    if value is None:
        raise RowError("missing-value", f"{field} is empty ({text!r})")
    return value


def parse_int(text: str, field: str) -> int:
    """An integer (e.g. goals, capacity); raise ``RowError("bad-int")`` naming ``field``."""
    try:
        return int(text.strip())
    except ValueError:
        raise RowError("bad-int", f"{field}: {text!r} is not an integer") from None


def parse_score(text: str, field: str) -> int:
    """A score (goals, ≥ 0); raise ``RowError("bad-score")`` naming ``field`` for anything else,
    e.g. ``"3-3 (4-2 pen.)"`` written into one team's score, or ``"-1"``."""
    try:
        value = int(text.strip())
    except ValueError:
        raise RowError("bad-score", f"{field}: {text!r} is not a number of goals") from None
    if value < 0:
        raise RowError("bad-score", f"{field}: {text!r} is negative")
    return value


def parse_optional_int(text: str, field: str) -> int | None:
    """Like :func:`parse_int`, but a placeholder gives ``None``."""
    return None if optional(text) is None else parse_int(text, field)


def parse_date(text: str, field: str) -> date:
    """An ISO ``YYYY-MM-DD`` date; raise ``RowError("bad-date")`` naming ``field``."""
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise RowError("bad-date", f"{field}: {text!r} is not an ISO date") from None


def parse_optional_date(text: str, field: str) -> date | None:
    """Like :func:`parse_date`, but a placeholder gives ``None``."""
    return None if optional(text) is None else parse_date(text, field)


def parse_bool(text: str, field: str) -> bool:
    """``0``/``1``/``TRUE``/``FALSE`` (any case); raise ``RowError("bad-bool")`` otherwise."""
    value = text.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise RowError("bad-bool", f"{field}: {text!r} is not 0/1/TRUE/FALSE")


def check_minute(minute: int, stoppage: int | None, text: str) -> tuple[int, int | None]:
    """Validate a minute (1..130) and stoppage (0..30, 0 becomes ``None``); ``text`` is the
    source's spelling, for the error. Raises ``RowError("bad-minute")``."""
    if not MIN_MINUTE <= minute <= MAX_MINUTE:
        raise RowError("bad-minute", f"minute {text!r} is outside {MIN_MINUTE}..{MAX_MINUTE}")
    if stoppage is not None and not 0 <= stoppage <= MAX_STOPPAGE:
        raise RowError("bad-minute", f"stoppage in {text!r} is outside 0..{MAX_STOPPAGE}")
    return minute, stoppage or None


def parse_minute(text: str) -> tuple[int, int | None] | None:
    """Parse a goal minute into ``(minute, stoppage)`` in minutes.

    Accepts ``"19"``, ``"45'"``, ``"90'+3'"``, ``"90+3"``, ``"120+5"`` and a trailing
    parenthesised note (Fjelstul's ``"90'+3' (penalty.)"``): ``"90+3"`` → ``(90, 3)``,
    ``"19"`` → ``(19, None)``; a stoppage of 0 is ``None``. "No minute" (``""``, ``"—"``,
    ``"NA"``, ``"?"``) returns ``None``. Raises ``RowError("bad-minute")`` for other text and
    for minutes outside 1..130 (or stoppage outside 0..30).
    """
    value = text.strip()
    if value.lower() in _NO_MINUTE:
        return None
    match = _MINUTE.match(value)
    if match is None:
        raise RowError("bad-minute", f"{text!r} is not a minute like 90+3")
    stoppage = int(match.group(2)) if match.group(2) is not None else None
    return check_minute(int(match.group(1)), stoppage, text)


def display_name(given: str | None, family: str | None) -> str | None:
    """A person's display name: ``"given family"``, or the one name there is, or ``None``."""
    return " ".join(part for part in (given, family) if part) or None
