"""The whole Fjelstul World Cup database in the built graph: line-ups, substitutions, cards,
referees, awards, standings, and the catalogue queries that answer what fans ask.

The oracle is World Cup history (FIFA's records, the tournaments' reports) and the dataset's
own row counts (``../shared/data/SOURCES.md``); every answer is read back from the full build
with SPARQL.
"""

from __future__ import annotations

import datetime as dt

import pytest

from footkg import resources
from footkg.errors import ParameterError
from footkg.ingest.resolve import TeamIndex
from footkg.query import catalogue as queries
from footkg.vocab import FK_NS, RES_NS, graph_iri

PREFIXES = f"PREFIX fk: <{FK_NS}>\nPREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n"


@pytest.fixture(scope="module")
def catalogue() -> queries.Catalogue:
    return queries.load_catalogue(resources.queries_dir())


@pytest.fixture(scope="module")
def team_index(full_store) -> TeamIndex:
    return TeamIndex.from_store(full_store)


@pytest.fixture(scope="module")
def ask(full_store, catalogue, team_index):
    def run(name: str, **params: str) -> list[dict]:
        q = catalogue.get(name)
        bindings = queries.bind_params(q, params, resolve_team=team_index.lookup)
        return queries.run(full_store, q, bindings).records()

    return run


def count(store, where: str) -> int:
    (row,) = store.query(
        PREFIXES + f"SELECT (COUNT(*) AS ?n) WHERE {{ {where} }}", use_default_graph_as_union=True
    )
    return int(row["n"].value)


# --- every table loaded, and what reaches the graph ------------------------------------------


def test_every_fjelstul_table_is_loaded_with_nothing_skipped(full_build) -> None:
    (fjelstul,) = [s for s in full_build.sources if s.key == "fjelstul-worldcup"]
    assert fjelstul.skipped == []
    expected = {  # the row counts of SOURCES.md section 1
        "appearances": 27_432,
        "substitutions": 10_222,
        "bookings": 3_178,
        "referees": 493,
        "referee_appointments": 668,
        "referee_appearances": 1_248,
        "awards": 8,
        "award_winners": 200,
        "group_standings": 626,
        "tournament_standings": 120,
        "qualified_teams": 625,
        "team_appearances": 2_496,
        "manager_appearances": 2_538,
        "stages": 155,
        "confederations": 6,
    }
    assert {k: fjelstul.counts[k] for k in expected} == expected


def test_the_rows_reach_the_graph(full_store) -> None:
    graph = graph_iri("fjelstul-worldcup")
    assert count(full_store, f"GRAPH <{graph}> {{ ?a a fk:Appearance }}") == 27_432
    assert count(full_store, f"GRAPH <{graph}> {{ ?b a fk:Booking }}") == 3_178
    # one substitution per team and minute: 10,222 rows of a player going off or coming on
    assert count(full_store, "?s fk:playerOn ?p") == 5_111
    assert count(full_store, "?s fk:playerOff ?p") == 5_111
    assert count(full_store, "?m a fk:Match ; fk:referee ?r") == 1_248
    assert count(full_store, "?r a fk:Referee") == 493
    assert count(full_store, "?w a fk:AwardWin") == 200
    assert count(full_store, "?s a fk:GroupStanding ; fk:advanced ?a") == 626
    assert count(full_store, "?c a fk:Confederation") == 6
    # minutes on the pitch for every appearance but the six the substitutions contradict
    assert count(full_store, "?a a fk:Appearance ; fk:minutesPlayed ?m") == 27_432 - 6


def test_the_graph_conforms_and_every_warning_is_a_real_disagreement(full_validation) -> None:
    report = full_validation
    assert report.counts()["Violation"] == 0, report.to_text(limit=5)
    by_shape: dict[str, list] = {}
    for result in report.results:
        by_shape.setdefault(result.source_shape.rsplit("#", 1)[-1], []).append(result)
    # the Fjelstul tables that disagree with each other (see docs/graph-model.md)
    assert {shape: len(rows) for shape, rows in by_shape.items()} == {
        "ScorerOnPitchShape": 2,
        "SubstitutionBalancedShape": 10,
        "SubstitutionInLineupShape": 12,
        "SubstituteCameOnShape": 3,
    }
    scorers = {r.value for r in by_shape["ScorerOnPitchShape"]}
    # Schnellinger's 90th-minute equaliser of the 1970 semi-final, 24 minutes after the data
    # has him substituted; Aboubakar's 90+2 winner against Brazil in 2022, after a sending-off
    # the data puts at 81
    assert scorers == {
        f"<{RES_NS}player/karl-heinz-schnellinger>",
        f"<{RES_NS}player/vincent-aboubakar>",
    }


# --- the questions of the issue -----------------------------------------------------------------


def test_gottfried_dienst_refereed_the_1966_final(ask) -> None:
    (row,) = ask("referees", edition="1966", stage="final")
    assert (row["refereeName"], row["refereeCountry"], row["confederation"]) == (
        "Gottfried Dienst",
        "Switzerland",
        "UEFA",
    )
    assert (row["homeTeamName"], row["awayTeamName"]) == ("England", "West Germany")


