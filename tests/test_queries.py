"""The SPARQL catalogue (queries/*.rq) and its runner, on tests/fixtures/mini.trig."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pyoxigraph as ox
import pytest
from aggregates import aggregate_quads
from rich.console import Console

from footkg import resources
from footkg.errors import ParameterError, QueryError, QueryFileError, UnknownQueryError
from footkg.query.catalogue import (
    STAGE_VALUES,
    CatalogueQuery,
    bind_params,
    load_catalogue,
    parse_query_file,
    parse_query_text,
    run,
    sparql_term,
    with_values_block,
)
from footkg.vocab import KNOCKOUT_STAGES, team_iri

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "tests" / "fixtures" / "mini.trig"
ARG, ENG, FRA = team_iri("Argentina"), team_iri("England"), team_iri("France")
HOSTILE = ['Argentina" } ; DROP ALL ; #', "<http://evil/>", "?team", "x'''\"\"\" }}\n#\\u0022"]


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(REPO / "queries")


@pytest.fixture(scope="module")
def store() -> ox.Store:
    """The fixture graph with its derived aggregates (head-to-head records, goal tallies)."""
    s = ox.Store()
    s.load(path=str(FIXTURE), format=ox.RdfFormat.TRIG)
    s.extend(aggregate_quads(s))
    return s


def resolver(name: str) -> str:
    """A tiny stand-in for the CLI's team resolver: current names, former names, aliases."""
    names = {"argentina": ARG, "england": ENG, "france": FRA, "west germany": team_iri("Germany"),
             "italy": team_iri("Italy")}  # fmt: skip
    try:
        return names[name.lower()]
    except KeyError:
        raise LookupError(f"unknown team {name!r}") from None


def ask(store, catalogue, name, **raw):
    query = catalogue.get(name)
    return run(store, query, bind_params(query, raw, resolve_team=resolver))


# --- the catalogue files ---------------------------------------------------------------------


def test_catalogue_has_the_promised_queries(catalogue):
    expected = {"champions", "repeat-champions", "finals", "head-to-head", "head-to-head-matches",
                "rivalries", "top-scorers", "hosts-that-won", "shootouts"}  # fmt: skip
    assert expected <= set(catalogue.names())


def test_every_query_parses_and_is_documented(catalogue, store):
    assert len(catalogue) >= 9
    for query in catalogue:
        assert query.title and query.title != query.name, query.name
        assert len(query.description) > 20, query.name
        assert query.text.lstrip().startswith("# title:"), query.name
        # the engine parses it (an empty store still checks the syntax); a federated query is
        # parsed too, and refused without --allow-service (it would call another server)
        if "SERVICE" in query.text:
            with pytest.raises(QueryError, match="SERVICE"):
                run(ox.Store(), query)
        else:
            run(ox.Store(), query)
        for p in query.params:
            assert p.description, (query.name, p.name)


def test_parameters_are_projected_for_substitution(catalogue):
    """pyoxigraph only substitutes projected variables, so every parameter must be selected."""
    for query in catalogue:
        select = query.text[query.text.index("SELECT") : query.text.index("WHERE")]
        for p in query.params:
            assert re.search(rf"\?{p.name}\b", select), (query.name, p.name)


def test_knockout_lists_match_vocab(catalogue):
    for query in catalogue:
        if '"knockout"' in query.text:
            lists = [x for x in re.findall(r"IN \(([^)]*)\)", query.text) if '"final"' in x]
            assert lists, query.name
            for listed in lists:
                assert set(re.findall(r'"([^"]+)"', listed)) == set(KNOCKOUT_STAGES), query.name


#: Queries of league seasons only: the fixture holds national teams' tournaments, so these are
#: answered on the offline sample's 2003-04 Premier League below.
LEAGUE_ONLY = frozenset({"league-champions", "league-table"})


def test_every_query_returns_rows_on_the_fixture(catalogue, store):
    """Every query answers with rows: with the values of its ``# example:`` line (a real
    question), else with teams for its team parameters."""
    teams = {"team": "Argentina", "team_a": "Argentina", "team_b": "England"}
    for query in catalogue:
        if "SERVICE <" in query.text:
            continue  # federated: needs the public Wikidata endpoint (tests run offline)
        if query.name in LEAGUE_ONLY:
            raw = {"season": "2003-04"} if query.name == "league-table" else {}
            assert len(run(store, query, bind_params(query, raw))) == 0
            continue
        raw = query.example or {p.name: teams[p.name] for p in query.params if p.type == "team"}
        result = run(store, query, bind_params(query, raw, resolve_team=resolver))
        assert len(result) > 0, query.name


# --- real answers -----------------------------------------------------------------------------


