"""Networks over the knowledge graph: the rivalry network of teams and the squad network of players.

Every graph here is built from the answers of catalogue queries run on the store
(``queries/rivalry-edges.rq``, ``queries/network-teams.rq``, ``queries/squad-links.rq``); there is
no second copy of the data model. networkx then does the analytics:

* :func:`rivalry_network` — teams as nodes (``matches`` played under the filters, ``wins``,
  ``draws``, ``losses``, ``confederation``), pairs that met as edges (``played``, wins of each
  side, ``draws``, goals, ``knockout`` meetings, ``finals``, ``first``/``last`` meeting, ``score``:
  the rivalry score of :func:`rivalry_score`, defined in ``docs/rivalry-score.md``);
* :func:`top_rivalries`, :func:`ego_network`, :func:`head_to_head_table` — views of it;
* :func:`centrality`, :func:`communities`, :func:`community_summary` — weighted degree,
  eigenvector centrality, Louvain communities and the confederations they gather;
* :func:`squad_network`, :class:`PlayerIndex`, :func:`player_path` — players linked through shared
  World Cup squads, name resolution and shortest chains;
* :func:`write_graph` — GraphML and GEXF files with typed attributes (Gephi, Cytoscape).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
import pyoxigraph as ox

from footkg import resources
from footkg.errors import FootkgError, UnknownNameError
from footkg.ingest.derive import rivalry_score  # defined with the derived facts that store it
from footkg.query import catalogue as queries
from footkg.vocab import identity_key

__all__ = [
    "AmbiguousPlayerError",
    "CommunityInfo",
    "HeadToHeadRow",
    "NetworkFilters",
    "PathLink",
    "PlayerCandidate",
    "PlayerIndex",
    "UnknownPlayerError",
    "centrality",
    "communities",
    "community_summary",
    "ego_network",
    "head_to_head_matches",
    "head_to_head_table",
    "player_path",
    "rivalry_network",
    "rivalry_score",
    "squad_network",
    "team_labels",
    "top_rivalries",
    "write_graph",
]

# --- filters and the rivalry score --------------------------------------------------------------


@dataclass(frozen=True)
class NetworkFilters:
    """Which matches a team network counts; ``None`` means no filter.

    ``competition`` is a competition's ``rdfs:label`` ("FIFA World Cup"), ``stage`` a stage key
    of :data:`footkg.vocab.STAGES` or ``"knockout"``, ``until`` an ISO date (inclusive).
    """

    competition: str | None = None
    stage: str | None = None
    until: str | None = None

    def raw_params(self) -> dict[str, str]:
        """The filters as raw catalogue parameters (unset ones left out)."""
        pairs = {"competition": self.competition, "stage": self.stage, "until": self.until}
        return {k: v for k, v in pairs.items() if v is not None}

    def describe(self) -> str:
        """A human description for titles: ``"FIFA World Cup, knockout rounds, until 2022-12-31"``
        (``"all internationals"`` when unfiltered)."""
        parts = [self.competition or "all internationals"]
        if self.stage:
            parts.append("knockout rounds" if self.stage == "knockout" else f"{self.stage} only")
        if self.until:
            parts.append(f"until {self.until}")
        return ", ".join(parts)


# --- running the catalogue ----------------------------------------------------------------------


def _run(
    store: ox.Store,
    name: str,
    raw: Mapping[str, str] | None = None,
    resolve_team: queries.TeamResolver | None = None,
) -> queries.QueryResult:
    catalogue = queries.load_catalogue(resources.queries_dir())
    query = catalogue.get(name)
    return queries.run(
        store, query, queries.bind_params(query, raw or {}, resolve_team=resolve_team)
    )


def team_labels(store: ox.Store) -> dict[str, str]:
    """Every national team's IRI → its current ``rdfs:label`` (``queries/network-teams.rq``)."""
    return {str(r["team"]): str(r["teamLabel"]) for r in _run(store, "network-teams").records()}


# --- the rivalry network ------------------------------------------------------------------------


