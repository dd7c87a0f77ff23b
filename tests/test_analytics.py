"""footkg.analytics.network and footkg.analytics.plots on the full graph built from
../shared/data (real values)."""

from __future__ import annotations

import itertools
import json
import math
import re

import networkx as nx
import pyoxigraph as ox
import pytest

from footkg import resources
from footkg.analytics import network as analytics
from footkg.analytics import plots
from footkg.analytics.network import NetworkFilters
from footkg.query import catalogue as queries
from footkg.vocab import team_iri

pytestmark = pytest.mark.slow

ARG, ENG, GER, BRA, SWE, SRB = (
    team_iri(n) for n in ("Argentina", "England", "Germany", "Brazil", "Sweden", "Serbia")
)
WORLD_CUP = NetworkFilters(competition="FIFA World Cup")


@pytest.fixture(scope="module")
def world_cup(full_store) -> nx.Graph:
    return analytics.rivalry_network(full_store, WORLD_CUP)


@pytest.fixture(scope="module")
def everything(full_store) -> nx.Graph:
    return analytics.rivalry_network(full_store)


@pytest.fixture(scope="module")
def squads(full_store) -> nx.Graph:
    return analytics.squad_network(full_store)


# --- the rivalry score ---------------------------------------------------------------------------


def test_rivalry_score_definition():
    # Argentina v England at World Cups to 2002: 5 meetings, 3 knockouts, England 3 wins to 1,
    # goal margins 2+1+1+0+1, 1962 to 2002
    assert analytics.rivalry_score(5, 3, 1, 3, 5, 1962, 2002) == pytest.approx(
        11 * (0.5 + 0.25 * 0.6 + 0.25 * 0.5) * 1.8
    )
    assert analytics.rivalry_score(0, 0, 0, 0, 0, 2000, 2000) == 0.0
    # the span counts up to 50 years, then no more
    assert analytics.rivalry_score(2, 0, 1, 1, 2, 1900, 2000) == analytics.rivalry_score(
        2, 0, 1, 1, 2, 1950, 2000
    )
    with pytest.raises(ValueError):
        analytics.rivalry_score(1, -1, 0, 0, 0, 2000, 2000)


def test_catalogue_orders_by_the_same_score(full_store, world_cup):
    query = queries.load_catalogue(resources.queries_dir()).get("rivalries")
    raw = {"competition": "FIFA World Cup", "order": "score"}
    rows = queries.run(full_store, query, queries.bind_params(query, raw)).records()
    assert len(rows) == 25
    for row in rows:
        edge = world_cup.edges[row["team1"], row["team2"]]
        assert row["rivalryScore"] == pytest.approx(edge["score"])
        assert row["played"] == edge["played"] and row["knockout"] == edge["knockout"]
    assert [r["rivalryScore"] for r in rows] == sorted((r["rivalryScore"] for r in rows),
                                                       reverse=True)  # fmt: skip
    best = max(world_cup.edges(data=True), key=lambda e: e[2]["score"])
    assert {rows[0]["team1"], rows[0]["team2"]} == {best[0], best[1]} == {ARG, GER}


# --- the team network ----------------------------------------------------------------------------


def test_argentina_england_world_cup_edge(full_store, world_cup):
    edge = world_cup.edges[ARG, ENG]
    assert edge["team1"] == ARG
    # 1962, 1966, 1986, 1998 (2-2, Argentina on penalties), 2002, and the 2026 semi-final
    assert (edge["played"], edge["team1_wins"], edge["draws"], edge["team2_wins"]) == (6, 2, 1, 3)
    assert (edge["team1_goals"], edge["team2_goals"], edge["knockout"]) == (7, 9, 4)
    assert (edge["first"], edge["last"]) == ("1962-06-02", "2026-07-15")
    before = analytics.rivalry_network(
        full_store, NetworkFilters("FIFA World Cup", until="2022-12-31")
    ).edges[ARG, ENG]
    assert (before["played"], before["team1_wins"], before["draws"], before["team2_wins"]) == (
        5, 1, 1, 3)  # fmt: skip
    assert (before["team1_goals"], before["team2_goals"], before["knockout"]) == (5, 8, 3)
    assert before["score"] == pytest.approx(analytics.rivalry_score(5, 3, 1, 3, 5, 1962, 2002))
    knockout = analytics.rivalry_network(full_store, NetworkFilters("FIFA World Cup", "knockout"))
    assert knockout.edges[ARG, ENG]["played"] == 4  # 1966, 1986, 1998, 2026


def test_most_played_world_cup_pairings(world_cup):
    most = max(d["played"] for *_, d in world_cup.edges(data=True))
    pairs = {frozenset((a, b)) for a, b, d in world_cup.edges(data=True) if d["played"] == most}
    assert most == 7
    # West Germany counted as Germany; Yugoslavia counted as Serbia makes a third pair of seven
    assert pairs == {frozenset((BRA, SWE)), frozenset((ARG, GER)), frozenset((GER, SRB))}
    assert world_cup.nodes[GER]["label"] == "Germany"
    assert world_cup.nodes[GER]["matches"] == sum(
        d["played"] for *_, d in world_cup.edges(GER, data=True)
    )


def test_head_to_head_table_and_ego_network(world_cup):
    rows = analytics.head_to_head_table(world_cup, GER)
    first = rows[0]
    assert (first.opponent_label, first.played, first.wins, first.draws, first.losses) == (
        "Argentina", 7, 4, 2, 1)  # fmt: skip
    assert (first.goals_for, first.goals_against) == (12, 5)
    ego = analytics.ego_network(world_cup, GER, top=5)
    assert ego.number_of_nodes() == 6 and ego.number_of_edges() == 5
    assert all(GER in edge for edge in ego.edges)
    with pytest.raises(KeyError):
        analytics.head_to_head_table(world_cup, team_iri("Atlantis"))


