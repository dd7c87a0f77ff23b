"""SHACL validation of the footkg graph and rendering of the report.

:func:`validate` checks data against ``ontology/shapes.ttl`` (W3C SHACL Core + SHACL-SPARQL) with
one of three engines that give the same results:

* ``"sparql"`` (default): everything runs as SPARQL in the store (an rdflib graph is copied into
  an in-memory store first). Core shapes are compiled to SELECT queries
  (:mod:`footkg.validate.compiled`), each SHACL-SPARQL constraint of a node shape with class
  targets runs once over the whole store, joined with its focus nodes, instead of once per focus
  node; a shape outside the compiled subset is left to pyshacl-turbo (none of
  ``ontology/shapes.ttl`` is). Nothing is copied: on the full graph this takes seconds where
  pyshacl-turbo needs about 24 s of CPU and 1.5 GB just to read the graph
  (``docs/performance.md``);
* ``"turbo"``: the SHACL-SPARQL constraints as store queries as above, every other constraint in
  pyshacl-turbo, a Rust engine (over the build's N-Quads file when given, else over the Store
  read as the union of its graphs); ``bench/check_shacl.py`` compares it with the default on the
  full graph with faults injected;
* ``"pyshacl"``: the reference pySHACL (pure Python), for small data and cross-checks. Its input
  is flattened to one :class:`rdflib.Graph` first (the union of all graphs), because pySHACL
  would otherwise validate each named graph of a dataset on its own. rdflib reads
  ``"2022-12-18T00:00:00"^^xsd:date`` as the date 2022-12-18 and rewrites its text, so pySHACL
  saw a well-typed date where pyshacl-turbo reports an ill-typed literal (pySHACL issue #151);
  while footkg parses and validates, an ``xsd:date`` or ``xsd:dateTime`` literal must match its
  datatype's lexical pattern (XML Schema 1.1 Part 2, §3.3.9 and §3.3.7) or it stays
  ill-typed, and both engines report it.

``tests/test_shapes.py`` runs every case with the three engines and
``tests/test_shacl_conformance.py`` compares the default with pySHACL on the sample store with
a fault for every constraint component (focus node, path, value, shape, severity, component,
message).

Every engine sees the ontology (``ontology/footkg.ttl``: pySHACL's ``ont_graph``, mixed into a
copy of the data, never into the store; a store footkg built holds it as ``graph/ontology``) so
``sh:class`` sees the subclass axioms, and runs with inference ``"none"``: the data is validated
as asserted. RDFS inference would add nothing the shapes need (footkg types every resource with
its fk class) and would hide modelling errors, since ``rdfs:domain`` axioms turn any subject of
``fk:homeTeam`` into a match.

Conformance: :attr:`ValidationReport.conforms` is ``True`` when there is no result of severity
``sh:Violation``. Warnings and infos are reported but do not break conformance (SHACL itself
would say "does not conform" for any result; footkg uses warnings for facts that may be true to
their sources, such as partial goal lists in old friendlies).
"""

from __future__ import annotations

import logging
import re
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyoxigraph
from rdflib import BNode, Graph, Literal, URIRef
from rdflib import term as rdflib_term
from rdflib.namespace import RDF, SH, XSD
from rdflib.term import Node

from footkg.resources import ontology_path, shapes_path
from footkg.validate.compiled import CoreCheck, compile_core, instantiate
from footkg.vocab import ONTOLOGY_GRAPH, PREFIXES

#: Engines accepted by :func:`validate`.
ENGINES: tuple[str, ...] = ("sparql", "turbo", "pyshacl")
#: Severities in report order (the local names of sh:Violation, sh:Warning, sh:Info).
SEVERITIES: tuple[str, ...] = ("Violation", "Warning", "Info")
#: Namespace of the footkg shapes (``ontology/shapes.ttl``), prefix ``fks:`` in reports.
SHAPES_NS = "https://w3id.org/footkg/shapes#"


@dataclass(frozen=True, slots=True)
class ValidationResult:
    """One SHACL validation result (one ``sh:ValidationResult`` of the report graph).

    Attributes:
        severity: ``"Violation"``, ``"Warning"`` or ``"Info"``.
        focus_node: the focus node, an IRI (``_:id`` for a blank node).
        path: the result path IRI (``^<iri>`` for an inverse path), or ``None``.
        value: the value node in N-Triples form (``<iri>``, ``"131"^^<…#integer>``), or ``None``.
        message: the result message (the shape's ``sh:message`` with variables filled in).
        source_shape: IRI of the node shape that produced the result; for a result of an
            anonymous property shape, the node shape holding it.
        component: local name of the constraint component (``"MinCountConstraintComponent"``).
    """

    severity: str
    focus_node: str
    path: str | None
    value: str | None
    message: str
    source_shape: str
    component: str


