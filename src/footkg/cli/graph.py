"""The ``footkg graph`` and ``footkg plot`` commands: networks, pictures and graph exports.

``register(app)`` adds both sub-apps to the main ``footkg`` app (idempotent). Exit codes as in
:mod:`footkg.cli.app`: 0 ok, 2 bad input (unknown team or player, ambiguous player, bad filter or
output format, no store).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from footkg.cli.options import Command, LocalStoreOpt, console, fail, note

NETWORK_FORMATS = ("png", "svg", "html", "graphml", "gexf")
IMAGE_FORMATS = ("png", "svg")

graph_app = typer.Typer(
    help="Team and player networks: pictures, analytics, GraphML/GEXF.", no_args_is_help=True
)
plot_app = typer.Typer(help="Charts of match records.", no_args_is_help=True)

CompetitionOpt = Annotated[
    str | None,
    typer.Option(metavar="NAME", help='Only this competition (its name, e.g. "FIFA World Cup").'),
]
StageOpt = Annotated[
    str | None,
    typer.Option(
        metavar="STAGE", help='Only this stage ("final", "quarter-final", …) or "knockout".'
    ),
]
UntilOpt = Annotated[
    str | None, typer.Option(metavar="DATE", help="Only matches on or before this date.")
]


def register(app: typer.Typer) -> None:
    """Add the ``graph`` and ``plot`` sub-apps to ``app`` (a second call does nothing)."""
    names = {group.name for group in app.registered_groups}
    if "graph" not in names:
        app.add_typer(graph_app, name="graph")
    if "plot" not in names:
        app.add_typer(plot_app, name="plot")


# --- helpers ------------------------------------------------------------------------------------


_fail = fail


def _open(path: Path | None):
    from footkg.errors import FootkgError
    from footkg.store import local as store

    try:
        return store.open_store(path if path is not None else store.default_store_path())
    except FootkgError as exc:
        raise _fail(str(exc)) from exc


def _format(out: Path, allowed: tuple[str, ...]) -> str:
    fmt = out.suffix.lower().lstrip(".")
    if fmt not in allowed:
        raise _fail(f"--out {out}: use one of {', '.join('.' + a for a in allowed)}")
    return fmt


def _resolve_team(kg, name: str) -> str:
    """The team IRI ``name`` means, by the same resolver as ``footkg query``."""
    from footkg.ingest.resolve import TeamIndex

    return TeamIndex.from_store(kg).lookup(name)


def _filters(competition: str | None, stage: str | None, until: str | None, kg=None):
    """The network filters; a competition name goes through the same resolver as ``footkg
    query`` (case does not matter; an unknown one is refused with suggestions)."""
    from footkg.analytics import network as analytics
    from footkg.errors import FootkgError
    from footkg.ingest.resolve import CompetitionIndex

    if competition is not None and kg is not None:
        try:
            competition = CompetitionIndex.from_store(kg).lookup(competition)
        except FootkgError as exc:
            raise _fail(str(exc)) from exc
    return analytics.NetworkFilters(competition, stage.lower() if stage else None, until)


def _write_network(view, graph, positions, out: Path, fmt: str) -> None:
    from footkg.analytics import network as analytics
    from footkg.analytics import plots

    if fmt in plots.IMAGE_FORMATS:
        plots.render_image(view, out)
    elif fmt == "html":
        plots.render_html(view, out)
    else:
        analytics.write_graph(graph, out, positions)
    console.print(f"wrote {out} ({out.stat().st_size:,} bytes)")


# --- graph rivalries ----------------------------------------------------------------------------


@graph_app.command("rivalries", cls=Command)
def rivalries(
    out: Annotated[
        Path, typer.Option("--out", metavar="FILE", help="Output: .png .svg .html .graphml .gexf")
    ],
    competition: CompetitionOpt = None,
    stage: StageOpt = None,
    until: UntilOpt = None,
    top: Annotated[
        int | None,
        typer.Option(metavar="N", help="Keep the N pairs with the highest rivalry score."),
    ] = None,
    store_path: LocalStoreOpt = None,
) -> None:
    """The team network: teams sized by matches, pairs that met weighted by meetings."""
    from footkg.analytics import network as analytics
    from footkg.analytics import plots
    from footkg.errors import FootkgError

    fmt = _format(out, NETWORK_FORMATS)
    kg = _open(store_path)
    filters = _filters(competition, stage, until, kg)
    try:
        full = analytics.rivalry_network(kg, filters)
        shown = analytics.top_rivalries(full, top)
    except (FootkgError, ValueError) as exc:
        raise _fail(str(exc)) from exc
    if full.number_of_edges() == 0:
        raise _fail(f"no matches under these filters ({filters.describe()})")
    groups = analytics.communities(full)
    summary = analytics.community_summary(full, groups)
    _print_rivalries(shown, summary)
    if shown is not full:  # the picture's communities are those of what it shows
        groups = analytics.communities(shown)
        summary = analytics.community_summary(shown, groups)
    positions = plots.network_layout(shown, groups)
    scope = f", top {top} pairs by rivalry score" if shown is not full else ""
    title = f"Rivalry network: {filters.describe()}{scope}"
    view = plots.rivalry_view(shown, positions, groups, summary, title=title)
    _write_network(view, shown, positions, out, fmt)


def _print_rivalries(graph, summary) -> None:
    """The top pairs by rivalry score (W-D-L from the first team's side) and the communities
    (``summary``: :class:`footkg.analytics.network.CommunityInfo` list)."""
    table = Table(
        title=f"Top rivalries by score ({graph.number_of_nodes()} teams, "
        f"{graph.number_of_edges()} pairs)"
    )
    for col in ("pair", "played", "W-D-L", "goals", "knockout", "span", "score"):
        table.add_column(col, justify="left" if col == "pair" else "right")
    ranked = sorted(graph.edges(data=True), key=lambda e: -e[2]["score"])[:15]
    for a, b, d in ranked:
        one, two = (a, b) if d["team1"] == a else (b, a)
        table.add_row(
            f"{graph.nodes[one]['label']} – {graph.nodes[two]['label']}",
            str(d["played"]),
            f"{d['team1_wins']}-{d['draws']}-{d['team2_wins']}",
            f"{d['team1_goals']}-{d['team2_goals']}",
            str(d["knockout"]),
            f"{d['first'][:4]}–{d['last'][:4]}",
            f"{d['score']:.1f}",
        )
    console.print(table)
    communities = Table(title="Communities (Louvain, weighted by meetings)")
    for col in ("teams", "confederation (share of known)", "most matches"):
        communities.add_column(col)
    for info in summary[:10]:
        confed = f"{info.confederation} ({info.share:.0%})" if info.confederation else "unknown"
        communities.add_row(str(info.size), confed, ", ".join(info.leaders))
    console.print(communities)


# --- graph team ---------------------------------------------------------------------------------


@graph_app.command("team", cls=Command)
def team(
    name: Annotated[
        str, typer.Argument(metavar="TEAM", help='A team name ("West Germany", "Holland") or IRI.')
    ],
    competition: CompetitionOpt = None,
    stage: StageOpt = None,
    until: UntilOpt = None,
    top: Annotated[
        int, typer.Option(metavar="N", help="Opponents shown (most met first); 0 for all.")
    ] = 20,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="FILE",
            help="Also write the ego network: .png .svg .html .graphml .gexf",
        ),
    ] = None,
    store_path: LocalStoreOpt = None,
) -> None:
    """A team's opponents: its head-to-head table, and its ego network as a picture or export."""
    from footkg.analytics import network as analytics
    from footkg.analytics import plots
    from footkg.errors import FootkgError

    fmt = _format(out, NETWORK_FORMATS) if out else None
    kg = _open(store_path)
    filters = _filters(competition, stage, until, kg)
    try:
        iri = _resolve_team(kg, name)
        graph = analytics.rivalry_network(kg, filters)
    except (FootkgError, ValueError) as exc:
        raise _fail(str(exc)) from exc
    if iri not in graph:
        raise _fail(f"{name} played no match under these filters ({filters.describe()})")
    label = graph.nodes[iri]["label"]
    rows = analytics.head_to_head_table(graph, iri)
    limit = None if top <= 0 else top
    table = Table(
        title=f"{label}: head to head, {filters.describe()} "
        f"({len(rows[:limit])} of {len(rows)} opponents)"
    )
    for col in ("opponent", "P", "W", "D", "L", "GF", "GA", "KO", "first", "last", "score"):
        table.add_column(col, justify="left" if col == "opponent" else "right")
    for r in rows[:limit]:
        table.add_row(
            r.opponent_label,
            *(
                str(v)
                for v in (
                    r.played,
                    r.wins,
                    r.draws,
                    r.losses,
                    r.goals_for,
                    r.goals_against,
                    r.knockout,
                )
            ),
            r.first,
            r.last,
            f"{r.score:.1f}",
        )
    console.print(table)
    if out is not None and fmt is not None:
        ego = analytics.ego_network(graph, iri, limit)
        view = plots.ego_view(ego, iri, title=f"{label}'s opponents: {filters.describe()}")
        positions = {n.id: (n.x, n.y) for n in view.nodes}
        _write_network(view, ego, positions, out, fmt)


# --- graph path ---------------------------------------------------------------------------------


@graph_app.command("path", cls=Command)
def path(
    player_a: Annotated[str, typer.Argument(metavar="PLAYER_A", help="A player's name (or IRI).")],
    player_b: Annotated[
        str, typer.Argument(metavar="PLAYER_B", help="Another player's name (or IRI).")
    ],
    out: Annotated[
        Path | None,
        typer.Option("--out", metavar="FILE", help="Also draw the chain: .png .svg .html"),
    ] = None,
    store_path: LocalStoreOpt = None,
) -> None:
    """The shortest chain of shared World Cup squads between two players."""
    from footkg.analytics import network as analytics
    from footkg.analytics import plots
    from footkg.errors import FootkgError

    fmt = _format(out, ("png", "svg", "html")) if out else None
    try:
        graph = analytics.squad_network(_open(store_path))
        if graph.number_of_nodes() == 0:
            note(
                "this store holds no World Cup squads (a store built from the built-in "
                "sample has none): `footkg data fetch` then `footkg build` gives them; "
                "no chain written"
            )
            return
        index = analytics.PlayerIndex(graph)
        source, target = index.lookup(player_a), index.lookup(player_b)
    except FootkgError as exc:
        raise _fail(str(exc)) from exc
    links = analytics.player_path(graph, source, target)
    a, b = index.candidate(source), index.candidate(target)
    if links is None:
        console.print(
            f"No chain of shared World Cup squads links {a.label} ({', '.join(a.squads)})"
            f" and {b.label} ({', '.join(b.squads)}).",
            highlight=False,
        )
        return
    if not links:
        console.print(f"{a.label} and {b.label} are the same player.")
        return
    console.print(f"{a.label} to {b.label}: {len(links)} links", style="bold", highlight=False)
    for i, link in enumerate(links, 1):
        console.print(
            f" {i}. {link.source} and {link.target}: {link.team}, {link.edition}", highlight=False
        )
    if out is not None and fmt is not None:
        view = plots.path_view(links, title=f"From {a.label} to {b.label} through shared squads")
        if fmt == "html":
            plots.render_html(view, out)
        else:
            plots.render_image(view, out)
        console.print(f"wrote {out} ({out.stat().st_size:,} bytes)")


# --- plot head-to-head --------------------------------------------------------------------------


@plot_app.command("head-to-head", cls=Command)
def head_to_head(
    team_a: Annotated[
        str, typer.Argument(metavar="TEAM_A", help="The team whose side results are drawn from.")
    ],
    team_b: Annotated[str, typer.Argument(metavar="TEAM_B", help="The opponent.")],
    out: Annotated[Path, typer.Option("--out", metavar="FILE", help="Output: .png or .svg")],
    competition: CompetitionOpt = None,
    stage: StageOpt = None,
    until: UntilOpt = None,
    store_path: LocalStoreOpt = None,
) -> None:
    """A timeline of two teams' meetings: result and goal difference per match."""
    from footkg.analytics import network as analytics
    from footkg.analytics import plots
    from footkg.errors import FootkgError

    _format(out, IMAGE_FORMATS)
    kg = _open(store_path)
    filters = _filters(competition, stage, until, kg)
    try:
        a, b = _resolve_team(kg, team_a), _resolve_team(kg, team_b)
        matches = analytics.head_to_head_matches(kg, a, b, filters)
        names = analytics.team_labels(kg)
        labels = (names.get(a, team_a), names.get(b, team_b))
        plots.plot_head_to_head(matches, *labels, out, subtitle=filters.describe())
    except (FootkgError, ValueError) as exc:
        raise _fail(str(exc)) from exc
    results = "".join(str(m["result"]) for m in matches)
    console.print(
        f"{labels[0]} v {labels[1]}: {len(matches)} meetings, W {results.count('W')} "
        f"D {results.count('D')} L {results.count('L')}",
        highlight=False,
    )
    console.print(f"wrote {out} ({out.stat().st_size:,} bytes)")
