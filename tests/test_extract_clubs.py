"""Club football in the extractor: the rules that make a club's short names, the report kinds
that switch club names on, and, against the full graph, club names resolved to the graph's
clubs and club reports linked to the club fixture (a Champions League final, a Premier League
match). Reports here are written for these tests."""

from __future__ import annotations

import json
from pathlib import Path

from footkg.extract import Extractor, Gazetteer
from footkg.extract.clubnames import (
    club_surfaces,
    competition_forms,
    competition_pattern,
    is_club_report,
    season_years,
    short_forms,
)
from footkg.extract.io import read_report

CLUB = "https://w3id.org/footkg/resource/club/"
MATCH = "https://w3id.org/footkg/resource/match/"


# --- rules (no store) ----------------------------------------------------------------------


def test_short_forms_by_kind_of_name():
    assert short_forms("Chelsea FC", "London") == ["Chelsea"]
    assert short_forms("AC Milan", "Milan") == ["Milan"]
    assert short_forms("Bayern Munich", "Munich") == ["Bayern"]
    assert short_forms("Tottenham Hotspur", "London") == ["Tottenham"]
    assert short_forms("Real Madrid CF", "Madrid") == ["Real Madrid", "Real"]
    assert short_forms("Manchester United", "Manchester") == [
        "Man United", "Manchester Utd", "Man Utd"]  # fmt: skip
    assert short_forms("Arsenal", "London") == []


def test_a_short_form_two_clubs_share_is_neither_clubs():
    clubs = {"u": "Manchester United", "c": "Manchester City", "l": "Liverpool"}
    cities = dict.fromkeys(clubs, "Manchester") | {"l": "Liverpool"}
    names = club_surfaces(clubs, {"u": ["Man Utd"]}, cities)
    assert "Manchester" not in names and "United" not in names and "City" not in names
    assert names["Man Utd"] == "u" and names["Liverpool"] == "l"


def test_a_shared_name_goes_to_its_label_then_its_alias_then_the_notable_club():
    clubs = {"a": "Atlético Madrid", "t": "Atlético Tucumán", "x": "Nacional", "y": "Nacional B"}
    cities = {"a": "Madrid", "t": "Tucumán"}
    names = club_surfaces(clubs, {"a": ["Atlético"], "y": ["Nacional"]}, cities)
    assert names["Atlético"] == "a"  # Madrid's altLabel, Tucumán's short form
    assert names["Nacional"] == "x"  # a label beats another club's alias
    both = {"p": "Porto Wanderers", "q": "Porto Rovers"}
    assert "Porto" not in club_surfaces(both, {}, {})
    assert club_surfaces(both, {}, {}, notable={"q"})["Porto"] == "q"


def test_competition_names_and_club_report_kinds():
    assert competition_forms("UEFA Champions League") == [
        "UEFA Champions League", "Champions League"]  # fmt: skip
    pattern = competition_pattern(["Champions League", "Premier League"])
    assert is_club_report("They won the Champions League final.", pattern, 2, 0)
    assert not is_club_report("They won the Champions League final.", pattern, 1, 0)
    # a World Cup report that mentions players' clubs stays about national teams
    assert not is_club_report("He plays in the Premier League for Chelsea and Arsenal.",
                              pattern, 2, 5)  # fmt: skip
    assert not is_club_report("Chelsea and Arsenal met.", pattern, 2, 0)
    assert not is_club_report("Chelsea and Arsenal met.", None, 2, 0)


def test_seasons_are_named_by_their_years():
    text = "the 2011–12 season, the 2018-19 UEFA Champions League, 1999/2000, not 1990-94"
    assert season_years(text) == [2011, 2018, 1999]
    assert season_years("Chelsea won 2-1 in 2012") == []


# --- against the full graph ------------------------------------------------------------------



def _extract(extractor: Extractor, path: Path, text: str):
    path.write_text(text, encoding="utf-8")
    return extractor.extract(read_report(path))


def test_club_names_resolve_to_the_graphs_clubs(gaz: Gazetteer):
    names = gaz.club_names
    assert names["Spurs"] == names["Tottenham"] == CLUB + "england-tottenham-hotspur"
    assert names["Man Utd"] == CLUB + "england-manchester-united"
    assert names["Bayern"] == names["Bayern Munich"] == CLUB + "germany-bayern-munich"
    assert names["Atlético"] == CLUB + "spain-atletico-madrid"
    assert names["Real Madrid"] == CLUB + "spain-real-madrid"
    assert "Manchester" not in names and "United" not in names
    assert gaz.club_competitions["Champions League"].endswith("competition/uefa-champions-league")
    assert gaz.season_label(
        "https://w3id.org/footkg/resource/season/uefa-champions-league-2018-19"
    ) == "UEFA Champions League 2018-19"  # fmt: skip


