"""openfootball World Cup JSON (1930–2026) → :mod:`footkg.model` records.

Reads ``<data_dir>/openfootball-worldcup/``: every ``<year>/worldcup.json`` (men's World Cups;
not the club or qualification files), the 2026 side files ``worldcup.teams.json``,
``worldcup.squads.json`` and ``worldcup.stadiums.json``, and the ``stadiums-csv/*/
cup_stadiums.csv`` tables (the 2026 one carries Wikidata QIDs).

Match keys are ``"<year>-<n>"`` with ``n`` the match's 1-based position in the file, zero-padded
to three digits; for 2026 ``n`` is the official match number ``num`` where the file has one
(knockouts 73–104; the file lists all 104 in number order, so both agree). JSON items are
referenced by their 1-based index in the file (matches, teams, squad players in file order).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from footkg import vocab
from footkg.errors import SourceFormatError
from footkg.ingest.sources.common import (
    GoalRows,
    NaturalKey,
    RowError,
    parse_date,
    parse_minute,
    read_json,
    require_file,
    skip,
)
from footkg.model import (
    DatasetInfo,
    Goal,
    Match,
    Player,
    Shootout,
    SkippedRow,
    SourceData,
    SourceRef,
    SquadEntry,
    Stadium,
    Team,
)

DATASET = "openfootball-worldcup"

INFO = DatasetInfo(
    key=DATASET,
    title="openfootball World Cup (worldcup.json)",
    url="https://github.com/openfootball/worldcup.json",
    version="aa2ac44b1d63444e96c2f6b559d012b4815f2a48",
    license="http://creativecommons.org/publicdomain/zero/1.0/",
    attribution=(
        "openfootball contributors; stadium tables from https://github.com/openfootball/worldcup "
        "at bd46a148289f9930da66c140d4d7d2325e95d387 (CC0 1.0)"
    ),
    changes=(
        "footkg converted the match, goal, team, squad and stadium files to RDF under the footkg "
        "ontology, normalised round names to stages, linked replays and resolved names."
    ),
)

FIRST_YEAR = 1930
LAST_YEAR = 2026

#: openfootball squad positions → footkg positions.
POSITIONS: dict[str, str] = {
    "GK": "goalkeeper",
    "DF": "defender",
    "MF": "midfielder",
    "FW": "forward",
}

#: 2026 host country codes (``cc``) → country names.
COUNTRIES: dict[str, str] = {"ca": "Canada", "us": "United States", "mx": "Mexico"}

#: Round names (lower case, spaces and hyphens removed) → :data:`footkg.vocab.STAGES` keys.
ROUNDS: dict[str, str] = {
    "roundof32": "round of 32",
    "roundof16": "round of 16",
    "preliminaryround": "round of 16",
    "quarterfinal": "quarter-final",
    "quarterfinals": "quarter-final",
    "semifinal": "semi-final",
    "semifinals": "semi-final",
    "thirdplacematch": "third-place play-off",
    "matchforthirdplace": "third-place play-off",
    "thirdplaceplayoff": "third-place play-off",
    "final": "final",
    "finalround": "final round",
}

_MATCHDAY = re.compile(r"^matchday \d+$", re.IGNORECASE)
_GROUP_PLAYOFF = re.compile(r"^(group \w+) play-?off$", re.IGNORECASE)
_REPLAYS = re.compile(r",\s*replays?$", re.IGNORECASE)
_LETTER_GROUP = re.compile(r"^group [a-z]$", re.IGNORECASE)
_NUMBER_GROUP = re.compile(r"^group \d+$", re.IGNORECASE)
_PAREN = re.compile(r"^(.*?)\s*\(([^)]*)\)$")


def stage_of(round_name: str, group: str | None, second_stage_letters: bool) -> tuple[str, bool]:
    """``(stage key, is_replay)`` for an openfootball ``round`` name.

    ``"Matchday N"`` is the group stage, or the second group stage for a lettered group when
    ``second_stage_letters`` (1974–1982: numbered groups first, lettered groups second);
    ``"Group N Play-off"`` is the group stage; ``"First round"`` is the group stage with a
    group and the round of 16 without (1938); ``"…, Replays"`` is a replay of that round.
    Raises ``RowError("bad-stage")`` for an unknown name.
    """
    name = round_name.strip()
    replay = bool(_REPLAYS.search(name))
    name = _REPLAYS.sub("", name)
    if _MATCHDAY.match(name):
        lettered = group is not None and bool(_LETTER_GROUP.match(group))
        return (
            "second group stage" if lettered and second_stage_letters else "group stage"
        ), replay
    if _GROUP_PLAYOFF.match(name):
        return "group stage", replay
    compact = re.sub(r"[\s-]+", "", name.lower())
    if compact == "firstround":
        return ("group stage" if group else "round of 16"), replay
    try:
        return ROUNDS[compact], replay
    except KeyError:
        raise RowError("bad-stage", f"round {round_name!r} is not a known stage") from None


def city_of(label: str) -> str:
    """The municipality of a city label: ``"Dallas (Arlington)"`` → ``"Arlington"``,
    ``"Moscow (1)"`` → ``"Moscow"``, ``"Atlanta"`` → ``"Atlanta"``."""
    match = _PAREN.match(label.strip())
    if match is None:
        return label.strip()
    outer, inner = match.group(1).strip(), match.group(2).strip()
    return outer if inner.isdigit() or not inner else inner


def _pair(score: dict[str, Any], part: str, where: str) -> tuple[int, int] | None:
    value = score.get(part)
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise RowError("bad-score", f"{where} score.{part} {value!r} is not two goal counts")
    return value[0], value[1]


def _scores(item: dict[str, Any], team1: str, team2: str) -> dict[str, Any]:
    """Match fields from ``score``: home/away score (et, else ft), extra_time, shootout."""
    score = item.get("score")
    if isinstance(score, list):
        score = {"ft": score}
    if not isinstance(score, dict):
        raise RowError("bad-score", f"score {score!r} is not an object")
    ft, et, p = (_pair(score, part, f"{team1} v {team2}") for part in ("ft", "et", "p"))
    final = et or ft
    if final is None:
        raise RowError("bad-score", f"{team1} v {team2} has no ft or et score")
    shootout = None
    if p is not None:
        if p[0] == p[1]:
            raise RowError("bad-score", f"shoot-out {p[0]}-{p[1]} has no winner")
        shootout = Shootout(p[0], p[1], team1 if p[0] > p[1] else team2)
    return {
        "home_score": final[0],
        "away_score": final[1],
        "extra_time": et is not None,
        "shootout": shootout,
    }


def _text(item: dict[str, Any], name: str) -> str:
    value = item.get(name)
    if not isinstance(value, str) or not value.strip():
        raise RowError("missing-value", f"{name} is missing or empty ({value!r})")
    return value.strip()


def _ground(ground: str | None, stadiums_by_city: dict[str, Stadium]) -> dict[str, Any]:
    """Stadium, city (and country) of a ``ground``: ``"Stadium, City"`` up to 2022, or a 2026
    city label resolved through ``stadiums_by_city``."""
    if not ground:
        return {}
    if ground in stadiums_by_city:
        stadium = stadiums_by_city[ground]
        return {"stadium": stadium.name, "city": stadium.city, "country": stadium.country}
    if ", " in ground:
        name, city = ground.rsplit(", ", 1)
        return {"stadium": name.strip(), "city": city.strip()}
    return {"city": ground.strip()}


def _goals(
    item: dict[str, Any],
    ref: SourceRef,
    key: str,
    teams: tuple[str, str],
    score: tuple[int | None, int | None],
    skipped: list[SkippedRow],
) -> list[Goal]:
    """Goals of ``goals1``/``goals2`` (listed under the team that benefited); an entry copied
    beyond the team's score is skipped (:class:`footkg.ingest.sources.common.GoalRows`)."""
    goals: list[Goal] = []
    seen = GoalRows()
    for side, (team, other) in enumerate((teams, teams[::-1]), start=1):
        entries = item.get(f"goals{side}") or []
        for number, entry in enumerate(entries, start=1):
            try:
                if not isinstance(entry, dict):
                    raise RowError("bad-goal", f"goals{side}[{number}] {entry!r} is not an object")
                own_goal = entry.get("owngoal") is True
                raw_minute = entry.get("minute")
                minute = parse_minute("" if raw_minute is None else str(raw_minute))
                natural = (key, team, entry.get("name"), minute, own_goal, entry.get("penalty"))
                seen.claim(natural, team, score[side - 1], f"goals{side}[{number}]")
                goals.append(
                    Goal(
                        ref=ref,
                        match_key=key,
                        team=team,
                        scorer=entry.get("name") or None,
                        minute=minute[0] if minute else None,
                        stoppage=minute[1] if minute else None,
                        own_goal=own_goal,
                        penalty=entry.get("penalty") is True,
                        scorer_team=other if own_goal else team,
                    )
                )
            except RowError as error:
                where = f"{key} goals{side}[{number}]: {error.detail}"
                skip(skipped, ref, RowError(error.reason, where))
    return goals


