"""openfootball football.json (club leagues 2010-11 → 2025-26, the Champions League, cups) →
:mod:`footkg.model` records.

Reads ``<data_dir>/openfootball-football/<season>/<code>.json`` (``2023-24/en.1.json``;
calendar-year seasons such as ``2025/br.1.json``). Each file is ``{"name", "matches": [...]}``;
a match has ``round`` (``"Matchday 1"``, ``"Finals, Final"``), ``date``, ``team1``, ``team2``,
``score`` (``ft``, optionally ``et`` after extra time and ``p``, the shoot-out), and
optionally ``stage`` (a phase: ``"Playoffs - Championship"``) and ``status``. What each code
means in each season, and its rules, come from ``data/club-competitions.csv``; a file whose code
and season are not there is skipped, named, with its reason.

Quirks read here (``../shared/data/SOURCES.md``):

* **No result.** ``status`` ``cancelled`` (the 2019-20 seasons curtailed by COVID-19),
  ``postponed`` and ``abandoned`` matches, and matches without an ``ft`` score, keep no score:
  their status is recorded (a match without a score and without a status is ``scheduled``
  when it is dated after the snapshot, else ``result unknown``: the 2024-25 Champions League
  final). ``awarded`` matches keep the awarded score and are marked awarded.
* **Club names** carry ``FC`` suffixes and, in the Champions League and Copa Libertadores, the
  country's code (``Paris Saint-Germain FC (FRA)``): the code becomes the country of the club's
  league system (Monaco's ``MCO`` is France's); :mod:`footkg.ingest.clubs` resolves the names.
* **Phases.** A league match counts in its season's table when its round is a plain matchday
  (``Matchday 12``, ``12. Round``, ``Regular, Matchday 12``) or a phase the table keeps
  (Scotland's split); the rest get a stage: ``championship round`` / ``relegation round``
  after a split, ``league phase`` for a season's sub-tournaments (Apertura, Clausura), and
  ``play-offs`` (promotion and relegation play-offs, European places, finals series). In cups,
  rounds map to stages (``Group A`` → group stage, ``Finals, Semifinals`` → semi-final).
* **Two legs.** In a knockout stage, the second meeting of the same two clubs in one phase is
  the second leg (``first_leg`` names the first); a shoot-out after a second leg follows a
  level aggregate, not a level match.
* **Copies.** A match already loaded from another file of the same season (the 2019-20
  ``ru.2.json`` is a copy of ``ru.1.json``) is skipped as ``duplicate-match``.
* **Dates outside the season** (the 2025-26 ``en.3.json`` dates its 2026 matches in 2025) are
  skipped as ``date-outside-season``; a fixture whose team is not known yet (``N.N.``) as
  ``unknown-team``.

Match keys are ``<season>/<code>:<n>`` with ``n`` the match's 1-based position in its file;
items are referenced by that position.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

from footkg.errors import SourceFormatError
from footkg.ingest.sources.common import RowError, parse_date, read_json, skip
from footkg.ingest.sources.leagues import (
    CompetitionRule,
    Competitions,
    read_competitions,
    season_window,
)
from footkg.model import DatasetInfo, Match, Shootout, SkippedRow, SourceData, SourceRef
from footkg.vocab import KNOCKOUT_STAGES

DATASET = "openfootball-football"

#: The day of the pinned snapshot (its commit): a match without a score dated after it is a
#: future fixture, one dated before it a match whose result the snapshot lacks.
SNAPSHOT = date(2026, 3, 13)

INFO = DatasetInfo(
    key=DATASET,
    title="openfootball football.json: club leagues and the Champions League",
    url="https://github.com/openfootball/football.json",
    version="25cfaf102954ebbcdc48f9c2984198b71d48610d",
    license="http://creativecommons.org/publicdomain/zero/1.0/",
    attribution="openfootball contributors, https://github.com/openfootball/football.json, CC0 1.0",
    changes=(
        "footkg converted the matches to RDF under the footkg ontology, named each competition "
        "and season, typed matches without a result by their status, linked two-legged ties, "
        "resolved the clubs' names and derived the league tables."
    ),
)

#: Country codes of the Champions League and Copa Libertadores files → the country whose league
#: system the club plays in (AS Monaco plays in France's).
LEAGUE_COUNTRIES: dict[str, str] = {
    "ARG": "Argentina", "AUT": "Austria", "AZE": "Azerbaijan", "BEL": "Belgium",
    "BLR": "Belarus", "BOL": "Bolivia", "BRA": "Brazil", "BUL": "Bulgaria", "CHI": "Chile",
    "COL": "Colombia", "CRO": "Croatia", "CYP": "Cyprus", "CZE": "Czech Republic",
    "DEN": "Denmark", "ECU": "Ecuador", "ENG": "England", "ESP": "Spain", "FRA": "France",
    "GER": "Germany", "GRE": "Greece", "ISR": "Israel", "ITA": "Italy", "KAZ": "Kazakhstan",
    "MCO": "France", "NED": "Netherlands", "PAR": "Paraguay", "PER": "Peru", "POL": "Poland",
    "POR": "Portugal", "ROU": "Romania", "RUS": "Russia", "SCO": "Scotland", "SRB": "Serbia",
    "SUI": "Switzerland", "SVK": "Slovakia", "SVN": "Slovenia", "SWE": "Sweden",
    "TUR": "Turkey", "UKR": "Ukraine", "URU": "Uruguay", "VEN": "Venezuela",
}  # fmt: skip

STATUSES = ("cancelled", "postponed", "abandoned", "awarded")
#: What a file writes for a team not known yet (a finals-series fixture before its round).
PLACEHOLDER_TEAMS = frozenset({"N.N.", "TBD"})

_CODE = re.compile(r"^(.*?)\s*\(([A-Z]{3})\)$")
_MATCHDAY = re.compile(r"^(?:(?P<phase>.+?), )?(?:Matchday (?P<n>\d+)|(?P<m>\d+)\. Round)$")
_SEASON_DIR = re.compile(r"^\d{4}(-\d{2})?$")
_GROUP = re.compile(r"^Group [A-Z]$")
_CUP_ROUND = re.compile(r"^Round (\d+)$")

#: Knockout round names (lower case, without spaces or hyphens) → stage keys.
KNOCKOUT_ROUNDS: dict[str, str] = {
    "roundof32": "round of 32",
    "roundof16": "round of 16",
    "quarterfinals": "quarter-final",
    "quarterfinal": "quarter-final",
    "semifinals": "semi-final",
    "semifinal": "semi-final",
    "final": "final",
}
#: Cup rounds numbered from the first (``Round 1`` of the DFB-Pokal is its first round).
NUMBERED_ROUNDS: dict[int, str] = {1: "first round", 2: "second round"}
#: Phases of a league season after a split (``stage`` field or round prefix) → stage keys.
SPLIT_PHASES: dict[str, str] = {
    "championship": "championship round",
    "playoffs - championship": "championship round",
    "playoff i": "championship round",
    "relegation": "relegation round",
    "playoffs - relegation": "relegation round",
}
#: Phases that are sub-tournaments of a season played as leagues (a table of their own).
SUB_TOURNAMENTS = ("apertura", "clausura", "1° semestre", "2° semestre")


def split_team(name: str, rule: CompetitionRule) -> tuple[str, str | None]:
    """``(club name, country of its league system)`` of a team as a file writes it:
    ``"Chelsea FC (ENG)"`` → ``("Chelsea FC", "England")``; a name without a code is a club of
    the competition's own country. Raises ``RowError("unknown-country")`` for a code not in
    :data:`LEAGUE_COUNTRIES`, and ``RowError("missing-country")`` for a club without a code in
    an international competition."""
    match = _CODE.match(name)
    if match is None:
        if rule.country is None:
            raise RowError("missing-country", f"{name!r} has no country code")
        return name, rule.country
    country = LEAGUE_COUNTRIES.get(match.group(2))
    if country is None:
        raise RowError("unknown-country", f"{name!r}: country code {match.group(2)} is unknown")
    return match.group(1), country


def league_round(
    round_name: str | None, phase: str | None, rule: CompetitionRule
) -> tuple[str | None, int | None]:
    """``(stage key, matchday)`` of a league match: no stage for a match of the season's table
    (a plain matchday, ``Regular``, or one of the row's ``table_phases``), else the stage of
    its phase (see the module docstring). ``phase`` is the item's ``stage`` field, or the text
    before ``", "`` in the round."""
    text = (round_name or "").strip()
    match = _MATCHDAY.match(text)
    prefix = match.group("phase") if match else (text.split(", ")[0] if ", " in text else None)
    phase = phase or prefix
    matchday = int(match.group("n") or match.group("m")) if match else None
    if match and (phase is None or phase == "Regular" or phase in rule.table_phases):
        return None, matchday
    key = (phase or "").lower()
    if match and key in SPLIT_PHASES:
        return SPLIT_PHASES[key], matchday
    if key in SPLIT_PHASES and "relegation" not in key:
        return SPLIT_PHASES[key], matchday
    if match and key in SUB_TOURNAMENTS:
        return "league phase", matchday
    return "play-offs", matchday


def cup_round(round_name: str | None) -> tuple[str, str | None, int | None]:
    """``(stage key, group, matchday)`` of a cup match (Champions League, Copa Libertadores,
    domestic cups). Raises ``RowError("bad-stage")`` for a round it does not know."""
    text = (round_name or "").strip()
    if _GROUP.match(text):
        return "group stage", text, None
    match = _MATCHDAY.match(text)
    if match:
        matchday = int(match.group("n") or match.group("m"))
        phase = (match.group("phase") or "").lower()
        if phase in ("group", ""):
            return "group stage", None, matchday
        if phase == "league":
            return "league phase", None, matchday
        if phase == "playoffs":
            return "play-offs", None, matchday
    last = text.split(", ")[-1]
    if text.startswith("Qualifying"):
        return "qualifying round", None, None
    numbered = _CUP_ROUND.match(last)
    if numbered and int(numbered.group(1)) in NUMBERED_ROUNDS:
        return NUMBERED_ROUNDS[int(numbered.group(1))], None, None
    compact = re.sub(r"[\s-]+", "", last.lower())
    if compact in KNOCKOUT_ROUNDS:
        return KNOCKOUT_ROUNDS[compact], None, None
    raise RowError("bad-stage", f"round {round_name!r} is not a known cup round")


def _pair(score: dict[str, Any], part: str) -> tuple[int, int] | None:
    value = score.get(part)
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise RowError("bad-score", f"score.{part} {value!r} is not two goal counts")
    return value[0], value[1]


def _result(item: dict[str, Any], day: date) -> dict[str, Any]:
    """Score fields of an item: home/away score (after extra time), extra time, the shoot-out
    score pair (checked later, with the legs), awarded, and the status of a match without a
    result."""
    status = item.get("status")
    if status is not None and status not in STATUSES:
        raise RowError("bad-status", f"status {status!r} is not one of {', '.join(STATUSES)}")
    score = item.get("score")
    if score is None:
        score = {}
    if not isinstance(score, dict):
        raise RowError("bad-score", f"score {score!r} is not an object")
    ft, et, p = (_pair(score, part) for part in ("ft", "et", "p"))
    final = et or ft
    if status in ("cancelled", "postponed", "abandoned") or final is None:
        if status == "awarded":
            raise RowError("bad-score", "an awarded match without a score")
        unplayed = status or ("scheduled" if day > SNAPSHOT else "result unknown")
        return {"home_score": None, "away_score": None, "status": unplayed}
    return {
        "home_score": final[0],
        "away_score": final[1],
        "extra_time": et is not None,
        "awarded": status == "awarded",
        "penalties": p,
    }


def _text(item: dict[str, Any], name: str) -> str:
    value = item.get(name)
    if not isinstance(value, str) or not value.strip():
        raise RowError("missing-value", f"{name} is missing or empty ({value!r})")
    return value.strip()


def _match(
    ref: SourceRef, key: str, item: dict[str, Any], rule: CompetitionRule, season: str
) -> tuple[Match, tuple[int, int] | None]:
    """One item → (:class:`Match`, its shoot-out score pair or ``None``)."""
    for side in ("team1", "team2"):
        if _text(item, side) in PLACEHOLDER_TEAMS:
            raise RowError("unknown-team", f"{side} is not known yet ({item[side]!r})")
    home, home_country = split_team(_text(item, "team1"), rule)
    away, away_country = split_team(_text(item, "team2"), rule)
    if (home, home_country) == (away, away_country):
        raise RowError("same-team", f"{home!r} is both home and away")
    day = parse_date(_text(item, "date"), "date")
    first, last = season_window(season)
    if not first <= day <= last:
        raise RowError("date-outside-season", f"{day.isoformat()} is outside season {season}")
    round_name = item.get("round") if isinstance(item.get("round"), str) else None
    phase = item.get("stage") if isinstance(item.get("stage"), str) else None
    group = None
    if rule.kind == "cup":
        stage, group, matchday = cup_round(round_name)
    else:
        stage, matchday = league_round(round_name, phase, rule)
    fields = _result(item, day)
    penalties = fields.pop("penalties", None)
    plain = matchday is not None and stage is None and round_name and "," not in round_name
    match = Match(
        ref=ref,
        key=key,
        date=day,
        home=home,
        away=away,
        competition=rule.competition,
        team_kind="club",
        home_country=home_country,
        away_country=away_country,
        season=season,
        stage=stage,
        group=group,
        matchday=matchday,
        round=None if plain else (round_name or phase),
        **fields,
    )
    return match, penalties


def link_legs(matches: list[Match]) -> list[Match]:
    """Mark second legs: in a knockout stage, the second meeting of the same two clubs in the
    same phase (the round's text before ``", "``) gets ``first_leg`` = the first's key."""
    first_of: dict[tuple[str, str, frozenset[str]], str] = {}
    out: list[Match] = []
    for match in matches:
        if match.stage in KNOCKOUT_STAGES:
            phase = (
                (match.round or "").split(", ")[0] if match.round and ", " in match.round else ""
            )
            tie = (match.stage or "", phase, frozenset((match.home, match.away)))
            if tie in first_of:
                match = replace(match, first_leg=first_of[tie])
            else:
                first_of[tie] = match.key
        out.append(match)
    return out


def aggregate(match: Match, first_leg: Match | None) -> tuple[int, int] | None:
    """The aggregate score of a second leg from its own home side's view (``None`` when
    either leg has no score, or there is no first leg)."""
    if first_leg is None or None in (match.home_score, match.away_score, first_leg.home_score):
        return None
    assert match.home_score is not None and match.away_score is not None
    assert first_leg.home_score is not None and first_leg.away_score is not None
    flipped = first_leg.home == match.away
    home = match.home_score + (first_leg.away_score if flipped else first_leg.home_score)
    away = match.away_score + (first_leg.home_score if flipped else first_leg.away_score)
    return home, away


def shootout_problem(
    match: Match, penalties: tuple[int, int], first_leg: Match | None
) -> str | None:
    """Why a shoot-out cannot have followed ``match`` (``None`` when it can: a winner, after
    a level match or a level aggregate of two legs)."""
    if penalties[0] == penalties[1]:
        return f"shoot-out {penalties[0]}-{penalties[1]} has no winner"
    if match.home_score == match.away_score:
        return None
    total = aggregate(match, first_leg)
    if total is not None and total[0] == total[1]:
        return None
    return (
        f"a shoot-out after {match.home_score}-{match.away_score}, neither a level match nor a "
        "level aggregate of two legs"
    )


def season_files(data_dir: Path) -> list[tuple[str, str, Path]]:
    """``(season, code, path)`` of every ``<season>/<code>.json``, by season then code. Raises
    :class:`SourceFormatError` when the folder is missing or holds no such file."""
    root = data_dir / DATASET
    if not root.is_dir():
        raise SourceFormatError(f"{root}: dataset folder not found")
    found = [
        (path.parent.name, path.stem, path)
        for path in root.glob("*/*.json")
        if _SEASON_DIR.match(path.parent.name)
    ]
    if not found:
        raise SourceFormatError(f"{root}: no <season>/<code>.json files")
    return sorted(found, key=lambda f: (f[0], f[1]))


def _read_file(
    data: SourceData,
    season: str,
    code: str,
    path: Path,
    competitions: Competitions,
    seen: dict[tuple[date, str, str], str],
) -> None:
    file = f"{season}/{code}.json"
    rule = competitions.rule(code, season)
    if rule is None:
        why = f"code {code!r} in season {season} is not in data/club-competitions.csv"
        data.skipped.append(SkippedRow(SourceRef(DATASET, file, 0), "unknown-competition", why))
        return
    doc = read_json(path)
    items = doc.get("matches") if isinstance(doc, dict) else None
    if not isinstance(items, list):
        raise SourceFormatError(f"{path}: no 'matches' list")
    parsed: list[Match] = []
    penalties_of: dict[str, tuple[int, int]] = {}
    for index, item in enumerate(items, start=1):
        ref = SourceRef(DATASET, file, index)
        try:
            if not isinstance(item, dict):
                raise RowError("bad-match", f"item {index} is not an object")
            match, penalties = _match(ref, f"{season}/{code}:{index}", item, rule, season)
            where = (match.date, match.home, match.away)
            if where in seen:
                day = match.date.isoformat()
                why = f"{match.home} v {match.away} on {day} is already loaded from {seen[where]}"
                raise RowError("duplicate-match", why)
        except RowError as error:
            skip(data.skipped, ref, error)
            continue
        seen[where] = file
        parsed.append(match)
        if penalties is not None:
            penalties_of[match.key] = penalties
    if not parsed:
        return
    data.seasons.append(rule.season(season, SourceRef(DATASET, file, 0)))
    matches = link_legs(parsed)
    by_key = {m.key: m for m in matches}
    for match in matches:
        penalties = penalties_of.get(match.key)
        if penalties is not None:
            first_leg = by_key.get(match.first_leg) if match.first_leg else None
            problem = shootout_problem(match, penalties, first_leg)
            if problem is None:
                winner = match.home if penalties[0] > penalties[1] else match.away
                match = replace(match, shootout=Shootout(penalties[0], penalties[1], winner))
            else:  # the match stays, without the shoot-out
                detail = f"{match.home} v {match.away}: {problem}; the match is kept without it"
                skip(data.skipped, match.ref, RowError("bad-shootout", detail))
        data.matches.append(match)


def load(data_dir: Path, competitions: Competitions | None = None) -> SourceData:
    """Load every club match of ``data_dir/openfootball-football`` (92,900 items in the pinned
    snapshot), with one :class:`footkg.model.Season` per file. ``competitions`` defaults to
    ``data/club-competitions.csv``.

    Raises :class:`footkg.errors.SourceFormatError` for a missing folder, or a file that is not
    JSON or has no ``matches`` list; a bad item (see the module docstring) is skipped with its
    reason, the rest of the file still loads.
    """
    competitions = competitions or read_competitions()
    data = SourceData(info=INFO)
    seen: dict[tuple[date, str, str], str] = {}
    for season, code, path in season_files(data_dir):
        _read_file(data, season, code, path, competitions, seen)
    return data


def teams_by_season(data: SourceData) -> dict[tuple[str, str], set[str]]:
    """The clubs of each (competition, season) as written (for tests and summaries)."""
    out: dict[tuple[str, str], set[str]] = defaultdict(set)
    for match in data.matches:
        out[(match.competition, match.season or "")] |= {match.home, match.away}
    return out
