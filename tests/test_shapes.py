"""The SHACL shapes (ontology/shapes.ttl) and footkg.validate, on small Turtle cases.

Every case runs on the three engines: plain pySHACL (the reference), the default (shapes as
SPARQL in the store) and pyshacl-turbo; the tests assert that they report the same results, then
check the expected severity, focus and shape.
A case is a conforming fixture plus a SPARQL Update that breaks one rule.
"""

from __future__ import annotations

from pathlib import Path

import pyoxigraph
import pytest
from rdflib import Graph, URIRef
from rdflib.namespace import RDF, SH

from footkg.validate import ValidationReport, ValidationResult, validate

FIXTURES = Path(__file__).parent / "fixtures" / "shapes"
FK = "https://w3id.org/footkg/ontology#"
FKS = "https://w3id.org/footkg/shapes#"
RES = "https://w3id.org/footkg/resource/"
FINAL = RES + "match/2022-12-18-argentina-france"
ARG_FRA = RES + "head-to-head/argentina/france"
ARG_FRA_WC = ARG_FRA + "/fifa-world-cup"
ARG_SQUAD = RES + "squad/fifa-world-cup-2022/argentina"
MESSI_WC = RES + "goal-tally/competition/fifa-world-cup/lionel-messi"
WC2022 = RES + "tournament/fifa-world-cup-2022"
SCHON_1974 = RES + "manager-appointment/fifa-world-cup-1974-germany-helmut-schon"
PREFIXES = f"""
PREFIX fk: <{FK}>
PREFIX fkr: <{RES}>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX oa: <http://www.w3.org/ns/oa#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
PREFIX team: <{RES}team/>
PREFIX comp: <{RES}competition/>
PREFIX city: <{RES}city/>
PREFIX match: <{RES}match/>
PREFIX player: <{RES}player/>
PREFIX manager: <{RES}manager/>
PREFIX goal: <{FINAL}/goal/>
PREFIX tally: <{RES}goal-tally/competition/fifa-world-cup/>
PREFIX kick: <{FINAL}/shootout/kick/>
"""
SWAP_CHAMPION = (
    "DELETE { ?e fk:champion ?c ; fk:runnerUp ?r } INSERT { ?e fk:champion ?r ; fk:runnerUp ?c }"
)
BRAZIL = 'team:brazil a fk:NationalTeam ; rdfs:label "Brazil" ; fk:gender "men" .'


def load(name: str, update: str | None = None) -> Graph:
    """A fixture graph, optionally changed by a SPARQL Update (with the prefixes above)."""
    graph = Graph().parse(FIXTURES / name, format="turtle")
    if update:
        graph.update(PREFIXES + update)
    return graph


def key(result: ValidationResult) -> tuple[str, ...]:
    """What both engines must agree on for one result."""
    return (
        result.severity,
        result.focus_node,
        result.path or "",
        result.value or "",
        result.source_shape,
        result.component,
        result.message,
    )


def check_both(data: Graph | pyoxigraph.Store) -> ValidationReport:
    """Validate with every engine, assert they agree with pySHACL, return the default's report."""
    reference = validate(data, engine="pyshacl")
    for engine in ("sparql", "turbo"):
        report = validate(data, engine=engine)
        assert report.conforms == reference.conforms, engine
        assert sorted(map(key, report.results)) == sorted(map(key, reference.results)), engine
    return validate(data)


# --- conforming fixtures -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "final-2022.ttl",
        "friendly-partial-goals.ttl",
        "final-round-1950.ttl",
        "squad.ttl",
        "manager.ttl",
        "aggregates.ttl",
        "report.ttl",
    ],
)
def test_fixture_conforms_without_warnings(name: str) -> None:
    report = check_both(load(name))
    assert report.conforms
    assert report.results == [], report.to_text()


# --- one broken rule per case ------------------------------------------------------------------