@dataclass(frozen=True)
class ValidationReport:
    """The outcome of :func:`validate`.

    Attributes:
        conforms: ``True`` when no result has severity ``Violation`` (warnings do not count).
        results: every result, sorted by severity, shape, focus node.
        engine: the engine that produced the report (one of :data:`ENGINES`).
        seconds: wall-clock time of the validation, in seconds.
        graph: the SHACL validation report graph (``sh:ValidationReport``) from the engine.
    """

    conforms: bool
    results: list[ValidationResult]
    engine: str
    seconds: float
    graph: Graph = field(repr=False, compare=False)

    def counts(self) -> dict[str, int]:
        """Number of results per severity: ``{"Violation": n, "Warning": n, "Info": n}``."""
        counter = Counter(r.severity for r in self.results)
        return {severity: counter.get(severity, 0) for severity in SEVERITIES}

    def to_text(self, limit: int = 10) -> str:
        """A readable report: a summary line, then results grouped by shape and severity.

        Args:
            limit: how many results to list per group (the group header gives the full count).
        """
        counts = self.counts()
        status = "conforms" if self.conforms else "does NOT conform"
        summary = ", ".join(f"{n} {severity.lower()}(s)" for severity, n in counts.items())
        lines = [f"SHACL validation ({self.engine}, {self.seconds:.2f} s): {status}; {summary}"]
        for (severity, shape, _), group in _grouped(self.results).items():
            heading = group[0].message
            lines.append(f"\n[{severity}] {_short(shape)}: {heading} ({len(group)})")
            for result in group[:limit]:
                where = f" {_short(result.path)}" if result.path else ""
                value = f" = {_short(result.value)}" if result.value else ""
                note = f"  ({result.message})" if result.message != heading else ""
                lines.append(f"  - {_short(result.focus_node)}{where}{value}{note}")
            if len(group) > limit:
                lines.append(f"  … and {len(group) - limit} more")
        return "\n".join(lines)

    def to_graph(self) -> Graph:
        """The SHACL validation report graph (a copy; ``sh:ValidationReport`` and results)."""
        copy = Graph()
        for prefix, namespace in PREFIXES.items():
            copy.bind(prefix, namespace)
        copy += self.graph
        return copy


def validate(
    data: Any,
    *,
    shapes: Path | None = None,
    ontology: Path | None = None,
    engine: str = "sparql",
    nquads: Path | None = None,
) -> ValidationReport:
    """Validate ``data`` against the footkg shapes.

    Args:
        data: a :class:`pyoxigraph.Store` (the union of its graphs is validated), an
            :class:`rdflib.Graph`, or an rdflib ``Dataset``/``ConjunctiveGraph`` (union of graphs).
        shapes: a SHACL shapes file (Turtle); default ``ontology/shapes.ttl``.
        ontology: an ontology file (Turtle) passed as pySHACL's ``ont_graph``; default
            ``ontology/footkg.ttl``.
        engine: ``"sparql"`` (every shape as queries in the store), ``"turbo"`` (SHACL-SPARQL
            constraints as queries in the store, the rest with pyshacl-turbo) or ``"pyshacl"``
            (reference pySHACL); see the module docstring.
        nquads: for a Store ``data``, an N-Quads file holding exactly the store's quads (the
            build's load file): pyshacl-turbo, when it runs, parses it instead of dumping the
            store, which spends most of its time looking strings up.

    Returns:
        A :class:`ValidationReport`.

    Raises:
        ValueError: for an unknown engine.
        TypeError: for a ``data`` object of another type.
        FileNotFoundError: when a shapes or ontology file is missing.
        RuntimeError: when the engine itself fails (invalid shapes, SPARQL error).
    """
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {ENGINES}, got {engine!r}")
    shapes_graph = _load(shapes or shapes_path())
    ontology_graph = _load(ontology or ontology_path())
    start = time.perf_counter()
    if engine == "sparql":
        report_graph = _run_in_store(data, shapes_graph, ontology_graph, nquads)
    elif engine == "turbo":
        report_graph = _run_split(data, shapes_graph, ontology_graph, nquads)
    else:
        with strict_xsd_dates():
            report_graph = _run_pyshacl(_as_graph(data), shapes_graph, ontology_graph)
    seconds = time.perf_counter() - start
    results = parse_results(report_graph, shapes_graph)
    conforms = not any(r.severity == "Violation" for r in results)
    return ValidationReport(conforms, results, engine, seconds, report_graph)