def _walkover_winner(item: dict[str, Any], matches: list[dict[str, Any]]) -> str:
    """The team of a cancelled match that played a later match of the same tournament."""
    team1, team2, day = item["team1"], item["team2"], item.get("date", "")
    later = {
        team
        for m in matches
        if isinstance(m, dict) and str(m.get("date", "")) > day
        for team in (m.get("team1"), m.get("team2"))
    }
    advanced = [team for team in (team1, team2) if team in later]
    if len(advanced) != 1:
        raise RowError("bad-walkover", f"cannot tell who advanced from {team1} v {team2}")
    return advanced[0]


def _year_matches(
    data_dir: Path, year: int, stadiums_by_city: dict[str, Stadium], data: SourceData
) -> tuple[list[Match], list[Goal]]:
    file = f"{year}/worldcup.json"
    doc = read_json(data_dir / DATASET / file)
    items = doc.get("matches") if isinstance(doc, dict) else None
    if not isinstance(items, list):
        raise SourceFormatError(f"{data_dir / DATASET / file}: no 'matches' list")
    groups = {m.get("group") for m in items if isinstance(m, dict) and m.get("group")}
    second_letters = any(_NUMBER_GROUP.match(g) for g in groups) and any(
        _LETTER_GROUP.match(g) for g in groups
    )
    matches: list[Match] = []
    goals: list[Goal] = []
    numbers = NaturalKey(("num",))
    fixtures = NaturalKey(("date", "team1", "team2"))
    for index, item in enumerate(items, start=1):
        ref = SourceRef(DATASET, file, index)
        try:
            if not isinstance(item, dict):
                raise RowError("bad-match", f"item {index} is not an object")
            match, replay = _match(ref, year, index, item, items, second_letters, stadiums_by_city)
            if match.match_number is not None:
                numbers.claim((match.match_number,), f"item {index}")
            fixtures.claim((match.date, match.home, match.away), f"item {index}")
        except RowError as error:
            skip(data.skipped, ref, error)
            continue
        matches.append(replace(match, replay_of="?") if replay else match)
        teams, score = (match.home, match.away), (match.home_score, match.away_score)
        goals.extend(_goals(item, ref, match.key, teams, score, data.skipped))
    return link_replays(matches), goals


