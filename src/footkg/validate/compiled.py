"""SHACL Core shapes compiled to SPARQL SELECT queries that run in the store.

pyshacl-turbo spends about 24 s of CPU reading the 1.5 million quads of the full graph into
its own engine before it checks a single shape (measured per shape: every node shape alone
costs 23-34 s CPU, ``docs/performance.md``); the store already holds them, indexed. So each
constraint component of each shape becomes one SELECT over the union of the store's graphs,
written for Oxigraph as scans, hash joins and hash anti-joins (``MINUS``) rather than one
lookup per focus node (a lookup costs 10-30 times a row of a scan), and the focus-node test
runs last, on the few rows that break the constraint.

What is compiled (W3C SHACL Core, https://www.w3.org/TR/shacl/): node shapes whose targets
are ``sh:targetClass``, ``sh:targetSubjectsOf`` or ``sh:targetObjectsOf``; property shapes
whose ``sh:path`` is an IRI or an ``sh:inversePath`` of one; the components ``sh:minCount``,
``sh:maxCount``, ``sh:class``, ``sh:datatype``, ``sh:nodeKind``, ``sh:in``, ``sh:hasValue``,
``sh:pattern`` (``sh:flags``), ``sh:minInclusive``, ``sh:maxInclusive``, ``sh:minExclusive``,
``sh:maxExclusive``, ``sh:minLength``, ``sh:maxLength``, ``sh:disjoint``, ``sh:lessThan``,
``sh:lessThanOrEquals``, and the shape-based ``sh:or``, ``sh:and``, ``sh:not``, ``sh:xone``,
``sh:node`` (their member shapes may use the components above, nested shape-based ones and
property shapes with counts, value tests and ``sh:hasValue``). Every reporting shape must carry
an ``sh:message`` (pySHACL's generic messages are not reproduced). A node shape that uses
anything else is not compiled (:func:`compile_core` leaves it out) and stays with pyshacl-turbo,
so the shapes file can grow without this module.

Each result is what pySHACL reports (``tests/test_shacl_conformance.py`` compares them on the
sample store with a fault for every component): focus node, result path, value node (none for
``sh:minCount``, ``sh:maxCount`` and a property's ``sh:hasValue``; the focus node for a node
shape's own constraints), the reporting shape, its ``sh:severity`` (``sh:Violation`` by
default), its messages and the constraint component.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.namespace import RDF, RDFS, SH, XSD
from rdflib.term import Node

__all__ = ["CoreCheck", "Unsupported", "compile_core", "instantiate"]


class Unsupported(Exception):
    """A shape uses a SHACL feature this module does not compile (it stays with pyshacl-turbo)."""


@dataclass(frozen=True, slots=True)
class CoreCheck:
    """One SELECT that finds every result of one or more constraint components of one shape.

    Attributes:
        shape: the reporting shape (``sh:sourceShape``): a property shape or a node shape.
        components: the constraint component IRIs (``sh:sourceConstraintComponent``); with
            more than one (the value tests of one property shape, checked in one scan), the
            SELECT yields ``?__f0``, ``?__f1``… true where the row breaks that component.
        path: the IRI of the property shape's ``sh:path`` (``sh:resultPath``), ``None`` for a
            node shape's own constraints.
        inverse: whether the path is the ``sh:inversePath`` of ``path``.
        severity: the reporting shape's ``sh:severity`` (``sh:Violation`` by default).
        messages: the reporting shape's ``sh:message`` values.
        select: the SELECT; it yields ``?this`` (the focus node) and, when the result has a
            value node other than the focus node, ``?value``. It holds class placeholders
            (see :func:`instantiate`).
        value: ``"value"`` (the row's ``?value``), ``"focus"`` (the focus node itself: a node
            shape's own constraint) or ``"none"`` (counts and a property's ``sh:hasValue``).
    """

    shape: Node
    components: tuple[URIRef, ...]
    path: URIRef | None
    inverse: bool
    severity: Node
    messages: tuple[Literal, ...]
    select: str
    value: str


#: ``#CLASSES<iri>#`` in a compiled SELECT stands for the IRI of a class and of each of its
#: subclasses (``<a> <b> …``), known only when the store is at hand (see :func:`instantiate`).
CLASS_PLACEHOLDER = re.compile(r"#CLASSES<([^<>\s]+)>#")

#: Parameters of a node or property shape that carry no constraint.
_NEUTRAL = {SH.message, SH.severity, SH.name, SH.description, SH.order, SH.group,
            SH.deactivated, SH.targetClass, SH.targetSubjectsOf, SH.targetObjectsOf,
            SH.property, SH.path, SH.defaultValue, SH.flags}  # fmt: skip

#: Value-node tests: parameter → constraint component.
_VALUE_TESTS: dict[URIRef, URIRef] = {
    SH.datatype: SH.DatatypeConstraintComponent,
    SH.nodeKind: SH.NodeKindConstraintComponent,
    SH["in"]: SH.InConstraintComponent,
    SH.pattern: SH.PatternConstraintComponent,
    SH.minInclusive: SH.MinInclusiveConstraintComponent,
    SH.maxInclusive: SH.MaxInclusiveConstraintComponent,
    SH.minExclusive: SH.MinExclusiveConstraintComponent,
    SH.maxExclusive: SH.MaxExclusiveConstraintComponent,
    SH.minLength: SH.MinLengthConstraintComponent,
    SH.maxLength: SH.MaxLengthConstraintComponent,
}
_SHAPE_BASED: dict[URIRef, URIRef] = {
    SH["or"]: SH.OrConstraintComponent,
    SH["and"]: SH.AndConstraintComponent,
    SH["not"]: SH.NotConstraintComponent,
    SH.xone: SH.XoneConstraintComponent,
    SH.node: SH.NodeConstraintComponent,
}
_PAIRS: dict[URIRef, URIRef] = {
    SH.disjoint: SH.DisjointConstraintComponent,
    SH.lessThan: SH.LessThanConstraintComponent,
    SH.lessThanOrEquals: SH.LessThanOrEqualsConstraintComponent,
}
_NODE_LEVEL = {*_VALUE_TESTS, *_SHAPE_BASED, SH["class"], SH.hasValue}
_PROPERTY_LEVEL = {*_NODE_LEVEL, *_PAIRS, SH.minCount, SH.maxCount}
_COMPARISONS = {SH.minInclusive: ">=", SH.maxInclusive: "<=", SH.minExclusive: ">",
                SH.maxExclusive: "<"}  # fmt: skip
_NODE_KINDS = {
    SH.IRI: "isIRI({v})",
    SH.BlankNode: "isBlank({v})",
    SH.Literal: "isLiteral({v})",
    SH.BlankNodeOrIRI: "!isLiteral({v})",
    SH.BlankNodeOrLiteral: "!isIRI({v})",
    SH.IRIOrLiteral: "!isBlank({v})",
}
#: Datatypes whose lexical forms a SPARQL cast checks (an ill-typed literal is no value of
#: its datatype: pySHACL reports it).
_CASTS = {XSD.integer, XSD.decimal, XSD.double, XSD.float, XSD.boolean, XSD.date,
          XSD.dateTime, XSD.time}  # fmt: skip
_RDF_TYPE = f"<{RDF.type}>"


def compile_core(shapes: Graph) -> tuple[list[CoreCheck], set[Node]]:
    """Compile the node shapes of ``shapes`` that target classes (see the module docstring).

    Returns ``(checks, compiled)``: the checks of every compiled node shape and the set of
    those node shapes; a node shape that uses a feature outside the compiled subset (or a
    deactivated one, which has no checks) is not in ``compiled`` unless deactivated.
    """
    checks: list[CoreCheck] = []
    compiled: set[Node] = set()
    targeted = {s for t in _COMPILED_TARGETS for s in shapes.subjects(t, None)}
    for shape in sorted(targeted, key=str):
        try:
            found = list(_node_shape_checks(shapes, shape))
        except Unsupported:
            continue
        checks.extend(found)
        compiled.add(shape)
    return checks, compiled


def instantiate(select: str, closure: Callable[[str], list[str]]) -> str:
    """``select`` with each class placeholder replaced by ``closure(class IRI)``: the IRIs of
    the class and of its subclasses, as a ``VALUES`` list."""
    return CLASS_PLACEHOLDER.sub(lambda m: " ".join(f"<{c}>" for c in closure(m[1])), select)


# --- node shapes ---------------------------------------------------------------------------------


def _node_shape_checks(g: Graph, shape: Node) -> Iterator[CoreCheck]:
    """The checks of node shape ``shape`` (raises :class:`Unsupported`)."""
    if _true(g.value(shape, SH.deactivated)):
        return
    _require_known(g, shape, _NODE_LEVEL)
    if any(g.value(shape, p) is not None for p in (SH.targetNode, SH.target, SH.sparql)):
        raise Unsupported("sh:targetNode or SPARQL-based targets, or SPARQL left in the shape")
    if (shape, RDF.type, RDFS.Class) in g or (shape, RDF.type, URIRef(_OWL_CLASS)) in g:
        raise Unsupported("implicit class target")
    focus = _focus(g, shape)
    names = _Names()
    if any(g.value(shape, p) is not None for p in _NODE_LEVEL):
        yield from _node_level_checks(g, shape, focus, names)
    for prop in sorted(g.objects(shape, SH.property), key=str):
        yield from _property_checks(g, prop, focus, names)


_OWL_CLASS = "http://www.w3.org/2002/07/owl#Class"


#: The targets a compiled node shape may have (SHACL §2.1.3): class, subjects-of, objects-of.
_COMPILED_TARGETS = (SH.targetClass, SH.targetSubjectsOf, SH.targetObjectsOf)


def _focus(g: Graph, shape: Node) -> str:
    """The focus-node pattern of ``shape``: ``?this`` a SHACL instance of a target class, a
    subject of a ``sh:targetSubjectsOf`` property or an object of a ``sh:targetObjectsOf``
    one (a union when the shape has several kinds). A focus node may match more than once:
    every check selects distinct focus nodes or reads the pattern in ``FILTER EXISTS``."""
    classes = sorted(g.objects(shape, SH.targetClass), key=str)
    subjects_of = sorted(g.objects(shape, SH.targetSubjectsOf), key=str)
    objects_of = sorted(g.objects(shape, SH.targetObjectsOf), key=str)
    if not all(isinstance(t, URIRef) for t in (*classes, *subjects_of, *objects_of)):
        raise Unsupported("a target class or property that is not an IRI")
    patterns = []
    if classes:
        values = " ".join(f"#CLASSES<{c}>#" for c in classes)
        patterns.append(f"?this {_RDF_TYPE} ?__focusClass . VALUES ?__focusClass {{ {values} }}")
    patterns += [f"?this <{p}> ?__focusObject" for p in subjects_of]
    patterns += [f"?__focusSubject <{p}> ?this" for p in objects_of]
    if len(patterns) == 1:
        return patterns[0]
    return " UNION ".join(f"{{ {p} }}" for p in patterns)


def _node_level_checks(g: Graph, shape: Node, focus: str, names: _Names) -> Iterator[CoreCheck]:
    """Checks of a node shape's own constraints: the value node is the focus node."""
    report = _reporting(g, shape)
    for param, component in _VALUE_TESTS.items():
        for arg in g.objects(shape, param):
            test = _value_test(g, shape, param, arg, "?this")
            select = f"SELECT DISTINCT ?this WHERE {{ {focus} FILTER(!({test})) }}"
            yield report(component, None, select, "focus")
    for arg in g.objects(shape, SH.hasValue):
        test = f"sameTerm(?this, {_term(arg)})"
        yield report(SH.HasValueConstraintComponent, None,
                     f"SELECT DISTINCT ?this WHERE {{ {focus} FILTER(!({test})) }}", "focus")
    for arg in g.objects(shape, SH["class"]):
        kind = names.fresh("k")
        select = (f"SELECT DISTINCT ?this WHERE {{ {focus} MINUS {{ ?this {_RDF_TYPE} {kind} . "
                  f"VALUES {kind} {{ {_classes(arg)} }} }} }}")  # fmt: skip
        yield report(SH.ClassConstraintComponent, None, select, "focus")
    for param, component in _SHAPE_BASED.items():
        for arg in g.objects(shape, param):
            pattern = _violators(g, param, arg, "?this", focus, names)
            yield report(component, None, f"SELECT DISTINCT ?this WHERE {{ {pattern} }}", "focus")