def parse_results(report: Graph, shapes: Graph) -> list[ValidationResult]:
    """Read the ``sh:ValidationResult`` nodes of a SHACL report graph.

    Args:
        report: the validation report graph.
        shapes: the shapes graph the report came from (to find the node shape of anonymous
            property shapes).

    Returns:
        The results sorted by severity (Violation first), shape, focus node, path, value.
    """
    owners = _property_shape_owners(shapes)
    results = [
        _result(report, node, owners) for node in report.subjects(RDF.type, SH.ValidationResult)
    ]
    rank = {severity: i for i, severity in enumerate(SEVERITIES)}
    return sorted(
        results,
        key=lambda r: (
            rank.get(r.severity, 9),
            r.source_shape,
            r.focus_node,
            r.path or "",
            r.value or "",
        ),
    )


# --- engines -----------------------------------------------------------------------------------


def _run_split(data: Any, shapes: Graph, ontology: Graph, nquads: Path | None = None) -> Graph:
    """The ``"turbo"`` engine: SHACL-SPARQL constraints with class targets run once each as a
    query over the whole store (:func:`run_sparql_constraints`), every other constraint through
    pyshacl-turbo; returns one merged report graph (same results as pySHACL, see
    ``tests/test_shapes.py`` and ``bench/check_shacl.py``)."""
    store = _as_store(_turbo_input(data))
    rest, constraints = split_shapes(shapes)
    # the store a build writes holds the ontology graph already: mixing it in again is waste
    with_ontology = not (isinstance(data, pyoxigraph.Store) and _has_graph(data, ONTOLOGY_GRAPH))
    core_input = data
    if nquads is not None and isinstance(data, pyoxigraph.Store):
        core_input = _nquads_input(nquads)
    # both engines run in Rust without the GIL: the SPARQL queries overlap pyshacl-turbo
    with ThreadPoolExecutor(max_workers=1) as pool:
        core = pool.submit(_run_turbo, core_input, rest, ontology if with_ontology else None)
        sparql = run_sparql_constraints(store, constraints, ontology)
        report = core.result()
    return _merge_reports(report, sparql)


def _run_in_store(data: Any, shapes: Graph, ontology: Graph, nquads: Path | None = None) -> Graph:
    """The ``"sparql"`` engine: SHACL-SPARQL constraints with class targets as one query each
    (:func:`run_sparql_constraints`), Core shapes compiled to queries
    (:func:`footkg.validate.compiled.compile_core`, run by :func:`run_core_checks`), both over
    the union of the store's graphs; a shape that neither covers goes to pyshacl-turbo. Returns
    one report graph."""
    store = _with_ontology(_as_store(_turbo_input(data)), ontology)
    rest, constraints = split_shapes(shapes)
    checks, compiled = compile_core(rest)
    leftover = _without_targets(rest, compiled)
    report = _empty_report()
    if _has_targets(leftover):
        core_input = _nquads_input(nquads) if nquads is not None else data
        report = _run_turbo(core_input if isinstance(data, pyoxigraph.Store) else data,
                            leftover, ontology)  # fmt: skip
    report = _merge_reports(report, run_core_checks(store, checks, ontology))
    return _merge_reports(report, run_sparql_constraints(store, constraints, ontology))


def _with_ontology(store: pyoxigraph.Store, ontology: Graph) -> pyoxigraph.Store:
    """``store`` when it holds the ontology graph (a store footkg built does), else an
    in-memory copy of it with the ontology added (as pySHACL mixes ``ont_graph`` into the data:
    the stage individuals and the subclass axioms are data the shapes read)."""
    if _has_graph(store, ONTOLOGY_GRAPH):
        return store
    copy = pyoxigraph.Store()
    copy.bulk_extend(store)
    text = ontology.serialize(format="nt", encoding="utf-8")
    copy.bulk_load(text, format=pyoxigraph.RdfFormat.N_TRIPLES,
                   to_graph=pyoxigraph.NamedNode(ONTOLOGY_GRAPH))  # fmt: skip
    return copy


def _without_targets(shapes: Graph, done: set[Node]) -> Graph:
    """A copy of ``shapes`` in which the node shapes of ``done`` target nothing (they have been
    checked elsewhere; other shapes may still refer to them)."""
    rest = Graph()
    for prefix, namespace in shapes.namespaces():
        rest.bind(prefix, namespace)
    rest += shapes
    for shape in done:
        for target in (SH.targetClass, SH.targetSubjectsOf, SH.targetObjectsOf):
            rest.remove((shape, target, None))
    return rest


