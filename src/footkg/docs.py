"""Reference documentation built from footkg's own sources, as self-contained HTML pages.

* :func:`ontology_html` — the ontology reference, read from ``ontology/footkg.ttl`` with rdflib:
  every class, property and named individual with its label, definition, alignments
  (``rdfs:subClassOf`` / ``rdfs:subPropertyOf``), domain, range and characteristics, and for a
  class the properties whose domain it is;
* :func:`catalogue_html` — the query catalogue, from the ``.rq`` headers (title, description,
  parameters) with the command line and Python calls and, when a graph is given, an example
  result run against it;
* :func:`api_html` — the Python API, from the docstrings and signatures of ``footkg.__all__``
  and :mod:`footkg.errors`.

Nothing is written twice: change the ``.ttl``, a ``.rq`` header or a docstring and rebuild with
:func:`write_docs` (``footkg docs --out DIR``). The pages use no external asset (no CDN, no
web font, no script): they read offline.

Example values for the example results: a ``.rq`` header line ``# example: team_a=Argentina,
team_b=England`` gives them; otherwise :data:`EXAMPLE_VALUES` supplies one for each required
parameter name; a query with a required parameter and no value gets no example result.
"""

from __future__ import annotations

import html
import inspect
import re
import textwrap
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rdflib import OWL, RDF, RDFS, BNode, Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.namespace import DCTERMS
from rdflib.term import Node

from footkg import resources
from footkg.errors import FootkgError
from footkg.query.catalogue import Catalogue, CatalogueQuery
from footkg.vocab import PREFIXES

if TYPE_CHECKING:
    from footkg.api import KnowledgeGraph, Result

__all__ = [
    "EXAMPLE_VALUES",
    "DocsPage",
    "api_html",
    "catalogue_html",
    "example_params",
    "ontology_html",
    "write_docs",
]

#: Example values of required parameters, by name, when a query's header has no ``# example:``.
EXAMPLE_VALUES: dict[str, str] = {"team_a": "Argentina", "team_b": "England", "team": "England"}

FK = "https://w3id.org/footkg/ontology#"

_CSS = """
:root { --ink:#1d2430; --muted:#5b6573; --line:#d9dee5; --accent:#0b6e4f; --bg:#fbfcfd;
        --code:#f1f4f7; }
* { box-sizing: border-box; }
body { margin:0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
       color:var(--ink); background:var(--bg); }
header.top { background:var(--accent); color:#fff; padding:14px 28px; }
header.top a { color:#fff; margin-right:18px; text-decoration:none; font-weight:600; }
header.top a.here { text-decoration:underline; }
.layout { display:flex; gap:28px; max-width:1280px; margin:0 auto; padding:0 20px; }
nav.toc { flex:0 0 250px; position:sticky; top:0; align-self:flex-start; max-height:100vh;
          overflow-y:auto; padding:18px 0; font-size:14px; }
nav.toc h3 { font-size:13px; text-transform:uppercase; letter-spacing:.05em; color:var(--muted);
             margin:16px 0 4px; }
nav.toc ul { list-style:none; margin:0; padding:0; }
nav.toc li { margin:1px 0; }
nav.toc a { color:var(--ink); text-decoration:none; }
nav.toc a:hover { color:var(--accent); text-decoration:underline; }
main { flex:1; min-width:0; padding:8px 0 60px; }
h1 { font-size:30px; margin:22px 0 6px; }
h2 { font-size:23px; margin:36px 0 10px; padding-bottom:4px; border-bottom:2px solid var(--line); }
h3 { font-size:19px; margin:0 0 4px; }
a { color:var(--accent); }
code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace;
            font-size:14px; }
code { background:var(--code); padding:1px 4px; border-radius:3px; }
pre { background:var(--code); padding:10px 12px; border-radius:4px; overflow-x:auto;
      white-space:pre-wrap; }
pre code { background:none; padding:0; }
.lead { color:var(--muted); font-size:17px; max-width:60em; }
.card { background:#fff; border:1px solid var(--line); border-radius:6px; padding:14px 18px;
        margin:14px 0; }
.card .iri { color:var(--muted); font-size:13px; word-break:break-all; }
.kind { display:inline-block; font-size:12px; font-weight:600; border-radius:10px; padding:1px 8px;
        margin-left:8px; vertical-align:middle; background:#e3f1ec; color:var(--accent); }
.kind.dp { background:#eaf0fb; color:#2450a8; } .kind.ind { background:#f6ecdf; color:#8a4b08; }
.kind.rp { background:#eee; color:#444; }
dl.facts { display:grid; grid-template-columns: 11em 1fr; gap:4px 12px; margin:10px 0 0; }
dl.facts dt { color:var(--muted); font-size:14px; } dl.facts dd { margin:0; }
table { border-collapse:collapse; margin:8px 0; font-size:14px; background:#fff; }
th, td { border:1px solid var(--line); padding:4px 8px; text-align:left; vertical-align:top; }
th { background:#eef1f4; font-weight:600; }
td.num { text-align:right; font-variant-numeric: tabular-nums; }
table.result td, table.result th, td.nowrap { white-space:nowrap; }
.scroll { overflow-x:auto; max-width:100%; }
.muted { color:var(--muted); font-size:14px; }
details summary { cursor:pointer; color:var(--accent); margin:8px 0; }
.sig { font-family: ui-monospace, Menlo, Consolas, monospace; font-size:15px; font-weight:600;
       word-break:break-word; }
.doc p { margin:6px 0; }
"""


