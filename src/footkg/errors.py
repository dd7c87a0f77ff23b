"""footkg's exceptions in one place, and the exit code the ``footkg`` command gives each.

Every error footkg raises on purpose is a :class:`FootkgError`. The classes live beside the code
that raises them (``footkg.store.StoreNotBuiltError``, ``footkg.resolve.UnknownTeamError``, …)
and those import paths keep working; this module re-exports them so that a user can write
``except footkg.errors.UnknownTeamError``. The hierarchy::

    FootkgError                           exit 2 (bad input or usage), unless said otherwise
    ├── ValidationFailed                  exit 1: the data does not conform to the SHACL shapes
    ├── StoreNotBuiltError                no completed build in the store folder
    ├── UnknownTeamError                  a team name nobody knows; .suggestions: close names
    ├── QueryError                        the catalogue and SPARQL
    │   ├── UnknownQueryError             no catalogue query of that name; .suggestions
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

from typing import TYPE_CHECKING, Final

from footkg.datasets import ChecksumError, DataDirError, DownloadError, ManifestError
from footkg.model import FootkgError, SourceFormatError
from footkg.queries import ParameterError, QueryError, QueryFileError, UnknownQueryError
from footkg.remote import RemoteError
from footkg.resolve import UnknownTeamError
from footkg.store import StoreNotBuiltError

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
    "StoreNotBuiltError",
    "UnknownQueryError",
    "UnknownTeamError",
    "ValidationFailed",
    "exit_code",
]

#: The command succeeded.
EXIT_OK: Final = 0
#: The data does not conform to the SHACL shapes (``footkg validate``, ``footkg build``).
EXIT_NONCONFORMING: Final = 1
#: Bad input or usage: unknown query, team or parameter, missing store or data, unreadable file.
EXIT_BAD_INPUT: Final = 2
#: An internal error (a bug): anything that is not a :class:`FootkgError`.
EXIT_INTERNAL: Final = 3
#: Exit code → what it means, as documented in ``footkg --help`` and the user guide.
EXIT_CODES: Final[dict[int, str]] = {
    EXIT_OK: "ok",
    EXIT_NONCONFORMING: "the data does not conform to the SHACL shapes",
    EXIT_BAD_INPUT: "bad input or usage",
    EXIT_INTERNAL: "internal error",
}


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
