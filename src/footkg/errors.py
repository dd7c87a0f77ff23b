"""footkg's exceptions in one place, and the exit code the ``footkg`` command gives each.

Every error footkg raises on purpose is a :class:`FootkgError`. The classes a user catches are
defined here, at the bottom of the import graph (every stage may raise them, none is imported
by this module); the stage that raises one also re-exports it (``footkg.store.local`` has
``StoreNotBuiltError``). A user writes ``except footkg.errors.UnknownTeamError``. The
hierarchy::

    FootkgError                           exit 2 (bad input or usage), unless said otherwise
    ├── ValidationFailed                  exit 1: the data does not conform to the SHACL shapes
    ├── StoreNotBuiltError                no completed build in the store folder
    ├── StoreBusyError                    another build of the same store folder is running
    ├── UnknownNameError                  a name nobody knows; .suggestions: close names
    │   ├── UnknownTeamError              a team name
    │   └── UnknownCompetitionError       a competition name
    ├── QueryError                        the catalogue and SPARQL
    │   ├── UnknownQueryError             no catalogue query of that name (an UnknownNameError too)
    │   ├── ParameterError                a parameter unknown, missing or invalid; .param, .value
    │   └── QueryFileError                a malformed .rq header
    ├── SourceFormatError                 a source file that cannot be read at all
    ├── DataDirError, ManifestError, DownloadError, ChecksumError   the datasets
    ├── RemoteError                       a remote SPARQL store refused or is unreachable
    └── NotAvailableError                 an optional part is missing (pandas, the extractor),
                                          or the operation needs a local store

Exit codes of the ``footkg`` command (:func:`exit_code`): ``0`` ok, ``1`` the data does not
conform, ``2`` bad input or usage, ``3`` internal error (anything that is not a FootkgError).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from footkg.validate import ValidationReport

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_CODES",
    "EXIT_INTERNAL",
    "EXIT_NONCONFORMING",
    "EXIT_OK",
    "ChecksumError",
    "DataDirError",
    "DownloadError",
    "FootkgError",
    "ManifestError",
    "NotAvailableError",
    "ParameterError",
    "QueryError",
    "QueryFileError",
    "RemoteError",
    "SourceFormatError",
    "StoreBusyError",
    "StoreNotBuiltError",
    "UnknownCompetitionError",
    "UnknownNameError",
    "UnknownQueryError",
    "UnknownTeamError",
    "ValidationFailed",
    "exit_code",
]

#: The command succeeded.
EXIT_OK: Final = 0
#: The data does not conform to the SHACL shapes (``footkg validate``, ``footkg build``).
EXIT_NONCONFORMING: Final = 1
#: Bad input, usage or environment: unknown query, team or parameter, missing store or data,
#: unreadable file, a server or network that cannot be reached.
EXIT_BAD_INPUT: Final = 2
#: An internal error (a bug): anything that is not a :class:`FootkgError`.
EXIT_INTERNAL: Final = 3
#: Exit code → what it means, as documented in ``footkg --help`` and the user guide.
EXIT_CODES: Final[dict[int, str]] = {
    EXIT_OK: "ok",
    EXIT_NONCONFORMING: "the data does not conform to the SHACL shapes",
    EXIT_BAD_INPUT: "bad input, usage or environment (no store, no network)",
    EXIT_INTERNAL: "internal error",
}


class FootkgError(Exception):
    """Base class of footkg's errors."""


class SourceFormatError(FootkgError):
    """A source file cannot be read at all (missing, wrong columns, not UTF-8/CSV/JSON)."""


class StoreNotBuiltError(FootkgError):
    """The store folder has no completed build yet (run ``footkg build``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(f"no footkg store at {path}: run `footkg build` first")


class StoreBusyError(FootkgError):
    """Another build holds the store folder's build lock (``PATH/.build.lock``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(f"another footkg build is writing the store at {path}: wait for it")