@dataclass(frozen=True)
class DocsPage:
    """One generated page: ``name`` (file name), ``title`` and ``html`` (a whole document)."""

    name: str
    title: str
    html: str


_PAGES = (
    ("index.html", "Overview"),
    ("ontology.html", "Ontology"),
    ("queries.html", "Query catalogue"),
    ("api.html", "Python API"),
)


def _page(name: str, title: str, body: str, toc: str = "") -> str:
    links = "".join(
        f'<a href="{n}"{" class=here" if n == name else ""}>{html.escape(t)}</a>' for n, t in _PAGES
    )
    nav = f'<nav class="toc">{toc}</nav>' if toc else ""
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)} — footkg</title><style>{_CSS}</style></head><body>"
        f'<header class="top"><a href="index.html">footkg</a> {links}</header>'
        f'<div class="layout">{nav}<main>{body}</main></div>'
        f'<footer class="muted" style="text-align:center;padding:20px">Generated by '
        f"<code>footkg docs</code> from footkg's sources on {time.strftime('%Y-%m-%d')}.</footer>"
        "</body></html>\n"
    )


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


_RST_ROLE = re.compile(r":(?:class|func|meth|mod|data|attr|exc):`~?([^`]+)`")
_DOUBLE = re.compile(r"``([^`]+)``")
_SINGLE = re.compile(r"`([^`]+)`")


def _inline(text: str) -> str:
    """Escape ``text`` and render ``code``, `code` and :role:`target` as <code>."""
    out = _esc(text)
    out = _RST_ROLE.sub(lambda m: f"<code>{m[1]}</code>", out)
    out = _DOUBLE.sub(lambda m: f"<code>{m[1]}</code>", out)
    return _SINGLE.sub(lambda m: f"<code>{m[1]}</code>", out)


# --- the ontology -------------------------------------------------------------------------------


