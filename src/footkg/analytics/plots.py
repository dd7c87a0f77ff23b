"""Pictures of footkg's networks: matplotlib PNG/SVG and a self-contained interactive HTML page.

A network picture is first a :class:`NetworkView` (positions, sizes, colours, labels, tooltips,
legend, title) built from a graph of :mod:`footkg.analytics.network` by :func:`rivalry_view`,
:func:`ego_view` or :func:`path_view`; :func:`render_image` draws a view with matplotlib and
:func:`render_html` writes it as one HTML file with inline SVG and JavaScript (no CDN, no
network: it opens offline). :func:`plot_head_to_head` draws the timeline of two teams' meetings.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import networkx as nx

from footkg.analytics.network import CommunityInfo, PathLink

__all__ = [
    "IMAGE_FORMATS",
    "NetworkView",
    "ViewEdge",
    "ViewNode",
    "ego_view",
    "network_layout",
    "path_view",
    "plot_head_to_head",
    "render_html",
    "render_image",
    "rivalry_view",
]

IMAGE_FORMATS = ("png", "svg")
#: Community colours (Okabe-Ito, then tab10 tones): distinguishable, colour-blind safe first.
PALETTE = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#CC79A7",
    "#D55E00",
    "#56B4E9",
    "#F0E442",
    "#000000",
    "#8c564b",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
)
OTHER_COLOUR = "#bbbbbb"
WIN, DRAW, LOSS = "#1a9850", "#9e9e9e", "#d73027"


@dataclass(frozen=True)
class ViewNode:
    """A drawn node: ``id``, ``label``, position ``x``/``y`` (any unit), ``size`` (marker area in
    points², matplotlib's ``s``), fill ``colour`` (hex), ``show_label`` and tooltip ``info``."""

    id: str
    label: str
    x: float
    y: float
    size: float
    colour: str
    show_label: bool
    info: str


@dataclass(frozen=True)
class ViewEdge:
    """A drawn edge between node ids: ``width`` (points), ``colour``, ``label`` drawn at its
    middle ("" for none) and tooltip ``info``."""

    source: str
    target: str
    width: float
    colour: str
    info: str
    label: str = ""


@dataclass(frozen=True)
class NetworkView:
    """Everything needed to draw a network: nodes, edges, ``title``, ``subtitle`` (what sizes
    and widths mean) and ``legend`` entries (hex colour, text)."""

    title: str
    subtitle: str
    nodes: list[ViewNode]
    edges: list[ViewEdge]
    legend: list[tuple[str, str]] = field(default_factory=list)
    figsize: tuple[float, float] = (14.0, 13.0)


def network_layout(
    graph: nx.Graph, groups: Sequence[set[str]] | None = None, *, seed: int = 7
) -> dict[str, tuple[float, float]]:
    """Node positions (unitless) that keep each group of ``groups`` (communities; connected
    components when ``None``) together: every group gets its own disc, of area proportional to
    the sum of its teams' ``sqrt(matches)`` (their marker areas), filled by a force-directed
    layout of its teams (pairs that met more often pull harder, weight ``log(1 + played)``)
    evened out by :func:`_fill_disc`; the discs sit on a circle, largest first. Nodes of
    ``graph`` in no group form one more group. Deterministic for a given ``seed``."""
    parts = [set(g) & set(graph) for g in (groups or nx.connected_components(graph))]
    rest = set(graph).difference(*parts)
    parts = sorted((p for p in [*parts, rest] if p), key=lambda p: (-len(p), min(p)))
    # a disc's area follows the marker areas it holds (about sqrt(matches) each)
    mass = [sum(math.sqrt(graph.nodes[n].get("matches", 1)) + 1 for n in p) for p in parts]
    radii = [math.sqrt(m / sum(mass)) for m in mass]
    ring = sum(2.2 * r for r in radii) / (2 * math.pi) if len(parts) > 1 else 0.0
    out: dict[str, tuple[float, float]] = {}
    angle = math.pi / 2
    for i, (part, radius) in enumerate(zip(parts, radii, strict=True)):
        if i:
            angle -= 1.1 * (radii[i - 1] + radius) / ring
        cx, cy = ring * math.cos(angle), ring * math.sin(angle)
        sub = nx.Graph()
        sub.add_nodes_from(sorted(part))
        edges = graph.subgraph(part).edges(data=True)
        sub.add_weighted_edges_from((a, b, math.log1p(d.get("played", 1))) for a, b, d in edges)
        k = 2.0 / math.sqrt(len(part))
        pos = _fill_disc(nx.spring_layout(sub, k=k, iterations=100, seed=seed, weight="weight"))
        out.update({n: (cx + radius * px, cy + radius * py) for n, (px, py) in pos.items()})
    return out


def _fill_disc(pos: Mapping[str, Sequence[float]]) -> dict[str, tuple[float, float]]:
    """Keep each node's direction from the centroid but set its distance to ``sqrt(rank / n)``,
    so nodes spread evenly over the unit disc (a dense core would hide its labels)."""
    if len(pos) < 3:
        return {n: (0.5 * i, 0.0) for i, n in enumerate(pos)}
    cx = sum(p[0] for p in pos.values()) / len(pos)
    cy = sum(p[1] for p in pos.values()) / len(pos)
    by_radius = sorted(pos, key=lambda n: math.hypot(pos[n][0] - cx, pos[n][1] - cy))
    out = {}
    for rank, node in enumerate(by_radius):
        angle = math.atan2(pos[node][1] - cy, pos[node][0] - cx)
        radius = math.sqrt((rank + 0.5) / len(pos))
        out[node] = (radius * math.cos(angle), radius * math.sin(angle))
    return out


# --- views --------------------------------------------------------------------------------------


def _edge_info(graph: nx.Graph, a: str, b: str) -> str:
    data = graph.edges[a, b]
    one, two = (a, b) if data["team1"] == a else (b, a)
    l1, l2 = graph.nodes[one]["label"], graph.nodes[two]["label"]
    return (
        f"{l1} v {l2}: {data['played']} meetings\n"
        f"{l1} {data['team1_wins']} wins, {data['draws']} draws, {l2} {data['team2_wins']} wins\n"
        f"goals {data['team1_goals']}–{data['team2_goals']}; knockout {data['knockout']}, "
        f"finals {data['finals']}\n{data['first']} to {data['last']}; "
        f"rivalry score {data['score']:.1f}"
    )


def _node_info(data: Mapping[str, object]) -> str:
    confed = f" ({data['confederation']})" if data.get("confederation") else ""
    return (
        f"{data['label']}{confed}\n{data['matches']} matches: {data['wins']} W, "
        f"{data['draws']} D, {data['losses']} L\n{data['opponents']} opponents"
    )


def _sizes(values: Mapping[str, float], small: float, large: float) -> dict[str, float]:
    top = max(values.values(), default=1) or 1
    return {k: small + (large - small) * math.sqrt(v / top) for k, v in values.items()}


def rivalry_view(
    graph: nx.Graph,
    positions: Mapping[str, tuple[float, float]],
    groups: Sequence[set[str]],
    summary: Sequence[CommunityInfo],
    *,
    title: str,
    max_labels: int = 45,
) -> NetworkView:
    """The team network: node area by matches played, colour by community (legend: community
    size, dominant known confederation, leading teams), edge width by meetings. The
    ``max_labels`` teams with most matches are labelled (all of them in a small graph)."""
    community = {t: i for i, g in enumerate(groups) for t in g}
    large = max(150.0, min(900.0, 120_000 / max(len(graph), 1)))
    sizes = _sizes({n: d["matches"] for n, d in graph.nodes(data=True)}, 8, large)
    labelled = _labelled(graph, groups, max_labels)
    nodes = [
        ViewNode(
            n,
            d["label"],
            *positions[n],
            sizes[n],
            _colour(community.get(n, 99)),
            n in labelled,
            _node_info(d),
        )
        for n, d in graph.nodes(data=True)
    ]
    top_played = max((d["played"] for *_, d in graph.edges(data=True)), default=1)
    big = graph.number_of_edges() > 1500
    edges = [
        ViewEdge(
            a,
            b,
            (0.15 if big else 0.4) + 5.0 * d["played"] / top_played,
            "#7a7a7a",
            _edge_info(graph, a, b),
        )
        for a, b, d in sorted(graph.edges(data=True), key=lambda e: e[2]["played"])
    ]
    legend = []
    for i, info in enumerate(summary[: len(PALETTE)]):
        confed = (
            f"{info.confederation} ({info.share:.0%} of known)"
            if info.confederation
            else ("no confederation known")
        )
        legend.append((_colour(i), f"{info.size} teams, {confed}: {', '.join(info.leaders[:4])}"))
    if len(summary) > len(PALETTE):
        legend.append((OTHER_COLOUR, f"{len(summary) - len(PALETTE)} smaller communities"))
    subtitle = (
        f"{graph.number_of_nodes()} teams, {graph.number_of_edges()} pairs that met. "
        "Node area: matches played; edge width: meetings; colour: Louvain community "
        "(weighted by meetings)"
    )
    return NetworkView(title, subtitle, nodes, edges, legend)


def _labelled(graph: nx.Graph, groups: Sequence[set[str]], most: int) -> set[str]:
    """About ``most`` teams to label: in each group, its teams with most matches, as many as
    the group's share of the graph (at least two)."""
    out: set[str] = set()
    for group in groups:
        members = sorted(set(group) & set(graph), key=lambda n: -graph.nodes[n]["matches"])
        quota = max(2, round(most * len(members) / max(len(graph), 1)))
        out.update(members[:quota])
    return out


def _colour(index: int) -> str:
    return PALETTE[index] if index < len(PALETTE) else OTHER_COLOUR


def _share_colour(share: float) -> str:
    """Red (0: always lost) through grey (0.5) to green (1: always won)."""
    low, mid, high = (215, 48, 39), (170, 170, 170), (26, 152, 80)
    a, b, t = (low, mid, share * 2) if share < 0.5 else (mid, high, share * 2 - 1)
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b, strict=True))