def rivalry_network(store: ox.Store, filters: NetworkFilters | None = None) -> nx.Graph:
    """The team network of the matches that pass ``filters`` (all matches by default).

    Nodes are team IRIs with ``label``, ``gender``, ``confederation`` ("" when unknown),
    ``matches``, ``wins``, ``draws``, ``losses``, ``goals_for``, ``goals_against`` (int) and
    ``opponents``. Edges join teams that met; an edge's ``team1`` is the IRI-first of the pair
    and its attributes are ``played``, ``team1_wins``, ``team2_wins``, ``draws``,
    ``team1_goals``, ``team2_goals``, ``goal_margins``, ``knockout``, ``finals`` (int),
    ``first`` and ``last`` (ISO date strings) and ``score`` (float, :func:`rivalry_score`).
    A shootout decides nothing here: such a match is a draw. Facts: every match in the store
    (Fjelstul World Cups, martj42 internationals, openfootball 2026), teams by IRI so a former
    name (West Germany) counts for its successor. Raises :class:`footkg.query.catalogue.QueryError`
    (or its :class:`~footkg.query.catalogue.ParameterError`) for a bad filter.
    """
    filters = filters or NetworkFilters()
    edges = _run(store, "rivalry-edges", filters.raw_params()).records()
    teams = {r["team"]: r for r in _run(store, "network-teams").records()}
    graph = nx.Graph(filters=filters.describe())
    for row in edges:
        a, b = str(row["team1"]), str(row["team2"])
        for iri, label in ((a, row["team1Label"]), (b, row["team2Label"])):
            if iri not in graph:
                info = teams.get(iri, {})
                graph.add_node(
                    iri,
                    label=str(label),
                    gender=str(info.get("gender") or ""),
                    confederation=str(info.get("confederation") or ""),
                )
        first, last = row["first"], row["last"]
        assert isinstance(first, dt.date) and isinstance(last, dt.date)
        counts = {
            k: int(row[k])
            for k in (
                "played",
                "team1Wins",
                "team2Wins",
                "draws",
                "team1Goals",
                "team2Goals",
                "goalMargins",
                "knockout",
                "finals",
            )
        }
        graph.add_edge(
            a,
            b,
            team1=a,
            played=counts["played"],
            team1_wins=counts["team1Wins"],
            team2_wins=counts["team2Wins"],
            draws=counts["draws"],
            team1_goals=counts["team1Goals"],
            team2_goals=counts["team2Goals"],
            goal_margins=counts["goalMargins"],
            knockout=counts["knockout"],
            finals=counts["finals"],
            first=first.isoformat(),
            last=last.isoformat(),
            score=rivalry_score(
                counts["played"],
                counts["knockout"],
                counts["team1Wins"],
                counts["team2Wins"],
                counts["goalMargins"],
                first.year,
                last.year,
            ),
        )
    _add_team_totals(graph)
    return graph


def _side(data: Mapping[str, object], team: str) -> tuple[int, int, int, int]:
    """(wins, losses, goals for, goals against) of ``team`` on an edge."""
    one = data["team1"] == team
    w1, w2 = int(data["team1_wins"]), int(data["team2_wins"])  # type: ignore[call-overload]
    g1, g2 = int(data["team1_goals"]), int(data["team2_goals"])  # type: ignore[call-overload]
    return (w1, w2, g1, g2) if one else (w2, w1, g2, g1)


def _add_team_totals(graph: nx.Graph) -> None:
    for team in graph:
        totals = Counter()
        for _, _, data in graph.edges(team, data=True):
            wins, losses, gf, ga = _side(data, team)
            totals.update(
                matches=data["played"],
                wins=wins,
                draws=data["draws"],
                losses=losses,
                goals_for=gf,
                goals_against=ga,
            )
        for key in ("matches", "wins", "draws", "losses", "goals_for", "goals_against"):
            graph.nodes[team][key] = int(totals[key])
        graph.nodes[team]["opponents"] = graph.degree(team)


def top_rivalries(graph: nx.Graph, n: int | None, *, by: str = "score") -> nx.Graph:
    """The subgraph of the ``n`` edges with the highest ``by`` attribute (``"score"`` or
    ``"played"``; ties broken by team labels) and their teams; ``graph`` itself when ``n`` is
    ``None`` or not smaller than the edge count. Node attributes keep the full network's totals.
    Raises :class:`ValueError` for ``n < 1``."""
    if n is None or n >= graph.number_of_edges():
        return graph
    if n < 1:
        raise ValueError(f"top must be at least 1, got {n}")
    ranked = sorted(
        graph.edges(data=True),
        key=lambda e: (-e[2][by], graph.nodes[e[0]]["label"], graph.nodes[e[1]]["label"]),
    )
    return graph.edge_subgraph((a, b) for a, b, _ in ranked[:n]).copy()


# --- one team's view ----------------------------------------------------------------------------


@dataclass(frozen=True)
class HeadToHeadRow:
    """One opponent in a team's head-to-head table: counts from the team's side, goals after
    extra time (a shootout-decided match is a draw), dates ISO, ``score`` the rivalry score."""

    opponent: str
    opponent_label: str
    played: int
    wins: int
    draws: int
    losses: int
    goals_for: int
    goals_against: int
    knockout: int
    first: str
    last: str
    score: float


