"""The endpoint's HTML: the query page (the catalogue as examples) and the Linked Data page of
a resource (its statements, the statements that point at it). Inline script and style only, no
external assets, with a per-response Content-Security-Policy nonce."""

from __future__ import annotations

import html
import json
import secrets
from typing import Any
from urllib.parse import quote

import pyoxigraph as ox
from starlette.responses import HTMLResponse

from footkg import vocab
from footkg.query import catalogue as queries

_RDFS_LABEL = ox.NamedNode(vocab.PREFIXES["rdfs"] + "label")


_STYLE = """
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;
color:#1b1f24}
h1{font-size:1.5rem;margin:.2rem 0}a{color:#0b5cad}code,textarea,pre{font:13px/1.4 ui-monospace,
monospace}textarea{width:100%;height:22rem;box-sizing:border-box}table{border-collapse:collapse;
margin:.6rem 0;width:100%}th,td{border:1px solid #ccd;padding:.2rem .45rem;text-align:left;
vertical-align:top}th{background:#eef1f6}.muted{color:#5b6470}.error{color:#a00;
white-space:pre-wrap}.dt{color:#5b6470;font-size:.8em}select,button{font-size:1rem}
"""


def html_response(body: str) -> HTMLResponse:
    nonce = secrets.token_urlsafe(16)
    csp = (
        f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; "
        "connect-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'"
    )
    return HTMLResponse(
        body.replace("{nonce}", nonce),
        headers={"Content-Security-Policy": csp, "Vary": "Accept"},
    )


def _page(title: str, body: str, script: str = "") -> str:
    tail = f'<script nonce="{{nonce}}">{script}</script>' if script else ""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{html.escape(title)}</title><style nonce="{{nonce}}">{_STYLE}</style></head>'
        f"<body>{body}{tail}</body></html>"
    )


EXAMPLE_TEAMS: tuple[str, ...] = ("Argentina", "France")
#: The query the page shows (and runs with ``#run``) first.
FIRST_EXAMPLE = "champions"


def catalogue_examples(catalogue: queries.Catalogue) -> list[dict[str, str]]:
    """The catalogue as runnable examples: ``[{name, title, description, text}]``, each text with
    its defaults, :data:`EXAMPLE_TEAMS` and its header's example values for its other required
    parameters bound in a ``VALUES`` block; :data:`FIRST_EXAMPLE` first."""
    examples = []
    ordered = sorted(catalogue, key=lambda q: q.name != FIRST_EXAMPLE)
    for q in ordered:
        teams = iter(EXAMPLE_TEAMS)
        raw = {
            p.name: vocab.team_iri(next(teams, EXAMPLE_TEAMS[0]))
            for p in q.params
            if p.type == "team" and p.required
        }
        raw.update(
            (p.name, (q.example or {})[p.name])
            for p in q.params
            if p.type != "team" and p.required and p.name in (q.example or {})
        )
        text = queries.with_values_block(q.text, queries.bind_params(q, raw))
        examples.append(
            {"name": q.name, "title": q.title, "description": q.description, "text": text}
        )
    return examples


def render_index(examples: list[dict[str, str]]) -> str:
    """The query page's HTML (with a ``{nonce}`` placeholder for :func:`html_response`)."""
    data = json.dumps({"examples": examples, "resourceNs": vocab.RES_NS}).replace("<", "\\u003c")
    first = html.escape(examples[0]["text"]) if examples else "SELECT * WHERE { ?s ?p ?o } LIMIT 10"
    body = f"""<h1>footkg SPARQL endpoint</h1>
<p class="muted">A football knowledge graph. Endpoint: <code>sparql</code> (SPARQL 1.1 Protocol,
GET or POST; JSON, XML, CSV, TSV, Turtle, N-Triples, JSON-LD). Dataset description:
<a href=".well-known/void">VoID</a>. The default graph is the union of the named graphs.</p>
<form id="form"><p><label>Example: <select id="example"></select></label>
<span id="description" class="muted"></span></p>
<textarea id="query" name="query" spellcheck="false">{first}</textarea>
<p><button type="submit">Run query</button> <span id="status" class="muted"></span></p></form>
<div id="out"></div>
<script type="application/json" id="data">{data}</script>"""
    return _page("footkg SPARQL endpoint", body, _INDEX_SCRIPT)


