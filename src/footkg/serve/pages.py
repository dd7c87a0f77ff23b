"""The endpoint's HTML: the query page and the Linked Data page of a resource.

The query page is YASGUI (``@triply/yasgui`` 4.2.28 from npm, MIT licence: SPARQL syntax
highlighting and completion, prefixes, results as a table or the raw response), served from the
package (``serve/static/yasgui/``, see its ``README.md``), nothing from another host. footkg adds
the catalogue as examples — each with its parameters as a form; the server binds them
(``/catalogue/<name>``) and the editor receives the bound query — and a bar chart of the first
number column of a result (a YASR plugin written here, plain SVG).

A resource page follows Wikidata's and DBpedia's: a heading with the resource's name, then what a
reader looks for (a match's score line, goals, shoot-out, venue, date and the squads; a team's
record, titles, matches, top scorers and rivals; a player's tournaments and goals; see
:mod:`footkg.serve.entities`), then its statements grouped by property, then the statements that
point at it, grouped by property and paginated. Every page carries a Content-Security-Policy with
a per-response nonce.
"""

from __future__ import annotations

import html
import json
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pyoxigraph as ox
from starlette.responses import HTMLResponse

from footkg import vocab
from footkg.query import catalogue as queries
from footkg.serve.fastpath import strip_header

#: The folder of the page's static files (``/static/…``): the vendored YASGUI build.
STATIC_DIR = Path(__file__).parent / "static"

EXAMPLE_TEAMS: tuple[str, ...] = ("Argentina", "France")
"""Teams bound to the catalogue's required ``team`` parameters on the query page, in order."""

_RDF_TYPE = vocab.PREFIXES["rdf"] + "type"

_STYLE = """
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:76rem;padding:.6rem 1.5rem;
color:#1b1f24}
h1{font-size:1.6rem;margin:.2rem 0 .1rem}h2{font-size:1.15rem;margin:1.2rem 0 .4rem;
border-bottom:1px solid #dde;padding-bottom:.15rem}a{color:#0b5cad;text-decoration:none}
a:hover{text-decoration:underline}code{font:13px/1.4 ui-monospace,monospace}
table{border-collapse:collapse;margin:.3rem 0;width:100%}th,td{border-bottom:1px solid #e3e6ec;
padding:.2rem .45rem;text-align:left;vertical-align:top}th{background:#f2f4f8;font-weight:600}
.muted{color:#5b6470}.dt{color:#5b6470;font-size:.8em}.score{font-size:2.1rem;font-weight:700;
margin:.4rem 0}.score .n{padding:0 .6rem}.facts{display:grid;grid-template-columns:max-content 1fr;
gap:.1rem 1rem;margin:.3rem 0}.facts dt{color:#5b6470}.facts dd{margin:0}
.cols{display:grid;grid-template-columns:1fr 1fr;gap:1.5rem}.num{text-align:right}
.crumbs{font-size:.9em;margin:.2rem 0}.pill{display:inline-block;background:#eef1f6;
border-radius:.7rem;padding:0 .5rem;margin-right:.3rem;font-size:.85em}
.pager a{margin-right:.6rem}#examples{display:flex;gap:1rem;align-items:flex-start;
flex-wrap:wrap;margin:.4rem 0 .6rem}#params label{margin-right:.8rem}#params input{width:11rem}
#description{max-width:46rem}select,button,input{font-size:.95rem}
"""


def html_response(body: str, *, page: str = "entity") -> HTMLResponse:
    """An HTML response for ``body`` (its ``{nonce}`` placeholders filled) with a
    Content-Security-Policy: scripts and styles of this response and of the package only, and
    requests to this server only. The query page (``page="query"``) also allows the inline style
    attributes YASGUI sets."""
    nonce = secrets.token_urlsafe(16)
    style = "'self' 'unsafe-inline'" if page == "query" else f"'nonce-{nonce}'"
    csp = (
        f"default-src 'none'; script-src 'self' 'nonce-{nonce}'; style-src {style}; "
        "connect-src 'self'; img-src 'self' data:; font-src 'self' data:; "
        "form-action 'self'; base-uri 'none'"
    )
    return HTMLResponse(
        body.replace("{nonce}", nonce),
        headers={"Content-Security-Policy": csp, "Vary": "Accept"},
    )


