"""Rendering a :class:`footkg.ingest.pipeline.BuildReport` for the terminal (rich tables)."""

from __future__ import annotations

from collections import Counter

from rich.console import Console
from rich.table import Table

from footkg.ingest.pipeline import BuildReport
from footkg.vocab import GRAPH_NS, RES_NS


def _short(iri: str) -> str:
    return iri.replace(GRAPH_NS, "fkg:").replace(RES_NS, "fkr:")


def print_build_report(console: Console, report: BuildReport, *, skipped_examples: int = 3) -> None:
    """Print the data location, sources that failed, sources (records, skipped rows by reason
    with the first ``skipped_examples`` of each and where all are listed), triples per named
    graph, conflicts by kind, the SHACL summary, exports and timings."""
    style = "yellow" if report.location.kind == "sample" else "green"
    console.print(f"[{style}]data:[/] {report.location.reason}")
    for key, error in report.failed.items():
        console.print(f"source {key} FAILED, built without it: {error}", style="red",
                      markup=False, highlight=False)  # fmt: skip

    sources = Table(title="sources")
    for column in (
        "source",
        "matches",
        "goals",
        "players",
        "squads",
        "managers",
        "skipped rows",
    ):
        sources.add_column(column, justify="left" if column == "source" else "right")
    for s in report.sources:
        reasons = ", ".join(f"{n} {r}" for r, n in s.skipped_by_reason.most_common())
        sources.add_row(
            s.key,
            f"{s.counts['matches']:,}",
            f"{s.counts['goals']:,}",
            f"{s.counts['players']:,}",
            f"{s.counts['squads']:,}",
            f"{s.counts['managers']:,}",
            f"{len(s.skipped)}" + (f" ({reasons})" if reasons else ""),
        )
    console.print(sources)
    shown = {"matches", "goals", "players", "squads", "managers"}
    for s in report.sources:
        other = [f"{n:,} {kind.replace('_', ' ')}" for kind, n in s.counts.items()
                 if n and kind not in shown]  # fmt: skip
        if other:
            console.print(f"  {s.key}: {', '.join(other)}", highlight=False)
    for s in report.sources:
        for row in s.skipped[:skipped_examples]:
            console.print(f"  skipped {s.key} {row}", style="dim", markup=False, highlight=False)
        if len(s.skipped) > skipped_examples:
            more = len(s.skipped) - skipped_examples
            console.print(f"  … and {more:,} more skipped rows of {s.key}", style="dim")
        if s.flagged:
            reasons = ", ".join(f"{n} {r}" for r, n in Counter(f.reason for f in s.flagged).items())
            console.print(f"  {s.key}: {len(s.flagged):,} rows loaded without a field that "
                          f"contradicts the row ({reasons})", style="dim")  # fmt: skip
    total = sum(len(s.skipped) + len(s.flagged) for s in report.sources)
    if total and report.skipped_file is not None:
        console.print(f"all {total:,} skipped and flagged rows: {report.skipped_file}",
                      markup=False)  # fmt: skip
    _print_club_summary(console, report)

    graphs = Table(title="triples per named graph")
    graphs.add_column("named graph")
    graphs.add_column("triples", justify="right")
    for graph, count in report.triples.items():
        graphs.add_row(_short(graph), f"{count:,}")
    graphs.add_row("[bold]total[/]", f"[bold]{report.total_triples:,}[/]")
    console.print(graphs)

    if report.conflicts:
        kinds = Counter(
            f"{_short(c.kept_graph)} vs {_short(c.other_graph)}: {c.prop}" for c in report.conflicts
        )
        console.print(
            f"source conflicts: {len(report.conflicts)} (kept in fkg:conflicts; "
            "list them with `footkg query source-conflicts`)"
        )
        for kind, n in kinds.most_common():
            console.print(f"  {n:6,}  {kind}", highlight=False)
    if report.unresolved:
        for what, n in report.unresolved.most_common():
            console.print(f"unresolved: {n:,} {what}", style="yellow")

    if report.articles is not None:
        a = report.articles
        conflicts = sum(a.conflicts.values())
        console.print(
            f"match reports: {len(a.merged)} merged ({conflicts} disagreements with the fixture "
            f"data; `footkg conflicts` lists them), {len(a.refused)} refused"
        )
        for path, why in a.refused.items():
            console.print(f"  refused {path}: {why}", style="yellow", markup=False)
    if report.validation is not None:
        counts = report.validation.counts()
        verdict = "[green]conforms[/]" if report.validation.conforms else "[red]does not conform[/]"
        summary = ", ".join(f"{n:,} {sev}" for sev, n in counts.items()) or "no results"
        console.print(f"SHACL: {verdict} ({summary})")
        if report.validation.results:
            console.print(report.validation.to_text(limit=5), markup=False, highlight=False)
    for path in report.exported:
        console.print(f"exported {path} ({path.stat().st_size:,} bytes)")
    timings = ", ".join(f"{step} {sec:.1f}s" for step, sec in report.timings.items())
    console.print(f"time: {timings}")
    console.print(f"store: {report.store_path}")


def _print_club_summary(console: Console, report: BuildReport) -> None:
    """Seasons and matches without a result per club source, and the league champions checked
    against the official list, each difference with its reason."""
    for s in report.sources:
        statuses = {
            k.removeprefix("status: "): n
            for k, n in s.counts.items()
            if k.startswith("status: ") and n
        }
        if s.counts.get("seasons") or statuses:
            unplayed = ", ".join(f"{n:,} {status}" for status, n in statuses.items()) or "none"
            console.print(
                f"{s.key}: {s.counts.get('seasons', 0):,} seasons; matches without a result "
                f"(kept without a score, never counted as played): {unplayed}; "
                f"awarded: {s.counts.get('awarded', 0):,}",
                highlight=False,
            )
    checks = report.champion_checks
    if not checks:
        return
    outcomes = Counter(c.outcome for c in checks)
    summary = ", ".join(f"{n:,} {outcome}" for outcome, n in outcomes.most_common())
    console.print(
        f"champions checked against the official list (data/club-champions.csv): {summary}",
        highlight=False,
    )
    label = lambda iri: report.labels.get(iri, iri) if iri else "none"  # noqa: E731
    for c in report.champion_differences:
        console.print(
            f"  {c.label}: derived {label(c.derived)}, official {label(c.official)} "
            f"({c.outcome}: {c.reason})",
            markup=False,
            highlight=False,
        )
    if report.unused_official:
        console.print(
            f"official champions of seasons the data does not hold (not used): "
            f"{len(report.unused_official)}",
            highlight=False,
        )