def test_messi_won_the_golden_ball_in_2014_and_2022(ask) -> None:
    rows = ask("awards", award="Golden Ball", player="Lionel Messi")
    assert [(r["year"], r["teamName"], r["shared"]) for r in rows] == [
        (2014, "Argentina", False),
        (2022, "Argentina", False),
    ]


def test_schillaci_won_the_golden_ball_and_the_golden_boot_in_1990(ask) -> None:
    rows = ask("awards", edition="1990", player="Salvatore Schillaci")
    assert {r["awardName"] for r in rows} == {"Golden Ball", "Golden Boot"}
    assert {r["teamName"] for r in rows} == {"Italy"}


def test_portugal_netherlands_2006_had_the_most_sendings_off(ask) -> None:
    top = ask("cards", by="match", card="sent off")
    assert (top[0]["matchName"], top[0]["year"], top[0]["sentOff"]) == (
        "Portugal v Netherlands",
        2006,
        4,
    )
    assert top[1]["sentOff"] == 3  # no other World Cup match had four
    (edition,) = ask("cards", by="edition", edition="2006", card="sent off")
    assert edition["sentOff"] == 28


def test_zidane_was_sent_off_in_the_110th_minute_of_the_2006_final(ask) -> None:
    rows = ask("cards", edition="2006", stage="final")
    sent = [r for r in rows if r["sentOff"]]
    assert [(r["player"], r["teamName"], r["minute"], r["cards"]) for r in sent] == [
        ("Zinedine Zidane", "France", 110, "red")
    ]
    assert len(rows) == 5  # Zambrotta, Sagnol, Diarra, Zidane, Malouda


def test_group_2_of_1982(ask) -> None:
    rows = ask("group-table", edition="1982", group="Group 2", stage="group stage")
    assert [(r["position"], r["teamName"], r["points"]) for r in rows] == [
        (1, "West Germany", 4),
        (2, "Austria", 4),
        (3, "Algeria", 4),
        (4, "Chile", 0),
    ]
    algeria = rows[2]
    assert (algeria["goalDifference"], algeria["advanced"]) == (0, False)
    assert [r["goalDifference"] for r in rows[:2]] == [3, 2]  # out on goal difference
    assert all(r["agrees"] and r["derivedPosition"] == r["position"] for r in rows)


def test_largest_wins_and_highest_scoring_matches_up_to_2022(ask) -> None:
    wins = ask("matches", order="margin", until="2022-12-31", limit="3")
    assert [(r["date"].year, r["homeTeamName"], r["homeScore"], r["awayScore"],
             r["awayTeamName"]) for r in wins] == [
        (1982, "Hungary", 10, 1, "El Salvador"),
        (1954, "Hungary", 9, 0, "South Korea"),
        (1974, "Yugoslavia", 9, 0, "Zaire"),
    ]  # fmt: skip
    goals = ask("matches", order="goals", until="2022-12-31", limit="2")
    assert [(r["homeTeamName"], r["homeScore"], r["awayScore"], r["awayTeamName"], r["goals"])
            for r in goals] == [
        ("Austria", 7, 5, "Switzerland", 12),
        ("Brazil", 6, 5, "Poland", 11),
    ]  # fmt: skip


# --- the other catalogue queries, real answers ---------------------------------------------------


def test_matches_of_a_team_against_an_opponent(ask) -> None:
    rows = ask("matches", team="Argentina", opponent="England", until="2022-12-31")
    assert [(r["year"], r["matchStage"], r["winnerName"]) for r in rows] == [
        (1962, "group stage", "England"),
        (1966, "quarter-final", "England"),
        (1986, "quarter-final", "Argentina"),
        (1998, "round of 16", "Argentina"),  # on penalties, 4-3
        (2002, "group stage", "England"),
    ]
    assert rows[3]["homePenalties"] == 4 and rows[3]["extraTime"] is True
    assert rows[2]["stadium"] == "Estadio Azteca" and rows[2]["city"] == "Mexico City"
    with pytest.raises(ParameterError, match="'margin'"):
        ask("matches", order="margins")


def test_the_2006_final_in_full(ask) -> None:
    rows = ask("match", team="Italy", opponent="France", edition="2006", stage="final")
    header = rows[0]
    assert header["section"] == "match"
    assert (header["homeTeamName"], header["homeScore"], header["awayScore"],
            header["awayTeamName"]) == ("Italy", 1, 1, "France")  # fmt: skip
    assert (header["homePenalties"], header["awayPenalties"], header["extraTime"]) == (5, 3, True)
    assert (header["stadium"], header["city"]) == ("Olympiastadion", "Berlin")
    assert (header["referee"], header["refereeCountry"]) == ("Horacio Elizondo", "Argentina")
    goals = [(r["minute"], r["player"], r["detail"]) for r in rows if r["section"] == "goal"]
    assert goals == [(7, "Zinedine Zidane", "penalty"), (19, "Marco Materazzi", "goal")]
    lineup = [r for r in rows if r["section"] == "line-up"]
    assert len(lineup) == 28 and sum(r["detail"] == "starter" for r in lineup) == 22
    zidane = next(r for r in lineup if r["player"] == "Zinedine Zidane")
    assert (zidane["shirtNumber"], zidane["position"], zidane["minutesPlayed"]) == (
        10,
        "attacking midfielder",
        110,
    )
    subs = [(r["minute"], r["player"], r["detail"]) for r in rows if r["section"] == "substitution"]
    assert (61, "Francesco Totti", "off") in subs and (61, "Daniele De Rossi", "on") in subs
    assert len(subs) == 12  # Italy three changes (two at once), France three
    cards = [(r["minute"], r["player"], r["detail"]) for r in rows if r["section"] == "card"]
    assert (110, "Zinedine Zidane", "red (sent off)") in cards and len(cards) == 5