class _Ontology:
    """The ontology graph with the helpers the page needs (labels, CURIEs, links)."""

    def __init__(self, path: Path) -> None:
        self.g = Graph(bind_namespaces="none")
        self.g.parse(path, format="turtle")
        self.prefixes = {str(ns): p for p, ns in self.g.namespaces()}
        for prefix, ns in PREFIXES.items():
            self.prefixes.setdefault(ns, prefix)

    def curie(self, iri: Node) -> str:
        text = str(iri)
        best = max((ns for ns in self.prefixes if text.startswith(ns)), key=len, default=None)
        return f"{self.prefixes[best]}:{text[len(best) :]}" if best else text

    def text(self, s: Node, p: URIRef) -> str | None:
        values = [o for o in self.g.objects(s, p) if isinstance(o, Literal)]
        english = [o for o in values if o.language in (None, "en")]
        return str((english or values)[0]) if values else None

    def is_local(self, node: Node) -> bool:
        return isinstance(node, URIRef) and str(node).startswith(FK)

    def link(self, node: Node) -> str:
        """A term as HTML: a link to its card (fk terms), to its IRI, or a class union."""
        if isinstance(node, BNode):
            members = self.union(node)
            if members:
                return " or ".join(self.link(m) for m in members)
            return "(anonymous)"
        if self.is_local(node):
            local = str(node)[len(FK) :]
            return f'<a href="#{_esc(local)}"><code>fk:{_esc(local)}</code></a>'
        if isinstance(node, URIRef):
            return f'<a href="{_esc(node)}"><code>{_esc(self.curie(node))}</code></a>'
        return _esc(node)

    def union(self, node: Node) -> list[Node]:
        head = self.g.value(node, OWL.unionOf)
        return list(Collection(self.g, head)) if head is not None else []

    def domains(self, prop: Node) -> list[Node]:
        """The classes in a property's rdfs:domain, unions flattened."""
        out: list[Node] = []
        for d in self.g.objects(prop, RDFS.domain):
            out.extend(self.union(d) if isinstance(d, BNode) else [d])
        return out

    def terms(self, *types: URIRef) -> list[URIRef]:
        found = {s for t in types for s in self.g.subjects(RDF.type, t) if self.is_local(s)}
        return sorted(found, key=lambda s: str(s).lower())  # type: ignore[arg-type]


_PROPERTY_KINDS = {
    OWL.ObjectProperty: ("object property", "op"),
    OWL.DatatypeProperty: ("datatype property", "dp"),
    OWL.AnnotationProperty: ("annotation property", "rp"),
    RDF.Property: ("property", "rp"),
}
_CHARACTERISTICS = {
    OWL.FunctionalProperty: "functional (at most one value)",
    OWL.InverseFunctionalProperty: "inverse functional",
    OWL.TransitiveProperty: "transitive",
    OWL.SymmetricProperty: "symmetric",
}


def _facts(rows: Iterable[tuple[str, str]]) -> str:
    items = "".join(f"<dt>{_esc(k)}</dt><dd>{v}</dd>" for k, v in rows if v)
    return f'<dl class="facts">{items}</dl>' if items else ""


def _card(ont: _Ontology, term: URIRef, kind: str, css: str, facts: list[tuple[str, str]]) -> str:
    local = str(term)[len(FK) :]
    label = ont.text(term, RDFS.label) or local
    comment = ont.text(term, RDFS.comment)
    return (
        f'<section class="card" id="{_esc(local)}"><h3>{_esc(label)}'
        f'<span class="kind {css}">{_esc(kind)}</span></h3>'
        f'<div class="iri"><code>fk:{_esc(local)}</code> · {_esc(term)}</div>'
        + (f"<p>{_inline(comment)}</p>" if comment else "")
        + _facts(facts)
        + "</section>"
    )


def _links(ont: _Ontology, nodes: Iterable[Node]) -> str:
    return ", ".join(ont.link(n) for n in sorted(set(nodes), key=str))


