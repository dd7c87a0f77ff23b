"""What the endpoint's Linked Data pages show, read from the store (these functions run in a
worker process, as ``call`` jobs of :mod:`footkg.serve.workers`).

:func:`page_data` gathers, for one resource IRI: its label and classes, its statements (each with
its named graph), the statements pointing at it grouped by property (a count per property and one
page of subjects, newest first: match and goal IRIs start with their date), the labels of every
IRI shown, and what a reader of a football page looks for first (the facts of the footkg graph
model, ``docs/graph-model.md``):

* a match (``fk:Match``): the score line and its label ("Argentina 3–3 France (a.e.t., 4–2
  pens), 2022 FIFA World Cup final"), date, stage, venue, the goals in minute order with their
  scorers, the penalty shoot-out (each side's kicks in its order), and the two squads of the
  edition (the graph holds squads per tournament, not line-ups or cards);
* a team (``fk:NationalTeam``): its record (played, won, drawn, lost, goals; a shoot-out counts
  as a draw), titles, latest matches, finals, top scorers and fiercest rivals (``fk:HeadToHead``);
* a player (``fk:Player``): tournaments (squad memberships) and goals.

:func:`describe` is the Turtle / JSON-LD description (statements, the first statements pointing at
the resource, the labels of its neighbours). Every IRI is bound with a ``VALUES`` block
(:func:`footkg.query.catalogue.with_values_block`), never pasted into the query text.
"""

from __future__ import annotations

from typing import Any

import pyoxigraph as ox

from footkg import vocab
from footkg.query import catalogue as queries
from footkg.serve.fastpath import strip_header

FK = vocab.FK_NS
RDFS_LABEL = ox.NamedNode(vocab.PREFIXES["rdfs"] + "label")
RDF_TYPE = ox.NamedNode(vocab.PREFIXES["rdf"] + "type")

_PREFIXES = f"""PREFIX fk: <{FK}>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
"""


def _select(kg: ox.Store, text: str, **bindings: ox.NamedNode) -> list[dict[str, Any]]:
    """Rows of a SELECT over the union default graph, as ``{variable: term}`` (unbound left
    out)."""
    bound = queries.with_values_block(_PREFIXES + text, bindings)
    solutions = kg.query(bound, use_default_graph_as_union=True)
    names = [v.value for v in solutions.variables]
    return [
        {n: s[n] for n in names if s[n] is not None}
        for s in solutions  # type: ignore[union-attr]
    ]


def _value(term: Any) -> Any:
    """A term as a plain value: IRIs and strings as ``str``, integers as ``int``, booleans as
    ``bool``; ``None`` stays ``None``."""
    if term is None:
        return None
    if isinstance(term, ox.Literal):
        kind = term.datatype.value
        if kind.endswith(("#integer", "#int", "#long")):
            return int(term.value)
        if kind.endswith("#boolean"):
            return term.value in ("true", "1")
        return term.value
    return term.value


def _rows(kg: ox.Store, text: str, **bindings: ox.NamedNode) -> list[dict[str, Any]]:
    return [{k: _value(v) for k, v in row.items()} for row in _select(kg, text, **bindings)]


# --- the description ----------------------------------------------------------------------------


def describe(kg: ox.Store, iri: str, incoming_limit: int) -> list[ox.Quad]:
    """The statements about ``iri``, up to ``incoming_limit`` pointing at it (newest subjects
    first), and the labels of the IRIs on the other end (each in its named graph)."""
    node = ox.NamedNode(iri)
    out = list(kg.quads_for_pattern(node, None, None, None))
    incoming = sorted(
        kg.quads_for_pattern(None, None, node, None),
        key=lambda q: (q.subject.value, q.predicate.value),
        reverse=True,
    )[:incoming_limit]
    neighbours = {q.object for q in out if isinstance(q.object, ox.NamedNode)}
    neighbours |= {q.subject for q in incoming if isinstance(q.subject, ox.NamedNode)}
    neighbours.discard(node)
    labels = []
    for other in sorted(neighbours, key=lambda n: n.value):
        labels.extend(list(kg.quads_for_pattern(other, RDFS_LABEL, None, None))[:1])
    return out + incoming + labels