def test_champions(catalogue, store):
    result = ask(store, catalogue, "champions")
    assert result.variables == ["team", "teamLabel", "titles", "years"]
    titles = {r["teamLabel"]: r["titles"] for r in result.records()}
    assert titles["Brazil"] == 4
    assert titles["Italy"] == 2
    assert titles["Germany"] == 2  # 1954 as West Germany and 2014: one team IRI
    assert titles["England"] == 1
    years = {r["teamLabel"]: set(r["years"].split(", ")) for r in result.records()}
    assert years["Italy"] == {"1934", "1938"}
    assert result.rows[0][1] == "Brazil"  # ordered by titles


def test_champions_until_changes_the_count(catalogue, store):
    result = ask(store, catalogue, "champions", until="1966-07-29")
    titles = {r["teamLabel"]: r["titles"] for r in result.records()}
    assert titles["Brazil"] == 2
    assert "England" not in titles  # the 1966 final was on 30 July
    result = ask(store, catalogue, "champions", until="1966-07-30")
    assert {r["teamLabel"]: r["titles"] for r in result.records()}["England"] == 1


def test_champions_of_an_unknown_competition_is_empty(catalogue, store):
    assert len(ask(store, catalogue, "champions", competition="Copa América")) == 0


def test_repeat_champions(catalogue, store):
    result = ask(store, catalogue, "repeat-champions")
    pairs = {(r["teamLabel"], r["editions"]) for r in result.records()}
    assert pairs == {("Italy", "1934, 1938"), ("Brazil", "1958, 1962")}


def test_finals(catalogue, store):
    records = {r["year"]: r for r in ask(store, catalogue, "finals").records()}
    final_1966 = records[1966]
    assert final_1966["date"] == dt.date(1966, 7, 30)
    assert (final_1966["homeTeamName"], final_1966["awayTeamName"]) == ("England", "West Germany")
    assert final_1966["awayTeam"] == team_iri("Germany")
    assert (final_1966["homeScore"], final_1966["awayScore"]) == (4, 2)
    assert final_1966["extraTime"] is True
    assert final_1966["homePenalties"] is None
    assert records[1970]["extraTime"] is False
    final_2022 = records[2022]
    assert (final_2022["homeScore"], final_2022["awayScore"]) == (3, 3)
    assert (final_2022["homePenalties"], final_2022["awayPenalties"]) == (4, 2)
    assert final_2022["winnerName"] == "Argentina"
    assert records[2026]["winnerName"] == "Spain"
    assert records[1954]["winnerName"] == "West Germany"
    # 1950 had no final: its deciding final-round match, not Sweden v Spain of the same day
    assert records[1950]["stage"] == "final round"
    assert (records[1950]["homeTeamName"], records[1950]["awayTeamName"]) == ("Uruguay", "Brazil")
    assert sum(1 for r in ask(store, catalogue, "finals").records() if r["year"] == 1950) == 1


def test_head_to_head_counts_a_shootout_as_a_draw(catalogue, store):
    result = ask(store, catalogue, "head-to-head", team_a="Argentina", team_b="England")
    (row,) = result.records()
    # 1986 W 2-1, 1998 D 2-2 (won on penalties), 2002 L 0-1, 2005 friendly L 2-3, 2026 W 2-1
    assert (row["played"], row["wins"], row["draws"], row["losses"]) == (5, 2, 1, 2)
    assert (row["goalsFor"], row["goalsAgainst"]) == (8, 8)
    assert (row["shootoutWins"], row["shootoutLosses"]) == (1, 0)


def test_head_to_head_from_the_other_side_and_filters(catalogue, store):
    (row,) = ask(store, catalogue, "head-to-head", team_a="England", team_b="Argentina").records()
    assert (row["wins"], row["draws"], row["losses"]) == (2, 1, 2)
    assert (row["shootoutWins"], row["shootoutLosses"]) == (0, 1)
    world_cup = dict(team_a="Argentina", team_b="England", competition="FIFA World Cup")
    (row,) = ask(store, catalogue, "head-to-head", **world_cup).records()
    assert (row["played"], row["wins"], row["draws"], row["losses"]) == (4, 2, 1, 1)
    (row,) = ask(store, catalogue, "head-to-head", **world_cup, until="2000-01-01").records()
    assert (row["played"], row["wins"], row["draws"], row["losses"]) == (2, 1, 1, 0)
    (row,) = ask(store, catalogue, "head-to-head", **world_cup, stage="knockout").records()
    assert (row["played"], row["wins"], row["draws"], row["losses"]) == (3, 2, 1, 0)
    (row,) = ask(store, catalogue, "head-to-head", **world_cup, stage="group stage").records()
    assert (row["played"], row["losses"]) == (1, 1)
    assert len(ask(store, catalogue, "head-to-head", **world_cup, stage="final")) == 0


