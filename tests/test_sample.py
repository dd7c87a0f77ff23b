"""The built-in sample of World Cup finals: its records, known facts, malformed rows, and a
row-by-row comparison with the Fjelstul database (1930–2022) and openfootball (2026)."""

from __future__ import annotations

import csv
import json
import shutil
from collections import Counter
from datetime import date
from pathlib import Path

import pytest

from footkg import vocab
from footkg.errors import SourceFormatError
from footkg.ingest.sources import sample
from footkg.model import Goal, Match, Shootout, SourceData

# Venue countries the sample names as at the time where Fjelstul uses today's name.
VENUE_COUNTRY_AT_THE_TIME = {1974: ("West Germany", "Germany")}


@pytest.fixture(scope="module")
def data() -> SourceData:
    return sample.load()


def _world_cup(data: SourceData) -> list[Match]:
    """The sample's World Cup matches (the finals and 1950's decider), without its league season."""
    return [m for m in data.matches if m.team_kind == "national"]


def _final(data: SourceData, year: int) -> Match:
    return next(m for m in _world_cup(data) if m.edition_year == year)


def _goals(data: SourceData, year: int) -> list[Goal]:
    return [g for g in data.goals if g.match_key == f"sample-{year}"]


# --- what the sample holds --------------------------------------------------------------------


def test_counts(data: SourceData) -> None:
    assert data.skipped == []
    assert len(data.tournaments) == 23  # 1930-2022 and 2026
    assert len(_world_cup(data)) == 23  # 22 finals + 1950's deciding final-round match
    # the 2003-04 Premier League: 20 clubs, 380 matches, Arsenal unbeaten
    assert len(data.matches) - 23 == 380
    assert len(data.goals) == 84
    assert [m.edition_year for m in data.matches if m.stage == "final round"] == [1950]
    assert data.info.key == "sample"
    assert data.info.license == "https://creativecommons.org/licenses/by-sa/4.0/"
    assert "© 2023 Joshua C. Fjelstul, Ph.D." in (data.info.attribution or "")


def test_goals_add_up_to_the_scores(data: SourceData) -> None:
    for match in _world_cup(data):
        credited = Counter(g.team for g in _goals(data, match.edition_year))
        assert (credited[match.home], credited[match.away]) == (
            match.home_score,
            match.away_score,
        ), match.key


def test_champions(data: SourceData) -> None:
    titles = Counter(t.champion for t in data.tournaments)
    assert titles == {
        "Brazil": 5,
        "Italy": 4,
        "West Germany": 3,
        "Germany": 1,
        "Argentina": 3,
        "France": 2,
        "Uruguay": 2,
        "England": 1,
        "Spain": 2,
    }


def test_hosts(data: SourceData) -> None:
    hosts = {t.year: t.hosts for t in data.tournaments}
    assert hosts[2002] == ("South Korea", "Japan")
    assert hosts[2026] == ("United States", "Canada", "Mexico")
    assert hosts[1974] == ("West Germany",)
    assert all(t.competition == vocab.MENS_WORLD_CUP for t in data.tournaments)


def test_1950_deciding_match(data: SourceData) -> None:
    match = _final(data, 1950)
    assert match.stage == "final round"
    assert (match.date, match.home, match.away) == (date(1950, 7, 16), "Uruguay", "Brazil")
    assert (match.home_score, match.away_score) == (2, 1)
    assert match.stadium == "Estádio do Maracanã"
    assert [(g.scorer, g.minute) for g in _goals(data, 1950)] == [
        ("Friaça", 47),
        ("Juan Alberto Schiaffino", 66),
        ("Alcides Ghiggia", 79),
    ]


def test_1966_final(data: SourceData) -> None:
    match = _final(data, 1966)
    assert (match.home, match.away, match.home_score, match.away_score) == (
        "England",
        "West Germany",
        4,
        2,
    )
    assert match.extra_time is True
    assert match.shootout is None
    hurst = [g.minute for g in _goals(data, 1966) if g.scorer == "Geoff Hurst"]
    assert hurst == [18, 101, 120]


def test_2022_final_shootout_is_not_goals(data: SourceData) -> None:
    match = _final(data, 2022)
    assert (match.home_score, match.away_score, match.extra_time) == (3, 3, True)
    assert match.shootout == Shootout(home_score=4, away_score=2, winner="Argentina")
    goals = _goals(data, 2022)
    assert len(goals) == 6
    assert [g.minute for g in goals if g.scorer == "Kylian Mbappé"] == [80, 81, 118]
    assert sum(g.penalty for g in goals) == 3
    assert all(g.minute <= 120 for g in goals)


