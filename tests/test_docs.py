"""The generated reference documentation (footkg.docs) and the ``footkg docs`` command."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import typer
from rdflib import OWL, RDF, Graph
from typer.testing import CliRunner

import footkg
from footkg import docs, resources
from footkg.cli import docs as cli_docs
from footkg.query.catalogue import load_catalogue, parse_query_text

FK = "https://w3id.org/footkg/ontology#"


class _Checker(HTMLParser):
    """Collects ids, and anything that would load an external asset."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.external: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"] or "")
        if tag in ("script", "link", "img", "iframe") or "src" in values:
            self.external.append(f"<{tag} {values}>")


def _check(page: str) -> _Checker:
    checker = _Checker()
    checker.feed(page)
    assert page.startswith("<!DOCTYPE html>")
    assert checker.external == []  # self-contained: reads offline
    return checker


def _section(page: str, anchor: str) -> str:
    start = page.index(f'id="{anchor}"')
    return page[start : page.index("</section>", start)]


@pytest.fixture(scope="module")
def site(full_build, tmp_path_factory) -> Path:
    """The pages written by the ``footkg docs`` command against the full build."""
    app = typer.Typer()
    cli_docs.register(app)
    app.command("noop")(lambda: None)  # a second command, so ``docs`` is a subcommand
    out = tmp_path_factory.mktemp("site")
    result = CliRunner().invoke(
        app, ["docs", "--out", str(out), "--store", str(full_build.store_path), "--rows", "5"]
    )
    assert result.exit_code == 0, result.output
    return out


def test_ontology_page_lists_every_term_of_the_ttl():
    page = docs.ontology_html()
    checker = _check(page)
    graph = Graph().parse(resources.ontology_path())
    terms = {
        str(s)[len(FK) :]
        for t in (OWL.Class, OWL.ObjectProperty, OWL.DatatypeProperty, OWL.NamedIndividual)
        for s in graph.subjects(RDF.type, t)
        if str(s).startswith(FK)
    }
    assert len(terms) > 80
    assert terms <= checker.ids, terms - checker.ids
    home = _section(page, "homeTeam")
    assert "The team listed first for a match" in home
    # domain and range link to their classes (a match's teams are national teams or clubs)
    assert 'href="#Match"' in home and 'href="#Team"' in home
    assert "schema:homeTeam" in home and "functional" in home
    union = _section(page, "competition")  # domain: owl:unionOf (Match TournamentEdition)
    assert re.search(r"fk:Match</code></a> or <a[^>]*><code>fk:TournamentEdition", union)
    team = _section(page, "NationalTeam")
    assert "wd:Q6979593" in team and 'href="#representsCountry"' in team
    final = _section(page, "Final")
    assert "individual" in final and 'href="#Stage"' in final


def test_catalogue_page_from_headers_without_a_store():
    catalogue = load_catalogue(resources.queries_dir())
    page = docs.catalogue_html(catalogue)
    checker = _check(page)
    assert set(catalogue.names()) <= checker.ids
    h2h = _section(page, "head-to-head")
    assert "Head to head (summary)" in h2h
    assert "<code>team_a</code></td><td>team</td><td>required</td>" in h2h
    assert "footkg query head-to-head -p team_a=Argentina -p team_b=England" in h2h
    assert "<h4>Example result</h4>" not in page


def test_example_params_from_header_or_defaults():
    q = parse_query_text("# param: team (type: team) the team\nSELECT ?team WHERE {}", "q")
    assert docs.example_params(q) == {"team": "England"}
    q = parse_query_text(
        "# param: team (type: team) t\n# example: team=Brazil\nSELECT ?team WHERE {}", "q"
    )
    assert docs.example_params(q) == {"team": "Brazil"}
    q = parse_query_text("# param: player (type: string) p\nSELECT ?player WHERE {}", "q")
    assert docs.example_params(q) is None


def test_catalogue_page_shows_real_example_results(site):
    page = (site / "queries.html").read_text(encoding="utf-8")
    _check(page)
    h2h = _section(page, "head-to-head")
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", h2h.split("Example result")[1])
    assert cells[:6] == ["Argentina", "England", "16", "4", "6", "6"]
    champions = _section(page, "champions")
    assert "1958, 1962, 1970, 1994, 2002" in champions and "fkr:team/brazil" in champions
    squads = _section(page, "squad-links")
    assert re.search(r"first 5 of [\d,]{6,} rows", squads)


def test_api_page_from_docstrings(site):
    page = (site / "api.html").read_text(encoding="utf-8")
    checker = _check(page)
    public = {n for n in footkg.__all__ if n not in ("__version__", "errors")}
    assert public <= checker.ids
    assert {"KnowledgeGraph.query", "Result.to_dataframe", "errors.UnknownTeamError"} <= (
        checker.ids
    )
    query = _section(page, "KnowledgeGraph.query")
    assert "KnowledgeGraph.query(name: str | os.PathLike[str], /, *" in query
    assert "bind_params" in query
    assert "pip install &#x27;footkg[dataframe]&#x27;" in _section(page, "Result.to_dataframe")
    assert "the data does not conform to the SHACL shapes" in page


def test_docs_command_writes_linked_pages(site):
    names = sorted(p.name for p in site.iterdir())
    assert names == ["api.html", "index.html", "ontology.html", "queries.html"]
    index = (site / "index.html").read_text(encoding="utf-8")
    for name in names:
        assert f'href="{name}"' in index


def test_docs_command_without_a_store_writes_pages_without_examples(tmp_path):
    app = typer.Typer()
    cli_docs.register(app)
    app.command("noop")(lambda: None)
    result = CliRunner().invoke(
        app, ["docs", "--out", str(tmp_path / "site"), "--store", str(tmp_path / "none")]
    )
    assert result.exit_code == 0, result.output
    assert "without example results" in result.output
    page = (tmp_path / "site" / "queries.html").read_text(encoding="utf-8")
    assert "<h4>Example result</h4>" not in page and 'id="head-to-head"' in page
