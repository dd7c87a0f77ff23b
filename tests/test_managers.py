"""National-team managers at each World Cup (Fjelstul ``manager_appointments.csv``): teams and
managers resolved as the squads are, the RDF mapping checked by the shapes, and the
gazetteer's ``managers()`` lookup on a full build. The oracle is World Cup history: Vittorio
Pozzo led Italy in 1934 and 1938, Helmut Schön West Germany (Germany's record) 1966–1978, Jill
Ellis the United States women in 2015 and 2019."""

from __future__ import annotations

from pathlib import Path

import pyoxigraph as ox
import pytest

from footkg import vocab
from footkg.extract import Gazetteer
from footkg.ingest import datasets
from footkg.ingest.integrate import Integrated, integrate
from footkg.ingest.mapping import (
    QuadSink,
    map_competitions,
    map_confederation,
    map_edition,
    map_manager,
    map_manager_appointment,
    map_places,
    map_team,
)
from footkg.ingest.pipeline import team_names
from footkg.ingest.sources import fjelstul
from footkg.validate import validate

RES = vocab.RES_NS
MEN, WOMEN = vocab.MENS_WORLD_CUP, vocab.WOMENS_WORLD_CUP
FKS = "https://w3id.org/footkg/shapes#"
GERMANY = vocab.team_iri("Germany")
SCHON = RES + "manager/helmut-schon"
SCHON_1974 = RES + "manager-appointment/fifa-world-cup-1974-germany-helmut-schon"
SUNDHAGE_2015 = RES + "manager-appointment/fifa-women-s-world-cup-2015-sweden-women-pia-sundhage"


@pytest.fixture(scope="module")
def integrated(shared_data: Path) -> Integrated:
    sources = [fjelstul.load(shared_data)]
    return integrate(sources, team_names(sources))


def test_the_file_is_pinned_for_download(shared_data: Path) -> None:
    """Without ../shared, `footkg build` downloads every manifest file: the table is pinned at
    the commit the loader's provenance names, with the hash of the local copy."""
    path = "fjelstul-worldcup/data-csv/manager_appointments.csv"
    (entry,) = [f for f in datasets.load_manifest().files if f.path == path]
    assert fjelstul.INFO.version in entry.url
    assert entry.url.endswith("/data-csv/manager_appointments.csv")
    assert entry.sha256 == datasets.sha256_of(shared_data / path)


def _appointments(data: Integrated, manager: str) -> list[tuple[str, str]]:
    """(edition IRI, team IRI) of every appointment of ``manager`` (IRI), sorted."""
    return sorted(
        (a.edition_iri, a.team_iri) for a in data.appointments.values() if a.manager_iri == manager
    )


def test_every_appointment_and_manager_is_resolved(integrated: Integrated) -> None:
    assert len(integrated.appointments) == 637
    assert len(integrated.managers) == 475  # Fjelstul's distinct manager IDs
    graph = vocab.graph_iri(fjelstul.DATASET)
    assert all(a.graph == graph for a in integrated.appointments.values())


def test_pozzo_led_italy_in_1934_and_1938(integrated: Integrated) -> None:
    pozzo = RES + "manager/vittorio-pozzo"
    italy = vocab.team_iri("Italy")
    assert _appointments(integrated, pozzo) == [
        (vocab.edition_iri(MEN, 1934), italy),
        (vocab.edition_iri(MEN, 1938), italy),
    ]
    assert RES + "manager-appointment/fifa-world-cup-1934-italy-vittorio-pozzo" in (
        integrated.appointments
    )


def test_west_germany_resolves_to_germany_as_its_squad_does(integrated: Integrated) -> None:
    """Fjelstul names the team West Germany; the appointment, like the squad, is Germany's."""
    assert _appointments(integrated, SCHON) == [
        (vocab.edition_iri(MEN, year), GERMANY) for year in (1966, 1970, 1974, 1978)
    ]
    squad_teams = {
        s.team_iri for s in integrated.squads if s.edition_iri == vocab.edition_iri(MEN, 1974)
    }
    assert GERMANY in squad_teams
    assert integrated.appointments[SCHON_1974].team_iri == GERMANY
    schon = integrated.managers[SCHON]
    assert (schon.label, schon.given_name, schon.family_name) == ("Helmut Schön", "Helmut", "Schön")
    assert schon.country_iri == vocab.country_iri("Germany")
    assert schon.identifiers == ["fjelstul-worldcup:M-388"]


def test_womens_editions_go_to_womens_teams(integrated: Integrated) -> None:
    """As for squads: a Women's World Cup row names the women's team of that country."""
    ellis = RES + "manager/jill-ellis"
    usa_women = vocab.team_iri("United States", "women")
    assert _appointments(integrated, ellis) == [
        (vocab.edition_iri(WOMEN, 2015), usa_women),
        (vocab.edition_iri(WOMEN, 2019), usa_women),
    ]
    assert _appointments(integrated, RES + "manager/pia-sundhage") == [
        (vocab.edition_iri(WOMEN, 2011), usa_women),
        (vocab.edition_iri(WOMEN, 2015), vocab.team_iri("Sweden", "women")),
    ]
    assert integrated.teams[usa_women].gender == "women"


def test_nationality_keeps_states_that_no_longer_exist(integrated: Integrated) -> None:
    """Gavriil Kachalin led the Soviet Union (Russia's record, by FIFA's succession) but is
    Soviet, not Russian; a name still in use resolves as every country does."""
    kachalin = RES + "manager/gavriil-kachalin"
    assert {team for _, team in _appointments(integrated, kachalin)} == {vocab.team_iri("Russia")}
    assert integrated.managers[kachalin].country_iri == vocab.country_iri("Soviet Union")
    assert integrated.countries[vocab.country_iri("Soviet Union")] == "Soviet Union"
    nations = {m.country_iri for m in integrated.managers.values()}
    assert vocab.country_iri("Chinese Taipei") not in nations  # Taiwan's country, as the team's
    tite = integrated.managers[RES + "manager/tite"]
    assert (tite.label, tite.given_name, tite.family_name) == ("Tite", None, "Tite")


