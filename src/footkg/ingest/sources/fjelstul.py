"""The Fjelstul World Cup Database (CSV tables) → :mod:`footkg.model` records.

Reads ``<data_dir>/fjelstul-worldcup/data-csv/``: tournaments, tournament stages, host
countries, confederations, teams, qualified teams, players, stadiums, matches, team appearances,
goals, penalty kicks (shootouts), squads, player appearances (line-ups), substitutions,
bookings, managers (appointments and appearances), referees (the officials, their
appointments and appearances), awards and award winners, group standings and tournament
standings of the men's World Cups 1930–2022 and the women's World Cups 1991–2019. Facts come
from that dataset only; names are kept as the tables write them (the team name used at the
time, e.g. ``West Germany``). Line-ups, substitutions and bookings exist from 1970 (the
women's 1999 edition has none).
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
    Appearance,
    Award,
    AwardWinner,
    Booking,
    Confederation,
    DatasetInfo,
    Goal,
    GroupStanding,
    ManagerAppearance,
    ManagerAppointment,
    Match,
    Player,
    QualifiedTeam,
    Referee,
    RefereeAppearance,
    RefereeAppointment,
    Shootout,
    ShootoutKick,
    SkippedRow,
    SourceData,
    SourceRef,
    SquadEntry,
    Stadium,
    SubstitutionEvent,
    Team,
    TeamAppearance,
    Tournament,
    TournamentStage,
    TournamentStanding,
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
        "footkg converted the CSV tables (tournaments, tournament stages, host countries, "
        "confederations, teams, qualified teams, players, stadiums, matches, goals, penalty "
        "kicks, squads, player appearances, substitutions, bookings, manager appointments and "
        "appearances, referees with their appointments and appearances, awards and award "
        "winners, group and tournament standings; team appearances were checked against the "
        "matches) to RDF under the footkg ontology: stage names were normalised, placeholders "
        "such as 'not applicable' dropped, shoot-out kicks numbered within each match, replays "
        "linked to the drawn match they replayed, a team's substitutions at one minute grouped "
        "into one substitution, teams resolved across sources, and minutes played and group "
        "tables derived from the matches; the derived graph is released under CC BY-SA 4.0."
    ),
)

#: Fjelstul stage names → keys of :data:`footkg.vocab.STAGES` (men and women spell some apart).
STAGE_NAMES: dict[str, str] = {
    "group stage": "group stage",
    "first group stage": "group stage",
    "first round": "group stage",
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

#: Fjelstul ``position_name`` of a player appearance → footkg position (the source's own words,
#: with "goal keeper" written as the squads' "goalkeeper").
APPEARANCE_POSITIONS: frozenset[str] = frozenset(
    {
        "goalkeeper", "defender", "midfielder", "forward", "center back", "right back",
        "left back", "sweeper", "right wing back", "left wing back", "center midfielder",
        "defensive midfielder", "attacking midfielder", "right midfielder", "left midfielder",
        "right winger", "left winger", "center forward", "second striker", "right forward",
        "left forward",
    }
)  # fmt: skip

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


# --- line-ups, substitutions, bookings (1970 onwards) -----------------------------------------

_APPEARANCE_COLS = (
    "match_id", "team_name", "player_id", "shirt_number", "position_name", "starter",
    "substitute",
)  # fmt: skip


def _known_match(f: dict[str, str], match_keys: set[str]) -> str:
    """The row's ``match_id``; raises ``RowError("no-match")`` when that match was not loaded."""
    key = required_text(f["match_id"], "match_id")
    if key not in match_keys:
        raise RowError("no-match", f"match_id {key!r} is not a loaded match")
    return key


def _appearances(
    data_dir: Path, match_keys: set[str], skipped: list[SkippedRow]
) -> list[Appearance]:
    """Line-ups (``player_appearances.csv``): one row per player who started or came on."""

    def build(ref: SourceRef, f: dict[str, str]) -> Appearance:
        starter = parse_bool(f["starter"], "starter")
        if starter == parse_bool(f["substitute"], "substitute"):
            raise RowError("bad-role", "starter and substitute must be one 1 and one 0")
        position = optional(f["position_name"])
        if position is not None:
            position = POSITIONS.get(position.lower(), position.lower())
            if position not in APPEARANCE_POSITIONS:
                raise RowError("bad-position", f"position_name {position!r} is not a position")
        return Appearance(
            ref=ref,
            match_key=_known_match(f, match_keys),
            team=required_text(f["team_name"], "team_name"),
            player_id=required_text(f["player_id"], "player_id"),
            starter=starter,
            shirt_number=parse_optional_int(f["shirt_number"], "shirt_number") or None,
            position=position,
        )

    rows = _rows(data_dir, "player_appearances", _APPEARANCE_COLS, skipped)
    return _records(rows, "data-csv/player_appearances.csv", build, skipped)


