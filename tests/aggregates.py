"""The derived aggregates (head-to-head records, goal tallies, minutes played, appearance
tallies, group tables, squads) of a hand-written test graph.

A build derives them from its resolved records (:mod:`footkg.ingest.derive`); a fixture graph such
as ``tests/fixtures/mini.trig`` has only the RDF, so :func:`aggregate_quads` reads its matches,
goals, line-ups, substitutions, cards and stated group tables back into records and runs the same
derivation and mapping code on them.
"""

from __future__ import annotations

import datetime as dt

import pyoxigraph as ox

from footkg.ingest.derive import (
    Derived,
    appearance_tallies,
    goal_tallies,
    group_tables,
    head_to_head_records,
    minutes_played,
    squads,
)
from footkg.ingest.integrate import (
    Integrated,
    RAppearance,
    RBooking,
    REdition,
    RGoal,
    RGroupStanding,
    RMatch,
    RShootout,
    RSquad,
    RSubstitution,
)
from footkg.ingest.mapping import QuadSink, map_derived

_PREFIXES = """PREFIX fk: <https://w3id.org/footkg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
"""

_MATCHES = (
    _PREFIXES
    + """SELECT ?match ?home ?away ?homeScore ?awayScore ?date ?competition ?edition ?stage ?group
       ?extraTime ?shootout ?shootoutWinner
WHERE {
  ?match a fk:Match ; fk:homeTeam ?home ; fk:awayTeam ?away ; fk:homeScore ?homeScore ;
         fk:awayScore ?awayScore ; fk:date ?date ; fk:competition ?competition .
  OPTIONAL { ?match fk:edition ?edition }
  OPTIONAL { ?match fk:stage ?stageNode . ?stageNode rdfs:label ?stage }
  OPTIONAL { ?match fk:group ?group }
  OPTIONAL { ?match fk:extraTime ?extraTime }
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

_APPEARANCES = (
    _PREFIXES
    + """SELECT ?a ?match ?team ?player ?starter
WHERE { ?match fk:appearance ?a . ?a fk:team ?team ; fk:player ?player ;
           fk:starter ?starter }"""
)

_SUBSTITUTIONS = (
    _PREFIXES
    + """SELECT ?s ?match ?team ?minute ?direction ?player
WHERE { ?match fk:substitution ?s . ?s fk:team ?team ; fk:minute ?minute ;
           ?direction ?player . FILTER(?direction IN (fk:playerOn, fk:playerOff)) }"""
)

_BOOKINGS = (
    _PREFIXES
    + """SELECT ?b ?match ?team ?player ?minute ?sendingOff
WHERE { ?match fk:booking ?b . ?b fk:team ?team ; fk:player ?player ;
           fk:minute ?minute ; fk:sendingOff ?sendingOff }"""
)

_STANDINGS = (
    _PREFIXES
    + """SELECT ?s ?edition ?stage ?team
WHERE { ?s a fk:GroupStanding ; fk:edition ?edition ; fk:stage/rdfs:label ?stage ;
           fk:team ?team }"""
)

_EDITIONS = (
    _PREFIXES
    + """SELECT ?e ?year ?competition
WHERE { ?e a fk:TournamentEdition ; fk:year ?year ; fk:competition ?competition }"""
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
            group=_value(row["group"]),
            extra_time=_value(row["extraTime"]) == "true",
            shootout=_shootout(row),
        )
    return out


def _rows(store: ox.Store, query: str):
    return store.query(query, use_default_graph_as_union=True)


def _add_details(store: ox.Store, matches: dict[str, RMatch]) -> None:
    """The line-ups, substitutions and cards of the store's matches, into the records."""
    for row in _rows(store, _APPEARANCES):
        m = matches[row["match"].value]
        m.appearances.append(
            RAppearance(
                row["a"].value,
                m.iri,
                row["team"].value,
                "",
                row["player"].value,
                row["starter"].value == "true",
                "",
            )
        )
    subs: dict[str, RSubstitution] = {}
    for row in _rows(store, _SUBSTITUTIONS):
        m = matches[row["match"].value]
        sub = subs.get(row["s"].value)
        if sub is None:
            sub = subs[row["s"].value] = RSubstitution(
                row["s"].value, m.iri, row["team"].value, int(row["minute"].value), None, None, ""
            )
            m.substitutions.append(sub)
        on = row["direction"].value.endswith("playerOn")
        (sub.on if on else sub.off).append(row["player"].value)
    for row in _rows(store, _BOOKINGS):
        m = matches[row["match"].value]
        m.bookings.append(
            RBooking(
                row["b"].value,
                m.iri,
                row["team"].value,
                row["player"].value,
                (),
                row["sendingOff"].value == "true",
                int(row["minute"].value),
                None,
                None,
                "",
            )
        )


def _integrated(store: ox.Store, matches: dict[str, RMatch]) -> Integrated:
    """What :func:`footkg.ingest.derive.group_tables` reads: matches, editions, stated lines."""
    data = Integrated(matches=matches)
    for row in _rows(store, _EDITIONS):
        iri = row["e"].value
        data.editions[iri] = REdition(iri, "", row["competition"].value, int(row["year"].value), "")
    for row in _rows(store, _STANDINGS):
        data.group_standings.append(
            RGroupStanding(
                row["s"].value,
                row["edition"].value,
                row["stage"].value,
                None,
                row["team"].value,
                "",
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                False,
                "",
            )
        )
    return data


def aggregate_quads(store: ox.Store) -> list[ox.Quad]:
    """The ``fkg:derived`` quads of the head-to-head records, goal tallies, minutes played,
    appearance tallies, group tables and squads of the matches and squad memberships in
    ``store`` (its union graph), as a build would write them."""
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
    _add_details(store, matches)
    minutes: dict[str, int] = {}
    for m in matches.values():
        minutes.update(minutes_played(m))
    derived = Derived(
        head_to_head=head_to_head_records(matches.values()),
        goal_tallies=goal_tallies(matches.values(), players),
        minutes_played=minutes,
        appearance_tallies=appearance_tallies(matches.values(), minutes),
        group_standings=group_tables(_integrated(store, matches)),
        squads=squads(
            RSquad(row["membership"].value, row["player"].value, row["team"].value,
                   row["edition"].value, "")
            for row in store.query(_SQUADS, use_default_graph_as_union=True)
        ),
    )  # fmt: skip
    sink = QuadSink()
    map_derived(sink, derived)
    return sink.quads()