def ego_view(ego: nx.Graph, centre: str, *, title: str) -> NetworkView:
    """One team's opponents on a circle, most met first (clockwise from the top): node area by
    meetings, colour by the centre team's points share against them (win 1, draw ½; green: the
    centre team has the better of it, red: the opponent has)."""
    others = sorted(
        (n for n in ego if n != centre),
        key=lambda n: (-ego.edges[centre, n]["played"], ego.nodes[n]["label"]),
    )
    meetings = {n: ego.edges[centre, n]["played"] for n in others}
    sizes = _sizes(meetings, 60, 1400)
    top = max(meetings.values(), default=1)
    nodes = [
        ViewNode(
            centre,
            ego.nodes[centre]["label"],
            0.0,
            0.0,
            2200,
            "#333333",
            True,
            _node_info(ego.nodes[centre]),
        )
    ]
    edges = []
    for i, n in enumerate(others):
        angle = math.pi / 2 - 2 * math.pi * i / max(len(others), 1)
        radius = 1.0 if len(others) <= 24 else (0.8 if i % 2 else 1.05)
        data = ego.edges[centre, n]
        wins = data["team1_wins"] if data["team1"] == centre else data["team2_wins"]
        share = (wins + 0.5 * data["draws"]) / data["played"]
        colour = _share_colour(share)
        label = f"{ego.nodes[n]['label']} ({data['played']})"
        nodes.append(
            ViewNode(
                n,
                label,
                radius * math.cos(angle),
                radius * math.sin(angle),
                sizes[n],
                colour,
                True,
                _edge_info(ego, centre, n),
            )
        )
        edges.append(
            ViewEdge(
                centre, n, 0.5 + 6.0 * data["played"] / top, colour, _edge_info(ego, centre, n)
            )
        )
    name = ego.nodes[centre]["label"]
    legend = [(WIN, f"{name} took most points"), (DRAW, "even"), (LOSS, "the opponent did")]
    subtitle = (
        f"{len(others)} opponents by meetings (in brackets); node area: meetings; colour: "
        f"{name}'s share of points (win 1, draw ½, shootouts are draws)"
    )
    return NetworkView(title, subtitle, nodes, edges, legend, figsize=(14.0, 12.0))


