"""``footkg build``: sources → domain records → resolution → RDF → store → SHACL → exports.

One function, :func:`build`, runs the whole pipeline and returns a :class:`BuildReport` (what was
loaded and skipped per source, triples per named graph, source conflicts, the SHACL report,
timings, files written). The store swap is atomic (:mod:`footkg.store.local`): if anything fails
before the end, the previous store stays current.

A source that cannot be read at all (a file missing, empty, or with a renamed header: a
:class:`footkg.errors.SourceFormatError`) does not stop the build: the other sources are built,
the failure is in :attr:`BuildReport.failed` (and ``footkg build`` exits 2). Every row a source
skipped is listed, with its file, line, reason and detail, in ``STORE/skipped-rows.csv``
(:data:`SKIPPED_ROWS`), written with the build that becomes current.
"""

from __future__ import annotations

import csv
import inspect
import io
import os
import shutil
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import pyoxigraph as ox

from footkg import resources
from footkg.errors import SourceFormatError
from footkg.ingest import datasets
from footkg.ingest.clubs import ClubNames
from footkg.ingest.derive import derive
from footkg.ingest.integrate import Conflict, Integrated, integrate
from footkg.ingest.mapping import QuadSink, map_all
from footkg.ingest.provenance import ONTOLOGY_GRAPH, graph_metadata_quads, metadata_quads
from footkg.ingest.reports import ArticlesSummary, ingest_articles, report_files
from footkg.ingest.resolve import TeamNames, read_name_rules
from footkg.ingest.sources import (
    engsoccerdata,
    euro,
    fjelstul,
    football_json,
    intl_results,
    leagues,
    official,
    openfootball,
    sample,
)
from footkg.ingest.tables import ChampionCheck
from footkg.model import OfficialChampion, SkippedRow, SourceData
from footkg.store.export import export, remove_link_exports
from footkg.store.local import StoreBuild, triples_per_graph
from footkg.validate import ValidationReport, validate

#: The sources of a full build, most preferred first (the first to hold a match states it):
#: the World Cup sources, the international results, the Euro files (after martj42, whose
#: records of the same matches they complete), the two club datasets (engsoccerdata states the
#: English matches football.json also holds) and footkg's list of official champions.
FULL_SOURCES: tuple[Callable[[Path], SourceData], ...] = (
    fjelstul.load,
    openfootball.load,
    intl_results.load,
    euro.load,
    engsoccerdata.load,
    football_json.load,
    lambda _: official.load(),
)

#: The file beside the store's builds listing every skipped row of the current build.
SKIPPED_ROWS = "skipped-rows.csv"
#: Its columns (``action``: ``skipped``, or ``kept`` for a row loaded without one field).
SKIPPED_COLUMNS: tuple[str, ...] = ("dataset", "file", "line", "reason", "action", "detail")

#: A step reporter: called with a step's description when it starts.
StepCallback = Callable[[str], None]


@dataclass(slots=True)
class SourceSummary:
    """What one source gave: record counts by type, the rows skipped (with reasons; by the
    loader, or at integration when a row's team name names no team) and the rows loaded with
    a self-contradicting field left out (``flagged``)."""

    key: str
    counts: dict[str, int]
    skipped: list[SkippedRow]
    flagged: list[SkippedRow] = field(default_factory=list)

    @property
    def skipped_by_reason(self) -> Counter[str]:
        """Skipped rows per reason key."""
        return Counter(row.reason for row in self.skipped)


@dataclass(slots=True)
class BuildReport:
    """The outcome of a build (see the module docstring)."""

    store_path: Path
    location: datasets.DataLocation
    sources: list[SourceSummary] = field(default_factory=list)
    triples: dict[str, int] = field(default_factory=dict)
    conflicts: list[Conflict] = field(default_factory=list)
    unresolved: Counter[str] = field(default_factory=Counter)
    validation: ValidationReport | None = None
    exported: list[Path] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    articles: ArticlesSummary | None = None
    champion_checks: list[ChampionCheck] = field(default_factory=list)
    unused_official: list[OfficialChampion] = field(default_factory=list)
    labels: dict[str, str] = field(default_factory=dict)

    @property
    def champion_differences(self) -> list[ChampionCheck]:
        """The checks where the derived and the official champion are not the same (see
        :class:`footkg.ingest.tables.ChampionCheck`)."""
        return [c for c in self.champion_checks if c.outcome not in ("agrees", "not listed")]
    failed: dict[str, str] = field(default_factory=dict)
    skipped_file: Path | None = None

    @property
    def total_triples(self) -> int:
        """Triples over all named graphs (a triple in two graphs counts twice)."""
        return sum(self.triples.values())


