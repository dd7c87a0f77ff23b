"""Answers of SPARQL SELECT queries: RDF terms as typed Python values, and the result formats.

:class:`QueryResult` holds a SELECT query's solutions and writes them as a rich table or in the
`SPARQL 1.1 Query Results <https://www.w3.org/TR/sparql11-results-csv-tsv/>`_ CSV, TSV and JSON
formats; :func:`python_value` turns a term into ``int``, ``Decimal``, ``float``, ``bool``,
``datetime.date``, ``datetime.datetime`` or ``str`` by its XSD datatype; :func:`sparql_term`
writes a term in SPARQL syntax (escaped, for ``VALUES`` blocks and TSV).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import TypeAlias

import pyoxigraph as ox
from rich.table import Table

from footkg.errors import ParameterError
from footkg.vocab import PREFIXES

__all__ = ["XSD", "QueryResult", "Term", "Value", "python_value", "sparql_term"]

Term: TypeAlias = ox.NamedNode | ox.BlankNode | ox.Literal


XSD = "http://www.w3.org/2001/XMLSchema#"


_INTEGER_TYPES = {
    XSD + t
    for t in (
        "integer", "int", "long", "short", "byte", "nonNegativeInteger", "positiveInteger",
        "nonPositiveInteger", "negativeInteger", "unsignedLong", "unsignedInt", "unsignedShort",
        "unsignedByte",
    )
}  # fmt: skip


#: Characters an IRI may not hold in SPARQL or Turtle syntax.
IRI_FORBIDDEN = re.compile(r'[\x00-\x20<>"{}|^`\\]')


_LANG = re.compile(r"^[A-Za-z]+(-[A-Za-z0-9]+)*$")


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r"}


def sparql_term(term: Term) -> str:
    """Serialise an IRI or literal as SPARQL syntax that cannot escape its own token.

    Strings are quoted with ``\\``, ``"``, CR and LF escaped; IRIs and datatypes are checked
    against the characters ``IRIREF`` forbids. Raises :class:`ParameterError` for a term that
    cannot be written safely (blank nodes, a bad IRI or language tag).
    """
    if isinstance(term, ox.NamedNode):
        if IRI_FORBIDDEN.search(term.value):
            raise ParameterError(f"IRI {term.value!r} cannot be written in SPARQL")
        return f"<{term.value}>"
    if isinstance(term, ox.Literal):
        body = '"' + "".join(_ESCAPES.get(c, c) for c in term.value) + '"'
        if term.language:
            if not _LANG.match(term.language):
                raise ParameterError(f"bad language tag {term.language!r}")
            return f"{body}@{term.language}"
        if term.datatype.value == XSD + "string":
            return body
        return f"{body}^^{sparql_term(term.datatype)}"
    raise ParameterError(f"cannot bind {term!r} in query text (IRIs and literals only)")


Value: TypeAlias = int | float | Decimal | bool | dt.date | dt.datetime | str | None


def python_value(term: Term | ox.Triple | None) -> Value:
    """A result term as a Python value: IRI → str, ``xsd:integer`` (and derived) → int,
    decimal → Decimal, double/float → float, boolean → bool, date → ``datetime.date``,
    dateTime → ``datetime.datetime``, other literals → their lexical form, unbound → None,
    blank node → ``"_:id"``. Ill-typed literals fall back to their lexical form."""
    if term is None:
        return None
    if isinstance(term, ox.NamedNode):
        return term.value
    if isinstance(term, ox.BlankNode):
        return f"_:{term.value}"
    if not isinstance(term, ox.Literal):
        return str(term)
    datatype, lexical = term.datatype.value, term.value
    try:
        if datatype in _INTEGER_TYPES:
            return int(lexical)
        if datatype == XSD + "decimal":
            return Decimal(lexical)
        if datatype in (XSD + "double", XSD + "float"):
            return float(lexical)
        if datatype == XSD + "boolean":
            return lexical in ("true", "1")
        if datatype == XSD + "date":
            return dt.date.fromisoformat(lexical)
        if datatype == XSD + "dateTime":
            return dt.datetime.fromisoformat(lexical)
    except (ValueError, InvalidOperation):
        return lexical
    return lexical


@dataclass(frozen=True)
class QueryResult:
    """The solutions of a SELECT query.

    ``variables`` are the column names (without ``?``); ``terms`` holds each row's RDF terms
    (``None`` for unbound), and ``rows`` the same as Python values (see :func:`python_value`);
    ``truncated`` is true when :func:`run` stopped at its ``max_rows``.
    """

    variables: list[str]
    terms: list[tuple[Term | None, ...]]
    truncated: bool = False

    @property
    def rows(self) -> list[tuple[Value, ...]]:
        """Each row as a tuple of Python values, in ``variables`` order."""
        return [tuple(python_value(t) for t in row) for row in self.terms]

    def records(self) -> list[dict[str, Value]]:
        """Each row as ``{variable: Python value}`` (unbound values are ``None``)."""
        return [dict(zip(self.variables, row, strict=True)) for row in self.rows]

    def column(self, name: str) -> list[Value]:
        """The Python values of one column; raises :class:`KeyError` for an unknown column."""
        if name not in self.variables:
            raise KeyError(name)
        i = self.variables.index(name)
        return [row[i] for row in self.rows]

    def __len__(self) -> int:
        return len(self.terms)

    def to_table(self, title: str | None = None) -> Table:
        """A rich table of the rows for people: IRIs compacted with the footkg prefixes
        (``fkr:team/brazil``), doubles and long decimals rounded to two places (``303.91``;
        CSV, TSV and JSON keep every digit), number columns right-aligned, unbound values as
        empty cells."""
        table = Table(title=title)
        for i, name in enumerate(self.variables):
            numeric = bool(self.terms) and all(
                row[i] is None or _is_number(row[i]) for row in self.terms
            )
            table.add_column(name, overflow="fold", justify="right" if numeric else "left")
        for row in self.terms:
            table.add_row(*("" if t is None else _display(t) for t in row))
        return table

    def to_csv(self) -> str:
        """SPARQL 1.1 Query Results CSV: a header of names, then values (lexical forms and
        IRIs, no datatypes; unbound is empty), CRLF line ends."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(self.variables)
        for row in self.terms:
            writer.writerow(["" if t is None else _plain(t) for t in row])
        return out.getvalue()

    def to_tsv(self) -> str:
        """SPARQL 1.1 Query Results TSV: ``?name`` header, terms in SPARQL/Turtle syntax."""
        lines = ["\t".join(f"?{v}" for v in self.variables)]
        for row in self.terms:
            lines.append("\t".join("" if t is None else _tsv_term(t) for t in row))
        return "\n".join(lines) + "\n"

    def to_json(self) -> str:
        """SPARQL 1.1 Query Results JSON (``head.vars``, ``results.bindings``)."""
        bindings = [
            {v: _json_term(t) for v, t in zip(self.variables, row, strict=True) if t is not None}
            for row in self.terms
        ]
        doc = {"head": {"vars": self.variables}, "results": {"bindings": bindings}}
        return json.dumps(doc, ensure_ascii=False, indent=1)