# --- property shapes -----------------------------------------------------------------------------


def _property_checks(g: Graph, prop: Node, focus: str, names: _Names) -> Iterator[CoreCheck]:
    """Checks of one property shape of a node shape whose focus pattern is ``focus``."""
    if _true(g.value(prop, SH.deactivated)):
        return
    _require_known(g, prop, _PROPERTY_LEVEL)
    if g.value(prop, SH.property) is not None:
        raise Unsupported("a property shape with property shapes")
    path_node = g.value(prop, SH.path)
    path = _path(g, path_node)
    report = _reporting(g, prop, path_node)
    exists = f"FILTER EXISTS {{ {focus} }}"
    for arg in g.objects(prop, SH.minCount):
        n = _count(arg)
        if n == 0:
            continue
        if n == 1:
            select = f"SELECT DISTINCT ?this WHERE {{ {focus} MINUS {{ ?this {path} ?__v }} }}"
        else:
            counts = (f"SELECT ?this (COUNT(DISTINCT ?__v) AS ?__n) WHERE {{ ?this {path} ?__v }}"
                      " GROUP BY ?this")  # fmt: skip
            select = (f"SELECT DISTINCT ?this WHERE {{ {focus} OPTIONAL {{ {counts} }} "
                      f"FILTER(COALESCE(?__n, 0) < {n}) }}")  # fmt: skip
        yield report(SH.MinCountConstraintComponent, path_node, select, "none")
    for arg in g.objects(prop, SH.maxCount):
        over = (f"SELECT ?this WHERE {{ ?this {path} ?__v }} GROUP BY ?this "
                f"HAVING (COUNT(DISTINCT ?__v) > {_count(arg)})")  # fmt: skip
        select = f"SELECT ?this WHERE {{ {{ {over} }} {exists} }}"
        yield report(SH.MaxCountConstraintComponent, path_node, select, "none")
    values = f"?this {path} ?value"
    tests = [(component, _value_test(g, prop, param, arg, "?value"))
             for param, component in _VALUE_TESTS.items() for arg in g.objects(prop, param)]
    if len(tests) == 1:
        (component, test), = tests
        yield report(component, path_node, _per_value(f"{values} FILTER(!({test}))", exists),
                     "value")
    elif tests:  # one scan for all of them, with a flag per test
        flags = [f"?__f{i}" for i in range(len(tests))]
        binds = " ".join(f"BIND(!({t}) AS {f})" for (_, t), f in zip(tests, flags, strict=True))
        failing = (f"SELECT DISTINCT ?this ?value {' '.join(flags)} WHERE {{ {values} {binds} "
                   f"FILTER({' || '.join(flags)}) }}")  # fmt: skip
        select = f"SELECT * WHERE {{ {{ {failing} }} {exists} }}"
        yield report(tuple(c for c, _ in tests), path_node, select, "value")
    for arg in g.objects(prop, SH["class"]):
        kind = names.fresh("k")
        typed = f"?value {_RDF_TYPE} {kind} . VALUES {kind} {{ {_classes(arg)} }}"
        inner = f"{values} MINUS {{ {typed} }}"
        yield report(SH.ClassConstraintComponent, path_node, _per_value(inner, exists), "value")
    for arg in g.objects(prop, SH.hasValue):
        select = f"SELECT DISTINCT ?this WHERE {{ {focus} MINUS {{ ?this {path} {_term(arg)} }} }}"
        yield report(SH.HasValueConstraintComponent, path_node, select, "none")
    for param, component in _PAIRS.items():
        for arg in g.objects(prop, param):
            yield report(component, path_node, _pair_select(param, path, _iri_path(arg), exists),
                         "value")
    for param, component in _SHAPE_BASED.items():
        for arg in g.objects(prop, param):
            universe = f"SELECT DISTINCT ?this ?value WHERE {{ {values} }}"
            pattern = _violators(g, param, arg, "?value", f"{{ {universe} }}", names)
            yield report(component, path_node,
                         f"SELECT DISTINCT ?this ?value WHERE {{ {pattern} {exists} }}", "value")


