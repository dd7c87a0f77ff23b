"""Tests of the Fjelstul World Cup Database loader against the real snapshot."""

from __future__ import annotations

from collections import Counter
from datetime import date
from pathlib import Path

import pytest

from footkg import vocab
from footkg.errors import SourceFormatError
from footkg.ingest.sources import fjelstul
from footkg.model import SourceData, SourceRef


@pytest.fixture(scope="module")
def data(shared_data: Path) -> SourceData:
    return fjelstul.load(shared_data)


def test_nothing_skipped_in_snapshot(data: SourceData) -> None:
    assert data.skipped == []


def test_match_counts_by_gender(data: SourceData) -> None:
    assert Counter(m.gender for m in data.matches) == {"men": 964, "women": 284}
    assert {m.competition for m in data.matches if m.gender == "women"} == {vocab.WOMENS_WORLD_CUP}


def test_stages_are_vocabulary_keys(data: SourceData) -> None:
    stages = Counter(m.stage for m in data.matches)
    assert set(stages) <= set(vocab.STAGES)
    assert stages["quarter-final"] == 70 + 32  # men's "quarter-finals" + women's "quarter-final"
    assert stages["third-place play-off"] == 28
    assert stages["final round"] == 6


def test_2022_final(data: SourceData) -> None:
    final = next(m for m in data.matches if m.key == "M-2022-64")
    assert (final.home, final.away, final.home_score, final.away_score) == (
        "Argentina",
        "France",
        3,
        3,
    )
    assert final.extra_time is True
    assert final.stage == "final" and final.group is None
    assert final.edition_year == 2022 and final.date == date(2022, 12, 18)
    assert final.shootout is not None
    assert (final.shootout.home_score, final.shootout.away_score) == (4, 2)
    assert final.shootout.winner == "Argentina"
    assert final.shootout.first_shooter == "Argentina"


def test_2022_final_goals_and_kicks(data: SourceData) -> None:
    goals = [g for g in data.goals if g.match_key == "M-2022-64"]
    assert len(goals) == 6
    assert Counter(g.scorer for g in goals) == {
        "Lionel Messi": 2,
        "Ángel Di María": 1,
        "Kylian Mbappé": 3,
    }
    kicks = [k for k in data.kicks if k.match_key == "M-2022-64"]
    assert [k.number for k in kicks] == list(range(1, len(kicks) + 1))
    assert sum(k.converted for k in kicks) == 4 + 2
    assert not any(g.source_id and g.source_id.startswith("PK-") for g in data.goals)
    stoppage = next(g for g in goals if g.scorer == "Kylian Mbappé" and g.minute == 118)
    assert stoppage.penalty is True and stoppage.stoppage is None


def test_klose_16_goals_and_own_goals(data: SourceData) -> None:
    klose = next(p for p in data.players if p.name == "Miroslav Klose")
    assert sum(g.player_id == klose.source_id for g in data.goals) == 16
    own = [g for g in data.goals if g.own_goal]
    assert len(own) == 79
    assert all(g.team != g.scorer_team for g in own)
    assert sum(g.penalty for g in data.goals) == 292


def test_stoppage_minutes(data: SourceData) -> None:
    assert all(g.stoppage is None or g.stoppage >= 1 for g in data.goals)
    assert sum(g.stoppage is not None for g in data.goals) == 3637 - 3472


def test_replays_1934_italy_spain(data: SourceData) -> None:
    by_key = {m.key: m for m in data.matches}
    drawn, replay = by_key["M-1934-12"], by_key["M-1934-13"]
    assert drawn.replayed is True and drawn.replay_of is None
    assert replay.replay_of == "M-1934-12" and replay.replayed is False
    assert {replay.home, replay.away} == {"Italy", "Spain"}
    links = {m.key: m.replay_of for m in data.matches if m.replay_of}
    assert links == {
        "M-1934-13": "M-1934-12",
        "M-1938-08": "M-1938-02",
        "M-1938-09": "M-1938-01",
        "M-1938-14": "M-1938-10",
    }


def test_names_used_at_the_time(data: SourceData) -> None:
    final_1974 = next(m for m in data.matches if m.key == "M-1974-38")
    assert {final_1974.home, final_1974.away} == {"West Germany", "Netherlands"}
    assert final_1974.stage == "final"


def test_players(data: SourceData) -> None:
    pele = next(p for p in data.players if p.source_id == "P-38906")
    assert (pele.name, pele.given_name, pele.family_name) == ("Pelé", None, "Pelé")
    assert pele.birth_date == date(1940, 10, 23) and pele.gender == "men"
    assert not any("not applicable" in p.name for p in data.players)
    assert Counter(p.given_name is None for p in data.players)[True] == 474
    na = next(p for p in data.players if p.source_id == "P-10357")  # a real name, not "NA"
    assert (na.given_name, na.family_name, na.name) == ("Na", "Sang-ho", "Na Sang-ho")
    aarones = next(p for p in data.players if p.source_id == "P-29915")
    assert aarones.name == "Ann Kristin Aarønes" and aarones.gender == "women"