def head_to_head_table(graph: nx.Graph, team: str) -> list[HeadToHeadRow]:
    """Every opponent of ``team`` (an IRI in ``graph``), most meetings first (then by score).

    Raises :class:`KeyError` when ``team`` played no match under the network's filters.
    """
    if team not in graph:
        raise KeyError(team)
    rows = []
    for _, other, data in graph.edges(team, data=True):
        wins, losses, gf, ga = _side(data, team)
        rows.append(
            HeadToHeadRow(
                other,
                graph.nodes[other]["label"],
                data["played"],
                wins,
                data["draws"],
                losses,
                gf,
                ga,
                data["knockout"],
                data["first"],
                data["last"],
                data["score"],
            )
        )
    return sorted(rows, key=lambda r: (-r.played, -r.score, r.opponent_label))


def ego_network(graph: nx.Graph, team: str, top: int | None = None) -> nx.Graph:
    """``team`` and its opponents (the ``top`` most met, all when ``None``), with only the edges
    from ``team`` (a star: the picture is about one team). Raises :class:`KeyError` when the
    team is not in ``graph``."""
    rows = head_to_head_table(graph, team)
    keep = [r.opponent for r in (rows if top is None else rows[:top])]
    ego = nx.Graph()
    ego.graph.update(graph.graph, centre=team)
    ego.add_node(team, **graph.nodes[team])
    for other in keep:
        ego.add_node(other, **graph.nodes[other])
        ego.add_edge(team, other, **graph.edges[team, other])
    return ego


# --- network analytics --------------------------------------------------------------------------


def centrality(graph: nx.Graph) -> dict[str, dict[str, float]]:
    """Per team IRI: ``weighted_degree`` (matches against teams in the graph), ``degree``
    (opponents) and ``eigenvector`` (weighted by meetings; 0 for an empty graph)."""
    if graph.number_of_nodes() == 0:
        return {}
    try:
        eigen = nx.eigenvector_centrality(graph, weight="played", max_iter=2000, tol=1e-8)
    except nx.PowerIterationFailedConvergence:
        eigen = dict.fromkeys(graph, 0.0)
    strength = dict(graph.degree(weight="played"))
    return {
        n: {
            "weighted_degree": float(strength[n]),
            "degree": float(graph.degree(n)),
            "eigenvector": float(eigen[n]),
        }
        for n in graph
    }


def communities(graph: nx.Graph, *, seed: int = 7) -> list[set[str]]:
    """Louvain communities of teams (weight: meetings), largest first; deterministic for a
    given ``seed``. Every node is in exactly one community."""
    if graph.number_of_edges() == 0:
        return [{n} for n in graph]
    found = nx.community.louvain_communities(graph, weight="played", seed=seed)
    return sorted((set(c) for c in found), key=lambda c: (-len(c), min(c)))


@dataclass(frozen=True)
class CommunityInfo:
    """A community: its ``size``, its most common known ``confederation`` ("" when none is
    known) and the ``share`` of the teams with a known confederation that belong to it, and
    its ``leaders`` (labels of the teams with most matches, up to five)."""

    size: int
    confederation: str
    share: float
    leaders: list[str]


def community_summary(graph: nx.Graph, groups: Iterable[set[str]]) -> list[CommunityInfo]:
    """Describe each community of ``groups`` (same order): do the confederations emerge?"""
    out = []
    for group in groups:
        known = Counter(graph.nodes[t]["confederation"] for t in group)
        known.pop("", None)
        ranked = sorted(known.items(), key=lambda kv: (-kv[1], kv[0]))  # ties: by name
        confed, count = ranked[0] if ranked else ("", 0)
        total = sum(known.values())
        leaders = sorted(group, key=lambda t: (-graph.nodes[t]["matches"], graph.nodes[t]["label"]))
        out.append(
            CommunityInfo(
                len(group),
                confed,
                count / total if total else 0.0,
                [graph.nodes[t]["label"] for t in leaders[:5]],
            )
        )
    return out


# --- head to head matches -----------------------------------------------------------------------