_EVENT_COLS = ("match_id", "team_name", "player_id", "minute_regulation", "minute_stoppage",
               "match_period")  # fmt: skip


def period_key(match_period: str) -> str:
    """The :data:`footkg.vocab.PERIODS` key of a Fjelstul ``match_period`` (``"second half,
    stoppage time"`` → ``"second half"``). Raises ``RowError("bad-period")``."""
    key = match_period.strip().lower().removesuffix(", stoppage time")
    if key not in vocab.PERIODS:
        raise RowError("bad-period", f"match_period {match_period!r} is not a period of play")
    return key


def _event_time(f: dict[str, str]) -> tuple[int, int | None, str]:
    """``(minute, stoppage, period key)`` of a substitution or booking row."""
    minute = parse_int(f["minute_regulation"], "minute_regulation")
    stoppage = parse_optional_int(f["minute_stoppage"], "minute_stoppage")
    minute, stoppage = check_minute(minute, stoppage, f"{minute}+{stoppage}")
    return minute, stoppage, period_key(f["match_period"])


def _substitutions(
    data_dir: Path, match_keys: set[str], skipped: list[SkippedRow]
) -> list[SubstitutionEvent]:
    """``substitutions.csv``: one row per player going off or coming on."""

    def build(ref: SourceRef, f: dict[str, str]) -> SubstitutionEvent:
        off, on = parse_bool(f["going_off"], "going_off"), parse_bool(f["coming_on"], "coming_on")
        if off == on:
            raise RowError("bad-role", "going_off and coming_on must be one 1 and one 0")
        minute, stoppage, period = _event_time(f)
        return SubstitutionEvent(
            ref=ref,
            match_key=_known_match(f, match_keys),
            team=required_text(f["team_name"], "team_name"),
            player_id=required_text(f["player_id"], "player_id"),
            coming_on=on,
            minute=minute,
            stoppage=stoppage,
            period=period,
            source_id=optional(f["substitution_id"]),
        )

    columns = (*_EVENT_COLS, "substitution_id", "going_off", "coming_on")
    rows = _rows(data_dir, "substitutions", columns, skipped)
    return _records(rows, "data-csv/substitutions.csv", build, skipped)


def booking_cards(yellow: bool, red: bool, second_yellow: bool) -> tuple[str, ...]:
    """The :data:`footkg.vocab.CARDS` keys a ``bookings.csv`` row flags: a second yellow card
    (which is also a yellow card) is ``("second yellow",)``; a row flagging a yellow and a red
    card keeps both. Raises ``RowError("bad-card")`` for a row that flags no card."""
    cards = ("second yellow",) if second_yellow else ("yellow",) if yellow else ()
    cards += ("red",) if red else ()
    if not cards:
        raise RowError("bad-card", "the row flags no yellow, second yellow or red card")
    return cards


def _bookings(data_dir: Path, match_keys: set[str], skipped: list[SkippedRow]) -> list[Booking]:
    """``bookings.csv``: one row per card shown."""

    def build(ref: SourceRef, f: dict[str, str]) -> Booking:
        minute, stoppage, period = _event_time(f)
        cards = booking_cards(
            parse_bool(f["yellow_card"], "yellow_card"),
            parse_bool(f["red_card"], "red_card"),
            parse_bool(f["second_yellow_card"], "second_yellow_card"),
        )
        return Booking(
            ref=ref,
            match_key=_known_match(f, match_keys),
            team=required_text(f["team_name"], "team_name"),
            player_id=required_text(f["player_id"], "player_id"),
            cards=cards,
            sending_off=parse_bool(f["sending_off"], "sending_off"),
            minute=minute,
            stoppage=stoppage,
            period=period,
            source_id=optional(f["booking_id"]),
        )

    columns = (*_EVENT_COLS, "booking_id", "yellow_card", "red_card", "second_yellow_card",
               "sending_off")  # fmt: skip
    rows = _rows(data_dir, "bookings", columns, skipped)
    return _records(rows, "data-csv/bookings.csv", build, skipped)


# --- confederations, referees, managers in matches ----------------------------------------------


