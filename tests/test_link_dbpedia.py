"""DBpedia links: Wikipedia addresses → DBpedia IRIs (exact re-encoding), and the linkset of
the full build covers every team, player and stadium with an address in the Fjelstul data."""

from __future__ import annotations

import csv
from pathlib import Path

import pyoxigraph as ox
import pytest
from hypothesis import given
from hypothesis import strategies as st

from footkg import vocab
from footkg.link import dbpedia, linkset

DBR = "http://dbpedia.org/resource/"


@pytest.mark.parametrize(
    ("url", "iri"),
    [
        ("https://en.wikipedia.org/wiki/Lionel_Messi", DBR + "Lionel_Messi"),
        ("https://en.wikipedia.org/wiki/Estadio_Azteca", DBR + "Estadio_Azteca"),
        (
            "https://en.wikipedia.org/wiki/Germany_national_football_team",
            DBR + "Germany_national_football_team",
        ),
        ("https://en.wikipedia.org/wiki/Ra%C3%AFs_M%27Bolhi", DBR + "Raïs_M'Bolhi"),
        # raw and percent-encoded in one address (as Fjelstul writes some stadiums)
        (
            "https://en.wikipedia.org/wiki/Estadio_José_Mar%C3%ADa_Minella",
            DBR + "Estadio_José_María_Minella",
        ),
        (
            "https://en.wikipedia.org/wiki/Moussa_N%27Diaye_(footballer,_born_2002)",
            DBR + "Moussa_N'Diaye_(footballer,_born_2002)",
        ),
        ("https://en.wikipedia.org/wiki/AT%26T_Stadium", DBR + "AT&T_Stadium"),
        ("http://en.m.wikipedia.org/wiki/pel%C3%A9#Career", DBR + "Pelé"),
        ("https://en.wikipedia.org/w/index.php?title=Samuel_Eto%27o", DBR + "Samuel_Eto'o"),
        # characters DBpedia keeps escaped: ? " % ^ `
        ("https://en.wikipedia.org/wiki/Why%3F_(film)", DBR + "Why%3F_(film)"),
        ("https://en.wikipedia.org/wiki/%22Weird_Al%22_Yankovic", DBR + "%22Weird_Al%22_Yankovic"),
        ("https://en.wikipedia.org/wiki/100%25_Fat", DBR + "100%25_Fat"),
        ("https://en.wikipedia.org/wiki/A__b_", DBR + "A_b"),
    ],
)
def test_dbpedia_iri(url: str, iri: str) -> None:
    assert dbpedia.dbpedia_iri(url) == iri
    ox.NamedNode(iri)  # a valid IRI


def test_sitelink_form() -> None:
    assert (
        dbpedia.wikipedia_article_iri("https://en.wikipedia.org/wiki/N'Golo_Kanté")
        == "https://en.wikipedia.org/wiki/N%27Golo_Kant%C3%A9"
    )
    assert (
        dbpedia.wikipedia_article_iri(
            "https://en.wikipedia.org/wiki/Moussa N'Diaye (footballer, born 2002)"
        )
        == "https://en.wikipedia.org/wiki/Moussa_N%27Diaye_(footballer,_born_2002)"
    )
    assert (
        dbpedia.wikipedia_article_iri("https://en.wikipedia.org/wiki/AT&T_Stadium")
        == "https://en.wikipedia.org/wiki/AT%26T_Stadium"
    )


@pytest.mark.parametrize(
    "url",
    [
        "https://de.wikipedia.org/wiki/Lionel_Messi",
        "https://en.wikipedia.org/wiki/",
        "https://en.wikipedia.org/foo/Bar",
        "https://en.wikipedia.org/wiki/%FF%FE",
        "https://en.wikipedia.org/wiki/A%5BB%5D",
        "not applicable",
    ],
)
def test_not_a_page(url: str) -> None:
    with pytest.raises(dbpedia.WikipediaUrlError):
        dbpedia.dbpedia_iri(url)


_TITLE_CHARS = st.characters(
    blacklist_categories=("Cc", "Cs", "Co", "Cn", "Zl", "Zp"),
    blacklist_characters="?%<>[]{}|#_ \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0",
)


@given(st.text(_TITLE_CHARS, min_size=1, max_size=30))
def test_any_spelling_gives_one_valid_iri(title: str) -> None:
    """Raw, percent-encoded and sitelink spellings of a title agree, and the IRI is valid."""
    from urllib.parse import quote

    raw = "https://en.wikipedia.org/wiki/" + title
    encoded = "https://en.wikipedia.org/wiki/" + quote(title)
    try:
        iri = dbpedia.dbpedia_iri(raw)
    except dbpedia.WikipediaUrlError:
        return
    assert dbpedia.dbpedia_iri(encoded) == iri
    assert dbpedia.dbpedia_iri(dbpedia.wikipedia_article_iri(raw)) == iri
    ox.NamedNode(iri)