_NUMBER_TYPES = frozenset(
    XSD + t for t in ("integer", "decimal", "double", "float", "int", "long", "nonNegativeInteger")
)
_ROUNDED_TYPES = frozenset(XSD + t for t in ("decimal", "double", "float"))


def _is_number(term: Term) -> bool:
    return isinstance(term, ox.Literal) and term.datatype.value in _NUMBER_TYPES


def _display(term: Term) -> str:
    if isinstance(term, ox.NamedNode):
        for prefix, namespace in PREFIXES.items():
            if term.value.startswith(namespace):
                return f"{prefix}:{term.value[len(namespace) :]}"
    if isinstance(term, ox.Literal) and term.datatype.value in _ROUNDED_TYPES:
        try:
            number = float(term.value)
        except ValueError:  # an ill-typed literal: show it as it is
            return term.value
        _, _, decimals = term.value.partition(".")
        if len(decimals) > 2 or "e" in term.value.lower():
            return f"{number:.2f}"
    return _plain(term)


def _plain(term: Term) -> str:
    return f"_:{term.value}" if isinstance(term, ox.BlankNode) else term.value


def _tsv_term(term: Term) -> str:
    if isinstance(term, ox.BlankNode):
        return f"_:{term.value}"
    text = sparql_term(term) if isinstance(term, ox.NamedNode | ox.Literal) else str(term)
    return text.replace("\t", "\\t")


def _json_term(term: Term) -> dict[str, str]:
    if isinstance(term, ox.NamedNode):
        return {"type": "uri", "value": term.value}
    if isinstance(term, ox.BlankNode):
        return {"type": "bnode", "value": term.value}
    out = {"type": "literal", "value": term.value}
    if term.language:
        out["xml:lang"] = term.language
    elif term.datatype.value != XSD + "string":
        out["datatype"] = term.datatype.value
    return out