def test_messi_player_record(ask) -> None:
    rows = ask("player", player="Lionel Messi", until="2022-12-31")
    assert [r["year"] for r in rows] == [2006, 2010, 2014, 2018, 2022]
    assert sum(r["matches"] for r in rows) == 26  # the record (Fjelstul, up to 2022)
    assert sum(r["goals"] for r in rows) == 13
    assert sum(r["finals"] for r in rows) == 2  # 2014 and 2022
    by_year = {r["year"]: r for r in rows}
    assert by_year[2022]["awards"] == "Golden Ball, Silver Boot"
    assert by_year[2022]["minutes"] >= 690  # seven matches, two with extra time
    assert by_year[2006]["asSubstitute"] == 2


def test_pele_before_line_ups_were_recorded(ask) -> None:
    rows = ask("player", player="Pelé")
    assert [r["year"] for r in rows] == [1958, 1962, 1966, 1970]
    assert rows[0]["matches"] is None and rows[0]["goals"] == 6  # 1958: no line-ups in the data
    assert rows[3]["matches"] == 6 and rows[3]["finals"] == 1


def test_most_world_cup_matches_and_finals(ask) -> None:
    top = ask("appearances")
    assert [(r["playerLabel"], r["matches"]) for r in top[:2]] == [
        ("Lionel Messi", 26),
        ("Lothar Matthäus", 25),
    ]
    assert top[0]["minutesPlayed"] == 2_314
    finals = ask("appearances", order="finals")
    assert (finals[0]["playerLabel"], finals[0]["finals"]) == ("Cafu", 3)  # 1994, 1998, 2002
    by_edition = ask("appearances", edition="2022", team="Argentina")
    assert by_edition[0]["matches"] == 7


def test_edition_1990(ask) -> None:
    (row,) = ask("edition", edition="1990")
    assert (row["hosts"], row["teams"]) == ("Italy", 24)
    assert (row["champion"], row["runnerUp"], row["third"], row["fourth"]) == (
        "West Germany",
        "Argentina",
        "Italy",
        "England",
    )
    assert row["topScorers"] == "Salvatore Schillaci (6)"
    assert "Golden Ball: Salvatore Schillaci" in row["awards"]
    assert row["final"] == "West Germany 1–0 Argentina"
    assert (row["finalDate"], row["finalStadium"]) == (dt.date(1990, 7, 8), "Stadio Olimpico")


def test_finals_carry_stadium_city_hosts_and_until(ask) -> None:
    rows = ask("finals")
    assert rows[-1]["year"] == 2026  # the 2026 final is in the data
    by_year = {r["year"]: r for r in ask("finals", until="2022-12-31")}
    assert max(by_year) == 2022
    assert (by_year[1966]["stadium"], by_year[1966]["city"], by_year[1966]["hosts"]) == (
        "Wembley Stadium",
        "London",
        "England",
    )
    assert by_year[2002]["hosts"] in ("South Korea, Japan", "Japan, South Korea")


def test_hosts_that_won_and_repeat_champions_take_until(ask) -> None:
    assert [r["year"] for r in ask("hosts-that-won", until="1970-12-31")] == [1930, 1934, 1966]
    assert [r["editions"] for r in ask("repeat-champions", until="1950-12-31")] == ["1934, 1938"]


def test_shootouts_for_every_team_in_date_order(ask) -> None:
    rows = ask("shootouts", competition="FIFA World Cup", until="2022-12-31")
    argentina = next(r for r in rows if r["teamLabel"] == "Argentina")
    dates = [entry.split(" ")[0] for entry in argentina["shootouts"].split("; ")]
    # 1990 (two), 1998, 2006 (lost to Germany), 2014, 2022 (two)
    assert dates == sorted(dates) and (argentina["played"], argentina["won"]) == (7, 6)
    (germany,) = ask("shootouts", team="Germany", competition="FIFA World Cup",
                     until="2022-12-31")  # fmt: skip
    assert (germany["played"], germany["won"]) == (4, 4)
    as_named = ask("shootouts", team="Germany", competition="FIFA World Cup",
                   until="2022-12-31", lineage="as-named")  # fmt: skip
    assert {r["teamLabel"]: r["played"] for r in as_named} == {"West Germany": 3, "Germany": 1}
