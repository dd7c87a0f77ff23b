"""Club football in the full build from ``../shared/data``: real answers read back from the graph
with the catalogue's SPARQL.

The oracle is football history (the first Football League, the Invincibles, the Centurions, the
Champions League and European Championship finals) and counts made directly from the source
files.
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from datetime import date, datetime
from pathlib import Path

import pytest

from footkg import resources
from footkg.ingest.resolve import TeamIndex
from footkg.query import catalogue as queries
from footkg.vocab import RES_NS, graph_iri

CLUB = RES_NS + "club/"
PREFIXES = """PREFIX fk: <https://w3id.org/footkg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
"""


@pytest.fixture(scope="module")
def catalogue() -> queries.Catalogue:
    return queries.load_catalogue(resources.queries_dir())


@pytest.fixture(scope="module")
def team_index(full_store) -> TeamIndex:
    return TeamIndex.from_store(full_store)


def ask(full_store, catalogue, team_index, name: str, **params: str) -> list[dict]:
    q = catalogue.get(name)
    bindings = queries.bind_params(q, params, resolve_team=team_index.lookup)
    return queries.run(full_store, q, bindings).records()


def select(full_store, query: str) -> list:
    return list(full_store.query(PREFIXES + query, use_default_graph_as_union=True))


def table(full_store, catalogue, team_index, competition: str, season: str) -> dict[str, dict]:
    rows = ask(
        full_store, catalogue, team_index, "league-table", competition=competition, season=season
    )
    return {r["teamLabel"]: r for r in rows}


# --- what the build loaded and skipped --------------------------------------------------------


def test_club_sources_loaded_and_skips_explained(full_build) -> None:
    by_key = {s.key: s for s in full_build.sources}
    english = by_key["engsoccerdata-england"]
    assert english.counts["matches"] == 194_040 and english.counts["seasons"] == 411
    assert english.skipped == []
    fjson = by_key["openfootball-football"]
    assert fjson.counts["matches"] + len(fjson.skipped) - 2 == 92_900  # 2: shoot-outs only
    assert fjson.counts["status: cancelled"] == 584
    assert fjson.counts["status: scheduled"] > 1000  # the rest of 2025-26
    assert fjson.skipped_by_reason == Counter(
        {"date-outside-season": 276, "duplicate-match": 252, "bad-shootout": 2, "unknown-team": 1}
    )
    assert by_key["openfootball-euro"].counts["matches"] == 102
    assert by_key["club-champions"].skipped == []


def test_clubs_and_national_teams_never_share_an_iri(full_store) -> None:
    (row,) = select(
        full_store,
        """SELECT (COUNT(*) AS ?n) WHERE {
        ?t a fk:Club , fk:NationalTeam }""",
    )
    assert int(row["n"].value) == 0
    (row,) = select(full_store, "SELECT (COUNT(DISTINCT ?c) AS ?n) WHERE { ?c a fk:Club }")
    assert int(row["n"].value) > 1000


def test_the_same_english_match_in_both_club_sources_is_one_match(full_store) -> None:
    rows = select(
        full_store,
        f"""SELECT (COUNT(DISTINCT ?m) AS ?n) WHERE {{
        ?m fk:edition <{RES_NS}season/premier-league-2012-13> }}""",
    )
    assert int(rows[0]["n"].value) == 380
    # football.json adds the matchday to engsoccerdata's matches, in its own graph
    rows = select(
        full_store,
        f"""SELECT (COUNT(DISTINCT ?m) AS ?n) WHERE {{
        ?m fk:edition <{RES_NS}season/premier-league-2012-13> .
        GRAPH <{graph_iri("openfootball-football")}> {{ ?m fk:matchday ?day }} }}""",
    )
    assert int(rows[0]["n"].value) == 380


def test_names_of_the_time_are_kept_on_matches(full_store) -> None:
    rows = select(
        full_store,
        f"""SELECT ?name WHERE {{
        ?m fk:homeTeam <{CLUB}england-manchester-united> ; fk:homeTeamName ?name ;
           fk:date ?d FILTER(YEAR(?d) = 1893) }}""",
    )
    assert {r["name"].value for r in rows} == {"Newton Heath"}
    rows = select(
        full_store,
        f"""SELECT ?label ?alt WHERE {{
        <{CLUB}england-manchester-united> rdfs:label ?label ;
            <http://www.w3.org/2004/02/skos/core#altLabel> ?alt }}""",
    )
    assert {r["label"].value for r in rows} == {"Manchester United"}
    assert {"Newton Heath", "Man Utd", "Manchester United FC"} <= {r["alt"].value for r in rows}


def test_matches_without_a_result_are_typed_never_counted(full_store) -> None:
    rows = select(
        full_store,
        """SELECT ?status (COUNT(?m) AS ?n) WHERE {
        ?m fk:status ?s . ?s rdfs:label ?status } GROUP BY ?status""",
    )
    counts = {r["status"].value: int(r["n"].value) for r in rows}
    assert counts["cancelled"] == 584 and counts["postponed"] == 23
    (row,) = select(
        full_store,
        """SELECT (COUNT(?m) AS ?n) WHERE {
        ?m fk:status ?s ; fk:homeScore ?h }""",
    )
    assert int(row["n"].value) == 0
    # the 2024-25 Champions League final has no score in its source: PSG from the official list
    (final,) = select(
        full_store,
        f"""SELECT ?status ?champion WHERE {{
        ?m fk:edition <{RES_NS}season/uefa-champions-league-2024-25> ;
           fk:stage fk:Final ; fk:status ?status .
        <{RES_NS}season/uefa-champions-league-2024-25> fk:champion ?champion }}""",
    )
    assert final["status"].value.endswith("#ResultUnknown")
    assert final["champion"].value == CLUB + "france-paris-saint-germain"


# --- league tables --------------------------------------------------------------------------


def test_preston_won_the_first_football_league_unbeaten(full_store, catalogue, team_index):
    rows = table(full_store, catalogue, team_index, "English top division", "1888-89")
    preston = rows["Preston North End"]
    assert (
        preston["position"],
        preston["played"],
        preston["wins"],
        preston["draws"],
        preston["losses"],
        preston["goalsFor"],
        preston["goalsAgainst"],
        preston["points"],
    ) == (1, 22, 18, 4, 0, 74, 15, 40)
    assert preston["champion"] is True and preston["complete"] is True
    assert len(rows) == 12


def test_arsenal_were_unbeaten_in_2003_04(full_store, catalogue, team_index) -> None:
    arsenal = table(full_store, catalogue, team_index, "Premier League", "2003-04")["Arsenal"]
    assert (
        arsenal["position"],
        arsenal["wins"],
        arsenal["draws"],
        arsenal["losses"],
        arsenal["points"],
    ) == (1, 26, 12, 0, 90)


def test_manchester_city_reached_100_points_in_2017_18(full_store, catalogue, team_index):
    """engsoccerdata has no 2017-18: the season comes from football.json alone."""
    rows = table(full_store, catalogue, team_index, "Premier League", "2017-18")
    city = rows["Manchester City"]
    assert (city["position"], city["points"], city["wins"], city["goalsFor"]) == (1, 100, 32, 106)
    (row,) = select(
        full_store,
        f"""SELECT (COUNT(DISTINCT ?m) AS ?n) WHERE {{
        GRAPH <{graph_iri("openfootball-football")}> {{
          ?m fk:edition <{RES_NS}season/premier-league-2017-18> }} }}""",
    )
    assert int(row["n"].value) == 380


def test_liverpool_68_points_under_two_points_a_win(full_store, catalogue, team_index):
    rows = table(full_store, catalogue, team_index, "English top division", "1978-79")
    liverpool = rows["Liverpool"]
    assert (liverpool["wins"], liverpool["draws"], liverpool["points"]) == (30, 8, 68)
    assert liverpool["goalAverage"] == pytest.approx(85 / 16)
    relegated = {label for label, r in rows.items() if r["relegated"]}
    assert relegated == {"Queens Park Rangers", "Birmingham City", "Chelsea"}


def test_regional_third_divisions(full_store, catalogue, team_index) -> None:
    rows = ask(
        full_store,
        catalogue,
        team_index,
        "league-table",
        competition="English third tier",
        season="1950-51",
    )
    seasons = Counter(r["seasonLabel"] for r in rows)
    assert set(seasons) == {
        "1950-51 Football League Third Division North",
        "1950-51 Football League Third Division South",
    }


# --- champions ------------------------------------------------------------------------------


def test_three_consecutive_top_division_titles(full_store, catalogue, team_index) -> None:
    rows = ask(
        full_store, catalogue, team_index, "repeat-champions", competition="English top division"
    )
    runs = {(r["teamLabel"], r["editions"]) for r in rows if r["titles"] >= 3}
    assert {
        ("Huddersfield Town", "1923-24, 1924-25, 1925-26"),
        ("Arsenal", "1932-33, 1933-34, 1934-35"),
        ("Liverpool", "1981-82, 1982-83, 1983-84"),
        ("Manchester United", "1998-99, 1999-00, 2000-01"),
        ("Manchester United", "2006-07, 2007-08, 2008-09"),
    } <= runs
    city = [r for r in rows if r["teamLabel"] == "Manchester City" and r["titles"] == 4]
    assert [r["editions"] for r in city] == ["2020-21, 2021-22, 2022-23, 2023-24"]


def test_english_champions_agree_with_the_official_list(full_build) -> None:
    def top_division(label: str) -> bool:
        season, league = label.split(" ", 1)  # "1978-79 Football League First Division"
        # (the Russian Premier League's seasons end in "Premier League" too)
        return league == "Premier League" or (
            league == "Football League First Division" and int(season[:4]) <= 1991
        )

    top = [c for c in full_build.champion_checks if top_division(c.label)]
    assert len(top) == 126
    differences = [c for c in top if c.outcome != "agrees"]
    assert differences == [], differences


def test_league_champions_titles(full_store, catalogue, team_index) -> None:
    rows = ask(
        full_store,
        catalogue,
        team_index,
        "league-champions",
        competition="English top division",
        until="2025-06-30",
    )
    titles = {r["teamLabel"]: r["titles"] for r in rows}
    assert titles["Liverpool"] == 20 and titles["Manchester United"] == 20
    assert titles["Arsenal"] == 13 and titles["Everton"] == 9
    before = ask(
        full_store,
        catalogue,
        team_index,
        "league-champions",
        competition="Premier League",
        until="2019-06-30",
    )
    pl = {r["teamLabel"]: r["titles"] for r in before}
    assert pl == {
        "Manchester United": 13,
        "Chelsea": 5,
        "Manchester City": 4,
        "Arsenal": 3,
        "Blackburn Rovers": 1,
        "Leicester City": 1,
    }


def test_the_2019_20_eredivisie_has_no_champion(full_store, catalogue, team_index) -> None:
    rows = table(full_store, catalogue, team_index, "Eredivisie", "2019-20")
    assert rows and not any(r["champion"] for r in rows.values())
    assert not any(r["complete"] for r in rows.values())
    champions = ask(full_store, catalogue, team_index, "league-champions", competition="Eredivisie")
    assert not any("2019-20" in r["seasons"] for r in champions)
    ajax = next(r for r in champions if r["teamLabel"] == "Ajax")
    assert "2018-19" in ajax["seasons"] and "2020-21" in ajax["seasons"]


def test_champions_league_and_euro_champions(full_store, catalogue, team_index) -> None:
    cl = ask(full_store, catalogue, team_index, "champions", competition="UEFA Champions League")
    titles = {r["teamLabel"]: (r["titles"], r["years"]) for r in cl}
    assert titles["Real Madrid"] == (4, "2013-14, 2015-16, 2016-17, 2017-18")
    assert titles["Chelsea"] == (1, "2011-12")
    euro = ask(
        full_store, catalogue, team_index, "champions", competition="UEFA European Championship"
    )
    assert {r["teamLabel"]: r["years"] for r in euro} == {"Italy": "2020", "Spain": "2024"}


def test_chelsea_won_the_2012_final_on_a_shootout(full_store, catalogue, team_index) -> None:
    rows = ask(
        full_store,
        catalogue,
        team_index,
        "head-to-head-matches",
        team_a="Chelsea",
        team_b="Bayern Munich",
        stage="final",
    )
    (final,) = rows
    assert (
        str(final["date"]),
        final["homeScore"],
        final["awayScore"],
        final["extraTime"],
        final["homePenalties"],
        final["awayPenalties"],
        final["shootoutWinnerName"],
    ) == ("2012-05-19", 1, 1, True, 3, 4, "Chelsea")


def test_euro_finals(full_store, catalogue, team_index) -> None:
    (italy,) = ask(
        full_store,
        catalogue,
        team_index,
        "head-to-head-matches",
        team_a="Italy",
        team_b="England",
        competition="UEFA European Championship",
        stage="final",
    )
    assert (str(italy["date"]), italy["result"], italy["shootoutWinnerName"]) == (
        "2021-07-11",
        "D",
        "Italy",
    )
    assert {italy["homePenalties"], italy["awayPenalties"]} == {3, 2}  # from openfootball
    (spain,) = ask(
        full_store,
        catalogue,
        team_index,
        "head-to-head-matches",
        team_a="Spain",
        team_b="England",
        competition="UEFA Euro",
        stage="final",
    )
    assert (str(spain["date"]), spain["result"]) == ("2024-07-14", "W")
    assert (spain["homeScore"], spain["awayScore"]) == (2, 1)


# --- head to head, rivalries ----------------------------------------------------------------


def _merseyside_from_the_files(shared: Path, until: date | None) -> tuple[int, ...]:
    """Liverpool v Everton in the top division, counted from engsoccerdata's eng.1 files
    (and, without ``until``, from football.json's en.1 for the seasons they lack), Liverpool's
    side; with ``until``, the matches played on or before it."""
    w = d = losses = gf = ga = 0
    seasons = set()
    for path in sorted((shared / "engsoccerdata-england").glob("*/*/eng.1.csv")):
        seasons.add(path.parent.name)
        for row in csv.DictReader(path.open(encoding="utf-8")):
            pair = (row["Team 1"], row["Team 2"])
            if set(pair) != {"Liverpool", "Everton"}:
                continue
            if until and datetime.strptime(row["Date"], "%a %b %d %Y").date() > until:
                continue
            h, a = map(int, row["FT"].split("-"))
            lf, la = (h, a) if pair[0] == "Liverpool" else (a, h)
            w, d, losses, gf, ga = (
                w + (lf > la),
                d + (lf == la),
                losses + (lf < la),
                gf + lf,
                ga + la,
            )
    if until is None:
        for path in sorted((shared / "openfootball-football").glob("*/en.1.json")):
            if path.parent.name in seasons:
                continue
            for m in json.loads(path.read_text(encoding="utf-8"))["matches"]:
                names = (m["team1"].removesuffix(" FC"), m["team2"].removesuffix(" FC"))
                if set(names) != {"Liverpool", "Everton"} or "ft" not in m["score"]:
                    continue
                h, a = m["score"]["ft"]
                lf, la = (h, a) if names[0] == "Liverpool" else (a, h)
                w, d, losses = w + (lf > la), d + (lf == la), losses + (lf < la)
                gf, ga = gf + lf, ga + la
    return w + d + losses, w, d, losses, gf, ga


@pytest.mark.parametrize("until", [None, "2016-06-30"])
def test_merseyside_derby_equals_a_count_from_the_files(
    full_store, catalogue, team_index, shared_data: Path, until: str | None
) -> None:
    params = {"team_a": "Liverpool", "team_b": "Everton", "competition": "English top division"}
    if until:
        params["until"] = until
    (row,) = ask(full_store, catalogue, team_index, "head-to-head", **params)
    counted = (
        row["played"],
        row["wins"],
        row["draws"],
        row["losses"],
        row["goalsFor"],
        row["goalsAgainst"],
    )
    limit = date.fromisoformat(until) if until else None
    assert counted == _merseyside_from_the_files(shared_data, limit)
    assert row["played"] == (213 if until is None else 194)  # to the 2025-26 snapshot; to 2016


def test_club_rivalries_and_derbies(full_store, catalogue, team_index) -> None:
    national = ask(full_store, catalogue, team_index, "rivalries")
    assert all(not r["team1"].startswith(CLUB) for r in national)  # unchanged: national teams
    premier = ask(full_store, catalogue, team_index, "rivalries", competition="Premier League")
    assert len(premier) == 25 and all(r["team1"].startswith(CLUB) for r in premier)
    merseyside = ask(full_store, catalogue, team_index, "rivalries", city="Liverpool")
    assert {(r["team1Label"], r["team2Label"]) for r in merseyside} == {("Everton", "Liverpool")}
    derbies = ask(full_store, catalogue, team_index, "rivalries", derby="yes")
    pairs = {frozenset((r["team1Label"], r["team2Label"])) for r in derbies}
    assert frozenset(("Everton", "Liverpool")) in pairs
    assert frozenset(("Manchester City", "Manchester United")) in pairs


def test_team_parameters_resolve_club_aliases(team_index) -> None:
    assert team_index.lookup("Man Utd") == CLUB + "england-manchester-united"
    assert team_index.lookup("Spurs") == CLUB + "england-tottenham-hotspur"
    assert team_index.lookup("Inter") == CLUB + "italy-inter-milan"
    assert team_index.lookup("Bayern Munich") == CLUB + "germany-bayern-munich"
    assert team_index.lookup("Newton Heath") == CLUB + "england-manchester-united"