def _has_targets(shapes: Graph) -> bool:
    """Whether any shape of ``shapes`` has a target (else pyshacl-turbo has nothing to do)."""
    targets = (SH.targetClass, *_SHAPE_TARGETS)
    if any(next(shapes.subject_objects(t), None) is not None for t in targets):
        return True
    return next(shapes.subjects(RDF.type, RDFS_CLASS), None) is not None


def _empty_report() -> Graph:
    """A SHACL validation report with no result (``sh:conforms true``)."""
    report = Graph()
    node = BNode()
    report.add((node, RDF.type, SH.ValidationReport))
    report.add((node, SH.conforms, Literal(True)))
    return report


def run_core_checks(
    store: pyoxigraph.Store, checks: list[CoreCheck], ontology: Graph
) -> Graph:
    """Run compiled Core checks on ``store`` (the union of its graphs), one query each.

    Class placeholders are filled with each class and its subclasses (in ``ontology`` and in the
    store). Each distinct row gives one result as pySHACL writes it: focus node, result path
    (an inverse path as a node with ``sh:inversePath``), value node (see
    :class:`footkg.validate.compiled.CoreCheck`), severity, source shape, constraint
    component, messages.

    Returns:
        A report graph holding only the ``sh:ValidationResult`` nodes (no report node).

    Raises:
        RuntimeError: when the store rejects a query (a bug of the compiler).
    """
    report = Graph()
    closures: dict[str, list[str]] = {}

    def closure(iri: str) -> list[str]:
        if iri not in closures:
            closures[iri] = _subclasses(store, ontology, (iri,))
        return closures[iri]

    paths: dict[tuple[Node, bool], Node] = {}
    for check in checks:
        query = instantiate(check.select, closure)
        try:
            solutions = store.query(query, use_default_graph_as_union=True)
        except (SyntaxError, OSError) as exc:
            raise RuntimeError(f"compiled check of {check.shape} ({check.components}): {exc}\n"
                               f"{query}") from exc  # fmt: skip
        assert isinstance(solutions, pyoxigraph.QuerySolutions)
        for row in {_core_row(check, s) for s in solutions}:
            focus, value, failed = row
            node_value = focus if check.value == "focus" else value
            for component in failed:
                _add_core_result(report, check, component, focus, node_value, paths)
    return report


def _core_row(check: CoreCheck, solution: Any) -> tuple[Any, Any, tuple[URIRef, ...]]:
    """``(focus, value or None, components broken)`` of one solution of ``check``'s SELECT."""
    value = solution["value"] if check.value == "value" else None
    if len(check.components) == 1:
        return solution["this"], value, check.components
    failed = tuple(c for i, c in enumerate(check.components)
                   if solution[f"__f{i}"].value == "true")  # fmt: skip
    return solution["this"], value, failed


def _add_core_result(
    report: Graph,
    check: CoreCheck,
    component: URIRef,
    focus: Any,
    value: Any,
    paths: dict[tuple[Node, bool], Node],
) -> None:
    """Add one result node for a failing row of ``check`` (pyoxigraph focus and value terms)."""
    node = BNode()
    report.add((node, RDF.type, SH.ValidationResult))
    report.add((node, SH.focusNode, _rdflib_term(focus)))
    if value is not None:
        report.add((node, SH.value, _rdflib_term(value)))
    if check.path is not None:
        report.add((node, SH.resultPath, _report_path(report, check, paths)))
    report.add((node, SH.resultSeverity, check.severity))
    report.add((node, SH.sourceShape, check.shape))
    report.add((node, SH.sourceConstraintComponent, component))
    for message in check.messages:
        report.add((node, SH.resultMessage, message))


def _report_path(report: Graph, check: CoreCheck, paths: dict[tuple[Node, bool], Node]) -> Node:
    """The result path of ``check``: its IRI, or one ``[ sh:inversePath p ]`` node per path."""
    assert check.path is not None
    if not check.inverse:
        return check.path
    key = (check.path, True)
    if key not in paths:
        paths[key] = BNode()
        report.add((paths[key], SH.inversePath, check.path))
    return paths[key]


def _nquads_input(path: Path) -> Any:
    """pyshacl-turbo's native input for an N-Quads file (what it builds from a Store's dump)."""
    from pyshacl_turbo.rdf import Input

    # "oxigraph-nquads" is the format pyshacl-turbo gives a Store's own N-Quads dump
    return Input(path.read_text(encoding="utf-8"), "oxigraph-nquads", None, {}, preserve_ids=True)