# --- labels -------------------------------------------------------------------------------------

_MATCH_FACTS = """SELECT ?m ?homeName ?awayName ?hs ?as ?et ?hp ?ap ?date ?stage ?edition ?group
  ?home ?away ?venue ?venueLabel ?city ?cityLabel ?shootout ?winner ?attendance WHERE {
  ?m fk:homeTeamName ?homeName ; fk:awayTeamName ?awayName ; fk:date ?date ;
     fk:homeTeam ?home ; fk:awayTeam ?away .
  OPTIONAL { ?m fk:homeScore ?hs } OPTIONAL { ?m fk:awayScore ?as }
  OPTIONAL { ?m fk:extraTime ?et }
  OPTIONAL { ?m fk:penaltyShootout ?shootout .
             OPTIONAL { ?shootout fk:homePenalties ?hp }
             OPTIONAL { ?shootout fk:awayPenalties ?ap } }
  OPTIONAL { ?m fk:stage/rdfs:label ?stage }
  OPTIONAL { ?m fk:edition/rdfs:label ?edition }
  OPTIONAL { ?m fk:group ?group }
  OPTIONAL { ?m fk:venue ?venue . OPTIONAL { ?venue rdfs:label ?venueLabel } }
  OPTIONAL { ?m fk:city ?city . OPTIONAL { ?city rdfs:label ?cityLabel } }
  OPTIONAL { ?m fk:winner ?winner }
  OPTIONAL { ?m fk:attendance ?attendance }
}"""


_MATCH_VARS = tuple(
    name[1:] for name in _MATCH_FACTS.split("WHERE", 1)[0].split() if name.startswith("?")
)


def match_label(facts: dict[str, Any]) -> str:
    """A match's name as a reader writes it, from :data:`_MATCH_FACTS` values: "Argentina 3–3
    France (a.e.t., 4–2 pens), 2022 FIFA World Cup final" (the teams under the names they played
    under; the stage's label as written in the ontology, lower case after the edition)."""
    home, away = facts.get("homeName", "?"), facts.get("awayName", "?")
    if facts.get("hs") is not None and facts.get("as") is not None:
        line = f"{home} {facts['hs']}–{facts['as']} {away}"
    else:
        line = f"{home} v {away}"
    notes = []
    if facts.get("et"):
        notes.append("a.e.t.")
    if facts.get("hp") is not None and facts.get("ap") is not None:
        notes.append(f"{facts['hp']}–{facts['ap']} pens")
    if notes:
        line += f" ({', '.join(notes)})"
    where = facts.get("edition")
    stage = facts.get("group") or facts.get("stage")
    if where and stage:
        line += f", {where} {stage[0].lower() + stage[1:] if not facts.get('group') else stage}"
    elif where:
        line += f", {where}"
    else:
        line += f", {facts.get('date', '')}"
    return line


def _match_facts(kg: ox.Store, matches: list[str]) -> dict[str, dict[str, Any]]:
    """:data:`_MATCH_FACTS` of each match IRI, 200 matches a query (a ``VALUES`` block of
    serialised IRIs)."""
    out: dict[str, dict[str, Any]] = {}
    for start in range(0, len(matches), 200):
        values = " ".join(
            queries.sparql_term(ox.NamedNode(m)) for m in matches[start : start + 200]
        )
        text = _PREFIXES + _MATCH_FACTS.replace("WHERE {", f"WHERE {{ VALUES ?m {{ {values} }}", 1)
        for solution in kg.query(text, use_default_graph_as_union=True):  # type: ignore[union-attr]
            row = {v: _value(solution[v]) for v in _MATCH_VARS if solution[v] is not None}
            out.setdefault(row["m"], row)
    return out