def _per_value(pattern: str, exists: str) -> str:
    """A per-value check: the failing (focus, value) rows of ``pattern``, then the focus test."""
    failing = f"SELECT DISTINCT ?this ?value WHERE {{ {pattern} }}"
    return f"SELECT ?this ?value WHERE {{ {{ {failing} }} {exists} }}"


def _pair_select(param: URIRef, path: str, other: str, exists: str) -> str:
    """``sh:disjoint`` (one result per shared value), ``sh:lessThan(OrEquals)`` (one per value
    and other value that are not in order; an IRI or string compares only with an IRI or
    string, by its text, as pySHACL does)."""
    left = f"{{ SELECT DISTINCT ?this ?value WHERE {{ ?this {path} ?value }} }}"
    if param == SH.disjoint:
        right = f"{{ SELECT DISTINCT ?this ?value WHERE {{ ?this {other} ?value }} }}"
        return f"SELECT ?this ?value WHERE {{ {left} {right} {exists} }}"
    op = "<" if param == SH.lessThan else "<="
    right = f"{{ SELECT DISTINCT ?this ?__other WHERE {{ ?this {other} ?__other }} }}"
    strings = f"<{XSD.string}>, <{RDF.langString}>"
    a, b = (f"(isIRI({x}) || COALESCE(DATATYPE({x}) IN ({strings}), false))"
            for x in ("?value", "?__other"))
    ordered = (f"IF({a} || {b}, {a} && {b} && STR(?value) {op} STR(?__other), "
               f"COALESCE(?value {op} ?__other, false))")  # fmt: skip
    return f"SELECT ?this ?value WHERE {{ {left} {right} FILTER(!({ordered})) {exists} }}"