def test_head_to_head_matches(catalogue, store):
    result = ask(store, catalogue, "head-to-head-matches", team_a="Argentina", team_b="England")
    records = result.records()
    assert [r["date"].year for r in records] == [1986, 1998, 2002, 2005, 2026]
    assert [r["result"] for r in records] == ["W", "D", "L", "L", "W"]
    assert records[1]["shootoutWinnerName"] == "Argentina"
    assert (records[1]["homePenalties"], records[1]["awayPenalties"]) == (4, 3)
    assert records[3]["competitionLabel"] == "Friendly" and records[3]["matchStage"] is None


def test_rivalries(catalogue, store):
    top = ask(store, catalogue, "rivalries").records()[0]
    assert {top["team1Label"], top["team2Label"]} == {"Argentina", "England"}
    assert top["played"] == 5 and top["draws"] == 1
    knockout = ask(store, catalogue, "rivalries", competition="FIFA World Cup", stage="knockout")
    top = knockout.records()[0]
    assert {top["team1Label"], top["team2Label"]} == {"Argentina", "England"}
    assert top["played"] == 3
    finals_only = ask(store, catalogue, "rivalries", stage="final").records()
    argentina_germany = [
        r for r in finals_only if {r["team1Label"], r["team2Label"]} == {"Argentina", "Germany"}
    ]
    assert argentina_germany[0]["played"] == 2  # 1986 (as West Germany) and 2014


def test_top_scorers_exclude_own_goals(catalogue, store):
    goals = {r["playerLabel"]: r["goals"] for r in ask(store, catalogue, "top-scorers").records()}
    assert goals["Kylian Mbappé"] == 4
    assert goals["Geoff Hurst"] == 3
    assert goals["Mario Mandžukić"] == 1  # his 2018 own goal is not his
    assert goals["Michael Owen"] == 1  # the friendly's two goals are not World Cup goals
    assert "Wayne Rooney" not in goals


def test_top_scorers_edition_until_and_competition(catalogue, store):
    records = ask(store, catalogue, "top-scorers", edition="2022").records()
    assert [(r["playerLabel"], r["goals"]) for r in records] == [
        ("Kylian Mbappé", 3), ("Lionel Messi", 2), ("Ángel Di María", 1)]  # fmt: skip
    until = ask(store, catalogue, "top-scorers", until="1999-12-31").records()
    assert until[0]["playerLabel"] == "Geoff Hurst"
    assert "Kylian Mbappé" not in {r["playerLabel"] for r in until}
    friendly = ask(store, catalogue, "top-scorers", competition="Friendly").records()
    assert (friendly[0]["playerLabel"], friendly[0]["goals"]) == ("Michael Owen", 2)


def test_hosts_that_won(catalogue, store):
    records = ask(store, catalogue, "hosts-that-won").records()
    assert [(r["year"], r["teamLabel"]) for r in records] == [
        (1930, "Uruguay"), (1934, "Italy"), (1966, "England"), (1998, "France")]  # fmt: skip


def test_shootouts(catalogue, store):
    (row,) = ask(store, catalogue, "shootouts", team="Argentina").records()
    assert (row["played"], row["won"], row["lost"]) == (2, 2, 0)
    assert set(row["shootouts"].split("; ")) == {
        "1998-06-30 v England: won 4–3", "2022-12-18 v France: won 4–2"}  # fmt: skip
    (row,) = ask(store, catalogue, "shootouts", team="England").records()
    assert (row["played"], row["won"], row["lost"]) == (1, 0, 1)
    (row,) = ask(store, catalogue, "shootouts", team="Argentina", until="2000-01-01").records()
    assert row["played"] == 1


def test_team_given_as_iri_or_former_name(catalogue, store):
    by_iri = ask(store, catalogue, "head-to-head", team_a=f"<{ARG}>", team_b=ENG)
    by_name = ask(store, catalogue, "head-to-head", team_a="argentina", team_b="England")
    assert by_iri.rows == by_name.rows
    (row,) = ask(
        store, catalogue, "head-to-head", team_a="West Germany", team_b="Argentina"
    ).records()
    assert row["teamALabel"] == "Germany" and row["played"] == 2