def _page(title: str, body: str, head: str = "", script: str = "") -> str:
    tail = f'<script nonce="{{nonce}}">{script}</script>' if script else ""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title>{head}"
        f'<style nonce="{{nonce}}">{_STYLE}</style></head>'
        f"<body>{body}{tail}</body></html>"
    )


# --- the query page -----------------------------------------------------------------------------

#: The query the page shows (and runs with ``#run``) first.
FIRST_EXAMPLE = "champions"


def catalogue_examples(catalogue: queries.Catalogue) -> list[dict[str, Any]]:
    """The catalogue as runnable examples: ``[{name, title, description, text, params}]``, each
    text with its defaults, :data:`EXAMPLE_TEAMS` and its header's example values for its other
    required parameters bound in a ``VALUES`` block and without the header comment lines;
    :data:`FIRST_EXAMPLE` first. ``params`` are ``{name, type, default, required,
    description}``."""
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
        text = queries.with_values_block(strip_header(q.text), queries.bind_params(q, raw))
        params = [
            {
                "name": p.name,
                "type": p.type,
                "default": p.default or (EXAMPLE_TEAMS[i] if p.type == "team" and i < 2 else ""),
                "required": p.required,
                "description": p.description.replace("`", ""),
            }
            for i, p in enumerate(q.params)
        ]
        examples.append(
            {
                "name": q.name,
                "title": q.title,
                "description": q.description.replace("`", ""),
                "text": text,
                "params": params,
            }
        )
    return examples


def render_index(examples: list[dict[str, Any]], catalogue: queries.Catalogue) -> str:
    """The query page's HTML (with ``{nonce}`` placeholders for :func:`html_response`)."""
    data = json.dumps(
        {"examples": examples, "resourceNs": vocab.RES_NS, "prefixes": vocab.PREFIXES}
    ).replace("<", "\\u003c")
    head = (
        '<link rel="stylesheet" href="static/yasgui/yasgui.min.css">'
        '<script src="static/yasgui/yasgui.min.js"></script>'
    )
    body = f"""<h1>footkg SPARQL endpoint</h1>
<p class="muted">A football knowledge graph: {len(catalogue)} catalogue questions, or any SPARQL
1.1 query. Endpoint <code>sparql</code> (SPARQL 1.1 Protocol); <a href=".well-known/void">VoID</a>;
the default graph is the union of the named graphs. Try
<a href="resource/team/argentina">Argentina</a>,
<a href="resource/match/2022-12-18-argentina-france">the 2022 final</a>.</p>
<div id="examples"><label>Catalogue: <select id="example"></select></label>
<form id="params"></form><button id="run" type="button">Run</button></div>
<p id="description" class="muted"></p>
<div id="yasgui"></div>
<script type="application/json" id="data">{data}</script>"""
    return _page("footkg SPARQL endpoint", body, head, _INDEX_SCRIPT)


