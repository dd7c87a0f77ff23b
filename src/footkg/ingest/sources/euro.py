"""openfootball euro.json (UEFA Euro 2020 and 2024) → :mod:`footkg.model` records.

Reads ``<data_dir>/openfootball-euro/<year>/euro.json``: ``{"name", "rounds": [{"name":
"Matchday 1", "matches": [...]}]}``; a match has ``num``, ``date``, ``team1``/``team2`` as
``{name, code}``, ``score`` (``ft``, ``ht``, ``et``, ``p``), ``goals1``/``goals2`` (each with
``name``, ``minute``, ``offset`` for stoppage time, ``penalty``, ``owngoal``; an own goal is
listed under the team it counted for) and ``group``. Euro 2020 was played in 2021; the edition
keeps its name's year. Rounds map to stages as in the World Cup files (``Quarter-finals`` →
quarter-final). A match whose goals run past the 90th minute without stoppage time went to
extra time even where the file has no ``et`` score (Spain 2-1 Germany, 2024 quarter-final).

The same matches are in martj42's international results, which footkg prefers (its scorers
are full names, its other matches share them); this source adds the edition, the stage and
the group, extra time and the shoot-out's score, and its goals are compared with martj42's.
Match keys are ``<year>-<num>``; items are referenced by their 1-based position in the file.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from footkg.errors import SourceFormatError
from footkg.ingest.sources.common import RowError, check_minute, parse_date, read_json, skip
from footkg.ingest.sources.openfootball import stage_of
from footkg.model import DatasetInfo, Goal, Match, Shootout, SourceData, SourceRef, Tournament

DATASET = "openfootball-euro"
COMPETITION = "UEFA European Championship"
YEARS = (2020, 2024)

INFO = DatasetInfo(
    key=DATASET,
    title="openfootball euro.json: UEFA Euro 2020 and 2024",
    url="https://github.com/openfootball/euro.json",
    version="2e4d46695df604854e05b9e892066af0f9d49064",
    license="http://creativecommons.org/publicdomain/zero/1.0/",
    attribution="openfootball contributors, https://github.com/openfootball/euro.json, CC0 1.0",
    changes=(
        "footkg converted the matches and goals to RDF under the footkg ontology and merged "
        "them with the international results' records of the same matches."
    ),
)


def _pair(score: dict[str, Any], part: str) -> tuple[int, int] | None:
    value = score.get(part)
    if value is None:
        return None
    if not (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise RowError("bad-score", f"score.{part} {value!r} is not two goal counts")
    return value[0], value[1]


def _team(item: dict[str, Any], side: str) -> str:
    team = item.get(side)
    name = team.get("name") if isinstance(team, dict) else None
    if not isinstance(name, str) or not name.strip():
        raise RowError("missing-value", f"{side} has no name ({team!r})")
    return name.strip()


def _goals(item: dict[str, Any], ref: SourceRef, key: str, teams: tuple[str, str]) -> list[Goal]:
    """The goals of ``goals1``/``goals2`` (an own goal is listed under the team it counted
    for; its scorer played for the other). Raises ``RowError("bad-goal")``."""
    goals: list[Goal] = []
    for side, (team, other) in enumerate((teams, teams[::-1]), start=1):
        for entry in item.get(f"goals{side}") or []:
            if not isinstance(entry, dict) or not isinstance(entry.get("minute"), int):
                raise RowError("bad-goal", f"goals{side} entry {entry!r} has no minute")
            offset = entry.get("offset")
            minute, stoppage = check_minute(
                entry["minute"], offset if isinstance(offset, int) else None, str(entry)
            )
            own = entry.get("owngoal") is True
            goals.append(
                Goal(
                    ref=ref,
                    match_key=key,
                    team=team,
                    scorer=entry.get("name") or None,
                    minute=minute,
                    stoppage=stoppage,
                    own_goal=own,
                    penalty=entry.get("penalty") is True,
                    scorer_team=other if own else team,
                )
            )
    return goals


def _match(ref: SourceRef, year: int, round_name: str, item: dict[str, Any]) -> Match:
    home, away = _team(item, "team1"), _team(item, "team2")
    num = item.get("num")
    if not isinstance(num, int) or isinstance(num, bool) or num < 1:
        raise RowError("bad-int", f"num {num!r} is not a match number")
    group = item.get("group") or None
    stage, _ = stage_of(round_name, group, False)
    score = item.get("score")
    if not isinstance(score, dict):
        raise RowError("bad-score", f"score {score!r} is not an object")
    ft, et, p = (_pair(score, part) for part in ("ft", "et", "p"))
    final = et or ft
    if final is None:
        raise RowError("bad-score", f"{home} v {away} has no ft or et score")
    shootout = None
    if p is not None:
        if p[0] == p[1]:
            raise RowError("bad-score", f"shoot-out {p[0]}-{p[1]} has no winner")
        shootout = Shootout(p[0], p[1], home if p[0] > p[1] else away)
    late = any(
        isinstance(g, dict)
        and isinstance(g.get("minute"), int)
        and g["minute"] > 90
        and not g.get("offset")
        for side in ("goals1", "goals2")
        for g in item.get(side) or []
    )
    return Match(
        ref=ref,
        key=f"{year}-{num:02d}",
        date=parse_date(str(item.get("date", "")), "date"),
        home=home,
        away=away,
        home_score=final[0],
        away_score=final[1],
        competition=COMPETITION,
        edition_year=year,
        stage=stage,
        group=group,
        extra_time=et is not None or late or p is not None,
        shootout=shootout,
        match_number=num,
    )


def _year(data: SourceData, data_dir: Path, year: int) -> None:
    file = f"{year}/euro.json"
    path = data_dir / DATASET / file
    doc = read_json(path)
    rounds = doc.get("rounds") if isinstance(doc, dict) else None
    if not isinstance(rounds, list):
        raise SourceFormatError(f"{path}: no 'rounds' list")
    index = 0
    days: list[date] = []
    for round_item in rounds:
        round_name = str(round_item.get("name", "")) if isinstance(round_item, dict) else ""
        items = round_item.get("matches", []) if isinstance(round_item, dict) else []
        for item in items:
            index += 1
            ref = SourceRef(DATASET, file, index)
            try:
                if not isinstance(item, dict):
                    raise RowError("bad-match", f"item {index} is not an object")
                match = _match(ref, year, round_name, item)
                goals = _goals(item, ref, match.key, (match.home, match.away))
            except RowError as error:
                skip(data.skipped, ref, error)
                continue
            data.matches.append(match)
            data.goals.extend(goals)
            days.append(match.date)
    if days:
        data.tournaments.append(
            Tournament(
                SourceRef(DATASET, file, 0),
                f"euro-{year}",
                COMPETITION,
                year,
                f"UEFA Euro {year}",
                min(days),
                max(days),
            )
        )


def load(data_dir: Path) -> SourceData:
    """Load UEFA Euro 2020 and 2024 (51 matches each, their goals) from
    ``data_dir/openfootball-euro``. Raises :class:`footkg.errors.SourceFormatError` for a
    missing folder or file, or a file that is not JSON; a bad match is skipped with its reason.
    """
    root = data_dir / DATASET
    if not root.is_dir():
        raise SourceFormatError(f"{root}: dataset folder not found")
    data = SourceData(info=INFO)
    for year in YEARS:
        _year(data, data_dir, year)
    return data
