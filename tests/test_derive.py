"""The derived aggregates (footkg.ingest.derive): head-to-head records and goal tallies, on small
records and on the full build (real values), and the catalogue's two ways of reading them."""

from __future__ import annotations

import datetime as dt

import pyoxigraph as ox
import pytest

from footkg import resources, vocab
from footkg.analytics import network as analytics
from footkg.ingest import derive
from footkg.ingest.integrate import RGoal, RMatch, RShootout, RSquad
from footkg.query import catalogue as queries
from footkg.vocab import FK_NS, RES_NS, competition_iri, edition_iri, player_iri, team_iri

ARG, ENG, FRA = team_iri("Argentina"), team_iri("England"), team_iri("France")
WORLD_CUP = competition_iri("FIFA World Cup")
FRIENDLY = competition_iri("Friendly")
WC2022 = edition_iri("FIFA World Cup", 2022)
MESSI, MBAPPE = player_iri("Lionel Messi"), player_iri("Kylian Mbappé")
FAR_FUTURE = "9999-12-31"  # an `until` that keeps every match, but reads the matches


def match(day: str, home: str, away: str, score: tuple[int, int] | None, **kw) -> RMatch:
    """A resolved match with only what the aggregates read."""
    home_score, away_score = score if score else (None, None)
    return RMatch(
        iri=f"{RES_NS}match/{day}-{home[-3:]}-{away[-3:]}",
        graph="",
        source="",
        date=dt.date.fromisoformat(day),
        home_iri=home,
        away_iri=away,
        home_name="",
        away_name="",
        home_score=home_score,
        away_score=away_score,
        competition_iri=kw.pop("competition", WORLD_CUP),
        gender="men",
        **kw,
    )


def goal(m: RMatch, n: int, team: str, scorer: str | None, own_goal: bool = False) -> RGoal:
    """The ``n``-th goal of ``m``, credited to ``team``."""
    return RGoal(f"{m.iri}/goal/{n}", m.iri, team, scorer, None, None, None, own_goal, False, "")


# --- on records ----------------------------------------------------------------------------------


def test_aggregate_iris():
    assert vocab.head_to_head_iri(ARG, team_iri("Argentina", "women")) == (
        RES_NS + "head-to-head/argentina/argentina-women")  # fmt: skip
    assert vocab.goal_tally_iri(WC2022, MESSI) == (
        RES_NS + "goal-tally/tournament/fifa-world-cup-2022/lionel-messi")  # fmt: skip
    with pytest.raises(ValueError):
        vocab.goal_tally_iri("http://example.org/cup", MESSI)


def test_ranks_share_equal_values_and_skip_the_next():
    assert derive.ranks([5, 7, 7, 3]) == [3, 1, 1, 4]
    assert derive.ranks([2.5]) == [1]
    assert derive.ranks([]) == []


