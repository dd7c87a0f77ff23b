"""The built-in offline sample: every men's World Cup final 1930–2026, 1950's deciding
final-round match, their goals, and each edition's hosts, champion and runner-up; and, for club
football, every match of one league season (the Premier League's 2003-04, Arsenal's unbeaten
season).

A build falls back to it when the full datasets are neither given nor downloadable
(:func:`footkg.ingest.datasets.resolve_data_dir`). The facts are footkg's own table
(``data/sample``), derived from and checked against the Fjelstul World Cup Database (1930–2022) and
openfootball (2026); because of the Fjelstul facts it is CC BY-SA 4.0 (see
``data/sample/README.md``).

Files (UTF-8 CSV with a header row; booleans ``true``/``false``; empty = none):

* ``world-cup-finals.csv``: year, date (ISO), stage (``final`` or ``final round``), stadium,
  city, country, home_team, away_team, home_score, away_score (after extra time, without
  shootout kicks), extra_time, shootout_home, shootout_away;
* ``world-cup-final-goals.csv``: year, team (credited), scorer, minute, stoppage, penalty,
  own_goal;
* ``world-cup-editions.csv``: year, hosts (``;``-separated), champion, runner_up;
* ``premier-league-2003-04.csv``: date (ISO), home, away (club names as engsoccerdata writes
  them), home_score, away_score: the 380 matches of the 2003-04 Premier League, read as the
  season ``2003-04`` of code ``en.1`` of ``data/club-competitions.csv``.

Team names are those used at the time (West Germany 1954–1990).
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from footkg import resources, vocab
from footkg._version import __version__
from footkg.errors import SourceFormatError
from footkg.model import (
    DatasetInfo,
    Goal,
    Match,
    Shootout,
    SkippedRow,
    SourceData,
    SourceRef,
    Tournament,
)

DATASET = "sample"
#: ``data/sample`` (in the package, or a source checkout), the default folder.
SAMPLE_DIR = resources.sample_dir()

FINALS = "world-cup-finals.csv"
GOALS = "world-cup-final-goals.csv"
EDITIONS = "world-cup-editions.csv"
CLUB_SEASON = "premier-league-2003-04.csv"
CLUB_CODE, CLUB_SEASON_NAME = "en.1", "2003-04"
CLUB_COLUMNS = ("date", "home", "away", "home_score", "away_score")

FINAL_COLUMNS = (
    "year",
    "date",
    "stage",
    "stadium",
    "city",
    "country",
    "home_team",
    "away_team",
    "home_score",
    "away_score",
    "extra_time",
    "shootout_home",
    "shootout_away",
)
GOAL_COLUMNS = ("year", "team", "scorer", "minute", "stoppage", "penalty", "own_goal")
EDITION_COLUMNS = ("year", "hosts", "champion", "runner_up")

SAMPLE_STAGES = ("final", "final round")

INFO = DatasetInfo(
    key=DATASET,
    title="footkg sample: men's World Cup finals 1930–2026 and the 2003-04 Premier League",
    url="https://w3id.org/footkg/data/sample",
    version=__version__,
    license="https://creativecommons.org/licenses/by-sa/4.0/",
    attribution=(
        "Facts 1930–2022 from the Fjelstul World Cup Database, © 2023 Joshua C. Fjelstul, "
        "Ph.D., https://www.github.com/jfjelstul/worldcup, CC BY-SA 4.0 "
        "(https://creativecommons.org/licenses/by-sa/4.0/legalcode); 2026 from openfootball "
        "(CC0); the 2003-04 Premier League from engsoccerdata (James P. Curley, CC0)."
    ),
    changes=(
        "Selected the finals, 1950's deciding final-round match, their goals and each edition's "
        "hosts, champion and runner-up, and the matches of one Premier League season; rewritten "
        "as footkg's own CSV tables; the 1974 venue country is given as West Germany."
    ),
)


class _BadValue(ValueError):
    """A cell that cannot be read: ``reason`` is the skip key, the message the detail."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class _Row:
    ref: SourceRef
    values: dict[str, str]

    def text(self, column: str) -> str:
        value = (self.values.get(column) or "").strip()
        if not value:
            raise _BadValue("missing-value", f"{column} is empty")
        return value

    def optional_text(self, column: str) -> str | None:
        return (self.values.get(column) or "").strip() or None

    def integer(self, column: str, reason: str) -> int:
        value = self.text(column)
        if not value.isdigit():
            raise _BadValue(reason, f"{column} {value!r} is not a non-negative integer")
        return int(value)

    def optional_integer(self, column: str, reason: str) -> int | None:
        return self.integer(column, reason) if self.optional_text(column) else None

    def flag(self, column: str) -> bool:
        value = self.text(column).lower()
        if value not in ("true", "false"):
            raise _BadValue("bad-flag", f"{column} {value!r} is not true/false")
        return value == "true"

    def year(self) -> int:
        year = self.integer("year", "bad-year")
        if year < 1930 or year % 4 != 2:
            raise _BadValue("bad-year", f"year {year} is not a men's World Cup year")
        return year