def test_matches_ordered_by_margin_goals_and_date(catalogue, store):
    by_margin = ask(store, catalogue, "matches", order="margin", limit="2").records()
    assert [(r["year"], r["homeTeamName"], r["awayTeamName"], r["margin"]) for r in by_margin] == [
        (1958, "Brazil", "Sweden", 3), (1970, "Brazil", "Italy", 3)]  # fmt: skip
    by_goals = ask(store, catalogue, "matches", order="goals", limit="1").records()
    assert (by_goals[0]["year"], by_goals[0]["goals"]) == (1958, 7)  # Brazil 5-2 Sweden
    argentina = ask(store, catalogue, "matches", team="Argentina", until="2000-01-01").records()
    assert [r["date"].year for r in argentina] == [1930, 1986, 1986, 1998]
    assert argentina[3]["winnerName"] == "Argentina" and argentina[3]["homePenalties"] == 4
    final = ask(store, catalogue, "matches", team="Argentina", edition="2022").records()
    assert (final[0]["stadium"], final[0]["city"]) == ("Lusail Stadium", "Lusail")
    with pytest.raises(ParameterError, match="limit"):
        ask(store, catalogue, "matches", limit="0")


def test_match_in_full(catalogue, store):
    rows = ask(store, catalogue, "match", team="France", opponent="Argentina",
               date="2022-12-18").records()  # fmt: skip
    sections = [r["section"] for r in rows]
    assert sections == sorted(sections, key=["match", "goal", "line-up", "substitution",
                                             "card"].index)  # fmt: skip
    header = rows[0]
    assert (header["homeTeamName"], header["homeScore"], header["awayScore"]) == ("Argentina", 3, 3)
    assert header["referee"] == "Szymon Marciniak" and header["refereeCountry"] == "Poland"
    assert header["stadium"] == "Lusail Stadium"
    goals = [(r["minute"], r["player"], r["detail"]) for r in rows if r["section"] == "goal"]
    assert goals[0] == (23, "Lionel Messi", "penalty") and len(goals) == 6
    messi = next(r for r in rows if r["section"] == "line-up" and r["player"] == "Lionel Messi")
    assert (messi["shirtNumber"], messi["position"], messi["minutesPlayed"]) == (
        10, "right forward", 120)  # fmt: skip
    acuna = next(r for r in rows if r["section"] == "line-up" and r["player"] == "Marcos Acuña")
    assert (acuna["detail"], acuna["minutesPlayed"]) == ("substitute", 56)  # on at 64 of 120
    subs = {(r["minute"], r["player"], r["detail"]) for r in rows if r["section"] == "substitution"}
    assert (41, "Olivier Giroud", "off") in subs and (41, "Marcus Thuram", "on") in subs
    cards = [(r["minute"], r["stoppage"], r["player"]) for r in rows if r["section"] == "card"]
    assert cards == [(87, None, "Marcus Thuram"), (90, 5, "Olivier Giroud"),
                     (90, 8, "Marcos Acuña")]  # fmt: skip


def test_player_edition_rows(catalogue, store):
    rows = ask(store, catalogue, "player", player="Lionel Messi").records()
    (row,) = [r for r in rows if r["year"] == 2022]
    assert (row["teamName"], row["shirtNumber"], row["matches"], row["goals"]) == (
        "Argentina", 10, 1, 2)  # fmt: skip
    assert (row["finals"], row["minutes"], row["awards"]) == (1, 120, "Golden Ball")
    (maradona,) = ask(store, catalogue, "player", player="Diego Maradona").records()
    assert maradona["matches"] is None and maradona["goals"] == 2  # no 1986 line-ups here


def test_group_table_as_stated_and_derived(catalogue, store):
    rows = ask(store, catalogue, "group-table", edition="1982", group="Group 2").records()
    assert [(r["teamName"], r["points"], r["goalDifference"]) for r in rows] == [
        ("West Germany", 4, 3), ("Austria", 4, 2), ("Algeria", 4, 0), ("Chile", 0, -5)]  # fmt: skip
    assert all(r["agrees"] for r in rows)
    assert [r["derivedPosition"] for r in rows] == [1, 2, 3, 4]
    assert [r["advanced"] for r in rows] == [True, True, False, False]


def test_referees_awards_cards_and_edition(catalogue, store):
    (row,) = ask(store, catalogue, "referees", edition="1966", stage="final").records()
    assert (row["refereeName"], row["refereeCountry"], row["confederation"]) == (
        "Gottfried Dienst", "Switzerland", "UEFA")  # fmt: skip
    golden = ask(store, catalogue, "awards", award="Golden Ball").records()
    assert [(r["year"], r["playerName"]) for r in golden] == [(2014, "Lionel Messi"),
                                                              (2022, "Lionel Messi")]  # fmt: skip
    cards = ask(store, catalogue, "cards", edition="2022").records()
    assert next((r["player"], r["cards"], r["sentOff"]) for r in cards) == (
        "Marcus Thuram", "yellow", 0)  # fmt: skip
    (by_team,) = ask(store, catalogue, "cards", by="team", team="France").records()
    assert (by_team["teamName"], by_team["yellow"], by_team["red"]) == ("France", 2, 0)
    (edition,) = ask(store, catalogue, "edition", edition="2022").records()
    assert (edition["champion"], edition["runnerUp"], edition["third"], edition["fourth"]) == (
        "Argentina", "France", "Croatia", "Morocco")  # fmt: skip
    assert edition["final"] == "Argentina 3–3 France a.e.t., 4–2 on penalties"
    assert edition["topScorers"] == "Kylian Mbappé (3)"  # the fixture's goals only
    assert set(edition["awards"].split("; ")) == {"Golden Ball: Lionel Messi",
                                                  "Golden Boot: Kylian Mbappé"}  # fmt: skip