# --- value tests ---------------------------------------------------------------------------------


def _value_test(g: Graph, shape: Node, param: URIRef, arg: Node, v: str) -> str:
    """A SPARQL expression, never an error, true when value ``v`` passes ``param arg``."""
    if param == SH.datatype:
        return _datatype_test(arg, v)
    if param == SH.nodeKind:
        if arg not in _NODE_KINDS:
            raise Unsupported(f"node kind {arg}")
        return _NODE_KINDS[arg].format(v=v)
    if param == SH["in"]:
        members = list(Collection(g, arg))
        return " || ".join(f"sameTerm({v}, {_term(m)})" for m in members) or "false"
    if param == SH.pattern:
        flags = g.value(shape, SH.flags)
        regex = f"REGEX(STR({v}), {_term(Literal(str(arg)))}" + (
            f", {_term(Literal(str(flags)))})" if flags is not None else ")")
        return f"COALESCE(!isBlank({v}) && {regex}, false)"
    if param in _COMPARISONS:
        if not isinstance(arg, Literal):
            raise Unsupported("a range bound that is not a literal")
        return f"COALESCE({v} {_COMPARISONS[param]} {_term(arg)}, false)"
    op = ">=" if param == SH.minLength else "<="
    return f"COALESCE(!isBlank({v}) && STRLEN(STR({v})) {op} {_count(arg)}, false)"


