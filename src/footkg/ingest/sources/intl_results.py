"""International football results since 1872 (martj42) → :mod:`footkg.model` records.

Reads ``<data_dir>/intl-results/``: ``results.csv`` (matches), ``shootouts.csv`` (attached to
the matches), ``goalscorers.csv`` (goals) and ``former_names.csv``. Team names are the dataset's
(current names of successor teams, e.g. ``Germany`` for West Germany).

Match keys are ``"date|home|away"`` (the dataset has no IDs). When the same key occurs again:

* a row identical to an earlier one with that key is skipped as ``"duplicate-row"``;
* a row that differs gets the key ``"date|home|away|2"`` (``|3``… for further ones). The real
  case is Tahiti v New Caledonia on 1974-02-17 (2–1 and 1–2): both are loaded.

Goals and shoot-outs refer to matches by the three key columns only, so for a key held by more
than one match they cannot be attributed: such rows are skipped as ``"ambiguous-match"``
(none in the snapshot). Rows whose key has no match are skipped as ``"no-match"``. A goal row
identical to an earlier one is a second goal while the team's goals stay within its score (a
brace in stoppage time, folded into minute 90, gives two equal rows), and a copied row beyond
it is skipped as ``"duplicate-row"`` (:class:`footkg.ingest.sources.common.GoalRows`).

Checks of one row against the rest of the dataset (the bug reports of issue 22):

* **A shoot-out after a score that is not level.** martj42 records a shoot-out that decided a
  tie over two legs against the second leg, whose score need not be level; that row keeps its
  score and the shoot-out is skipped (``"shootout-not-level"``: footkg does not model ties).
  Every such case in the snapshot (37) has a first leg between the same teams in the same
  tournament within :data:`LEG_DAYS` days that makes the tie level, on aggregate or on wins.
  A shoot-out after a non-level score with no such first leg (``7–5``) means the kicks were
  added to the score: the results row is skipped as ``"shootout-in-score"`` (never kept as the
  result), with its shoot-out and goal rows.
* **``neutral`` against the venue's country.** A row marked neutral whose ``country`` is the
  home team's own country (its name, or a former name of the dataset's ``former_names.csv``
  in force on the date: ``Soviet Union`` for ``Russia`` in 1957) contradicts itself; it loads
  without the neutral flag and is listed in ``flagged`` (``"neutral-at-home"``). The other
  direction is not checked: sub-national teams (Catalonia, Zanzibar, Silesia) play home
  matches, not neutral ones, in the country they belong to.
* **Awarded results.** martj42 has no flag, and writes an awarded result as a score with no
  goal rows: FIFA's 3–0 (2–0 before the 1990s, Chile v Soviet Union 1973). A match is
  ``awarded`` when it ended 3–0 or 2–0 (either way), has no goal row, and at least
  :data:`AWARDED_COVERAGE` of the other scoring matches of its tournament that year (at least
  :data:`AWARDED_MIN_MATCHES` of them) have every goal listed, so that a missing goal list
  means no goal was scored on the pitch. It catches 40 matches in the snapshot (the 2016
  Bolivia forfeits, Italy v Serbia 2010, Serbia v Albania 2014, the 2020 Nations League
  matches lost to COVID-19 rules…).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

from footkg import vocab
from footkg.ingest.sources.common import (
    CsvRow,
    GoalRows,
    RowError,
    optional,
    parse_bool,
    parse_date,
    parse_minute,
    parse_optional_date,
    parse_score,
    read_csv,
    required_text,
    skip,
)
from footkg.model import (
    DatasetInfo,
    FormerName,
    Goal,
    Match,
    Shootout,
    SkippedRow,
    SourceData,
    SourceRef,
)

DATASET = "intl-results"

INFO = DatasetInfo(
    key=DATASET,
    title="International football results from 1872 (martj42/international_results)",
    url="https://github.com/martj42/international_results",
    version="65d212aac5deec5157071dcf6e9b05fce0223c84",
    license="http://creativecommons.org/publicdomain/zero/1.0/",
    attribution="Mart Jürisoo and contributors, international_results (CC0 1.0)",
    changes=(
        "footkg converted results, goalscorers, shootouts and former names to RDF under the "
        "footkg ontology, keyed matches by date and teams, and resolved team names across sources."
    ),
)

#: Days before a shoot-out's match within which the first leg of a two-legged tie is looked for.
LEG_DAYS = 120
#: The scores an awarded result is written with (FIFA: 3–0; 2–0 before the 1990s).
AWARDED_SCORES: frozenset[tuple[int, int]] = frozenset({(3, 0), (0, 3), (2, 0), (0, 2)})
#: Share of a tournament-year's other scoring matches that must have complete goal lists.
AWARDED_COVERAGE = 0.9
#: Fewest other scoring matches of the tournament-year for the rule to apply.
AWARDED_MIN_MATCHES = 5

_RESULT_COLS = (
    "date",
    "home_team",
    "away_team",
    "home_score",
    "away_score",
    "tournament",
    "city",
    "country",
    "neutral",
)
_GOAL_COLS = ("date", "home_team", "away_team", "team", "scorer", "minute", "own_goal", "penalty")
_SHOOTOUT_COLS = ("date", "home_team", "away_team", "winner", "first_shooter")
_FORMER_COLS = ("current", "former", "start_date", "end_date")


def _rows(
    data_dir: Path, name: str, columns: tuple[str, ...], skipped: list[SkippedRow]
) -> Iterator[CsvRow]:
    """The rows of ``intl-results/<name>`` (see :func:`footkg.ingest.sources.common.read_csv`)."""
    return read_csv(
        data_dir / DATASET / name,
        dataset=DATASET,
        file=name,
        required=columns,
        skipped=skipped,
    )


def match_key(f: dict[str, str]) -> str:
    """The key ``"date|home|away"`` of a row with ``date``/``home_team``/``away_team`` columns.

    Raises ``RowError("bad-date")`` / ``RowError("missing-value")`` for bad key columns.
    """
    day = parse_date(f["date"], "date")
    home = required_text(f["home_team"], "home_team")
    away = required_text(f["away_team"], "away_team")
    return f"{day.isoformat()}|{home}|{away}"


def competition_of(tournament: str, year: int) -> tuple[str, int | None]:
    """``(competition, edition_year)``: ``"FIFA World Cup"`` is :data:`vocab.MENS_WORLD_CUP`
    with the match's year as edition; any other tournament text is kept with no edition."""
    if tournament == "FIFA World Cup":
        return vocab.MENS_WORLD_CUP, year
    return tournament, None