REPORT = RES + "article/00aa"
ST = f"<{REPORT}/statement/"  # + "<n>>": a statement of the report fixture
CASES = [
    # (id, fixture, update, severity, focus node, shape)
    (
        "report-score-not-an-integer",
        "report.ttl",
        "DELETE { ?s rdf:object 3 } INSERT { ?s rdf:object 'three' }"
        " WHERE { BIND(" + ST + "1> AS ?s) }",
        "Violation",
        REPORT + "/statement/1",
        "ReportStatementShape",
    ),
    (
        "report-kind-not-a-boolean",
        "report.ttl",
        "DELETE { ?s rdf:object true } INSERT { ?s rdf:object 'penalty' }"
        " WHERE { BIND(" + ST + "6> AS ?s) }",
        "Violation",
        REPORT + "/statement/6",
        "ReportStatementShape",
    ),
    (
        "report-statement-of-a-derived-property",
        "report.ttl",
        "DELETE { ?s rdf:predicate fk:homeScore } INSERT { ?s rdf:predicate fk:winner }"
        " WHERE { BIND(" + ST + "1> AS ?s) }",
        "Violation",
        REPORT + "/statement/1",
        "ReportStatementShape",
    ),
    (
        "report-statement-without-evidence",
        "report.ttl",
        "DELETE { ?e oa:hasBody ?s } WHERE {"
        " BIND(" + ST + "3> AS ?s) ?e oa:hasBody ?s }",
        "Violation",
        REPORT + "/statement/3",
        "ReportStatementShape",
    ),
    (
        "report-statement-of-no-report",
        "report.ttl",
        "DELETE { ?s fk:statedIn ?a } WHERE {"
        " BIND(" + ST + "4> AS ?s) ?s fk:statedIn ?a }",
        "Violation",
        REPORT + "/statement/4",
        "ReportStatementShape",
    ),
    (
        "reported-match-without-its-teams",
        "report.ttl",
        "DELETE { ?s ?p ?o } WHERE { BIND(" + ST + "8> AS ?s) ?s ?p ?o }",
        "Violation",
        REPORT + "/match/1",
        "ReportedMatchShape",
    ),
    (
        "shootout-after-2-1",
        "final-2022.ttl",
        "DELETE { ?m fk:homeScore 3 ; fk:awayScore 3 }"
        " INSERT { ?m fk:homeScore 2 ; fk:awayScore 1 }"
        " WHERE { BIND(match:2022-12-18-argentina-france AS ?m) }",
        "Violation",
        FINAL,
        "ShootoutOnLevelScoreShape",
    ),
    (
        "goal-minute-131",
        "final-2022.ttl",
        "DELETE { goal:6 fk:minute 118 } INSERT { goal:6 fk:minute 131 } WHERE {}",
        "Violation",
        FINAL + "/goal/6",
        "GoalShape",
    ),
    (
        "stoppage-minute-0",
        "final-2022.ttl",
        "INSERT DATA { goal:1 fk:stoppageMinute 0 }",
        "Violation",
        FINAL + "/goal/1",
        "GoalShape",
    ),
    (
        "goal-without-match",
        "final-2022.ttl",
        "DELETE WHERE { goal:1 fk:match ?m }",
        "Violation",
        FINAL + "/goal/1",
        "GoalShape",
    ),
    (
        "goal-for-a-third-team",
        "final-2022.ttl",
        f"DELETE {{ goal:1 fk:team ?t }} INSERT {{ {BRAZIL}"
        " goal:1 fk:team team:brazil } WHERE { goal:1 fk:team ?t }",
        "Violation",
        FINAL + "/goal/1",
        "GoalTeamInMatchShape",
    ),
    (
        "home-equals-away",
        "final-2022.ttl",
        "DELETE WHERE { ?m fk:awayTeam team:france } ;"
        " INSERT DATA { match:2022-12-18-argentina-france fk:awayTeam team:argentina }",
        "Violation",
        FINAL,
        "MatchShape",
    ),
    (
        "no-away-team",
        "final-2022.ttl",
        "DELETE WHERE { ?m fk:awayTeam ?t }",
        "Violation",
        FINAL,
        "MatchShape",
    ),
    (
        "date-not-xsd-date",
        "final-2022.ttl",
        "DELETE { ?m fk:date ?d } INSERT { ?m fk:date '2022-12-18' } WHERE { ?m fk:date ?d }",
        "Violation",
        FINAL,
        "MatchShape",
    ),
    (
        "no-date",
        "final-2022.ttl",
        "DELETE WHERE { ?m fk:date ?d }",
        "Violation",
        FINAL,
        "MatchShape",
    ),
    (
        "negative-score",
        "friendly-partial-goals.ttl",
        "DELETE { ?m fk:awayScore 1 } INSERT { ?m fk:awayScore -1 } WHERE { ?m fk:awayScore 1 }",
        "Violation",
        RES + "match/1878-03-02-scotland-england",
        "MatchShape",
    ),
    (
        "score-as-string",
        "friendly-partial-goals.ttl",
        "DELETE { ?m fk:awayScore 1 } INSERT { ?m fk:awayScore '1' } WHERE { ?m fk:awayScore 1 }",
        "Violation",
        RES + "match/1878-03-02-scotland-england",
        "MatchShape",
    ),
    (
        "no-score-not-walkover",
        "friendly-partial-goals.ttl",
        "DELETE WHERE { ?m fk:walkover ?w }",
        "Violation",
        RES + "match/1901-01-01-england-scotland",
        "MatchScoreShape",
    ),
    (
        "venue-is-a-city",
        "final-2022.ttl",
        "DELETE { ?m fk:venue ?v } INSERT { ?m fk:venue city:lusail-qatar }"
        " WHERE { ?m fk:venue ?v }",
        "Violation",
        FINAL,
        "MatchShape",
    ),
    (
        "stage-not-a-stage",
        "final-2022.ttl",
        "DELETE { ?m fk:stage ?s } INSERT { ?m fk:stage team:france } WHERE { ?m fk:stage ?s }",
        "Violation",
        FINAL,
        "MatchShape",
    ),
    (
        "shootout-winner-not-in-match",
        "final-2022.ttl",
        f"DELETE {{ ?s fk:winner ?w }} INSERT {{ {BRAZIL} ?s fk:winner team:brazil }}"
        " WHERE { ?s a fk:PenaltyShootout ; fk:winner ?w }",
        "Violation",
        FINAL + "/shootout",
        "ShootoutTeamsShape",
    ),
    (
        "shootout-without-match",
        "final-2022.ttl",
        "DELETE WHERE { ?m fk:penaltyShootout ?s }",
        "Violation",
        FINAL + "/shootout",
        "PenaltyShootoutShape",
    ),
    (
        "kick-typed-as-goal",
        "final-2022.ttl",
        "INSERT DATA { kick:1 a fk:Goal }",
        "Violation",
        FINAL + "/shootout/kick/1",
        "ShootoutKickShape",
    ),
    (
        "team-without-label",
        "final-2022.ttl",
        "DELETE WHERE { team:france rdfs:label ?l }",
        "Violation",
        RES + "team/france",
        "NationalTeamShape",
    ),
    (
        "team-gender-unknown",
        "final-2022.ttl",
        "DELETE { team:france fk:gender ?g } INSERT { team:france fk:gender 'male' }"
        " WHERE { team:france fk:gender ?g }",
        "Violation",
        RES + "team/france",
        "NationalTeamShape",
    ),
    (
        "player-without-label",
        "final-2022.ttl",
        "DELETE WHERE { player:kylian-mbappe rdfs:label ?l }",
        "Violation",
        RES + "player/kylian-mbappe",
        "PlayerShape",
    ),
    (
        "competition-without-label",
        "final-2022.ttl",
        "DELETE WHERE { comp:fifa-world-cup rdfs:label ?l }",
        "Violation",
        RES + "competition/fifa-world-cup",
        "CompetitionShape",
    ),
    (
        "edition-without-label",
        "final-2022.ttl",
        "DELETE { ?e rdfs:label ?l } WHERE { ?e a fk:TournamentEdition ; rdfs:label ?l }",
        "Violation",
        WC2022,
        "TournamentEditionShape",
    ),
    (
        "squad-without-player",
        "squad.ttl",
        "DELETE WHERE { ?s fk:player ?p }",
        "Violation",
        RES + "squad/fifa-world-cup-1990-germany-lothar-matthaus",
        "SquadMembershipShape",
    ),
    (
        "shirt-number-100",
        "squad.ttl",
        "DELETE { ?s fk:shirtNumber 10 } INSERT { ?s fk:shirtNumber 100 }"
        " WHERE { ?s fk:shirtNumber 10 }",
        "Violation",
        RES + "squad/fifa-world-cup-1990-germany-lothar-matthaus",
        "SquadMembershipShape",
    ),
    (
        "appointment-without-manager",
        "manager.ttl",
        f"DELETE WHERE {{ <{SCHON_1974}> fk:manager ?m }}",
        "Violation",
        SCHON_1974,
        "ManagerAppointmentShape",
    ),
    (
        "appointment-of-a-player-not-a-manager",
        "manager.ttl",
        f"DELETE {{ <{SCHON_1974}> fk:manager ?m }}"
        f" INSERT {{ <{SCHON_1974}> fk:manager player:helmut-schon }}"
        f" WHERE {{ <{SCHON_1974}> fk:manager ?m }}",
        "Violation",
        SCHON_1974,
        "ManagerAppointmentShape",
    ),
    (
        "appointment-with-two-teams",
        "manager.ttl",
        f"INSERT DATA {{ <{SCHON_1974}> fk:team team:sweden-women }}",
        "Violation",
        SCHON_1974,
        "ManagerAppointmentShape",
    ),
    (
        "appointment-without-edition",
        "manager.ttl",
        f"DELETE WHERE {{ <{SCHON_1974}> fk:edition ?e }}",
        "Violation",
        SCHON_1974,
        "ManagerAppointmentShape",
    ),
    (
        "manager-without-label",
        "manager.ttl",
        "DELETE WHERE { manager:helmut-schon rdfs:label ?l }",
        "Violation",
        RES + "manager/helmut-schon",
        "ManagerShape",
    ),
    (
        "manager-nationality-not-a-country",
        "manager.ttl",
        "DELETE { ?m fk:nationality ?c } INSERT { ?m fk:nationality team:germany }"
        " WHERE { BIND(manager:helmut-schon AS ?m) ?m fk:nationality ?c }",
        "Violation",
        RES + "manager/helmut-schon",
        "ManagerShape",
    ),
    (
        "team-name-ends-before-it-starts",
        "squad.ttl",
        "DELETE { ?n fk:endDate ?d } INSERT { ?n fk:endDate '1900-01-01'^^xsd:date }"
        " WHERE { ?n fk:endDate ?d }",
        "Violation",
        RES + "team/germany/name/west-germany-1949-09-21",
        "TeamNameShape",
    ),
    (
        "conflict-without-kept-value",
        "squad.ttl",
        "DELETE WHERE { ?c fk:keptValue ?v }",
        "Violation",
        RES + "conflict/0123456789abcdef",
        "SourceConflictShape",
    ),
    (
        "world-cup-goals-missing",
        "final-round-1950.ttl",
        "DELETE { ?m fk:homeScore 0 ; fk:awayScore 0 }"
        " INSERT { ?m fk:homeScore 2 ; fk:awayScore 1 ."
        " ?g1 a fk:Goal ; fk:match ?m ; fk:team team:brazil ; fk:ownGoal false ;"
        " fk:penalty false . ?g2 a fk:Goal ; fk:match ?m ; fk:team team:sweden ;"
        " fk:ownGoal false ; fk:penalty false . }"
        " WHERE { BIND(match:1950-06-24-brazil-sweden AS ?m)"
        " BIND(IRI(CONCAT(STR(?m), '/goal/1')) AS ?g1)"
        " BIND(IRI(CONCAT(STR(?m), '/goal/2')) AS ?g2) }",
        "Warning",
        RES + "match/1950-06-24-brazil-sweden",
        "WorldCupGoalsCompleteShape",
    ),
    (
        "friendly-goals-exceed-score",
        "friendly-partial-goals.ttl",
        "INSERT { ?g a fk:Goal ; fk:match ?m ; fk:team team:england ; fk:ownGoal false ;"
        " fk:penalty false } WHERE { BIND(match:1878-03-02-scotland-england AS ?m)"
        " VALUES ?n { 2 3 } BIND(IRI(CONCAT(STR(?m), '/goal/', STR(?n))) AS ?g) }",
        "Warning",
        RES + "match/1878-03-02-scotland-england",
        "GoalsExceedScoreShape",
    ),
    (
        "winner-disagrees-with-score",
        "friendly-partial-goals.ttl",
        "DELETE { ?m fk:winner ?w } INSERT { ?m fk:winner team:england } WHERE { ?m fk:winner ?w }",
        "Warning",
        RES + "match/1878-03-02-scotland-england",
        "MatchWinnerAgreesShape",
    ),
    (
        "winner-of-a-draw-without-shootout",
        "final-round-1950.ttl",
        "INSERT DATA { match:1950-07-16-uruguay-brazil fk:winner team:uruguay }",
        "Warning",
        RES + "match/1950-07-16-uruguay-brazil",
        "MatchWinnerAgreesShape",
    ),
    (
        "winner-disagrees-with-shootout",
        "final-2022.ttl",
        "DELETE { ?m fk:winner ?w ; fk:loser ?l } INSERT { ?m fk:winner ?l ; fk:loser ?w }"
        " WHERE { ?m a fk:Match ; fk:winner ?w ; fk:loser ?l }",
        "Warning",
        FINAL,
        "MatchWinnerAgreesShape",
    ),
    (
        "shootout-winner-disagrees-with-kicks",
        "final-2022.ttl",
        "DELETE { ?s fk:homePenalties 4 } INSERT { ?s fk:homePenalties 1 }"
        " WHERE { ?s fk:homePenalties 4 }",
        "Warning",
        FINAL + "/shootout",
        "ShootoutWinnerAgreesShape",
    ),
    (
        "champion-is-not-the-final-winner",
        "final-2022.ttl",
        SWAP_CHAMPION + " WHERE { ?e fk:champion ?c ; fk:runnerUp ?r }",
        "Warning",
        WC2022,
        "ChampionFromFinalShape",
    ),
    (
        "1950-champion-not-in-final-round",
        "final-round-1950.ttl",
        "DELETE { ?e fk:champion ?c } INSERT { ?e fk:champion team:sweden }"
        " WHERE { ?e fk:champion ?c }",
        "Warning",
        RES + "tournament/fifa-world-cup-1950",
        "ChampionFromFinalRoundShape",
    ),
    (
        "head-to-head-counts-do-not-add-up",
        "aggregates.ttl",
        f"DELETE DATA {{ <{ARG_FRA}> fk:draws 1 }} ; INSERT DATA {{ <{ARG_FRA}> fk:draws 2 }}",
        "Violation",
        ARG_FRA,
        "HeadToHeadCountsShape",
    ),
    (
        "head-to-head-of-a-team-with-itself",
        "aggregates.ttl",
        f"DELETE DATA {{ <{ARG_FRA}> fk:team2 team:france }} ;"
        f" INSERT DATA {{ <{ARG_FRA}> fk:team2 team:argentina }}",
        "Violation",
        ARG_FRA,
        "HeadToHeadShape",
    ),
    (
        # 1 + 4 shoot-outs won in 4 meetings (more than the draws is no fault: a won second
        # leg can go to penalties on aggregate)
        "more-shootouts-won-than-meetings",
        "aggregates.ttl",
        f"DELETE DATA {{ <{ARG_FRA_WC}> fk:team2ShootoutWins 0 }} ;"
        f" INSERT DATA {{ <{ARG_FRA_WC}> fk:team2ShootoutWins 4 }}",
        "Violation",
        ARG_FRA_WC,
        "HeadToHeadCountsShape",
    ),
    (
        "competition-record-without-its-competition",
        "aggregates.ttl",
        f"DELETE WHERE {{ <{ARG_FRA_WC}> fk:meetingsIn ?c }}",
        "Violation",
        ARG_FRA_WC,
        "CompetitionHeadToHeadShape",
    ),
    (
        "squad-member-not-a-player",
        "aggregates.ttl",
        f"INSERT DATA {{ <{ARG_SQUAD}> fk:member team:france }}",
        "Violation",
        ARG_SQUAD,
        "SquadShape",
    ),
    (
        "goal-tally-without-goals",
        "aggregates.ttl",
        "DELETE DATA { tally:lionel-messi fk:goals 13 } ;"
        " INSERT DATA { tally:lionel-messi fk:goals 0 }",
        "Violation",
        MESSI_WC,
        "GoalTallyShape",
    ),
]