def test_head_to_head_record_counts_from_the_first_iri():
    matches = [
        match("1986-06-22", ARG, ENG, (2, 1), stage="quarter-final"),
        match("1998-06-30", ARG, ENG, (2, 2), stage="round of 16",  # won on penalties: a draw
              shootout=RShootout("so-1998", 4, 3, ARG, None)),
        match("2002-06-07", ARG, ENG, (0, 1), stage="group stage"),
        match("2005-11-12", ENG, ARG, (3, 2), competition=FRIENDLY),
        match("2026-07-15", ENG, ARG, None, stage="final"),  # no score: not counted
        match("2022-12-18", ARG, FRA, (3, 3), stage="final",
              shootout=RShootout("so-2022", 4, 2, ARG, None)),
    ]
    records = {(r.team1, r.team2, r.competition): r for r in derive.head_to_head_records(matches)}
    assert set(records) == {(ARG, ENG, None), (ARG, FRA, None), (ARG, ENG, WORLD_CUP),
                            (ARG, ENG, FRIENDLY), (ARG, FRA, WORLD_CUP)}  # fmt: skip
    r = records[(ARG, ENG, None)]  # .../argentina sorts first
    assert r.iri == RES_NS + "head-to-head/argentina/england"
    assert (r.played, r.team1_wins, r.draws, r.team2_wins) == (4, 1, 1, 2)
    assert (r.team1_shootout_wins, r.team2_shootout_wins) == (1, 0)
    assert (r.team1_goals, r.team2_goals, r.goal_margins) == (6, 7, 3)
    assert (r.knockout, r.finals) == (2, 0)
    assert (r.first, r.last) == (dt.date(1986, 6, 22), dt.date(2005, 11, 12))
    assert r.score == derive.rivalry_score(4, 2, 1, 2, 3, 1986, 2005)
    final = records[(ARG, FRA, None)]
    assert (final.played, final.draws, final.knockout, final.finals) == (1, 1, 1, 1)
    assert (r.meetings_rank, final.meetings_rank) == (1, 2)
    assert {r.rivalry_rank, final.rivalry_rank} == {1, 2}
    # the same meetings, per competition, ranked among the pairs of that competition
    cup = records[(ARG, ENG, WORLD_CUP)]
    assert cup.iri == RES_NS + "head-to-head/argentina/england/fifa-world-cup"
    assert (cup.played, cup.team1_wins, cup.draws, cup.team2_wins) == (3, 1, 1, 1)
    assert (cup.team1_goals, cup.team2_goals, cup.last) == (4, 4, dt.date(2002, 6, 7))
    assert cup.meetings_rank == 1 and records[(ARG, FRA, WORLD_CUP)].meetings_rank == 2
    friendly = records[(ARG, ENG, FRIENDLY)]
    assert (friendly.played, friendly.team2_wins, friendly.meetings_rank) == (1, 1, 1)
    assert r.matches == [m.iri for m in matches[:4]]  # by date; the one without a score is not
    assert cup.matches == []  # only the record over every competition lists them
    for pair in ((ARG, ENG), (ARG, FRA)):
        per_competition = [x for k, x in records.items() if k[:2] == pair and k[2] is not None]
        assert sum(x.played for x in per_competition) == records[(*pair, None)].played


def test_squads_gather_the_memberships_of_a_team_at_an_edition():
    wc1986 = edition_iri("FIFA World Cup", 1986)
    maradona, valdano = player_iri("Diego Maradona"), player_iri("Jorge Valdano")
    memberships = [
        RSquad("m1", maradona, ARG, wc1986, ""), RSquad("m2", valdano, ARG, wc1986, ""),
        RSquad("m3", maradona, ARG, wc1986, ""),  # listed twice: one member
        RSquad("m4", MESSI, ARG, WC2022, ""),
    ]  # fmt: skip
    found = {s.iri: s for s in derive.squads(memberships)}
    squad = found[RES_NS + "squad/fifa-world-cup-1986/argentina"]
    assert (squad.team, squad.edition, squad.players) == (ARG, wc1986, sorted([maradona, valdano]))
    assert found[RES_NS + "squad/fifa-world-cup-2022/argentina"].players == [MESSI]