def _has_graph(store: pyoxigraph.Store, graph: str) -> bool:
    """Whether named graph ``graph`` of ``store`` holds at least one triple."""
    return bool(store.query(f"ASK {{ GRAPH <{graph}> {{ ?s ?p ?o }} }}"))


def _as_store(data: Any) -> pyoxigraph.Store:
    """``data`` itself for a Store; an rdflib graph copied into an in-memory Store (union)."""
    if isinstance(data, pyoxigraph.Store):
        return data
    store = pyoxigraph.Store()
    text = _as_graph(data).serialize(format="nt", encoding="utf-8")
    store.bulk_load(text, format=pyoxigraph.RdfFormat.N_TRIPLES)
    return store


def _merge_reports(report: Graph, extra: Graph) -> Graph:
    """``report`` with the result nodes of ``extra`` added under its ``sh:ValidationReport``."""
    results = list(extra.subjects(RDF.type, SH.ValidationResult))
    if not results:
        return report
    report += extra
    for node in report.subjects(RDF.type, SH.ValidationReport):
        report.set((node, SH.conforms, Literal(False)))
        for result in results:
            report.add((node, SH.result, result))
    return report


def _run_turbo(data: Any, shapes: Graph, ontology: Graph | None) -> Graph:
    """Run pyshacl-turbo; returns the report graph. Raises RuntimeError on engine failure."""
    import pyshacl_turbo

    _, report, text = pyshacl_turbo.validate(
        data, shacl_graph=shapes, ont_graph=ontology, inference="none"
    )
    if not isinstance(report, Graph):
        raise RuntimeError(f"pyshacl-turbo failed: {text}")
    return report


_TIMEZONE = r"(Z|[+-]((0[0-9]|1[0-3]):[0-5][0-9]|14:00))?"
_DATE = r"-?([1-9][0-9]{3,}|0[0-9]{3})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
_TIME = r"(([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]+)?|24:00:00(\.0+)?)"
#: The lexical spaces of xsd:date and xsd:dateTime (XML Schema 1.1 Part 2, §3.3.9, §3.3.7).
XSD_LEXICAL: dict[URIRef, re.Pattern[str]] = {
    XSD.date: re.compile(_DATE + _TIMEZONE),
    XSD.dateTime: re.compile(_DATE + "T" + _TIME + _TIMEZONE),
}


def _strictly(pattern: re.Pattern[str], convert: Callable[[str], Any]) -> Callable[[str], Any]:
    def lexical_to_value(lexical: str) -> Any:
        if not pattern.fullmatch(lexical.strip()):
            raise ValueError(f"{lexical!r} is outside the datatype's lexical space")
        return convert(lexical)

    return lexical_to_value


@contextmanager
def strict_xsd_dates() -> Iterator[None]:
    """Within this block rdflib reads an ``xsd:date``/``xsd:dateTime`` literal only when its
    text matches :data:`XSD_LEXICAL` (else the literal is ill-typed, keeps its text, and
    pySHACL's ``sh:datatype`` reports it); rdflib's own mapping is restored on exit. rdflib's
    warning for each ill-typed literal is silenced here: the SHACL report lists them."""
    mapping = rdflib_term._toPythonMapping  # rdflib's lexical-to-value table (no public getter)
    saved = {datatype: mapping.get(datatype) for datatype in XSD_LEXICAL}
    log = logging.getLogger("rdflib.term")
    level = log.level
    try:
        log.setLevel(logging.ERROR)
        for datatype, pattern in XSD_LEXICAL.items():
            convert = saved[datatype]
            if convert is not None:
                mapping[datatype] = _strictly(pattern, convert)
        yield
    finally:
        log.setLevel(level)
        for datatype, convert in saved.items():
            mapping[datatype] = convert


def _run_pyshacl(data: Graph, shapes: Graph, ontology: Graph) -> Graph:
    """Run the reference pySHACL; returns the report graph.

    Raises:
        RuntimeError: when pySHACL refuses the shapes (it returns a ``ValidationFailure``, e.g.
            for a nested SELECT of a SPARQL constraint that does not project ``$this``).
    """
    import pyshacl

    _, report, _ = pyshacl.validate(
        data, shacl_graph=shapes, ont_graph=ontology, inference="none", advanced=False
    )
    if not isinstance(report, Graph):
        raise RuntimeError(f"pySHACL could not validate: {str(report).splitlines()[0]}")
    return report