def head_to_head_matches(
    store: ox.Store,
    team_a: str,
    team_b: str,
    filters: NetworkFilters | None = None,
) -> list[dict[str, queries.Value]]:
    """Every match between two teams (IRIs), oldest first, from the ``head-to-head-matches``
    catalogue query: ``date``, ``competitionLabel``, ``matchStage``, ``homeTeamName``,
    ``awayTeamName``, ``homeScore``, ``awayScore``, ``result`` (W/D/L from ``team_a``'s side), …
    Raises :class:`footkg.query.catalogue.QueryError` for a bad filter."""
    raw = {"team_a": team_a, "team_b": team_b, **(filters or NetworkFilters()).raw_params()}
    return _run(store, "head-to-head-matches", raw).records()


# --- players and shared squads ------------------------------------------------------------------


class UnknownPlayerError(UnknownNameError):
    """No World Cup squad player has this name; ``suggestions`` holds close labels."""

    def describe(self, name: str) -> str:
        """``no World Cup squad player named 'Pele'``."""
        return f"no World Cup squad player named {name!r}"


@dataclass(frozen=True)
class PlayerCandidate:
    """A player a name may mean: IRI, label, birth date (ISO or ``None``), squads' labels."""

    iri: str
    label: str
    birth_date: str | None
    squads: tuple[str, ...]

    def describe(self) -> str:
        """``"Ronaldo (born 1976-09-18; Brazil 1994, 1998, 2002, 2006)"``."""
        born = f"born {self.birth_date}" if self.birth_date else "birth date unknown"
        return f"{self.label} ({born}; {', '.join(self.squads)}) <{self.iri}>"


class AmbiguousPlayerError(FootkgError, LookupError):
    """Several squad players fit a name; ``candidates`` lists them (pass one's IRI instead)."""

    def __init__(self, name: str, candidates: list[PlayerCandidate]) -> None:
        self.name = name
        self.candidates = candidates
        listed = "\n".join(f"  - {c.describe()}" for c in candidates)
        super().__init__(f"{name!r} fits {len(candidates)} players; give one's IRI:\n{listed}")


@dataclass(frozen=True)
class PathLink:
    """One link of a player chain: ``source`` and ``target`` player labels shared the squad of
    ``team`` at ``edition`` (its label, e.g. "1970 FIFA World Cup", and ``year``)."""

    source: str
    target: str
    team: str
    edition: str
    year: int
    source_iri: str
    target_iri: str


def squad_network(store: ox.Store) -> nx.Graph:
    """The bipartite graph of World Cup squads (``queries/squad-links.rq``): player nodes (IRI,
    ``kind="player"``, ``label``, ``birth_date``) joined to squad nodes
    (``"squad:<team IRI>|<edition IRI>"``, ``kind="squad"``, ``team``, ``edition``, ``year``).
    Two players are one link apart when they share a squad node. Facts: the squads in the store
    (Fjelstul's World Cups to 2022, openfootball's 2026)."""
    graph = nx.Graph()
    for row in _run(store, "squad-links").records():
        player = str(row["player"])
        squad = f"squad:{row['team']}|{row['edition']}"
        if player not in graph:
            birth = row["birthDate"]
            graph.add_node(
                player,
                kind="player",
                label=str(row["playerLabel"]),
                birth_date=birth.isoformat() if isinstance(birth, dt.date) else "",
            )
        if squad not in graph:
            graph.add_node(
                squad,
                kind="squad",
                team=str(row["teamLabel"]),
                edition=str(row["editionLabel"]),
                year=int(row["year"]),
            )
        graph.add_edge(player, squad)
    return graph


class PlayerIndex:
    """Finds squad players from what a user typed, by their ``rdfs:label``.

    Exact identity-key matches (accents and case ignored: "pele" finds Pelé) win; otherwise the
    players whose label contains the typed words ("Messi" → Lionel Messi). An IRI is accepted as
    it is. Built from :func:`squad_network`'s player nodes.
    """

    def __init__(self, graph: nx.Graph) -> None:
        self._graph = graph
        self._by_key: dict[str, list[str]] = defaultdict(list)
        for node, data in graph.nodes(data=True):
            if data["kind"] == "player":
                self._by_key[identity_key(data["label"])].append(node)

    def candidate(self, iri: str) -> PlayerCandidate:
        """Describe the player ``iri`` (must be a player node)."""
        data = self._graph.nodes[iri]
        squads = sorted((self._graph.nodes[s] for s in self._graph[iri]), key=lambda s: s["year"])
        return PlayerCandidate(
            iri,
            data["label"],
            data["birth_date"] or None,
            tuple(f"{s['team']} {s['year']}" for s in squads),
        )

    def lookup(self, text: str) -> str:
        """The IRI of the one squad player ``text`` names.

        Raises :class:`AmbiguousPlayerError` (candidates with birth dates and squads) when
        several fit, :class:`UnknownPlayerError` (with close names) when none does.
        """
        if text.startswith(("http://", "https://")):
            if self._graph.nodes.get(text, {}).get("kind") == "player":
                return text
            raise UnknownPlayerError(text, [])
        key = identity_key(text)
        found = sorted(self._by_key.get(key, []))
        if not found and key:
            words = f"-{key}-"
            found = sorted(i for k, v in self._by_key.items() if words in f"-{k}-" for i in v)
        if len(found) == 1:
            return found[0]
        if found:
            raise AmbiguousPlayerError(text, [self.candidate(i) for i in found[:20]])
        raise UnknownPlayerError(text, self._suggestions(key))

    def _suggestions(self, key: str) -> list[str]:
        from rapidfuzz import fuzz, process, utils

        hits = process.extract(
            key,
            list(self._by_key),
            scorer=fuzz.WRatio,
            limit=3,
            processor=utils.default_process,
            score_cutoff=80,
        )
        return [self._graph.nodes[self._by_key[k][0]]["label"] for k, _, _ in hits]