_INDEX_SCRIPT = r"""
const data = JSON.parse(document.getElementById('data').textContent);
const sel = document.getElementById('example'), form = document.getElementById('params');
const desc = document.getElementById('description');

// A bar chart of the first number column (labels: the first other column), plain SVG.
class BarChart {
  constructor(yasr) { this.yasr = yasr; this.priority = 5; this.label = 'Chart'; }
  columns() {
    const res = this.yasr.results; if (!res || !res.getVariables) return null;
    const vars = res.getVariables(), rows = res.getBindings();
    const numeric = v => rows.length && rows.every(r => !r[v] || !isNaN(parseFloat(r[v].value))
      && r[v].type === 'literal' && /#(integer|decimal|double|float|int|long)$/.test(
        r[v].datatype || ''));
    const value = vars.find(numeric); if (!value) return null;
    const label = vars.find(v => v !== value && rows.some(r => r[v] && r[v].type === 'literal'))
      || vars.find(v => v !== value);
    return {value, label, rows};
  }
  canHandleResults() { return !!this.columns(); }
  getIcon() { const s = document.createElement('span'); s.textContent = '▇'; return s; }
  draw() {
    const c = this.columns(), rows = c.rows.slice(0, 40), ns = 'http://www.w3.org/2000/svg';
    const max = Math.max(1, ...rows.map(r => parseFloat(r[c.value] ? r[c.value].value : 0)));
    const h = 20, w = 720, left = 220, svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('width', w); svg.setAttribute('height', rows.length * h + 30);
    svg.setAttribute('role', 'img'); svg.setAttribute('aria-label', c.value + ' by ' + c.label);
    const text = (x, y, t, anchor) => { const e = document.createElementNS(ns, 'text');
      e.setAttribute('x', x); e.setAttribute('y', y); e.setAttribute('font-size', '12');
      if (anchor) e.setAttribute('text-anchor', anchor); e.textContent = t; svg.appendChild(e); };
    rows.forEach((r, i) => {
      const v = parseFloat(r[c.value] ? r[c.value].value : 0), y = i * h + 4;
      const name = r[c.label] ? r[c.label].value.replace(data.resourceNs, '') : '';
      text(left - 6, y + 13, name.length > 32 ? name.slice(0, 31) + '…' : name, 'end');
      const bar = document.createElementNS(ns, 'rect'); bar.setAttribute('x', left);
      bar.setAttribute('y', y); bar.setAttribute('height', h - 5);
      bar.setAttribute('width', Math.max(1, (w - left - 60) * v / max));
      bar.setAttribute('fill', '#3b78c3'); svg.appendChild(bar);
      text(left + (w - left - 60) * v / max + 4, y + 13, String(v));
    });
    text(left, rows.length * h + 22, c.value + (c.rows.length > 40 ? ' (first 40 rows)' : ''));
    this.yasr.resultsEl.appendChild(svg);
  }
}
Yasgui.Yasr.registerPlugin('chart', BarChart);
Yasgui.Yasr.defaults.pluginOrder = ['table', 'chart', 'response'];
Yasgui.Yasr.defaults.prefixes = data.prefixes;
const yasgui = new Yasgui(document.getElementById('yasgui'), {
  requestConfig: {endpoint: new URL('sparql', location.href).href, method: 'POST'},
  copyEndpointOnNewTab: false, endpointCatalogueOptions: {getData: () => []},
  persistenceId: null, populateFromUrl: false,
  yasqe: {value: data.examples.length ? data.examples[0].text : 'SELECT * { ?s ?p ?o } LIMIT 10',
          autocompleters: ['variables', 'prefixes-local'], persistenceId: null},
});
// prefixes come from footkg's own list, not from the web
Yasgui.Yasqe.Autocompleters && Yasgui.Yasqe.registerAutocompleter && Yasgui.Yasqe
  .registerAutocompleter({name: 'prefixes-local', bulk: true, isValidCompletionPosition:
    y => Yasgui.Yasqe.Autocompleters.prefixes.isValidCompletionPosition(y),
    get: () => Object.entries(data.prefixes).map(([p, ns]) => p + ': <' + ns + '>'),
    preProcessToken: (y, t) => Yasgui.Yasqe.Autocompleters.prefixes.preProcessToken(y, t),
    postProcessSuggestion: (y, t, s) => s});
function tab() { return yasgui.getTab(); }
data.examples.forEach((e, i) => { const o = document.createElement('option');
  o.value = i; o.textContent = e.title; sel.appendChild(o); });
function showForm() {
  const e = data.examples[sel.value]; form.textContent = ''; desc.textContent = e.description;
  e.params.forEach(p => { const l = document.createElement('label'); l.textContent = p.name + ' ';
    const inp = document.createElement('input'); inp.name = p.name; inp.value = p.default;
    inp.title = p.description + ' (' + p.type + ')'; inp.placeholder = p.type;
    l.appendChild(inp); form.appendChild(l); });
}
async function bindAndRun(run) {
  const e = data.examples[sel.value], params = new URLSearchParams(new FormData(form));
  for (const [k, v] of [...params]) if (!v) params.delete(k);
  const resp = await fetch('catalogue/' + encodeURIComponent(e.name) + '?' + params);
  const text = await resp.text();
  if (!resp.ok) { desc.textContent = text; return; }
  desc.textContent = e.description; tab().setQuery(text); if (run) tab().query();
}
sel.addEventListener('change', () => { showForm(); bindAndRun(false); });
document.getElementById('run').addEventListener('click', () => bindAndRun(true));
form.addEventListener('submit', ev => { ev.preventDefault(); bindAndRun(true); });
if (data.examples.length) { showForm(); tab().setQuery(data.examples[0].text); }
const wanted = new URLSearchParams(location.hash.slice(1));
if (wanted.has('example')) { const i = data.examples.findIndex(e => e.name ===
  wanted.get('example')); if (i >= 0) { sel.value = i; showForm(); } }
if (location.hash.includes('run')) bindAndRun(true);
"""