def test_appearances_from_tallies_and_from_line_ups(catalogue, store):
    top = ask(store, catalogue, "appearances").records()
    assert {r["playerLabel"] for r in top if r["matches"] == 1} >= {"Lionel Messi",
                                                                    "Kylian Mbappé"}  # fmt: skip
    messi = next(r for r in top if r["playerLabel"] == "Lionel Messi")
    assert (messi["starts"], messi["minutesPlayed"], messi["finals"], messi["teams"]) == (
        1, 120, 1, "Argentina")  # fmt: skip
    france = ask(store, catalogue, "appearances", team="France").records()
    assert {r["playerLabel"] for r in france} == {"Kylian Mbappé", "Olivier Giroud",
        "Ousmane Dembélé", "Randal Kolo Muani", "Marcus Thuram"}  # fmt: skip


def test_shootouts_of_every_team_and_as_named(catalogue, store):
    rows = ask(store, catalogue, "shootouts").records()
    assert [(r["teamLabel"], r["played"]) for r in rows][:1] == [("Argentina", 2)]
    assert rows[0]["shootouts"] == "1998-06-30 v England: won 4–3; 2022-12-18 v France: won 4–2"
    assert {r["teamLabel"] for r in rows} == {"Argentina", "England", "France"}


# --- parameter binding --------------------------------------------------------------------------


def test_bad_values_raise_parameter_error_naming_param_and_value(catalogue):
    champions = catalogue.get("champions")
    for bad in ("2022-13-01", "yesterday", "2022-1-1", "20220101"):
        with pytest.raises(ParameterError, match="until") as info:
            bind_params(champions, {"until": bad})
        assert info.value.param == "until" and info.value.value == bad
        assert repr(bad) in str(info.value)
    with pytest.raises(ParameterError, match=r"edition.*'20x2'"):
        bind_params(catalogue.get("top-scorers"), {"edition": "20x2"})
    with pytest.raises(ParameterError, match="quarter-final"):
        bind_params(catalogue.get("rivalries"), {"stage": "quarterfinal"})


def test_unknown_and_missing_parameters(catalogue):
    with pytest.raises(ParameterError, match=r"no parameter 'year' \(valid: competition, until\)"):
        bind_params(catalogue.get("champions"), {"year": "2022"})
    with pytest.raises(ParameterError, match="team_b"):
        bind_params(catalogue.get("head-to-head"), {"team_a": ARG})
    with pytest.raises(ParameterError, match="no team resolver"):
        bind_params(catalogue.get("shootouts"), {"team": "Argentina"})
    with pytest.raises(LookupError, match="Atlantis"):  # the resolver's own error propagates
        bind_params(catalogue.get("shootouts"), {"team": "Atlantis"}, resolve_team=resolver)


def test_bind_params_types_and_defaults(catalogue):
    bound = bind_params(catalogue.get("top-scorers"), {"edition": "2022", "until": "2022-12-18"})
    assert bound["competition"] == ox.Literal("FIFA World Cup")
    assert bound["edition"] == ox.Literal(2022)
    assert bound["until"].datatype == ox.NamedNode("http://www.w3.org/2001/XMLSchema#date")
    stage = bind_params(catalogue.get("rivalries"), {"stage": "Quarter-Final"})["stage"]
    assert stage == ox.Literal("quarter-final")
    assert "knockout" in STAGE_VALUES
    assert "stage" not in bind_params(catalogue.get("rivalries"), {})


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_strings_are_bound_as_values(catalogue, store, hostile):
    size = len(store)
    for name in ("champions", "top-scorers", "rivalries"):
        query = catalogue.get(name)
        bindings = bind_params(query, {"competition": hostile})
        assert len(run(store, query, bindings)) == 0
        assert len(run(store, with_values_block(query.text, bindings))) == 0
    h2h = catalogue.get("head-to-head-matches")
    bindings = bind_params(h2h, {"team_a": ARG, "team_b": ENG, "competition": hostile})
    assert len(run(store, h2h, bindings)) == 0
    assert len(store) == size