def player_path(graph: nx.Graph, source: str, target: str) -> list[PathLink] | None:
    """The shortest chain of shared squads from player ``source`` to ``target`` (IRIs) in
    :func:`squad_network`'s graph, or ``None`` when no chain exists. An empty list means the
    same player. Among equally short chains the one found first by breadth-first search over
    IRI-sorted neighbours is returned (stable across runs). Raises :class:`KeyError` for an
    IRI that is not a squad player."""
    for player in (source, target):
        if graph.nodes.get(player, {}).get("kind") != "player":
            raise KeyError(player)
    try:
        nodes = _bfs_path(graph, source, target)
    except nx.NetworkXNoPath:
        return None
    links = []
    for i in range(0, len(nodes) - 2, 2):
        a, squad, b = nodes[i], graph.nodes[nodes[i + 1]], nodes[i + 2]
        links.append(
            PathLink(
                graph.nodes[a]["label"],
                graph.nodes[b]["label"],
                squad["team"],
                squad["edition"],
                squad["year"],
                a,
                b,
            )
        )
    return links


def _bfs_path(graph: nx.Graph, source: str, target: str) -> list[str]:
    """Breadth-first shortest path visiting neighbours in sorted order (deterministic)."""
    parents: dict[str, str | None] = {source: None}
    frontier = [source]
    while frontier and target not in parents:
        nxt = []
        for node in frontier:
            for other in sorted(graph[node]):
                if other not in parents:
                    parents[other] = node
                    nxt.append(other)
        frontier = nxt
    if target not in parents:
        raise nx.NetworkXNoPath(f"no path from {source} to {target}")
    path = [target]
    while (parent := parents[path[-1]]) is not None:
        path.append(parent)
    return path[::-1]


# --- exports ------------------------------------------------------------------------------------

GRAPH_FORMATS = ("graphml", "gexf")


def write_graph(
    graph: nx.Graph, path: Path, positions: Mapping[str, tuple[float, float]] | None = None
) -> Path:
    """Write ``graph`` as GraphML or GEXF (by ``path``'s suffix) with typed attributes (ints
    stay ints, scores doubles, dates ISO strings), loadable in Gephi and Cytoscape.

    Graph-level attributes are kept as strings; GEXF also gets ``viz`` size and, when
    ``positions`` (node → (x, y)) is given, layout positions. Raises :class:`ValueError` for
    another suffix and :class:`OSError` when the file cannot be written.
    """
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in GRAPH_FORMATS:
        raise ValueError(f"unknown graph format {path.suffix!r}: use .graphml or .gexf")
    out = nx.Graph()
    out.graph.update({k: str(v) for k, v in graph.graph.items()})
    for node, data in graph.nodes(data=True):
        attrs = {k: v for k, v in data.items() if v is not None}
        if fmt == "gexf":
            size = 2.0 + float(data.get("matches", 1)) ** 0.5
            viz: dict[str, object] = {"size": size}
            if positions and node in positions:
                x, y = positions[node]
                viz["position"] = {"x": float(x) * 1000, "y": float(y) * 1000, "z": 0.0}
            attrs["viz"] = viz
        out.add_node(node, **attrs)
    for a, b, data in graph.edges(data=True):
        attrs = {k: v for k, v in data.items() if v is not None}
        attrs.setdefault("weight", float(data.get("played", 1)))  # Gephi's edge weight
        out.add_edge(a, b, **attrs)
    if fmt == "graphml":
        nx.write_graphml(out, path, named_key_ids=True)
    else:
        nx.write_gexf(out, path)
    return path