def path_view(links: Sequence[PathLink], *, title: str) -> NetworkView:
    """A chain of players left to right, each link labelled with the squad they shared."""
    if not links:
        raise ValueError("an empty chain has nothing to draw")
    players = [(links[0].source_iri, links[0].source)] + [(x.target_iri, x.target) for x in links]
    nodes = [
        ViewNode(iri, label, float(i), 0.0 if i % 2 == 0 else 0.35, 900, PALETTE[0], True, label)
        for i, (iri, label) in enumerate(players)
    ]
    edges = [
        ViewEdge(
            x.source_iri,
            x.target_iri,
            3.0,
            PALETTE[1],
            f"{x.source} and {x.target}: {x.team}, {x.edition}",
            f"{x.team}\n{x.year}",
        )
        for x in links
    ]
    subtitle = f"{len(links)} links; each link is a World Cup squad both players were in"
    return NetworkView(title, subtitle, nodes, edges, figsize=(max(8.0, 2.6 * len(players)), 5.0))


# --- rendering ----------------------------------------------------------------------------------


def render_image(view: NetworkView, path: Path, *, dpi: int = 110) -> Path:
    """Draw ``view`` with matplotlib to ``path`` (``.png`` or ``.svg``).

    Raises :class:`ValueError` for another suffix, :class:`OSError` if it cannot be written.
    """
    fmt = _image_format(path)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import patheffects
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Patch

    where = {n.id: (n.x, n.y) for n in view.nodes}
    fig, ax = plt.subplots(figsize=view.figsize, layout="constrained")
    segments = [(where[e.source], where[e.target]) for e in view.edges]
    alpha = 0.25 if len(view.edges) > 1500 else 0.55
    ax.add_collection(
        LineCollection(
            segments,
            linewidths=[e.width for e in view.edges],
            colors=[e.colour for e in view.edges],
            alpha=alpha,
            zorder=1,
        )
    )
    ax.scatter(
        [n.x for n in view.nodes],
        [n.y for n in view.nodes],
        s=[n.size for n in view.nodes],
        c=[n.colour for n in view.nodes],
        edgecolors="white",
        linewidths=0.6,
        zorder=2,
    )
    halo = [patheffects.withStroke(linewidth=3, foreground="white")]
    for n in view.nodes:
        if n.show_label:
            ax.annotate(
                n.label,
                (n.x, n.y),
                xytext=(0, 4 + math.sqrt(n.size) / 2),
                textcoords="offset points",
                ha="center",
                va="bottom",
                fontsize=9,
                path_effects=halo,
                zorder=4,
            )
    for e in view.edges:
        if e.label:
            (x1, y1), (x2, y2) = where[e.source], where[e.target]
            ax.text(
                (x1 + x2) / 2,
                (y1 + y2) / 2,
                e.label,
                ha="center",
                va="center",
                fontsize=9,
                bbox={"boxstyle": "round", "fc": "white", "ec": e.colour},
                zorder=3,
            )
    ax.margins(0.08)
    ax.set_axis_off()
    ax.set_aspect("equal", adjustable="datalim")
    fig.suptitle(view.title, fontsize=15, fontweight="bold")
    ax.set_title(view.subtitle, fontsize=10, color="#444444")
    if view.legend:
        handles = [Patch(color=c, label=t) for c, t in view.legend]
        ax.legend(
            handles=handles,
            loc="upper center",
            bbox_to_anchor=(0.5, -0.01),
            ncol=1,
            fontsize=9,
            frameon=False,
        )
    fig.savefig(path, format=fmt, dpi=dpi, facecolor="white")
    plt.close(fig)
    return path