def _rows(sample_dir: Path, name: str, columns: tuple[str, ...]) -> Iterator[_Row]:
    """The data rows of one sample file; raises :class:`SourceFormatError` if the file is
    missing, not UTF-8, or lacks a column."""
    path = sample_dir / name
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            reader = csv.DictReader(handle)
            missing = [c for c in columns if c not in (reader.fieldnames or ())]
            if missing:
                raise SourceFormatError(f"{path}: missing column(s) {', '.join(missing)}")
            for values in reader:
                yield _Row(SourceRef(DATASET, name, reader.line_num), values)
    except (OSError, UnicodeDecodeError) as err:
        raise SourceFormatError(f"cannot read sample file {path}: {err}") from err


def _read(
    sample_dir: Path,
    name: str,
    columns: tuple[str, ...],
    parse: Callable[[_Row], object],
    skipped: list[SkippedRow],
) -> list:
    """Parse every row of a file with ``parse``; a row that raises :class:`_BadValue` becomes a
    :class:`SkippedRow` (file and line) instead."""
    records = []
    for row in _rows(sample_dir, name, columns):
        try:
            records.append(parse(row))
        except _BadValue as err:
            skipped.append(SkippedRow(row.ref, err.reason, str(err)))
    return records


def _tournament(row: _Row) -> Tournament:
    year = row.year()
    hosts = tuple(h.strip() for h in row.text("hosts").split(";") if h.strip())
    return Tournament(
        ref=row.ref,
        source_id=f"{DATASET}-{year}",
        competition=vocab.MENS_WORLD_CUP,
        year=year,
        name=f"{year} FIFA World Cup",
        hosts=hosts,
        champion=row.text("champion"),
    )


def _match(row: _Row) -> Match:
    year = row.year()
    raw_date = row.text("date")
    try:
        played = date.fromisoformat(raw_date)
    except ValueError as err:
        raise _BadValue("bad-date", f"date {raw_date!r} is not an ISO date") from err
    if played.year != year:
        raise _BadValue("bad-date", f"date {raw_date} is not in {year}")
    stage = row.text("stage")
    if stage not in SAMPLE_STAGES:
        raise _BadValue("bad-stage", f"stage {stage!r} is not one of {SAMPLE_STAGES}")
    home, away = row.text("home_team"), row.text("away_team")
    return Match(
        ref=row.ref,
        key=f"{DATASET}-{year}",
        date=played,
        home=home,
        away=away,
        home_score=row.integer("home_score", "bad-score"),
        away_score=row.integer("away_score", "bad-score"),
        competition=vocab.MENS_WORLD_CUP,
        gender="men",
        edition_year=year,
        stage=stage,
        extra_time=row.flag("extra_time"),
        shootout=_shootout(row, home, away),
        stadium=row.optional_text("stadium"),
        city=row.optional_text("city"),
        country=row.optional_text("country"),
    )


def _shootout(row: _Row, home: str, away: str) -> Shootout | None:
    home_kicks = row.optional_integer("shootout_home", "bad-score")
    away_kicks = row.optional_integer("shootout_away", "bad-score")
    if home_kicks is None and away_kicks is None:
        return None
    if home_kicks is None or away_kicks is None or home_kicks == away_kicks:
        raise _BadValue("bad-shootout", f"shootout {home_kicks}–{away_kicks} has no winner")
    winner = home if home_kicks > away_kicks else away
    return Shootout(home_score=home_kicks, away_score=away_kicks, winner=winner)


