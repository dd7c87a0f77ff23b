"""Linking footkg resources to Wikidata items through a SPARQL endpoint (SPARQLWrapper).

Order of methods, most certain first (a resource linked by one is not tried by the next):

1. **sitelink** — resources with an English Wikipedia address (teams, players, stadiums from
   Fjelstul and openfootball): the page's sitelink, as Wikidata's RDF models it
   (``<https://en.wikipedia.org/wiki/Pel%C3%A9> schema:about ?item ; schema:isPartOf
   <https://en.wikipedia.org/>``), asked in batches of ``batch_size`` addresses in a ``VALUES``
   block. A page has at most one item.
2. **source-qid** — QIDs a source states (openfootball's 2026 ``cup_stadiums.csv``), used for
   stadiums the sitelink step did not link. Such QIDs may have been merged since: merged items
   are redirects, which Wikidata's RDF states as ``wd:Qold owl:sameAs wd:Qnew``, so every QID a
   source gives is followed to its target before it is used (online).
3. **reconciled** — resources without a Wikipedia address, by English (or ``mul``) label or alias
   plus type plus context: a national team by ``"<name> national football team"``-style labels,
   ``wdt:P31 wd:Q6979593`` and, when known, its country ``wdt:P17`` (country QIDs from the
   country-codes data, by the team's ISO or FIFA code); a player by name, ``wdt:P31 wd:Q5``,
   ``wdt:P106 wd:Q937857`` and membership ``wdt:P54`` of a team already linked (from its squads);
   a tournament edition by label (``"2022 FIFA World Cup"``) and ``wdt:P3450`` or ``wdt:P31`` an
   item labelled as its competition. Exactly one candidate → a link; several → recorded in
   :attr:`WikidataLinks.ambiguous`, never guessed; none → :attr:`WikidataLinks.unmatched`.

The client (:class:`SparqlClient`) is fit for the public Wikidata Query Service: a descriptive
User-Agent (the service rejects generic ones with 403), GET for short queries and form-encoded
POST for long ones, a timeout, a request rate limit, and retries with exponential back-off on
429/502/503/504 and connection errors that honour ``Retry-After`` (seconds or an HTTP date). A
403 is not retried. Answers go to :class:`footkg.link.cache.AnswerCache` only once parsed.
"""

from __future__ import annotations

import csv
import email.utils
import hashlib
import threading
import time
import urllib.error
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyoxigraph as ox
from SPARQLWrapper import GET, JSON, POST, URLENCODED, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import SPARQLWrapperException

from footkg._version import __version__ as _footkg_version
from footkg.errors import FootkgError
from footkg.link import linkset
from footkg.link.cache import AnswerCache
from footkg.link.dbpedia import WikipediaUrlError, wikipedia_article_iri, wikipedia_title
from footkg.query.catalogue import sparql_term
from footkg.vocab import WD

__all__ = [
    "DEFAULT_ENDPOINT",
    "DEFAULT_USER_AGENT",
    "ClientSettings",
    "EmptyResponseError",
    "ForbiddenError",
    "RateLimitedError",
    "SparqlClient",
    "WikidataError",
    "WikidataLinks",
    "country_qids",
    "link_quads",
    "link_store",
    "lookup_sitelinks",
    "openfootball_stadium_qids",
    "qid",
    "resolve_redirects",
    "values_block",
]

DEFAULT_ENDPOINT = "https://query.wikidata.org/sparql"
DEFAULT_USER_AGENT = (
    f"footkg/{_footkg_version} (football knowledge graph linker; https://w3id.org/footkg; "
    "set FOOTKG_USER_AGENT or --user-agent to add your contact) SPARQLWrapper"
)
ENWIKI = "https://en.wikipedia.org/"
RETRY_STATUSES = frozenset({429, 502, 503, 504})

PREFIXES = """PREFIX schema: <http://schema.org/>
PREFIX wd: <http://www.wikidata.org/entity/>
PREFIX wdt: <http://www.wikidata.org/prop/direct/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX owl: <http://www.w3.org/2002/07/owl#>
"""


# --- errors -------------------------------------------------------------------------------------


class WikidataError(FootkgError):
    """The endpoint could not answer (unreachable, HTTP error, malformed results)."""