FINAL = """Liverpool are champions of Europe again

Liverpool beat Spurs 2-0 in the Champions League final in Madrid on 1 June 2019. Mohamed Salah
scored a penalty in the 2nd minute. Divock Origi made it 2-0 in the 87th minute.
"""


def test_a_champions_league_final_links_to_the_club_fixture(extractor: Extractor,
                                                          tmp_path: Path):  # fmt: skip
    ex = _extract(extractor, tmp_path / "final.txt", FINAL)
    m = ex.match
    assert m.iri == MATCH + "2019-06-01-england-tottenham-hotspur-england-liverpool"
    assert {m.home_name, m.away_name} == {"Liverpool", "Tottenham Hotspur"}
    assert m.score_of(CLUB + "england-liverpool") == 2
    assert (m.stage, m.date) == ("final", "2019-06-01")
    assert ex.to_json()["match"]["tournament"] == "UEFA Champions League 2018-19"
    goals = [(g.scorer_name, g.team_name, g.minute, g.kind) for g in ex.goals]
    assert goals == [("Mohamed Salah", "Liverpool", 2, "penalty"),
                     ("Divock Origi", "Liverpool", 87, "regular")]  # fmt: skip


LEAGUE = """Man Utd 3-1 Chelsea

Man Utd beat Chelsea 3-1 at Old Trafford on 18 September 2011 in the Premier League, a first
win over their rivals of the 2011-12 season.
"""


def test_a_league_match_by_short_names_links_to_its_season(extractor: Extractor,
                                                          tmp_path: Path):  # fmt: skip
    ex = _extract(extractor, tmp_path / "league.txt", LEAGUE)
    assert ex.match.iri == MATCH + "2011-09-18-england-manchester-united-england-chelsea"
    assert ex.match.home_name == "Manchester United"
    assert ex.to_json()["match"]["tournament"] == "Premier League 2011-12"


SEASON = """Chelsea lift the trophy in Munich

Chelsea and Bayern Munich met in the final of the 2011–12 Champions League. Chelsea beat
Bayern on penalties after extra time.
"""


def test_a_report_without_score_or_date_links_by_season_and_clubs(extractor: Extractor,
                                                                  tmp_path: Path):  # fmt: skip
    """No score and no day: the two clubs and the season named settle the fixture."""
    ex = _extract(extractor, tmp_path / "season.txt", SEASON)
    assert ex.match.iri == MATCH + "2012-05-19-germany-bayern-munich-england-chelsea"
    assert ex.to_json()["match"]["tournament"] == "UEFA Champions League 2011-12"


WORLD_CUP = """England 2-1 Tunisia

England beat Tunisia 2-1 in Volgograd on 18 June 2018. Harry Kane, who plays his club football
for Tottenham in the Premier League alongside Chelsea's best, scored twice.
"""


def test_a_world_cup_report_naming_clubs_stays_about_national_teams(extractor: Extractor,
                                                                   tmp_path: Path):  # fmt: skip
    ex = _extract(extractor, tmp_path / "wc.txt", WORLD_CUP)
    assert {ex.match.home_name, ex.match.away_name} == {"England", "Tunisia"}
    assert ex.match.iri is not None and "2018-06-18" in ex.match.iri
    assert ex.to_json()["match"]["tournament"] == "FIFA World Cup 2018"


def test_the_real_champions_league_finals_link_to_their_fixtures(shared_data: Path,
                                                                 extractor: Extractor):  # fmt: skip
    """The Champions League finals of ``../shared/articles-real`` (items 22–24, prose by
    other writers) link to openfootball's fixtures with the season as tournament."""
    folder = shared_data.parent / "articles-real"
    expected = {
        "22": ("2013-05-25-germany-borussia-dortmund-germany-bayern-munich", "2012-13"),
        "23": ("2014-05-24-spain-real-madrid-spain-atletico-madrid", "2013-14"),
        "24": ("2019-06-01-england-tottenham-hotspur-england-liverpool", "2018-19"),
    }
    for number, (iri, season) in expected.items():
        path = next(folder.glob(f"{number}-*.txt"))
        result = extractor.extract(read_report(path)).to_json()
        assert result["match"]["iri"] == MATCH + iri, number
        assert result["match"]["tournament"] == f"UEFA Champions League {season}", number
        json.dumps(result)