def _match(ref: SourceRef, key: str, f: dict[str, str]) -> Match:
    day = parse_date(f["date"], "date")
    tournament = required_text(f["tournament"], "tournament")
    competition, edition = competition_of(tournament, day.year)
    return Match(
        ref=ref,
        key=key,
        date=day,
        home=required_text(f["home_team"], "home_team"),
        away=required_text(f["away_team"], "away_team"),
        home_score=parse_score(f["home_score"], "home_score"),
        away_score=parse_score(f["away_score"], "away_score"),
        competition=competition,
        gender="men",
        edition_year=edition,
        neutral=parse_bool(f["neutral"], "neutral"),
        city=optional(f["city"]),
        country=optional(f["country"]),
    )


def _results(data_dir: Path, skipped: list[SkippedRow]) -> tuple[list[Match], set[str]]:
    """Matches from ``results.csv`` (without shoot-outs) and the set of ambiguous base keys."""
    matches: list[Match] = []
    seen: dict[str, list[tuple[str, ...]]] = {}
    for row in _rows(data_dir, "results.csv", _RESULT_COLS, skipped):
        ref = SourceRef(DATASET, "results.csv", row.line)
        try:
            base = match_key(row.fields)
            values = tuple(row.fields[c].strip() for c in _RESULT_COLS)
            earlier = seen.setdefault(base, [])
            if values in earlier:
                first = earlier.index(values) + 1
                raise RowError("duplicate-row", f"same values as match {first} with key {base}")
            key = base if not earlier else f"{base}|{len(earlier) + 1}"
            matches.append(_match(ref, key, row.fields))
            earlier.append(values)
        except RowError as error:
            skip(skipped, ref, error)
    ambiguous = {base for base, rows in seen.items() if len(rows) > 1}
    return matches, ambiguous


def _resolve(
    row: CsvRow,
    by_key: dict[str, Match],
    ambiguous: set[str],
    dropped: dict[str, str] | None = None,
) -> tuple[str, Match]:
    """The key and match a goal/shoot-out row refers to (``dropped``: keys of results rows
    skipped after loading, with why).

    Raises ``RowError("no-match")`` or ``RowError("ambiguous-match")``.
    """
    key = match_key(row.fields)
    if key in ambiguous:
        raise RowError("ambiguous-match", f"{key} matches more than one results row")
    if dropped and key in dropped:
        raise RowError("no-match", f"the results row of {key} was skipped ({dropped[key]})")
    match = by_key.get(key)
    if match is None:
        raise RowError("no-match", f"no results row for {key}")
    return key, match


