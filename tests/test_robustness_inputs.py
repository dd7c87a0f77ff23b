"""Broken and awkward inputs: each is loaded correctly or skipped with a clear reason, the rest
loads, and the summary counts it (issue: robustness)."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

from footkg import vocab
from footkg.cli.app import app
from footkg.ingest.integrate import integrate
from footkg.ingest.pipeline import BuildOptions, build
from footkg.ingest.resolve import TeamNames
from footkg.ingest.sources import intl_results
from footkg.model import DatasetInfo, Goal, Match, Player, SourceData, SourceRef, SquadEntry
from footkg.store.local import open_store


def _write(path: Path, lines: list[str]) -> None:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_score_with_a_shootout_written_in_the_score_field_is_skipped(tmp_path: Path) -> None:
    root = tmp_path / "intl-results"
    root.mkdir()
    _write(root / "results.csv", [
        "date,home_team,away_team,home_score,away_score,tournament,city,country,neutral",
        "2022-12-18,Argentina,France,3-3 (4-2 pen.),3,FIFA World Cup,Lusail,Qatar,TRUE",
        "2022-12-17,Croatia,Morocco,2,1,FIFA World Cup,Al Rayyan,Qatar,TRUE",
        "2022-12-14,France,Morocco,2,-1,FIFA World Cup,Al Khor,Qatar,TRUE",
    ])  # fmt: skip
    _write(
        root / "goalscorers.csv", ["date,home_team,away_team,team,scorer,minute,own_goal,penalty"]
    )
    _write(root / "shootouts.csv", ["date,home_team,away_team,winner,first_shooter"])
    _write(root / "former_names.csv", ["current,former,start_date,end_date"])
    data = intl_results.load(tmp_path)
    assert [(m.home, m.home_score, m.away_score) for m in data.matches] == [("Croatia", 2, 1)]
    reasons = [(s.ref.line, s.reason) for s in data.skipped]
    assert reasons[0][0] == 2 and "3-3 (4-2 pen.)" in data.skipped[0].detail
    assert reasons[1][0] == 4 and "-1" in data.skipped[1].detail


def _info(key: str) -> DatasetInfo:
    return DatasetInfo(key, key, f"https://example.org/{key}", "1", "http://x/licence")


def test_two_players_with_one_name_in_one_squad_stay_apart() -> None:
    """Two "Ronaldo"s in one squad (different birth dates) get two IRIs; a goal another source
    credits to "Ronaldo" for that team, with no player ID, names no player rather than guess."""
    ref = SourceRef("a", "players.csv", 2)
    squad = SourceData(
        info=_info("a"),
        players=[
            Player(ref, "P-1", "Ronaldo", birth_date=date(1976, 9, 18)),
            Player(ref, "P-2", "Ronaldo", birth_date=date(1985, 2, 5)),
        ],
        squads=[
            SquadEntry(ref, vocab.MENS_WORLD_CUP, 2002, "Brazil", "P-1"),
            SquadEntry(ref, vocab.MENS_WORLD_CUP, 2002, "Brazil", "P-2"),
        ],
    )
    match = Match(ref=SourceRef("b", "r", 2), key="m", date=date(2002, 6, 3), home="Brazil",
                  away="Turkey", home_score=2, away_score=1, competition="Friendly")  # fmt: skip
    goal = Goal(ref=SourceRef("b", "g", 2), match_key="m", team="Brazil", scorer="Ronaldo",
                minute=50)  # fmt: skip
    other = SourceData(info=_info("b"), matches=[match], goals=[goal])
    data = integrate([squad, other], TeamNames([]))
    assert len([p for p in data.players.values() if p.label == "Ronaldo"]) == 2
    (rm,) = data.matches.values()
    (g,) = rm.goals
    assert (g.scorer_iri, g.scorer_name) == (None, "Ronaldo")
    assert data.unresolved["ambiguous scorer name in squad"] == 1


def test_a_corrected_source_replaces_the_old_facts(tmp_path: Path, shared_data: Path) -> None:
    """Rebuilding after a source file changed leaves no trace of the old value (a data folder
    with the international results alone: the other datasets are failed sources, the build goes
    on without them)."""
    data_dir = tmp_path / "data"
    shutil.copytree(shared_data / "intl-results", data_dir / "intl-results")
    results = data_dir / "intl-results" / "results.csv"
    results.chmod(0o644)
    options = BuildOptions(store_path=tmp_path / "store", data_dir=data_dir,
                           cache_dir=tmp_path / "cache", validate=False)  # fmt: skip

    def scores() -> set[tuple[int, int]]:
        query = """PREFIX fk: <https://w3id.org/footkg/ontology#>
        SELECT ?h ?a WHERE { <https://w3id.org/footkg/resource/match/1872-11-30-scotland-england>
          fk:homeScore ?h ; fk:awayScore ?a }"""
        store = open_store(options.store_path)
        return {(int(r["h"].value), int(r["a"].value))
                for r in store.query(query, use_default_graph_as_union=True)}  # fmt: skip

    first = build(options)
    assert "intl-results" not in first.failed and "fjelstul-worldcup" in first.failed
    assert scores() == {(0, 0)}
    text = results.read_text(encoding="utf-8")
    results.write_text(
        text.replace("1872-11-30,Scotland,England,0,0", "1872-11-30,Scotland,England,1,0"),
        encoding="utf-8",
    )
    build(options)
    assert scores() == {(1, 0)}


def test_a_query_with_a_huge_result_is_cut_with_a_message(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("FOOTKG_DATA_DIR", raising=False)
    store = tmp_path / "store"
    build(BuildOptions(store_path=store, data_dir=None, cache_dir=tmp_path / "c",
                       allow_download=False, validate=False))  # fmt: skip
    query = tmp_path / "everything.rq"
    query.write_text("SELECT ?s ?p ?o WHERE { ?s ?p ?o }", encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(app, ["query", str(query), "--store", str(store), "--format", "csv",
                                 "--max-rows", "50"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "showing the first 50 rows" in result.output
    full = runner.invoke(app, ["query", str(query), "--store", str(store), "--format", "csv"])
    assert len(full.output.splitlines()) > 1000


@pytest.mark.parametrize("text", ["", "\x00\x01binary\xff", "no match in this text at all"])
def test_extract_bad_reports_get_a_clear_message(tmp_path: Path, text: str) -> None:
    report = tmp_path / "r.txt"
    report.write_bytes(text.encode("latin-1"))
    result = CliRunner().invoke(app, ["extract", str(report), "--format", "json",
                                      "--store", str(tmp_path / "none")])  # fmt: skip
    assert "Traceback" not in result.output
    assert result.exit_code in (0, 2)


def test_a_5_mb_report_is_refused_with_its_size(tmp_path: Path) -> None:
    report = tmp_path / "huge.txt"
    report.write_text("Argentina beat England 2-1 in the semi-final. " * 110_000, encoding="utf-8")
    assert report.stat().st_size > 5_000_000
    result = CliRunner().invoke(app, ["extract", str(report), "--format", "json",
                                      "--store", str(tmp_path / "none")])  # fmt: skip
    assert result.exit_code == 2
    assert "bytes" in result.output and "Traceback" not in result.output


def test_an_awarded_match_with_no_scorers_loads(tmp_path: Path) -> None:
    """martj42 has no flag for awarded results: a 3-0 with no goal rows loads as a match with
    no goals (the goals-add-up check is a warning, and only for World Cup matches)."""
    root = tmp_path / "intl-results"
    root.mkdir()
    _write(root / "results.csv", [
        "date,home_team,away_team,home_score,away_score,tournament,city,country,neutral",
        "2015-03-26,Bolivia,Chile,3,0,Friendly,La Paz,Bolivia,FALSE",
    ])  # fmt: skip
    _write(
        root / "goalscorers.csv", ["date,home_team,away_team,team,scorer,minute,own_goal,penalty"]
    )
    _write(root / "shootouts.csv", ["date,home_team,away_team,winner,first_shooter"])
    _write(root / "former_names.csv", ["current,former,start_date,end_date"])
    data = intl_results.load(tmp_path)
    assert [(m.home_score, m.away_score) for m in data.matches] == [(3, 0)]
    assert data.goals == [] and data.skipped == []


def test_a_million_row_results_file_loads_and_counts_its_duplicates(tmp_path: Path) -> None:
    """A CSV of a million rows loads (about half a minute, memory linear in the rows); the
    exact duplicate rows it contains are skipped and counted, not lost silently."""
    root = tmp_path / "intl-results"
    root.mkdir()
    header = "date,home_team,away_team,home_score,away_score,tournament,city,country,neutral"
    with (root / "results.csv").open("w", encoding="utf-8") as out:
        out.write(header + "\n")
        for i in range(1_000_000):
            day = f"{1900 + i % 120}-{1 + i % 12:02d}-{1 + (i // 12) % 28:02d}"
            out.write(f"{day},Team {i % 307},Team {(i * 7 + 1) % 311},{i % 5},{i % 3},"
                      f"Friendly,City,Country,FALSE\n")  # fmt: skip
    _write(
        root / "goalscorers.csv", ["date,home_team,away_team,team,scorer,minute,own_goal,penalty"]
    )
    _write(root / "shootouts.csv", ["date,home_team,away_team,winner,first_shooter"])
    _write(root / "former_names.csv", ["current,former,start_date,end_date"])
    data = intl_results.load(tmp_path)
    reasons = data.skipped_by_reason()
    assert len(data.matches) + sum(reasons.values()) == 1_000_000
    assert set(reasons) <= {"duplicate-row"}
