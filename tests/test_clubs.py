"""Club football below the store: the club datasets' loaders, footkg's club and competition
tables, club resolution, league tables and champions (``footkg.ingest.tables``).

Loader tests read the real files of ``../shared/data``; the oracle is football history (the
1888-89 Football League table, the Premier League's seasons) and the datasets' own quirks
(``../shared/data/SOURCES.md``).
"""

from __future__ import annotations

import csv
from collections import Counter
from datetime import date
from pathlib import Path

import pytest

from footkg import vocab
from footkg.errors import SourceFormatError
from footkg.ingest.clubs import ClubNames, club_key, read_club_names, read_clubs
from footkg.ingest.integrate import Integrated, RClub, REdition, RMatch
from footkg.ingest.sources import engsoccerdata, euro, football_json, leagues, official
from footkg.ingest.sources.common import RowError
from footkg.ingest.tables import Standing, league_tables, order, previous_seasons, title_runs
from footkg.model import Match


@pytest.fixture(scope="module")
def competitions() -> leagues.Competitions:
    return leagues.read_competitions()


@pytest.fixture(scope="module")
def clubs() -> ClubNames:
    return ClubNames.from_tables()


@pytest.fixture(scope="module")
def english(shared_data: Path, competitions):
    return engsoccerdata.load(shared_data, competitions)


@pytest.fixture(scope="module")
def fjson(shared_data: Path, competitions):
    return football_json.load(shared_data, competitions)


# --- footkg's tables ------------------------------------------------------------------------


def test_season_names_and_windows() -> None:
    assert leagues.season_year("1978-79") == 1978
    assert leagues.season_year("1999-00") == 1999
    assert leagues.season_year("2019") == 2019
    with pytest.raises(ValueError):
        leagues.season_year("1978-80")
    assert leagues.season_window("2019-20") == (date(2019, 7, 1), date(2020, 8, 31))
    assert leagues.season_window("2020") == (date(2020, 1, 1), date(2021, 3, 31))


def test_divisions_and_tiers_change_over_time(competitions) -> None:
    first = competitions.rule("en.1", "1991-92")
    premier = competitions.rule("en.1", "1992-93")
    second_tier = competitions.rule("en.2", "1992-93")
    assert (first.competition, first.tier) == ("Football League First Division", 1)
    assert (premier.competition, premier.tier) == ("Premier League", 1)
    # the First Division kept its name one tier down from 1992-93 to 2003-04
    assert (second_tier.competition, second_tier.tier) == ("Football League First Division", 2)
    assert competitions.rule("en.2", "2004-05").competition == "EFL Championship"
    north = competitions.rule("en.3n", "1930-31")
    assert (north.competition, north.tier) == ("Football League Third Division North", 3)
    assert competitions.rule("en.3n", "1958-59") is None  # the regional divisions ended in 1958
    # the rules of the time: 2 points for a win and goal average until 1975-76
    assert (
        competitions.rule("en.1", "1975-76").win_points,
        competitions.rule("en.1", "1975-76").tiebreak,
    ) == (2, "goal average")
    assert competitions.rule("en.1", "1980-81").win_points == 2
    assert competitions.rule("en.1", "1981-82").win_points == 3
    assert competitions.aliases()["UEFA Euro"] == "UEFA European Championship"


def test_competitions_table_errors_name_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "c.csv"
    header = "code,first_season,last_season,competition,aliases,country,tier,tier_label,kind,"
    header += "win_points,tiebreak,champion_rule,table_phases,note\n"
    path.write_text(header + "xx.1,2010-11,,X League,,Xland,1,X top,league,3,coin toss,table,,\n")
    with pytest.raises(SourceFormatError, match=r"c\.csv:2: tiebreak 'coin toss'"):
        leagues.read_competitions(path)
    path.write_text(
        header + "xx.1,2010-11,,X,,Xland,1,X,league,3,wins,table,,\n"
        "xx.1,2012-13,,X,,Xland,1,X,league,3,wins,table,,\n"
    )
    with pytest.raises(SourceFormatError, match=r"c\.csv:3: seasons of xx\.1 overlap line 2"):
        leagues.read_competitions(path)