def test_hostile_team_iris_are_refused_or_inert(catalogue, store):
    query = catalogue.get("shootouts")
    for bad in ["http://evil/> } ; DROP ALL ; #", "http://a b/", "<http://x/>>"]:
        with pytest.raises(ParameterError):
            bind_params(query, {"team": bad})
    bindings = bind_params(query, {"team": "<http://evil/>"})
    assert len(run(store, query, bindings)) == 0
    assert len(run(store, with_values_block(query.text, bindings))) == 0
    # a resolver returning junk cannot smuggle text in either
    with pytest.raises(ParameterError):
        bind_params(query, {"team": "x"}, resolve_team=lambda _name: "http://evil/> . #")


@pytest.mark.parametrize("hostile", HOSTILE)
def test_values_block_round_trips_the_exact_value(store, hostile):
    text = "SELECT ?competition ?n WHERE { BIND(1 AS ?n) }"
    injected = with_values_block(text, {"competition": ox.Literal(hostile)})
    result = run(store, injected)
    assert result.rows == [(hostile, 1)]


def test_values_block_gives_the_same_answers_as_substitution(catalogue, store):
    cases = [
        ("champions", {"until": "1966-07-30"}),
        ("finals", {}),
        ("head-to-head", {"team_a": ARG, "team_b": ENG, "stage": "knockout"}),
        ("head-to-head-matches", {"team_a": ENG, "team_b": ARG, "until": "2003-01-01"}),
        ("rivalries", {"competition": "FIFA World Cup"}),
        ("top-scorers", {"edition": "2018"}),
        ("shootouts", {"team": ARG}),
        ("repeat-champions", {}),
        ("hosts-that-won", {}),
    ]
    for name, raw in cases:
        query = catalogue.get(name)
        bindings = bind_params(query, raw)
        substituted = run(store, query, bindings, show_params=True)
        values = run(store, with_values_block(query.text, bindings))
        assert substituted.variables == values.variables, name
        assert (
            run(store, query, bindings, binding="values").rows == run(store, query, bindings).rows
        )
        assert sorted(map(repr, substituted.rows)) == sorted(map(repr, values.rows)), name
        assert len(values) > 0, name


def test_values_block_placement():
    text = (
        "# a comment with WHERE { in it\nPREFIX ex: <http://ex/where#>\n"
        'SELECT ?a (IF(?a < 2, "{", "}") AS ?b) WHERE { BIND(ex:x AS ?c) FILTER("WHERE {" != "}") }'
    )
    out = with_values_block(text, {"a": ox.Literal(1)})
    assert out.index('VALUES (?a) { ("1"^^<http://www.w3.org/2001/XMLSchema#integer>) }') > (
        out.index("AS ?b) WHERE {")
    )
    assert run(ox.Store(), out).rows == [(1, "{")]
    assert with_values_block(text, {}) == text
    with pytest.raises(ParameterError):
        with_values_block(text, {"a b": ox.Literal(1)})


def test_sparql_term_escapes():
    assert sparql_term(ox.Literal('a"b\\c\nd')) == '"a\\"b\\\\c\\nd"'
    assert sparql_term(ox.Literal("chat", language="fr")) == '"chat"@fr'
    assert sparql_term(ox.NamedNode("http://ex/a")) == "<http://ex/a>"
    with pytest.raises(ParameterError):
        sparql_term(ox.BlankNode("b"))


# --- catalogue lookup and file parsing ------------------------------------------------------------


def test_unknown_query_suggests_close_names(catalogue):
    with pytest.raises(UnknownQueryError) as info:
        catalogue.get("champion")
    assert info.value.suggestions[0] == "champions"
    assert "champions" in str(info.value)
    with pytest.raises(UnknownQueryError) as info:
        catalogue.get("head")
    assert "head-to-head" in info.value.suggestions
    with pytest.raises(LookupError):
        catalogue.get("zzzz")


def test_ad_hoc_file_without_header(tmp_path, store):
    path = tmp_path / "count-matches.rq"
    path.write_text("PREFIX fk: <https://w3id.org/footkg/ontology#>\n"
                    "SELECT (COUNT(*) AS ?n) WHERE { ?m a fk:Match }\n")  # fmt: skip
    query = parse_query_file(path)
    assert (query.name, query.title, query.params) == ("count-matches", "count-matches", [])
    assert run(store, query).rows == [(29,)]
    with pytest.raises(ParameterError, match="valid: none"):
        bind_params(query, {"team": "x"})