class ForbiddenError(WikidataError):
    """HTTP 403: the endpoint refuses this client (on WDQS: the User-Agent policy, or a ban
    after ignoring 429s). Not retried."""


class RateLimitedError(WikidataError):
    """429/503 (or another retryable failure) still after the last retry."""


class EmptyResponseError(WikidataError):
    """HTTP 200 with an empty body: not an answer (never cached as "no match")."""


# --- client -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ClientSettings:
    """How :class:`SparqlClient` talks to an endpoint.

    ``timeout`` seconds per request; ``retries`` further attempts after a retryable failure;
    ``backoff`` seconds before the first retry, doubled each time, at most ``max_backoff``
    (a longer ``Retry-After`` is honoured up to ``max_retry_after``); ``rate`` requests per
    second at most (0: no limit); queries longer than ``post_over`` characters are POSTed;
    ``batch_size`` values per ``VALUES`` block.
    """

    endpoint: str = DEFAULT_ENDPOINT
    user_agent: str = DEFAULT_USER_AGENT
    timeout: float = 60.0
    retries: int = 5
    backoff: float = 1.0
    max_backoff: float = 60.0
    max_retry_after: float = 300.0
    rate: float = 1.0
    post_over: int = 2000
    batch_size: int = 200


def retry_after_seconds(value: str | None, now: Callable[[], float] = time.time) -> float | None:
    """Seconds to wait from a ``Retry-After`` header: delta-seconds or an HTTP date
    (RFC 9110 §10.2.3); ``None`` when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, when.timestamp() - now())


@dataclass
class ClientStats:
    """Counters of a :class:`SparqlClient`: HTTP ``requests`` sent, ``retries``, ``posts``,
    seconds spent ``waiting`` (rate limit and back-off)."""

    requests: int = 0
    retries: int = 0
    posts: int = 0
    waiting: float = 0.0


class SparqlClient:
    """A polite SPARQL SELECT client for one endpoint (see the module docstring).

    ``sleep`` and ``clock`` are injectable for tests of timing; the defaults are
    :func:`time.sleep` and :func:`time.monotonic`. Thread-safe for the rate limit.
    """

    def __init__(
        self,
        settings: ClientSettings | None = None,
        *,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.settings = settings or ClientSettings()
        self.stats = ClientStats()
        self._sleep = sleep
        self._clock = clock
        self._next_slot = 0.0
        self._lock = threading.Lock()

    @property
    def endpoint(self) -> str:
        """The endpoint's URL."""
        return self.settings.endpoint

    def _pace(self) -> None:
        if self.settings.rate <= 0:
            return
        with self._lock:
            now = self._clock()
            wait = self._next_slot - now
            self._next_slot = max(now, self._next_slot) + 1.0 / self.settings.rate
        if wait > 0:
            self.stats.waiting += wait
            self._sleep(wait)

    def _once(self, query: str) -> bytes:
        s = self.settings
        client = SPARQLWrapper(s.endpoint, agent=s.user_agent)
        client.setQuery(query)
        client.setReturnFormat(JSON)
        client.setTimeout(max(1, round(s.timeout)))
        if len(query) > s.post_over:
            client.setMethod(POST)
            client.setRequestMethod(URLENCODED)
            self.stats.posts += 1
        else:
            client.setMethod(GET)
        self._pace()
        self.stats.requests += 1
        response = client.query().response
        return response.read()

    def select(self, query: str) -> list[dict[str, ox.NamedNode | ox.Literal | ox.BlankNode]]:
        """Run a SELECT ``query``; each solution as ``{variable: term}`` (unbound left out).

        Raises :class:`ForbiddenError` (403), :class:`RateLimitedError` (retries used up on
        429/502/503/504 or connection errors), :class:`EmptyResponseError` (200 with no body)
        and :class:`WikidataError` (other HTTP errors, results that are not SPARQL JSON).
        """
        s = self.settings
        delay = s.backoff
        for attempt in range(s.retries + 1):
            wait: float | None = None
            try:
                raw = self._once(query)
            except urllib.error.HTTPError as exc:
                if exc.code == 403:
                    raise ForbiddenError(
                        f"{s.endpoint} answered 403 Forbidden (check the User-Agent policy)"
                    ) from exc
                if exc.code not in RETRY_STATUSES:
                    raise WikidataError(f"{s.endpoint} answered HTTP {exc.code}") from exc
                reason = f"HTTP {exc.code}"
                wait = retry_after_seconds(exc.headers.get("Retry-After") if exc.headers else None)
                if wait is not None:
                    wait = min(wait, s.max_retry_after)
            except SPARQLWrapperException as exc:
                raise WikidataError(f"{s.endpoint} refused the query: {exc}") from exc
            except OSError as exc:  # URLError, timeouts, resets
                reason = f"cannot reach it ({exc})"
            else:
                return self._parse(raw)
            if attempt == s.retries:
                raise RateLimitedError(f"{s.endpoint}: {reason} after {s.retries} retries")
            pause = wait if wait is not None else min(delay, s.max_backoff)
            delay *= 2
            self.stats.retries += 1
            self.stats.waiting += pause
            self._sleep(pause)
        raise AssertionError("unreachable")  # pragma: no cover

    def _parse(self, raw: bytes) -> list[dict[str, Any]]:
        if not raw.strip():
            raise EmptyResponseError(f"{self.endpoint} answered 200 with an empty body")
        try:
            parsed = ox.parse_query_results(raw, format=ox.QueryResultsFormat.JSON)
        except (SyntaxError, ValueError) as exc:
            raise WikidataError(f"{self.endpoint} sent results that are not SPARQL JSON") from exc
        if not isinstance(parsed, ox.QuerySolutions):
            raise WikidataError(f"{self.endpoint} did not answer a SELECT with solutions")
        names = [v.value for v in parsed.variables]
        out = []
        for solution in parsed:
            row = {}
            for name in names:
                term = solution[name]
                if term is not None:
                    row[name] = term
            out.append(row)
        return out


