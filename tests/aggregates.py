"""The derived aggregates (head-to-head records, goal tallies, squads) of a hand-written test graph.

A build derives them from its resolved records (:mod:`footkg.ingest.derive`); a fixture graph such
as ``tests/fixtures/mini.trig`` has only the RDF, so :func:`aggregate_quads` reads its matches and
goals back into records and runs the same derivation and mapping code on them.
"""

from __future__ import annotations

import datetime as dt

import pyoxigraph as ox

from footkg.ingest.derive import goal_tallies, head_to_head_records, squads
from footkg.ingest.integrate import RGoal, RMatch, RShootout, RSquad
from footkg.ingest.mapping import QuadSink, map_goal_tally, map_head_to_head, map_squad_record

_PREFIXES = """PREFIX fk: <https://w3id.org/footkg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
"""

_MATCHES = (
    _PREFIXES
    + """SELECT ?match ?home ?away ?homeScore ?awayScore ?date ?competition ?edition ?stage
       ?shootout ?shootoutWinner
WHERE {
  ?match a fk:Match ; fk:homeTeam ?home ; fk:awayTeam ?away ; fk:homeScore ?homeScore ;
         fk:awayScore ?awayScore ; fk:date ?date ; fk:competition ?competition .
  OPTIONAL { ?match fk:edition ?edition }
  OPTIONAL { ?match fk:stage ?stageNode . ?stageNode rdfs:label ?stage }
  OPTIONAL { ?match fk:penaltyShootout ?shootout OPTIONAL { ?shootout fk:winner ?shootoutWinner } }
}"""
)

_GOALS = (
    _PREFIXES
    + """SELECT ?goal ?match ?team ?scorer ?ownGoal
WHERE { ?goal a fk:Goal ; fk:match ?match ; fk:team ?team ; fk:ownGoal ?ownGoal .
        OPTIONAL { ?goal fk:scorer ?scorer } }"""
)

_PLAYERS = _PREFIXES + "SELECT ?player WHERE { ?player a fk:Player ; rdfs:label ?label }"

_SQUADS = (
    _PREFIXES
    + """SELECT ?membership ?player ?team ?edition
WHERE { ?membership a fk:SquadMembership ; fk:player ?player ; fk:team ?team ;
                    fk:edition ?edition }"""
)


def _value(term: ox.NamedNode | ox.Literal | None) -> str | None:
    return None if term is None else term.value


def _shootout(row: ox.QuerySolution) -> RShootout | None:
    """The match's shootout (only its winner: what the aggregates read), or None."""
    if row["shootout"] is None:
        return None
    return RShootout(row["shootout"].value, None, None, _value(row["shootoutWinner"]), None)


def _matches(store: ox.Store) -> dict[str, RMatch]:
    """The store's matches with a score as records (only the fields the aggregates read)."""
    out: dict[str, RMatch] = {}
    for row in store.query(_MATCHES, use_default_graph_as_union=True):
        iri = row["match"].value
        out[iri] = RMatch(
            iri=iri,
            graph="",
            source="",
            date=dt.date.fromisoformat(row["date"].value),
            home_iri=row["home"].value,
            away_iri=row["away"].value,
            home_name="",
            away_name="",
            home_score=int(row["homeScore"].value),
            away_score=int(row["awayScore"].value),
            competition_iri=row["competition"].value,
            gender="men",
            edition_iri=_value(row["edition"]),
            stage=_value(row["stage"]),
            shootout=_shootout(row),
        )
    return out


def aggregate_quads(store: ox.Store) -> list[ox.Quad]:
    """The ``fkg:derived`` quads of the head-to-head records, goal tallies and squads of the
    matches, goals and squad memberships in ``store`` (its union graph), as a build would write
    them."""
    matches = _matches(store)
    for row in store.query(_GOALS, use_default_graph_as_union=True):
        match = matches.get(row["match"].value)
        if match is None:
            continue
        match.goals.append(
            RGoal(
                iri=row["goal"].value,
                match_iri=match.iri,
                team_iri=row["team"].value,
                scorer_iri=_value(row["scorer"]),
                scorer_name=None,
                minute=None,
                stoppage=None,
                own_goal=row["ownGoal"].value == "true",
                penalty=False,
                graph="",
            )
        )
    players = {
        row["player"].value for row in store.query(_PLAYERS, use_default_graph_as_union=True)
    }
    sink = QuadSink()
    for record in head_to_head_records(matches.values()):
        map_head_to_head(sink, record)
    for tally in goal_tallies(matches.values(), players):
        map_goal_tally(sink, tally)
    memberships = [
        RSquad(row["membership"].value, row["player"].value, row["team"].value,
               row["edition"].value, "")
        for row in store.query(_SQUADS, use_default_graph_as_union=True)
    ]  # fmt: skip
    for squad in squads(memberships):
        map_squad_record(sink, squad)
    return sink.quads()