# --- resource pages -----------------------------------------------------------------------------


def _compact(iri: str) -> str:
    for prefix, namespace in vocab.PREFIXES.items():
        if iri.startswith(namespace) and len(iri) > len(namespace):
            return f"{prefix}:{iri[len(namespace) :]}"
    return iri


def _href(iri: str) -> str:
    if iri.startswith(vocab.RES_NS):
        return "/resource/" + quote(iri[len(vocab.RES_NS) :], safe="/-._~")
    return iri


def _link(iri: str, labels: dict[str, str], *, text: str | None = None) -> str:
    shown = text if text is not None else labels.get(iri) or _compact(iri)
    title = "" if shown == iri else f' title="{html.escape(_compact(iri))}"'
    return f'<a href="{html.escape(_href(iri))}"{title}>{html.escape(shown)}</a>'


def _term_html(term: Any, labels: dict[str, str]) -> str:
    if isinstance(term, ox.Literal):
        datatype = term.datatype.value
        tag = f"@{term.language}" if term.language else _compact(datatype)
        shown = (
            "" if datatype.endswith("#string") else f' <span class="dt">{html.escape(tag)}</span>'
        )
        return html.escape(term.value) + shown
    if isinstance(term, ox.BlankNode):
        return f"_:{html.escape(term.value)}"
    return _link(term.value, labels)


def _minute(goal: dict[str, Any]) -> str:
    minute = goal.get("minute")
    if minute is None:
        return ""
    stoppage = goal.get("stoppage")
    return f"{minute}+{stoppage}′" if stoppage else f"{minute}′"


def _goal_note(goal: dict[str, Any]) -> str:
    notes = [n for n, flag in (("pen.", goal.get("penalty")), ("o.g.", goal.get("own"))) if flag]
    return f' <span class="muted">({", ".join(notes)})</span>' if notes else ""


def _table(head: list[str], rows: list[list[str]], empty: str) -> str:
    if not rows:
        return f'<p class="muted">{html.escape(empty)}</p>'
    th = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{th}</tr>{body}</table>"