# --- query building -----------------------------------------------------------------------------


def values_block(
    variables: Sequence[str], rows: Iterable[Sequence[ox.NamedNode | ox.Literal | None]]
) -> str:
    """A SPARQL ``VALUES (?a ?b) { (… …) … }`` block; each term serialised by
    :func:`footkg.query.catalogue.sparql_term` (so no value can change the query), ``None`` as
    ``UNDEF``. Variable names must be plain SPARQL names (``ValueError`` otherwise)."""
    for name in variables:
        if not name.isidentifier():
            raise ValueError(f"invalid variable name {name!r}")
    head = " ".join(f"?{v}" for v in variables)
    body = "\n    ".join(
        "(" + " ".join("UNDEF" if t is None else sparql_term(t) for t in row) + ")" for row in rows
    )
    return f"VALUES ({head}) {{\n    {body}\n  }}"


def qid(iri: str) -> str:
    """``"Q615"`` of ``http://www.wikidata.org/entity/Q615`` (or of a bare ``"Q615"``, or of a
    page URL ``https://www.wikidata.org/wiki/Q615``). Raises ``ValueError`` otherwise."""
    tail = iri.rstrip("/").rsplit("/", 1)[-1]
    if len(tail) < 2 or tail[0] != "Q" or not tail[1:].isdigit():
        raise ValueError(f"not a Wikidata item: {iri!r}")
    return tail


def _item(q: str) -> ox.NamedNode:
    return ox.NamedNode(str(WD) + qid(q))


def _endpoint(client: SparqlClient | None, endpoint: str | None) -> str:
    return client.endpoint if client else (endpoint or DEFAULT_ENDPOINT)


