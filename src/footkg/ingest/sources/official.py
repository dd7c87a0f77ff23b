"""footkg's table of official champions (``data/club-champions.csv``) → records.

One row per season: the competition (footkg's label), the season (``1978-79``; the year of a
European Championship), the champion as the competition's own record names it (empty when no
champion was declared: the 2019-20 Eredivisie), a note saying why a table computed from the
results cannot be the official one where it cannot, and the source where the fact is
published. footkg checks every champion it derives against this table
(:mod:`footkg.ingest.tables`). The table is footkg's own (facts, CC0).
"""

from __future__ import annotations

from pathlib import Path

from footkg import resources
from footkg._version import __version__
from footkg.ingest.sources.common import RowError, read_csv, skip
from footkg.ingest.sources.leagues import season_year
from footkg.model import DatasetInfo, OfficialChampion, SourceData, SourceRef

DATASET = "club-champions"
FILE = "club-champions.csv"
COLUMNS = ("competition", "season", "champion", "note", "source")

INFO = DatasetInfo(
    key=DATASET,
    title="footkg: official champions of league seasons and club competitions",
    url="https://w3id.org/footkg/data/club-champions",
    version=__version__,
    license="http://creativecommons.org/publicdomain/zero/1.0/",
    attribution=(
        "footkg developers, from the competitions' own records (each row names its source: "
        "the Football League, the Premier League, UEFA, the national leagues)"
    ),
    changes="Written by the footkg developers; each champion is checked against the data.",
)


def load(path: Path | None = None) -> SourceData:
    """Read the official champions (default ``data/club-champions.csv``).

    Raises :class:`footkg.errors.SourceFormatError` for a missing file or column; a row with
    an empty competition, a bad season name or no source is skipped with its reason.
    """
    path = path or resources.data_dir() / FILE
    data = SourceData(info=INFO)
    rows = read_csv(path, dataset=DATASET, file=FILE, required=COLUMNS,
                    skipped=data.skipped, comments=True)  # fmt: skip
    for row in rows:
        ref = SourceRef(DATASET, FILE, row.line)
        f = {k: v.strip() for k, v in row.fields.items()}
        try:
            if not f["competition"]:
                raise RowError("missing-value", "competition is empty")
            try:
                season_year(f["season"])
            except ValueError as exc:
                raise RowError("bad-season", str(exc)) from None
            if not f["source"]:
                raise RowError("missing-value", "source is empty: every fact names its source")
        except RowError as error:
            skip(data.skipped, ref, error)
            continue
        data.official_champions.append(
            OfficialChampion(
                ref,
                f["competition"],
                f["season"],
                f["champion"] or None,
                f["note"] or None,
                f["source"],
            )
        )
    return data