def labels_for(kg: ox.Store, iris: list[str]) -> dict[str, str]:
    """A readable name for each IRI that has one: its ``rdfs:label``, a match's
    :func:`match_label`, or a goal's "scorer minute′ (match)"."""
    labels: dict[str, str] = {}
    for iri in iris:
        try:
            node = ox.NamedNode(iri)
        except ValueError:  # a blank node's label, not an IRI
            continue
        for quad in kg.quads_for_pattern(node, RDFS_LABEL, None, None):
            labels[iri] = quad.object.value
            break
    matches = [i for i in iris if i not in labels and i.startswith(vocab.RES_NS + "match/")]
    for iri, facts in _match_facts(kg, matches).items():
        labels[iri] = match_label(facts)
    return labels


# --- page sections by kind ----------------------------------------------------------------------

_GOALS = """SELECT ?goal ?team ?scorer ?scorerLabel ?scorerName ?minute ?stoppage ?own ?penalty
  WHERE { ?goal fk:match ?m ; fk:team ?team .
  OPTIONAL { ?goal fk:scorer ?scorer . OPTIONAL { ?scorer rdfs:label ?scorerLabel } }
  OPTIONAL { ?goal fk:scorerName ?scorerName } OPTIONAL { ?goal fk:minute ?minute }
  OPTIONAL { ?goal fk:stoppageMinute ?stoppage }
  OPTIONAL { ?goal fk:ownGoal ?own } OPTIONAL { ?goal fk:penalty ?penalty } }
  ORDER BY ?minute ?stoppage ?goal"""

_KICKS = """SELECT ?kick ?number ?team ?taker ?takerLabel ?converted WHERE {
  ?m fk:penaltyShootout/fk:kick ?kick .
  OPTIONAL { ?kick fk:kickNumber ?number } OPTIONAL { ?kick fk:team ?team }
  OPTIONAL { ?kick fk:taker ?taker . OPTIONAL { ?taker rdfs:label ?takerLabel } }
  OPTIONAL { ?kick fk:converted ?converted } } ORDER BY ?number ?kick"""

_SQUADS = """SELECT ?team ?player ?playerLabel ?number ?position WHERE {
  ?m fk:edition ?ed ; fk:homeTeam|fk:awayTeam ?team .
  ?sm a fk:SquadMembership ; fk:edition ?ed ; fk:team ?team ; fk:player ?player .
  OPTIONAL { ?player rdfs:label ?playerLabel }
  OPTIONAL { ?sm fk:shirtNumber ?number } OPTIONAL { ?sm fk:position ?position } }
  ORDER BY ?team ?number ?playerLabel"""


def _match_section(kg: ox.Store, iri: str) -> dict[str, Any]:
    node = ox.NamedNode(iri)
    facts = _match_facts(kg, [iri]).get(iri, {})
    return {
        "kind": "match",
        "facts": facts,
        "label": match_label(facts) if facts else None,
        "goals": _rows(kg, _GOALS, m=node),
        "kicks": _rows(kg, _KICKS, m=node),
        "squads": _rows(kg, _SQUADS, m=node),
    }


# a team's record from its derived head-to-head records (every match with a score, each
# competition and friendlies included: docs/graph-model.md), not from its thousand matches
_RECORD = """SELECT (SUM(?n) AS ?played) (SUM(?w) AS ?won) (SUM(?d) AS ?drawn)
  (SUM(?l) AS ?lost) (SUM(?for) AS ?goalsFor) (SUM(?against) AS ?goalsAgainst) WHERE {
  { ?h fk:team1 ?t ; fk:team1Wins ?w ; fk:team2Wins ?l ; fk:team1Goals ?for ;
       fk:team2Goals ?against }
  UNION { ?h fk:team2 ?t ; fk:team2Wins ?w ; fk:team1Wins ?l ; fk:team2Goals ?for ;
          fk:team1Goals ?against }
  ?h a fk:HeadToHead ; fk:played ?n ; fk:draws ?d }"""

