"""SHACL validation of the footkg graph and rendering of the report.

:func:`validate` checks data against ``ontology/shapes.ttl`` (W3C SHACL Core + SHACL-SPARQL) with
one of two engines that share pySHACL's API:

* ``"turbo"`` (default): pyshacl-turbo, a Rust engine; it reads a :class:`pyoxigraph.Store`
  directly as the union of its graphs (default and named), which is how footkg queries the store;
* ``"pyshacl"``: the reference pySHACL (pure Python), for small data and cross-checks. Its input
  is flattened to one :class:`rdflib.Graph` first (the union of all graphs), because pySHACL
  would otherwise validate each named graph of a dataset on its own.

Both engines get the ontology as ``ont_graph`` (mixed into a copy of the data, never into the
store) so ``sh:class`` sees the subclass axioms, and run with inference ``"none"``: the data is
validated as asserted. RDFS inference would add nothing the shapes need (footkg types every
resource with its fk class) and would hide modelling errors, since ``rdfs:domain`` axioms turn
any subject of ``fk:homeTeam`` into a match.

Conformance: :attr:`ValidationReport.conforms` is ``True`` when there is no result of severity
``sh:Violation``. Warnings and infos are reported but do not break conformance (SHACL itself
would say "does not conform" for any result; footkg uses warnings for facts that may be true to
their sources, such as partial goal lists in old friendlies).
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyoxigraph
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import RDF, SH
from rdflib.term import Node

from footkg.resources import ontology_path, shapes_path
from footkg.vocab import PREFIXES

#: Engines accepted by :func:`validate`.
ENGINES: tuple[str, ...] = ("turbo", "pyshacl")
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
        engine: the engine that produced the report (``"turbo"`` or ``"pyshacl"``).
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
    engine: str = "turbo",
) -> ValidationReport:
    """Validate ``data`` against the footkg shapes.

    Args:
        data: a :class:`pyoxigraph.Store` (the union of its graphs is validated), an
            :class:`rdflib.Graph`, or an rdflib ``Dataset``/``ConjunctiveGraph`` (union of graphs).
        shapes: a SHACL shapes file (Turtle); default ``ontology/shapes.ttl``.
        ontology: an ontology file (Turtle) passed as pySHACL's ``ont_graph``; default
            ``ontology/footkg.ttl``.
        engine: ``"turbo"`` (pyshacl-turbo) or ``"pyshacl"`` (reference pySHACL).

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
    if engine == "turbo":
        report_graph = _run_turbo(_turbo_input(data), shapes_graph, ontology_graph)
    else:
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


def _run_turbo(data: Any, shapes: Graph, ontology: Graph) -> Graph:
    """Run pyshacl-turbo; returns the report graph. Raises RuntimeError on engine failure."""
    import pyshacl_turbo

    _, report, text = pyshacl_turbo.validate(
        data, shacl_graph=shapes, ont_graph=ontology, inference="none"
    )
    if not isinstance(report, Graph):
        raise RuntimeError(f"pyshacl-turbo failed: {text}")
    return report


def _run_pyshacl(data: Graph, shapes: Graph, ontology: Graph) -> Graph:
    """Run the reference pySHACL; returns the report graph."""
    import pyshacl

    _, report, _ = pyshacl.validate(
        data, shacl_graph=shapes, ont_graph=ontology, inference="none", advanced=False
    )
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
