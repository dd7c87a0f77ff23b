"""The OWL ontology (ontology/footkg.ttl) against footkg.vocab.FK, STAGES and VOCABULARY.md."""

from __future__ import annotations

import pyoxigraph
import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import OWL, RDF, RDFS

from footkg.resources import ontology_path, queries_dir, repo_root, shapes_path
from footkg.vocab import (
    BBCSPORT,
    CARDS,
    DBO,
    FK,
    FK_NS,
    MATCH_STATUSES,
    PERIODS,
    SCHEMA,
    STAGES,
    WD,
    WDT,
)  # fmt: skip

ONTOLOGY_IRI = URIRef("https://w3id.org/footkg/ontology")
KINDS = {OWL.Class, OWL.ObjectProperty, OWL.DatatypeProperty, RDF.Property, OWL.NamedIndividual}
DCTERMS = "http://purl.org/dc/terms/"
XSD_NS = "http://www.w3.org/2001/XMLSchema#"


@pytest.fixture(scope="module")
def onto() -> Graph:
    return Graph().parse(ontology_path(), format="turtle")


def vocab_terms() -> set[URIRef]:
    return {URIRef(FK_NS + name) for name in FK.__annotations__}


def declared_terms(onto: Graph) -> set[URIRef]:
    return {
        s
        for kind in KINDS
        for s in onto.subjects(RDF.type, kind)
        if isinstance(s, URIRef) and str(s).startswith(FK_NS)
    }


def test_parses_with_rdflib_and_pyoxigraph(onto: Graph) -> None:
    store = pyoxigraph.Store()
    store.load(path=str(ontology_path()), format=pyoxigraph.RdfFormat.TURTLE)
    assert len(store) == len(onto) > 500
    assert (ONTOLOGY_IRI, RDF.type, OWL.Ontology) in onto


def test_ontology_header(onto: Graph) -> None:
    assert onto.value(ONTOLOGY_IRI, OWL.versionInfo) == Literal("0.1.0")
    assert onto.value(ONTOLOGY_IRI, URIRef(DCTERMS + "creator")) == Literal("footkg developers")
    assert onto.value(ONTOLOGY_IRI, URIRef(DCTERMS + "license")) == URIRef(
        "https://www.apache.org/licenses/LICENSE-2.0"
    )
    for prop in ("title", "description"):
        assert onto.value(ONTOLOGY_IRI, URIRef(DCTERMS + prop)) is not None


def test_every_vocab_term_is_declared_and_nothing_else(onto: Graph) -> None:
    in_vocab, in_onto = vocab_terms(), declared_terms(onto)
    assert in_vocab - in_onto == set(), "in vocab.FK but not declared in the ontology"
    assert in_onto - in_vocab == set(), "declared in the ontology but missing from vocab.FK"
    used = {t for t in onto.all_nodes() if isinstance(t, URIRef) and str(t).startswith(FK_NS)}
    assert used <= in_vocab, "fk: terms used but not in vocab.FK"


def test_classes_properties_and_individuals_have_the_right_kind(onto: Graph) -> None:
    kinds = {t: set(onto.objects(t, RDF.type)) & KINDS for t in vocab_terms()}
    individuals = {
        **{iri: FK.Stage for iri in STAGES.values()},
        **{iri: FK.Card for iri in CARDS.values()},
        **{iri: FK.MatchPeriod for iri in PERIODS.values()},
        **{iri: FK.MatchStatus for iri in MATCH_STATUSES.values()},
    }
    for term, found in kinds.items():
        name = str(term)[len(FK_NS) :]
        if term in individuals:
            assert found == {OWL.NamedIndividual}, name
            assert (term, RDF.type, individuals[term]) in onto
        elif name[0].isupper():
            assert found == {OWL.Class}, name
        else:
            assert len(found) == 1 and found <= {
                OWL.ObjectProperty,
                OWL.DatatypeProperty,
                RDF.Property,
            }, name
    assert kinds[FK.homeTeam] == {OWL.ObjectProperty}
    assert kinds[FK.homeScore] == {OWL.DatatypeProperty}
    assert (FK.homeScore, RDFS.range, URIRef(XSD_NS + "integer")) in onto
    assert (FK.date, RDFS.range, URIRef(XSD_NS + "date")) in onto
    assert (FK.minute, RDF.type, OWL.FunctionalProperty) in onto
    assert (FK.hostCountry, RDF.type, OWL.FunctionalProperty) not in onto


def test_every_term_has_an_english_label_and_comment(onto: Graph) -> None:
    for term in vocab_terms():
        for prop in (RDFS.label, RDFS.comment):
            values = [v for v in onto.objects(term, prop) if isinstance(v, Literal)]
            assert any(v.language == "en" and str(v).strip() for v in values), (term, prop)


def test_stage_individuals_are_labelled_with_their_keys(onto: Graph) -> None:
    for key, iri in {**STAGES, **CARDS, **PERIODS}.items():
        assert onto.value(iri, RDFS.label) == Literal(key, lang="en")
    for key, iri in MATCH_STATUSES.items():
        assert onto.value(iri, RDFS.label) == Literal(key, lang="en")


@pytest.mark.parametrize(
    "prop", [FK.winner, FK.team, FK.city, FK.country, FK.gender, FK.edition, FK.competition]
)
def test_shared_properties_have_no_single_class_domain(onto: Graph, prop: URIRef) -> None:
    """A property used on several classes must not type all its subjects as one class."""
    domains = list(onto.objects(prop, RDFS.domain))
    assert all(not str(d).startswith(FK_NS) for d in domains), domains