def ontology_html(path: Path | None = None) -> str:
    """The ontology reference page (a whole HTML document) for ``path`` (default
    ``ontology/footkg.ttl``): metadata, a class overview, then a card per class, property and
    named individual with links between them. Raises ``FileNotFoundError`` and rdflib's
    parser errors for a missing or malformed file."""
    ont = _Ontology(path or resources.ontology_path())
    g = ont.g
    onto = next(iter(g.subjects(RDF.type, OWL.Ontology)), None)
    classes = ont.terms(OWL.Class, RDFS.Class)
    props = ont.terms(*_PROPERTY_KINDS)
    individuals = ont.terms(OWL.NamedIndividual)
    by_domain: dict[Node, list[URIRef]] = {}
    by_range: dict[Node, list[URIRef]] = {}
    for p in props:
        for d in ont.domains(p):
            by_domain.setdefault(d, []).append(p)
        for r in g.objects(p, RDFS.range):
            by_range.setdefault(r, []).append(p)

    title = (onto is not None and ont.text(onto, DCTERMS.title)) or "footkg ontology"
    meta: list[tuple[str, str]] = []
    if onto is not None:
        meta = [
            ("IRI", f"<code>{_esc(onto)}</code>"),
            ("version", _esc(ont.text(onto, OWL.versionInfo) or "")),
            ("creator", _esc(ont.text(onto, DCTERMS.creator) or "")),
            ("licence", _links(ont, g.objects(onto, DCTERMS.license))),
            ("note", _inline(ont.text(onto, RDFS.comment) or "")),
        ]
    namespaces = "".join(
        f"<tr><td><code>{_esc(p)}:</code></td><td><code>{_esc(ns)}</code></td></tr>"
        for ns, p in sorted(ont.prefixes.items(), key=lambda x: x[1])
        if p in {pp for pp, _ in g.namespaces()}
    )
    overview = "".join(
        f"<tr><td>{ont.link(c)}</td><td>{_esc(ont.text(c, RDFS.label) or '')}</td>"
        f"<td>{_links(ont, (s for s in g.objects(c, RDFS.subClassOf) if not ont.is_local(s)))}"
        f"</td><td>{len(by_domain.get(c, []))}</td></tr>"
        for c in classes
    )
    body = [
        f"<h1>{_esc(title)}</h1>",
        f'<p class="lead">{_inline((onto and ont.text(onto, DCTERMS.description)) or "")}</p>',
        _facts(meta),
        f"<p>{len(classes)} classes, {len(props)} properties, {len(individuals)} named "
        "individuals. Read from <code>ontology/footkg.ttl</code>; the SHACL shapes in "
        "<code>ontology/shapes.ttl</code> state what a valid graph must hold.</p>",
        '<h2 id="overview">Classes at a glance</h2><div class="scroll"><table><tr><th>class</th>'
        "<th>label</th><th>aligned to (subclass of)</th><th>properties</th></tr>"
        f"{overview}</table></div>",
        '<h2 id="classes">Classes</h2>',
    ]
    for c in classes:
        rows = []
        for p in sorted(by_domain.get(c, []), key=str):
            ranges = _links(ont, g.objects(p, RDFS.range)) or "any"
            one = "at most 1" if (p, RDF.type, OWL.FunctionalProperty) in g else ""
            rows.append(
                f"<tr><td>{ont.link(p)}</td><td>{ranges}</td><td class=nowrap>{one}</td>"
                f"<td>{_inline(ont.text(p, RDFS.comment) or '')}</td></tr>"
            )
        table = (
            '<div class="scroll"><table><tr><th>property</th><th>range</th><th>values</th>'
            f"<th>definition</th></tr>{''.join(rows)}</table></div>"
            if rows
            else ""
        )
        facts = [
            ("subclass of", _links(ont, g.objects(c, RDFS.subClassOf))),
            ("superclass of", _links(ont, g.subjects(RDFS.subClassOf, c))),
            ("disjoint with", _links(ont, g.objects(c, OWL.disjointWith))),
            ("instances", _links(ont, (i for i in individuals if (i, RDF.type, c) in g))),
            ("range of", _links(ont, by_range.get(c, []))),
        ]
        card = _card(ont, c, "class", "", facts)
        if table:
            card = card.replace("</section>", f"<h4>Properties (domain)</h4>{table}</section>")
        body.append(card)
    body.append('<h2 id="properties">Properties</h2>')
    for p in props:
        kinds = [_PROPERTY_KINDS[t] for t in _PROPERTY_KINDS if (p, RDF.type, t) in g]
        kind, css = kinds[0] if kinds else ("property", "rp")
        chars = [label for t, label in _CHARACTERISTICS.items() if (p, RDF.type, t) in g]
        facts = [
            ("domain", ", ".join(ont.link(d) for d in g.objects(p, RDFS.domain))),
            ("range", _links(ont, g.objects(p, RDFS.range))),
            ("characteristics", _esc(", ".join(chars))),
            ("subproperty of", _links(ont, g.objects(p, RDFS.subPropertyOf))),
            ("inverse of", _links(ont, g.objects(p, OWL.inverseOf))),
        ]
        body.append(_card(ont, p, kind, css, facts))
    body.append('<h2 id="individuals">Named individuals</h2>')
    for i in individuals:
        types = [t for t in g.objects(i, RDF.type) if t != OWL.NamedIndividual]
        body.append(_card(ont, i, "individual", "ind", [("type", _links(ont, types))]))
    body.append(f'<h2 id="namespaces">Namespaces</h2><table>{namespaces}</table>')

    def toc_list(title: str, terms: list[URIRef]) -> str:
        items = "".join(
            f'<li><a href="#{_esc(str(t)[len(FK) :])}">{_esc(str(t)[len(FK) :])}</a></li>'
            for t in terms
        )
        return f"<h3>{_esc(title)}</h3><ul>{items}</ul>"

    toc = (
        '<ul><li><a href="#overview">Classes at a glance</a></li>'
        '<li><a href="#namespaces">Namespaces</a></li></ul>'
        + toc_list("Classes", classes)
        + toc_list("Properties", props)
        + toc_list("Individuals", individuals)
    )
    return _page("ontology.html", title, "".join(body), toc)