def test_teams_one_per_gender(data: SourceData) -> None:
    germany = [t for t in data.teams if t.source_id == "T-31"]
    assert {t.gender for t in germany} == {"men", "women"}
    assert len(data.teams) == 85 + 36
    algeria = next(t for t in data.teams if t.source_id == "T-01")
    assert (algeria.code, algeria.confederation, algeria.gender) == ("DZA", "CAF", "men")
    assert algeria.wikipedia == "https://en.wikipedia.org/wiki/Algeria_national_football_team"


def test_tournaments(data: SourceData) -> None:
    assert len(data.tournaments) == 30
    by_id = {t.source_id: t for t in data.tournaments}
    assert set(by_id["WC-2002"].hosts) == {"South Korea", "Japan"}
    assert by_id["WC-2022"].champion == "Argentina"
    assert by_id["WC-1991"].competition == vocab.WOMENS_WORLD_CUP
    assert by_id["WC-2014"].number_of_teams == 32


def test_squads_and_stadiums(data: SourceData) -> None:
    assert len(data.squads) == 13843
    assert {s.position for s in data.squads} == {"goalkeeper", "defender", "midfielder", "forward"}
    assert all(s.shirt_number is None for s in data.squads if s.year < 1954)
    messi_2022 = next(
        s for s in data.squads if s.year == 2022 and s.team == "Argentina" and s.shirt_number == 10
    )
    assert messi_2022.position == "forward"
    assert len(data.stadiums) == 240
    assert any(s.name == "Lusail Stadium" and s.city == "Lusail" for s in data.stadiums)


def test_group_names_normalised(data: SourceData) -> None:
    assert next(m for m in data.matches if m.key == "M-2015-06").group == "Group C"


def test_missing_file_is_source_format_error(tmp_path: Path) -> None:
    with pytest.raises(
        SourceFormatError, match=r"fjelstul-worldcup/data-csv/\w+\.csv: source file not found"
    ):
        fjelstul.load(tmp_path)