def test_shootout_kicks_are_never_goals(onto: Graph) -> None:
    assert (FK.ShootoutKick, OWL.disjointWith, FK.Goal) in onto


def test_no_https_schema_org() -> None:
    for path in (ontology_path(), shapes_path()):
        assert "https://schema.org/" not in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("term", "relation", "target"),
    [
        (FK.Match, RDFS.subClassOf, SCHEMA.SportsEvent),
        (FK.Match, RDFS.subClassOf, DBO.FootballMatch),
        (FK.Match, RDFS.subClassOf, BBCSPORT.Match),
        (FK.Match, RDFS.subClassOf, WD.Q16466010),
        (FK.NationalTeam, RDFS.subClassOf, SCHEMA.SportsTeam),
        (FK.NationalTeam, RDFS.subClassOf, WD.Q6979593),
        (FK.NationalTeam, RDFS.subClassOf, DBO.NationalSoccerClub),
        (FK.Player, RDFS.subClassOf, SCHEMA.Person),
        (FK.Player, RDFS.subClassOf, DBO.SoccerPlayer),
        (FK.Stadium, RDFS.subClassOf, SCHEMA.StadiumOrArena),
        (FK.Competition, RDFS.subClassOf, SCHEMA.EventSeries),
        (FK.TournamentEdition, RDFS.subClassOf, SCHEMA.SportsEvent),
        (FK.Stage, RDFS.subClassOf, BBCSPORT.Round),
        (FK.SquadMembership, RDFS.subClassOf, SCHEMA.OrganizationRole),
        (FK.ManagerAppointment, RDFS.subClassOf, SCHEMA.OrganizationRole),
        (FK.ManagerAppointment, RDFS.seeAlso, WDT.P286),
        (FK.Manager, RDFS.subClassOf, SCHEMA.Person),
        (FK.Manager, RDFS.subClassOf, DBO.SoccerManager),
        (FK.manager, RDFS.seeAlso, WDT.P286),
        (FK.manager, RDFS.seeAlso, SCHEMA.coach),
        (FK.nationality, RDFS.subPropertyOf, SCHEMA.nationality),
        (FK.homeTeam, RDFS.subPropertyOf, SCHEMA.homeTeam),
        (FK.awayTeam, RDFS.subPropertyOf, SCHEMA.awayTeam),
        (SCHEMA.homeTeam, RDFS.subPropertyOf, SCHEMA.competitor),
        (FK.date, RDFS.subPropertyOf, SCHEMA.startDate),
        (FK.date, RDFS.subPropertyOf, WDT.P585),
        (FK.winner, RDFS.subPropertyOf, WDT.P1346),
        (FK.champion, RDFS.subPropertyOf, DBO.champion),
        (FK.Club, RDFS.subClassOf, FK.Team),
        (FK.NationalTeam, RDFS.subClassOf, FK.Team),
        (FK.Club, RDFS.subClassOf, SCHEMA.SportsTeam),
        (FK.Club, RDFS.subClassOf, SCHEMA.SportsOrganization),
        (FK.Club, RDFS.subClassOf, DBO.SoccerClub),
        (FK.Club, RDFS.subClassOf, WD.Q476028),
        (FK.League, RDFS.subClassOf, FK.Competition),
        (FK.League, RDFS.subClassOf, DBO.SoccerLeague),
        (FK.Season, RDFS.subClassOf, FK.TournamentEdition),
        (FK.Season, RDFS.subClassOf, WD.Q27020041),
    ],
)
def test_alignment_axioms(onto: Graph, term: URIRef, relation: URIRef, target: URIRef) -> None:
    assert (term, relation, target) in onto


def test_rdfs_closure_reaches_schema_competitor(onto: Graph) -> None:
    """fk:homeTeam ⊑ schema:homeTeam ⊑ schema:competitor, queryable with a property path."""
    query = f"ASK {{ <{FK.homeTeam}> rdfs:subPropertyOf+ <{SCHEMA.competitor}> }}"
    assert onto.query(query, initNs={"rdfs": RDFS}).askAnswer


def test_resource_paths() -> None:
    """In a source checkout (an editable install) the files are read where they are edited."""
    root = repo_root()
    assert ontology_path() == root / "ontology" / "footkg.ttl"
    assert shapes_path() == root / "ontology" / "shapes.ttl"
    assert queries_dir() == root / "queries"
    assert (root / "pyproject.toml").is_file()


def test_resources_come_from_the_package_when_it_holds_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    """A wheel puts ontology/, queries/ and data/ inside the package folder: that copy wins."""
    import footkg.resources as resources

    for folder in ("ontology", "queries", "data/sample"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "ontology" / "footkg.ttl").write_text("")
    (tmp_path / "data" / "datasets.json").write_text("{}")
    monkeypatch.setattr(resources, "package_root", lambda: tmp_path)
    assert resources.ontology_path() == tmp_path / "ontology" / "footkg.ttl"
    assert resources.queries_dir() == tmp_path / "queries"
    assert resources.manifest_path() == tmp_path / "data" / "datasets.json"
    assert resources.sample_dir() == tmp_path / "data" / "sample"
    with pytest.raises(FileNotFoundError, match=str(tmp_path / "ontology" / "shapes.ttl")):
        resources.shapes_path()


def test_missing_resources_name_both_places(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    import footkg.resources as resources

    monkeypatch.setattr(resources, "package_root", lambda: tmp_path / "pkg")
    monkeypatch.setattr(resources, "repo_root", lambda: tmp_path / "repo")
    with pytest.raises(FileNotFoundError, match="reinstall") as info:
        resources.data_dir()
    assert str(tmp_path / "pkg") in str(info.value) and str(tmp_path / "repo") in str(info.value)