# --- the query catalogue ------------------------------------------------------------------------

def example_params(query: CatalogueQuery) -> dict[str, str] | None:
    """Parameter values for ``query``'s example: its header's ``# example: k=v, k=v`` line,
    else :data:`EXAMPLE_VALUES` for its required parameters; ``None`` when a required
    parameter has no value."""
    if query.example is not None:
        return dict(query.example)
    values = {}
    for p in query.params:
        if p.required:
            if p.name not in EXAMPLE_VALUES:
                return None
            values[p.name] = EXAMPLE_VALUES[p.name]
    return values


def _cell(value: object) -> str:
    if value is None:
        return "<td></td>"
    if isinstance(value, bool):
        return f"<td>{'true' if value else 'false'}</td>"
    if isinstance(value, int | float):
        return f'<td class="num">{value}</td>'
    text = str(value)
    for prefix, ns in PREFIXES.items():
        if text.startswith(ns) and type(value).__name__ == "IRI":
            text = f"{prefix}:{text[len(ns) :]}"
            break
    return f"<td>{_esc(text)}</td>"


def _result_table(result: Result, limit: int) -> str:
    head = "".join(f"<th>{_esc(v)}</th>" for v in result.variables)
    body = "".join("<tr>" + "".join(_cell(v) for v in row) + "</tr>" for row in result.rows[:limit])
    more = f"first {limit} of {len(result):,} rows" if len(result) > limit else ""
    count = more or f"{len(result)} row{'s' if len(result) != 1 else ''}"
    return (
        f'<p class="muted">{count}</p><div class="scroll"><table class="result">'
        f"<tr>{head}</tr>{body}</table></div>"
    )


def _python_call(name: str, values: Mapping[str, str]) -> str:
    args = "".join(f", {k}={v!r}" for k, v in values.items())
    return f"kg.query({name!r}{args}).to_dataframe()"


def _cli_call(name: str, values: Mapping[str, str]) -> str:
    args = "".join(
        f" -p {k}={v}" if re.fullmatch(r"[\w.:/-]+", v) else f' -p "{k}={v}"'
        for k, v in values.items()
    )
    return f"footkg query {name}{args}"