def test_top_rivalries_keeps_the_highest_scores(world_cup):
    top = analytics.top_rivalries(world_cup, 10)
    assert top.number_of_edges() == 10
    cut = min(d["score"] for *_, d in top.edges(data=True))
    assert sum(d["score"] > cut for *_, d in world_cup.edges(data=True)) < 10
    assert top.nodes[ARG]["matches"] == world_cup.nodes[ARG]["matches"]
    assert analytics.top_rivalries(world_cup, None) is world_cup


def test_confederations_emerge_as_communities(everything):
    assert everything.number_of_nodes() > 300 and everything.number_of_edges() > 7000
    groups = analytics.communities(everything)
    assert sum(len(g) for g in groups) == everything.number_of_nodes()
    where = {t: i for i, g in enumerate(groups) for t in g}
    south_america = {team_iri(n) for n in ("Argentina", "Brazil", "Uruguay", "Chile")}
    assert len({where[t] for t in south_america}) == 1
    assert where[ENG] == where[GER] != where[ARG]
    summary = analytics.community_summary(everything, groups)
    by_confed = {i.confederation: i for i in summary if i.share == 1.0}
    assert {"CAF", "UEFA", "AFC", "CONCACAF", "CONMEBOL"} <= set(by_confed)
    assert "Argentina" in by_confed["CONMEBOL"].leaders
    central = analytics.centrality(everything)
    assert central[ARG]["weighted_degree"] == everything.nodes[ARG]["matches"]
    top5 = sorted(central, key=lambda t: -central[t]["eigenvector"])[:5]
    assert ARG in top5


# --- players and shared squads -------------------------------------------------------------------


SHARED_SQUAD = """PREFIX fk: <https://w3id.org/footkg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
ASK { ?m1 fk:player ?a ; fk:team ?team ; fk:edition ?edition .
      ?m2 fk:player ?b ; fk:team ?team ; fk:edition ?edition .
      ?team rdfs:label "Brazil" . ?edition rdfs:label ?editionLabel }"""


def test_pele_to_neymar_is_five_shared_brazil_squads(full_store, squads):
    index = analytics.PlayerIndex(squads)
    pele, neymar = index.lookup("Pelé"), index.lookup("neymar")
    links = analytics.player_path(squads, pele, neymar)
    assert links is not None and len(links) == 5
    assert links[0].source == "Pelé" and links[-1].target == "Neymar"
    for before, after in itertools.pairwise(links):
        assert before.target_iri == after.source_iri
    for link in links:
        assert link.team == "Brazil"
        shared = full_store.query(
            SHARED_SQUAD,
            substitutions={
                ox.Variable("a"): ox.NamedNode(link.source_iri),
                ox.Variable("b"): ox.NamedNode(link.target_iri),
                ox.Variable("editionLabel"): ox.Literal(link.edition),
            },
            use_default_graph_as_union=True,
        )
        assert bool(shared), link


def test_pele_and_messi_have_no_chain(squads):
    index = analytics.PlayerIndex(squads)
    assert analytics.player_path(squads, index.lookup("Pele"), index.lookup("Lionel Messi")) is None


def test_player_names_resolve_or_explain(squads):
    index = analytics.PlayerIndex(squads)
    assert index.lookup("Messi") == index.lookup("Lionel Messi")
    with pytest.raises(analytics.AmbiguousPlayerError) as info:
        index.lookup("Fred")
    births = {c.birth_date for c in info.value.candidates}
    assert births == {"1983-10-03", "1993-03-05"}
    assert "1983-10-03" in str(info.value) and "Brazil 2006" in str(info.value)
    with pytest.raises(analytics.UnknownPlayerError, match="Müller"):
        index.lookup("Mülller")


# --- exports and pictures ------------------------------------------------------------------------


def test_graphml_and_gexf_keep_typed_attributes(world_cup, tmp_path):
    positions = plots.network_layout(world_cup)
    graphml = analytics.write_graph(world_cup, tmp_path / "wc.graphml")
    back = nx.read_graphml(graphml)
    edge = back.edges[ARG, ENG]
    assert edge["played"] == 6 and isinstance(edge["played"], int)
    assert isinstance(edge["score"], float) and edge["first"] == "1962-06-02"
    assert back.nodes[ARG]["label"] == "Argentina"
    gexf = analytics.write_graph(world_cup, tmp_path / "wc.gexf", positions)
    again = nx.read_gexf(gexf)
    assert again.number_of_edges() == world_cup.number_of_edges()
    assert again.edges[ARG, ENG]["played"] == 6
    with pytest.raises(ValueError, match="graphml"):
        analytics.write_graph(world_cup, tmp_path / "wc.dot")


def test_html_is_self_contained_and_escaped(world_cup, tmp_path):
    groups = analytics.communities(world_cup)
    summary = analytics.community_summary(world_cup, groups)
    view = plots.rivalry_view(world_cup, plots.network_layout(world_cup, groups), groups, summary,
                              title="</script><b>x</b>")  # fmt: skip
    text = plots.render_html(view, tmp_path / "wc.html").read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text)
    assert "</script><b>" not in text.split("<script", 1)[1]
    payload = text.split('type="application/json">', 1)[1].split("</script>", 1)[0]
    data = json.loads(payload)
    assert data["title"] == "</script><b>x</b>"
    assert len(data["nodes"]) == world_cup.number_of_nodes()
    assert any(n["label"] == "Argentina" for n in data["nodes"])


def test_layout_is_deterministic_and_finite(world_cup):
    one, two = plots.network_layout(world_cup), plots.network_layout(world_cup)
    assert one == two
    assert all(math.isfinite(x) and math.isfinite(y) for x, y in one.values())