def _confederations(data_dir: Path, skipped: list[SkippedRow]) -> list[Confederation]:
    def build(ref: SourceRef, f: dict[str, str]) -> Confederation:
        return Confederation(
            ref=ref,
            source_id=required_text(f["confederation_id"], "confederation_id"),
            code=required_text(f["confederation_code"], "confederation_code"),
            name=required_text(f["confederation_name"], "confederation_name"),
            wikipedia=optional(f["confederation_wikipedia_link"]),
        )

    columns = ("confederation_id", "confederation_name", "confederation_code",
               "confederation_wikipedia_link")  # fmt: skip
    rows = _rows(data_dir, "confederations", columns, skipped)
    return _records(rows, "data-csv/confederations.csv", build, skipped)


def _referees(data_dir: Path, skipped: list[SkippedRow]) -> list[Referee]:
    def build(ref: SourceRef, f: dict[str, str]) -> Referee:
        link = optional(f["referee_wikipedia_link"])
        given, family, name = person_name(f["given_name"], f["family_name"], link)
        return Referee(
            ref=ref,
            source_id=required_text(f["referee_id"], "referee_id"),
            name=name,
            given_name=given,
            family_name=family,
            gender="women" if parse_bool(f["female"], "female") else "men",
            country=optional(f["country_name"]),
            confederation=optional(f["confederation_code"]),
            wikipedia=link,
        )

    columns = ("referee_id", "family_name", "given_name", "female", "country_name",
               "confederation_code", "referee_wikipedia_link")  # fmt: skip
    rows = _rows(data_dir, "referees", columns, skipped)
    return _records(rows, "data-csv/referees.csv", build, skipped)


def _edition(f: dict[str, str], years: dict[str, int]) -> tuple[str, int]:
    """``(competition, year)`` of a row's ``tournament_id`` / ``tournament_name``; raises
    ``RowError("no-tournament")`` for a tournament that was not loaded."""
    competition, _ = competition_of(f["tournament_name"])
    tournament_id = f["tournament_id"].strip()
    if tournament_id not in years:
        raise RowError("no-tournament", f"tournament_id {tournament_id!r} is not loaded")
    return competition, years[tournament_id]


def _referee_appointments(
    data_dir: Path, years: dict[str, int], skipped: list[SkippedRow]
) -> list[RefereeAppointment]:
    def build(ref: SourceRef, f: dict[str, str]) -> RefereeAppointment:
        competition, year = _edition(f, years)
        return RefereeAppointment(ref, competition, year,
                                  required_text(f["referee_id"], "referee_id"))  # fmt: skip

    columns = ("tournament_id", "tournament_name", "referee_id")
    rows = _rows(data_dir, "referee_appointments", columns, skipped)
    return _records(rows, "data-csv/referee_appointments.csv", build, skipped)


def _referee_appearances(
    data_dir: Path, match_keys: set[str], skipped: list[SkippedRow]
) -> list[RefereeAppearance]:
    def build(ref: SourceRef, f: dict[str, str]) -> RefereeAppearance:
        return RefereeAppearance(ref, _known_match(f, match_keys),
                                 required_text(f["referee_id"], "referee_id"))  # fmt: skip

    rows = _rows(data_dir, "referee_appearances", ("match_id", "referee_id"), skipped)
    return _records(rows, "data-csv/referee_appearances.csv", build, skipped)


def _manager_appearances(
    data_dir: Path, match_keys: set[str], skipped: list[SkippedRow]
) -> list[ManagerAppearance]:
    def build(ref: SourceRef, f: dict[str, str]) -> ManagerAppearance:
        return ManagerAppearance(
            ref=ref,
            match_key=_known_match(f, match_keys),
            team=required_text(f["team_name"], "team_name"),
            manager_id=required_text(f["manager_id"], "manager_id"),
        )

    columns = ("match_id", "team_name", "manager_id")
    rows = _rows(data_dir, "manager_appearances", columns, skipped)
    return _records(rows, "data-csv/manager_appearances.csv", build, skipped)


# --- awards, standings, qualified teams, stages --------------------------------------------------


def _awards(data_dir: Path, skipped: list[SkippedRow]) -> list[Award]:
    def build(ref: SourceRef, f: dict[str, str]) -> Award:
        return Award(
            ref=ref,
            source_id=required_text(f["award_id"], "award_id"),
            name=required_text(f["award_name"], "award_name"),
            description=optional(f["award_description"]),
            year_introduced=parse_optional_int(f["year_introduced"], "year_introduced"),
        )

    columns = ("award_id", "award_name", "award_description", "year_introduced")
    rows = _rows(data_dir, "awards", columns, skipped)
    return _records(rows, "data-csv/awards.csv", build, skipped)