def test_club_tables_name_every_engsoccerdata_club(english) -> None:
    """Every club name of engsoccerdata is a club of data/clubs.csv or a name of one."""
    clubs = read_clubs()
    rules = read_club_names(clubs=clubs)
    known = {c.name for c in clubs} | {r.name for r in rules}
    written = {m.home for m in english.matches} | {m.away for m in english.matches}
    assert len(written) == 143
    assert written - known == set()


def test_club_names_table_errors(tmp_path: Path) -> None:
    clubs = read_clubs()
    path = tmp_path / "n.csv"
    path.write_text(
        "name,club,league_country,kind,start,end,source,note\n"
        "Newton Heath,Manchester Utd,England,former,1878-01-01,1902-04-25,,\n"
    )
    with pytest.raises(SourceFormatError, match=r"n\.csv:2: club 'Manchester Utd' is not in"):
        read_club_names(path, clubs)
    path.write_text(
        "name,club,league_country,kind,start,end,source,note\n"
        "X,Arsenal,England,former,1910-01-01,1900-01-01,,\n"
    )
    with pytest.raises(SourceFormatError, match=r"ends .* before it starts"):
        read_club_names(path, clubs)


# --- club resolution --------------------------------------------------------------------------


def test_name_keys() -> None:
    assert club_key("Manchester United FC") == club_key("Manchester United")
    assert club_key("Bologna FC 1909") == "bologna"
    assert club_key("Dagenham and Redbridge") == club_key("Dagenham & Redbridge")
    assert club_key("1. FC Köln") == "1-koln"
    assert club_key("AFC") == "afc"


@pytest.mark.parametrize(
    ("written", "country", "on", "source", "club"),
    [
        (
            "Manchester United",
            "England",
            date(1893, 9, 2),
            "engsoccerdata-england",
            "Manchester United",
        ),
        (
            "Manchester United FC",
            "England",
            date(2021, 8, 14),
            "openfootball-football",
            "Manchester United",
        ),
        ("Accrington Stanley", "England", date(1925, 1, 1), None, "Accrington Stanley (1891)"),
        ("Accrington Stanley", "England", date(2019, 1, 1), None, "Accrington Stanley"),
        ("Accrington", "England", date(2007, 1, 1), "engsoccerdata-england", "Accrington Stanley"),
        ("Accrington F.C.", "England", date(1888, 9, 8), None, "Accrington F.C."),
        ("Aldershot", "England", date(1950, 1, 1), "engsoccerdata-england", "Aldershot"),
        ("Aldershot", "England", date(2010, 1, 1), "engsoccerdata-england", "Aldershot Town"),
        ("AFC Wimbledon", "England", date(2015, 1, 1), None, "AFC Wimbledon"),
        ("Wimbledon", "England", date(1990, 1, 1), None, "Wimbledon"),
        ("AFC", "England", date(2025, 9, 1), "openfootball-football", "AFC Wimbledon"),
        ("Stevenage Borough", "England", date(2012, 1, 1), None, "Stevenage"),
        ("Club Atlético de Madrid", "Spain", date(2021, 1, 1), None, "Atlético Madrid"),
        ("Bor. Mönchengladbach", "Germany", date(2012, 1, 1), None, "Borussia Mönchengladbach"),
        ("FC Internazionale Milano", "Italy", date(2024, 1, 1), None, "Inter Milan"),
    ],
)
def test_club_names_resolve(clubs, written, country, on, source, club) -> None:
    assert clubs.resolve(written, country, on, source).key == club


def test_names_of_the_time(clubs) -> None:
    assert clubs.name_at("Manchester United", "England", date(1893, 9, 2)) == "Newton Heath"
    assert clubs.name_at("Manchester United", "England", date(1902, 9, 6)) is None
    assert clubs.name_at("Arsenal", "England", date(1910, 1, 1)) == "Woolwich Arsenal"
    assert clubs.name_at("Sheffield Wednesday", "England", date(1928, 9, 1)) == "The Wednesday"
    assert clubs.name_at("Birmingham City", "England", date(1930, 1, 1)) == "Birmingham"


