"""An on-disk cache of Wikidata answers (sqlite3), so a rerun does not query again.

One row per question: ``(endpoint, kind, key)`` → ``value`` (JSON) and when it was stored.
``kind`` names the question (``"sitelink"``, ``"redirect"``, ``"player"``, …) and ``key`` the
thing asked about (an article IRI, a QID, a label with its context). The value is the answer the
endpoint gave, e.g. a list of candidate QIDs; an empty list is a real "no match".

Only answers are cached: the linker writes a value after it has parsed a well-formed SPARQL
results document for the question. A transport error, an HTTP error (403, 429 after the last
retry, 5xx), an empty 200 body or a body that is not SPARQL JSON raises before anything is
written, so none of them can ever be read back as "no match".
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

__all__ = ["AnswerCache"]

_SCHEMA = """CREATE TABLE IF NOT EXISTS answers (
  endpoint TEXT NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL,
  value TEXT NOT NULL, stored TEXT NOT NULL,
  PRIMARY KEY (endpoint, kind, key)
) WITHOUT ROWID"""


class AnswerCache:
    """The cache file at ``path`` (created with its folder if missing; ``":memory:"`` for a
    throw-away cache). Usable as a context manager; :meth:`close` when done. ``hits`` and
    ``misses`` count the keys :meth:`get_many` found and did not find since it was opened."""

    def __init__(self, path: Path | str) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._db = sqlite3.connect(str(path))
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(_SCHEMA)
        self._db.commit()
        self.hits = 0
        self.misses = 0

    def get_many(self, endpoint: str, kind: str, keys: Iterable[str]) -> dict[str, Any]:
        """The cached answers for ``keys`` (JSON-decoded), by key; keys never answered are
        absent (not "no match")."""
        keys = list(dict.fromkeys(keys))
        found: dict[str, Any] = {}
        for start in range(0, len(keys), 500):
            chunk = keys[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(
                f"SELECT key, value FROM answers WHERE endpoint = ? AND kind = ? "
                f"AND key IN ({marks})",
                (endpoint, kind, *chunk),
            )
            found.update((k, json.loads(v)) for k, v in rows)
        self.hits += len(found)
        self.misses += len(keys) - len(found)
        return found

    def put_many(self, endpoint: str, kind: str, answers: Mapping[str, Any]) -> None:
        """Store ``answers`` (``{key: JSON-serialisable value}``), replacing older ones, in one
        transaction."""
        stamp = datetime.now(UTC).isoformat(timespec="seconds")
        with self._db:
            self._db.executemany(
                "INSERT OR REPLACE INTO answers VALUES (?, ?, ?, ?, ?)",
                [
                    (endpoint, kind, k, json.dumps(v, sort_keys=True), stamp)
                    for k, v in answers.items()
                ],
            )

    def count(self, endpoint: str | None = None, kind: str | None = None) -> int:
        """How many answers are cached (optionally for one endpoint and/or kind)."""
        sql, args = "SELECT COUNT(*) FROM answers WHERE 1=1", []
        if endpoint is not None:
            sql, args = sql + " AND endpoint = ?", [*args, endpoint]
        if kind is not None:
            sql, args = sql + " AND kind = ?", [*args, kind]
        return int(self._db.execute(sql, args).fetchone()[0])

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    def __enter__(self) -> AnswerCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
