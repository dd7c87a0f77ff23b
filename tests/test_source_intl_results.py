"""Tests of the martj42 international results loader against the real snapshot."""

from __future__ import annotations

from collections import Counter
from datetime import date
from pathlib import Path

import pytest

from footkg import vocab
from footkg.errors import SourceFormatError
from footkg.ingest.sources import intl_results
from footkg.model import SourceData


@pytest.fixture(scope="module")
def data(shared_data: Path) -> SourceData:
    return intl_results.load(shared_data)


def test_every_results_row_accounted_for(data: SourceData) -> None:
    skipped_results = [s for s in data.skipped if s.ref.file == "results.csv"]
    assert len(data.matches) + len(skipped_results) == 49520
    assert len({m.key for m in data.matches}) == len(data.matches)


def test_oldest_match(data: SourceData) -> None:
    oldest = min(data.matches, key=lambda m: m.date)
    assert oldest.date == date(1872, 11, 30)
    assert (oldest.home, oldest.away, oldest.home_score, oldest.away_score) == (
        "Scotland",
        "England",
        0,
        0,
    )
    assert oldest.competition == "Friendly" and oldest.neutral is False
    assert (oldest.city, oldest.country) == ("Glasgow", "Scotland")
    assert oldest.ref.line == 2


def test_tahiti_new_caledonia_same_day_twice(data: SourceData) -> None:
    base = "1974-02-17|Tahiti|New Caledonia"
    both = [m for m in data.matches if m.key in (base, base + "|2")]
    assert [(m.key, m.home_score, m.away_score) for m in both] == [
        (base, 2, 1), (base + "|2", 1, 2)
    ]  # fmt: skip


def test_world_cup_matches(data: SourceData) -> None:
    world_cup = [m for m in data.matches if m.competition == vocab.MENS_WORLD_CUP]
    assert len(world_cup) == 964 + 104
    assert all(m.edition_year == m.date.year for m in world_cup)
    assert "FIFA World Cup qualification" in {m.competition for m in data.matches}


def test_2022_final_shootout(data: SourceData) -> None:
    final = next(m for m in data.matches if m.key == "2022-12-18|Argentina|France")
    assert (final.home_score, final.away_score, final.neutral) == (3, 3, True)
    assert final.shootout is not None
    assert final.shootout.winner == "Argentina"
    assert final.shootout.first_shooter == "France"
    assert final.shootout.home_score is None


def test_shootouts(data: SourceData) -> None:
    """683 shoot-out rows: 1 has no results row (Saare County v Åland Islands), 37 follow a
    match that was not level (second legs decided on aggregate) and are skipped with a reason;
    the other 645 are attached to their match."""
    attached = [m for m in data.matches if m.shootout is not None]
    skipped = [s for s in data.skipped if s.ref.file == "shootouts.csv"]
    assert len(attached) + len(skipped) == 683
    assert len(attached) == 645
    assert all(m.home_score == m.away_score for m in attached)
    reasons = Counter(s.reason for s in skipped)
    assert reasons == {"no-match": 1, "shootout-not-level": 37}
    (saare,) = [s for s in skipped if s.reason == "no-match"]
    assert "2011-06-29|Saare County|Åland Islands" in saare.detail
    not_level = [s for s in skipped if s.reason == "shootout-not-level"]
    assert any("1973-04-21|Senegal|Ghana" in s.detail for s in not_level)


