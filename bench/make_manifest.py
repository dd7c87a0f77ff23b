"""Regenerate ``data/datasets.json``, footkg's pinned dataset manifest (a maintainer's tool).

Usage: ``python bench/make_manifest.py DATA_DIR [OUT]`` where ``DATA_DIR`` is a local copy of the
datasets laid out as footkg reads them (``fjelstul-worldcup/data-csv/…``, ``intl-results/…``,
``openfootball-worldcup/<year>/…``, ``engsoccerdata-england/<decade>/<season>/…``,
``openfootball-football/<season>/…``, ``openfootball-euro/<year>/…``, ``country-codes/…``) at
the commits pinned below, byte for
byte as upstream. The script records each file's size and SHA-256 and its raw.githubusercontent
URL at the pinned commit. It is not needed at run time: footkg only reads the JSON it writes.
To move to a newer upstream snapshot, update the commits below, fetch the files, run it again.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

CC_BY_SA = {
    "name": "CC BY-SA 4.0 (Creative Commons Attribution-ShareAlike 4.0 International)",
    "iri": "https://creativecommons.org/licenses/by-sa/4.0/",
}
CC0 = {
    "name": "CC0 1.0 Universal",
    "iri": "https://creativecommons.org/publicdomain/zero/1.0/",
}
PDDL = {
    "name": "ODC-PDDL-1.0 (Open Data Commons Public Domain Dedication and License v1.0)",
    "iri": "https://opendatacommons.org/licenses/pddl/1-0/",
}

FJELSTUL_COMMIT = "35a8667f518b07469182ae16d35574dd0e7a00fb"
MARTJ42_COMMIT = "65d212aac5deec5157071dcf6e9b05fce0223c84"
OPENFOOTBALL_JSON_COMMIT = "aa2ac44b1d63444e96c2f6b559d012b4815f2a48"
OPENFOOTBALL_TXT_COMMIT = "bd46a148289f9930da66c140d4d7d2325e95d387"
COUNTRY_CODES_COMMIT = "caa72d1e0e5af8876c170bb36a9e4d64a01bba88"
ENGSOCCERDATA_COMMIT = "f1c9d41893a42afef0e72fd5c48ccfb51d166281"
FOOTBALL_JSON_COMMIT = "25cfaf102954ebbcdc48f9c2984198b71d48610d"
EURO_JSON_COMMIT = "2e4d46695df604854e05b9e892066af0f9d49064"

# dataset key -> metadata; "globs" are (pattern under the dataset folder, repository, commit,
# function from the path under the dataset folder to the upstream path).
DATASETS: dict[str, dict] = {
    "fjelstul-worldcup": {
        "title": "The Fjelstul World Cup Database",
        "repository": "jfjelstul/worldcup",
        "commit": FJELSTUL_COMMIT,
        "license": CC_BY_SA,
        "attribution": (
            "© 2023 Joshua C. Fjelstul, Ph.D. The Fjelstul World Cup Database, "
            "https://www.github.com/jfjelstul/worldcup, licensed under CC BY-SA 4.0 "
            "(https://creativecommons.org/licenses/by-sa/4.0/legalcode)."
        ),
        "globs": [("data-csv/*.csv", "jfjelstul/worldcup", FJELSTUL_COMMIT, lambda p: p)],
    },
    "intl-results": {
        "title": "International football results from 1872 (Mart Jürisoo)",
        "repository": "martj42/international_results",
        "commit": MARTJ42_COMMIT,
        "license": CC0,
        "attribution": None,
        "globs": [("*.csv", "martj42/international_results", MARTJ42_COMMIT, lambda p: p)],
    },
    "openfootball-worldcup": {
        "title": "openfootball World Cup (worldcup.json and Football.TXT stadiums)",
        "repository": "openfootball/worldcup.json",
        "commit": OPENFOOTBALL_JSON_COMMIT,
        "license": CC0,
        "attribution": None,
        "globs": [
            (
                "[12][90][0-9][0-9]/worldcup*.json",
                "openfootball/worldcup.json",
                OPENFOOTBALL_JSON_COMMIT,
                lambda p: p,
            ),
            (
                "stadiums-csv/*/cup_stadiums.csv",
                "openfootball/worldcup",
                OPENFOOTBALL_TXT_COMMIT,
                lambda p: p.removeprefix("stadiums-csv/"),
            ),
        ],
    },
    "engsoccerdata-england": {
        "title": "engsoccerdata: English Football League matches 1888-2019 (footballcsv cache)",
        "repository": "footballcsv/cache.soccerdata",
        "commit": ENGSOCCERDATA_COMMIT,
        "license": CC0,
        "attribution": None,
        "globs": [
            ("*/*/eng.*.csv", "footballcsv/cache.soccerdata", ENGSOCCERDATA_COMMIT, lambda p: p)
        ],
    },
    "openfootball-football": {
        "title": "openfootball football.json: club leagues and the Champions League",
        "repository": "openfootball/football.json",
        "commit": FOOTBALL_JSON_COMMIT,
        "license": CC0,
        "attribution": None,
        "globs": [("*/*.json", "openfootball/football.json", FOOTBALL_JSON_COMMIT, lambda p: p)],
    },
    "openfootball-euro": {
        "title": "openfootball euro.json: UEFA Euro 2020 and 2024",
        "repository": "openfootball/euro.json",
        "commit": EURO_JSON_COMMIT,
        "license": CC0,
        "attribution": None,
        "globs": [("*/euro.json", "openfootball/euro.json", EURO_JSON_COMMIT, lambda p: p)],
    },
    "country-codes": {
        "title": "Country codes (ISO 3166, FIFA, IOC, Wikidata)",
        "repository": "datasets/country-codes",
        "commit": COUNTRY_CODES_COMMIT,
        "license": PDDL,
        "attribution": None,
        "globs": [
            (
                "country-codes.csv",
                "datasets/country-codes",
                COUNTRY_CODES_COMMIT,
                lambda p: "data/" + p,
            )
        ],
    },
}


def file_entries(data_dir: Path, key: str, spec: dict) -> Iterator[dict]:
    """One manifest entry per file of dataset ``key`` found under ``data_dir``."""
    folder = data_dir / key
    for pattern, repo, commit, upstream in spec["globs"]:
        for file in sorted(folder.glob(pattern)):
            year = file.parent.name
            if year.isdigit() and not 1930 <= int(year) <= 2026:
                continue
            rel = file.relative_to(folder).as_posix()
            data = file.read_bytes()
            entry = {
                "path": f"{key}/{rel}",
                "url": f"https://raw.githubusercontent.com/{repo}/{commit}/{upstream(rel)}",
                "size": len(data),
                "sha256": hashlib.sha256(data).hexdigest(),
            }
            if (repo, commit) != (spec["repository"], spec["commit"]):
                entry["repository"] = f"https://github.com/{repo}"
                entry["commit"] = commit
            yield entry


def manifest(data_dir: Path) -> dict:
    """The manifest as a JSON-ready dict."""
    datasets = {}
    for key, spec in DATASETS.items():
        files = list(file_entries(data_dir, key, spec))
        if not files:
            raise SystemExit(f"no files for {key} under {data_dir}")
        datasets[key] = {
            "title": spec["title"],
            "repository": f"https://github.com/{spec['repository']}",
            "commit": spec["commit"],
            "license": spec["license"],
            "attribution": spec["attribution"],
            "files": files,
        }
    return {"format": 1, "datasets": datasets}


def main(argv: list[str]) -> None:
    """Write the manifest for ``argv[1]`` to ``argv[2]`` (default ``data/datasets.json``)."""
    data_dir = Path(argv[1])
    out = Path(argv[2]) if len(argv) > 2 else Path(__file__).parents[1] / "data/datasets.json"
    text = json.dumps(manifest(data_dir), indent=2, ensure_ascii=False) + "\n"
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main(sys.argv)