def _batches(items: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    for start in range(0, len(items), max(1, size)):
        yield items[start : start + size]


_SITELINK_QUERY = (
    PREFIXES
    + """SELECT ?article ?item WHERE {{
  {values}
  ?article schema:about ?item ;
           schema:isPartOf <https://en.wikipedia.org/> .
}}"""
)

_REDIRECT_QUERY = (
    PREFIXES
    + """SELECT ?old ?new WHERE {{
  {values}
  ?old owl:sameAs ?new .
}}"""
)


def _cached_or_asked(
    client: SparqlClient | None,
    cache: AnswerCache | None,
    endpoint: str,
    kind: str,
    keys: Sequence[str],
    ask: Callable[[Sequence[str]], dict[str, Any]],
    default: Any,
) -> dict[str, Any]:
    """Answers for ``keys``: from the cache, else (online) asked in batches and cached.

    ``ask(batch)`` returns answers for the keys it found; keys of a batch it did not find get
    ``default`` (a real "no match", since ``ask`` returned without an error). Offline
    (``client`` is None) keys missing from the cache are left out."""
    keys = list(dict.fromkeys(keys))
    answers = cache.get_many(endpoint, kind, keys) if cache else {}
    missing = [k for k in keys if k not in answers]
    if client is None:
        return answers
    for batch in _batches(missing, client.settings.batch_size):
        found = ask(batch)
        fresh = {k: found.get(k, default) for k in batch}
        if cache:
            cache.put_many(endpoint, kind, fresh)
        answers.update(fresh)
    return answers


def lookup_sitelinks(
    client: SparqlClient | None,
    cache: AnswerCache | None,
    pages: Iterable[str],
    *,
    endpoint: str | None = None,
) -> dict[str, list[str]]:
    """QIDs of the items whose English Wikipedia sitelink is each page address.

    ``pages``: Wikipedia addresses in any spelling (see :mod:`footkg.link.dbpedia`). Returns
    ``{address as given: [QID, …]}`` (normally one QID; ``[]`` = Wikidata has no item with that
    sitelink). Unreadable addresses are left out, and offline (``client`` None) so are
    addresses without a cached answer for ``endpoint`` (default: the client's, else
    :data:`DEFAULT_ENDPOINT`). Raises :class:`WikidataError` subclasses.
    """
    by_article: dict[str, list[str]] = defaultdict(list)
    for page in pages:
        try:
            by_article[wikipedia_article_iri(page)].append(page)
        except WikipediaUrlError:
            continue
    endpoint = _endpoint(client, endpoint)

    def ask(batch: Sequence[str]) -> dict[str, Any]:
        text = _SITELINK_QUERY.format(
            values=values_block(["article"], [[ox.NamedNode(a)] for a in batch])
        )
        found: dict[str, list[str]] = defaultdict(list)
        for row in client.select(text):  # type: ignore[union-attr]
            found[row["article"].value].append(qid(row["item"].value))
        return {k: sorted(set(v)) for k, v in found.items()}

    answers = _cached_or_asked(client, cache, endpoint, "sitelink", list(by_article), ask, [])
    return {page: answers[a] for a, pages_ in by_article.items() if a in answers for page in pages_}


def resolve_redirects(
    client: SparqlClient | None,
    cache: AnswerCache | None,
    qids: Iterable[str],
    *,
    endpoint: str | None = None,
) -> dict[str, str]:
    """Follow merged items: ``{QID: target QID}`` for each QID that is a redirect on the
    endpoint (``wd:Qold owl:sameAs wd:Qnew``), chains followed; QIDs that are not redirects are
    absent. Offline, only answers cached for ``endpoint`` are used."""
    endpoint = _endpoint(client, endpoint)
    targets: dict[str, str] = {}
    todo = sorted({qid(q) for q in qids})
    for _ in range(5):  # a chain of merges is short
        if not todo:
            break

        def ask(batch: Sequence[str]) -> dict[str, Any]:
            text = _REDIRECT_QUERY.format(values=values_block(["old"], [[_item(q)] for q in batch]))
            out: dict[str, list[str]] = defaultdict(list)
            for row in client.select(text):  # type: ignore[union-attr]
                new = row["new"]
                if isinstance(new, ox.NamedNode) and new.value.startswith(str(WD)):
                    out[qid(row["old"].value)].append(qid(new.value))
            return {k: sorted(set(v)) for k, v in out.items()}

        answers = _cached_or_asked(client, cache, endpoint, "redirect", todo, ask, [])
        todo = []
        for old, news in answers.items():
            if len(news) == 1 and news[0] != old:
                targets[old] = news[0]
                todo.append(news[0])
    resolved = {}
    for old in targets:
        new, seen = targets[old], {old}
        while new in targets and new not in seen:
            seen.add(new)
            new = targets[new]
        resolved[old] = new
    return resolved


# --- offline sources of QIDs -----------------------------------------------------------------


def openfootball_stadium_qids(data_dir: Path) -> dict[str, str]:
    """``{Wikipedia article IRI (sitelink form): QID}`` from openfootball's
    ``stadiums-csv/*/cup_stadiums.csv`` rows that have a ``wikidata`` column (the 2026 file).
    Missing files give ``{}``."""
    out: dict[str, str] = {}
    root = data_dir / "openfootball-worldcup" / "stadiums-csv"
    for path in sorted(root.glob("*/cup_stadiums.csv")) if root.is_dir() else []:
        lines = [
            li for li in path.read_text(encoding="utf-8-sig").splitlines()
            if li.strip() and not li.lstrip().startswith("#")
        ]  # fmt: skip
        rows = list(csv.reader(lines, skipinitialspace=True))
        if not rows:
            continue
        header = [h.strip() for h in rows[0]]
        if "wikidata" not in header or "wikipedia" not in header:
            continue
        for values in rows[1:]:
            if len(values) != len(header):
                continue
            f = dict(zip(header, (v.strip() for v in values), strict=True))
            try:
                article = wikipedia_article_iri("https://en.wikipedia.org/wiki/" + f["wikipedia"])
                out[article] = qid(f["wikidata"])
            except (WikipediaUrlError, ValueError):
                continue
    return out


def country_qids(data_dir: Path) -> dict[str, str]:
    """``{code: QID}`` of countries from ``country-codes/country-codes.csv``, keyed by ISO
    3166-1 alpha-3 and FIFA codes (``"DEU"`` and ``"GER"`` → ``"Q183"``). These are countries,
    not national teams. Rows without a QID, and FIFA codes that are not letters (the UK's
    ``1``), are skipped. A missing file gives ``{}``."""
    path = data_dir / "country-codes" / "country-codes.csv"
    if not path.is_file():
        return {}
    out: dict[str, str] = {}
    with path.open(encoding="utf-8-sig", newline="") as handle:
        for row in csv.DictReader(handle):
            try:
                q = qid(row.get("wikidata_id") or "")
            except ValueError:
                continue
            for column in ("ISO3166-1-Alpha-3", "FIFA"):
                code = (row.get(column) or "").strip().upper()
                if code.isalpha():
                    out.setdefault(code, q)
    return out


# --- the store side -------------------------------------------------------------------------


@dataclass
class WikidataLinks:
    """The outcome of :func:`link_store`.

    ``links``: ``{footkg IRI: (QID, method)}`` with method ``sitelink``, ``source-qid`` or
    ``reconciled``; ``ambiguous``: ``{footkg IRI: [candidate QIDs]}`` (two or more, not linked);
    ``unmatched``: ``{footkg IRI: reason}``; ``redirects``: ``{old QID: new QID}`` followed;
    ``endpoint`` asked (``None`` offline); ``stats`` of the client; ``seconds`` taken.
    """

    links: dict[str, tuple[str, str]] = field(default_factory=dict)
    ambiguous: dict[str, list[str]] = field(default_factory=dict)
    unmatched: dict[str, str] = field(default_factory=dict)
    redirects: dict[str, str] = field(default_factory=dict)
    endpoint: str | None = None
    stats: ClientStats | None = None
    seconds: float = 0.0

    def counts(self) -> dict[str, int]:
        """Links per method, plus ``ambiguous`` and ``unmatched`` counts."""
        out: dict[str, int] = defaultdict(int)
        for _, method in self.links.values():
            out[method] += 1
        out["ambiguous"] = len(self.ambiguous)
        out["unmatched"] = len(self.unmatched)
        return dict(out)


_ENTITIES = """PREFIX fk: <https://w3id.org/footkg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?s ?kind ?label ?page WHERE {
  VALUES (?class ?kind) { (fk:NationalTeam "team") (fk:Player "player") (fk:Stadium "stadium")
                          (fk:TournamentEdition "edition") }
  ?s a ?class .
  OPTIONAL { ?s rdfs:label ?label }
  OPTIONAL { ?s fk:wikipediaPage ?page }
}"""

_TEAM_CONTEXT = """PREFIX fk: <https://w3id.org/footkg/ontology#>
SELECT ?t ?gender ?code WHERE {
  ?t a fk:NationalTeam .
  OPTIONAL { ?t fk:gender ?gender }
  OPTIONAL { ?t fk:teamCode ?code }
}"""

_PLAYER_TEAMS = """PREFIX fk: <https://w3id.org/footkg/ontology#>
SELECT DISTINCT ?p ?t WHERE { ?m fk:player ?p ; fk:team ?t }"""

_EDITION_CONTEXT = """PREFIX fk: <https://w3id.org/footkg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?e ?competition WHERE {
  ?e a fk:TournamentEdition ; fk:competition ?c . ?c rdfs:label ?competition
}"""


@dataclass(frozen=True)
class Entity:
    """A resource to link: ``iri``, ``kind`` (team, player, stadium, edition), ``label``,
    ``pages`` (its Wikipedia addresses, maybe none)."""

    iri: str
    kind: str
    label: str | None
    pages: tuple[str, ...] = ()


def store_entities(store: ox.Store) -> list[Entity]:
    """Teams, players, stadiums and tournament editions of ``store`` with label and pages,
    sorted by IRI."""
    labels: dict[str, str] = {}
    kinds: dict[str, str] = {}
    pages: dict[str, set[str]] = defaultdict(set)
    for row in store.query(_ENTITIES, use_default_graph_as_union=True):
        s = row["s"].value
        kinds[s] = row["kind"].value
        if row["label"] is not None:
            labels.setdefault(s, row["label"].value)
        if isinstance(row["page"], ox.NamedNode):
            pages[s].add(row["page"].value)
    return [Entity(s, kinds[s], labels.get(s), tuple(sorted(pages[s]))) for s in sorted(kinds)]


def _team_labels(name: str, gender: str) -> list[str]:
    if gender == "women":
        forms = ["{} women's national football team", "{} women's national soccer team"]
    else:
        forms = [
            "{} national football team", "{} men's national football team",
            "{} national soccer team", "{} men's national soccer team",
        ]  # fmt: skip
    return [f.format(name) for f in forms]


def _label_terms(label: str) -> list[ox.Literal]:
    return [ox.Literal(label, language="en"), ox.Literal(label, language="mul")]


_MARK = "#VALUES#"


def _reconcile(
    client: SparqlClient | None,
    cache: AnswerCache | None,
    kind: str,
    rows: Mapping[str, list[tuple[ox.Literal, ox.NamedNode | ox.Literal | None]]],
    pattern: str,
    context_var: str,
    endpoint: str | None = None,
) -> dict[str, list[str]]:
    """Ask, per key, which items match any of its ``(label, context)`` rows with ``pattern``
    (which binds ``?item`` from ``?label`` and ``?{context_var}``). Cached per key."""
    endpoint = _endpoint(client, endpoint)
    keys = sorted(rows)
    cache_key = {
        k: hashlib.sha256(
            repr(sorted((str(lbl), str(c)) for lbl, c in rows[k])).encode()
        ).hexdigest()[:24]
        for k in keys
    }
    by_cache_key: dict[str, list[str]] = defaultdict(list)
    for k in keys:
        by_cache_key[cache_key[k]].append(k)
    template = PREFIXES + "SELECT DISTINCT ?key ?item WHERE {\n  " + _MARK + "\n" + pattern + "\n}"

    def ask(batch: Sequence[str]) -> dict[str, Any]:
        values = [
            [ox.Literal(ck), lbl, ctx] for ck in batch for lbl, ctx in rows[by_cache_key[ck][0]]
        ]
        text = template.replace(_MARK, values_block(["key", "label", context_var], values), 1)
        out: dict[str, set[str]] = defaultdict(set)
        for row in client.select(text):  # type: ignore[union-attr]
            out[row["key"].value].add(qid(row["item"].value))
        return {k: sorted(v) for k, v in out.items()}

    answers = _cached_or_asked(client, cache, endpoint, kind, list(by_cache_key), ask, [])
    return {k: answers[cache_key[k]] for k in keys if cache_key[k] in answers}


_TEAM_PATTERN = """  { ?item rdfs:label ?label } UNION { ?item skos:altLabel ?label }
  ?item wdt:P31 wd:Q6979593 ; wdt:P17 ?country ."""
_TEAM_PATTERN_NO_COUNTRY = """  { ?item rdfs:label ?label } UNION { ?item skos:altLabel ?label }
  ?item wdt:P31 wd:Q6979593 ."""
_PLAYER_PATTERN = """  { ?item rdfs:label ?label } UNION { ?item skos:altLabel ?label }
  ?item wdt:P31 wd:Q5 ; wdt:P106 wd:Q937857 ; wdt:P54 ?team ."""
_EDITION_PATTERN = """  { ?item rdfs:label ?label } UNION { ?item skos:altLabel ?label }
  ?item wdt:P3450|wdt:P31 ?series .
  ?series rdfs:label ?competition ."""


def link_store(
    store: ox.Store,
    client: SparqlClient | None,
    cache: AnswerCache | None,
    *,
    data_dir: Path | None = None,
    reconcile: bool = True,
    endpoint: str | None = None,
    on_step: Callable[[str], None] | None = None,
) -> WikidataLinks:
    """Find Wikidata items for the teams, players, stadiums and editions of ``store``.

    ``client`` None means offline: only answers cached for ``endpoint`` (default
    :data:`DEFAULT_ENDPOINT`) and QIDs stated by the sources are used. ``data_dir`` (laid out like
    ``../shared/data``) supplies openfootball stadium QIDs and country QIDs; without it those
    steps are skipped. Raises :class:`WikidataError` subclasses when the endpoint fails (links
    found before are cached, so a rerun resumes).
    """
    started = time.perf_counter()
    step = on_step or (lambda _s: None)
    ep = _endpoint(client, endpoint)
    result = WikidataLinks(endpoint=ep)
    entities = store_entities(store)

    # 1. sitelinks
    step("sitelinks")
    pages = [p for e in entities for p in e.pages]
    hits = lookup_sitelinks(client, cache, pages, endpoint=ep)
    for e in entities:
        found = sorted({q for p in e.pages for q in hits.get(p, [])})
        if len(found) == 1:
            result.links[e.iri] = (found[0], "sitelink")
        elif len(found) > 1:
            result.ambiguous[e.iri] = found

    # 2. QIDs stated by sources (2026 stadiums), followed through redirects
    source = openfootball_stadium_qids(data_dir) if data_dir else {}
    countries = country_qids(data_dir) if data_dir else {}
    step("redirects")
    stated: dict[str, str] = {}
    for e in entities:
        if e.kind != "stadium" or e.iri in result.links:
            continue
        for page in e.pages:
            try:
                article = wikipedia_article_iri(page)
            except WikipediaUrlError:
                continue
            if article in source:
                stated[e.iri] = source[article]
    result.redirects = resolve_redirects(
        client, cache, [*stated.values(), *countries.values()], endpoint=ep
    )
    for iri, q in stated.items():
        result.links[iri] = (result.redirects.get(q, q), "source-qid")
    countries = {code: result.redirects.get(q, q) for code, q in countries.items()}

    if reconcile:
        _reconcile_all(store, client, cache, entities, countries, result, step, ep)

    for e in entities:
        if e.iri not in result.links and e.iri not in result.ambiguous:
            result.unmatched.setdefault(e.iri, "no candidate" if client else "not in the cache")
    result.stats = client.stats if client else None
    result.seconds = time.perf_counter() - started
    return result


def _reconcile_all(
    store: ox.Store,
    client: SparqlClient | None,
    cache: AnswerCache | None,
    entities: list[Entity],
    countries: Mapping[str, str],
    result: WikidataLinks,
    step: Callable[[str], None],
    ep: str,
) -> None:
    def settle(found: Mapping[str, list[str]]) -> None:
        for iri, qids in found.items():
            qids = sorted({result.redirects.get(q, q) for q in qids})
            if len(qids) == 1:
                result.links[iri] = (qids[0], "reconciled")
            elif qids:
                result.ambiguous[iri] = qids

    todo = [e for e in entities if e.iri not in result.links and e.iri not in result.ambiguous]

    # teams: label forms + type + country
    step("teams")
    gender: dict[str, str] = {}
    codes: dict[str, set[str]] = defaultdict(set)
    for row in store.query(_TEAM_CONTEXT, use_default_graph_as_union=True):
        t = row["t"].value
        if row["gender"] is not None:
            gender[t] = row["gender"].value
        if row["code"] is not None:
            codes[t].add(row["code"].value.upper())
    with_country: dict[str, list] = {}
    without_country: dict[str, list] = {}
    for e in todo:
        if e.kind != "team" or not e.label:
            continue
        labels = [
            t
            for form in _team_labels(e.label, gender.get(e.iri, "men"))
            for t in _label_terms(form)
        ]
        country = sorted({countries[c] for c in codes.get(e.iri, ()) if c in countries})
        if len(country) == 1:
            with_country[e.iri] = [(lbl, _item(country[0])) for lbl in labels]
        else:
            without_country[e.iri] = [(lbl, None) for lbl in labels]
    settle(_reconcile(client, cache, "team", with_country, _TEAM_PATTERN, "country", ep))
    settle(
        _reconcile(
            client,
            cache,
            "team-any-country",
            without_country,
            _TEAM_PATTERN_NO_COUNTRY,
            "country",
            ep,
        )
    )

    # players: name + human + footballer + member of a linked team
    step("players")
    teams_of: dict[str, set[str]] = defaultdict(set)
    for row in store.query(_PLAYER_TEAMS, use_default_graph_as_union=True):
        teams_of[row["p"].value].add(row["t"].value)
    players: dict[str, list] = {}
    for e in todo:
        if e.kind != "player" or not e.label or e.iri in result.links:
            continue
        team_qids = sorted(result.links[t][0] for t in teams_of.get(e.iri, ()) if t in result.links)
        if not team_qids:
            result.unmatched[e.iri] = "no linked team to reconcile against"
            continue
        players[e.iri] = [(lbl, _item(q)) for q in team_qids for lbl in _label_terms(e.label)]
    settle(_reconcile(client, cache, "player", players, _PLAYER_PATTERN, "team", ep))

    # editions: label + series labelled as the competition
    step("editions")
    competition = {
        row["e"].value: row["competition"].value
        for row in store.query(_EDITION_CONTEXT, use_default_graph_as_union=True)
    }
    editions = {
        e.iri: [
            (lbl, ox.Literal(competition[e.iri], language="en")) for lbl in _label_terms(e.label)
        ]
        for e in todo
        if e.kind == "edition" and e.label and e.iri in competition
    }
    settle(_reconcile(client, cache, "edition", editions, _EDITION_PATTERN, "competition", ep))


_METHODS = {
    "sitelink": "Item whose English Wikipedia sitelink (schema:about, schema:isPartOf "
    "<https://en.wikipedia.org/>) is the resource's fk:wikipediaPage, looked up in batches.",
    "source-qid": "QID stated by the source (openfootball cup_stadiums.csv), followed through "
    "merges (owl:sameAs redirects) on the endpoint.",
    "reconciled": "Unique item matching the resource's English label plus type and context "
    "(team: Q6979593 and country P17; player: Q5, occupation Q937857 and P54 of the linked "
    "team; edition: P3450/P31 the competition); ambiguous candidates are not linked.",
}


def link_quads(result: WikidataLinks, *, created: str | None = None) -> list[ox.Quad]:
    """The linksets of ``result``, one named graph per method
    (:data:`footkg.link.linkset.WIKIDATA_GRAPHS`), each with its VoID/provenance description
    (even when empty, so a rerun replaces older links). ``created``: ``xsd:dateTime`` lexical
    form (default now)."""
    by_method: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for iri, (q, method) in sorted(result.links.items()):
        by_method[method].append((iri, str(WD) + q))
    created = created or datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    quads: list[ox.Quad] = []
    for method, graph in linkset.WIKIDATA_GRAPHS.items():
        spec = linkset.LinksetSpec(
            graph=graph,
            target="wikidata",
            method=method,
            description=_METHODS[method],
            endpoint=result.endpoint,
        )
        quads += linkset.linkset_quads(spec, by_method.get(method, []), created=created)
    return quads


def page_title(url: str) -> str | None:
    """The title of a Wikipedia address, or ``None`` if it is not one (for reports)."""
    try:
        return wikipedia_title(url)
    except WikipediaUrlError:
        return None