_TITLES = """SELECT ?edition ?editionLabel ?year WHERE { ?edition fk:champion ?t ;
  rdfs:label ?editionLabel ; fk:year ?year } ORDER BY ?year"""

_LATEST = """SELECT ?m ?date WHERE { { ?m fk:homeTeam ?t } UNION { ?m fk:awayTeam ?t }
  ?m fk:date ?date } ORDER BY DESC(?date) DESC(?m) LIMIT 10"""

_FINALS = """SELECT ?m ?date WHERE { { ?m fk:homeTeam ?t } UNION { ?m fk:awayTeam ?t }
  ?m fk:stage fk:Final ; fk:date ?date } ORDER BY DESC(?date) LIMIT 20"""

_TOP_SCORERS = """SELECT ?player ?playerLabel (COUNT(?goal) AS ?goals) WHERE {
  ?goal fk:team ?t ; fk:scorer ?player ; fk:ownGoal false .
  OPTIONAL { ?player rdfs:label ?playerLabel } }
  GROUP BY ?player ?playerLabel ORDER BY DESC(?goals) ?playerLabel LIMIT 10"""

_RIVALS = """SELECT ?other ?otherLabel ?played ?wins ?draws ?losses ?score WHERE {
  { ?h fk:team1 ?t ; fk:team2 ?other ; fk:team1Wins ?wins ; fk:team2Wins ?losses }
  UNION { ?h fk:team2 ?t ; fk:team1 ?other ; fk:team2Wins ?wins ; fk:team1Wins ?losses }
  ?h a fk:HeadToHead ; fk:played ?played ; fk:draws ?draws ; fk:rivalryScore ?score .
  OPTIONAL { ?other rdfs:label ?otherLabel } } ORDER BY DESC(?score) LIMIT 10"""


def _team_section(kg: ox.Store, iri: str) -> dict[str, Any]:
    node = ox.NamedNode(iri)
    latest = [r["m"] for r in _rows(kg, _LATEST, t=node)]
    finals = [r["m"] for r in _rows(kg, _FINALS, t=node)]
    facts = _match_facts(kg, list(dict.fromkeys(latest + finals)))
    return {
        "kind": "team",
        "record": (_rows(kg, _RECORD, t=node) or [{}])[0],
        "titles": _rows(kg, _TITLES, t=node),
        "latest": [dict(facts[m], m=m, label=match_label(facts[m])) for m in latest if m in facts],
        "finals": [dict(facts[m], m=m, label=match_label(facts[m])) for m in finals if m in facts],
        "scorers": _rows(kg, _TOP_SCORERS, t=node),
        "rivals": _rows(kg, _RIVALS, t=node),
    }


_TOURNAMENTS = """SELECT ?edition ?editionLabel ?year ?team ?teamLabel ?number ?position WHERE {
  ?sm fk:player ?p ; fk:edition ?edition ; fk:team ?team .
  OPTIONAL { ?edition rdfs:label ?editionLabel } OPTIONAL { ?edition fk:year ?year }
  OPTIONAL { ?team rdfs:label ?teamLabel }
  OPTIONAL { ?sm fk:shirtNumber ?number } OPTIONAL { ?sm fk:position ?position } }
  ORDER BY ?year ?editionLabel"""

_PLAYER_GOALS = """SELECT ?goal ?m ?date ?minute ?stoppage ?own ?penalty WHERE {
  ?goal fk:scorer ?p ; fk:match ?m . ?m fk:date ?date .
  OPTIONAL { ?goal fk:minute ?minute } OPTIONAL { ?goal fk:stoppageMinute ?stoppage }
  OPTIONAL { ?goal fk:ownGoal ?own } OPTIONAL { ?goal fk:penalty ?penalty } }
  ORDER BY ?date ?minute ?stoppage LIMIT 500"""