def _goal_parser(finals: dict[int, Match]) -> Callable[[_Row], Goal]:
    """A parser of goal rows that ties each goal to the final of its year."""

    def parse(row: _Row) -> Goal:
        year = row.year()
        final = finals.get(year)
        if final is None:
            raise _BadValue("unknown-match", f"no final of {year} in {FINALS}")
        team = row.text("team")
        if team not in (final.home, final.away):
            raise _BadValue("unknown-team", f"{team!r} did not play the {year} final")
        own_goal = row.flag("own_goal")
        opponent = final.away if team == final.home else final.home
        return Goal(
            ref=row.ref,
            match_key=final.key,
            team=team,
            scorer=row.text("scorer"),
            minute=row.integer("minute", "bad-minute"),
            stoppage=row.optional_integer("stoppage", "bad-minute"),
            own_goal=own_goal,
            penalty=row.flag("penalty"),
            scorer_team=opponent if own_goal else team,
        )

    return parse


def load(sample_dir: Path | None = None) -> SourceData:
    """Read the sample (default :data:`SAMPLE_DIR`) into tournaments, matches and goals.

    Match keys are ``sample-<year>`` (one per year: a second row of the same year is skipped);
    a goal whose year has no final, or whose team did not
    play it, is skipped. Malformed rows become :class:`~footkg.model.SkippedRow` (file and
    line). Raises :class:`~footkg.model.SourceFormatError` if a file is missing, unreadable or
    lacks a column.
    """
    sample_dir = sample_dir or SAMPLE_DIR
    data = SourceData(info=INFO)
    data.tournaments = _read(sample_dir, EDITIONS, EDITION_COLUMNS, _tournament, data.skipped)
    matches = _read(sample_dir, FINALS, FINAL_COLUMNS, _match, data.skipped)
    finals: dict[int, Match] = {}
    for match in matches:
        year = match.edition_year
        if year in finals:
            detail = f"a second final of {year} (first at line {finals[year].ref.line})"
            data.skipped.append(SkippedRow(match.ref, "duplicate-match", detail))
            continue
        finals[year] = match
    data.matches = list(finals.values())
    data.goals = _read(sample_dir, GOALS, GOAL_COLUMNS, _goal_parser(finals), data.skipped)
    _club_season(sample_dir, data)
    return data


def _club_season(sample_dir: Path, data: SourceData) -> None:
    """The sample's league season (:data:`CLUB_SEASON`) as club matches of its competition
    (named, with its rules, by ``data/club-competitions.csv``), and its season record."""
    from footkg.ingest.sources.leagues import read_competitions

    rule = read_competitions().rule(CLUB_CODE, CLUB_SEASON_NAME)
    if rule is None:
        raise SourceFormatError(f"{CLUB_CODE} {CLUB_SEASON_NAME} is not in club-competitions.csv")

    def parse(row: _Row) -> Match:
        raw_date = row.text("date")
        try:
            played = date.fromisoformat(raw_date)
        except ValueError as err:
            raise _BadValue("bad-date", f"date {raw_date!r} is not an ISO date") from err
        return Match(
            ref=row.ref,
            key=f"{DATASET}-{CLUB_SEASON_NAME}:{row.ref.line}",
            date=played,
            home=row.text("home"),
            away=row.text("away"),
            home_score=row.integer("home_score", "bad-score"),
            away_score=row.integer("away_score", "bad-score"),
            competition=rule.competition,
            team_kind="club",
            home_country=rule.country,
            away_country=rule.country,
            season=CLUB_SEASON_NAME,
        )

    matches = _read(sample_dir, CLUB_SEASON, CLUB_COLUMNS, parse, data.skipped)
    if matches:
        data.seasons.append(rule.season(CLUB_SEASON_NAME, SourceRef(DATASET, CLUB_SEASON, 0)))
        data.matches.extend(matches)