def _turbo_input(data: Any) -> Any:
    """pyshacl-turbo reads a Store, a Graph or a Dataset as the union of its graphs."""
    if isinstance(data, pyoxigraph.Store | Graph):
        return data
    raise TypeError(
        f"cannot validate a {type(data).__name__}: expected a pyoxigraph Store or Graph"
    )


def _as_graph(data: Any) -> Graph:
    """Flatten a Store, Dataset or Graph into one rdflib Graph (the union of all its graphs)."""
    if isinstance(data, pyoxigraph.Store):
        triples = data.query(_UNION_QUERY)
        text = pyoxigraph.serialize(triples, format=pyoxigraph.RdfFormat.N_TRIPLES)
        return Graph().parse(data=text, format="nt")
    if not isinstance(data, Graph):
        raise TypeError(
            f"cannot validate a {type(data).__name__}: expected a pyoxigraph Store or Graph"
        )
    if not data.context_aware:
        return data
    union = Graph()
    for s, p, o, _ in data.quads((None, None, None, None)):
        union.add((s, p, o))
    return union


_UNION_QUERY = "CONSTRUCT { ?s ?p ?o } WHERE { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }"


def _load(path: Path) -> Graph:
    """Parse a Turtle file. Raises FileNotFoundError when it is missing."""
    if not Path(path).is_file():
        raise FileNotFoundError(f"RDF file not found: {path}")
    return Graph().parse(path, format="turtle")


# --- SHACL-SPARQL constraints run as whole-graph queries in the store ---------------------------


@dataclass(frozen=True, slots=True)
class SparqlConstraint:
    """One ``sh:SPARQLConstraint`` of a node shape with class targets, ready to run once over the
    whole store instead of once per focus node.

    Attributes:
        shape: the node shape (``sh:sourceShape`` of its results).
        node: the constraint node (``sh:sourceConstraint``).
        target_classes: IRIs of the shape's ``sh:targetClass`` values.
        select: the SELECT query with its prefixes and ``$this`` written ``?this``.
        messages: the constraint's ``sh:message`` values (the shape's when it has none).
        severity: the shape's ``sh:severity`` (``sh:Violation`` by default).
    """

    shape: Node
    node: Node
    target_classes: tuple[str, ...]
    select: str
    messages: tuple[Literal, ...]
    severity: Node


RDFS_CLASS = URIRef("http://www.w3.org/2000/01/rdf-schema#Class")
_RDFS_SUBCLASS = URIRef("http://www.w3.org/2000/01/rdf-schema#subClassOf")
_SHAPE_TARGETS = (SH.targetNode, SH.targetSubjectsOf, SH.targetObjectsOf, SH.target)
_DOLLAR_VAR = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")


def split_shapes(shapes: Graph) -> tuple[Graph, list[SparqlConstraint]]:
    """Split a shapes graph into the SPARQL-based constraints that can run as one query each
    over the whole data graph, and the rest (a copy of ``shapes`` without them).

    A constraint is taken out when its shape is an active node shape (no ``sh:path``) whose only
    targets are ``sh:targetClass`` and whose select uses no pre-bound variable but ``$this``
    (``$currentShape``, ``$shapesGraph`` need per-shape evaluation) and no ``VALUES``/``MINUS``
    or nested ``SERVICE``. Anything else stays with the SHACL engine.

    Returns:
        ``(rest, constraints)``: ``rest`` is a new graph; ``shapes`` is not changed.
    """
    rest = Graph()
    for prefix, namespace in shapes.namespaces():
        rest.bind(prefix, namespace)
    rest += shapes
    constraints = []
    for shape, node in shapes.subject_objects(SH.sparql):
        constraint = _sparql_constraint(shapes, shape, node)
        if constraint is not None:
            rest.remove((shape, SH.sparql, node))
            constraints.append(constraint)
    return rest, constraints


def _sparql_constraint(shapes: Graph, shape: Node, node: Node) -> SparqlConstraint | None:
    """The :class:`SparqlConstraint` of ``(shape, node)``, or None when it must stay per node."""
    select = shapes.value(node, SH.select)
    classes = tuple(str(c) for c in shapes.objects(shape, SH.targetClass))
    if (
        select is None
        or not classes
        or shapes.value(shape, SH.path) is not None
        or any(shapes.value(shape, t) is not None for t in _SHAPE_TARGETS)
        or shapes.value(shape, SH.deactivated) == Literal(True)
        or shapes.value(node, SH.deactivated) == Literal(True)
        or set(_DOLLAR_VAR.findall(str(select))) - {"this"}
        or re.search(r"\b(VALUES|MINUS|SERVICE)\b", str(select), re.IGNORECASE)
    ):
        return None
    prefixes = "".join(
        f"PREFIX {p}: <{ns}>\n" for p, ns in _declared_prefixes(shapes, node).items()
    )
    messages = tuple(shapes.objects(node, SH.message)) or tuple(shapes.objects(shape, SH.message))
    return SparqlConstraint(
        shape=shape,
        node=node,
        target_classes=classes,
        select=prefixes + _DOLLAR_VAR.sub(r"?\1", str(select)),
        messages=tuple(m for m in messages if isinstance(m, Literal)),
        severity=shapes.value(shape, SH.severity) or SH.Violation,
    )