def _player_section(kg: ox.Store, iri: str) -> dict[str, Any]:
    node = ox.NamedNode(iri)
    goals = _rows(kg, _PLAYER_GOALS, p=node)
    facts = _match_facts(kg, list(dict.fromkeys(g["m"] for g in goals)))
    for goal in goals:
        if goal["m"] in facts:
            goal["label"] = match_label(facts[goal["m"]])
    return {"kind": "player", "tournaments": _rows(kg, _TOURNAMENTS, p=node), "goals": goals}


_SECTIONS = {
    FK + "Match": _match_section,
    FK + "NationalTeam": _team_section,
    FK + "Player": _player_section,
}


# --- the page -----------------------------------------------------------------------------------


def _graph(quad: ox.Quad) -> str | None:
    return None if isinstance(quad.graph_name, ox.DefaultGraph) else quad.graph_name.value


def page_data(kg: ox.Store, iri: str, page: int = 1, per_page: int = 100) -> dict[str, Any]:
    """Everything a resource page shows (see the module doc), as plain values and pyoxigraph
    terms. ``page`` (from 1) and ``per_page`` choose the slice of each backlink group."""
    node = ox.NamedNode(iri)
    out = list(kg.quads_for_pattern(node, None, None, None))
    types = sorted({q.object.value for q in out if q.predicate == RDF_TYPE})
    groups: dict[str, list[tuple[str, str | None]]] = {}
    for quad in kg.quads_for_pattern(None, None, node, None):
        groups.setdefault(quad.predicate.value, []).append((quad.subject.value, _graph(quad)))
    backlinks = []
    for predicate in sorted(groups, key=lambda p: (-len(groups[p]), p)):
        rows = sorted(set(groups[predicate]), reverse=True)
        start = (page - 1) * per_page
        backlinks.append(
            {"property": predicate, "total": len(rows), "rows": rows[start : start + per_page]}
        )
    section: dict[str, Any] = {}
    for kind in types:
        if kind in _SECTIONS:
            section = _SECTIONS[kind](kg, iri)
            break
    shown = {q.predicate.value for q in out}
    shown |= {q.object.value for q in out if isinstance(q.object, ox.NamedNode)}
    shown |= {s for group in backlinks for s, _ in group["rows"]}
    shown |= {g["property"] for g in backlinks}
    labels = labels_for(kg, sorted(shown | {iri}))
    return {
        "iri": iri,
        "label": section.get("label") or labels.get(iri),
        "types": types,
        "statements": sorted(
            ((q.predicate.value, q.object, _graph(q)) for q in out),
            key=lambda s: (s[0] != RDF_TYPE.value, labels.get(s[0], s[0]), str(s[1])),
        ),
        "backlinks": backlinks,
        "incoming_total": sum(g["total"] for g in backlinks),
        "page": page,
        "per_page": per_page,
        "labels": labels,
        "section": section,
    }


# --- the query page's catalogue form ------------------------------------------------------------


def bound_query(kg: ox.Store, name: str, raw: dict[str, str]) -> tuple[int, str]:
    """Catalogue query ``name`` with the raw values ``raw`` bound (as ``footkg query -p`` binds
    them: team names through the graph's team index, every value an RDF term in a ``VALUES``
    block); ``(200, text)``, or ``(status, message)`` for an unknown query (404) or a bad value
    (400, with suggestions)."""
    from footkg import resources
    from footkg.errors import FootkgError
    from footkg.ingest.resolve import TeamIndex

    try:
        catalogue = queries.load_catalogue(resources.queries_dir())
        q = catalogue.get(name)
    except FootkgError as exc:
        return 404, str(exc)
    try:
        needs_teams = any(p.type == "team" for p in q.params)
        resolver = TeamIndex.from_store(kg).lookup if needs_teams else None
        bindings = queries.bind_params(q, raw, resolve_team=resolver)
        return 200, queries.with_values_block(strip_header(q.text), bindings)
    except FootkgError as exc:
        return 400, str(exc)
