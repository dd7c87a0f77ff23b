"""Integration of several sources on small records: merging a match listed the other way round,
real and apparent disagreements on goal minutes, derived winners."""

from __future__ import annotations

from datetime import date

import pytest

from footkg import vocab
from footkg.ingest.derive import derive, match_result
from footkg.ingest.integrate import comparable_minute, integrate
from footkg.ingest.resolve import NameRule, TeamNames
from footkg.model import DatasetInfo, Goal, Match, Shootout, SourceData, SourceRef


def _source(key: str, matches: list[Match], goals: list[Goal]) -> SourceData:
    info = DatasetInfo(key, key, f"https://example.org/{key}", "1", "http://x/licence")
    return SourceData(info=info, matches=matches, goals=goals)


def _match(key: str, home: str, away: str, hs: int, as_: int, **kw) -> Match:
    return Match(ref=SourceRef(key, "f", 2), key="m1", date=date(1998, 6, 30), home=home,
                 away=away, home_score=hs, away_score=as_, competition=vocab.MENS_WORLD_CUP,
                 edition_year=1998, **kw)  # fmt: skip


def _goal(key: str, team: str, scorer: str, minute: int, stoppage: int | None = None) -> Goal:
    return Goal(ref=SourceRef(key, "g", 2), match_key="m1", team=team, scorer=scorer,
                minute=minute, stoppage=stoppage)  # fmt: skip


@pytest.mark.parametrize(
    ("minute", "stoppage", "extra_time", "expected"),
    [(90, 2, False, 90), (92, None, False, 90), (90, None, False, 90), (86, None, False, 86),
     (121, None, True, 120), (120, 1, True, 120), (106, None, True, 106), (None, None, None, 0)],
)  # fmt: skip
def test_comparable_minute(minute, stoppage, extra_time, expected) -> None:
    assert comparable_minute(minute, stoppage, extra_time) == expected


def test_match_listed_the_other_way_round_is_merged_and_compared() -> None:
    """Argentina 2-2 England (1998, Argentina won 4-3 on penalties) in one source; the other
    lists England first, with a penalty written 90+1 / 91: no conflict; one real minute
    disagreement is kept as a conflict."""
    so = Shootout(home_score=4, away_score=3)
    goals_a = [
        _goal("a", "Argentina", "Batistuta", 6),
        _goal("a", "Argentina", "Zanetti", 45, 1),
        _goal("a", "England", "Shearer", 10),
        _goal("a", "England", "Owen", 16),
    ]
    goals_b = [
        _goal("b", "Argentina", "G. Batistuta", 6),
        _goal("b", "Argentina", "J. Zanetti", 45),
        _goal("b", "England", "A. Shearer", 10),
        _goal("b", "England", "M. Owen", 18),
    ]
    match_a = _match("a", "Argentina", "England", 2, 2, extra_time=True, shootout=so)
    so_b = Shootout(winner="Argentina")
    match_b = _match("b", "England", "Argentina", 2, 2, extra_time=True, shootout=so_b)
    first = _source("a", [match_a], goals_a)
    second = _source("b", [match_b], goals_b)
    data = integrate([first, second], TeamNames([NameRule("Holland", "Netherlands", "alias")]))
    (match,) = data.matches.values()
    assert match.home_iri == vocab.team_iri("Argentina")
    assert match.identifiers == ["a:m1", "b:m1"]
    assert [g.graph for g in match.goals] == [vocab.graph_iri("a")] * 4
    (conflict,) = data.conflicts
    assert (conflict.prop, conflict.kept_value, conflict.other_value) == (
        "minute",
        "10, 16",
        "10, 18",
    )
    result = match_result(match)
    assert result == (vocab.team_iri("Argentina"), vocab.team_iri("England"))
    assert derive(data).match_result[match.iri] == result


def test_scores_that_disagree_are_both_kept() -> None:
    first = _source("a", [_match("a", "Brazil", "Chile", 4, 1)], [])
    second = _source("b", [_match("b", "Chile", "Brazil", 1, 3)], [])
    data = integrate([first, second], TeamNames([]))
    (conflict,) = data.conflicts
    assert (conflict.prop, conflict.kept_value, conflict.other_value) == ("homeScore", 4, 3)
    assert conflict.other_graph == vocab.graph_iri("b")