def _award_winners(
    data_dir: Path, years: dict[str, int], skipped: list[SkippedRow]
) -> list[AwardWinner]:
    def build(ref: SourceRef, f: dict[str, str]) -> AwardWinner:
        competition, year = _edition(f, years)
        return AwardWinner(
            ref=ref,
            competition=competition,
            year=year,
            award_id=required_text(f["award_id"], "award_id"),
            player_id=required_text(f["player_id"], "player_id"),
            team=required_text(f["team_name"], "team_name"),
            shared=parse_bool(f["shared"], "shared"),
        )

    columns = ("tournament_id", "tournament_name", "award_id", "shared", "player_id",
               "team_name")  # fmt: skip
    rows = _rows(data_dir, "award_winners", columns, skipped)
    return _records(rows, "data-csv/award_winners.csv", build, skipped)


_STANDING_COLS = (
    "tournament_id", "tournament_name", "stage_name", "group_name", "position", "team_name",
    "played", "wins", "draws", "losses", "goals_for", "goals_against", "goal_difference",
    "points", "advanced",
)  # fmt: skip


def _count(f: dict[str, str], field: str) -> int:
    """A count (matches, goals, points) of at least 0; ``RowError("bad-count")`` otherwise."""
    value = parse_int(f[field], field)
    if value < 0:
        raise RowError("bad-count", f"{field}: {f[field]!r} is negative")
    return value


def _group_standings(
    data_dir: Path, years: dict[str, int], skipped: list[SkippedRow]
) -> list[GroupStanding]:
    """``group_standings.csv``: each team's line of each group table, as stated."""

    def build(ref: SourceRef, f: dict[str, str]) -> GroupStanding:
        competition, year = _edition(f, years)
        counts = {c: _count(f, c) for c in ("played", "wins", "draws", "losses", "goals_for",
                                            "goals_against", "points")}  # fmt: skip
        if counts["wins"] + counts["draws"] + counts["losses"] != counts["played"]:
            raise RowError("bad-standing", "wins + draws + losses is not the matches played")
        if parse_int(f["goal_difference"], "goal_difference") != (
            counts["goals_for"] - counts["goals_against"]
        ):
            raise RowError("bad-standing", "goal_difference is not goals_for - goals_against")
        position = parse_int(f["position"], "position")
        if position < 1:
            raise RowError("bad-standing", f"position {position} is below 1")
        return GroupStanding(
            ref=ref,
            competition=competition,
            year=year,
            stage=normalise_stage(f["stage_name"]),
            group=normalise_group(f["group_name"]),
            position=position,
            team=required_text(f["team_name"], "team_name"),
            advanced=parse_bool(f["advanced"], "advanced"),
            **counts,
        )

    rows = _rows(data_dir, "group_standings", _STANDING_COLS, skipped)
    return _records(rows, "data-csv/group_standings.csv", build, skipped)


def _tournament_standings(
    data_dir: Path, years: dict[str, int], skipped: list[SkippedRow]
) -> list[TournamentStanding]:
    def build(ref: SourceRef, f: dict[str, str]) -> TournamentStanding:
        competition, year = _edition(f, years)
        position = parse_int(f["position"], "position")
        if position < 1:
            raise RowError("bad-standing", f"position {position} is below 1")
        return TournamentStanding(ref, competition, year, position,
                                  required_text(f["team_name"], "team_name"))  # fmt: skip

    columns = ("tournament_id", "tournament_name", "position", "team_name")
    rows = _rows(data_dir, "tournament_standings", columns, skipped)
    return _records(rows, "data-csv/tournament_standings.csv", build, skipped)


def _qualified_teams(
    data_dir: Path, years: dict[str, int], skipped: list[SkippedRow]
) -> list[QualifiedTeam]:
    def build(ref: SourceRef, f: dict[str, str]) -> QualifiedTeam:
        competition, year = _edition(f, years)
        performance = optional(f["performance"])
        return QualifiedTeam(
            ref=ref,
            competition=competition,
            year=year,
            team=required_text(f["team_name"], "team_name"),
            matches=_count(f, "count_matches"),
            stage_reached=normalise_stage(performance) if performance else None,
        )

    columns = ("tournament_id", "tournament_name", "team_name", "count_matches", "performance")
    rows = _rows(data_dir, "qualified_teams", columns, skipped)
    return _records(rows, "data-csv/qualified_teams.csv", build, skipped)