def _sink(data: Integrated, appointments: list[str]) -> QuadSink:
    """The quads of ``appointments`` (IRIs) with their managers, teams (and the confederations
    they belong to), editions and places: a graph that names nothing it does not describe."""
    sink = QuadSink()
    map_places(sink, data)
    map_competitions(sink, data)
    for iri in appointments:
        a = data.appointments[iri]
        map_manager_appointment(sink, a)
        map_manager(sink, data.managers[a.manager_iri])
        team = data.teams[a.team_iri]
        map_team(sink, team)
        if team.confederation_iri:
            map_confederation(sink, data.confederations[team.confederation_iri])
        map_edition(sink, data.editions[a.edition_iri])
    return sink


def test_mapped_appointments_conform(integrated: Integrated) -> None:
    sink = _sink(integrated, [SCHON_1974, SUNDHAGE_2015])
    store = ox.Store()
    store.load(sink.to_nquads(), format=ox.RdfFormat.N_QUADS)
    fk = vocab.FK_NS
    graph = ox.NamedNode(vocab.graph_iri(fjelstul.DATASET))
    quads = {
        (q.subject.value, q.predicate.value, q.object.value)
        for q in store.quads_for_pattern(ox.NamedNode(SCHON_1974), None, None, graph)
    }
    assert quads == {
        (SCHON_1974, "http://www.w3.org/1999/02/22-rdf-syntax-ns#type", fk + "ManagerAppointment"),
        (SCHON_1974, fk + "manager", SCHON),
        (SCHON_1974, fk + "team", GERMANY),
        (SCHON_1974, fk + "edition", vocab.edition_iri(MEN, 1974)),
    }
    schon = {
        (q.predicate.value, q.object.value)
        for q in store.quads_for_pattern(ox.NamedNode(SCHON), None, None, graph)
    }
    assert schon == {
        ("http://www.w3.org/1999/02/22-rdf-syntax-ns#type", fk + "Manager"),
        ("http://www.w3.org/2000/01/rdf-schema#label", "Helmut Schön"),
        ("http://schema.org/givenName", "Helmut"),
        ("http://schema.org/familyName", "Schön"),
        (fk + "nationality", vocab.country_iri("Germany")),
    }
    for engine in ("turbo", "pyshacl"):
        report = validate(store, engine=engine)
        assert report.conforms and report.results == [], report.to_text()


def test_broken_appointment_fails_naming_its_focus_node(integrated: Integrated) -> None:
    sink = _sink(integrated, [SCHON_1974, SUNDHAGE_2015])
    store = ox.Store()
    store.load(sink.to_nquads(), format=ox.RdfFormat.N_QUADS)
    team = ox.NamedNode(vocab.FK_NS + "team")
    for quad in list(store.quads_for_pattern(ox.NamedNode(SCHON_1974), team, None, None)):
        store.remove(quad)
    for engine in ("turbo", "pyshacl"):
        report = validate(store, engine=engine)
        assert not report.conforms
        assert [(r.severity, r.focus_node, r.path, r.source_shape) for r in report.results] == [
            ("Violation", SCHON_1974, vocab.FK_NS + "team", FKS + "ManagerAppointmentShape")
        ], report.to_text()


# --- the gazetteer, on a full build (as tests/test_extract.py reads it) ---------------------------



def test_gazetteer_managers_of_an_edition(gaz: Gazetteer) -> None:
    wc1934 = gaz.edition(1934)
    assert wc1934 == vocab.edition_iri(MEN, 1934)
    managers = gaz.managers(wc1934)
    assert len(managers) == 17  # 16 teams; Romania had two managers
    assert ("Vittorio Pozzo", "Pozzo", vocab.team_iri("Italy")) in managers
    assert [m for m in managers if m[2] == vocab.team_iri("Romania")] == [
        ("Costel Rădulescu", "Rădulescu", vocab.team_iri("Romania")),
        ("Josef Uridil", "Uridil", vocab.team_iri("Romania")),
    ]
    wc1974 = gaz.managers(gaz.edition(1974))
    assert len(wc1974) == 16
    assert ("Helmut Schön", "Schön", GERMANY) in wc1974
    assert ("Tite", "Tite", vocab.team_iri("Brazil")) in gaz.managers(gaz.edition(2018))


def test_gazetteer_managers_of_a_womens_edition(gaz: Gazetteer) -> None:
    managers = gaz.managers(gaz.edition(2019, women=True))
    assert len(managers) == 24
    ellis = [m for m in managers if m[1] == "Ellis"]  # two managers share a family name
    assert ellis == [
        ("Desiree Ellis", "Ellis", vocab.team_iri("South Africa", "women")),
        ("Jill Ellis", "Ellis", vocab.team_iri("United States", "women")),
    ]


def test_gazetteer_managers_are_cached_and_empty_when_unknown(gaz: Gazetteer) -> None:
    edition = gaz.edition(1974)
    first = gaz.managers(edition)
    assert gaz._managers[edition] is first
    assert gaz.managers(edition) is first
    assert gaz.managers(gaz.edition(2026)) == []  # openfootball has no managers
    assert gaz.managers(RES + "tournament/no-such-edition") == []
    assert Gazetteer(store=None).managers(edition) == []