def test_goal_tallies_per_competition_and_edition():
    final = match("2022-12-18", ARG, FRA, (3, 3), stage="final", edition_iri=WC2022)
    final.goals = [
        goal(final, 1, ARG, MESSI),
        goal(final, 2, ARG, player_iri("Angel Di Maria")),
        goal(final, 3, FRA, MBAPPE),
        goal(final, 4, FRA, MBAPPE),
        goal(final, 5, ARG, MESSI),
        goal(final, 6, FRA, MBAPPE),
        goal(final, 7, ARG, MBAPPE, own_goal=True),  # not his: excluded
        goal(final, 8, ARG, None),  # no scorer: excluded
    ]
    friendly = match("2023-03-23", ARG, FRA, (1, 0), competition=FRIENDLY)
    friendly.goals = [goal(friendly, 1, ARG, MESSI)]
    players = {MESSI, MBAPPE}  # Di María has no player record: not counted
    tallies = {(t.scope, t.player): t for t in derive.goal_tallies([final, friendly], players)}
    assert set(tallies) == {
        (WORLD_CUP, MESSI), (WORLD_CUP, MBAPPE), (WC2022, MESSI), (WC2022, MBAPPE),
        (FRIENDLY, MESSI)}  # fmt: skip
    mbappe = tallies[(WORLD_CUP, MBAPPE)]
    assert (mbappe.goals, mbappe.teams, mbappe.rank) == (3, {FRA}, 1)
    assert mbappe.iri == RES_NS + "goal-tally/competition/fifa-world-cup/kylian-mbappe"
    assert (tallies[(WC2022, MESSI)].goals, tallies[(WC2022, MESSI)].rank) == (2, 2)
    assert tallies[(FRIENDLY, MESSI)].goals == 1
    leaders = derive.goal_tallies([final, friendly], players, depth=1)
    assert {(t.scope, t.player) for t in leaders} == {
        (WORLD_CUP, MBAPPE), (WC2022, MBAPPE), (FRIENDLY, MESSI)}  # fmt: skip


# --- on the full build ---------------------------------------------------------------------------


def _ask(store: ox.Store, name: str, **raw: str) -> queries.QueryResult:
    query = queries.load_catalogue(resources.queries_dir()).get(name)
    return queries.run(store, query, queries.bind_params(query, raw))


def _record(store: ox.Store, iri: str) -> dict[str, object]:
    rows = store.query(f"SELECT ?p ?o WHERE {{ <{iri}> ?p ?o }}", use_default_graph_as_union=True)
    return {row["p"].value.rsplit("#", 1)[-1]: queries.python_value(row["o"]) for row in rows}


@pytest.mark.slow
def test_argentina_england_head_to_head_record(full_store):
    record = _record(full_store, RES_NS + "head-to-head/argentina/england")
    assert record["type"] == FK_NS + "HeadToHead"
    assert (record["team1"], record["team2"]) == (ARG, ENG)
    # every competition, friendlies included: the head-to-head query says the same
    assert (record["played"], record["team1Wins"], record["draws"], record["team2Wins"]) == (
        16, 4, 6, 6)  # fmt: skip
    assert (record["team1Goals"], record["team2Goals"], record["goalMargins"]) == (20, 23, 13)
    assert (record["knockoutMatches"], record["finals"]) == (4, 0)
    assert (record["firstMeeting"], record["lastMeeting"]) == (
        dt.date(1951, 5, 9), dt.date(2026, 7, 15))  # fmt: skip
    assert record["rivalryScore"] == analytics.rivalry_score(16, 4, 4, 6, 13, 1951, 2026)
    summary = _ask(full_store, "head-to-head", team_a=ARG, team_b=ENG).records()[0]
    assert (summary["played"], summary["wins"], summary["draws"], summary["losses"]) == (
        16, 4, 6, 6)  # fmt: skip
    assert (summary["goalsFor"], summary["goalsAgainst"]) == (20, 23)


@pytest.mark.slow
def test_argentina_england_world_cup_record_and_squads(full_store):
    """The pair's record in one competition counts what the head-to-head query counts with that
    competition as its filter (1962, 1966, 1986, 1998 won by Argentina on penalties, 2002, and
    the 2026 fixture); a derived squad lists the players of the memberships."""
    record = _record(full_store, RES_NS + "head-to-head/argentina/england/fifa-world-cup")
    assert (record["type"], record["meetingsIn"]) == (FK_NS + "CompetitionHeadToHead", WORLD_CUP)
    summary = _ask(full_store, "head-to-head", team_a=ARG, team_b=ENG,
                   competition="FIFA World Cup").records()[0]  # fmt: skip
    assert (record["played"], record["team1Wins"], record["draws"], record["team2Wins"]) == (
        summary["played"], summary["wins"], summary["draws"], summary["losses"])  # fmt: skip
    assert (record["team1Goals"], record["team2Goals"]) == (
        summary["goalsFor"], summary["goalsAgainst"])  # fmt: skip
    assert (record["team1ShootoutWins"], record["team2ShootoutWins"]) == (1, 0)
    overall = _record(full_store, RES_NS + "head-to-head/argentina/england")
    assert (overall["team1ShootoutWins"], overall["team2ShootoutWins"]) == (1, 0)
    rows = full_store.query(
        "SELECT (COUNT(?p) AS ?n) WHERE { <" + RES_NS + "squad/fifa-world-cup-1986/argentina> "
        "<" + FK_NS + "member> ?p }", use_default_graph_as_union=True)  # fmt: skip
    assert int(next(rows)["n"].value) == 22  # Argentina's 1986 squad: 22 players


