"""Facts footkg derives at build time (so queries don't recompute them on every call).

* The winner and loser of each match: the side with more goals after regulation or extra time;
  when level, the winner of the penalty shootout; a walkover's winner. A drawn match without a
  shootout (a group match, or a drawn game that was replayed) has neither.
* The champion and runner-up of each tournament edition: the winner and loser of its final
  (the replay, when the final was replayed); for an edition without a final (1950), the first
  and second of the final round by points (2 for a win, 1 for a draw, as in 1950), then goal
  difference.
* ``previousEdition``: the edition of the same competition held before (by year).
* A head-to-head record (``fk:HeadToHead``) of every pair of teams that met, over all their
  matches with a score (every competition, friendlies included) that were played (an awarded
  result, ``fk:awarded``: a walkover, a forfeit, is not a meeting on the pitch and counts in no
  record, though it has a winner), and one more per competition
  they met in (``fk:CompetitionHeadToHead``, its ``fk:meetingsIn``): meetings, wins of each side
  and draws (a shootout decides nothing: such a match is a draw), the shootouts each side won,
  goals of each side, the sum of the absolute goal differences, knockout meetings and finals,
  first and last meeting, the rivalry score (``docs/rivalry-score.md``) and the pair's rank by
  meetings and by score among all pairs of the same scope (every competition, or that one).
  The record over every competition links its matches (``fk:meeting``). Teams are IRIs:
  national teams and clubs alike. The catalogue's ``head-to-head``, ``head-to-head-matches``,
  ``rivalries`` and ``rivalry-edges`` read these instead of every match when no stage or date
  filter applies.
* The squads (``fk:Squad``): the players of one team at one tournament edition, from the squad
  memberships; two players are linked when they share one (``squad-links``, ``footkg graph
  path``).
* The goal tallies (``fk:GoalTally``) of the leading scorers of every competition and tournament
  edition, the players ranked 100th or better there (ties included): goals (own goals excluded,
  shootout kicks are never goals), the teams scored for, rank by goals. The ``top-scorers``
  query (top 50) reads these.
* The minutes each player was on the pitch in a match whose line-ups are known (see
  :func:`minutes_played`), and the appearance tallies (``fk:AppearanceTally``) of each
  competition's players ranked 100th or better by matches played or by finals played.
* The group tables as the group's matches give them (see :func:`group_tables`), to compare
  with the tables a source states (the shapes do).

* Club football (:mod:`footkg.ingest.tables`): league tables per season and division,
  promotions and relegations, league champions and runners-up checked against the official
  list, previous seasons across a division's change of name (the First Division's 1991-92 →
  the Premier League's 1992-93), and the runs of consecutive titles of every competition.
  Head-to-head records of clubs are ranked among clubs, those of national teams among
  national teams.

Every derived value is compared with what a source states (Fjelstul's ``winner`` of a
tournament); a disagreement becomes a :class:`footkg.ingest.integrate.Conflict`.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from footkg import vocab
from footkg.ingest.integrate import Conflict, Integrated, RGroupStanding, RMatch, RSquad
from footkg.ingest.tables import LeagueFacts, league_facts, title_runs

DERIVED_GRAPH = vocab.graph_iri("derived")

#: Years of meetings beyond which a rivalry's span adds nothing more (docs/rivalry-score.md).
SPAN_CAP_YEARS = 50
#: Extra weight of a knockout meeting on top of counting it once (a knockout counts thrice).
KNOCKOUT_EXTRA = 2
#: Goal tallies are kept for the players ranked this or better in their competition or edition:
#: a leaderboard (all 23 600 tallies would add 140 000 triples, a tenth of the graph, to a build
#: with a time budget, for rankings that are read from the top).
GOAL_TALLY_RANKS = 100


def rivalry_score(
    played: int,
    knockout: int,
    wins_1: int,
    wins_2: int,
    goal_margins: int,
    first_year: int,
    last_year: int,
) -> float:
    """footkg's rivalry score of a pair of teams (``docs/rivalry-score.md``).

    ``(played + 2·knockout) × closeness × longevity`` where closeness = ``0.5 + 0.25·balance +
    0.25·tightness`` (balance = ``1 − |wins_1 − wins_2| / played``, tightness = ``played /
    (played + goal_margins)``, ``goal_margins`` being the sum of absolute goal differences) lies
    in [0.5, 1], and longevity = ``1 + min(last_year − first_year, 50) / 50`` lies in [1, 2].
    The ``rivalries`` catalogue query computes the same number in SPARQL (the same IEEE double:
    the same operations in the same order). Returns 0.0 when ``played`` is 0; raises
    :class:`ValueError` for negative counts.
    """
    if min(played, knockout, wins_1, wins_2, goal_margins) < 0:
        raise ValueError("counts must not be negative")
    if played == 0:
        return 0.0
    balance = 1 - abs(wins_1 - wins_2) / played
    tightness = played / (played + goal_margins)
    closeness = 0.5 + 0.25 * balance + 0.25 * tightness
    longevity = 1 + min(max(last_year - first_year, 0), SPAN_CAP_YEARS) / SPAN_CAP_YEARS
    return (played + KNOCKOUT_EXTRA * knockout) * closeness * longevity


@dataclass(slots=True)
class HeadToHead:
    """The record of two teams over their meetings (``team1``'s IRI sorts first) in every
    competition (``competition`` None) or in one (its IRI): counts of matches, wins, draws,
    shootouts won, goals and knockout meetings, the sum of absolute goal differences
    (``goal_margins``), dates of the first and last meeting, the rivalry score and the ranks
    (see :func:`ranks`) by meetings and by score among all pairs of the same scope; the record
    over every competition lists its ``matches`` (IRIs, by date)."""

    iri: str
    team1: str
    team2: str
    competition: str | None = None
    played: int = 0
    team1_wins: int = 0
    draws: int = 0
    team2_wins: int = 0
    team1_shootout_wins: int = 0
    team2_shootout_wins: int = 0
    team1_goals: int = 0
    team2_goals: int = 0
    goal_margins: int = 0
    knockout: int = 0
    finals: int = 0
    first: date = date.max
    last: date = date.min
    score: float = 0.0
    meetings_rank: int = 0
    rivalry_rank: int = 0
    matches: list[str] = field(default_factory=list)

    def add(
        self, score_1: int, score_2: int, stage: str | None, day: date, shootout: int = 0
    ) -> None:
        """Count one meeting: goals of ``team1`` and ``team2`` (after extra time), its stage key
        (None when unknown), its date and who won its shootout (1 or 2; 0 for none, or a
        shootout without a recorded winner)."""
        self.played += 1
        self.team1_shootout_wins += shootout == 1
        self.team2_shootout_wins += shootout == 2
        self.team1_wins += score_1 > score_2
        self.draws += score_1 == score_2
        self.team2_wins += score_1 < score_2
        self.team1_goals += score_1
        self.team2_goals += score_2
        self.goal_margins += abs(score_1 - score_2)
        self.knockout += stage in vocab.KNOCKOUT_STAGES
        self.finals += stage == "final"
        self.first = min(self.first, day)
        self.last = max(self.last, day)


@dataclass(slots=True)
class GoalTally:
    """A player's goals in one competition or tournament edition (``scope``): the count, the
    teams he scored them for and his rank (see :func:`ranks`) by goals among the scope's
    scorers."""

    iri: str
    player: str
    scope: str
    goals: int = 0
    teams: set[str] = field(default_factory=set)
    rank: int = 0


@dataclass(slots=True)
class Squad:
    """The squad of one team at one tournament edition: its players (IRIs, sorted), from the
    squad memberships (Fjelstul's ``squads.csv``, openfootball's 2026 squads)."""

    iri: str
    team: str
    edition: str
    players: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Derived:
    """Derived facts, keyed by IRI: match → (winner, loser); edition → champion / runner-up;
    edition → previous edition; and the aggregates: head-to-head records (every competition and
    each competition), goal tallies and squads."""

    match_result: dict[str, tuple[str, str]] = field(default_factory=dict)
    champion: dict[str, str] = field(default_factory=dict)
    runner_up: dict[str, str] = field(default_factory=dict)
    previous_edition: dict[str, str] = field(default_factory=dict)
    head_to_head: list[HeadToHead] = field(default_factory=list)
    goal_tallies: list[GoalTally] = field(default_factory=list)
    league: LeagueFacts = field(default_factory=LeagueFacts)
    streak: dict[str, int] = field(default_factory=dict)
    run_start: dict[str, str] = field(default_factory=dict)
    minutes_played: dict[str, int] = field(default_factory=dict)
    appearance_tallies: list[AppearanceTally] = field(default_factory=list)
    group_standings: list[DerivedStanding] = field(default_factory=list)
    squads: list[Squad] = field(default_factory=list)


def match_result(m: RMatch) -> tuple[str, str] | None:
    """``(winner IRI, loser IRI)`` of a match, or ``None`` for a draw (see module docstring)."""
    if m.walkover_winner_iri:
        loser = m.away_iri if m.walkover_winner_iri == m.home_iri else m.home_iri
        return m.walkover_winner_iri, loser
    if m.home_score is None or m.away_score is None:
        return None
    if m.home_score > m.away_score:
        return m.home_iri, m.away_iri
    if m.away_score > m.home_score:
        return m.away_iri, m.home_iri
    if m.shootout and m.shootout.winner_iri:
        winner = m.shootout.winner_iri
        return winner, (m.away_iri if winner == m.home_iri else m.home_iri)
    return None


def _final_round_table(matches: list[RMatch]) -> list[str]:
    points: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for m in matches:
        if m.home_score is None or m.away_score is None:
            continue
        for team, gf, ga in (
            (m.home_iri, m.home_score, m.away_score),
            (m.away_iri, m.away_score, m.home_score),
        ):
            row = points[team]
            row[0] += 2 if gf > ga else 1 if gf == ga else 0
            row[1] += gf - ga
            row[2] += gf
    return sorted(points, key=lambda t: tuple(points[t]), reverse=True)


def edition_of(m: RMatch) -> str | None:
    """The edition of a match: its own, else the one another source states (openfootball's
    Euro 2020 for a match martj42 states)."""
    if m.edition_iri:
        return m.edition_iri
    return next((str(v) for p, v, _ in m.extra if p == "edition"), None)


def derive(data: Integrated) -> Derived:
    """Compute the derived facts of ``data``; appends conflicts to ``data.conflicts`` where a
    source's stated champion differs from the derived one, and where the official list of
    champions differs from the champion derived from a league table or a final."""
    out = Derived()
    by_edition: dict[str, list[RMatch]] = defaultdict(list)
    for m in data.matches.values():
        result = match_result(m)
        if result:
            out.match_result[m.iri] = result
        edition = edition_of(m)
        if edition:
            by_edition[edition].append(m)
    for edition_iri, matches in by_edition.items():
        if data.editions[edition_iri].kind == "league":
            continue  # a league's champion comes from its table (footkg.ingest.tables)
        finals = sorted((m for m in matches if "final" in _stage_keys(m)), key=lambda m: m.date)
        if finals:
            decided = [m for m in finals if m.iri in out.match_result]
            if decided:
                out.champion[edition_iri], out.runner_up[edition_iri] = out.match_result[
                    decided[-1].iri
                ]
        else:
            table = _final_round_table([m for m in matches if m.stage == "final round"])
            if len(table) >= 2:
                out.champion[edition_iri], out.runner_up[edition_iri] = table[0], table[1]
    _check_stated_champions(data, out)
    _league_champions(data, out)
    by_competition: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for edition in data.editions.values():
        if edition.season is None:  # seasons follow their tier (footkg.ingest.tables)
            by_competition[edition.competition_iri].append((edition.year, edition.iri))
    for editions in by_competition.values():
        editions.sort()
        for (_, before), (_, after) in itertools.pairwise(editions):
            out.previous_edition[after] = before
    out.previous_edition.update(out.league.previous)
    out.streak, out.run_start = title_runs(
        data.editions.values(), out.champion, out.previous_edition
    )
    out.head_to_head = head_to_head_records(data.matches.values(), set(data.clubs))
    out.goal_tallies = goal_tallies(data.matches.values(), data.players)
    for m in data.matches.values():
        out.minutes_played.update(minutes_played(m))
    out.appearance_tallies = appearance_tallies(data.matches.values(), out.minutes_played)
    out.group_standings = group_tables(data)
    out.squads = squads(data.squads)
    return out


def _league_champions(data: Integrated, out: Derived) -> None:
    """League tables and champions, every champion checked against the official list: the
    official champion is stated where they differ (a conflict, kept in the official list's
    graph), none where no champion was declared."""
    out.league = league_facts(data, dict(out.champion))
    graph = {o.edition_iri: o.graph for o in data.official}
    for check in out.league.checks:
        if check.outcome == "no champion":
            out.champion.pop(check.season, None)
            out.runner_up.pop(check.season, None)
        elif check.official is not None:
            out.champion[check.season] = check.official
        if check.outcome == "differs":
            out.runner_up.pop(check.season, None)
            data.conflicts.append(
                Conflict(
                    check.season,
                    "champion",
                    check.official,
                    graph[check.season],
                    check.derived,
                    DERIVED_GRAPH,
                    f"champion of {check.label}: {check.reason}",
                )
            )
    for season, champion in out.league.champion.items():
        out.champion.setdefault(season, champion)
    out.runner_up.update(out.league.runner_up)


def _stage_keys(m: RMatch) -> list[str | None]:
    """The stage keys a match is stated with (its own, else the ones only other sources give),
    ``[None]`` when none: one meeting per key, as the match-level SPARQL counts it."""
    if m.stage:
        return [m.stage]
    keys = dict.fromkeys(str(v) for p, v, _ in m.extra if p == "stage")  # the union graph's set
    return list(keys) or [None]


def head_to_head_records(
    matches: Iterable[RMatch], clubs: Container[str] = frozenset()
) -> list[HeadToHead]:
    """The head-to-head records of every pair of teams that met in a played match with a score
    (awarded results left out): one over every competition and one per competition they met
    in, with scores and ranks (see :class:`HeadToHead`), in no particular order. Records are
    ranked within their scope (every competition, or that one), pairs of ``clubs`` (club IRIs)
    among themselves and pairs of national teams among themselves."""
    records: dict[tuple[str, str, str | None], HeadToHead] = {}
    matches_with_scores = [
        m for m in matches
        if m.home_score is not None and m.away_score is not None and not m.awarded
    ]
    for m in matches_with_scores:
        assert m.home_score is not None and m.away_score is not None
        home_first = m.home_iri < m.away_iri
        team1, team2 = (m.home_iri, m.away_iri) if home_first else (m.away_iri, m.home_iri)
        score_1, score_2 = (
            (m.home_score, m.away_score) if home_first else (m.away_score, m.home_score)
        )
        winner = m.shootout.winner_iri if m.shootout else None
        shootout = 1 if winner == team1 else 2 if winner == team2 else 0
        for scope in (None, m.competition_iri):
            record = records.get((team1, team2, scope))
            if record is None:
                iri = vocab.head_to_head_iri(team1, team2, scope)
                record = records[(team1, team2, scope)] = HeadToHead(iri, team1, team2, scope)
            for stage in _stage_keys(m):
                record.add(score_1, score_2, stage, m.date, shootout)
            if scope is None:
                record.matches.append(m.iri)
    by_scope: dict[tuple[str | None, bool], list[HeadToHead]] = defaultdict(list)
    dates = {m.iri: m.date for m in matches_with_scores}
    for r in records.values():
        r.matches.sort(key=lambda iri: (dates[iri], iri))
        r.score = rivalry_score(r.played, r.knockout, r.team1_wins, r.team2_wins,
                                r.goal_margins, r.first.year, r.last.year)  # fmt: skip
        by_scope[(r.competition, r.team1 in clubs)].append(r)
    for group in by_scope.values():
        for r, rank in zip(group, ranks([r.played for r in group]), strict=True):
            r.meetings_rank = rank
        for r, rank in zip(group, ranks([r.score for r in group]), strict=True):
            r.rivalry_rank = rank
    return list(records.values())


def squads(memberships: Iterable[RSquad]) -> list[Squad]:
    """One :class:`Squad` per team and tournament edition of ``memberships``, its players
    sorted (a player listed twice counts once), in no particular order."""
    found: dict[tuple[str, str], set[str]] = defaultdict(set)
    for m in memberships:
        found[(m.team_iri, m.edition_iri)].add(m.player_iri)
    return [Squad(vocab.team_squad_iri(edition, team), team, edition, sorted(players))
            for (team, edition), players in found.items()]  # fmt: skip


def ranks(values: Sequence[float]) -> list[int]:
    """The rank of each value, in order, highest first ("1224" ranking): one more than the
    number of values greater than it, so equal values share a rank and the next rank is
    skipped. The first ``n`` of any ordering by value (ties broken any way) have ranks ≤ ``n``."""
    ahead: dict[float, int] = {}
    for n, v in enumerate(sorted(values, reverse=True)):
        ahead.setdefault(v, n)
    return [ahead[v] + 1 for v in values]


def goal_tallies(
    matches: Iterable[RMatch], players: Container[str], depth: int = GOAL_TALLY_RANKS
) -> list[GoalTally]:
    """The goal tallies of each competition's and tournament edition's scorers ranked ``depth``
    or better (ties included), from the goals of ``matches``: goals whose scorer is one of
    ``players`` (player IRIs: the players with a record, hence a label), own goals excluded (see
    :class:`GoalTally`), ranked among all the scorers of the competition or edition. In no
    particular order."""
    tallies: dict[tuple[str, str], GoalTally] = {}
    for m in matches:
        scopes = [m.competition_iri] + ([m.edition_iri] if m.edition_iri else [])
        for goal in m.goals:
            if goal.own_goal or goal.scorer_iri not in players:
                continue
            for scope in scopes:
                tally = tallies.get((scope, goal.scorer_iri))
                if tally is None:
                    iri = vocab.goal_tally_iri(scope, goal.scorer_iri)
                    tally = tallies[(scope, goal.scorer_iri)] = GoalTally(
                        iri, goal.scorer_iri, scope
                    )
                tally.goals += 1
                tally.teams.add(goal.team_iri)
    by_scope: dict[str, list[GoalTally]] = defaultdict(list)
    for tally in tallies.values():
        by_scope[tally.scope].append(tally)
    for group in by_scope.values():
        for tally, rank in zip(group, ranks([t.goals for t in group]), strict=True):
            tally.rank = rank
    return [t for t in tallies.values() if t.rank <= depth]


def _check_stated_champions(data: Integrated, out: Derived) -> None:
    for edition in data.editions.values():
        stated = edition.stated_champion_iri
        derived = out.champion.get(edition.iri)
        if stated and derived and stated != derived:
            data.conflicts.append(
                Conflict(
                    edition.iri,
                    "champion",
                    derived,
                    DERIVED_GRAPH,
                    stated,
                    edition.graph,
                    f"champion of {edition.label}",
                )
            )


# ---- minutes played, appearance tallies --------------------------------------------------------


def minutes_played(m: RMatch) -> dict[str, int]:
    """The minutes each player of ``m``'s line-ups was on the pitch, by appearance IRI.

    A starter comes on at minute 0, a substitute at the minute of the substitution that brought
    him on; a player leaves at the minute he was substituted or sent off, else at the end (90,
    or 120 after extra time). Stoppage time is not counted: a change at 90+3 is at minute 90,
    so a player who came on then has 0 minutes. An appearance the substitutions contradict (a
    substitute who never came on, a starter who came on) gets no value; the shapes list it.
    """
    if not m.appearances:
        return {}
    end = 120 if m.extra_time else 90
    came_on: dict[str, int] = {}
    left: dict[str, int] = {}
    for sub in m.substitutions:
        for player in sub.on:
            came_on.setdefault(player, sub.minute)
        for player in sub.off:
            left[player] = min(left.get(player, end), sub.minute)
    for booking in m.bookings:
        if booking.sending_off:
            left[booking.player_iri] = min(left.get(booking.player_iri, end), booking.minute)
    out: dict[str, int] = {}
    for a in m.appearances:
        start = 0 if a.starter else came_on.get(a.player_iri)
        if start is None or (a.starter and a.player_iri in came_on):
            continue
        out[a.iri] = max(0, min(left.get(a.player_iri, end), end) - start)
    return out


@dataclass(slots=True)
class AppearanceTally:
    """A player's appearances in one competition (``scope``): matches played, as a starter and
    as a substitute, minutes on the pitch (over the matches whose minutes are known), finals
    played, the teams played for, and the ranks by matches and by finals (see :func:`ranks`)."""

    iri: str
    player: str
    scope: str
    appearances: int = 0
    starts: int = 0
    substitute: int = 0
    minutes: int = 0
    finals: int = 0
    teams: set[str] = field(default_factory=set)
    rank: int = 0
    finals_rank: int = 0


def appearance_tallies(
    matches: Iterable[RMatch], minutes: dict[str, int], depth: int = GOAL_TALLY_RANKS
) -> list[AppearanceTally]:
    """The appearance tallies of each competition's players ranked ``depth`` or better by
    matches played or by finals played (ties included), from the line-ups of ``matches``
    (``minutes``: minutes played by appearance IRI). In no particular order."""
    tallies: dict[tuple[str, str], AppearanceTally] = {}
    for m in matches:
        for a in m.appearances:
            tally = tallies.get((m.competition_iri, a.player_iri))
            if tally is None:
                iri = vocab.appearance_tally_iri(m.competition_iri, a.player_iri)
                tally = tallies[(m.competition_iri, a.player_iri)] = AppearanceTally(
                    iri, a.player_iri, m.competition_iri
                )
            tally.appearances += 1
            tally.starts += a.starter
            tally.substitute += not a.starter
            tally.minutes += minutes.get(a.iri, 0)
            tally.finals += m.stage == "final"
            tally.teams.add(a.team_iri)
    by_scope: dict[str, list[AppearanceTally]] = defaultdict(list)
    for tally in tallies.values():
        by_scope[tally.scope].append(tally)
    for group in by_scope.values():
        for tally, rank in zip(group, ranks([t.appearances for t in group]), strict=True):
            tally.rank = rank
        for tally, rank in zip(group, ranks([t.finals for t in group]), strict=True):
            tally.finals_rank = rank
    return [t for t in tallies.values() if t.rank <= depth or (t.finals and t.finals_rank <= depth)]


# ---- group tables ------------------------------------------------------------------------------

#: The first edition that gave 3 points for a win (men's 1994, women's 1995; 2 before).
THREE_POINTS_FROM = 1994
#: The last men's edition that ranked teams level on points by goal average (goals scored
#: divided by goals conceded) and by play-offs (1954, 1958); from 1970 goal difference counts.
GOAL_AVERAGE_UNTIL = 1966


@dataclass(slots=True)
class DerivedStanding:
    """A team's line in a group table as footkg derives it from the group's matches (see
    :func:`group_tables`): counts in matches and goals, points, the position the matches give
    (``rank``: one more than the number of teams ahead; teams the matches cannot separate share
    it) and how many teams share it (``level``, the team itself included). ``stated`` is the IRI
    of the line a source states for the same team, stage and edition, when there is one."""

    iri: str
    edition: str
    stage: str
    group: str | None
    team: str
    stated: str | None = None
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    goals_for: int = 0
    goals_against: int = 0
    points: int = 0
    playoff_wins: int = 0
    rank: int = 0
    level: int = 0

    def add(self, goals_for: int, goals_against: int, win_points: int) -> None:
        """Count one group match: the team's goals and the opponent's, points for a win."""
        self.played += 1
        self.wins += goals_for > goals_against
        self.draws += goals_for == goals_against
        self.losses += goals_for < goals_against
        self.goals_for += goals_for
        self.goals_against += goals_against
        self.points += win_points if goals_for > goals_against else goals_for == goals_against


def group_tables(data: Integrated) -> list[DerivedStanding]:
    """Every group table of every edition, derived from the matches of its group stages.

    Rules (World Cup regulations of the time): 2 points for a win up to 1990, 3 from 1994; a
    draw is 1. A second meeting of the same two teams in one group is a play-off (1954, 1958),
    not counted in the table. Teams level on points are ranked, up to 1966, by play-offs won
    and then by goal average; from 1970 by goal difference, then goals scored, and from 1994
    by the points, goal difference and goals of the matches between the teams still level.
    Teams these rules cannot separate (drawing of lots, fair-play points) share a position.
    Each line links to the source's stated line of the same edition, stage and team.
    """
    stated = {(g.edition_iri, g.stage, g.team_iri): g for g in data.group_standings}
    tables: dict[tuple[str, str, str | None], dict[str, DerivedStanding]] = defaultdict(dict)
    by_stage: dict[tuple[str, str], list[RMatch]] = defaultdict(list)
    for m in data.matches.values():
        if m.edition_iri and m.stage in vocab.GROUP_STAGES and m.home_score is not None:
            by_stage[(m.edition_iri, m.stage)].append(m)
    for (edition, stage), matches in by_stage.items():
        year = data.editions[edition].year
        win = 3 if year >= THREE_POINTS_FROM else 2
        met: set[frozenset[str]] = set()
        for m in sorted(matches, key=lambda m: (m.date, m.iri)):
            table = tables[(edition, stage, m.group)]
            line = {
                t: _line(table, edition, stage, m.group, t, stated)
                for t in (m.home_iri, m.away_iri)
            }
            pair = frozenset(line)
            if pair in met:  # a play-off
                winner = match_result(m)
                if winner:
                    line[winner[0]].playoff_wins += 1
                continue
            met.add(pair)
            line[m.home_iri].add(m.home_score, m.away_score or 0, win)
            line[m.away_iri].add(m.away_score or 0, m.home_score, win)
        for (e, st, _), table in tables.items():
            if (e, st) == (edition, stage):
                _rank(list(table.values()), year, matches)
    return [line for table in tables.values() for line in table.values()]


def _line(
    table: dict[str, DerivedStanding],
    edition: str,
    stage: str,
    group: str | None,
    team: str,
    stated: dict[tuple[str, str, str], RGroupStanding],
) -> DerivedStanding:
    line = table.get(team)
    if line is None:
        iri = vocab.group_standing_iri(edition, stage, team, derived=True)
        found = stated.get((edition, stage, team))
        line = table[team] = DerivedStanding(iri, edition, stage, group, team,
                                             found.iri if found else None)  # fmt: skip
    return line


def _order_key(line: DerivedStanding, year: int) -> tuple:
    """What ranks a team first (higher is better), before any head-to-head comparison."""
    if year <= GOAL_AVERAGE_UNTIL:
        average = (1, Fraction(0)) if line.goals_against == 0 else (
            0, Fraction(line.goals_for, line.goals_against))  # fmt: skip
        return (line.points, line.playoff_wins, average)
    return (line.points, line.goals_for - line.goals_against, line.goals_for)


def _rank(lines: list[DerivedStanding], year: int, matches: list[RMatch]) -> None:
    """Set ``rank`` and ``level`` of one group's lines (see :func:`group_tables`)."""
    keys = {line.team: _order_key(line, year) for line in lines}
    if year >= THREE_POINTS_FROM:
        for key in set(keys.values()):
            level = {t for t, k in keys.items() if k == key}
            if len(level) > 1:
                for team, mini in _head_to_head(level, matches, year).items():
                    keys[team] = (*key, *mini)
    for line in lines:
        key = keys[line.team]
        line.rank = 1 + sum(other > key for other in keys.values())
        line.level = sum(other == key for other in keys.values())


def _head_to_head(teams: set[str], matches: list[RMatch], year: int) -> dict[str, tuple]:
    """Points, goal difference and goals of each of ``teams`` in the matches between them."""
    mini = {t: DerivedStanding("", "", "", None, t) for t in teams}
    win = 3 if year >= THREE_POINTS_FROM else 2
    for m in matches:
        if m.home_iri in teams and m.away_iri in teams:
            mini[m.home_iri].add(m.home_score or 0, m.away_score or 0, win)
            mini[m.away_iri].add(m.away_score or 0, m.home_score or 0, win)
    return {t: (s.points, s.goals_for - s.goals_against, s.goals_for) for t, s in mini.items()}