def _match_html(section: dict[str, Any], labels: dict[str, str]) -> str:
    facts = section["facts"]
    if not facts:
        return ""
    home, away = facts["home"], facts["away"]
    score = (
        f'<span class="n">{facts["hs"]}–{facts["as"]}</span>'
        if facts.get("hs") is not None
        else '<span class="n">v</span>'
    )
    line = (
        f'<div class="score">{_link(home, labels, text=facts["homeName"])}{score}'
        f"{_link(away, labels, text=facts['awayName'])}</div>"
    )
    extra = []
    if facts.get("et"):
        extra.append("after extra time")
    if facts.get("hp") is not None:
        extra.append(f"{facts['hp']}–{facts['ap']} on penalties")
    if facts.get("winner"):
        extra.append(f"winner: {_link(facts['winner'], labels)}")
    rows = [
        ("Date", html.escape(facts["date"])),
        ("Competition", html.escape(facts.get("edition", ""))),
        ("Stage", html.escape(facts.get("group") or facts.get("stage", ""))),
        (
            "Venue",
            ", ".join(
                _link(facts[k], labels, text=facts.get(k + "Label") or None)
                for k in ("venue", "city")
                if facts.get(k)
            ),
        ),
        ("Attendance", f"{facts['attendance']:,}" if facts.get("attendance") else ""),
    ]
    dl = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in rows if v)
    goals = []
    for g in section["goals"]:
        scorer = g.get("scorer")
        name = g.get("scorerLabel") or g.get("scorerName") or "unknown scorer"
        who = _link(scorer, labels, text=name) if scorer else html.escape(name)
        side = facts["homeName"] if g["team"] == home else facts["awayName"]
        goals.append([html.escape(_minute(g)), who + _goal_note(g), html.escape(side)])
    # Fjelstul's penalty_kicks lists one side's kicks, then the other's: the kick numbers give
    # each side's order, not which side kicked first, so each side's kicks are counted apart.
    kicks = []
    taken: dict[str, int] = {}
    for k in section["kicks"]:
        taker = k.get("taker")
        who = _link(taker, labels, text=k.get("takerLabel")) if taker else ""
        side = facts["homeName"] if k.get("team") == home else facts["awayName"]
        taken[side] = taken.get(side, 0) + 1
        kicks.append([html.escape(side), str(taken[side]), who,
                      "scored" if k.get("converted") else "missed"])  # fmt: skip
    squads: dict[str, list[str]] = {}
    for s in section["squads"]:
        number = f"{s['number']}. " if s.get("number") is not None else ""
        position = f' <span class="muted">{html.escape(s.get("position", ""))}</span>'
        squads.setdefault(s["team"], []).append(
            html.escape(number) + _link(s["player"], labels, text=s.get("playerLabel")) + position
        )
    squad_html = "".join(
        f"<div><h3>{html.escape(facts['homeName'] if team == home else facts['awayName'])}</h3>"
        + "<br>".join(players)
        + "</div>"
        for team, players in squads.items()
    )
    return (
        f'{line}<p>{" · ".join(extra)}</p><dl class="facts">{dl}</dl>'
        f"<h2>Goals</h2>{_table(['minute', 'scorer', 'for'], goals, 'No goals.')}"
        + (
            f"<h2>Penalty shoot-out</h2>{_table(['team', 'its kick', 'taker', ''], kicks, '')}"
            if kicks
            else ""
        )
        + "<h2>Squads at the tournament</h2>"
        + (
            f'<div class="cols">{squad_html}</div>'
            if squads
            else '<p class="muted">No squads in the graph for this match.</p>'
        )
        + '<p class="muted">The graph holds squads per tournament, not line-ups or cards.</p>'
    )


def _match_rows(matches: list[dict[str, Any]]) -> list[list[str]]:
    return [[html.escape(m["date"]), _link(m["m"], {}, text=m["label"])] for m in matches]


def _team_html(section: dict[str, Any], labels: dict[str, str]) -> str:
    record = section["record"]
    summary = ""
    if record.get("played"):
        summary = (
            f"<p><b>{record['played']:,}</b> matches: {record['won']:,} won, "
            f"{record['drawn']:,} drawn, {record['lost']:,} lost; goals "
            f"{record['goalsFor']:,}–{record['goalsAgainst']:,} "
            '<span class="muted">(a shoot-out counts as a draw)</span></p>'
        )
    titles = ", ".join(_link(t["edition"], labels, text=t["editionLabel"])
                       for t in section["titles"])  # fmt: skip
    scorers = [[_link(s["player"], labels, text=s.get("playerLabel")),
                f'<span class="num">{s["goals"]}</span>'] for s in section["scorers"]]  # fmt: skip
    rivals = [
        [_link(r["other"], labels, text=r.get("otherLabel")), str(r["played"]),
         f"{r['wins']}–{r['draws']}–{r['losses']}", f"{float(r['score']):.1f}"]
        for r in section["rivals"]
    ]  # fmt: skip
    return (
        f"<h2>Record</h2>{summary or '<p class=muted>No matches with a score.</p>'}"
        f"<h2>Titles</h2><p>{titles or 'None in the graph.'}</p>"
        f'<div class="cols"><div><h2>Latest matches</h2>'
        f"{_table(['date', 'match'], _match_rows(section['latest']), 'None.')}</div>"
        f"<div><h2>Finals</h2>{_table(['date', 'match'], _match_rows(section['finals']), 'None.')}"
        f"</div></div>"
        f'<div class="cols"><div><h2>Top scorers</h2>'
        f"{_table(['player', 'goals'], scorers, 'No goals with a named scorer.')}</div>"
        f"<div><h2>Rivals</h2>"
        f"{_table(['team', 'played', 'W–D–L', 'rivalry score'], rivals, 'None.')}</div></div>"
    )


