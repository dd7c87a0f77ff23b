"""Hostile names and literals: whatever a source or a user writes, the IRIs footkg mints and the
literals it writes survive every export format and re-import unchanged (issue: robustness)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pyoxigraph as ox
import rdflib
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib.compare import isomorphic

from footkg import vocab
from footkg.ingest.mapping import Iri, QuadSink
from footkg.store.export import export

HOSTILE = [
    'Argentina" } ; DROP ALL ; #',
    "<http://evil/>",
    "?team",
    "Côte d'Ivoire",
    "São Tomé & Príncipe / 1",
    "line\nbreak\r\ttab",
    "back\\slash",
    "עברית العربية",
    "⚽🏆",
    "%41%zz#frag",
    "x" * 300,
]
NAMES = st.one_of(st.sampled_from(HOSTILE), st.text(min_size=0, max_size=60))
GRAPH = vocab.graph_iri("test")


def _sink_for(name: str) -> QuadSink:
    """Mint one resource of every kind from ``name`` and describe it with literals."""
    sink = QuadSink()
    team = vocab.team_iri(name)
    player = vocab.player_iri(name, name)
    match = vocab.match_iri("2022-12-18", name, name + "!")
    minted = [
        team, player, match, vocab.stadium_iri(name, name), vocab.city_iri(name, name),
        vocab.competition_iri(name), vocab.edition_iri(name, 2026),
        vocab.team_name_iri(team, name, "1990-01-01"), vocab.goal_iri(match, 1),
    ]  # fmt: skip
    for iri in minted:
        sink.add(iri, "http://www.w3.org/2000/01/rdf-schema#label", name, GRAPH)
    sink.add(match, vocab.FK.homeTeam, Iri(team), GRAPH)
    sink.add(match, vocab.FK.date, date(2022, 12, 18), GRAPH)
    sink.add(match, vocab.FK.homeScore, 3, GRAPH)
    sink.add(match, vocab.FK.extraTime, True, GRAPH)
    sink.add(player, vocab.FK.wikipediaPage, Iri("https://en.wikipedia.org/wiki/" + name), GRAPH)
    return sink


def _roundtrip(sink: QuadSink, tmp: Path) -> None:
    store = ox.Store()
    store.load(sink.to_nquads(), format=ox.RdfFormat.N_QUADS)
    written = rdflib.Dataset()
    written.parse(data=sink.to_nquads().decode("utf-8"), format="nquads")
    files = export(store, tmp, ["turtle", "trig", "nquads", "ntriples", "jsonld"])
    by_suffix = {p.suffix: p for p in files}
    for suffix, rdflib_format in ((".trig", "trig"), (".nq", "nquads"), (".jsonld", "json-ld")):
        reread = rdflib.Dataset()
        reread.parse(by_suffix[suffix], format=rdflib_format)
        assert isomorphic(reread.graph(GRAPH), written.graph(GRAPH)), suffix
    for suffix, fmt in ((".ttl", ox.RdfFormat.TURTLE), (".nt", ox.RdfFormat.N_TRIPLES)):
        triples = {(q.subject, q.predicate, q.object) for q in store}
        reparsed = {
            (q.subject, q.predicate, q.object) for q in ox.parse(path=by_suffix[suffix], format=fmt)
        }
        assert reparsed == triples, suffix
        merged = rdflib.Graph().parse(by_suffix[suffix], format="turtle")
        assert isomorphic(merged, written.graph(GRAPH)), suffix


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(NAMES)
def test_any_name_survives_every_export_format(tmp_path_factory, name: str) -> None:
    _roundtrip(_sink_for(name), tmp_path_factory.mktemp("rt"))


def test_literals_keep_their_meaning(tmp_path: Path) -> None:
    """Dates (with and without a time zone), integers, decimals, language-tagged names and
    strings with quotes and newlines come back equal, datatype and language included."""
    subject = vocab.team_iri("Uruguay")
    literals = [
        ox.Literal("1950-07-16", datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#date")),
        ox.Literal(
            "1950-07-16-03:00", datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#date")
        ),
        ox.Literal(
            "1950-07-16T15:00:00-03:00",
            datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#dateTime"),
        ),
        ox.Literal("199854", datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#integer")),
        ox.Literal("-2", datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#integer")),
        # canonical lexical form: Oxigraph writes the value 1.50 as 1.5, same meaning
        ox.Literal("1.5", datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#decimal")),
        ox.Literal("Uruguai", language="pt"),
        ox.Literal("Uruguay", language="en-GB"),
        ox.Literal('the "Maracanazo"\nof 1950 \\ o/'),
    ]
    sink = QuadSink()
    for n, literal in enumerate(literals):
        sink.add(subject, f"https://example.org/p{n}", literal, GRAPH)
    _roundtrip(sink, tmp_path)
    store = ox.Store()
    store.load(sink.to_nquads(), format=ox.RdfFormat.N_QUADS)
    got = {q.predicate.value: q.object for q in store}
    assert [got[f"https://example.org/p{n}"] for n in range(len(literals))] == literals


def test_unsafe_characters_in_external_iris_are_percent_encoded() -> None:
    """Wikipedia addresses from the sources are raw Unicode, sometimes with characters N-Quads
    forbids in IRIs; they are percent-encoded, the rest kept."""
    sink = QuadSink()
    sink.add(vocab.player_iri("x"), vocab.FK.wikipediaPage,
             Iri('https://en.wikipedia.org/wiki/Ad{ão} "Nunes"'), GRAPH)  # fmt: skip
    (quad,) = ox.parse(sink.to_nquads(), format=ox.RdfFormat.N_QUADS)
    assert quad.object.value == "https://en.wikipedia.org/wiki/Ad%7Bão%7D%20%22Nunes%22"
    sink = QuadSink()
    sink.add(
        vocab.player_iri("y"), vocab.FK.wikipediaPage, Iri("https://x.org/100%_a%C3%A9"), GRAPH
    )
    (quad,) = ox.parse(sink.to_nquads(), format=ox.RdfFormat.N_QUADS)
    assert quad.object.value == "https://x.org/100%25_a%C3%A9"