@dataclass(slots=True)
class BuildOptions:
    """Options of :func:`build`. ``data_dir`` None means: cache, download, or the sample;
    ``out_dir`` None means no export; ``formats`` are :data:`footkg.store.export.FORMATS` keys;
    ``articles`` are folders of match reports (``.txt``) to ingest, besides the project's demo
    reports in ``data/articles`` unless ``demo_articles`` is false."""

    store_path: Path
    data_dir: Path | None = None
    cache_dir: Path | None = None
    allow_download: bool = True
    base_url: str | None = None
    out_dir: Path | None = None
    formats: tuple[str, ...] = ("turtle", "trig", "nquads")
    validate: bool = True
    engine: str = "sparql"
    articles: tuple[Path, ...] = ()
    demo_articles: bool = True


def source_key(load: Callable[[Path], SourceData]) -> str:
    """The dataset key of a loader of :data:`FULL_SOURCES` (its module's ``DATASET``)."""
    module = inspect.getmodule(load)
    return str(getattr(module, "DATASET", getattr(load, "__module__", repr(load))))


def load_sources(
    location: datasets.DataLocation, failed: dict[str, str] | None = None
) -> list[SourceData]:
    """Load every source available at ``location``, most preferred first; the built-in sample
    (finals, hosts, champions, one Premier League season) always comes last, as a cross-check
    and for 2026 hosts; without the datasets, footkg's list of official champions comes with
    it (for the sample's league season).

    A source whose files cannot be read (:class:`SourceFormatError`) is left out and its error
    recorded in ``failed`` (dataset key → message); without ``failed`` the error is raised.
    """
    if location.kind == "sample":
        return [sample.load(), official.load()]
    loaded: list[SourceData] = []
    for load in FULL_SOURCES:
        try:
            loaded.append(load(location.path))
        except SourceFormatError as exc:
            if failed is None:
                raise
            failed[source_key(load)] = str(exc)
    return [*loaded, sample.load()]


