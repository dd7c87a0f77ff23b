"""What a SPARQL query text asks for, decided before it runs: federation (``SERVICE``), its own
dataset (``FROM`` / ``FROM NAMED``), and nesting too deep for the engine.

pyoxigraph parses a query but shows no syntax tree, so the questions are answered here:

* **SERVICE** is a security question (a query that names ``SERVICE <http://10.0.0.1/…>`` makes
  the process that runs it call that address). It is decided from a parse tree: rdflib's SPARQL
  1.1 parser (``rdflib.plugins.sparql.parser.parseQuery``), fed the text with every carriage
  return made a line feed — the grammar ends a ``#`` comment at either (SPARQL 1.1 Query §19.6)
  and Oxigraph does, rdflib only at a line feed, so ``#\\rSERVICE`` would otherwise hide from it.
  A second reader, a lexer over the same text (after ``\\u``/``\\U`` codepoint escapes, which
  the grammar applies before parsing, §19.2), must agree: the query is taken to use ``SERVICE``
  when either finds the keyword, and when the word appears but rdflib cannot parse the text (a
  query that cannot be checked is not run with federation off).
* **FROM / FROM NAMED**: a query that names its own dataset gets exactly that dataset
  (SPARQL 1.1 Query §13.2); only a query that names none reads footkg's union default graph.
* **Nesting**: pyoxigraph's parser recurses once per ``{``, ``(`` or ``[``; about 5,000 levels
  crash the process (a segmentation fault, measured with pyoxigraph 0.5.13). The depth is
  counted on the unescaped text, brackets inside strings and comments included (an upper bound),
  and a query deeper than :data:`MAX_NESTING` is refused before pyoxigraph sees it.

:func:`analyse` answers all three; its results are cached by text (the same catalogue query
arrives again and again at an endpoint).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from footkg.errors import QueryError

__all__ = [
    "MAX_NESTING",
    "QueryFacts",
    "QueryTooDeepError",
    "analyse",
    "nesting_depth",
    "unescape_codepoints",
]

#: The deepest bracket nesting a query may have (``{``, ``(``, ``[`` counted together). Real
#: queries stay under 20; pyoxigraph crashes at a few thousand.
MAX_NESTING = 128

_CODEPOINT = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")
_BRACKET = re.compile(r"[{}()\[\]]")

#: A lexer good enough to find bare keywords outside strings, IRIs and comments; a comment ends
#: at a carriage return or a line feed, as the SPARQL grammar says.
_TOKEN = re.compile(
    r"""
    (?P<comment>\#[^\r\n]*)
  | (?P<string>'''(?:[^'\\]|\\.|'(?!''))*'''|\"\"\"(?:[^"\\]|\\.|"(?!""))*\"\"\"
               |'(?:[^'\\\r\n]|\\.)*'|"(?:[^"\\\r\n]|\\.)*")
  | (?P<iri><[^<>"{}|^`\\\x00-\x20]*>)
  | (?P<var>[?$]\w+)
  | (?P<word>[A-Za-z_][\w-]*(?::[\w.-]*)?|:[\w.-]*)
  | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)


class QueryTooDeepError(QueryError):
    """A query nested deeper than :data:`MAX_NESTING` brackets (refused before parsing)."""


@dataclass(frozen=True)
class QueryFacts:
    """What :func:`analyse` found in a query text.

    ``uses_service``: it has a ``SERVICE`` clause (or mentions the word and cannot be parsed to
    prove otherwise); ``has_dataset``: it has ``FROM`` or ``FROM NAMED``; ``depth``: the deepest
    bracket nesting; ``words``: its bare keywords, upper case, in order.
    """

    uses_service: bool
    has_dataset: bool
    depth: int
    words: tuple[str, ...]


def unescape_codepoints(text: str) -> str:
    """Apply SPARQL's ``\\u``/``\\U`` codepoint escapes, as the parser does before parsing."""

    def char(match: re.Match[str]) -> str:
        code = int(match[1] or match[2], 16)
        return chr(code) if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else match[0]

    return _CODEPOINT.sub(char, text)


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``{``/``(``/``[`` in ``text`` (every bracket counts, wherever it
    is; a closing bracket never takes the depth below 0)."""
    depth = deepest = 0
    for match in _BRACKET.finditer(text):
        if match.group() in "{([":
            depth += 1
            deepest = max(deepest, depth)
        elif depth:
            depth -= 1
    return deepest


def _words(text: str) -> tuple[str, ...]:
    return tuple(t.group().upper() for t in _TOKEN.finditer(text) if t.lastgroup == "word")


def _tree_has(node: object, name: str) -> bool:
    """True when rdflib's parse tree ``node`` holds a ``CompValue`` called ``name``."""
    from pyparsing import ParseResults
    from rdflib.plugins.sparql.parserutils import CompValue

    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, CompValue):
            if item.name == name:
                return True
            stack.extend(item.values())
        elif isinstance(item, ParseResults | list | tuple):
            stack.extend(item)
    return False


def _parsed_service(text: str) -> bool:
    """True when rdflib's parse of ``text`` (carriage returns as line feeds) has a SERVICE
    pattern, or when it cannot be parsed."""
    from rdflib.plugins.sparql import parser

    try:
        tree = parser.parseQuery(text.replace("\r", "\n"))
    except Exception:  # pyparsing's ParseException, or rdflib's own errors: cannot be checked
        return True
    return _tree_has(tree, "ServiceGraphPattern")


@lru_cache(maxsize=2048)
def analyse(text: str) -> QueryFacts:
    """The :class:`QueryFacts` of SPARQL query ``text``.

    Raises :class:`QueryTooDeepError` when its brackets nest deeper than :data:`MAX_NESTING`
    (checked first: nothing else parses such a text).
    """
    plain = unescape_codepoints(text)
    depth = nesting_depth(plain)
    if depth > MAX_NESTING:
        raise QueryTooDeepError(
            f"the query nests {depth} levels of brackets; at most {MAX_NESTING} are accepted"
        )
    words = _words(plain)
    service = "SERVICE" in words
    if not service and re.search("service", plain, re.IGNORECASE):
        service = _parsed_service(plain)
    has_dataset = "FROM" in words
    return QueryFacts(service, has_dataset, depth, words)