def test_unknown_clubs_are_one_club_per_key(clubs) -> None:
    a = clubs.resolve("FK Orenburg", "Russia", date(2020, 1, 1))
    b = clubs.resolve("Orenburg", "Russia", date(2020, 1, 1))
    assert a.key == b.key == "orenburg" and a.record is None
    # a club and a national team never share an IRI; two countries' Arsenals never collide
    assert vocab.club_iri("Arsenal", "England") != vocab.team_iri("Arsenal")
    assert vocab.club_iri("Arsenal", "England") != vocab.club_iri("Arsenal", "Russia")


# --- loaders ---------------------------------------------------------------------------------


def test_engsoccerdata_loads_every_match(english) -> None:
    assert len(english.matches) == 194_040
    assert len(english.seasons) == 411
    assert english.skipped == []
    seasons = {(s.competition, s.name) for s in english.seasons}
    assert ("Football League Third Division North", "1921-22") in seasons
    assert ("Premier League", "2016-17") not in seasons  # the cache stops after 2015-16 ...
    assert ("Premier League", "2018-19") in seasons  # ... and has 2018-19
    first = english.matches[0]
    assert (first.date, first.home, first.home_score, first.away_score, first.away) == (
        date(1888, 9, 8),
        "Bolton Wanderers",
        3,
        6,
        "Derby County",
    )


def test_engsoccerdata_bad_rows_are_skipped_and_named(tmp_path: Path, competitions) -> None:
    folder = tmp_path / engsoccerdata.DATASET / "1800s" / "1888-89"
    folder.mkdir(parents=True)
    (folder / "eng.1.csv").write_text(
        "Date,Team 1,FT,Team 2\n"
        "Sat Sep 8 1888,Preston North End,5-2,Burnley\n"
        "Sun Sep 8 1888,Everton,2-1,Accrington F.C.\n"  # 8 September 1888 was a Saturday
        "Sat Sep 15 1888,Everton,2-x,Notts County\n"
        "Sat Sep 17 1988,Everton,2-1,Notts County\n",
        encoding="utf-8",
    )
    data = engsoccerdata.load(tmp_path, competitions)
    assert len(data.matches) == 1
    assert [(r.ref.line, r.reason) for r in data.skipped] == [
        (3, "bad-date"),
        (4, "bad-score"),
        (5, "date-outside-season"),
    ]
    assert "is a Saturday" in data.skipped[0].detail


def test_football_json_statuses_and_quirks(fjson) -> None:
    statuses = Counter(m.status for m in fjson.matches if m.status)
    assert statuses["cancelled"] == 584  # the 2019-20 seasons curtailed by COVID-19
    assert statuses["postponed"] == 23
    assert statuses["abandoned"] == 1
    # 52 awarded matches in the files, 4 of them in the 2019-20 copy of ru.1 (skipped below)
    assert sum(m.awarded for m in fjson.matches) == 48
    assert all(m.home_score is None for m in fjson.matches if m.status)
    reasons = Counter(r.reason for r in fjson.skipped)
    # the 2025-26 League One file dates its 2026 matches in 2025
    assert reasons["date-outside-season"] == 276
    # the 2019-20 ru.2.json repeats ru.1.json (240) and en.4 2025-26 lists round 24 twice
    assert reasons["duplicate-match"] == 252
    assert reasons["bad-shootout"] == 2  # the 2024-25 Champions League's 4-4 shoot-outs
    assert reasons["unknown-team"] == 1  # an A-League finals fixture of "N.N."
    assert set(reasons) == {
        "date-outside-season",
        "duplicate-match",
        "bad-shootout",
        "unknown-team",
    }
    final = next(
        m
        for m in fjson.matches
        if m.competition == "UEFA Champions League" and m.season == "2024-25" and m.stage == "final"
    )
    assert (final.home, final.away, final.status) == (
        "Paris Saint-Germain FC",
        "FC Internazionale Milano",
        "result unknown",
    )


