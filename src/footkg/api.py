"""footkg as a library: the :class:`KnowledgeGraph` facade over a built store.

>>> import footkg
>>> kg = footkg.open()                                    # the default store (see footkg.open)
>>> kg.query("head-to-head", team_a="Argentina", team_b="England").records()
[{'teamALabel': 'Argentina', 'teamBLabel': 'England', 'played': 16, 'wins': 4, ...}]

Everything the ``footkg`` command does goes through these functions: it is a thin layer that
parses options, calls them and prints what they return. Queries come from the catalogue
(``queries/*.rq``) or a ``.rq`` file; parameters are keyword arguments, bound as RDF terms by
:func:`footkg.query.catalogue.bind_params` (never pasted into the query text). Results are
:class:`Result` objects whose rows hold typed Python values (:func:`Result.rows`).
"""

from __future__ import annotations

import collections
import datetime as dt
import functools
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyoxigraph as ox

from footkg import resources
from footkg.errors import NotAvailableError, ParameterError, QueryFileError, ValidationFailed
from footkg.query import catalogue as queries
from footkg.query.catalogue import Catalogue, CatalogueQuery, QueryResult, Term, Value, python_value
from footkg.store import is_url
from footkg.store import local as store

if TYPE_CHECKING:
    import pandas

    from footkg.extract.facts import Extraction
    from footkg.ingest.pipeline import BuildReport
    from footkg.ingest.resolve import CompetitionIndex, TeamIndex
    from footkg.store.remote import GraphPush, RemoteStore
    from footkg.validate import ValidationReport

__all__ = [
    "IRI",
    "KnowledgeGraph",
    "ParamValue",
    "Result",
    "build",
    "build_and_push",
    "open",
]

#: What a query parameter accepts from Python: text as the CLI takes it (``"Argentina"``,
#: ``"2022-12-31"``), an ``int``, a :class:`datetime.date`, or ``None`` (leave it unbound).
ParamValue = str | int | dt.date | None

_DEFAULT_FORMATS: tuple[str, ...] = ("turtle", "trig", "nquads")