def _match(
    ref: SourceRef,
    year: int,
    index: int,
    item: dict[str, Any],
    items: list[dict[str, Any]],
    second_letters: bool,
    stadiums_by_city: dict[str, Stadium],
) -> tuple[Match, bool]:
    """One match item → (:class:`Match`, whether it is a replay)."""
    team1, team2 = _text(item, "team1"), _text(item, "team2")
    group = item.get("group") or None
    stage, replay = stage_of(_text(item, "round"), group, second_letters)
    num = item.get("num")
    if num is not None and (not isinstance(num, int) or isinstance(num, bool) or num < 1):
        raise RowError("bad-int", f"num {num!r} is not a match number")
    key = f"{year}-{(num or index):03d}"
    if item.get("status") == "canceled":
        fields: dict[str, Any] = {
            "home_score": None,
            "away_score": None,
            "walkover_winner": _walkover_winner(item, items),
        }
    else:
        fields = _scores(item, team1, team2)
    fields.update(_ground(item.get("ground"), stadiums_by_city))
    match = Match(
        ref=ref,
        key=key,
        date=parse_date(_text(item, "date"), "date"),
        home=team1,
        away=team2,
        competition=vocab.MENS_WORLD_CUP,
        gender="men",
        edition_year=year,
        stage=stage,
        group=group,
        match_number=num,
        **fields,
    )
    return match, replay


def link_replays(matches: list[Match]) -> list[Match]:
    """Link replays (``replay_of`` set to any marker on input) to the latest earlier drawn
    match between the same teams, and mark that one ``replayed``; a replay with no such
    match gets ``replay_of=None``."""
    replayed: set[str] = set()
    out: list[Match] = []
    for match in matches:
        if match.replay_of is not None:
            pair = {match.home, match.away}
            drawn = [
                m
                for m in out
                if {m.home, m.away} == pair
                and m.date < match.date
                and m.home_score is not None
                and m.home_score == m.away_score
            ]
            first = drawn[-1] if drawn else None
            match = replace(match, replay_of=first.key if first else None)
            if first:
                replayed.add(first.key)
        out.append(match)
    return [replace(m, replayed=True) if m.key in replayed else m for m in out]