def test_goals(data: SourceData) -> None:
    assert len(data.goals) == 47914
    assert sum(g.minute is None for g in data.goals) == 254
    assert sum(g.scorer is None for g in data.goals) == 44
    assert max(g.minute or 0 for g in data.goals) == 122
    assert all(g.stoppage is None for g in data.goals)
    own = [g for g in data.goals if g.own_goal]
    assert len(own) == 936 and all(g.scorer_team != g.team for g in own)
    final = [g for g in data.goals if g.match_key == "2022-12-18|Argentina|France"]
    assert Counter(g.scorer for g in final) == {
        "Lionel Messi": 2, "Ángel Di María": 1, "Kylian Mbappé": 3
    }  # fmt: skip
    world_cup = {m.key: m for m in data.matches if m.competition == vocab.MENS_WORLD_CUP}
    per_match = Counter(g.match_key for g in data.goals if g.match_key in world_cup)
    assert all(per_match[k] == m.home_score + m.away_score for k, m in world_cup.items())


def test_former_names(data: SourceData) -> None:
    assert len(data.former_names) == 36
    benin = next(f for f in data.former_names if f.former == "Dahomey")
    assert (benin.current, benin.start, benin.end) == (
        "Benin",
        date(1959, 11, 8),
        date(1975, 11, 30),
    )


def _write(root: Path, name: str, lines: list[str]) -> None:
    (root / name).write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_duplicates_and_ambiguity_on_small_files(tmp_path: Path) -> None:
    root = tmp_path / "intl-results"
    root.mkdir()
    _write(root, "results.csv", [
        "date,home_team,away_team,home_score,away_score,tournament,city,country,neutral",
        "2000-01-01,A,B,1,0,Friendly,X,Y,FALSE",
        "2000-01-01,A,B,1,0,Friendly,X,Y,FALSE",
        "2000-01-01,A,B,0,2,Friendly,X,Y,FALSE",
        "2000-01-02,A,C,1,1,FIFA World Cup,X,Y,maybe",
        "2000-01-03,C,A,1,1,Cup,X,Y,TRUE",
    ])  # fmt: skip
    _write(root, "goalscorers.csv", [
        "date,home_team,away_team,team,scorer,minute,own_goal,penalty",
        "2000-01-01,A,B,A,Someone,10,FALSE,FALSE",
        "2000-01-03,C,A,C,NA,NA,TRUE,FALSE",
        "2000-01-03,C,A,D,Other,5,FALSE,FALSE",
        "2000-01-03,C,A,A,Third,400,FALSE,FALSE",
    ])  # fmt: skip
    _write(root, "shootouts.csv", [
        "date,home_team,away_team,winner,first_shooter",
        "2000-01-03,C,A,A,",
    ])  # fmt: skip
    _write(root, "former_names.csv", ["current,former,start_date,end_date"])
    data = intl_results.load(tmp_path)
    assert [m.key for m in data.matches] == ["2000-01-01|A|B", "2000-01-01|A|B|2", "2000-01-03|C|A"]
    assert data.matches[2].shootout is not None and data.matches[2].shootout.winner == "A"
    (goal,) = data.goals
    assert (goal.team, goal.scorer, goal.minute, goal.scorer_team) == ("C", None, None, "A")
    assert [(s.ref.file, s.ref.line, s.reason) for s in data.skipped] == [
        ("results.csv", 3, "duplicate-row"),
        ("results.csv", 5, "bad-bool"),
        ("goalscorers.csv", 2, "ambiguous-match"),
        ("goalscorers.csv", 4, "bad-team"),
        ("goalscorers.csv", 5, "bad-minute"),
    ]


def test_missing_column(tmp_path: Path) -> None:
    root = tmp_path / "intl-results"
    root.mkdir()
    _write(root, "results.csv", ["date,home_team,away_team,home_score", "2000-01-01,A,B,1"])
    with pytest.raises(
        SourceFormatError, match=r"results\.csv: missing required column.*away_score"
    ):
        intl_results.load(tmp_path)


def test_info() -> None:
    assert intl_results.INFO.key == "intl-results"
    assert intl_results.INFO.url == "https://github.com/martj42/international_results"
    assert intl_results.INFO.license == "http://creativecommons.org/publicdomain/zero/1.0/"
    assert intl_results.INFO.version == "65d212aac5deec5157071dcf6e9b05fce0223c84"