def skipped_rows_csv(sources: list[SourceSummary]) -> bytes:
    """Every skipped row of ``sources`` as CSV (UTF-8; columns :data:`SKIPPED_COLUMNS`), in
    source order, then file and line as the loaders met them."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(SKIPPED_COLUMNS)
    for source in sources:
        for action, rows in (("skipped", source.skipped), ("kept", source.flagged)):
            for r in rows:
                writer.writerow((r.ref.dataset, r.ref.file, r.ref.line, r.reason, action, r.detail))
    return out.getvalue().encode("utf-8")


def team_names(sources: list[SourceData]) -> TeamNames:
    """The team-name resolver: ``data/team-names.csv`` plus every name the sources use for a
    national team (club names resolve with :class:`footkg.ingest.clubs.ClubNames`)."""
    rules = read_name_rules(resources.data_dir() / "team-names.csv")
    national = [m for s in sources for m in s.matches if m.team_kind == "national"]
    known = {m.home for m in national} | {m.away for m in national}
    return TeamNames(rules, known_names=known)


def _labels(data: Integrated, checks: list[ChampionCheck]) -> dict[str, str]:
    """Labels of the clubs and teams the champion checks name (for the build summary)."""
    out: dict[str, str] = {}
    for check in checks:
        for iri in (check.derived, check.official):
            if iri is None:
                continue
            if iri in data.clubs:
                out[iri] = data.clubs[iri].label or iri
            elif iri in data.teams:
                out[iri] = data.teams[iri].label
    return out


#: The record lists of :class:`footkg.model.SourceData` a build summary counts, in report order.
RECORD_KINDS: tuple[str, ...] = (
    "tournaments",
    "teams",
    "players",
    "stadiums",
    "matches",
    "goals",
    "kicks",
    "squads",
    "managers",
    "former_names",
    "team_appearances",
    "appearances",
    "substitutions",
    "bookings",
    "confederations",
    "referees",
    "referee_appointments",
    "referee_appearances",
    "manager_appearances",
    "awards",
    "award_winners",
    "group_standings",
    "tournament_standings",
    "qualified_teams",
    "stages",
    "seasons",
    "official_champions",
)


def _summary(source: SourceData) -> SourceSummary:
    counts = {name: len(getattr(source, name)) for name in RECORD_KINDS}
    statuses = Counter(m.status for m in source.matches if m.status)
    counts.update({f"status: {status}": n for status, n in sorted(statuses.items())})
    counts["awarded"] = sum(1 for m in source.matches if m.awarded)
    return SourceSummary(source.info.key, counts, list(source.skipped), list(source.flagged))


@contextmanager
def _timed(report: BuildReport, step: str, on_step: StepCallback | None) -> Iterator[None]:
    if on_step:
        on_step(step)
    start = time.perf_counter()
    yield
    report.timings[step] = time.perf_counter() - start


def write_nquads(path: Path, sinks: list[QuadSink], ontology: Path) -> None:
    """Stream ``sinks`` and the ontology (Turtle, into graph ``graph/ontology``) to one N-Quads
    file at ``path``: exactly the quads of the store built from it, so validation and exports
    can read it instead of the store (no string lookups, no second serialisation)."""
    with path.open("wb") as handle:
        for sink in sinks:
            for chunk in sink.chunks():
                handle.write(chunk)
        graph = ox.NamedNode(ONTOLOGY_GRAPH)
        triples = ox.parse(path=ontology, format=ox.RdfFormat.TURTLE)
        quads = (ox.Quad(t.subject, t.predicate, t.object, graph) for t in triples)
        ox.serialize(quads, handle, format=ox.RdfFormat.N_QUADS)


def report_folders(options: BuildOptions) -> list[Path]:
    """The folders of match reports a build ingests (the demo reports first)."""
    demo = [resources.data_dir() / "articles"] if options.demo_articles else []
    return [folder for folder in demo if folder.is_dir()] + list(options.articles)


def _ingest_reports(
    store_build: StoreBuild,
    nquads: Path,
    options: BuildOptions,
    report: BuildReport,
    on_step: StepCallback | None,
) -> None:
    """Extract the match reports against the fixture data just loaded; load the ones whose
    facts conform (one named graph each, described in the metadata graph) into the store and
    append them to the load file, so that validation and exports see them too."""
    files = report_files(report_folders(options))
    if not files:
        return
    with _timed(report, "match reports", on_step):
        summary = ingest_articles(store_build.store, files, load=False)
        meta = graph_metadata_quads(
            {g: f"Match report: {t}" for g, t in summary.headlines.items()}, datetime.now(UTC)
        )
        quads = summary.quads + meta.quads()
        store_build.store.extend(quads)
        with nquads.open("ab") as handle:
            ox.serialize(quads, handle, format=ox.RdfFormat.N_QUADS)
        report.articles = summary


def _validate_and_export(
    store_build: StoreBuild,
    nquads: Path,
    options: BuildOptions,
    report: BuildReport,
    on_step: StepCallback | None,
) -> None:
    """The SHACL validation and the exports of a build, both reading the load file. The
    exports are written to a staging folder of ``out_dir`` (:func:`staging_dir`) and moved into
    place once the build is committed (:func:`publish_exports`), so the files in ``out_dir``
    always belong to the current build."""
    if options.validate:
        with _timed(report, "validate (SHACL)", on_step):
            report.validation = validate(store_build.store, engine=options.engine, nquads=nquads)
    if options.out_dir is not None and options.formats:
        with _timed(report, "export", on_step):
            for stale in options.out_dir.glob(f"{STAGING}*"):  # left by a killed build
                shutil.rmtree(stale, ignore_errors=True)
            report.exported = export(
                store_build.store,
                staging_dir(options.out_dir, store_build),
                list(options.formats),
                source=nquads,
            )
            remove_link_exports(options.out_dir)  # the new store holds no linkset yet


def _write_extraction_cache(store_path: Path, report: BuildReport) -> None:
    """The match-report extractor's gazetteer and name patterns, stored beside the new build
    (:mod:`footkg.extract.cache`): ``footkg extract`` then starts without reading the graph.
    The gazetteer the reports were read with is reused when there were reports."""
    from footkg.extract.cache import build_cache

    state = report.articles.extractor_state if report.articles is not None else None
    build_cache(store_path, state)


def _source_line(s: SourceSummary) -> str:
    """``fjelstul-worldcup: 964 matches, 2,720 goals, … (12 rows skipped)``."""
    counts = ", ".join(f"{n:,} {what}" for what, n in s.counts.items() if n)
    return f"{s.key}: {counts or 'nothing'} ({len(s.skipped):,} rows skipped)"


#: Prefix of the folder of ``out_dir`` a build writes its exports to before its commit.
STAGING = ".staging-"


def staging_dir(out_dir: Path, store_build: StoreBuild) -> Path:
    """``out_dir/.staging-<build stamp>``: where a build's exports wait for its commit."""
    return out_dir / f"{STAGING}{store_build.folder.name}"


