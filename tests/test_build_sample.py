"""Builds without the full data: the offline fallback to the shipped sample of World Cup finals,
exports that re-parse, atomic rebuilds, and the CLI over the same store."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyoxigraph as ox
import pytest
import rdflib
from typer.testing import CliRunner

from footkg.cli.app import app
from footkg.ingest.pipeline import BuildOptions, build
from footkg.store.local import current_build, open_store


def _offline(tmp: Path, **extra) -> BuildOptions:
    return BuildOptions(
        store_path=tmp / "store",
        data_dir=None,
        cache_dir=tmp / "empty-cache",
        allow_download=False,
        **extra,
    )


@pytest.fixture(scope="module")
def sample_build(tmp_path_factory: pytest.TempPathFactory, monkeypatch_module):
    tmp = tmp_path_factory.mktemp("sample")
    return build(_offline(tmp, out_dir=tmp / "out", formats=("turtle", "trig", "nquads", "jsonld")))


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("FOOTKG_DATA_DIR", raising=False)
        mp.delenv("FOOTKG_DATA_URL", raising=False)
        yield mp


def test_offline_build_falls_back_to_the_sample_and_says_so(sample_build) -> None:
    assert sample_build.location.kind == "sample"
    assert "footkg data fetch" in sample_build.location.reason
    assert sample_build.validation is not None and sample_build.validation.conforms
    # the sample, and footkg's list of official champions for its 2003-04 Premier League
    assert [s.key for s in sample_build.sources] == ["sample", "club-champions"]


def test_sample_answers_the_champion_questions(sample_build) -> None:
    runner = CliRunner()
    store = str(sample_build.store_path)
    result = runner.invoke(app, ["query", "champions", "--store", store, "--format", "csv"])
    assert result.exit_code == 0, result.output
    # the CSV is on stdout; the note that this store holds the sample only is on stderr
    titles = {
        line.split(",")[1]: int(line.split(",")[2]) for line in result.stdout.splitlines()[1:]
    }
    assert titles == {"Brazil": 5, "Germany": 4, "Italy": 4, "Argentina": 3, "France": 2,
                      "Uruguay": 2, "Spain": 2, "England": 1}  # fmt: skip
    result = runner.invoke(app, ["query", "repeat-champions", "--store", store, "--format", "csv"])
    assert [line.split(",")[1] for line in result.stdout.splitlines()[1:]] == ["Italy", "Brazil"]
    result = runner.invoke(app, ["query", "finals", "--store", store, "--format", "csv"])
    assert len(result.stdout.splitlines()) == 1 + 23  # 22 finals and 1950's deciding match


def test_exports_reparse_in_rdflib_and_pyoxigraph(sample_build) -> None:
    files = {p.suffix: p for p in sample_build.exported}
    assert set(files) == {".ttl", ".trig", ".nq", ".jsonld"}
    store = open_store(sample_build.store_path)
    quads = len(store)
    dataset = rdflib.Dataset()
    dataset.parse(files[".trig"], format="trig")
    assert len(dataset) == quads
    merged = rdflib.Graph().parse(files[".ttl"], format="turtle")
    distinct_triples = len({(q.subject, q.predicate, q.object) for q in store})
    assert len(merged) == distinct_triples
    for suffix, fmt in ((".nq", ox.RdfFormat.N_QUADS), (".trig", ox.RdfFormat.TRIG),
                        (".jsonld", ox.RdfFormat.JSON_LD)):  # fmt: skip
        assert len(set(ox.parse(path=files[suffix], format=fmt))) == quads
    assert "Joshua C. Fjelstul" in files[".ttl"].read_text(encoding="utf-8")[:2000]


def test_rebuild_is_stable_and_replaces_the_old_build(tmp_path: Path, monkeypatch_module) -> None:
    first = build(_offline(tmp_path, validate=False))
    before = {str(q) for q in open_store(first.store_path)}
    old_folder = current_build(first.store_path)
    second = build(_offline(tmp_path, validate=False))
    after_store = open_store(second.store_path)
    after = {str(q) for q in after_store}

    # the same triples, but for the build time and the ontology's blank nodes (owl:unionOf
    # lists), which get fresh labels at every load
    def stable(quads: set[str]) -> set[str]:
        return {q for q in quads if "generatedAtTime" not in q and "_:" not in q}

    assert stable(before) == stable(after)
    assert len(before) == len(after)
    assert current_build(second.store_path) != old_folder


def test_killed_build_leaves_the_previous_store_usable(
    tmp_path: Path, monkeypatch_module, shared_data: Path
) -> None:
    done = build(_offline(tmp_path, validate=False))
    good = current_build(done.store_path)
    script = (
        "import sys; from pathlib import Path; "
        "from footkg.ingest.pipeline import BuildOptions, build; "
        "build(BuildOptions(store_path=Path(sys.argv[1]), data_dir=Path(sys.argv[2]), "
        "validate=True, engine='pyshacl'))"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("FOOTKG_")}
    proc = subprocess.Popen([sys.executable, "-c", script, str(done.store_path), str(shared_data)],
                            env=env)  # fmt: skip
    builds = done.store_path / "builds"
    deadline = time.monotonic() + 120
    while len(list(builds.iterdir())) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)  # wait until the new build has started writing its store
    assert len(list(builds.iterdir())) == 2, "the new build never started"
    time.sleep(2)  # loading the store or validating it
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert current_build(done.store_path) == good
    store = open_store(done.store_path)
    (row,) = store.query(
        "PREFIX fk: <https://w3id.org/footkg/ontology#> SELECT (COUNT(*) AS ?n) "
        "WHERE { ?e fk:champion ?t }",
        use_default_graph_as_union=True,
    )
    assert int(row["n"].value) == 23 + 1  # the 23 World Cups of the sample, Arsenal's 2003-04
    del store
    # the next build succeeds and clears the killed build's leftovers
    build(_offline(tmp_path, validate=False))
    assert len(list(builds.iterdir())) == 2  # the new build and the one before it


def test_cli_errors_are_clear(sample_build) -> None:
    runner = CliRunner()
    store = str(sample_build.store_path)
    result = runner.invoke(app, ["query", "champion", "--store", store])
    assert result.exit_code == 2
    assert "champions" in result.output  # suggested
    result = runner.invoke(app, ["query", "head-to-head", "--store", store,
                                 "-p", "team_a=Argentine", "-p", "team_b=England"])  # fmt: skip
    assert result.exit_code == 2
    assert "Argentina" in result.output
    result = runner.invoke(app, ["query", "champions", "--store", str(Path(store) / "nope")])
    assert result.exit_code == 2
    assert "footkg build" in result.output
    result = runner.invoke(app, ["query", "champions", "--store", store, "-p", "until=July 1966"])
    assert result.exit_code == 2
    assert "until" in result.output