def test_2026_final(data: SourceData) -> None:
    match = _final(data, 2026)
    assert (match.home, match.away, match.home_score, match.away_score) == (
        "Spain",
        "Argentina",
        1,
        0,
    )
    assert match.extra_time is True
    assert (match.stadium, match.city) == ("MetLife Stadium", "East Rutherford")
    [goal] = _goals(data, 2026)
    assert (goal.scorer, goal.team, goal.minute, goal.stoppage) == (
        "Ferran Torres",
        "Spain",
        106,
        None,
    )


def test_own_goal_and_stoppage_time(data: SourceData) -> None:
    [own] = [g for g in data.goals if g.own_goal]
    assert (own.scorer, own.team, own.scorer_team, own.minute) == (
        "Mario Mandžukić",
        "France",
        "Croatia",
        18,
    )
    petit = next(g for g in _goals(data, 1998) if g.scorer == "Emmanuel Petit")
    assert (petit.minute, petit.stoppage) == (90, 3)


def test_shootouts(data: SourceData) -> None:
    shootouts = {m.edition_year: m.shootout for m in _world_cup(data) if m.shootout}
    assert shootouts == {
        1994: Shootout(3, 2, "Brazil"),
        2006: Shootout(5, 3, "Italy"),
        2022: Shootout(4, 2, "Argentina"),
    }


# --- malformed input --------------------------------------------------------------------------


def _copy_sample(tmp_path: Path) -> Path:
    target = tmp_path / "sample"
    shutil.copytree(sample.SAMPLE_DIR, target)
    return target


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_malformed_rows_are_skipped_with_file_and_line(tmp_path: Path) -> None:
    folder = _copy_sample(tmp_path)
    finals = folder / sample.FINALS
    _replace(finals, "1930-07-30", "1930-13-30")  # line 2
    _replace(finals, "Italy,Czechoslovakia,2,1", "Italy,Czechoslovakia,two,1")  # line 3
    _replace(folder / sample.GOALS, "2026,Spain,Ferran Torres,106", "2026,Spain,Ferran Torres,x")
    _replace(folder / sample.EDITIONS, "2018,Russia,France", "2019,Russia,France")

    data = sample.load(folder)
    skipped = {(s.ref.file, s.ref.line): s.reason for s in data.skipped}
    assert skipped[(sample.FINALS, 2)] == "bad-date"
    assert skipped[(sample.FINALS, 3)] == "bad-score"
    assert skipped[(sample.GOALS, 85)] == "bad-minute"
    assert skipped[(sample.EDITIONS, 22)] == "bad-year"
    # the goals of the two dropped finals cannot be tied to a match
    assert Counter(s.reason for s in data.skipped)["unknown-match"] == 6 + 3
    assert len(_world_cup(data)) == 21
    assert "two" in str(next(s for s in data.skipped if s.reason == "bad-score"))


def test_missing_file_or_column_is_a_format_error(tmp_path: Path) -> None:
    folder = _copy_sample(tmp_path)
    _replace(folder / sample.GOALS, "own_goal", "owngoal")
    with pytest.raises(SourceFormatError, match="own_goal"):
        sample.load(folder)
    (folder / sample.EDITIONS).unlink()
    with pytest.raises(SourceFormatError, match="world-cup-editions"):
        sample.load(folder)


# --- the facts agree with the public datasets -------------------------------------------------


def _csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _mens(rows: list[dict[str, str]]) -> list[dict[str, str]]:
    return [r for r in rows if "Men's" in r["tournament_name"]]


def _fjelstul_deciders(shared_data: Path) -> dict[int, dict[str, str]]:
    matches = _mens(_csv(shared_data / "fjelstul-worldcup/data-csv/matches.csv"))
    return {
        int(m["match_date"][:4]): m
        for m in matches
        if m["stage_name"] == "final" or m["match_id"] == "M-1950-22"
    }