def _datatype_test(datatype: Node, v: str) -> str:
    """``v`` is a literal of ``datatype`` with a valid lexical form (as pySHACL checks it)."""
    if not isinstance(datatype, URIRef):
        raise Unsupported("a datatype that is not an IRI")
    if datatype == RDFS.Literal:
        return f"isLiteral({v})"
    if datatype == RDF.langString:
        return f"COALESCE(isLiteral({v}) && LANG({v}) != '', false)"
    test = f"COALESCE(isLiteral({v}) && sameTerm(DATATYPE({v}), <{datatype}>), false)"
    if datatype in _CASTS:
        # a valid literal casts to itself; the store keeps an ill-typed one as it was written
        # and the cast fails (a cast of the lexical form, STR(), cost twice as much)
        test += f" && COALESCE(isLiteral(<{datatype}>({v})), false)"
    return test


# --- shape-based constraints ---------------------------------------------------------------------


def _violators(g: Graph, param: URIRef, arg: Node, v: str, universe: str, names: _Names) -> str:
    """A pattern binding ``v`` (and what ``universe`` binds) to the nodes of ``universe`` that
    break the shape-based constraint ``param arg``."""
    if param == SH["not"]:
        return f"{universe} FILTER EXISTS {{ {_conforming(g, arg, v, universe, names)} }}"
    if param == SH.node:
        return f"{universe} MINUS {{ {_conforming(g, arg, v, universe, names)} }}"
    members = list(Collection(g, arg))
    if param == SH["or"]:
        minus = " ".join(f"MINUS {{ {_conforming(g, m, v, universe, names)} }}" for m in members)
        return f"{universe} {minus}"
    if param == SH["and"]:
        both = " ".join(f"{{ {_conforming(g, m, v, universe, names)} }}" for m in members)
        return f"{universe} MINUS {{ {both} }}"
    flags = []
    optionals = []
    for member in members:
        flag = names.fresh("c")
        flags.append(f"COALESCE({flag}, 0)")
        optionals.append(f"OPTIONAL {{ SELECT DISTINCT {v} (1 AS {flag}) WHERE "
                         f"{{ {_conforming(g, member, v, universe, names)} }} }}")  # fmt: skip
    return f"{universe} {' '.join(optionals)} FILTER({' + '.join(flags) or '0'} != 1)"