@pytest.mark.parametrize(
    ("fixture", "update", "severity", "focus", "shape"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_broken_rule_is_reported(
    fixture: str, update: str, severity: str, focus: str, shape: str
) -> None:
    report = check_both(load(fixture, update))
    found = {(r.severity, r.focus_node, r.source_shape) for r in report.results}
    assert (severity, focus, FKS + shape) in found, report.to_text()
    assert report.conforms == (severity != "Violation")


def test_world_cup_goals_missing_is_only_a_warning_for_the_home_side() -> None:
    update = next(case[2] for case in CASES if case[0] == "world-cup-goals-missing")
    report = check_both(load("final-round-1950.ttl", update))
    assert report.conforms
    assert [(r.severity, r.path, r.value) for r in report.results] == [
        ("Warning", FK + "homeScore", '"2"^^<http://www.w3.org/2001/XMLSchema#integer>')
    ]
    assert report.results[0].message == (
        "In a World Cup match only 1 goals are recorded for a team whose score is 2"
    )


def test_replayed_final_is_not_the_deciding_final() -> None:
    replay = RES + "match/2022-12-20-argentina-france"
    update = f"""
        DELETE {{ ?e fk:champion ?c ; fk:runnerUp ?r }}
        INSERT {{
            ?e fk:champion team:france ; fk:runnerUp team:argentina .
            <{replay}> a fk:Match ; fk:replayOf <{FINAL}> ;
                fk:homeTeam team:argentina ; fk:homeTeamName "Argentina" ;
                fk:awayTeam team:france ; fk:awayTeamName "France" ;
                fk:date "2022-12-20"^^xsd:date ; fk:homeScore 0 ; fk:awayScore 0 ;
                fk:winner team:france ; fk:loser team:argentina ;
                fk:penaltyShootout <{replay}/shootout> ;
                fk:stage fk:Final ; fk:edition ?e ; fk:competition comp:fifa-world-cup .
            <{replay}/shootout> a fk:PenaltyShootout ; fk:winner team:france .
        }}
        WHERE {{ ?e fk:champion ?c ; fk:runnerUp ?r }}
    """
    report = check_both(load("final-2022.ttl", update))
    assert report.results == [], report.to_text()


# --- inputs, report and rendering --------------------------------------------------------------


def test_store_is_validated_as_the_union_of_its_named_graphs() -> None:
    """A match typed in one graph and described in another is one complete match."""
    graph = load("final-2022.ttl")
    store = pyoxigraph.Store()
    for index, (s, p, o) in enumerate(sorted(graph)):
        named = pyoxigraph.NamedNode(f"https://w3id.org/footkg/graph/part-{index % 3}")
        store.add(pyoxigraph.Quad(_ox(s), _ox(p), _ox(o), named))
    assert check_both(store).results == []
    store.remove(
        pyoxigraph.Quad(
            pyoxigraph.NamedNode(FINAL),
            pyoxigraph.NamedNode(FK + "date"),
            pyoxigraph.Literal("2022-12-18", datatype=pyoxigraph.NamedNode(str(_xsd("date")))),
            next(
                q.graph_name
                for q in store.quads_for_pattern(
                    pyoxigraph.NamedNode(FINAL), pyoxigraph.NamedNode(FK + "date"), None
                )
            ),
        )
    )
    report = check_both(store)
    assert [(r.focus_node, r.path) for r in report.results] == [(FINAL, FK + "date")]


def test_report_counts_text_and_graph() -> None:
    update = (
        "DELETE { goal:6 fk:minute 118 } INSERT { goal:6 fk:minute 131 } WHERE {} ;"
        + SWAP_CHAMPION
        + " WHERE { ?e fk:champion ?c ; fk:runnerUp ?r }"
    )
    report = validate(load("final-2022.ttl", update))
    assert not report.conforms
    assert report.counts() == {"Violation": 1, "Warning": 2, "Info": 0}
    text = report.to_text(limit=5)
    assert "does NOT conform; 1 violation(s), 2 warning(s), 0 info(s)" in text
    assert "[Violation] fks:GoalShape: A goal minute is one xsd:integer from 1 to 130 (1)" in text
    assert "fkr:match/2022-12-18-argentina-france/goal/6 fk:minute = " in text
    assert text.index("[Violation]") < text.index("[Warning]")
    report_graph = report.to_graph()
    assert len(set(report_graph.subjects(RDF.type, SH.ValidationResult))) == 3
    assert (None, SH.focusNode, URIRef(FINAL + "/goal/6")) in report_graph


def test_to_text_limits_each_group() -> None:
    update = "DELETE { ?g fk:ownGoal ?o } WHERE { ?g a fk:Goal ; fk:ownGoal ?o }"
    report = validate(load("final-2022.ttl", update))
    text = report.to_text(limit=2)
    assert "needs exactly one fk:ownGoal flag (xsd:boolean) (6)" in text
    assert "… and 4 more" in text


def test_unknown_engine_and_input_are_rejected() -> None:
    with pytest.raises(ValueError, match="engine"):
        validate(Graph(), engine="jena")
    with pytest.raises(TypeError, match="str"):
        validate("not a graph")
    with pytest.raises(FileNotFoundError, match="nowhere"):
        validate(Graph(), shapes=Path("/nowhere/shapes.ttl"))


def _xsd(name: str) -> URIRef:
    return URIRef("http://www.w3.org/2001/XMLSchema#" + name)


def _ox(term: object) -> pyoxigraph.NamedNode | pyoxigraph.Literal | pyoxigraph.BlankNode:
    """An rdflib term as a pyoxigraph term."""
    from rdflib import BNode, Literal

    if isinstance(term, URIRef):
        return pyoxigraph.NamedNode(str(term))
    if isinstance(term, BNode):
        return pyoxigraph.BlankNode(str(term))
    assert isinstance(term, Literal)
    if term.language:
        return pyoxigraph.Literal(str(term), language=term.language)
    datatype = term.datatype or _xsd("string")
    return pyoxigraph.Literal(str(term), datatype=pyoxigraph.NamedNode(str(datatype)))


# --- conformance on a built store ---------------------------------------------------------------

#: Breaks of the sample store, each in the named graph that holds the facts it changes: a match
#: without its date, a goal credited to a team that did not play the match, a head-to-head record
#: whose wins and draws no longer add up (the sample has no squads).
SAMPLE_BREAKS = [
    # a league season (a subject of fk:tier: LeagueSeasonShape's sh:targetSubjectsOf) without
    # its points for a win
    """DELETE { GRAPH ?g { ?season fk:winPoints ?p } } WHERE { GRAPH ?g { ?season fk:tier ?t ;
       fk:winPoints ?p } }""",
    """DELETE { GRAPH ?g { ?m fk:date ?d } }
       WHERE { { SELECT ?m WHERE { GRAPH ?in { ?m a fk:Match } } ORDER BY ?m LIMIT 2 }
               GRAPH ?g { ?m fk:date ?d } }""",
    """DELETE { GRAPH ?g { ?goal fk:team ?t } } INSERT { GRAPH ?g { ?goal fk:team team:atlantis } }
       WHERE { { SELECT ?goal WHERE { GRAPH ?in { ?goal a fk:Goal } } ORDER BY ?goal LIMIT 1 }
               GRAPH ?g { ?goal fk:team ?t } }""",
    """DELETE { GRAPH ?g { ?r fk:draws ?d } } INSERT { GRAPH ?g { ?r fk:draws ?more } }
       WHERE { { SELECT ?r WHERE { GRAPH ?in { ?r a fk:HeadToHead } } ORDER BY DESC(?r)
                 LIMIT 1 }
               GRAPH ?g { ?r fk:draws ?d } BIND(?d + 1 AS ?more) }""",
]


def test_sample_store_results_are_pyshacls(sample_store: Path) -> None:
    """footkg's engines on a built store (the offline sample: World Cup finals and their derived
    records, in their named graphs) report what pySHACL reports: the same focus
    nodes, paths, values, shapes, constraint components, severities and messages, on the store
    as built (it conforms) and after three rules are broken in it."""
    from footkg.store.local import open_store

    built = open_store(sample_store)
    store = pyoxigraph.Store()
    store.extend(built.quads_for_pattern(None, None, None, None))
    assert check_both(store).conforms
    for update in SAMPLE_BREAKS:
        store.update(PREFIXES + update)
    report = check_both(store)
    found = {(r.source_shape.rsplit("#", 1)[-1], r.path.rsplit("#", 1)[-1] if r.path else "")
             for r in report.results}  # fmt: skip
    assert {("MatchShape", "date"), ("GoalTeamInMatchShape", "team"),
            ("HeadToHeadCountsShape", ""), ("LeagueSeasonShape", "winPoints")} <= found  # fmt: skip
    assert len(report.results) >= 4  # two matches without a date