def test_finals_agree_with_fjelstul(data: SourceData, shared_data: Path) -> None:
    reference = _fjelstul_deciders(shared_data)
    assert set(reference) == {m.edition_year for m in _world_cup(data)} - {2026}
    for year, ref in reference.items():
        match = _final(data, year)
        country = VENUE_COUNTRY_AT_THE_TIME.get(year, (ref["country_name"],))[0]
        shootout = None
        if ref["penalty_shootout"] == "1":
            shootout = (
                int(ref["home_team_score_penalties"]),
                int(ref["away_team_score_penalties"]),
            )
        assert (
            match.date.isoformat(),
            match.stage,
            match.stadium,
            match.city,
            match.home,
            match.away,
            match.home_score,
            match.away_score,
            match.extra_time,
        ) == (
            ref["match_date"],
            ref["stage_name"],
            ref["stadium_name"],
            ref["city_name"],
            ref["home_team_name"],
            ref["away_team_name"],
            int(ref["home_team_score"]),
            int(ref["away_team_score"]),
            ref["extra_time"] == "1",
        ), year
        assert match.country == country, year
        if year in VENUE_COUNTRY_AT_THE_TIME:
            assert ref["country_name"] == VENUE_COUNTRY_AT_THE_TIME[year][1]
        got = (match.shootout.home_score, match.shootout.away_score) if match.shootout else None
        assert got == shootout, year


def test_goals_agree_with_fjelstul(data: SourceData, shared_data: Path) -> None:
    deciders = {m["match_id"]: year for year, m in _fjelstul_deciders(shared_data).items()}
    expected = Counter()
    for g in _csv(shared_data / "fjelstul-worldcup/data-csv/goals.csv"):
        if g["match_id"] not in deciders:
            continue
        given = g["given_name"]
        name = g["family_name"] if given == "not applicable" else f"{given} {g['family_name']}"
        stoppage = int(g["minute_stoppage"]) or None
        expected[
            (
                deciders[g["match_id"]],
                g["team_name"],
                name,
                int(g["minute_regulation"]),
                stoppage,
                g["penalty"] == "1",
                g["own_goal"] == "1",
            )
        ] += 1
    actual = Counter(
        (
            int(g.match_key.removeprefix("sample-")),
            g.team,
            g.scorer,
            g.minute,
            g.stoppage,
            g.penalty,
            g.own_goal,
        )
        for g in data.goals
        if g.match_key != "sample-2026"
    )
    assert actual == expected
    assert sum(expected.values()) == 83


def test_editions_agree_with_fjelstul(data: SourceData, shared_data: Path) -> None:
    folder = shared_data / "fjelstul-worldcup/data-csv"
    hosts: dict[int, set[str]] = {}
    for row in _mens(_csv(folder / "host_countries.csv")):
        hosts.setdefault(int(row["tournament_id"][3:]), set()).add(row["team_name"])
    places = {
        (int(r["tournament_id"][3:]), r["position"]): r["team_name"]
        for r in _mens(_csv(folder / "tournament_standings.csv"))
    }
    winners = {int(r["year"]): r["winner"] for r in _mens(_csv(folder / "tournaments.csv"))}
    editions = {r["year"]: r for r in _csv(sample.SAMPLE_DIR / sample.EDITIONS)}
    for tournament in data.tournaments:
        year = tournament.year
        if year == 2026:
            continue
        assert set(tournament.hosts) == hosts[year], year
        assert tournament.champion == places[(year, "1")] == winners[year], year
        assert editions[str(year)]["runner_up"] == places[(year, "2")], year
    assert len(hosts) == 22


def test_2026_agrees_with_openfootball(data: SourceData, shared_data: Path) -> None:
    folder = shared_data / "openfootball-worldcup/2026"
    matches = json.loads((folder / "worldcup.json").read_text(encoding="utf-8"))["matches"]
    [final] = [m for m in matches if m["round"] == "Final"]
    stadiums = json.loads((folder / "worldcup.stadiums.json").read_text(encoding="utf-8"))
    [ground] = [s for s in stadiums["stadiums"] if s["city"] == final["ground"]]
    match = _final(data, 2026)
    home_score, away_score = final["score"]["et"]
    assert (match.date.isoformat(), match.home, match.away) == (
        final["date"],
        final["team1"],
        final["team2"],
    )
    assert (match.home_score, match.away_score) == (home_score, away_score)
    assert match.extra_time == ("et" in final["score"])
    assert match.shootout is None and "p" not in final["score"]
    assert match.stadium == ground["name"]
    assert match.city in final["ground"]
    [goal] = _goals(data, 2026)
    [ref_goal] = final["goals1"]
    assert (goal.scorer, goal.minute) == (ref_goal["name"], int(ref_goal["minute"]))
    assert {s["cc"] for s in stadiums["stadiums"]} == {"us", "ca", "mx"}
    edition = next(t for t in data.tournaments if t.year == 2026)
    assert edition.champion == final["team1"]