class IRI(str):
    """An IRI in a query result: a ``str`` (compares equal to its text) that says it is an IRI,
    not a literal string, as the SPARQL results format does (``"type": "uri"``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"IRI({str.__repr__(self)})"


def typed_value(term: Term | ox.Triple | None) -> Value:
    """A result term as a Python value, by the SPARQL results format's rules: an IRI →
    :class:`IRI`; ``xsd:integer`` → ``int``; ``xsd:date`` → :class:`datetime.date`; boolean →
    ``bool``; decimal → :class:`~decimal.Decimal`; double → ``float``; other literals → ``str``;
    unbound → ``None`` (see :func:`footkg.query.catalogue.python_value`)."""
    if isinstance(term, ox.NamedNode):
        return IRI(term.value)
    return python_value(term)


@functools.cache
def _row_type(variables: tuple[str, ...]) -> type[tuple[Any, ...]]:
    return collections.namedtuple("Row", variables, rename=True)  # type: ignore[misc]


@dataclass(frozen=True)
class Result(QueryResult):
    """The solutions of a SELECT query, with typed Python values.

    It is a :class:`footkg.query.catalogue.QueryResult` (``variables``, ``terms``, ``records()``,
    ``column(name)``, ``to_csv()``, ``to_tsv()``, ``to_json()``, ``to_table()``) whose values
    are typed by :func:`typed_value` (IRIs are :class:`IRI`). Iterating gives one named tuple per
    row (``row.played`` or ``row[2]``; a variable that is not a Python name, such as ``?class``,
    is reachable by index or ``row._asdict()``). ``len(result)`` is the number of rows.
    """

    @classmethod
    def of(cls, result: QueryResult) -> Result:
        """Wrap a :class:`footkg.query.catalogue.QueryResult` (no copy of the terms)."""
        if isinstance(result, cls):
            return result
        return cls(result.variables, result.terms, truncated=result.truncated)

    @property
    def rows(self) -> list[tuple[Value, ...]]:
        """Each row as a tuple of typed Python values, in ``variables`` order."""
        return [tuple(typed_value(t) for t in row) for row in self.terms]

    def __iter__(self) -> Iterator[Any]:
        row_type = _row_type(tuple(self.variables))
        for row in self.terms:
            yield row_type(*(typed_value(t) for t in row))

    def to_dataframe(self) -> pandas.DataFrame:
        """The rows as a :class:`pandas.DataFrame`, one column per variable, typed:

        integers → ``Int64``, booleans → ``boolean`` (both nullable, unbound is ``<NA>``), dates →
        ``datetime64`` (unbound is ``NaT``), floats → ``float64``; text columns (IRIs and
        strings) as pandas stores text (``str`` dtype in pandas 3, else ``object``); decimals
        and mixed columns as Python objects.

        Raises :class:`footkg.errors.NotAvailableError` (an ``ImportError``) when pandas is not
        installed: ``pip install 'footkg[dataframe]'``.
        """
        try:
            import pandas as pd
        except ImportError as exc:
            raise NotAvailableError(
                "Result.to_dataframe() needs pandas, which is not installed: "
                "pip install 'footkg[dataframe]' (or pip install pandas)"
            ) from exc
        rows = self.rows
        columns = {
            name: _series(pd, [row[i] for row in rows]) for i, name in enumerate(self.variables)
        }
        return pd.DataFrame(columns, columns=self.variables)


def _series(pd: Any, values: list[Value]) -> Any:
    """One DataFrame column with the dtype of its values (see :meth:`Result.to_dataframe`)."""
    present = [v for v in values if v is not None]
    kinds = {type(v) for v in present}
    if kinds == {bool}:
        return pd.array(values, dtype="boolean")
    if kinds == {int}:
        return pd.array(values, dtype="Int64")
    if kinds == {float}:
        return pd.array([float("nan") if v is None else v for v in values], dtype="float64")
    if kinds == {dt.date}:
        try:
            return pd.to_datetime(pd.Series(values, dtype=object))
        except (ValueError, OverflowError):  # outside datetime64's range: keep the dates
            pass
    return pd.array(values, dtype=object)


def _raw(name: str, value: ParamValue) -> str:
    """A keyword argument as the raw text :func:`footkg.query.catalogue.bind_params` converts."""
    if isinstance(value, bool):  # before int: True is an int
        raise ParameterError(f"parameter {name!r}: a bool is not a valid value", param=name)
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, dt.datetime):
        raise ParameterError(
            f"parameter {name!r}: give a date (datetime.date or 'YYYY-MM-DD'), not a datetime",
            param=name,
        )
    if isinstance(value, dt.date):
        return value.isoformat()
    raise ParameterError(
        f"parameter {name!r}: {type(value).__name__} is not a valid value "
        "(use str, int or datetime.date)",
        param=name,
    )


def _published(value: dt.date | str | None) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(value)
    except (TypeError, ValueError):
        raise ParameterError(
            f"published must be a date or 'YYYY-MM-DD', not {value!r}", param="published"
        ) from None


class KnowledgeGraph:
    """A built footkg graph: a local pyoxigraph store, or a remote SPARQL 1.1 server.

    Open one with :func:`footkg.open`. Queries read the union of the named graphs. Team
    parameters take a name, an alias or a former name (``"Holland"``, ``"West Germany"``,
    ``"Germany women"``) or an IRI.

    Args:
        target: an open :class:`pyoxigraph.Store` (e.g.
            ``footkg.store.local.open_store(path)``) or a :class:`footkg.store.remote.RemoteStore`.
        location: where it is, for messages and ``repr`` (a folder or URL).
        catalogue: the query catalogue (default: ``queries/*.rq`` of the footkg install).
    """

    def __init__(
        self,
        target: ox.Store | RemoteStore,
        *,
        location: str | None = None,
        catalogue: Catalogue | None = None,
    ) -> None:
        self._target = target
        self.location = location or ("remote" if self.is_remote else "in-memory store")
        self._catalogue = catalogue
        self._teams: TeamIndex | None = None
        self._competitions: CompetitionIndex | None = None
        self._extractor: Any = None

    def __repr__(self) -> str:
        return f"KnowledgeGraph({self.location!r})"

    # --- what it is -----------------------------------------------------------------------------

    @property
    def is_remote(self) -> bool:
        """True for a remote SPARQL server (validate, export and extract need a local store)."""
        return not isinstance(self._target, ox.Store)

    @property
    def store(self) -> ox.Store:
        """The local :class:`pyoxigraph.Store` (read-only when opened from a folder).

        Raises :class:`footkg.errors.NotAvailableError` for a remote graph."""
        if not isinstance(self._target, ox.Store):
            raise NotAvailableError(f"{self.location} is a remote store: no local store to use")
        return self._target

    @property
    def catalogue(self) -> Catalogue:
        """The query catalogue (``footkg query --list``): iterate for
        :class:`footkg.query.catalogue.CatalogueQuery` objects (name, title, description,
        params)."""
        if self._catalogue is None:
            self._catalogue = queries.load_catalogue(resources.queries_dir())
        return self._catalogue

    def get_query(self, name: str | os.PathLike[str]) -> CatalogueQuery:
        """The catalogue query called ``name``, or the query in a ``.rq`` file (a path, or a
        string ending in ``.rq``).

        Raises :class:`footkg.errors.UnknownQueryError` (with close names in ``suggestions``)
        and :class:`footkg.errors.QueryFileError` (unreadable file or malformed header).
        """
        if isinstance(name, os.PathLike) or name.endswith(".rq"):
            try:
                return queries.parse_query_file(Path(name))
            except OSError as exc:
                raise QueryFileError(f"cannot read query file {name}: {exc.strerror}") from exc
        return self.catalogue.get(name)

    # --- teams ----------------------------------------------------------------------------------

    @property
    def teams(self) -> TeamIndex:
        """The team index built from the graph's labels and aliases (built once, on first use)."""
        from footkg.ingest.resolve import TeamIndex  # here: a query without a team needs none

        if self._teams is None:
            if isinstance(self._target, ox.Store):
                self._teams = TeamIndex.from_store(self._target)
            else:
                from footkg.store import remote

                self._teams = TeamIndex(remote.team_rows(self._target))
        return self._teams

    @property
    def competitions(self) -> CompetitionIndex:
        """The competitions the graph labels, plus both World Cups (built once, on first use)."""
        from footkg.ingest.resolve import CompetitionIndex

        if self._competitions is None:
            if isinstance(self._target, ox.Store):
                self._competitions = CompetitionIndex.from_store(self._target)
            else:
                from footkg.ingest.resolve import _COMPETITION_NAMES_QUERY
                from footkg.store import remote

                q = queries.parse_query_text(_COMPETITION_NAMES_QUERY, "competitions")
                rows = remote.query(self._target, q, {})
                self._competitions = CompetitionIndex(str(t[0].value) for t in rows.terms)
        return self._competitions

    @property
    def sample_only(self) -> bool:
        """True when the graph was built from footkg's built-in sample alone (every men's World
        Cup final; ``footkg build`` without network or data): its ``fkg:sample`` graph is there
        and no graph of a pinned dataset (``data/datasets.json``) is."""
        import json

        from footkg import vocab

        if isinstance(self._target, ox.Store):
            graphs = {g.value for g in self._target.named_graphs() if isinstance(g, ox.NamedNode)}
        else:
            from footkg.store import remote

            graphs = set(remote.named_graphs(self._target))
        keys = json.loads(resources.manifest_path().read_text(encoding="utf-8"))["datasets"]
        return vocab.graph_iri("sample") in graphs and not any(
            vocab.graph_iri(key) in graphs for key in keys
        )

    def competition(self, name: str) -> str:
        """The label of the competition ``name`` means (``"fifa world cup"`` → ``"FIFA World
        Cup"``). Raises :class:`footkg.errors.UnknownCompetitionError` with close labels."""
        return self.competitions.lookup(name)

    def team(self, name: str) -> IRI:
        """The IRI of the team ``name`` means (``"West Germany"`` → Germany's IRI).

        Raises :class:`footkg.errors.UnknownTeamError`; its ``suggestions`` are close names."""
        return IRI(self.teams.lookup(name))

    # --- querying -------------------------------------------------------------------------------

    def query(
        self,
        name: str | os.PathLike[str],
        /,
        *,
        show_params: bool = False,
        max_rows: int | None = None,
        allow_service: bool = False,
        **params: ParamValue,
    ) -> Result:
        """Run catalogue query ``name`` (or a ``.rq`` file) with ``params`` as keyword arguments.

        ``kg.query("head-to-head", team_a="Argentina", team_b="England")``. Values are text as
        on the command line, ``int`` or :class:`datetime.date`; ``None`` leaves a parameter
        unbound (its default applies). They are converted and bound as RDF terms by
        :func:`footkg.query.catalogue.bind_params`, never pasted into the query text. Declared
        parameter columns are hidden unless ``show_params``; ``max_rows`` stops reading a huge
        result there (``result.truncated`` then says so; local stores only). A ``.rq`` file
        that uses ``SERVICE`` (federation) is refused unless ``allow_service`` (the catalogue's
        own queries may use it).

        Raises :class:`footkg.errors.UnknownQueryError`, :class:`footkg.errors.ParameterError`
        (unknown, missing or invalid parameter), :class:`footkg.errors.UnknownTeamError`,
        :class:`footkg.errors.QueryError` (the store refused the query) and, remote,
        :class:`footkg.errors.RemoteError`.
        """
        q = self.get_query(name)
        trusted = allow_service or self.catalogue.queries.get(q.name) is q
        return self._run(q, params, show_params, max_rows, allow_service=trusted)

    def query_sparql(self, text: str, /, **params: ParamValue) -> Result:
        """Run an ad hoc SPARQL SELECT over the union of the graphs; rows are typed values.

        ``text`` may open with catalogue header lines declaring parameters
        (``# param: team (type: team)``); ``params`` are then bound as RDF terms, exactly as for
        :meth:`query` — never paste user input into ``text``. Prefixes are not implied:
        declare the ones you use (``PREFIX fk: <https://w3id.org/footkg/ontology#>``).

        Raises :class:`footkg.errors.QueryError` (syntax error, not a SELECT),
        :class:`footkg.errors.QueryFileError` (malformed header) and
        :class:`footkg.errors.ParameterError`.
        """
        return self._run(queries.parse_query_text(text, "sparql"), params, False)

    def _run(
        self,
        q: CatalogueQuery,
        params: Mapping[str, ParamValue],
        show_params: bool,
        max_rows: int | None = None,
        *,
        allow_service: bool = False,
    ) -> Result:
        raw = {k: _raw(k, v) for k, v in params.items() if v is not None}
        types = {p.type for p in q.params}
        bindings = queries.bind_params(
            q,
            raw,
            resolve_team=self.team if "team" in types else None,
            resolve_competition=self.competition if "competition" in types else None,
        )
        if isinstance(self._target, ox.Store):
            result = queries.run(
                self._target,
                q,
                bindings,
                show_params=show_params,
                max_rows=max_rows,
                allow_service=allow_service,
            )
        else:
            from footkg.store import remote

            result = remote.query(self._target, q, bindings, show_params=show_params)
        return Result.of(result)

    # --- validate, export, extract --------------------------------------------------------------

    def validate(
        self, *, engine: str = "sparql", raise_on_violation: bool = False
    ) -> ValidationReport:
        """Validate the graph against ``ontology/shapes.ttl`` (SHACL).

        Returns a :class:`footkg.validate.ValidationReport`: ``conforms`` (no violation;
        warnings do not count), ``results``, ``counts()``, ``to_text()``, ``to_graph()`` (the
        SHACL report as an rdflib graph). ``engine``: ``"sparql"`` (the shapes as queries in the
        store: seconds on the full graph), ``"turbo"`` (pyshacl-turbo for the Core shapes) or
        ``"pyshacl"`` (the reference; slow on the full graph).

        Raises :class:`footkg.errors.ValidationFailed` (holding the report) when
        ``raise_on_violation`` and the graph does not conform; :class:`ParameterError` for an
        unknown engine; :class:`footkg.errors.NotAvailableError` for a remote graph.
        """
        from footkg.validate import ENGINES, validate

        if engine not in ENGINES:
            raise ParameterError(f"unknown engine {engine!r}: use {' or '.join(ENGINES)}")
        report = validate(self.store, engine=engine)
        if raise_on_violation and not report.conforms:
            raise ValidationFailed(report)
        return report

    def export(
        self, path: str | os.PathLike[str], *, formats: list[str] | None = None
    ) -> list[Path]:
        """Write the graph to files and return their paths.

        ``path`` is a file whose extension names the format (``footkg.ttl``, ``.trig``,
        ``.nq``, ``.nt``, ``.jsonld``; Turtle and N-Triples merge the named graphs) or a folder,
        which gets ``footkg.<ext>`` for each of ``formats`` (default Turtle, TriG, N-Quads;
        names as in :data:`footkg.store.export.FORMATS`).

        Raises :class:`ParameterError` for an unknown extension or format, ``OSError`` when
        the files cannot be written, :class:`footkg.errors.NotAvailableError` for a remote graph.
        """
        from footkg.store import export as _export

        target = Path(path)
        by_ext = {ext: name for name, (_, ext) in _export.FORMATS.items()}
        if target.suffix and not target.is_dir():
            ext = target.suffix.lstrip(".")
            if ext not in by_ext:
                raise ParameterError(
                    f"cannot tell the format of {target.name!r}: use one of "
                    f"{', '.join('.' + e for e in by_ext)}, or give a folder",
                    param="path",
                )
            if formats not in (None, [by_ext[ext]]):
                raise ParameterError(f"{target.name!r} is {by_ext[ext]}; formats={formats}")
            return _export.export(self.store, target.parent, [by_ext[ext]], stem=target.stem)
        chosen = list(formats or _DEFAULT_FORMATS)
        unknown = [f for f in chosen if f not in _export.FORMATS]
        if unknown:
            raise ParameterError(
                f"unknown export format(s) {unknown}: choose from {sorted(_export.FORMATS)}",
                param="formats",
            )
        return _export.export(self.store, target, chosen)

    def extract(
        self,
        text: str | os.PathLike[str],
        *,
        published: dt.date | str | None = None,
        name: str = "text",
    ) -> Extraction:
        """Extract the match, goals and other matches a match report states, linked to this
        graph's teams, players and fixtures (the article extractor, :mod:`footkg.extract`).

        ``text`` is the report's text (a ``str``) or a path to a ``.txt`` file; ``published``
        (``datetime.date`` or ``"YYYY-MM-DD"``) dates weekdays such as "on Sunday"; ``name``
        identifies a text report. Returns an ``Extraction`` (``.match``, ``.goals``,
        ``.others``, ``.notes``, ``.to_json()``). The extractor is built once per graph
        (about a second).

        Raises :class:`footkg.errors.NotAvailableError` when the extractor is not installed or
        for a remote graph; :class:`ParameterError` for a bad ``published``; a
        :class:`footkg.FootkgError` (``ReportError``) for an unreadable, empty or binary report.
        """
        day = _published(published)
        try:
            from footkg.extract import Extractor, Gazetteer
            from footkg.extract.io import decode_report, read_report
        except ImportError as exc:
            raise NotAvailableError(
                f"the article extractor (footkg.extract) is not available: {exc}"
            ) from exc
        if self._extractor is None:
            self._extractor = Extractor(Gazetteer.from_store(self.store))
        if isinstance(text, os.PathLike):
            report = read_report(Path(text))
        else:
            report = decode_report(text.encode("utf-8"), name)
        return self._extractor.extract(report, day)


# --- opening and building ---------------------------------------------------------------------


def open(path_or_url: str | os.PathLike[str] | None = None) -> KnowledgeGraph:
    """Open a built footkg graph.

    ``path_or_url``: a store folder (as written by :func:`build` / ``footkg build``), the URL
    of a SPARQL 1.1 server (``http://host:7878``; queries go to ``<url>/query``), or ``None``
    for the default store (``$FOOTKG_STORE``, else the per-user data folder such as
    ``~/.local/share/footkg/store``). A local store is opened read-only, so several readers
    and a running build can share it.

    Raises :class:`footkg.errors.StoreNotBuiltError` when the folder has no completed build
    (run ``footkg build``) and :class:`footkg.errors.RemoteError` for a malformed URL.
    """
    if isinstance(path_or_url, str) and is_url(path_or_url):
        from footkg.store import remote

        return KnowledgeGraph(remote.RemoteStore.from_url(path_or_url), location=path_or_url)
    folder = (
        Path(path_or_url).expanduser() if path_or_url is not None else store.default_store_path()
    )
    return KnowledgeGraph(store.open_store(folder), location=str(folder))


StepCallback = Callable[[str], None]


def build(
    store_path: str | os.PathLike[str] | None = None,
    *,
    data_dir: str | os.PathLike[str] | None = None,
    offline: bool = False,
    validate: bool = True,
    engine: str = "sparql",
    export_dir: str | os.PathLike[str] | None = None,
    formats: tuple[str, ...] = _DEFAULT_FORMATS,
    cache_dir: str | os.PathLike[str] | None = None,
    articles: tuple[str | os.PathLike[str], ...] = (),
    on_step: StepCallback | None = None,
    on_note: StepCallback | None = None,
) -> BuildReport:
    """Build the graph into a local store folder (``footkg build``) and return the report.

    ``store_path`` defaults to the default store (see :func:`open`). ``data_dir``: a local
    copy of the datasets (default: ``$FOOTKG_DATA_DIR``, the download cache, a download, or
    — ``offline`` and nothing local — the small built-in sample). ``export_dir``: also write
    the files in ``formats`` there. ``articles``: folders of match reports (``.txt``) to ingest
    besides the demo reports in ``data/articles``. ``on_step`` is called with each step's name,
    ``on_note`` with progress lines inside a step (records per source, quads loaded).

    Returns a :class:`footkg.ingest.pipeline.BuildReport` (``store_path``, ``sources``, ``triples``,
    ``conflicts``, ``validation`` — ``None`` without ``validate`` —, ``timings``). SHACL
    violations do not raise: check ``report.validation.conforms``. Open the result with
    ``footkg.open(report.store_path)``.

    Raises :class:`footkg.errors.DataDirError` (missing ``data_dir``),
    :class:`footkg.errors.SourceFormatError` (unreadable source file),
    :class:`ParameterError` (unknown engine or format, or a URL: see :func:`build_and_push`).
    """
    from footkg.ingest.pipeline import BuildOptions
    from footkg.ingest.pipeline import build as run_build
    from footkg.store import export as _export

    if store_path is not None and is_url(str(store_path)):
        raise ParameterError(
            f"{store_path} is a URL: use build_and_push() to build and load a remote store",
            param="store_path",
        )
    from footkg.validate import ENGINES

    if engine not in ENGINES:
        raise ParameterError(f"unknown engine {engine!r}: use {' or '.join(ENGINES)}",
                             param="engine")  # fmt: skip
    unknown = [f for f in formats if f not in _export.FORMATS]
    if unknown:
        raise ParameterError(
            f"unknown export format(s) {unknown}: choose from {sorted(_export.FORMATS)}",
            param="formats",
        )
    folder = Path(store_path).expanduser() if store_path else store.default_store_path()
    options = BuildOptions(
        store_path=folder,
        data_dir=Path(data_dir) if data_dir is not None else None,
        cache_dir=Path(cache_dir) if cache_dir is not None else None,
        allow_download=not offline,
        out_dir=Path(export_dir) if export_dir is not None else None,
        formats=tuple(formats),
        validate=validate,
        engine=engine,
        articles=tuple(Path(a) for a in articles),
    )
    return run_build(options, on_step=on_step, on_note=on_note)


def build_and_push(
    url: str,
    *,
    data_dir: str | os.PathLike[str] | None = None,
    offline: bool = False,
    validate: bool = True,
    engine: str = "sparql",
    export_dir: str | os.PathLike[str] | None = None,
    formats: tuple[str, ...] = _DEFAULT_FORMATS,
    on_step: StepCallback | None = None,
    on_built: Callable[[BuildReport], None] | None = None,
) -> tuple[BuildReport, list[GraphPush]]:
    """Build into a temporary local store, then load every named graph into the SPARQL 1.1
    server at ``url`` with the Graph Store Protocol (``footkg build --store URL``).

    Options as :func:`build`; ``on_built`` gets the report before the push starts (the
    temporary store is removed afterwards, so ``report.store_path`` no longer exists on
    return). Returns the report and one :class:`footkg.store.remote.GraphPush` per graph.

    Raises what :func:`build` raises, and :class:`footkg.errors.RemoteError` when the server
    refuses or cannot be reached (a graph may then be partly loaded: push again).
    """
    from footkg.store import remote

    target = remote.RemoteStore.from_url(url)
    with tempfile.TemporaryDirectory(prefix="footkg-build-") as tmp:
        report = build(
            Path(tmp) / "store",
            data_dir=data_dir,
            offline=offline,
            validate=validate,
            engine=engine,
            export_dir=export_dir,
            formats=formats,
            on_step=on_step,
        )
        if export_dir is not None and report.skipped_file is not None:
            kept = Path(export_dir) / report.skipped_file.name  # the temporary store goes
            shutil.copyfile(report.skipped_file, kept)
            report.skipped_file = kept
        else:
            report.skipped_file = None
        if on_built is not None:
            on_built(report)
        if on_step is not None:
            on_step(f"pushing to {url}")
        pushed = remote.push(store.open_store(report.store_path), target)
    return report, pushed