def catalogue_html(catalogue: Catalogue, kg: KnowledgeGraph | None = None, *, rows: int = 8) -> str:
    """The query catalogue page (a whole HTML document): per query its title, description,
    parameters, the command line and Python calls and, with ``kg``, an example result (first
    ``rows`` rows) run against it; a query that fails there says why instead of a table."""
    body = [
        "<h1>Query catalogue</h1>",
        '<p class="lead">The SPARQL questions footkg answers out of the box, read from the '
        "headers of <code>queries/*.rq</code>. Run one with <code>footkg query NAME -p key=value"
        "</code> or, in Python, <code>footkg.open().query(NAME, key=value)</code>. Parameters "
        "are bound as RDF terms, never pasted into the query; a team parameter takes a name, an "
        "alias or a former name (<code>Holland</code>, <code>West Germany</code>) or an IRI.</p>",
        f'<p class="muted">Example results: {_esc(kg.location) if kg else "none (no store)"}.</p>',
    ]
    toc_items = []
    for q in catalogue:
        toc_items.append(f'<li><a href="#{_esc(q.name)}">{_esc(q.title)}</a></li>')
        params = "".join(
            f"<tr><td><code>{_esc(p.name)}</code></td><td>{_esc(p.type)}</td>"
            f"<td>{'required' if p.required else ('default: ' + _esc(p.default)) if p.default is not None else 'optional'}</td>"  # noqa: E501
            f"<td>{_inline(p.description)}</td></tr>"
            for p in q.params
        )
        values = example_params(q)
        section = [
            f'<section class="card" id="{_esc(q.name)}"><h3>{_esc(q.title)}'
            f'<span class="kind rp">{_esc(q.name)}</span></h3>',
            f"<p>{_inline(q.description)}</p>",
            (
                "<h4>Parameters</h4><table><tr><th>name</th><th>type</th><th>value</th>"
                f"<th>meaning</th></tr>{params}</table>"
                if params
                else '<p class="muted">No parameters.</p>'
            ),
        ]
        if values is not None:
            section.append(
                f"<h4>Call</h4><pre><code># shell\n{_esc(_cli_call(q.name, values))}\n"
                f"# Python (kg = footkg.open())\n{_esc(_python_call(q.name, values))}"
                "</code></pre>"
            )
            if kg is not None:
                try:
                    result = kg.query(q.name, **values)
                except FootkgError as exc:
                    section.append(f'<p class="muted">No example result: {_esc(exc)}</p>')
                else:
                    section.append("<h4>Example result</h4>" + _result_table(result, rows))
        section.append(
            f"<details><summary>SPARQL ({_esc(q.name)}.rq)</summary>"
            f"<pre><code>{_esc(q.text)}</code></pre></details></section>"
        )
        body.append("".join(section))
    toc = f"<h3>Queries</h3><ul>{''.join(toc_items)}</ul>"
    return _page("queries.html", "Query catalogue", "".join(body), toc)


# --- the Python API -----------------------------------------------------------------------------


def _annotation(value: Any) -> str:
    if value is inspect.Parameter.empty:
        return ""
    return value if isinstance(value, str) else inspect.formatannotation(value)


def _signature(obj: Callable[..., Any], name: str) -> str:
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return name
    params = [p for p in sig.parameters.values() if p.name != "self"]
    parts: list[str] = []
    star_done = False
    for i, p in enumerate(params):
        if p.kind is p.KEYWORD_ONLY and not star_done:
            parts.append("*")
        star_done = star_done or p.kind in (p.KEYWORD_ONLY, p.VAR_POSITIONAL)
        text = {p.VAR_POSITIONAL: "*", p.VAR_KEYWORD: "**"}.get(p.kind, "") + p.name
        if p.annotation is not p.empty:
            text += f": {_annotation(p.annotation)}"
        if p.default is not p.empty:
            text += f" = {p.default!r}"
        parts.append(text)
        last_positional = i + 1 == len(params) or params[i + 1].kind is not p.POSITIONAL_ONLY
        if p.kind is p.POSITIONAL_ONLY and last_positional:
            parts.append("/")
    ret = _annotation(sig.return_annotation)
    return f"{name}({', '.join(parts)})" + (f" → {ret}" if ret else "")