def _declared_prefixes(shapes: Graph, node: Node) -> dict[str, str]:
    """The ``sh:declare`` prefixes of the ontologies named by ``node``'s ``sh:prefixes``."""
    out: dict[str, str] = {}
    for ontology in shapes.objects(node, SH.prefixes):
        for declaration in shapes.objects(ontology, SH.declare):
            prefix = shapes.value(declaration, SH.prefix)
            namespace = shapes.value(declaration, SH.namespace)
            if prefix is not None and namespace is not None:
                out[str(prefix)] = str(namespace)
    return out


def run_sparql_constraints(
    store: pyoxigraph.Store, constraints: list[SparqlConstraint], ontology: Graph
) -> Graph:
    """Evaluate ``constraints`` on ``store`` (the union of its graphs), one query each.

    Each query joins the constraint's select with the focus nodes (SHACL instances of its target
    classes: ``rdf:type`` a class or one of its subclasses in ``ontology`` or the store) and
    yields, per distinct ``(this, path, value, other variables)`` row, one validation result as
    pySHACL writes it (focus node, path, value, message with ``{?var}`` filled in, severity,
    source shape, source constraint, ``sh:SPARQLConstraintComponent``).

    Returns:
        A report graph holding only the ``sh:ValidationResult`` nodes (no report node).

    Raises:
        RuntimeError: when the store rejects a query.
    """
    report = Graph()
    for constraint in constraints:
        classes = _subclasses(store, ontology, constraint.target_classes)
        query = _focus_query(constraint.select, classes)
        try:
            solutions = store.query(query, use_default_graph_as_union=True)
        except (SyntaxError, OSError) as exc:
            raise RuntimeError(f"SPARQL constraint of {constraint.shape}: {exc}") from exc
        assert isinstance(solutions, pyoxigraph.QuerySolutions)
        names = [v.value for v in solutions.variables]
        seen: set[tuple] = set()
        for solution in solutions:
            row = {n: solution[i] for i, n in enumerate(names) if solution[i] is not None}
            row.pop("__cls", None)
            key = tuple(sorted((n, str(t)) for n, t in row.items()))
            if key not in seen:
                seen.add(key)
                _add_sparql_result(report, constraint, row)
    return report


def _subclasses(store: pyoxigraph.Store, ontology: Graph, classes: tuple[str, ...]) -> list[str]:
    """``classes`` and their transitive subclasses in ``ontology`` and in ``store``."""
    edges: dict[str, set[str]] = defaultdict(set)
    for sub, sup in ontology.subject_objects(_RDFS_SUBCLASS):
        edges[str(sup)].add(str(sub))
    query = f"SELECT ?sub ?sup WHERE {{ ?sub <{_RDFS_SUBCLASS}> ?sup }}"
    for row in store.query(query, use_default_graph_as_union=True):
        edges[row["sup"].value].add(row["sub"].value)
    found, todo = set(classes), list(classes)
    while todo:
        for sub in edges.get(todo.pop(), ()):
            if sub not in found:
                found.add(sub)
                todo.append(sub)
    return sorted(found)


def _focus_query(select: str, classes: list[str]) -> str:
    """``select`` (prologue and query) joined with the focus nodes of ``classes``."""
    at = re.search(r"\bSELECT\b", select, re.IGNORECASE)
    assert at is not None
    prologue, body = select[: at.start()], select[at.start() :]
    values = " ".join(f"<{c}>" for c in classes)
    return (
        f"{prologue}SELECT * WHERE {{\n"
        f"  VALUES ?__cls {{ {values} }}\n"
        f"  ?this <{RDF.type}> ?__cls .\n"
        f"  {{ {body} }}\n}}"
    )