def test_football_json_stages_legs_and_shootouts(fjson) -> None:
    cl = [m for m in fjson.matches if m.competition == "UEFA Champions League"]
    final = next(m for m in cl if m.season == "2011-12" and m.stage == "final")
    assert (final.home, final.away, final.home_score, final.away_score) == (
        "Bayern München",
        "Chelsea FC",
        1,
        1,
    )
    assert (final.shootout.home_score, final.shootout.away_score, final.shootout.winner) == (
        3,
        4,
        "Chelsea FC",
    )
    # APOEL beat Lyon 1-0 in the second leg and won the shoot-out after 1-1 on aggregate
    apoel = next(
        m for m in cl if m.season == "2011-12" and m.home == "APOEL Nikosia" and m.first_leg
    )
    assert apoel.stage == "round of 16" and apoel.shootout is not None
    assert (apoel.home_score, apoel.away_score, apoel.shootout.winner) == (1, 0, "APOEL Nikosia")
    assert {m.stage for m in cl} >= {
        "group stage",
        "round of 16",
        "quarter-final",
        "semi-final",
        "final",
        "league phase",
        "play-offs",
    }
    # Scotland's split keeps every point (no stage); Austria's championship round is a stage
    scot = [
        m
        for m in fjson.matches
        if m.competition == "Scottish Premiership" and m.season == "2024-25"
    ]
    assert {m.stage for m in scot} == {None}
    austria = [
        m for m in fjson.matches if m.competition == "Austrian Bundesliga" and m.season == "2019-20"
    ]
    assert Counter(m.stage for m in austria)["championship round"] == 30


def test_football_json_country_codes() -> None:
    rule = leagues.read_competitions().rule("uefa.cl", "2012-13")
    assert football_json.split_team("Chelsea FC (ENG)", rule) == ("Chelsea FC", "England")
    assert football_json.split_team("AS Monaco FC (MCO)", rule) == ("AS Monaco FC", "France")
    with pytest.raises(RowError, match="missing-country"):
        football_json.split_team("Chelsea FC", rule)


def test_euro_matches_and_extra_time(shared_data: Path) -> None:
    data = euro.load(shared_data)
    assert len(data.matches) == 102 and data.skipped == []
    finals = {m.edition_year: m for m in data.matches if m.stage == "final"}
    italy = finals[2020]
    assert (italy.date, italy.home, italy.away, italy.home_score, italy.away_score) == (
        date(2021, 7, 11),
        "Italy",
        "England",
        1,
        1,
    )
    assert (italy.shootout.home_score, italy.shootout.away_score, italy.shootout.winner) == (
        3,
        2,
        "Italy",
    )
    spain = finals[2024]
    assert (spain.home, spain.away, spain.home_score, spain.away_score, spain.extra_time) == (
        "Spain",
        "England",
        2,
        1,
        False,
    )
    # Spain 2-1 Germany (2024 quarter-final) went to extra time: the file has no et score
    qf = next(m for m in data.matches if {m.home, m.away} == {"Spain", "Germany"})
    assert qf.extra_time is True


def test_official_champions_table() -> None:
    data = official.load()
    assert data.skipped == []
    rows = {(r.competition, r.season): r for r in data.official_champions}
    assert rows[("Football League First Division", "1888-89")].champion == "Preston North End"
    assert rows[("Eredivisie", "2019-20")].champion is None
    assert "no champion" in rows[("Eredivisie", "2019-20")].note
    english = [
        r
        for r in data.official_champions
        if r.competition in ("Football League First Division", "Premier League")
    ]
    assert len(english) == 126  # 1888-89 → 2024-25 without the 11 seasons of the two wars
    assert all(r.source for r in data.official_champions)


# --- league tables --------------------------------------------------------------------------


def _season(iri: str, tiebreak: str, win_points: int = 3) -> REdition:
    return REdition(
        iri,
        iri,
        "c",
        2000,
        "g",
        season="2000-01",
        kind="league",
        win_points=win_points,
        tiebreak=tiebreak,
        champion_rule="table",
    )


def _match(n: int, season: str, home: str, away: str, hs: int | None, as_: int | None) -> RMatch:
    return RMatch(
        f"m{n}",
        "g",
        "s",
        date(2000, 8, 1),
        home,
        away,
        home,
        away,
        hs,
        as_,
        "c",
        "men",
        edition_iri=season,
        team_kind="club",
        status=None if hs is not None else "scheduled",
    )