def tournament_years(data_dir: Path) -> list[int]:
    """The years ``FIRST_YEAR``..``LAST_YEAR`` that have a ``<year>/worldcup.json``.

    Raises :class:`SourceFormatError` when the dataset folder or every such file is missing.
    """
    root = data_dir / DATASET
    if not root.is_dir():
        raise SourceFormatError(f"{root}: dataset folder not found")
    years = [
        int(p.name)
        for p in root.iterdir()
        if p.name.isdigit()
        and FIRST_YEAR <= int(p.name) <= LAST_YEAR
        and (p / "worldcup.json").is_file()
    ]
    if not years:
        raise SourceFormatError(f"{root}: no <year>/worldcup.json files")
    return sorted(years)


def _stadium_csv_rows(path: Path) -> Iterator[tuple[int, list[str]]]:
    """Non-comment, non-blank lines of a ``cup_stadiums.csv`` as (line, stripped fields)."""
    text = require_file(path).read_text(encoding="utf-8-sig")
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            yield number, [value.strip() for value in line.split(",")]


def _stadiums_csv(path: Path, file: str, skipped: list[SkippedRow]) -> list[Stadium]:
    """Stadiums of one ``cup_stadiums.csv`` (``#`` comments, padded comma-separated values)."""
    rows = _stadium_csv_rows(path)
    first = next(rows, None)
    if first is None:
        raise SourceFormatError(f"{path}: no header row")
    header = first[1]
    missing = [c for c in ("city", "name", "capacity", "wikipedia") if c not in header]
    if missing:
        raise SourceFormatError(f"{path}: missing required column(s) {', '.join(missing)}")
    stadiums: list[Stadium] = []
    for line, values in rows:
        ref = SourceRef(DATASET, file, line)
        if len(values) != len(header):
            reason = "short-row" if len(values) < len(header) else "long-row"
            skip(skipped, ref, RowError(reason, f"{len(values)} fields, header has {len(header)}"))
            continue
        f = dict(zip(header, values, strict=True))
        try:
            capacity = int(f["capacity"]) if f["capacity"] else None
        except ValueError:
            skip(skipped, ref, RowError("bad-int", f"capacity {f['capacity']!r}"))
            continue
        if not f["name"]:
            skip(skipped, ref, RowError("missing-value", "name is empty"))
            continue
        stadiums.append(
            Stadium(
                ref=ref,
                source_id=f"{path.parent.name}/{f['name']}",
                name=f["name"],
                city=city_of(f["city"]) if f["city"] else None,
                country=COUNTRIES.get(f.get("cc", "").lower()),
                capacity=capacity,
                wikipedia=f"https://en.wikipedia.org/wiki/{f['wikipedia']}"
                if f["wikipedia"]
                else None,
                wikidata=f.get("wikidata") or None,
            )
        )
    return stadiums


def _stadiums_2026(data_dir: Path, skipped: list[SkippedRow]) -> dict[str, Stadium]:
    """2026 stadiums from ``2026/worldcup.stadiums.json``, by their city label."""
    file = "2026/worldcup.stadiums.json"
    path = data_dir / DATASET / file
    if not path.is_file():
        return {}
    doc = read_json(path)
    items = doc.get("stadiums") if isinstance(doc, dict) else None
    if not isinstance(items, list):
        raise SourceFormatError(f"{path}: no 'stadiums' list")
    by_city: dict[str, Stadium] = {}
    for index, item in enumerate(items, start=1):
        ref = SourceRef(DATASET, file, index)
        try:
            label, name = _text(item, "city"), _text(item, "name")
            capacity = item.get("capacity")
            by_city[label] = Stadium(
                ref=ref,
                source_id=f"2026/{name}",
                name=name,
                city=city_of(label),
                country=COUNTRIES.get(str(item.get("cc", "")).lower()),
                capacity=capacity if isinstance(capacity, int) else None,
            )
        except RowError as error:
            skip(skipped, ref, error)
    return by_city