_INDEX_SCRIPT = r"""
const data = JSON.parse(document.getElementById('data').textContent);
const sel = document.getElementById('example'), ta = document.getElementById('query');
const out = document.getElementById('out'), status = document.getElementById('status');
const desc = document.getElementById('description');
data.examples.forEach((e, i) => {
  const o = document.createElement('option'); o.value = i; o.textContent = e.title;
  sel.appendChild(o);
});
function choose() { const e = data.examples[sel.value]; if (e) { ta.value = e.text;
  desc.textContent = e.description; } }
sel.addEventListener('change', choose); if (data.examples.length) choose();
function cell(term) {
  const td = document.createElement('td'); if (!term) return td;
  if (term.type === 'uri') {
    const a = document.createElement('a'); a.textContent = term.value;
    a.href = term.value.startsWith(data.resourceNs)
      ? 'resource/' + term.value.slice(data.resourceNs.length) : term.value;
    td.appendChild(a);
  } else {
    td.textContent = term.value;
    if (term.datatype) { const s = document.createElement('span'); s.className = 'dt';
      s.textContent = ' ' + term.datatype.replace(/^.*[#\/]/, ''); td.appendChild(s); }
  }
  return td;
}
function table(res) {
  const t = document.createElement('table'), head = t.insertRow();
  res.head.vars.forEach(v => { const th = document.createElement('th');
    th.textContent = v; head.appendChild(th); });
  res.results.bindings.forEach(b => { const r = t.insertRow();
    res.head.vars.forEach(v => r.appendChild(cell(b[v]))); });
  return t;
}
document.getElementById('form').addEventListener('submit', async ev => {
  ev.preventDefault(); out.textContent = ''; status.textContent = 'running…';
  const t0 = performance.now();
  try {
    const body = new URLSearchParams({query: ta.value});
    const resp = await fetch('sparql', {method: 'POST', body,
      headers: {'Accept': 'application/sparql-results+json, text/turtle;q=0.9'}});
    const ms = Math.round(performance.now() - t0), type = resp.headers.get('Content-Type') || '';
    if (!resp.ok) { status.textContent = `error ${resp.status} (${ms} ms)`;
      const p = document.createElement('pre'); p.className = 'error';
      p.textContent = await resp.text(); out.appendChild(p); return; }
    if (type.startsWith('application/sparql-results+json')) {
      const res = await resp.json();
      if ('boolean' in res) { status.textContent = `${res.boolean} (${ms} ms)`; return; }
      status.textContent = `${res.results.bindings.length} rows (${ms} ms)`;
      out.appendChild(table(res));
    } else {
      status.textContent = `${type} (${ms} ms)`;
      const p = document.createElement('pre'); p.textContent = await resp.text();
      out.appendChild(p);
    }
  } catch (e) { status.textContent = 'error: ' + e; }
});
if (location.hash === '#run') document.getElementById('form').requestSubmit();
"""


def _compact(iri: str) -> str:
    for prefix, namespace in vocab.PREFIXES.items():
        if iri.startswith(namespace) and len(iri) > len(namespace):
            return f"{prefix}:{iri[len(namespace) :]}"
    return iri


def _link(node: ox.NamedNode | ox.BlankNode, labels: dict[str, str]) -> str:
    if isinstance(node, ox.BlankNode):
        return f"_:{html.escape(node.value)}"
    iri = node.value
    href = iri
    if iri.startswith(vocab.RES_NS):
        href = "/resource/" + quote(iri[len(vocab.RES_NS) :], safe="/-._~")
    text = html.escape(_compact(iri))
    label = labels.get(iri)
    extra = f' <span class="muted">{html.escape(label)}</span>' if label else ""
    return f'<a href="{html.escape(href)}">{text}</a>{extra}'


def _term_html(term: Any, labels: dict[str, str]) -> str:
    if isinstance(term, ox.Literal):
        datatype = term.datatype.value
        tag = f"@{term.language}" if term.language else _compact(datatype)
        shown = (
            "" if datatype.endswith("#string") else f' <span class="dt">{html.escape(tag)}</span>'
        )
        return html.escape(term.value) + shown
    return _link(term, labels)


def render_resource(iri: str, quads: list[ox.Quad], incoming_limit: int) -> str:
    """The HTML page of a resource from its description quads (see :func:`_describe_quads`)."""
    node = ox.NamedNode(iri)
    labels = {
        q.subject.value: q.object.value
        for q in quads
        if q.predicate == _RDFS_LABEL and isinstance(q.subject, ox.NamedNode)
    }
    title = labels.get(iri, _compact(iri))
    rows_out = [q for q in quads if q.subject == node]
    rows_in = [q for q in quads if q.object == node and q.subject != node]

    def graph(q: ox.Quad) -> str:
        g = q.graph_name
        return "" if isinstance(g, ox.DefaultGraph) else html.escape(_compact(g.value))

    out = "".join(
        f"<tr><td>{_link(q.predicate, {})}</td><td>{_term_html(q.object, labels)}</td>"
        f'<td class="muted">{graph(q)}</td></tr>'
        for q in rows_out
    )
    inc = "".join(
        f"<tr><td>{_link(q.subject, labels)}</td><td>{_link(q.predicate, {})}</td>"
        f'<td class="muted">{graph(q)}</td></tr>'
        for q in rows_in
    )
    more = (
        (
            f'<p class="muted">Showing the first {incoming_limit} statements that point here; '
            "query the endpoint for all.</p>"
        )
        if len(rows_in) >= incoming_limit
        else ""
    )
    body = f"""<p><a href="/">footkg</a> · resource</p><h1>{html.escape(title)}</h1>
<p><code>{html.escape(iri)}</code> · as <a href="?format=turtle">Turtle</a>,
<a href="?format=jsonld">JSON-LD</a>, <a href="?format=ntriples">N-Triples</a></p>
<h2>Statements</h2><table><tr><th>property</th><th>value</th><th>graph</th></tr>{out}</table>
<h2>Referenced by</h2><table><tr><th>subject</th><th>property</th><th>graph</th></tr>{inc}</table>
{more}"""
    return _page(title, body)