def _docstring(obj: Any) -> str:
    doc = inspect.getdoc(obj) or ""
    out = []
    for block in re.split(r"\n\s*\n", doc):
        lines = block.splitlines()
        if not lines:
            continue
        if lines[0].startswith(">>>") or all(li.startswith("    ") for li in lines):
            out.append(f"<pre><code>{_esc(textwrap.dedent(block))}</code></pre>")
        elif lines[0].rstrip().endswith(":") and len(lines) > 1 and lines[1].startswith(" "):
            items = re.split(r"\n(?=    \S)", "\n".join(lines[1:]))
            lis = "".join(f"<li>{_inline(' '.join(i.split()))}</li>" for i in items)
            out.append(f"<p><strong>{_esc(lines[0].rstrip(':'))}</strong></p><ul>{lis}</ul>")
        elif block.rstrip().endswith("::"):
            out.append(f"<p>{_inline(' '.join(block.split())[:-1])}</p>")
        else:
            out.append(f"<p>{_inline(' '.join(block.split()))}</p>")
    return f'<div class="doc">{"".join(out)}</div>'


def _member_card(qualname: str, obj: Any, anchor: str) -> str:
    if isinstance(obj, property):
        sig = f"{qualname}  (property)"
        target = obj.fget
    else:
        sig = _signature(obj, qualname)
        target = obj
    return (
        f'<section class="card" id="{_esc(anchor)}"><div class="sig">{_esc(sig)}</div>'
        f"{_docstring(target)}</section>"
    )


def _public_members(cls: type) -> list[tuple[str, Any]]:
    out = []
    for name in sorted(dir(cls)):
        if name.startswith("_") and name not in ("__iter__", "__len__"):
            continue
        attr = inspect.getattr_static(cls, name)
        if isinstance(attr, classmethod | staticmethod):
            attr = attr.__func__
        if isinstance(attr, property) or inspect.isfunction(attr):
            owner = next(c for c in cls.__mro__ if name in vars(c))
            if owner.__module__.startswith("footkg"):
                out.append((name, attr))
    return out


def api_html() -> str:
    """The Python API page (a whole HTML document): the entry points of ``footkg.__all__``
    (functions, and classes with their public methods and properties), the result and report
    types they return, and :mod:`footkg.errors` (hierarchy and exit codes)."""
    import footkg
    from footkg import errors
    from footkg.query.catalogue import CatalogueQuery, QueryParam
    from footkg.validate import ValidationReport, ValidationResult

    body = [
        "<h1>Python API</h1>",
        _docstring(footkg),
        '<p class="lead">Everything below is read from the docstrings and signatures of the '
        "installed package.</p>",
    ]
    toc = ["<h3>footkg</h3><ul>"]
    sections: list[tuple[str, list[tuple[str, Any]]]] = [
        ("Entry points", [(n, getattr(footkg, n)) for n in footkg.__all__ if n != "errors"]),
        (
            "Returned types",
            [
                ("CatalogueQuery", CatalogueQuery),
                ("QueryParam", QueryParam),
                ("ValidationReport", ValidationReport),
                ("ValidationResult", ValidationResult),
            ],
        ),
    ]
    for heading, members in sections:
        body.append(f"<h2>{_esc(heading)}</h2>")
        for name, obj in members:
            if name == "__version__" or isinstance(obj, str):
                continue
            toc.append(f'<li><a href="#{_esc(name)}">{_esc(name)}</a></li>')
            if inspect.isclass(obj):
                bases = ", ".join(b.__name__ for b in obj.__bases__ if b is not object)
                body.append(
                    f'<section class="card" id="{_esc(name)}"><div class="sig">class '
                    f"{_esc(name)}{f'({_esc(bases)})' if bases else ''}</div>"
                    f"{_docstring(obj)}</section>"
                )
                for member, attr in _public_members(obj):
                    body.append(_member_card(f"{name}.{member}", attr, f"{name}.{member}"))
            else:
                body.append(_member_card(f"footkg.{name}", obj, name))
    body.append('<h2 id="errors">Errors and exit codes</h2>')
    body.append(_docstring(errors))
    codes = "".join(
        f"<tr><td class=num>{code}</td><td>{_esc(meaning)}</td></tr>"
        for code, meaning in errors.EXIT_CODES.items()
    )
    body.append(f"<table><tr><th>exit code</th><th>meaning</th></tr>{codes}</table>")
    for name in errors.__all__:
        obj = getattr(errors, name)
        if inspect.isclass(obj):
            body.append(
                f'<section class="card" id="errors.{_esc(name)}"><div class="sig">class '
                f"footkg.errors.{_esc(name)}({_esc(', '.join(b.__name__ for b in obj.__bases__))})"
                f"</div>{_docstring(obj)}</section>"
            )
    body.append(_member_card("footkg.errors.exit_code", errors.exit_code, "exit_code"))
    toc.append('</ul><ul><li><a href="#errors">Errors and exit codes</a></li></ul>')
    return _page("api.html", "Python API", "".join(body), "".join(toc))