def _player_html(section: dict[str, Any], labels: dict[str, str]) -> str:
    tournaments = [
        [_link(t["edition"], labels, text=t.get("editionLabel")),
         _link(t["team"], labels, text=t.get("teamLabel")),
         html.escape(str(t.get("number", ""))), html.escape(t.get("position", ""))]
        for t in section["tournaments"]
    ]  # fmt: skip
    goals = [
        [html.escape(g["date"]), html.escape(_minute(g)) + _goal_note(g),
         _link(g["m"], labels, text=g.get("label"))]
        for g in section["goals"]
    ]  # fmt: skip
    return (
        f"<h2>Tournaments</h2>"
        f"{_table(['tournament', 'team', 'shirt', 'position'], tournaments, 'No squads.')}"
        f"<h2>Goals ({len(goals)})</h2>{_table(['date', 'minute', 'match'], goals, 'None.')}"
    )


_SECTION_HTML = {"match": _match_html, "team": _team_html, "player": _player_html}


def _statements_html(data: dict[str, Any], labels: dict[str, str]) -> str:
    rows, last = [], None
    for predicate, value, graph in data["statements"]:
        shown = _link(predicate, labels) if predicate != last else ""
        last = predicate
        rows.append(
            f"<tr><td>{shown}</td><td>{_term_html(value, labels)}</td>"
            f'<td class="muted">{html.escape(_compact(graph)) if graph else ""}</td></tr>'
        )
    return (
        "<h2>Statements</h2><table><tr><th>property</th><th>value</th><th>graph</th></tr>"
        + "".join(rows)
        + "</table>"
    )


def _backlinks_html(data: dict[str, Any], labels: dict[str, str]) -> str:
    if not data["backlinks"]:
        return ""
    page, per_page = data["page"], data["per_page"]
    parts = ["<h2>Referenced by</h2>"]
    biggest = 0
    for group in data["backlinks"]:
        biggest = max(biggest, group["total"])
        items = "".join(
            f'<tr><td>{_link(s, labels)}</td><td class="muted">'
            f"{html.escape(_compact(g)) if g else ''}</td></tr>"
            for s, g in group["rows"]
        )
        first = (page - 1) * per_page + 1
        last = min(page * per_page, group["total"])
        span = f"{first:,}–{last:,} of " if group["total"] > per_page and items else ""
        parts.append(
            f"<h3>{_link(group['property'], labels)} "
            f'<span class="muted">({span}{group["total"]:,})</span></h3>'
            + (f"<table>{items}</table>" if items else "")
        )
    pages = -(-biggest // per_page)
    if pages > 1:
        links = []
        if page > 1:
            links.append(f'<a href="?page={page - 1}">← newer</a>')
        links.append(f"page {page} of {pages}")
        if page < pages:
            links.append(f'<a href="?page={page + 1}">older →</a>')
        parts.append(f'<p class="pager">{" ".join(links)}</p>')
    return "".join(parts)


def render_entity(data: dict[str, Any]) -> str:
    """The HTML page of a resource from :func:`footkg.serve.entities.page_data`."""
    iri, labels = data["iri"], data["labels"]
    title = data["label"] or _compact(iri)
    kinds = " ".join(f'<span class="pill">{_link(t, labels)}</span>' for t in data["types"])
    section = data["section"]
    main = _SECTION_HTML[section["kind"]](section, labels) if section else ""
    body = (
        f'<p class="crumbs"><a href="/">footkg</a> · resource</p><h1>{html.escape(title)}</h1>'
        f'<p>{kinds} <code class="muted">{html.escape(iri)}</code> · as '
        '<a href="?format=turtle">Turtle</a>, <a href="?format=jsonld">JSON-LD</a>, '
        '<a href="?format=ntriples">N-Triples</a></p>'
        f"{main}{_statements_html(data, labels)}{_backlinks_html(data, labels)}"
    )
    return _page(title, body)
