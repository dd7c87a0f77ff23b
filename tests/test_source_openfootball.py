"""Tests of the openfootball World Cup loader against the real snapshot."""

from __future__ import annotations

import json
from collections import Counter
from datetime import date
from pathlib import Path

import pytest

from footkg import vocab
from footkg.errors import SourceFormatError
from footkg.ingest.sources import openfootball
from footkg.ingest.sources.common import RowError
from footkg.model import SourceData


@pytest.fixture(scope="module")
def data(shared_data: Path) -> SourceData:
    return openfootball.load(shared_data)


def _match(data: SourceData, key: str):
    return next(m for m in data.matches if m.key == key)


def test_counts(data: SourceData) -> None:
    assert data.skipped == []
    years = Counter(m.edition_year for m in data.matches)
    assert years[2026] == 104
    assert sum(n for year, n in years.items() if year <= 2022) == 965
    assert 2025 not in years
    assert {m.competition for m in data.matches} == {vocab.MENS_WORLD_CUP}
    assert {m.stage for m in data.matches} <= set(vocab.STAGES)


def test_2026_final(data: SourceData) -> None:
    final = _match(data, "2026-104")
    assert (final.home, final.away, final.home_score, final.away_score) == (
        "Spain", "Argentina", 1, 0
    )  # fmt: skip
    assert final.extra_time is True and final.shootout is None
    assert final.stage == "final" and final.match_number == 104
    assert (final.stadium, final.city, final.country) == (
        "MetLife Stadium", "East Rutherford", "United States"
    )  # fmt: skip
    (goal,) = [g for g in data.goals if g.match_key == "2026-104"]
    assert (goal.scorer, goal.minute, goal.team) == ("Ferran Torres", 106, "Spain")


def test_2026_semi_final(data: SourceData) -> None:
    semi = _match(data, "2026-102")
    assert (semi.home, semi.away, semi.home_score, semi.away_score) == (
        "England", "Argentina", 1, 2
    )  # fmt: skip
    assert semi.date == date(2026, 7, 15) and semi.stage == "semi-final"
    goals = {(g.scorer, g.minute, g.team) for g in data.goals if g.match_key == "2026-102"}
    assert goals == {
        ("Anthony Gordon", 55, "England"),
        ("Enzo Fernández", 86, "Argentina"),
        ("Lautaro Martínez", 92, "Argentina"),
    }


def test_2026_stoppage_goal(data: SourceData) -> None:
    match = _match(data, "2026-095")
    assert (match.home, match.away, match.home_score, match.away_score) == (
        "Argentina", "Egypt", 3, 2
    )  # fmt: skip
    assert match.stage == "round of 16" and match.stadium == "Mercedes-Benz Stadium"
    late = next(g for g in data.goals if g.match_key == "2026-095" and g.scorer == "Enzo Fernández")
    assert (late.minute, late.stoppage) == (90, 2)


def test_2022_final(data: SourceData) -> None:
    final = _match(data, "2022-064")
    assert (final.home_score, final.away_score, final.extra_time) == (3, 3, True)
    assert final.shootout is not None
    assert (final.shootout.home_score, final.shootout.away_score) == (4, 2)
    assert final.shootout.winner == "Argentina"
    assert (final.stadium, final.city) == ("Lusail Iconic Stadium", "Lusail")
    goals = [g for g in data.goals if g.match_key == "2022-064"]
    assert Counter(g.scorer for g in goals) == {
        "Lionel Messi": 2, "Ángel Di María": 1, "Kylian Mbappé": 3
    }  # fmt: skip
    assert sum(g.penalty for g in goals) == 3


def test_1938_walkover_and_replays(data: SourceData) -> None:
    walkover = next(m for m in data.matches if m.walkover_winner)
    assert (walkover.home, walkover.away, walkover.walkover_winner) == (
        "Sweden", "Austria", "Sweden"
    )  # fmt: skip
    assert walkover.home_score is None and walkover.away_score is None
    replays = {m.key: m.replay_of for m in data.matches if m.replay_of}
    assert replays == {
        "1934-013": "1934-011",
        "1938-009": "1938-004",
        "1938-010": "1938-001",
        "1938-015": "1938-011",
    }
    assert {m.key for m in data.matches if m.replayed} == set(replays.values())
    germany_swiss = _match(data, "1938-010")
    assert germany_swiss.stage == "round of 16"
    own = next(g for g in data.goals if g.match_key == "1938-010" and g.own_goal)
    assert (own.scorer, own.team, own.scorer_team) == ("Lörtscher", "Germany", "Switzerland")