def _add_sparql_result(report: Graph, c: SparqlConstraint, row: dict[str, Any]) -> None:
    """Add one pySHACL-style result node for a solution ``row`` (pyoxigraph terms by name)."""
    terms = {name: _rdflib_term(term) for name, term in row.items()}
    focus = terms["this"]
    value = terms.get("value", focus)
    node = BNode()
    report.add((node, RDF.type, SH.ValidationResult))
    report.add((node, SH.focusNode, focus))
    report.add((node, SH.value, value))
    if "path" in terms:
        report.add((node, SH.resultPath, terms["path"]))
    report.add((node, SH.resultSeverity, c.severity))
    report.add((node, SH.sourceShape, c.shape))
    report.add((node, SH.sourceConstraint, c.node))
    report.add((node, SH.sourceConstraintComponent, SH.SPARQLConstraintComponent))
    fill = {**terms, "value": value}
    for message in c.messages:
        text = str(message)
        for name, term in fill.items():
            text = text.replace("{?" + name + "}", str(term)).replace("{$" + name + "}", str(term))
        report.add((node, SH.resultMessage, Literal(text, lang=message.language)))


def _rdflib_term(term: Any) -> Node:
    """A pyoxigraph term as an rdflib term."""
    if isinstance(term, pyoxigraph.NamedNode):
        return URIRef(term.value)
    if isinstance(term, pyoxigraph.BlankNode):
        return BNode(term.value)
    if term.language:
        return Literal(term.value, lang=term.language)
    if term.datatype.value == _XSD_STRING:  # a plain literal, as rdflib parses it
        return Literal(term.value)
    return Literal(term.value, datatype=URIRef(term.datatype.value))


_XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"


# --- report parsing ----------------------------------------------------------------------------


def _property_shape_owners(shapes: Graph) -> dict[Node, Node]:
    """Map each property shape to the node shape that lists it under ``sh:property``."""
    return {prop: owner for owner, prop in shapes.subject_objects(SH.property)}


def _result(report: Graph, node: Node, owners: dict[Node, Node]) -> ValidationResult:
    """Build one :class:`ValidationResult` from its node in the report graph."""
    severity = report.value(node, SH.resultSeverity)
    shape = report.value(node, SH.sourceShape)
    owner = owners.get(shape, shape) if shape is not None else None
    component = report.value(node, SH.sourceConstraintComponent)
    messages = sorted(str(m) for m in report.objects(node, SH.resultMessage))
    return ValidationResult(
        severity=_local(severity) if severity is not None else "Violation",
        focus_node=_term(report.value(node, SH.focusNode)) or "",
        path=_path(report, report.value(node, SH.resultPath)),
        value=_nt(report.value(node, SH.value)),
        message=messages[0] if messages else _local(component or SH.Violation),
        source_shape=_term(owner) or "",
        component=_local(component) if component is not None else "",
    )


def _path(report: Graph, path: Node | None) -> str | None:
    """A result path as a string: an IRI, or ``^<iri>`` for an inverse path."""
    if path is None or isinstance(path, URIRef):
        return _term(path)
    inverse = report.value(path, SH.inversePath)
    return f"^{inverse}" if inverse is not None else "(complex path)"


def _term(term: Node | None) -> str | None:
    """An IRI as its string, a blank node as ``_:id``, ``None`` as ``None``."""
    if term is None:
        return None
    return f"_:{term}" if isinstance(term, BNode) else str(term)


def _nt(term: Node | None) -> str | None:
    """A term in N-Triples form (``<iri>``, ``"x"^^<dt>``, ``_:id``), or ``None``."""
    if term is None:
        return None
    if isinstance(term, Literal):
        return term.n3()
    return f"<{term}>" if isinstance(term, URIRef) else f"_:{term}"


def _local(iri: Node) -> str:
    """The local name of an IRI (after ``#`` or the last ``/``)."""
    text = str(iri)
    return text.rsplit("#", 1)[-1].rsplit("/", 1)[-1]


def _grouped(
    results: list[ValidationResult],
) -> dict[tuple[str, str, str], list[ValidationResult]]:
    """Results grouped by (severity, source shape, path or component), in report order."""
    groups: dict[tuple[str, str, str], list[ValidationResult]] = defaultdict(list)
    for result in results:
        key = (result.severity, result.source_shape, result.path or result.component)
        groups[key].append(result)
    return dict(groups)


def _short(text: str | None) -> str:
    """Shorten an IRI (bare or in ``<…>``) with the footkg prefixes for display."""
    if not text:
        return ""
    bare = text[1:-1] if text.startswith("<") and text.endswith(">") else text
    prefixes = {**PREFIXES, "fks": SHAPES_NS}
    for prefix, namespace in sorted(prefixes.items(), key=lambda kv: -len(kv[1])):
        if bare.startswith(namespace):
            return f"{prefix}:{bare[len(namespace) :]}"
    return text