def _first_leg_levels(match: Match, matches: list[Match]) -> bool:
    """True when an earlier match of the same two teams in the same competition, within
    :data:`LEG_DAYS` days, makes a two-legged tie with ``match`` level on aggregate or on wins."""
    teams = {match.home, match.away}
    for first in matches:
        if (
            {first.home, first.away} != teams
            or first.competition != match.competition
            or not timedelta(0) < match.date - first.date <= timedelta(days=LEG_DAYS)
            or first.home_score is None
            or first.away_score is None
            or match.home_score is None
            or match.away_score is None
        ):
            continue
        same = first.home == match.home
        home_1 = first.home_score if same else first.away_score
        away_1 = first.away_score if same else first.home_score
        aggregate = (home_1 + match.home_score, away_1 + match.away_score)
        won = (home_1 > away_1, match.home_score > match.away_score)
        lost = (home_1 < away_1, match.home_score < match.away_score)
        if aggregate[0] == aggregate[1] or (sum(won) == 1 and sum(lost) == 1):
            return True
    return False


def _shootouts(
    data_dir: Path,
    by_key: dict[str, Match],
    ambiguous: set[str],
    skipped: list[SkippedRow],
    dropped: dict[str, str],
) -> dict[str, Shootout]:
    """Shoot-outs by match key; a match whose score holds its shoot-out's kicks goes to
    ``dropped`` (key → why)."""
    pairs: dict[frozenset[str], list[Match]] = defaultdict(list)
    for m in by_key.values():
        pairs[frozenset((m.home, m.away))].append(m)
    shootouts: dict[str, Shootout] = {}
    for row in _rows(data_dir, "shootouts.csv", _SHOOTOUT_COLS, skipped):
        ref = SourceRef(DATASET, "shootouts.csv", row.line)
        try:
            key, match = _resolve(row, by_key, ambiguous)
            winner = required_text(row.fields["winner"], "winner")
            first = optional(row.fields["first_shooter"])
            for field, team in (("winner", winner), ("first_shooter", first)):
                if team is not None and team not in (match.home, match.away):
                    raise RowError("bad-team", f"{field} {team!r} is not a team of {key}")
            if key in shootouts:
                raise RowError("duplicate-row", f"a second shoot-out for {key}")
            if match.home_score != match.away_score:
                score = f"{match.home_score}-{match.away_score}"
                if not _first_leg_levels(match, pairs[frozenset((match.home, match.away))]):
                    why = (f"{key} ended {score} with a shoot-out and no first leg that levels a "
                           "tie: the shoot-out kicks look added to the score")  # fmt: skip
                    dropped[key] = f"results.csv line {match.ref.line}: {why}"
                    skip(skipped, match.ref, RowError("shootout-in-score", why))
                    raise RowError("shootout-in-score", f"{why} (the results row is skipped)")
                raise RowError(
                    "shootout-not-level",
                    f"{key} ended {score}: the shoot-out decided a tie over two legs (aggregate "
                    "score), which footkg does not model",
                )
            shootouts[key] = Shootout(winner=winner, first_shooter=first)
        except RowError as error:
            skip(skipped, ref, error)
    return shootouts


def _goal(row: CsvRow, key: str, match: Match) -> Goal:
    f = row.fields
    team = required_text(f["team"], "team")
    if team not in (match.home, match.away):
        raise RowError("bad-team", f"team {team!r} is not a team of {key}")
    own_goal = parse_bool(f["own_goal"], "own_goal")
    minute = parse_minute(f["minute"])
    scorer_team = (match.away if team == match.home else match.home) if own_goal else team
    return Goal(
        ref=SourceRef(DATASET, "goalscorers.csv", row.line),
        match_key=key,
        team=team,
        scorer=optional(f["scorer"]),
        minute=minute[0] if minute else None,
        stoppage=minute[1] if minute else None,
        own_goal=own_goal,
        penalty=parse_bool(f["penalty"], "penalty"),
        scorer_team=scorer_team,
    )