def _image_format(path: Path) -> str:
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in IMAGE_FORMATS:
        raise ValueError(f"unknown image format {path.suffix!r}: use .png or .svg")
    return fmt


_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>__TITLE__</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{margin:0;font:14px system-ui,sans-serif;color:#222;display:flex;
flex-direction:column;height:100vh}
header{padding:8px 14px;border-bottom:1px solid #ddd}
h1{font-size:18px;margin:0 0 4px} p{margin:0;color:#555}
#bar{display:flex;gap:12px;align-items:center;margin-top:6px;flex-wrap:wrap}
#legend span{display:inline-flex;align-items:center;margin-right:12px}
#legend i{display:inline-block;width:12px;height:12px;border-radius:6px;margin-right:4px}
svg{flex:1;width:100%;cursor:grab;background:#fff}
.e{stroke-linecap:round} .n{stroke:#fff;stroke-width:.8;cursor:pointer}
text{font-size:11px;paint-order:stroke;stroke:#fff;stroke-width:3px;pointer-events:none}
.dim{opacity:.08} #tip{position:fixed;pointer-events:none;background:#222;color:#fff;
padding:6px 8px;border-radius:4px;white-space:pre;font-size:12px;display:none}
</style></head><body>
<header><h1 id="title"></h1><p id="subtitle"></p>
<div id="bar"><input id="find" placeholder="find…" size="18">
<span>scroll: zoom · drag: pan · click a node: its links · Esc: reset</span></div>
<div id="legend"></div></header>
<svg id="net" viewBox="0 0 1000 700"><g id="zoom"><g id="edges"></g><g id="nodes"></g>
<g id="labels"></g></g></svg><div id="tip"></div>
<script id="data" type="application/json">__DATA__</script>
<script>
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const NS = "http://www.w3.org/2000/svg", $ = (id) => document.getElementById(id);
$("title").textContent = D.title; $("subtitle").textContent = D.subtitle;
for (const [colour, text] of D.legend) {
  const s = document.createElement("span"), i = document.createElement("i");
  i.style.background = colour; s.append(i, text); $("legend").append(s);
}
function el(tag, attrs, parent) {
  const e = document.createElementNS(NS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  parent.append(e); return e;
}
const tip = $("tip"), byId = {}, links = {};
function show(ev, text) { tip.textContent = text; tip.style.display = "block";
  tip.style.left = ev.clientX + 12 + "px"; tip.style.top = ev.clientY + 12 + "px"; }
function hide() { tip.style.display = "none"; }
D.nodes.forEach((n) => { byId[n.id] = n; links[n.id] = new Set([n.id]); });
const edgeEls = D.edges.map((e) => {
  const a = byId[e.s], b = byId[e.t];
  links[e.s].add(e.t); links[e.t].add(e.s);
  const line = el("line", {x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "e", stroke: e.c,
    "stroke-width": e.w, "stroke-opacity": D.edges.length > 1500 ? 0.3 : 0.6}, $("edges"));
  line.addEventListener("mousemove", (ev) => show(ev, e.info));
  line.addEventListener("mouseleave", hide);
  if (e.label) { const t = el("text", {x: (a.x + b.x) / 2, y: (a.y + b.y) / 2,
    "text-anchor": "middle"}, $("labels")); t.textContent = e.label.replace("\\n", " "); }
  return [e, line];
});
const nodeEls = D.nodes.map((n) => {
  const c = el("circle", {cx: n.x, cy: n.y, r: n.r, fill: n.c, class: "n"}, $("nodes"));
  c.addEventListener("mousemove", (ev) => show(ev, n.info));
  c.addEventListener("mouseleave", hide);
  c.addEventListener("click", (ev) => { ev.stopPropagation(); focus(n.id); });
  const t = el("text", {x: n.x, y: n.y - n.r - 3, "text-anchor": "middle"}, $("labels"));
  t.textContent = n.label; t.style.display = n.l ? "" : "none";
  return [n, c, t];
});
function focus(id) {
  const keep = id === null ? null : links[id];
  for (const [n, c, t] of nodeEls) {
    const on = keep === null || keep.has(n.id);
    c.classList.toggle("dim", !on);
    t.style.display = (keep === null ? n.l : on) ? "" : "none";
  }
  for (const [e, line] of edgeEls)
    line.classList.toggle("dim", keep !== null && e.s !== id && e.t !== id);
}
$("find").addEventListener("input", (ev) => {
  const q = ev.target.value.trim().toLowerCase();
  const hit = q && D.nodes.find((n) => n.label.toLowerCase().startsWith(q));
  focus(hit ? hit.id : null);
});
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") focus(null); });
const svg = $("net"), zoom = $("zoom");
let k = 1, tx = 0, ty = 0, drag = null;
function apply() { zoom.setAttribute("transform", `translate(${tx},${ty}) scale(${k})`); }
function point(ev) { const p = svg.createSVGPoint(); p.x = ev.clientX; p.y = ev.clientY;
  return p.matrixTransform(svg.getScreenCTM().inverse()); }
svg.addEventListener("wheel", (ev) => { ev.preventDefault(); const p = point(ev);
  const f = ev.deltaY < 0 ? 1.2 : 1 / 1.2; tx = p.x - (p.x - tx) * f; ty = p.y - (p.y - ty) * f;
  k *= f; apply(); }, {passive: false});
svg.addEventListener("mousedown", (ev) => { drag = [point(ev), tx, ty]; });
svg.addEventListener("mousemove", (ev) => { if (!drag) return; const p = point(ev);
  tx = drag[1] + p.x - drag[0].x; ty = drag[2] + p.y - drag[0].y; apply(); });
addEventListener("mouseup", () => { drag = null; });
svg.addEventListener("click", () => focus(null));
</script></body></html>
"""


def render_html(view: NetworkView, path: Path) -> Path:
    """Write ``view`` as one self-contained HTML file (inline SVG and JavaScript; no external
    resource): hover for details, scroll to zoom, drag to pan, click a node or type a name to see
    its links. All text goes in as JSON data and is set with ``textContent`` (no markup
    injection). Raises :class:`OSError` if it cannot be written."""
    xs = [n.x for n in view.nodes] or [0.0]
    ys = [n.y for n in view.nodes] or [0.0]
    width, height, pad = 1000.0, 700.0, 60.0
    scale = min(
        (width - 2 * pad) / max(max(xs) - min(xs), 1e-9),
        (height - 2 * pad) / max(max(ys) - min(ys), 1e-9),
    )
    ox_, oy_ = (width - scale * (max(xs) - min(xs))) / 2, (height - scale * (max(ys) - min(ys))) / 2

    def xy(x: float, y: float) -> tuple[float, float]:
        return round(ox_ + scale * (x - min(xs)), 1), round(height - oy_ - scale * (y - min(ys)), 1)

    nodes = [
        {
            "id": n.id,
            "label": n.label,
            "x": xy(n.x, n.y)[0],
            "y": xy(n.x, n.y)[1],
            "r": round(math.sqrt(n.size) / 2.2, 1),
            "c": n.colour,
            "l": n.show_label,
            "info": n.info,
        }
        for n in view.nodes
    ]
    edges = [
        {
            "s": e.source,
            "t": e.target,
            "w": round(e.width, 2),
            "c": e.colour,
            "info": e.info,
            "label": e.label,
        }
        for e in view.edges
    ]
    data = {
        "title": view.title,
        "subtitle": view.subtitle,
        "legend": view.legend,
        "nodes": nodes,
        "edges": edges,
    }
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    payload = payload.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    text = _HTML.replace("__TITLE__", html.escape(view.title)).replace("__DATA__", payload)
    path.write_text(text, encoding="utf-8")
    return path


# --- head to head timeline ----------------------------------------------------------------------

_MARKERS = ("o", "s", "^", "D", "v", "P", "X")


def plot_head_to_head(
    matches: Sequence[Mapping[str, object]],
    label_a: str,
    label_b: str,
    path: Path,
    *,
    subtitle: str = "",
    dpi: int = 110,
) -> Path:
    """Timeline of two teams' meetings to ``path`` (``.png`` or ``.svg``): one stem per match at
    its date, height = goal difference from ``label_a``'s side (after extra time), colour = result
    (W/D/L from ``label_a``'s side; a shootout-decided match is a draw and gets a ring), marker =
    competition (the six most frequent, the rest "other").

    ``matches`` are rows of :func:`footkg.analytics.network.head_to_head_matches` (``date``,
    ``competitionLabel``, ``homeTeamName``, ``awayTeamName``, ``homeScore``, ``awayScore``,
    ``result``, ``shootoutWinnerName``…). Raises :class:`ValueError` when there are none or for
    another suffix.
    """
    fmt = _image_format(path)
    if not matches:
        raise ValueError(f"{label_a} and {label_b} never met under these filters")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    counts = Counter(str(m["competitionLabel"]) for m in matches)
    kinds = [c for c, _ in counts.most_common(len(_MARKERS) - 1)]
    marker_of = {c: _MARKERS[i] for i, c in enumerate(kinds)}
    colour_of = {"W": WIN, "D": DRAW, "L": LOSS}
    fig, ax = plt.subplots(figsize=(14, 6.5), layout="constrained")
    ax.axhline(0, color="#444444", linewidth=0.8)
    results = Counter()
    for m in matches:
        date, result = m["date"], str(m["result"])
        assert isinstance(date, dt.date)
        diff = abs(int(m["homeScore"]) - int(m["awayScore"]))  # type: ignore[call-overload]
        gd = diff if result == "W" else (-diff if result == "L" else 0)
        results[result] += 1
        colour = colour_of[result]
        ax.vlines(date, 0, gd, color=colour, linewidth=1.6, alpha=0.8)
        marker = marker_of.get(str(m["competitionLabel"]), _MARKERS[-1])
        ax.scatter(
            [date],
            [gd],
            marker=marker,
            s=55,
            color=colour,
            edgecolors="black",
            linewidths=0.5,
            zorder=3,
        )
        if m.get("shootoutWinnerName"):
            ax.scatter(
                [date],
                [gd],
                marker="o",
                s=260,
                facecolors="none",
                edgecolors=colour,
                linewidths=1.4,
                zorder=2,
            )
    handles = [
        Line2D([], [], color=WIN, linewidth=6, label=f"{label_a} won ({results['W']})"),
        Line2D([], [], color=DRAW, linewidth=6, label=f"draw ({results['D']})"),
        Line2D([], [], color=LOSS, linewidth=6, label=f"{label_b} won ({results['L']})"),
        Line2D(
            [],
            [],
            marker="o",
            linestyle="",
            markersize=14,
            markerfacecolor="none",
            markeredgecolor="black",
            label="decided on penalties",
        ),
    ]
    handles += [
        Line2D(
            [], [], marker=marker_of[c], linestyle="", color="#555555", label=f"{c} ({counts[c]})"
        )
        for c in kinds
    ]
    others = len(matches) - sum(counts[c] for c in kinds)
    if others:
        handles.append(
            Line2D(
                [],
                [],
                marker=_MARKERS[-1],
                linestyle="",
                color="#555555",
                label=f"other competitions ({others})",
            )
        )
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    ax.set_ylabel(f"goal difference ({label_a} − {label_b})")
    ax.set_xlabel("date")
    ax.grid(axis="y", color="#eeeeee")
    lim = max(1, *(abs(int(m["homeScore"]) - int(m["awayScore"])) for m in matches))  # type: ignore[call-overload]
    ax.set_ylim(-lim - 0.8, lim + 0.8)
    first, last = matches[0]["date"], matches[-1]["date"]
    fig.suptitle(
        f"{label_a} v {label_b}: {len(matches)} meetings, {first:%Y}–{last:%Y}",
        fontsize=15,
        fontweight="bold",
    )
    ax.set_title(subtitle or "all competitions", fontsize=10, color="#444444")
    fig.savefig(path, format=fmt, dpi=dpi, facecolor="white")
    plt.close(fig)
    return path