def _fjelstul_pages(shared_data: Path) -> dict[str, set[str]]:
    folder = shared_data / "fjelstul-worldcup" / "data-csv"
    columns = {
        "teams.csv": ("team", ["mens_team_wikipedia_link", "womens_team_wikipedia_link"]),
        "players.csv": ("player", ["player_wikipedia_link"]),
        "stadiums.csv": ("stadium", ["stadium_wikipedia_link"]),
    }
    pages: dict[str, set[str]] = {}
    for file, (kind, cols) in columns.items():
        with (folder / file).open(encoding="utf-8", newline="") as handle:
            pages[kind] = {
                row[c] for row in csv.DictReader(handle) for c in cols if row[c].startswith("http")
            }
    return pages


def test_full_build_links_every_fjelstul_page(full_store: ox.Store, shared_data: Path) -> None:
    nquads = dbpedia.link_quads(full_store, created="2026-01-01T00:00:00Z")
    links = ox.Store()
    links.load(nquads, format=ox.RdfFormat.N_QUADS)
    same = ox.NamedNode(linkset.OWL_SAME_AS)
    graph = ox.NamedNode(linkset.DBPEDIA_GRAPH)
    targets = {q.object.value for q in links.quads_for_pattern(None, same, None, graph)}
    by_subject = {
        q.subject.value: q.object.value for q in links.quads_for_pattern(None, same, None, graph)
    }
    pages = _fjelstul_pages(shared_data)
    assert len(pages["player"]) > 10_000 and len(pages["team"]) > 80
    # Teams whose records footkg credits to a successor (FIFA's rule) have no resource of
    # their own: owl:sameAs from Russia to the Soviet Union team's page would be false.
    successors_only = {
        DBR + "Czechoslovakia_national_football_team",
        DBR + "Serbia_and_Montenegro_national_football_team",
        DBR + "Soviet_Union_national_football_team",
        DBR + "Yugoslavia_national_football_team",
    }
    assert successors_only <= {dbpedia.dbpedia_iri(u) for u in pages["team"]}
    # Fjelstul gives two players of one name one birth date (the 1958 Alex Scott, P-76869, has
    # the 1984 Alex Scott's; two Alines share 1982-07-06): they stay two players, each linked.
    assert {dbpedia.dbpedia_iri(u) for u in pages["player"]} <= targets
    assert DBR + "Alex_Scott_(footballer_born_1937)" in targets
    assert DBR + "Aline_Pellegrino" in targets
    known = {"team": successors_only, "player": set(), "stadium": set()}
    for kind, urls in pages.items():
        expected = {dbpedia.dbpedia_iri(u) for u in urls}
        missing = expected - targets - known[kind]
        assert not missing, (
            f"{kind}: {len(missing)} without a DBpedia link, e.g. {sorted(missing)[:5]}"
        )
    res = vocab.RES_NS
    assert by_subject[res + "player/lionel-messi"] == DBR + "Lionel_Messi"
    assert by_subject[res + "stadium/estadio-azteca-mexico-city"] == DBR + "Estadio_Azteca"
    assert by_subject[res + "team/germany"] == DBR + "Germany_national_football_team"
    assert by_subject[res + "player/n-golo-kante"] == DBR + "N'Golo_Kanté"
    # one link per entity, and the linkset describes itself
    n = next(links.quads_for_pattern(graph, ox.NamedNode(str(vocab.VOID.triples)), None, graph))
    assert int(n.object.value) == len(by_subject) >= 10_700


def test_replace_links_in_a_writable_store(full_store: ox.Store) -> None:
    """The links graph goes into a copy of a store in one update and replaces an older one."""
    store = ox.Store()
    entity = ox.NamedNode(vocab.RES_NS + "player/lionel-messi")
    store.add(
        ox.Quad(
            entity,
            ox.NamedNode(linkset.OWL_SAME_AS),
            ox.NamedNode(DBR + "Old"),
            ox.NamedNode(linkset.DBPEDIA_GRAPH),
        )
    )
    quads = linkset.linkset_quads(
        linkset.LinksetSpec(linkset.DBPEDIA_GRAPH, "dbpedia", "wikipedia-title", "test"),
        [(entity.value, DBR + "Lionel_Messi")],
    )
    linkset.replace_links(store, quads, [linkset.DBPEDIA_GRAPH])
    objects = [q.object.value for q in store.quads_for_pattern(entity, None, None)]
    assert objects == [DBR + "Lionel_Messi"]
    with pytest.raises(ValueError):
        linkset.replace_links(store, quads, [linkset.WIKIDATA_GRAPHS["sitelink"]])