def test_tables_count_each_match_once_with_the_rules_of_the_time() -> None:
    data = Integrated()
    data.editions["s"] = _season("s", "goal average", win_points=2)
    for club in "ABC":
        data.clubs[club] = RClub(club, club, "Xland", "country/xland")
    data.matches = {
        m.iri: m
        for m in (
            _match(1, "s", "A", "B", 2, 0),
            _match(2, "s", "B", "C", 1, 1),
            _match(3, "s", "C", "A", 0, 3),
            _match(4, "s", "A", "C", None, None),
        )
    }
    table = league_tables(data)["s"]
    a = table.standings[0]
    assert (a.club, a.played, a.wins, a.points, a.goals_for, a.goals_against) == (
        "A",
        2,
        2,
        4,
        5,
        0,
    )
    assert a.goal_average is None  # no goal conceded
    assert table.unplayed == 1 and not table.complete  # the scheduled match counts for nothing


def test_tiebreaks() -> None:
    def standing(club: str, points: int, gf: int, ga: int, wins: int = 0) -> Standing:
        return Standing("", "s", club, points=points, goals_for=gf, goals_against=ga, wins=wins)

    labels = {c: c for c in "XYZ"}
    # 1923-24: Huddersfield and Cardiff on 57 points, Huddersfield ahead on goal average
    h, c = standing("X", 57, 60, 33), standing("Y", 57, 61, 34)
    assert [s.club for s in order([c, h], "goal average", [], labels)] == ["X", "Y"]
    # the same two by goal difference: both +27, so Y's 61 goals scored decide
    assert [s.club for s in order([h, c], "goal difference", [], labels)] == ["Y", "X"]
    # head-to-head: Z beat X in their match, so Z is ahead though its goal difference is worse
    x, z = standing("X", 10, 20, 5), standing("Z", 10, 10, 8)
    won = RMatch("m", "g", "s", date(2000, 1, 1), "Z", "X", "Z", "X", 1, 0, "c", "men")
    assert [s.club for s in order([x, z], "head-to-head", [won], labels)] == ["Z", "X"]
    assert [s.club for s in order([x, z], "goal difference", [won], labels)] == ["X", "Z"]


def test_previous_seasons_follow_the_tier_and_skip_the_wars() -> None:
    data = Integrated()
    data.countries["country/england"] = "England"
    data.tiers["tier/england-1"] = ("English top division", "country/england", 1)
    for iri, comp, year in (
        ("fd-1991", "fd", 1991),
        ("pl-1992", "pl", 1992),
        ("fd-1938", "fd", 1938),
        ("fd-1946", "fd", 1946),
        ("pl-2015", "pl", 2015),
        ("pl-2018", "pl", 2018),
    ):
        data.editions[iri] = REdition(
            iri, iri, comp, year, "g", season=str(year), kind="league", tier_iri="tier/england-1"
        )
    previous = previous_seasons(data)
    assert previous["pl-1992"] == "fd-1991"  # the Premier League follows the First Division
    assert previous["fd-1946"] == "fd-1938"  # the league did not play during the war
    assert "pl-2018" not in previous  # 2016-17 and 2017-18 are missing: no link
    champion = {"fd-1991": "leeds", "pl-1992": "utd"}
    streak, start = title_runs(data.editions.values(), champion, previous)
    assert streak["pl-1992"] == 1 and start["pl-1992"] == "pl-1992"


def test_csv_of_the_sample_season_matches_engsoccerdata(shared_data: Path) -> None:
    """The offline sample's Premier League season is engsoccerdata's 2003-04 eng.1, row by row."""
    from footkg.ingest.sources import sample

    source = shared_data / engsoccerdata.DATASET / "2000s" / "2003-04" / "eng.1.csv"
    rows = list(csv.DictReader(source.open(encoding="utf-8")))
    club = [m for m in sample.load().matches if m.team_kind == "club"]
    assert len(club) == len(rows) == 380
    for match, row in zip(club, rows, strict=True):
        assert isinstance(match, Match)
        assert match.date == engsoccerdata.parse_date(row["Date"])
        assert (match.home, match.away) == (row["Team 1"], row["Team 2"])
        assert f"{match.home_score}-{match.away_score}" == row["FT"]