class UnknownNameError(FootkgError, LookupError):
    """A name footkg does not know (a team, a query, a player); ``name`` is what was asked for
    and ``suggestions`` holds close known names to offer the user (maybe empty). The message is
    :meth:`describe` followed by "did you mean …?" when there are suggestions."""

    #: What kind of name it is, as the message says it ("team", "query").
    kind = "name"

    def __init__(self, name: str, suggestions: list[str]) -> None:
        self.name = name
        self.suggestions = suggestions
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(self.describe(name) + hint)

    def describe(self, name: str) -> str:
        """The message without suggestions: ``unknown team 'Uruguray'``."""
        return f"unknown {self.kind} {name!r}"


class UnknownTeamError(UnknownNameError):
    """A team name that no source, alias or former name knows; ``suggestions`` holds close
    matches (canonical names) to offer the user."""

    kind = "team"


class UnknownCompetitionError(UnknownNameError):
    """A competition name that neither the store nor footkg's own list knows (``"World Cup"``);
    ``suggestions`` holds close labels (``"FIFA World Cup"``)."""

    kind = "competition"


class QueryError(FootkgError):
    """Base class of the catalogue's errors."""


class QueryFileError(QueryError):
    """A query file's header is malformed or its parameters do not match its query text."""


class UnknownQueryError(QueryError, UnknownNameError):
    """No catalogue query has this name; ``suggestions`` holds close names (maybe empty)."""

    kind = "query"


class ParameterError(QueryError, ValueError):
    """A parameter value is invalid, unknown to the query, or missing (the message says which)."""

    def __init__(self, message: str, *, param: str | None = None, value: str | None = None):
        self.param = param
        self.value = value
        super().__init__(message)


class DataDirError(FootkgError):
    """An explicitly requested data dir does not exist or is not a folder."""


class ManifestError(FootkgError):
    """The manifest file is missing or malformed (the message names the file and the problem)."""


class DownloadError(FootkgError):
    """A dataset file could not be downloaded (network, HTTP error, disk)."""

    def __init__(self, path: str, url: str, cause: BaseException | str) -> None:
        self.path = path
        self.url = url
        self.cause = cause
        super().__init__(f"could not download {path} from {url}: {cause}")


class ChecksumError(FootkgError):
    """A downloaded file's SHA-256 differs from the manifest's (the file is not kept)."""

    def __init__(self, path: str, url: str, expected: str, actual: str | None) -> None:
        self.path = path
        self.url = url
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"checksum mismatch for {path} (from {url}): expected sha256 {expected}, "
            f"got {actual or 'a different hash'}; the file was not kept"
        )


class RemoteError(FootkgError):
    """A remote store refused a request or could not be reached (the message says which)."""


class ValidationFailed(FootkgError):
    """The graph has SHACL violations; ``report`` is the full
    :class:`footkg.validate.ValidationReport` (``conforms`` is ``False``).

    Raised by :meth:`footkg.KnowledgeGraph.validate` with ``raise_on_violation=True``; the
    ``footkg`` command exits with code 1 for it.
    """

    def __init__(self, report: ValidationReport) -> None:
        self.report = report
        counts = report.counts()
        super().__init__(
            f"the graph does not conform to the SHACL shapes: {counts['Violation']} "
            f"violation(s), {counts['Warning']} warning(s)"
        )


class NotAvailableError(FootkgError, ImportError):
    """An optional part of footkg is not installed (pandas for ``to_dataframe()``, the article
    extractor), or an operation needs a local store and was asked of a remote one. The message
    says what to install or do."""


def exit_code(exc: BaseException | None) -> int:
    """The ``footkg`` command's exit code for ``exc`` (``None``: success, 0).

    :class:`ValidationFailed` → 1, any other :class:`FootkgError` → 2 (bad input or usage), and
    anything else → 3 (internal error).
    """
    if exc is None:
        return EXIT_OK
    if isinstance(exc, ValidationFailed):
        return EXIT_NONCONFORMING
    if isinstance(exc, FootkgError):
        return EXIT_BAD_INPUT
    return EXIT_INTERNAL