def _team_appearances(
    data_dir: Path, match_keys: set[str], skipped: list[SkippedRow]
) -> list[TeamAppearance]:
    def build(ref: SourceRef, f: dict[str, str]) -> TeamAppearance:
        return TeamAppearance(
            ref=ref,
            match_key=_known_match(f, match_keys),
            team=required_text(f["team_name"], "team_name"),
            opponent=required_text(f["opponent_name"], "opponent_name"),
            home=parse_bool(f["home_team"], "home_team"),
            goals_for=parse_score(f["goals_for"], "goals_for"),
            goals_against=parse_score(f["goals_against"], "goals_against"),
            penalties_for=parse_score(f["penalties_for"], "penalties_for"),
            penalties_against=parse_score(f["penalties_against"], "penalties_against"),
            date=parse_date(f["match_date"], "match_date"),
        )

    columns = ("match_id", "team_name", "opponent_name", "home_team", "goals_for",
               "goals_against", "penalties_for", "penalties_against", "match_date")  # fmt: skip
    rows = _rows(data_dir, "team_appearances", columns, skipped)
    return _records(rows, "data-csv/team_appearances.csv", build, skipped)


def _stages(
    data_dir: Path, years: dict[str, int], skipped: list[SkippedRow]
) -> list[TournamentStage]:
    """``tournament_stages.csv``: each stage of each edition, with its dates and counts."""

    def build(ref: SourceRef, f: dict[str, str]) -> TournamentStage:
        competition, year = _edition(f, years)
        return TournamentStage(
            ref=ref,
            competition=competition,
            year=year,
            number=parse_int(f["stage_number"], "stage_number"),
            stage=normalise_stage(f["stage_name"]),
            start_date=parse_optional_date(f["start_date"], "start_date"),
            end_date=parse_optional_date(f["end_date"], "end_date"),
            teams=parse_optional_int(f["count_teams"], "count_teams"),
            matches=_count(f, "count_matches"),
            scheduled=parse_optional_int(f["count_scheduled"], "count_scheduled"),
            replays=_count(f, "count_replays"),
            playoffs=_count(f, "count_playoffs"),
            walkovers=_count(f, "count_walkovers"),
        )

    columns = ("tournament_id", "tournament_name", "stage_number", "stage_name", "start_date",
               "end_date", "count_matches", "count_teams", "count_scheduled", "count_replays",
               "count_playoffs", "count_walkovers")  # fmt: skip
    rows = _rows(data_dir, "tournament_stages", columns, skipped)
    return _records(rows, "data-csv/tournament_stages.csv", build, skipped)


def load(data_dir: Path) -> SourceData:
    """Load the Fjelstul World Cup Database from ``data_dir/fjelstul-worldcup/data-csv``.

    Returns a :class:`SourceData` with tournaments (30) and their stages (155), teams (one per
    gender flag), confederations (6), players, stadiums, matches (1,248) and team appearances
    (2,496), goals, shoot-out kicks, squads, line-ups (27,432 player appearances),
    substitutions (10,222 rows: one per player), bookings (3,178), manager appointments (637)
    and appearances (2,538), referees (493) with appointments (668) and appearances (1,248),
    awards (8) and their winners (200), group standings (626), tournament standings (120) and
    qualified teams (625); bad rows are in ``skipped``.
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
    data.team_appearances = _team_appearances(data_dir, match_keys, skipped)
    data.appearances = _appearances(data_dir, match_keys, skipped)
    data.substitutions = _substitutions(data_dir, match_keys, skipped)
    data.bookings = _bookings(data_dir, match_keys, skipped)
    data.confederations = _confederations(data_dir, skipped)
    data.referees = _referees(data_dir, skipped)
    data.referee_appointments = _referee_appointments(data_dir, years, skipped)
    data.referee_appearances = _referee_appearances(data_dir, match_keys, skipped)
    data.manager_appearances = _manager_appearances(data_dir, match_keys, skipped)
    data.awards = _awards(data_dir, skipped)
    data.award_winners = _award_winners(data_dir, years, skipped)
    data.group_standings = _group_standings(data_dir, years, skipped)
    data.tournament_standings = _tournament_standings(data_dir, years, skipped)
    data.qualified_teams = _qualified_teams(data_dir, years, skipped)
    data.stages = _stages(data_dir, years, skipped)
    return data
