"""The endpoint's hot path: catalogue queries known to finish run in the server process.

A worker round trip (pickled job, a second process, the answer through a pipe) costs a few
milliseconds a query; a catalogue query bound to a few values costs about as much again. Such a
query needs no kill guard when it is known to finish, so it runs in a thread of the server
process itself, on the server's own read-only store, and its answer is serialised once by
pyoxigraph straight into the response body.

"Known to finish" is decided, not assumed:

* the text must be **exactly** a catalogue query as shipped (with or without its header
  comment lines), optionally with the one-row
  ``VALUES`` block :func:`footkg.query.catalogue.with_values_block` writes for its declared
  parameters, each value one IRI or literal (:class:`CatalogueForms` checks this — any other
  change to the text, a comment included, sends the query to a worker);
* the query must have been **measured**: at start-up each catalogue query runs once, in a
  worker under the time limit, with the query page's example values, and only those that took
  at most ``budget`` seconds are let in (:meth:`FastPath.calibrate`); one that later takes longer
  on the hot path is sent back to the workers from then on.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyoxigraph as ox

from footkg.errors import QueryError
from footkg.query import catalogue as queries
from footkg.serve.protocol import GRAPH_TYPES, RESULT_TYPES, MediaRequest, answer_type
from footkg.store import local as store

_IRI = r"<[^<>\"{}|^`\\\x00-\x20]*>"
_LITERAL = rf'"(?:[^"\\\r\n]|\\.)*"(?:@[A-Za-z]+(?:-[A-Za-z0-9]+)*|\^\^{_IRI})?'
_TERM = re.compile(rf"{_IRI}|{_LITERAL}")
_VALUES = re.compile(r"\n  VALUES \((?P<names>\?\w+(?: \?\w+)*)\) \{ \((?P<values>.*)\) \}\n", re.S)
_MARK = "footkgfastpathmark"


def strip_header(text: str) -> str:
    """A catalogue query's text without its leading comment lines (``# title:``, ``# param:``
    …): what the query page's editor shows."""
    lines = text.splitlines(keepends=True)
    at = 0
    while at < len(lines) and (not lines[at].strip() or lines[at].lstrip().startswith("#")):
        at += 1
    return "".join(lines[at:])


@dataclass(frozen=True)
class _Form:
    name: str
    prefix: str
    suffix: str
    params: tuple[str, ...]


def _terms(values: str) -> list[str] | None:
    """The serialised terms of a ``VALUES`` row, or ``None`` if it holds anything else."""
    out, at = [], 0
    while at < len(values):
        match = _TERM.match(values, at)
        if not match:
            return None
        out.append(match.group())
        at = match.end()
        if at < len(values):
            if values[at] != " ":
                return None
            at += 1
    return out


class CatalogueForms:
    """Recognises the texts of a catalogue's queries, bound or not (see the module doc)."""

    def __init__(self, catalogue: queries.Catalogue) -> None:
        self.forms: list[_Form] = []
        block = f'\n  VALUES (?{_MARK}) {{ ("") }}\n'
        for q in catalogue:
            for text in dict.fromkeys((q.text, strip_header(q.text))):
                try:
                    marked = queries.with_values_block(text, {_MARK: ox.Literal("")})
                except QueryError:
                    continue
                at = marked.index(block)
                prefix, suffix = marked[:at], marked[at + len(block) :]
                self.forms.append(_Form(q.name, prefix, suffix, tuple(p.name for p in q.params)))

    def match(self, text: str) -> str | None:
        """The name of the catalogue query ``text`` is (with a VALUES block of its declared
        parameters, each bound to one IRI or literal), or ``None``."""
        for form in self.forms:
            if not (text.startswith(form.prefix) and text.endswith(form.suffix)):
                continue
            middle = text[len(form.prefix) : len(text) - len(form.suffix)]
            if middle == "" or middle == "\n":
                return form.name
            block = _VALUES.fullmatch(middle)
            if not block:
                continue
            names = [n[1:] for n in block["names"].split(" ")]
            terms = _terms(block["values"])
            if (
                terms is not None
                and len(terms) == len(names)
                and len(set(names)) == len(names)
                and set(names) <= set(form.params)
            ):
                return form.name
        return None


@dataclass
class FastPath:
    """Catalogue queries run in the server process (see the module doc).

    ``store_path``: the store folder; ``budget``: the most seconds a query may have taken to be
    let in; ``limit``: the time limit of a worker query (a hot-path run longer than that sends
    its query back to the workers); ``allowed``: the names of the catalogue queries measured to
    fit; ``demoted``: those sent back to the workers after a slow run.
    """

    store_path: Path
    forms: CatalogueForms
    budget: float
    limit: float = 10.0
    allowed: set[str] = field(default_factory=set)
    demoted: set[str] = field(default_factory=set)
    _store: ox.Store | None = None
    _folder: Path | None = None

    def admits(self, text: str) -> str | None:
        """The catalogue query name if ``text`` may take the hot path, else ``None``."""
        name = self.forms.match(text)
        return name if name in self.allowed and name not in self.demoted else None

    def _kg(self) -> ox.Store:
        now = store.current_build(self.store_path)
        if now != self._folder or self._store is None:
            self._store, self._folder = ox.Store.read_only(str(now)), now
        return self._store

    def run(self, name: str, text: str, media: MediaRequest) -> tuple[int, str, bytes]:
        """Run catalogue query ``name`` (its text ``text``) over the union default graph; return
        ``(status, media type, body)``. Blocks: call it in a thread."""
        start = time.monotonic()
        try:
            result = self._kg().query(text, use_default_graph_as_union=True)
            offers: dict[str, Any] = (
                GRAPH_TYPES if isinstance(result, ox.QueryTriples) else RESULT_TYPES
            )
            chosen = media.choose(list(offers))
            if chosen is None:
                message = f"cannot answer in {media.accept!r}; offered: {', '.join(offers)}"
                return 406, "text/plain", message.encode()
            body = result.serialize(format=offers[chosen])
            chosen = answer_type(chosen, offers)
        except (SyntaxError, OSError, RuntimeError, ValueError) as exc:
            return 500, "text/plain", f"query failed: {exc}".encode()
        finally:
            if time.monotonic() - start > self.limit:
                self.demoted.add(name)  # it would have been stopped in a worker
        return 200, chosen, body
