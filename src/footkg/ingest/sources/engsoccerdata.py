"""engsoccerdata (James P. Curley), as cached by footballcsv → :mod:`footkg.model` records.

Reads ``<data_dir>/engsoccerdata-england/<decade>/<season>/<league>.csv``: every English
Football League match from 1888-89 to 2018-19 (no 1915-16 → 1918-19 and 1939-40 → 1945-46, the
wars; no 2016-17 and 2017-18, where the cache stops: football.json has them). Columns
``Date,Team 1,FT,Team 2``: a date like ``Sat Sep 8 1888``, the home club, the full-time score
home first (``5-2``), the away club.

League codes are tiers: ``eng.1`` the top division, ``eng.2``, ``eng.3``, ``eng.4``; ``eng.3a``
and ``eng.3b`` the regional Third Divisions North and South (1921-22 → 1957-58). They are read
as football.json's codes (``en.1`` …, ``en.3n``, ``en.3s``) through
``data/club-competitions.csv``, which names each division in each season (``en.1`` is the First
Division until 1991-92, the Premier League after) with its rules (points for a win, goal average
or goal difference).

Club names are as the cache writes them, which is the club's later name throughout (Newton
Heath is ``Manchester United`` in 1893-94): :mod:`footkg.ingest.clubs` resolves them and dates
the names of the time. Every match of a file counts in its division's table. A match key is
``<season>/<league>:<line>``; rows are referenced by their physical line (the header is line 1).
"""

from __future__ import annotations

import re
from datetime import date, datetime
from pathlib import Path

from footkg.errors import SourceFormatError
from footkg.ingest.sources.common import RowError, read_csv, skip
from footkg.ingest.sources.leagues import Competitions, read_competitions, season_window
from footkg.model import DatasetInfo, Match, SkippedRow, SourceData, SourceRef

DATASET = "engsoccerdata-england"

INFO = DatasetInfo(
    key=DATASET,
    title="engsoccerdata: English Football League matches 1888-2019 (footballcsv cache)",
    url="https://github.com/footballcsv/cache.soccerdata",
    version="f1c9d41893a42afef0e72fd5c48ccfb51d166281",
    license="http://creativecommons.org/publicdomain/zero/1.0/",
    attribution=(
        "James P. Curley, engsoccerdata (https://github.com/jalapic/engsoccerdata), as cached by "
        "footballcsv (https://github.com/footballcsv/cache.soccerdata), CC0 1.0"
    ),
    changes=(
        "footkg converted the matches to RDF under the footkg ontology, named each division in "
        "each season, resolved the clubs' names (with the names of the time) and derived the "
        "league tables."
    ),
)

#: The cache's league codes → the codes of ``data/club-competitions.csv``.
CODES: dict[str, str] = {
    "eng.1": "en.1",
    "eng.2": "en.2",
    "eng.3": "en.3",
    "eng.3a": "en.3n",
    "eng.3b": "en.3s",
    "eng.4": "en.4",
}

COLUMNS = ("Date", "Team 1", "FT", "Team 2")
_SCORE = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*$")
_SEASON_DIR = re.compile(r"^\d{4}-\d{2}$")


def parse_date(text: str) -> date:
    """A cache date such as ``"Sat Sep 8 1888"``; the weekday must be the date's.

    Raises ``RowError("bad-date")`` naming the text.
    """
    try:
        day = datetime.strptime(text.strip(), "%a %b %d %Y").date()
    except ValueError:
        raise RowError("bad-date", f"Date {text!r} is not a date like 'Sat Sep 8 1888'") from None
    if day.strftime("%a") != text.strip()[:3]:
        raise RowError("bad-date", f"Date {text!r}: {day.isoformat()} is a {day:%A}")
    return day


def parse_score(text: str) -> tuple[int, int]:
    """A full-time score ``"5-2"`` (home first) → ``(5, 2)``; raises ``RowError("bad-score")``."""
    match = _SCORE.match(text)
    if match is None:
        raise RowError("bad-score", f"FT {text!r} is not a score like 2-1")
    return int(match.group(1)), int(match.group(2))


def season_files(data_dir: Path) -> list[tuple[str, str, Path]]:
    """``(season, cache code, path)`` of every ``<decade>/<season>/<code>.csv``, in season
    then code order. Raises :class:`SourceFormatError` when the dataset folder is missing or
    holds no such file."""
    root = data_dir / DATASET
    if not root.is_dir():
        raise SourceFormatError(f"{root}: dataset folder not found")
    found = [
        (path.parent.name, path.stem, path)
        for path in root.glob("*/*/*.csv")
        if _SEASON_DIR.match(path.parent.name)
    ]
    if not found:
        raise SourceFormatError(f"{root}: no <decade>/<season>/<league>.csv files")
    return sorted(found, key=lambda f: (f[0], f[1]))


def _match(
    ref: SourceRef, key: str, fields: dict[str, str], competition: str, season: str,
    country: str | None,
) -> Match:  # fmt: skip
    home, away = fields["Team 1"].strip(), fields["Team 2"].strip()
    if not home or not away:
        raise RowError("missing-value", f"a club name is empty ({home!r} v {away!r})")
    if home == away:
        raise RowError("same-team", f"{home!r} is both home and away")
    day = parse_date(fields["Date"])
    first, last = season_window(season)
    if not first <= day <= last:
        raise RowError("date-outside-season", f"{day.isoformat()} is outside season {season}")
    home_score, away_score = parse_score(fields["FT"])
    return Match(
        ref=ref,
        key=key,
        date=day,
        home=home,
        away=away,
        home_score=home_score,
        away_score=away_score,
        competition=competition,
        team_kind="club",
        home_country=country,
        away_country=country,
        season=season,
    )


def _read_file(
    data: SourceData, season: str, code: str, path: Path, competitions: Competitions
) -> None:
    file = path.relative_to(path.parents[2]).as_posix()
    mapped = CODES.get(code)
    rule = competitions.rule(mapped, season) if mapped else None
    if rule is None:
        why = f"league code {code!r} in season {season} is not in data/club-competitions.csv"
        data.skipped.append(SkippedRow(SourceRef(DATASET, file, 0), "unknown-competition", why))
        return
    data.seasons.append(rule.season(season, SourceRef(DATASET, file, 0)))
    for row in read_csv(path, dataset=DATASET, file=file, required=COLUMNS, skipped=data.skipped):
        ref = SourceRef(DATASET, file, row.line)
        try:
            match = _match(ref, f"{season}/{code}:{row.line}", row.fields, rule.competition,
                           season, rule.country)  # fmt: skip
        except RowError as error:
            skip(data.skipped, ref, error)
            continue
        data.matches.append(match)


def load(data_dir: Path, competitions: Competitions | None = None) -> SourceData:
    """Load every English Football League match 1888-89 → 2018-19 (194,040 in the pinned
    snapshot) from ``data_dir/engsoccerdata-england``, with one :class:`footkg.model.Season`
    per season and division. ``competitions`` defaults to ``data/club-competitions.csv``.

    Raises :class:`footkg.errors.SourceFormatError` for a missing folder, or a file without the
    ``Date,Team 1,FT,Team 2`` header; a bad row (date, score, empty or equal club names, a date
    outside its season) is skipped with its reason, the rest of the file still loads.
    """
    competitions = competitions or read_competitions()
    data = SourceData(info=INFO)
    for season, code, path in season_files(data_dir):
        _read_file(data, season, code, path, competitions)
    return data