def _conforming(g: Graph, shape: Node, v: str, universe: str, names: _Names) -> str:
    """A pattern binding ``v`` to nodes that conform to ``shape`` (a superset of ``universe``'s
    conforming nodes: it may bind nodes outside ``universe`` when it does not need it)."""
    if _true(g.value(shape, SH.deactivated)):
        return universe
    if g.value(shape, SH.path) is not None:
        parts = _Parts()
        _property_parts(g, shape, v, parts, names)
        return parts.pattern(v, universe)
    _require_known(g, shape, _NODE_LEVEL)
    parts = _Parts()
    for param in _VALUE_TESTS:
        for arg in g.objects(shape, param):
            parts.filters.append(_value_test(g, shape, param, arg, v))
    for arg in g.objects(shape, SH.hasValue):
        parts.filters.append(f"sameTerm({v}, {_term(arg)})")
    for arg in g.objects(shape, SH["class"]):
        kind = names.fresh("k")
        parts.positive.append(f"{v} {_RDF_TYPE} {kind} . VALUES {kind} {{ {_classes(arg)} }}")
    for param in _SHAPE_BASED:
        for arg in g.objects(shape, param):
            bad = _violators(g, param, arg, v, universe, names)
            parts.negative.append(f"MINUS {{ {bad} }}")
    for prop in g.objects(shape, SH.property):
        _property_parts(g, prop, v, parts, names)
    return parts.pattern(v, universe)


def _property_parts(g: Graph, prop: Node, v: str, parts: _Parts, names: _Names) -> None:
    """Add the conformance parts of property shape ``prop`` applied to the nodes bound to ``v``."""
    if _true(g.value(prop, SH.deactivated)):
        return
    _require_known(g, prop, {*_VALUE_TESTS, SH["class"], SH.hasValue, SH.minCount, SH.maxCount})
    path = _path(g, g.value(prop, SH.path))
    for arg in g.objects(prop, SH.minCount):
        n = _count(arg)
        if n == 1:
            parts.positive.append(f"{v} {path} {names.fresh('w')}")
        elif n > 1:
            w = names.fresh("w")
            parts.positive.append(f"{{ SELECT {v} WHERE {{ {v} {path} {w} }} GROUP BY {v} "
                                  f"HAVING (COUNT(DISTINCT {w}) >= {n}) }}")  # fmt: skip
    for arg in g.objects(prop, SH.maxCount):
        w = names.fresh("w")
        parts.negative.append(f"MINUS {{ SELECT {v} WHERE {{ {v} {path} {w} }} GROUP BY {v} "
                              f"HAVING (COUNT(DISTINCT {w}) > {_count(arg)}) }}")  # fmt: skip
    for arg in g.objects(prop, SH.hasValue):
        parts.positive.append(f"{v} {path} {_term(arg)}")
    for param in _VALUE_TESTS:
        for arg in g.objects(prop, param):
            w = names.fresh("w")
            test = _value_test(g, prop, param, arg, w)
            parts.negative.append(f"MINUS {{ {v} {path} {w} FILTER(!({test})) }}")
    for arg in g.objects(prop, SH["class"]):
        w, kind = names.fresh("w"), names.fresh("k")
        parts.negative.append(f"MINUS {{ {v} {path} {w} MINUS {{ {w} {_RDF_TYPE} {kind} . "
                              f"VALUES {kind} {{ {_classes(arg)} }} }} }}")  # fmt: skip