def test_malformed_headers_are_rejected():
    with pytest.raises(QueryFileError, match="type"):
        parse_query_text("# param: x (type: colour) x\nSELECT ?x WHERE {}", "q")
    with pytest.raises(QueryFileError, match="not used"):
        parse_query_text("# param: until (type: date, optional) d\nSELECT * WHERE {}", "q")
    with pytest.raises(QueryFileError, match="duplicate"):
        parse_query_text("# param: x (type: date) a\n# param: x (type: date) b\n"
                         "SELECT ?x WHERE {}", "q")  # fmt: skip
    query = parse_query_text(
        "# param: c (type: string, default: FIFA World Cup) the label\nSELECT ?c WHERE {}", "q"
    )
    (param,) = query.params
    assert (param.default, param.optional, param.required) == ("FIFA World Cup", False, False)


def test_run_rejects_non_select_and_syntax_errors(store):
    with pytest.raises(QueryError, match="SELECT"):
        run(store, "ASK { ?s ?p ?o }")
    with pytest.raises(QueryError, match="syntax"):
        run(store, "SELECT WHERE {")
    query = CatalogueQuery("q", "q", "", [], "SELECT ?s WHERE { ?s ?p ?x }")
    with pytest.raises(QueryError, match="projection"):
        run(store, query, {"x": ox.Literal("1")}, binding="substitutions")


# --- result formats -----------------------------------------------------------------------------


def test_result_formats(catalogue, store):
    result = ask(store, catalogue, "finals")
    as_json = json.loads(result.to_json())
    assert as_json["head"]["vars"] == result.variables
    first = as_json["results"]["bindings"][0]
    assert first["year"] == {"type": "literal", "value": "1930",
                             "datatype": "http://www.w3.org/2001/XMLSchema#integer"}  # fmt: skip
    assert first["homeTeam"]["type"] == "uri"
    assert "homePenalties" not in first  # unbound
    parsed = list(ox.parse_query_results(result.to_json(), format=ox.QueryResultsFormat.JSON))
    assert len(parsed) == len(result)
    assert parsed[0]["homeTeamName"] == ox.Literal("Uruguay")
    tsv = list(ox.parse_query_results(result.to_tsv(), format=ox.QueryResultsFormat.TSV))
    assert [s["date"] for s in tsv] == [s["date"] for s in parsed]
    csv_lines = result.to_csv().split("\r\n")
    assert csv_lines[0] == ",".join(result.variables)
    assert csv_lines[1].startswith("1930,1930-07-30,final,Uruguay,Argentina,4,2,false,,,")
    console = Console(width=400, record=True)
    console.print(result.to_table(title="Finals"))
    text = console.export_text()
    assert "West Germany" in text and "Finals" in text


def test_readme_lists_every_catalogue_query(catalogue):
    """The README's catalogue tour stays true: every query file is named there."""
    readme = (resources.repo_root() / "README.md").read_text(encoding="utf-8")
    missing = [q.name for q in catalogue if f"`{q.name}`" not in readme]
    assert missing == []


# --- league queries on the offline sample (the 2003-04 Premier League, built for real) --------


@pytest.fixture(scope="module")
def sample(sample_store):
    from footkg.store.local import open_store

    return open_store(sample_store)


def sample_team(sample):
    from footkg.ingest.resolve import TeamIndex

    return TeamIndex.from_store(sample).lookup


def test_league_table_of_the_sample_season(catalogue, sample):
    """Arsenal's Invincibles: 38 played, 26 won, 12 drawn, none lost, 73-26, 90 points; then
    Chelsea (79) and Manchester United (75)."""
    query = catalogue.get("league-table")
    rows = run(sample, query, bind_params(query, {"competition": "Premier League",
                                                   "season": "2003-04"})).records()  # fmt: skip
    assert len(rows) == 20
    top = [(r["position"], r["teamLabel"], r["points"]) for r in rows[:3]]
    assert top == [(1, "Arsenal", 90), (2, "Chelsea", 79), (3, "Manchester United", 75)]
    arsenal = rows[0]
    record = ("played", "wins", "draws", "losses", "goalsFor", "goalsAgainst", "goalDifference")
    assert tuple(arsenal[k] for k in record) == (38, 26, 12, 0, 73, 26, 47)
    assert arsenal["champion"] is True and arsenal["complete"] is True
    assert [r["teamLabel"] for r in rows if r["champion"]] == ["Arsenal"]
    # the tier's name finds the same season
    by_tier = run(sample, query, bind_params(query, {"season": "2003-04"})).records()
    assert [r["teamLabel"] for r in by_tier] == [r["teamLabel"] for r in rows]


def test_league_champions_of_the_sample_season(catalogue, sample):
    query = catalogue.get("league-champions")
    rows = run(sample, query, bind_params(query, {"competition": "Premier League"})).records()
    assert [(r["teamLabel"], r["titles"], r["seasons"]) for r in rows] == [
        ("Arsenal", 1, "2003-04")
    ]
    early = bind_params(query, {"competition": "Premier League", "until": "2004-05-14"})
    assert len(run(sample, query, early)) == 0  # the season's last match was on 15 May 2004


