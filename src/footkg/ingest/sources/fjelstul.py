"""The Fjelstul World Cup Database (CSV tables) → :mod:`footkg.model` records.

Reads ``<data_dir>/fjelstul-worldcup/data-csv/``: tournaments, host countries, teams, players,
stadiums, matches, goals, penalty kicks (shootouts), squads and manager appointments of the
men's World Cups 1930–2022 and the women's World Cups 1991–2019. Facts come from that dataset
only; names are kept as the tables write them (the team name used at the time, e.g.
``West Germany``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TypeVar
from urllib.parse import unquote

from footkg import vocab
from footkg.ingest.sources.common import (
    CsvRow,
    NaturalKey,
    RowError,
    check_minute,
    display_name,
    optional,
    parse_bool,
    parse_date,
    parse_int,
    parse_optional_date,
    parse_optional_int,
    parse_score,
    read_csv,
    required_text,
    skip,
)
from footkg.model import (
    DatasetInfo,
    Goal,
    ManagerAppointment,
    Match,
    Player,
    Shootout,
    ShootoutKick,
    SkippedRow,
    SourceData,
    SourceRef,
    SquadEntry,
    Stadium,
    Team,
    Tournament,
)

DATASET = "fjelstul-worldcup"

INFO = DatasetInfo(
    key=DATASET,
    title="The Fjelstul World Cup Database",
    url="https://github.com/jfjelstul/worldcup",
    version="35a8667f518b07469182ae16d35574dd0e7a00fb",
    license="https://creativecommons.org/licenses/by-sa/4.0/",
    attribution=(
        "© 2023 Joshua C. Fjelstul, Ph.D. The Fjelstul World Cup Database by Joshua C. "
        "Fjelstul, Ph.D. (https://www.github.com/jfjelstul/worldcup), licensed under CC BY-SA "
        "4.0 (https://creativecommons.org/licenses/by-sa/4.0/legalcode)."
    ),
    changes=(
        "footkg converted the CSV tables (tournaments, host countries, teams, players, stadiums, "
        "matches, goals, penalty kicks, squads, manager appointments) to RDF under the footkg "
        "ontology: stage names were normalised, placeholders such as 'not applicable' dropped, "
        "shoot-out kicks numbered within each match, replays linked to the drawn match they "
        "replayed, and teams resolved across sources; the derived graph is released under CC "
        "BY-SA 4.0."
    ),
)

#: Fjelstul stage names → keys of :data:`footkg.vocab.STAGES` (men and women spell some apart).
STAGE_NAMES: dict[str, str] = {
    "group stage": "group stage",
    "second group stage": "second group stage",
    "final round": "final round",
    "round of 16": "round of 16",
    "quarter-finals": "quarter-final",
    "quarter-final": "quarter-final",
    "semi-finals": "semi-final",
    "semi-final": "semi-final",
    "third-place match": "third-place play-off",
    "final": "final",
}

#: Fjelstul ``position_name`` → footkg position.
POSITIONS: dict[str, str] = {
    "goal keeper": "goalkeeper",
    "defender": "defender",
    "midfielder": "midfielder",
    "forward": "forward",
}

_GROUP = re.compile(r"^group\s+(\w+)$", re.IGNORECASE)

T = TypeVar("T")


def _csv_dir(data_dir: Path) -> Path:
    return data_dir / DATASET / "data-csv"


def _rows(
    data_dir: Path, name: str, columns: tuple[str, ...], skipped: list[SkippedRow]
) -> Iterator[CsvRow]:
    """The rows of ``data-csv/<name>.csv`` (see :func:`footkg.ingest.sources.common.read_csv`)."""
    return read_csv(
        _csv_dir(data_dir) / f"{name}.csv",
        dataset=DATASET,
        file=f"data-csv/{name}.csv",
        required=columns,
        skipped=skipped,
    )


def _records(
    rows: Iterator[CsvRow],
    file: str,
    build: Callable[[SourceRef, dict[str, str]], T],
    skipped: list[SkippedRow],
    key: tuple[str, ...] = (),
) -> list[T]:
    """Apply ``build`` to every row; rows raising :class:`RowError` go to ``skipped``, and so
    do rows repeating the natural ``key`` columns of a row already loaded (``"duplicate-key"``)."""
    out: list[T] = []
    keys = NaturalKey(key)
    for row in rows:
        ref = SourceRef(DATASET, file, row.line)
        try:
            record = build(ref, row.fields)
            if key:
                keys.claim_row(row)
            out.append(record)
        except RowError as error:
            skip(skipped, ref, error)
    return out


def competition_of(tournament_name: str) -> tuple[str, str]:
    """``(competition, gender)`` from a tournament name such as ``"2022 FIFA Men's World Cup"``.

    Raises ``RowError("bad-tournament")`` when the name says neither men's nor women's.
    """
    if "Women's" in tournament_name:
        return vocab.WOMENS_WORLD_CUP, "women"
    if "Men's" in tournament_name:
        return vocab.MENS_WORLD_CUP, "men"
    raise RowError("bad-tournament", f"tournament_name {tournament_name!r} is not a World Cup")


def normalise_stage(stage_name: str) -> str:
    """The :data:`footkg.vocab.STAGES` key of a Fjelstul ``stage_name``.

    Raises ``RowError("bad-stage")`` for an unknown stage.
    """
    try:
        return STAGE_NAMES[stage_name.strip().lower()]
    except KeyError:
        raise RowError("bad-stage", f"stage_name {stage_name!r} is not a known stage") from None


def normalise_group(group_name: str) -> str | None:
    """``"Group C"`` for ``"Group c"``/``"Group C"``, ``None`` for ``not applicable``."""
    value = optional(group_name)
    if value is None:
        return None
    match = _GROUP.match(value)
    return f"Group {match.group(1).upper()}" if match else value


def person_name(
    given: str, family: str, wikipedia: str | None = None
) -> tuple[str | None, str | None, str]:
    """``(given_name, family_name, display name)`` with placeholders removed.

    The display name is ``"given family"`` unless the player's English Wikipedia article
    (``wikipedia``, an address) writes the two parts family name first, as it does for Korean
    and Chinese players: Fjelstul's ``Pak`` / ``Seung-zin`` becomes ``"Pak Seung-zin"``, the way
    reports and other datasets write him. Only the order is taken from the title, never its
    wording. Raises ``RowError("missing-name")`` when both parts are placeholders.
    """
    given_name, family_name = optional(given), optional(family)
    name = display_name(given_name, family_name)
    if name is None:
        raise RowError("missing-name", "given_name and family_name are both empty")
    if given_name and family_name and family_first(given_name, family_name, wikipedia):
        name = f"{family_name} {given_name}"
    return given_name, family_name, name


def family_first(given: str, family: str, wikipedia: str | None) -> bool:
    """True when the Wikipedia article title of ``wikipedia`` (an ``/wiki/Title`` address,
    percent-encoded or not) is ``"family given"``, ignoring a ``(disambiguation)`` suffix."""
    if not wikipedia or "/wiki/" not in wikipedia:
        return False
    title = unquote(wikipedia.rsplit("/wiki/", 1)[1]).replace("_", " ")
    title = re.sub(r"\s*\([^)]*\)\s*$", "", title).strip()
    return title.casefold() == f"{family} {given}".casefold() != f"{given} {family}".casefold()


# --- tables -----------------------------------------------------------------------------------

_TOURNAMENT_COLS = (
    "tournament_id",
    "tournament_name",
    "year",
    "start_date",
    "end_date",
    "winner",
    "count_teams",
)
_HOST_COLS = ("tournament_id", "team_name")


def _hosts(data_dir: Path, skipped: list[SkippedRow]) -> dict[str, tuple[str, ...]]:
    hosts: dict[str, list[str]] = defaultdict(list)
    file = "data-csv/host_countries.csv"
    keys = NaturalKey(_HOST_COLS)
    for row in _rows(data_dir, "host_countries", _HOST_COLS, skipped):
        try:
            tournament = required_text(row.fields["tournament_id"], "tournament_id")
            team = required_text(row.fields["team_name"], "team_name")
            keys.claim_row(row)
            hosts[tournament].append(team)
        except RowError as error:
            skip(skipped, SourceRef(DATASET, file, row.line), error)
    return {key: tuple(names) for key, names in hosts.items()}


def _tournaments(data_dir: Path, skipped: list[SkippedRow]) -> list[Tournament]:
    hosts = _hosts(data_dir, skipped)

    def build(ref: SourceRef, f: dict[str, str]) -> Tournament:
        tournament_id = required_text(f["tournament_id"], "tournament_id")
        competition, _ = competition_of(f["tournament_name"])
        return Tournament(
            ref=ref,
            source_id=tournament_id,
            competition=competition,
            year=parse_int(f["year"], "year"),
            name=f["tournament_name"].strip(),
            start_date=parse_optional_date(f["start_date"], "start_date"),
            end_date=parse_optional_date(f["end_date"], "end_date"),
            hosts=hosts.get(tournament_id, ()),
            champion=optional(f["winner"]),
            number_of_teams=parse_optional_int(f["count_teams"], "count_teams"),
        )

    rows = _rows(data_dir, "tournaments", _TOURNAMENT_COLS, skipped)
    return _records(rows, "data-csv/tournaments.csv", build, skipped, ("tournament_id",))


_TEAM_COLS = (
    "team_id",
    "team_name",
    "team_code",
    "mens_team",
    "womens_team",
    "confederation_code",
    "mens_team_wikipedia_link",
    "womens_team_wikipedia_link",
)


def _teams(data_dir: Path, skipped: list[SkippedRow]) -> list[Team]:
    """One :class:`Team` per gender flag of each ``teams.csv`` row."""
    teams: list[Team] = []
    file = "data-csv/teams.csv"
    keys = NaturalKey(("team_id",))
    for row in _rows(data_dir, "teams", _TEAM_COLS, skipped):
        ref, f = SourceRef(DATASET, file, row.line), row.fields
        try:
            flags = (
                ("men", parse_bool(f["mens_team"], "mens_team"), "mens_team_wikipedia_link"),
                (
                    "women",
                    parse_bool(f["womens_team"], "womens_team"),
                    "womens_team_wikipedia_link",
                ),
            )
            name = required_text(f["team_name"], "team_name")
            source_id = required_text(f["team_id"], "team_id")
            keys.claim_row(row)
        except RowError as error:
            skip(skipped, ref, error)
            continue
        teams.extend(
            Team(
                ref=ref,
                source_id=source_id,
                name=name,
                gender=gender,
                code=optional(f["team_code"]),
                confederation=optional(f["confederation_code"]),
                wikipedia=optional(f[link]),
            )
            for gender, flag, link in flags
            if flag
        )
    return teams


_PLAYER_COLS = (
    "player_id",
    "family_name",
    "given_name",
    "birth_date",
    "female",
    "player_wikipedia_link",
)


def _players(data_dir: Path, skipped: list[SkippedRow]) -> list[Player]:
    def build(ref: SourceRef, f: dict[str, str]) -> Player:
        link = optional(f["player_wikipedia_link"])
        given, family, name = person_name(f["given_name"], f["family_name"], link)
        return Player(
            ref=ref,
            source_id=required_text(f["player_id"], "player_id"),
            name=name,
            given_name=given,
            family_name=family,
            birth_date=parse_optional_date(f["birth_date"], "birth_date"),
            gender="women" if parse_bool(f["female"], "female") else "men",
            wikipedia=link,
        )

    rows = _rows(data_dir, "players", _PLAYER_COLS, skipped)
    return _records(rows, "data-csv/players.csv", build, skipped, ("player_id",))


_STADIUM_COLS = (
    "stadium_id",
    "stadium_name",
    "city_name",
    "country_name",
    "stadium_capacity",
    "stadium_wikipedia_link",
)


def _stadiums(data_dir: Path, skipped: list[SkippedRow]) -> list[Stadium]:
    def build(ref: SourceRef, f: dict[str, str]) -> Stadium:
        return Stadium(
            ref=ref,
            source_id=required_text(f["stadium_id"], "stadium_id"),
            name=required_text(f["stadium_name"], "stadium_name"),
            city=optional(f["city_name"]),
            country=optional(f["country_name"]),
            capacity=parse_optional_int(f["stadium_capacity"], "stadium_capacity"),
            wikipedia=optional(f["stadium_wikipedia_link"]),
        )

    rows = _rows(data_dir, "stadiums", _STADIUM_COLS, skipped)
    return _records(rows, "data-csv/stadiums.csv", build, skipped, ("stadium_id",))


_KICK_COLS = (
    "key_id",
    "penalty_kick_id",
    "match_id",
    "team_name",
    "player_id",
    "family_name",
    "given_name",
    "converted",
)


def _person(f: dict[str, str], names: dict[str, str]) -> str | None:
    """The display name of the player of a goal or kick row: the player's own display name
    (``names``: player_id → name, from players.csv) when known, else ``"given family"``."""
    return names.get(f["player_id"]) or display_name(
        optional(f["given_name"]), optional(f["family_name"])
    )


def _kicks(
    data_dir: Path, skipped: list[SkippedRow], names: dict[str, str]
) -> list[ShootoutKick]:
    """Shoot-out kicks, numbered 1.. within each match in ``key_id`` order; ``names`` maps
    player ids to display names."""
    parsed: list[tuple[int, str, ShootoutKick]] = []
    file = "data-csv/penalty_kicks.csv"
    keys = NaturalKey(("penalty_kick_id",))
    for row in _rows(data_dir, "penalty_kicks", _KICK_COLS, skipped):
        ref, f = SourceRef(DATASET, file, row.line), row.fields
        try:
            order = parse_int(f["key_id"], "key_id")
            match_key = required_text(f["match_id"], "match_id")
            kick = ShootoutKick(
                ref=ref,
                match_key=match_key,
                team=required_text(f["team_name"], "team_name"),
                taker=_person(f, names),
                player_id=optional(f["player_id"]),
                converted=parse_bool(f["converted"], "converted"),
                number=0,
            )
            keys.claim_row(row)
        except RowError as error:
            skip(skipped, ref, error)
            continue
        parsed.append((order, match_key, kick))
    counts: dict[str, int] = defaultdict(int)
    kicks: list[ShootoutKick] = []
    for _, match_key, kick in sorted(parsed, key=lambda item: item[0]):
        counts[match_key] += 1
        kicks.append(replace(kick, number=counts[match_key]))
    return kicks


def _linked_kicks(
    kicks: list[ShootoutKick], match_keys: set[str], skipped: list[SkippedRow]
) -> list[ShootoutKick]:
    """The kicks whose match was loaded; the others are skipped as ``"no-match"``."""
    for kick in kicks:
        if kick.match_key not in match_keys:
            detail = f"match_id {kick.match_key!r} is not a loaded match"
            skipped.append(SkippedRow(kick.ref, "no-match", detail))
    return [kick for kick in kicks if kick.match_key in match_keys]


_MATCH_COLS = (
    "tournament_id",
    "tournament_name",
    "match_id",
    "stage_name",
    "group_name",
    "replayed",
    "replay",
    "match_date",
    "stadium_name",
    "city_name",
    "country_name",
    "home_team_name",
    "away_team_name",
    "home_team_score",
    "away_team_score",
    "extra_time",
    "penalty_shootout",
    "home_team_score_penalties",
    "away_team_score_penalties",
)


def _shootout(f: dict[str, str], first_shooter: str | None) -> Shootout | None:
    if not parse_bool(f["penalty_shootout"], "penalty_shootout"):
        return None
    home = parse_score(f["home_team_score_penalties"], "home_team_score_penalties")
    away = parse_score(f["away_team_score_penalties"], "away_team_score_penalties")
    if home == away:
        raise RowError("bad-shootout", f"shoot-out score {home}-{away} has no winner")
    winner = f["home_team_name"] if home > away else f["away_team_name"]
    return Shootout(home, away, winner.strip(), first_shooter)


def _matches(
    data_dir: Path, years: dict[str, int], kicks: list[ShootoutKick], skipped: list[SkippedRow]
) -> list[Match]:
    """Matches; ``years`` maps tournament IDs to years, ``kicks`` give the first shooter."""
    first_shooter: dict[str, str] = {}
    for kick in kicks:
        if kick.number == 1:
            first_shooter[kick.match_key] = kick.team

    def build(ref: SourceRef, f: dict[str, str]) -> Match:
        competition, gender = competition_of(f["tournament_name"])
        tournament_id = f["tournament_id"].strip()
        if tournament_id not in years:
            raise RowError("no-tournament", f"tournament_id {tournament_id!r} is not loaded")
        key = required_text(f["match_id"], "match_id")
        return Match(
            ref=ref,
            key=key,
            date=parse_date(f["match_date"], "match_date"),
            home=required_text(f["home_team_name"], "home_team_name"),
            away=required_text(f["away_team_name"], "away_team_name"),
            home_score=parse_score(f["home_team_score"], "home_team_score"),
            away_score=parse_score(f["away_team_score"], "away_team_score"),
            competition=competition,
            gender=gender,
            edition_year=years[tournament_id],
            stage=normalise_stage(f["stage_name"]),
            group=normalise_group(f["group_name"]),
            extra_time=parse_bool(f["extra_time"], "extra_time"),
            shootout=_shootout(f, first_shooter.get(key)),
            stadium=optional(f["stadium_name"]),
            city=optional(f["city_name"]),
            country=optional(f["country_name"]),
            replayed=parse_bool(f["replayed"], "replayed"),
            replay_of=f["tournament_id"] if parse_bool(f["replay"], "replay") else None,
        )

    rows = _rows(data_dir, "matches", _MATCH_COLS, skipped)
    matches = _records(rows, "data-csv/matches.csv", build, skipped, ("match_id",))
    return link_replays(matches)


def link_replays(matches: list[Match]) -> list[Match]:
    """Point each replay at the drawn first game it replayed.

    On input a replay's ``replay_of`` holds its tournament ID (a marker); on output it holds the
    ``key`` of the latest earlier match of the same tournament between the same two teams that
    has ``replayed=True``, or ``None`` when there is none.
    """
    drawn: dict[tuple[str, frozenset[str]], list[Match]] = defaultdict(list)
    tournament_of: dict[str, str] = {}
    for match in matches:
        tournament = f"{match.competition}|{match.edition_year}"
        tournament_of[match.key] = tournament
        if match.replayed:
            drawn[(tournament, frozenset((match.home, match.away)))].append(match)
    out: list[Match] = []
    for match in matches:
        if match.replay_of is not None:
            pair = (tournament_of[match.key], frozenset((match.home, match.away)))
            earlier = [m for m in drawn.get(pair, []) if m.date < match.date]
            first = max(earlier, key=lambda m: m.date) if earlier else None
            match = replace(match, replay_of=first.key if first else None)
        out.append(match)
    return out


_GOAL_COLS = (
    "goal_id",
    "match_id",
    "team_name",
    "player_id",
    "family_name",
    "given_name",
    "player_team_name",
    "minute_regulation",
    "minute_stoppage",
    "own_goal",
    "penalty",
)


def _goals(
    data_dir: Path, match_keys: set[str], skipped: list[SkippedRow], names: dict[str, str]
) -> list[Goal]:
    def build(ref: SourceRef, f: dict[str, str]) -> Goal:
        match_key = required_text(f["match_id"], "match_id")
        if match_key not in match_keys:
            raise RowError("no-match", f"match_id {match_key!r} is not a loaded match")
        minute = parse_int(f["minute_regulation"], "minute_regulation")
        stoppage = parse_optional_int(f["minute_stoppage"], "minute_stoppage")
        minute, stoppage = check_minute(minute, stoppage, f"{minute}+{stoppage}")
        return Goal(
            ref=ref,
            match_key=match_key,
            team=required_text(f["team_name"], "team_name"),
            scorer=_person(f, names),
            minute=minute,
            stoppage=stoppage,
            own_goal=parse_bool(f["own_goal"], "own_goal"),
            penalty=parse_bool(f["penalty"], "penalty"),
            scorer_team=optional(f["player_team_name"]),
            player_id=optional(f["player_id"]),
            source_id=optional(f["goal_id"]),
        )

    rows = _rows(data_dir, "goals", _GOAL_COLS, skipped)
    return _records(rows, "data-csv/goals.csv", build, skipped, ("goal_id",))


_SQUAD_COLS = (
    "tournament_id",
    "tournament_name",
    "team_name",
    "player_id",
    "shirt_number",
    "position_name",
)


def _squads(data_dir: Path, years: dict[str, int], skipped: list[SkippedRow]) -> list[SquadEntry]:
    def build(ref: SourceRef, f: dict[str, str]) -> SquadEntry:
        competition, _ = competition_of(f["tournament_name"])
        tournament_id = f["tournament_id"].strip()
        if tournament_id not in years:
            raise RowError("no-tournament", f"tournament_id {tournament_id!r} is not loaded")
        position = optional(f["position_name"])
        if position is not None and position.lower() not in POSITIONS:
            raise RowError("bad-position", f"position_name {position!r} is not a position")
        return SquadEntry(
            ref=ref,
            competition=competition,
            year=years[tournament_id],
            team=required_text(f["team_name"], "team_name"),
            player_id=required_text(f["player_id"], "player_id"),
            shirt_number=parse_optional_int(f["shirt_number"], "shirt_number") or None,
            position=POSITIONS[position.lower()] if position else None,
        )

    rows = _rows(data_dir, "squads", _SQUAD_COLS, skipped)
    key = ("tournament_id", "team_name", "player_id")
    return _records(rows, "data-csv/squads.csv", build, skipped, key)


_MANAGER_COLS = (
    "tournament_id",
    "tournament_name",
    "team_name",
    "manager_id",
    "family_name",
    "given_name",
    "country_name",
)


def _managers(
    data_dir: Path, years: dict[str, int], skipped: list[SkippedRow]
) -> list[ManagerAppointment]:
    """One :class:`ManagerAppointment` per row of ``manager_appointments.csv`` (637 rows in the
    snapshot: every team's manager or managers at every edition). Names keep the table's
    order, given name first (``"Vittorio Pozzo"``); a placeholder given name gives a one-name
    manager (``"Tite"``)."""

    def build(ref: SourceRef, f: dict[str, str]) -> ManagerAppointment:
        competition, _ = competition_of(f["tournament_name"])
        tournament_id = f["tournament_id"].strip()
        if tournament_id not in years:
            raise RowError("no-tournament", f"tournament_id {tournament_id!r} is not loaded")
        given, family, name = person_name(f["given_name"], f["family_name"])
        return ManagerAppointment(
            ref=ref,
            competition=competition,
            year=years[tournament_id],
            team=required_text(f["team_name"], "team_name"),
            manager_id=required_text(f["manager_id"], "manager_id"),
            name=name,
            given_name=given,
            family_name=family,
            country=optional(f["country_name"]),
        )

    rows = _rows(data_dir, "manager_appointments", _MANAGER_COLS, skipped)
    key = ("tournament_id", "team_name", "manager_id")
    return _records(rows, "data-csv/manager_appointments.csv", build, skipped, key)


def load(data_dir: Path) -> SourceData:
    """Load the Fjelstul World Cup Database from ``data_dir/fjelstul-worldcup/data-csv``.

    Returns a :class:`SourceData` with tournaments (30), teams (one per gender flag), players,
    stadiums, matches (1,248), goals, shoot-out kicks, squads and manager appointments (637);
    bad rows are in ``skipped``.
    Raises :class:`footkg.model.SourceFormatError` when a table is missing or lacks a column.
    """
    data = SourceData(info=INFO)
    skipped = data.skipped
    data.tournaments = _tournaments(data_dir, skipped)
    years = {t.source_id: t.year for t in data.tournaments if t.source_id}
    data.teams = _teams(data_dir, skipped)
    data.players = _players(data_dir, skipped)
    data.stadiums = _stadiums(data_dir, skipped)
    names = {p.source_id: p.name for p in data.players if p.source_id}
    data.kicks = _kicks(data_dir, skipped, names)
    data.matches = _matches(data_dir, years, data.kicks, skipped)
    match_keys = {m.key for m in data.matches}
    data.kicks = _linked_kicks(data.kicks, match_keys, skipped)
    data.goals = _goals(data_dir, match_keys, skipped, names)
    data.squads = _squads(data_dir, years, skipped)
    data.managers = _managers(data_dir, years, skipped)
    return data