def publish_exports(files: list[Path], out_dir: Path) -> list[Path]:
    """Move the staged export ``files`` into ``out_dir`` (each with one atomic rename), remove
    their staging folder; returns the published paths."""
    published = []
    for staged in files:
        target = out_dir / staged.name
        os.replace(staged, target)
        published.append(target)
    if files:
        shutil.rmtree(files[0].parent, ignore_errors=True)
    return published


def _records_to_rdf(
    location: datasets.DataLocation,
    report: BuildReport,
    on_step: StepCallback | None,
    on_note: StepCallback | None = None,
) -> tuple[QuadSink, QuadSink]:
    """Load the sources, resolve, derive and map them: the data quads and the metadata quads.
    Fills ``report``'s sources (with the rows integration skipped), failures, conflicts;
    ``on_note`` gets a line per source (what it gave, the rows skipped)."""
    with _timed(report, "load sources", on_step):
        sources = load_sources(location, report.failed)
        report.sources = [_summary(s) for s in sources]
        for summary in report.sources if on_note else ():
            on_note(_source_line(summary))
    with _timed(report, "resolve entities", on_step):
        integrated: Integrated = integrate(
            sources,
            team_names(sources),
            ClubNames.from_tables(),
            leagues.read_competitions().aliases(),
        )
        by_key = {summary.key: summary for summary in report.sources}
        for row in integrated.skipped:
            by_key[row.ref.dataset].skipped.append(row)
        derived = derive(integrated)
        report.conflicts = integrated.conflicts
        report.unresolved = integrated.unresolved
        report.champion_checks = derived.league.checks
        report.unused_official = integrated.unused_official
        report.labels = _labels(integrated, report.champion_checks)
    with _timed(report, "map to RDF", on_step):
        sink = map_all(integrated, derived)
        meta = metadata_quads([s.info for s in sources], datetime.now(UTC))
    return sink, meta


def build(
    options: BuildOptions,
    on_step: StepCallback | None = None,
    on_note: StepCallback | None = None,
) -> BuildReport:
    """Run the whole build (see the module docstring) and return its report.

    ``on_step`` is called with each step's name when it starts; ``on_note`` with a line of
    progress inside a step (the records each source gave, the triples loaded).

    Raises :class:`footkg.ingest.datasets.DataDirError` for a missing ``--data-dir`` and
    :class:`footkg.errors.StoreBusyError` when another build holds the store folder. A source
    that cannot be read is not raised: it is in ``report.failed`` and the other sources are
    built. SHACL violations do not raise: they are in ``report.validation`` (the CLI turns them
    into exit code 1).
    """
    cache_dir = options.cache_dir or datasets.default_cache_dir()
    location = datasets.resolve_data_dir(
        options.data_dir,
        cache_dir=cache_dir,
        allow_download=options.allow_download,
        base_url=options.base_url,
        progress=on_step is not None,
    )
    report = BuildReport(store_path=options.store_path, location=location)
    start = time.perf_counter()
    # the build lock is taken (and what a killed build left is swept) before any work
    with StoreBuild(options.store_path) as store_build:
        sink, meta = _records_to_rdf(location, report, on_step, on_note)
        nquads = store_build.load_path
        try:
            with _timed(report, "load store", on_step):
                write_nquads(nquads, [sink, meta], resources.ontology_path())
                del sink, meta
                store_build.load_nquads_file(nquads)
            if on_note:
                on_note(f"{len(store_build.store):,} quads in the store")
            _ingest_reports(store_build, nquads, options, report, on_step)
            report.triples = triples_per_graph(store_build.store)
            _validate_and_export(store_build, nquads, options, report, on_step)
        finally:
            store_build.discard_load_file()
        with _timed(report, "commit store", on_step):
            skipped = {SKIPPED_ROWS: skipped_rows_csv(report.sources)}
            store_build.commit(beside=skipped)
            if options.out_dir is not None:
                report.exported = publish_exports(report.exported, options.out_dir)
            report.skipped_file = options.store_path / SKIPPED_ROWS
    with _timed(report, "extraction cache", on_step):
        _write_extraction_cache(options.store_path, report)
    report.timings["total"] = time.perf_counter() - start
    return report