def test_head_to_head_of_clubs_resolves_aliases(catalogue, sample):
    """The two North London derbies of 2003-04: Arsenal 2-1 at Highbury, 2-2 at White Hart Lane."""
    query = catalogue.get("head-to-head")
    params = bind_params(query, {"team_a": "Arsenal", "team_b": "Spurs"},
                         resolve_team=sample_team(sample))  # fmt: skip
    (row,) = run(sample, query, params).records()
    assert (row["played"], row["wins"], row["draws"], row["losses"]) == (2, 1, 1, 0)
    assert (row["goalsFor"], row["goalsAgainst"]) == (4, 3)
def test_competition_defaults_are_labels_of_the_graph(store, catalogue) -> None:
    """A competition default is bound as written (no store lookup, for start-up): so each must
    be, exactly, the rdfs:label of a competition the graph holds."""
    from footkg.ingest.resolve import _COMPETITION_NAMES_QUERY

    labels = {r["n"].value for r in store.query(_COMPETITION_NAMES_QUERY,
                                                use_default_graph_as_union=True)}  # fmt: skip
    defaults = {(q.name, p.default) for q in catalogue.queries.values() for p in q.params
                if p.type == "competition" and p.default is not None}  # fmt: skip
    assert len(defaults) >= 5
    assert {d for _, d in defaults} <= labels, defaults
    bound = bind_params(catalogue.get("champions"), {})
    assert bound["competition"] == ox.Literal("FIFA World Cup")


# --- match reports (the article graph of tests/fixtures/mini.trig) ------------------------------

REPORT_GOAL = "https://w3id.org/footkg/resource/match/2026-07-15-england-argentina/goal/2"


def terms(result) -> list[dict]:
    """The rows of a result as ``{column: RDF term}``."""
    return [dict(zip(result.variables, row, strict=True)) for row in result.terms]


def test_report_states_fact_by_fact_with_the_fixture_value_beside(catalogue, store):
    """The seed case: the report gives Enzo Fernández's equaliser in the 85th minute, the
    fixture data (openfootball) in the 86th; the report's assist (Messi) has no fixture value;
    each row carries its sentence and rule."""
    rows = terms(ask(store, catalogue, "report", report="Argentina reach the final"))
    by_property = {(r["subject"].value, r["property"].value.rsplit("#")[-1]): r for r in rows}
    minute = by_property[(REPORT_GOAL, "minute")]
    assert (minute["stated"], minute["fixtureValue"]) == (ox.Literal(85), ox.Literal(86))
    assert minute["disagreement"] == ox.Literal(True)
    assert minute["sentence"].value.startswith("Messi set up Enzo Fernandez")
    assert (minute["start"].value, minute["end"].value, minute["rule"].value) == (
        "61", "150", "goal-clause")  # fmt: skip
    assist = by_property[(REPORT_GOAL, "assist")]
    assert assist["stated"].value.endswith("/player/lionel-messi")
    assert assist["fixtureValue"] is None and assist["disagreement"] == ox.Literal(False)
    assert minute["match"].value.endswith("/match/2026-07-15-england-argentina")
    assert len(ask(store, catalogue, "report", report="sha256:0123456789abcdef")) == len(rows)
    assert len(ask(store, catalogue, "report", report="no such report")) == 0


def test_reports_about_a_player_a_match_and_a_team(catalogue, store):
    """Which reports credit Messi with an assist; which mention the 2026 final; which name
    Argentina in a match they tell; a team no report names gives no rows."""
    rows = terms(ask(store, catalogue, "reports-about", player="Lionel Messi"))
    assert [(r["role"].value, r["of"].value) for r in rows] == [("assist", REPORT_GOAL)]
    rows = terms(ask(store, catalogue, "reports-about", match="2026-07-19-spain-argentina"))
    assert [r["role"].value for r in rows] == ["mentions"]
    rows = terms(ask(store, catalogue, "reports-about", team="Argentina"))
    assert [(r["role"].value, r["of"].value.rsplit("/")[-1]) for r in rows] == [
        ("team", "2026-07-15-england-argentina")]
    assert len(ask(store, catalogue, "reports-about", team="France")) == 0


def test_report_conflicts_are_typed(catalogue, store):
    (row,) = terms(ask(store, catalogue, "report-conflicts"))
    assert row["property"].value.endswith("#minute")
    assert (row["reportValue"], row["fixtureValue"]) == (ox.Literal(85), ox.Literal(86))
    assert row["subject"].value == REPORT_GOAL
    assert row["match"].value.endswith("/match/2026-07-15-england-argentina")
    assert (row["start"].value, row["end"].value) == ("61", "150")