@pytest.mark.slow
def test_world_cup_meetings_to_2022_from_the_matches(full_store):
    """A filter reads the matches: Argentina–England at World Cups to 2022 (1962, 1966, 1986,
    1998 drawn and won by Argentina on penalties, 2002)."""
    edges = _ask(full_store, "rivalry-edges", competition="FIFA World Cup", until="2022-12-31")
    (row,) = [r for r in edges.records() if (r["team1"], r["team2"]) == (ARG, ENG)]
    assert (row["played"], row["team1Wins"], row["draws"], row["team2Wins"]) == (5, 1, 1, 3)
    assert (row["team1Goals"], row["team2Goals"], row["knockout"]) == (5, 8, 3)


@pytest.mark.slow
def test_top_rivalries_and_ranks(full_store):
    top = _ask(full_store, "rivalries").records()
    assert (top[0]["team1Label"], top[0]["team2Label"], top[0]["played"]) == (
        "Argentina", "Uruguay", 183)  # fmt: skip
    record = _record(full_store, RES_NS + "head-to-head/argentina/uruguay")
    assert (record["meetingsRank"], record["rivalryRank"]) == (1, 1)
    assert top[0]["rivalryScore"] == record["rivalryScore"]


@pytest.mark.slow
def test_goal_tallies_and_top_scorers(full_store):
    klose = _record(full_store, RES_NS + "goal-tally/competition/fifa-world-cup/miroslav-klose")
    assert (klose["type"], klose["goalsIn"]) == (FK_NS + "GoalTally", WORLD_CUP)
    assert (klose["goals"], klose["scoredFor"], klose["goalsRank"]) == (16, team_iri("Germany"), 3)
    to_2022 = _ask(full_store, "top-scorers", until="2022-12-31").records()
    assert (to_2022[0]["playerLabel"], to_2022[0]["goals"]) == ("Miroslav Klose", 16)
    with_2026 = _ask(full_store, "top-scorers").records()
    assert [(r["playerLabel"], r["goals"]) for r in with_2026[:3]] == [
        ("Kylian Mbappé", 22), ("Lionel Messi", 21), ("Miroslav Klose", 16)]  # fmt: skip
    titles = {r["teamLabel"]: r["titles"] for r in _ask(full_store, "champions").records()}
    assert titles["Brazil"] == 5


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "raw"),
    [
        ("rivalry-edges", {}),
        ("rivalries", {}),
        ("rivalries", {"order": "score"}),
        ("top-scorers", {}),
        ("top-scorers", {"edition": "2014"}),
        ("top-scorers", {"competition": "FIFA Women's World Cup"}),
        ("top-scorers", {"competition": "Copa América"}),
    ],
)
def test_derived_aggregates_give_the_match_level_rows(full_store, name, raw):
    """Unfiltered, the queries read the derived records; an `until` after every match reads the
    matches (or goals) instead: the rows must be the same."""
    derived = _ask(full_store, name, **raw)
    from_matches = _ask(full_store, name, **raw, until=FAR_FUTURE)
    assert derived.variables == from_matches.variables
    assert derived.terms == from_matches.terms
    assert len(derived) > 0