def _goals(
    data_dir: Path,
    by_key: dict[str, Match],
    ambiguous: set[str],
    skipped: list[SkippedRow],
    dropped: dict[str, str],
) -> list[Goal]:
    goals: list[Goal] = []
    seen = GoalRows()
    for row in _rows(data_dir, "goalscorers.csv", _GOAL_COLS, skipped):
        try:
            key, match = _resolve(row, by_key, ambiguous, dropped)
            goal = _goal(row, key, match)
            score = match.home_score if goal.team == match.home else match.away_score
            natural = (key, goal.team, goal.scorer, goal.minute, goal.own_goal, goal.penalty)
            seen.claim(natural, goal.team, score, f"line {row.line}")
            goals.append(goal)
        except RowError as error:
            skip(skipped, SourceRef(DATASET, "goalscorers.csv", row.line), error)
    return goals


def _former_names(data_dir: Path, skipped: list[SkippedRow]) -> list[FormerName]:
    names: list[FormerName] = []
    for row in _rows(data_dir, "former_names.csv", _FORMER_COLS, skipped):
        ref, f = SourceRef(DATASET, "former_names.csv", row.line), row.fields
        try:
            names.append(
                FormerName(
                    ref=ref,
                    current=required_text(f["current"], "current"),
                    former=required_text(f["former"], "former"),
                    start=parse_optional_date(f["start_date"], "start_date"),
                    end=parse_optional_date(f["end_date"], "end_date"),
                )
            )
        except RowError as error:
            skip(skipped, ref, error)
    return names


def _neutral_checked(
    matches: list[Match], former: list[FormerName]
) -> tuple[list[Match], list[SkippedRow]]:
    """The matches with a self-contradicting ``neutral`` flag left out (see the module
    docstring), and one flagged row for each."""
    names_of: dict[str, list[FormerName]] = defaultdict(list)
    for f in former:
        names_of[f.current].append(f)
    out: list[Match] = []
    flagged: list[SkippedRow] = []
    for m in matches:
        at_time = {
            f.former
            for f in names_of.get(m.home, ())
            if (f.start is None or f.start <= m.date) and (f.end is None or m.date <= f.end)
        }
        if m.neutral and m.country in {m.home, *at_time}:
            detail = (f"{m.date} {m.home} v {m.away} is marked neutral but was played in "
                      f"{m.country}, {m.home}'s own country: loaded without the neutral flag")
            flagged.append(SkippedRow(m.ref, "neutral-at-home", detail))
            m = replace(m, neutral=None)
        out.append(m)
    return out, flagged


def mark_awarded(matches: list[Match], goals: list[Goal]) -> list[Match]:
    """The matches with ``awarded`` set by the rule of the module docstring (an awarded score,
    no goal row, the tournament-year's other goal lists complete)."""
    listed = Counter(g.match_key for g in goals)
    complete: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0])
    for m in matches:
        total = (m.home_score or 0) + (m.away_score or 0)
        if total:
            tally = complete[(m.competition, m.date.year)]
            tally[0] += 1
            tally[1] += listed[m.key] == total
    out = []
    for m in matches:
        if (m.home_score, m.away_score) in AWARDED_SCORES and not listed[m.key]:
            scoring, full = complete[(m.competition, m.date.year)]
            others, others_full = scoring - 1, full  # this match is scoring and not complete
            if others >= AWARDED_MIN_MATCHES and others_full >= AWARDED_COVERAGE * others:
                m = replace(m, awarded=True)
        out.append(m)
    return out


def load(data_dir: Path) -> SourceData:
    """Load martj42's international results from ``data_dir/intl-results``.

    Returns matches (with shoot-out winner and first shooter attached), goals and former
    names; skipped rows carry reasons such as ``"duplicate-row"``, ``"no-match"``,
    ``"ambiguous-match"``, ``"bad-team"``, ``"shootout-not-level"`` (a shoot-out after a match
    that was not level: it decided a two-legged tie on aggregate). Minutes have stoppage time
    folded in by the source (``stoppage`` is always ``None``); ``NA`` minutes and scorers are
    ``None``.
    Raises :class:`footkg.model.SourceFormatError` for a missing file or column.
    """
    data = SourceData(info=INFO)
    matches, ambiguous = _results(data_dir, data.skipped)
    by_key = {match.key: match for match in matches}
    dropped: dict[str, str] = {}
    shootouts = _shootouts(data_dir, by_key, ambiguous, data.skipped, dropped)
    matches = [m for m in matches if m.key not in dropped]
    by_key = {match.key: match for match in matches}
    data.goals = _goals(data_dir, by_key, ambiguous, data.skipped, dropped)
    data.former_names = _former_names(data_dir, data.skipped)
    matches, data.flagged = _neutral_checked(matches, data.former_names)
    data.matches = mark_awarded(
        [replace(m, shootout=shootouts[m.key]) if m.key in shootouts else m for m in matches],
        data.goals,
    )
    return data