def test_bad_rows_are_skipped_with_reasons(tmp_path: Path, shared_data: Path) -> None:
    src = shared_data / "fjelstul-worldcup" / "data-csv"
    dst = tmp_path / "fjelstul-worldcup" / "data-csv"
    dst.mkdir(parents=True)
    for path in src.glob("*.csv"):
        (dst / path.name).symlink_to(path)
    (dst / "goals.csv").unlink()
    header = (src / "goals.csv").read_text(encoding="utf-8").splitlines()[0]
    good = (
        "1,G-0001,WC-1930,1930 FIFA Men's World Cup,M-1930-01,France vs Mexico,1930-07-13,"
        "group stage,Group 1,T-30,France,FRA,1,0,P-05470,Laurent,Lucien,0,T-30,France,FRA,"
        "19',19,0,first half,0,0"
    )
    (dst / "goals.csv").write_text(
        "\n".join([
            header,
            good,
            good.replace(",19',19,", ",200',200,"),
            good.replace("M-1930-01", "M-1930-99"),
            good.replace(",0,0", ",0,maybe"),
        ]) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    data = fjelstul.load(tmp_path)
    assert len(data.goals) == 1 and data.goals[0].scorer == "Lucien Laurent"
    assert [(s.ref.line, s.reason) for s in data.skipped] == [
        (3, "bad-minute"), (4, "no-match"), (5, "bad-bool")
    ]  # fmt: skip
    assert data.skipped[0].ref.file == "data-csv/goals.csv"


def test_info() -> None:
    assert fjelstul.INFO.license == "https://creativecommons.org/licenses/by-sa/4.0/"
    assert "© 2023 Joshua C. Fjelstul, Ph.D." in (fjelstul.INFO.attribution or "")
    assert "https://creativecommons.org/licenses/by-sa/4.0/legalcode" in fjelstul.INFO.attribution
    assert "https://www.github.com/jfjelstul/worldcup" in fjelstul.INFO.attribution
    assert fjelstul.INFO.version.startswith("35a8667f")
    assert "RDF" in (fjelstul.INFO.changes or "")


def test_family_name_first_where_wikipedia_writes_it_so(data: SourceData) -> None:
    by_id = {p.source_id: p for p in data.players}
    # Fjelstul: family "Pak", given "Seung-zin"; the article is Pak_Seung-zin
    assert by_id["P-87203"].name == "Pak Seung-zin"
    assert (by_id["P-87203"].family_name, by_id["P-87203"].given_name) == ("Pak", "Seung-zin")
    # the 1966 quarter-final Portugal 5-3 North Korea: the goals carry the same names
    scorers = [g.scorer for g in data.goals if g.match_key == "M-1966-26"]
    assert scorers[:3] == ["Pak Seung-zin", "Li Dong-woon", "Yang Seung-kook"]
    assert scorers.count("Eusébio") == 4
    # given name first stays: a disambiguated article title changes nothing
    assert fjelstul.family_first("Seung-zin", "Pak", "https://en.wikipedia.org/wiki/Pak_Seung-zin")
    assert not fjelstul.family_first("Lionel", "Messi", "https://en.wikipedia.org/wiki/Lionel_Messi")
    assert fjelstul.family_first("Un-ju", "Kim", "/wiki/Kim_Un-ju_(footballer,_born_1993)")
    assert not fjelstul.family_first("Un-ju", "Kim", None)


def test_manager_appointments(data: SourceData) -> None:
    """manager_appointments.csv: 637 rows, one record each; names as the table has them."""
    assert len(data.managers) == 637
    assert Counter(m.competition for m in data.managers) == {
        vocab.MENS_WORLD_CUP: 501,
        vocab.WOMENS_WORLD_CUP: 136,
    }
    by_key = {(m.year, m.competition, m.team): m for m in data.managers}
    pozzo = by_key[(1934, vocab.MENS_WORLD_CUP, "Italy")]
    assert (pozzo.given_name, pozzo.family_name) == ("Vittorio", "Pozzo")
    assert pozzo.name == "Vittorio Pozzo"
    assert (pozzo.manager_id, pozzo.country) == ("M-333", "Italy")
    assert pozzo.ref == SourceRef(fjelstul.DATASET, "data-csv/manager_appointments.csv", 29)
    schon = by_key[(1974, vocab.MENS_WORLD_CUP, "West Germany")]  # the name used at the time
    assert (schon.name, schon.family_name, schon.country) == ("Helmut Schön", "Schön", "Germany")
    ellis = by_key[(2019, vocab.WOMENS_WORLD_CUP, "United States")]
    assert (ellis.name, ellis.manager_id) == ("Jill Ellis", "M-113")
    # two managers of one team at one edition are two records
    assert {m.name for m in data.managers if m.year == 1934 and m.team == "Romania"} == {
        "Costel Rădulescu",
        "Josef Uridil",
    }


def test_one_name_managers_have_no_given_name(data: SourceData) -> None:
    """Fjelstul writes "not applicable" as the given name of Tite, Zico, Dunga…"""
    tite = [m for m in data.managers if m.manager_id == "M-429"]
    assert [(m.year, m.name, m.given_name, m.family_name) for m in tite] == [
        (2018, "Tite", None, "Tite"),
        (2022, "Tite", None, "Tite"),
    ]
    assert not any("not applicable" in (m.given_name or "") for m in data.managers)


def _copy_without_managers(shared_data: Path, tmp_path: Path) -> tuple[Path, Path]:
    """A Fjelstul data folder in ``tmp_path`` linking every shared CSV but
    manager_appointments.csv (the test writes its own); returns (source, copy) folders."""
    src = shared_data / "fjelstul-worldcup" / "data-csv"
    dst = tmp_path / "fjelstul-worldcup" / "data-csv"
    dst.mkdir(parents=True)
    for path in src.glob("*.csv"):
        if path.name != "manager_appointments.csv":
            (dst / path.name).symlink_to(path)
    return src, dst


def test_bad_manager_rows_are_skipped_with_reasons(tmp_path: Path, shared_data: Path) -> None:
    """Bad rows of manager_appointments.csv are reported with file, line and reason, never
    dropped silently; a placeholder country is no country."""
    src, dst = _copy_without_managers(shared_data, tmp_path)

    def row(tournament: str = "WC-1934", name: str = "1934 FIFA Men's World Cup",
            manager: str = "M-333", family: str = "Pozzo", given: str = "Vittorio",
            country: str = "Italy") -> str:  # fmt: skip
        return f"28,{tournament},{name},T-41,Italy,ITA,{manager},{family},{given},{country}"

    header = (src / "manager_appointments.csv").read_text(encoding="utf-8").splitlines()[0]
    lines = [
        header,
        row(),
        row(tournament="WC-1935"),
        row(manager="not applicable"),
        row(family="not applicable", given="not applicable"),
        row(name="1934 FIFA World Cup"),
        row(manager="M-334", country="not available"),
    ]
    (dst / "manager_appointments.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    data = fjelstul.load(tmp_path)
    assert [(m.ref.line, m.name, m.country) for m in data.managers] == [
        (2, "Vittorio Pozzo", "Italy"), (7, "Vittorio Pozzo", None)
    ]  # fmt: skip
    assert [(s.ref.file, s.ref.line, s.reason) for s in data.skipped] == [
        ("data-csv/manager_appointments.csv", 3, "no-tournament"),
        ("data-csv/manager_appointments.csv", 4, "missing-value"),
        ("data-csv/manager_appointments.csv", 5, "missing-name"),
        ("data-csv/manager_appointments.csv", 6, "bad-tournament"),
    ]
    assert str(data.skipped[0]) == (
        "data-csv/manager_appointments.csv:3: no-tournament: tournament_id 'WC-1935' is not loaded"
    )
    assert "manager_id" in data.skipped[1].detail


def test_missing_manager_column_is_source_format_error(tmp_path: Path, shared_data: Path) -> None:
    _, dst = _copy_without_managers(shared_data, tmp_path)
    (dst / "manager_appointments.csv").write_text(
        "key_id,tournament_id,tournament_name,team_name,family_name,given_name\n", encoding="utf-8"
    )
    with pytest.raises(SourceFormatError, match=r"manager_appointments\.csv.*manager_id"):
        fjelstul.load(tmp_path)