# --- all pages ----------------------------------------------------------------------------------


def _index_html(kg: KnowledgeGraph | None) -> str:
    import footkg

    cards = "".join(
        f'<section class="card"><h3><a href="{n}">{_esc(t)}</a></h3><p>{d}</p></section>'
        for n, t, d in (
            (
                "ontology.html",
                "Ontology reference",
                "Classes, properties and individuals of <code>ontology/footkg.ttl</code>, with "
                "their alignments to schema.org, Wikidata, DBpedia and the BBC Sport Ontology.",
            ),
            (
                "queries.html",
                "Query catalogue",
                "Every query of <code>queries/*.rq</code>: what it answers, its parameters, how "
                "to call it, and an example result from a built graph.",
            ),
            (
                "api.html",
                "Python API",
                "<code>footkg.open()</code>, <code>KnowledgeGraph.query()</code>, results as "
                "DataFrames, validation, export, extraction, and the errors.",
            ),
        )
    )
    body = (
        f"<h1>footkg {_esc(footkg.__version__)}</h1>"
        '<p class="lead">A football knowledge graph: every World Cup and men\'s international '
        "since 1872 as validated RDF, queried with SPARQL. These pages are generated from "
        "footkg's sources by <code>footkg docs</code>; the user guide is "
        "<code>docs/guide.md</code> in the repository.</p>"
        f"{cards}<p class='muted'>Example results from: "
        f"{_esc(kg.location) if kg else 'no store'}.</p>"
    )
    return _page("index.html", "footkg documentation", body)


def write_docs(out: Path, *, kg: KnowledgeGraph | None = None, rows: int = 8) -> list[Path]:
    """Write ``index.html``, ``ontology.html``, ``queries.html`` and ``api.html`` to folder
    ``out`` (created if needed) and return their paths. With ``kg`` the catalogue page shows
    example results (``rows`` rows each) from that graph. Raises ``OSError`` if ``out`` cannot
    be written."""
    catalogue = kg.catalogue if kg is not None else _catalogue()
    pages = [
        DocsPage("index.html", "Overview", _index_html(kg)),
        DocsPage("ontology.html", "Ontology", ontology_html()),
        DocsPage("queries.html", "Query catalogue", catalogue_html(catalogue, kg, rows=rows)),
        DocsPage("api.html", "Python API", api_html()),
    ]
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for page in pages:
        path = out / page.name
        path.write_text(page.html, encoding="utf-8")
        written.append(path)
    return written


def _catalogue() -> Catalogue:
    from footkg.query.catalogue import load_catalogue

    return load_catalogue(resources.queries_dir())