def test_stage_spellings(data: SourceData) -> None:
    stages_1982 = Counter(m.stage for m in data.matches if m.edition_year == 1982)
    assert stages_1982 == {
        "group stage": 36, "second group stage": 12, "semi-final": 2,
        "third-place play-off": 1, "final": 1,
    }  # fmt: skip
    assert Counter(m.stage for m in data.matches if m.edition_year == 1950) == {
        "group stage": 16, "final round": 6
    }  # fmt: skip
    assert sum(m.stage == "third-place play-off" for m in data.matches) == 23 - 2  # not 1930, 1950
    assert sum(m.stage == "round of 32" for m in data.matches) == 16


@pytest.mark.parametrize(
    ("round_name", "group", "letters", "expected"),
    [
        ("Matchday 3", "Group A", False, ("group stage", False)),
        ("Matchday 13", "Group A", True, ("second group stage", False)),
        ("Matchday 2", "Group 4", True, ("group stage", False)),
        ("Group 2 Play-off", None, False, ("group stage", False)),
        ("Quarterfinals", None, False, ("quarter-final", False)),
        ("Quarter-finals, Replays", None, False, ("quarter-final", True)),
        ("First round, Replays", None, False, ("round of 16", True)),
        ("First round", "Group 1", False, ("group stage", False)),
        ("Match for third place", None, False, ("third-place play-off", False)),
        ("Third place play-off", None, False, ("third-place play-off", False)),
        ("Third-place match", None, False, ("third-place play-off", False)),
        ("Semifinals", None, False, ("semi-final", False)),
        ("Final Round", None, False, ("final round", False)),
    ],
)
def test_stage_of(round_name: str, group: str | None, letters: bool, expected: tuple) -> None:
    assert openfootball.stage_of(round_name, group, letters) == expected


def test_stage_of_unknown() -> None:
    with pytest.raises(RowError) as info:
        openfootball.stage_of("Fifth round", None, False)
    assert info.value.reason == "bad-stage"


def test_stadiums(data: SourceData) -> None:
    metlife = next(s for s in data.stadiums if s.name == "MetLife Stadium")
    assert metlife.wikidata == "Q10862290"
    assert metlife.capacity == 82500
    assert metlife.wikipedia == "https://en.wikipedia.org/wiki/MetLife_Stadium"
    with_qid = [s for s in data.stadiums if s.wikidata]
    assert len(with_qid) == 16
    assert len(data.stadiums) == 12 + 12 + 8 + 16


def test_teams_and_squads(data: SourceData) -> None:
    assert len(data.teams) == 48
    mexico = next(t for t in data.teams if t.name == "Mexico")
    assert (mexico.code, mexico.confederation, mexico.gender) == ("MEX", "CONCACAF", "men")
    assert len(data.players) == len(data.squads) == 1248
    kovar = next(p for p in data.players if p.name == "Matěj Kovář")
    assert kovar.source_id == "2026/Czech Republic/Matěj Kovář"
    assert kovar.birth_date == date(2000, 5, 17)
    entry = next(s for s in data.squads if s.player_id == kovar.source_id)
    assert (entry.team, entry.shirt_number, entry.position, entry.year) == (
        "Czech Republic", 1, "goalkeeper", 2026
    )  # fmt: skip
    assert {s.position for s in data.squads} == {"goalkeeper", "defender", "midfielder", "forward"}


def test_bad_items_are_skipped(tmp_path: Path) -> None:
    folder = tmp_path / "openfootball-worldcup" / "1930"
    folder.mkdir(parents=True)
    matches = [
        {"round": "Matchday 1", "group": "Group 1", "date": "1930-07-13", "team1": "France",
         "team2": "Mexico", "score": {"ft": [4, 1]}, "ground": "Estadio Pocitos, Montevideo",
         "goals1": [{"name": "Laurent", "minute": 19}, {"name": "X", "minute": "999"}]},
        {"round": "Matchday 1", "date": "1930-07-13", "team1": "A", "team2": "B",
         "score": {"ft": [1]}},
        {"round": "Fifth round", "date": "1930-07-14", "team1": "A", "team2": "B",
         "score": {"ft": [1, 0]}},
    ]  # fmt: skip
    (folder / "worldcup.json").write_text(json.dumps({"matches": matches}), encoding="utf-8")
    data = openfootball.load(tmp_path)
    (match,) = data.matches
    assert (match.key, match.stadium, match.city) == ("1930-001", "Estadio Pocitos", "Montevideo")
    assert [(g.scorer, g.minute) for g in data.goals] == [("Laurent", 19)]
    assert [(s.ref.line, s.reason) for s in data.skipped] == [
        (1, "bad-minute"), (2, "bad-score"), (3, "bad-stage")
    ]  # fmt: skip


def test_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(SourceFormatError, match="openfootball-worldcup"):
        openfootball.load(tmp_path)


def test_info() -> None:
    assert openfootball.INFO.key == "openfootball-worldcup"
    assert openfootball.INFO.url == "https://github.com/openfootball/worldcup.json"
    assert openfootball.INFO.version == "aa2ac44b1d63444e96c2f6b559d012b4815f2a48"