@dataclass(slots=True)
class _Parts:
    """The conformance of a shape as SPARQL: patterns that bind the node (``positive``),
    filters on it and anti-joins (``negative``)."""

    positive: list[str] = field(default_factory=list)
    filters: list[str] = field(default_factory=list)
    negative: list[str] = field(default_factory=list)

    def pattern(self, v: str, universe: str) -> str:
        """The group pattern; ``universe`` binds the node ``v`` when no positive part does.
        Each positive part is a sub-select, so that Oxigraph joins them by hash instead of
        looking each node up (a lookup costs 10-30 times a row of a scan)."""
        head = " ".join(f"{{ SELECT DISTINCT {v} WHERE {{ {p} }} }}" for p in self.positive)
        head = head or universe
        tests = " ".join(f"FILTER({f})" for f in self.filters)
        return f"{head} {tests} {' '.join(self.negative)}"


@dataclass(slots=True)
class _Names:
    """Fresh SPARQL variable names (``?__k1``, ``?__w2``…) for one node shape."""

    counter: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    def fresh(self, stem: str) -> str:
        """A new variable name starting with ``?__<stem>``."""
        return f"?__{stem}{next(self.counter)}"


# --- helpers -------------------------------------------------------------------------------------


def _reporting(
    g: Graph, shape: Node, path: Node | None = None
) -> Callable[[URIRef | tuple[URIRef, ...], Node | None, str, str], CoreCheck]:
    """A factory of the checks reported by ``shape`` (its severity and messages)."""
    messages = tuple(m for m in g.objects(shape, SH.message) if isinstance(m, Literal))
    if not messages or any("{" in str(m) for m in messages):
        raise Unsupported("a reporting shape without sh:message, or with placeholders in it")
    severity = g.value(shape, SH.severity) or SH.Violation

    def make(
        component: URIRef | tuple[URIRef, ...], result_path: Node | None, select: str, value: str
    ) -> CoreCheck:
        iri, inverse = _path_iri(g, result_path)
        components = component if isinstance(component, tuple) else (component,)
        return CoreCheck(shape, components, iri, inverse, severity, messages, select, value)

    return make


def _require_known(g: Graph, shape: Node, allowed: set[URIRef]) -> None:
    """Raise :class:`Unsupported` when ``shape`` has a SHACL parameter outside ``allowed``."""
    for predicate in set(g.predicates(shape, None)):
        if str(predicate).startswith(str(SH)) and predicate not in allowed | _NEUTRAL:
            raise Unsupported(f"{predicate} on {shape}")


def _path(g: Graph, node: Node | None) -> str:
    """The SPARQL form of a SHACL path: an IRI, or the inverse of one."""
    if isinstance(node, URIRef):
        return f"<{node}>"
    if isinstance(node, BNode):
        inverse = g.value(node, SH.inversePath)
        if isinstance(inverse, URIRef) and len(set(g.predicate_objects(node))) == 1:
            return f"^<{inverse}>"
    raise Unsupported(f"path {node!r}")


def _path_iri(g: Graph, node: Node | None) -> tuple[URIRef | None, bool]:
    """``(IRI, inverse?)`` of a path :func:`_path` accepts; ``(None, False)`` for no path."""
    if node is None:
        return None, False
    if isinstance(node, URIRef):
        return node, False
    inverse = g.value(node, SH.inversePath)
    assert isinstance(inverse, URIRef)
    return inverse, True


def _iri_path(node: Node) -> str:
    if not isinstance(node, URIRef):
        raise Unsupported("a property pair with a path that is not an IRI")
    return f"<{node}>"


def _classes(node: Node) -> str:
    if not isinstance(node, URIRef):
        raise Unsupported("a class that is not an IRI")
    return f"#CLASSES<{node}>#"


def _count(node: Node) -> int:
    if not isinstance(node, Literal) or not isinstance(node.toPython(), int):
        raise Unsupported(f"count {node!r}")
    return int(node.toPython())


def _true(node: Node | None) -> bool:
    return isinstance(node, Literal) and node.toPython() is True


def _term(node: Node) -> str:
    """``node`` in SPARQL syntax (rdflib's N-Triples form: escaped IRIs and literals)."""
    if isinstance(node, BNode):
        raise Unsupported("a blank node as a value")
    if isinstance(node, Literal) and node.datatype is None and node.language is None:
        return Literal(str(node), datatype=XSD.string).n3()
    return node.n3()