def _all_stadiums(
    data_dir: Path, by_city_2026: dict[str, Stadium], skipped: list[SkippedRow]
) -> list[Stadium]:
    """Stadiums of the ``stadiums-csv`` tables, plus 2026 JSON stadiums missing from them
    (a 2026 JSON stadium found in the CSV is merged: the CSV adds Wikipedia and Wikidata)."""
    root = data_dir / DATASET / "stadiums-csv"
    stadiums: list[Stadium] = []
    if root.is_dir():
        for path in sorted(root.glob("*/cup_stadiums.csv")):
            file = f"stadiums-csv/{path.parent.name}/cup_stadiums.csv"
            stadiums.extend(_stadiums_csv(path, file, skipped))
    in_csv_2026 = {s.name for s in stadiums if s.ref.file.startswith("stadiums-csv/2026")}
    stadiums.extend(s for s in by_city_2026.values() if s.name not in in_csv_2026)
    return stadiums


def _teams_2026(data_dir: Path, skipped: list[SkippedRow]) -> list[Team]:
    file = "2026/worldcup.teams.json"
    path = data_dir / DATASET / file
    if not path.is_file():
        return []
    items = read_json(path)
    if not isinstance(items, list):
        raise SourceFormatError(f"{path}: not a list of teams")
    teams: list[Team] = []
    for index, item in enumerate(items, start=1):
        ref = SourceRef(DATASET, file, index)
        try:
            name = _text(item, "name")
            code = item.get("fifa_code") or None
            teams.append(
                Team(
                    ref=ref,
                    source_id=code or name,
                    name=name,
                    gender="men",
                    code=code,
                    confederation=item.get("confed") or None,
                )
            )
        except RowError as error:
            skip(skipped, ref, error)
    return teams


def _squads_2026(data: SourceData, data_dir: Path) -> None:
    """Players and squad entries from ``2026/worldcup.squads.json`` (players numbered in file
    order across all squads)."""
    file = "2026/worldcup.squads.json"
    path = data_dir / DATASET / file
    if not path.is_file():
        return
    squads = read_json(path)
    if not isinstance(squads, list):
        raise SourceFormatError(f"{path}: not a list of squads")
    index = 0
    for squad in squads:
        team = squad.get("name") if isinstance(squad, dict) else None
        for item in squad.get("players", []) if isinstance(squad, dict) else []:
            index += 1
            ref = SourceRef(DATASET, file, index)
            try:
                _squad_player(data, ref, team, item)
            except RowError as error:
                skip(data.skipped, ref, error)


def _squad_player(data: SourceData, ref: SourceRef, team: str | None, item: Any) -> None:
    if not team:
        raise RowError("missing-value", "squad has no team name")
    if not isinstance(item, dict):
        raise RowError("bad-player", f"player {item!r} is not an object")
    name = _text(item, "name")
    born = item.get("date_of_birth")
    position = item.get("pos")
    if position is not None and position not in POSITIONS:
        raise RowError("bad-position", f"pos {position!r} is not GK/DF/MF/FW")
    number = item.get("number")
    if number is not None and not isinstance(number, int):
        raise RowError("bad-int", f"number {number!r} is not a shirt number")
    source_id = f"2026/{team}/{name}"
    data.players.append(
        Player(
            ref=ref,
            source_id=source_id,
            name=name,
            birth_date=parse_date(born, "date_of_birth") if born else None,
            gender="men",
        )
    )
    data.squads.append(
        SquadEntry(
            ref=ref,
            competition=vocab.MENS_WORLD_CUP,
            year=2026,
            team=team,
            player_id=source_id,
            shirt_number=number or None,
            position=POSITIONS[position] if position else None,
        )
    )


def load(data_dir: Path) -> SourceData:
    """Load openfootball's men's World Cups 1930–2026 from ``data_dir/openfootball-worldcup``.

    Returns matches (965 up to 2022 incl. the 1938 walkover, 104 in 2026), goals (where the
    files list them), 2026 teams, players and squads, and stadiums (with Wikidata QIDs for
    2026). Raises :class:`footkg.model.SourceFormatError` for a missing folder or a file that
    is not JSON; bad items are skipped with a reason.
    """
    data = SourceData(info=INFO)
    by_city = _stadiums_2026(data_dir, data.skipped)
    for year in tournament_years(data_dir):
        matches, goals = _year_matches(data_dir, year, by_city if year == 2026 else {}, data)
        data.matches.extend(matches)
        data.goals.extend(goals)
    data.stadiums = _all_stadiums(data_dir, by_city, data.skipped)
    data.teams = _teams_2026(data_dir, data.skipped)
    _squads_2026(data, data_dir)
    return data
