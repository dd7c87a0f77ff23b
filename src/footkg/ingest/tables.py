"""League tables, league champions and runs of titles, derived at build time.

* **A league table** per season and division (a season of a ``league`` competition): every
  match of the season without a stage (play-offs, split rounds and the sub-tournaments of a
  season have one) counts once for each club: played, won, drawn, lost, goals for and against,
  and points with the rules of the time (``win_points`` for a win, 1 for a draw: 2 in England
  until 1980-81, 3 from 1981-82). An awarded match counts with its awarded score; a match
  without a result (scheduled, postponed, cancelled, abandoned, result unknown) counts for
  nothing. Clubs level on points are ordered by the season's ``tiebreak``: goal average (goals
  for ÷ goals against; England until 1975-76), goal difference, head-to-head (points, then goal
  difference in the matches between the clubs level), or wins; then goals scored, then name.
  A table is **complete** when every one of its matches has a result and every club played as
  many matches.
* **Promoted and relegated** clubs, where the data shows them: a club that plays the next
  season (the next year of its country's seasons in the data, across the seasons not played
  during the wars in England) in a higher or lower tier; a top-division club missing from the
  next season's top division is relegated. The 1919 expansion, when the Football League elected
  clubs to the First Division, shows as a promotion.
* **Champions.** A league season's champion is the top of its complete table where the
  competition's ``champion_rule`` is ``table``; the runner-up the second. Every champion is
  checked against the official list (``data/club-champions.csv``, :class:`ChampionCheck`):
  where they differ, or the table cannot decide (the season is incomplete, or the format
  decides outside the table), the official champion is stated, and the difference listed with
  its reason; where the official list says no champion was declared (the 2019-20 Eredivisie),
  none is stated.
* **Previous seasons and runs of titles.** A season's previous season is the one before it at
  the same tier of the same country (so the Premier League's 1992-93 follows the First
  Division's 1991-92) when that tier has one division in both seasons, else the season before
  in the same competition; a season a source lacks (engsoccerdata has no 2016-17) breaks the
  chain. A champion's consecutive titles count the editions in a row it won, back to the edition
  where the run began.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from footkg import vocab
from footkg.ingest.integrate import Integrated, REdition, RMatch, ROfficial

#: Seasons that were not played (first years), by country: the Football League was suspended
#: during the two World Wars (1915-16 → 1918-19, 1939-40 → 1945-46; the abandoned start of
#: 1939-40 is not counted). A season before such a gap is followed by the one after it.
SUSPENDED_SEASONS: dict[str, frozenset[int]] = {
    "England": frozenset({1915, 1916, 1917, 1918, 1939, 1940, 1941, 1942, 1943, 1944, 1945}),
}


@dataclass(slots=True)
class Standing:
    """A club's line in a league table (counts in matches and goals; ``points`` with the
    season's rules); ``position`` 1 is the top of the table."""

    iri: str
    season: str
    club: str
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    goals_for: int = 0
    goals_against: int = 0
    points: int = 0
    position: int = 0
    promoted: bool = False
    relegated: bool = False

    @property
    def goal_difference(self) -> int:
        """Goals for minus goals against."""
        return self.goals_for - self.goals_against

    @property
    def goal_average(self) -> float | None:
        """Goals for divided by goals against (``None`` when no goal was conceded)."""
        return self.goals_for / self.goals_against if self.goals_against else None

    def add(self, scored: int, conceded: int, win_points: int) -> None:
        """Count one match with a result: the club's goals and the opponent's."""
        self.played += 1
        self.goals_for += scored
        self.goals_against += conceded
        if scored > conceded:
            self.wins += 1
            self.points += win_points
        elif scored == conceded:
            self.draws += 1
            self.points += 1
        else:
            self.losses += 1


@dataclass(slots=True)
class LeagueTable:
    """The table of one league season: ``standings`` in order (position 1 first),
    ``complete`` (see the module docstring), ``unplayed`` the table matches without a
    result."""

    season: str
    standings: list[Standing] = field(default_factory=list)
    complete: bool = False
    unplayed: int = 0


@dataclass(frozen=True, slots=True)
class ChampionCheck:
    """A season's champion as derived and as the official list has it. ``outcome`` is
    ``"agrees"``, ``"differs"`` (the official champion is stated), ``"official only"`` (the
    table cannot decide; the official champion is stated), ``"no champion"`` (none was declared;
    none is stated) or ``"not listed"`` (the official list has no row: the derived champion
    stands unchecked); ``reason`` says why they differ, where they do."""

    season: str
    label: str
    derived: str | None
    official: str | None
    outcome: str
    reason: str | None = None


@dataclass(slots=True)
class LeagueFacts:
    """Everything this module derives: tables by season IRI, champions and runners-up by
    edition IRI (leagues, and the official champions of cups whose final has no result), the
    checks against the official list, previous seasons, and runs of titles (edition → titles
    in a row, edition → the edition where the run began)."""

    tables: dict[str, LeagueTable] = field(default_factory=dict)
    champion: dict[str, str] = field(default_factory=dict)
    runner_up: dict[str, str] = field(default_factory=dict)
    checks: list[ChampionCheck] = field(default_factory=list)
    previous: dict[str, str] = field(default_factory=dict)
    streak: dict[str, int] = field(default_factory=dict)
    run_start: dict[str, str] = field(default_factory=dict)


def is_table_match(m: RMatch, editions: dict[str, REdition]) -> bool:
    """True when ``m`` counts in its season's league table (a league season's match without
    a stage)."""
    edition = editions.get(m.edition_iri) if m.edition_iri else None
    return edition is not None and edition.kind == "league" and m.stage is None


def league_tables(data: Integrated) -> dict[str, LeagueTable]:
    """The table of every league season of ``data`` (see the module docstring)."""
    rows: dict[str, dict[str, Standing]] = defaultdict(dict)
    unplayed: dict[str, int] = defaultdict(int)
    matches: dict[str, list[RMatch]] = defaultdict(list)
    for m in data.matches.values():
        if not is_table_match(m, data.editions):
            continue
        season = m.edition_iri or ""
        table = rows[season]
        for club in (m.home_iri, m.away_iri):
            if club not in table:
                table[club] = Standing(vocab.standing_iri(season, club), season, club)
        if m.home_score is None or m.away_score is None:
            unplayed[season] += 1
            continue
        win = data.editions[season].win_points or 3
        table[m.home_iri].add(m.home_score, m.away_score, win)
        table[m.away_iri].add(m.away_score, m.home_score, win)
        matches[season].append(m)
    out: dict[str, LeagueTable] = {}
    for season, table in rows.items():
        edition = data.editions[season]
        labels = {c: data.clubs[c].label or c for c in table}
        ordered = order(list(table.values()), edition.tiebreak, matches[season], labels,
                        edition.win_points or 3)  # fmt: skip
        for position, standing in enumerate(ordered, 1):
            standing.position = position
        played = {s.played for s in ordered}
        complete = unplayed[season] == 0 and len(played) == 1
        out[season] = LeagueTable(season, ordered, complete, unplayed[season])
    return out


def _head_to_head(
    tied: list[Standing], matches: list[RMatch], win_points: int
) -> dict[str, tuple[int, int]]:
    """Points and goal difference of each club of ``tied`` in the matches between them."""
    clubs = {s.club for s in tied}
    mini = {c: Standing("", "", c) for c in clubs}
    for m in matches:
        if m.home_iri in clubs and m.away_iri in clubs:
            assert m.home_score is not None and m.away_score is not None
            mini[m.home_iri].add(m.home_score, m.away_score, win_points)
            mini[m.away_iri].add(m.away_score, m.home_score, win_points)
    return {c: (s.points, s.goal_difference) for c, s in mini.items()}


def order(
    standings: list[Standing],
    tiebreak: str | None,
    matches: list[RMatch],
    labels: dict[str, str],
    win_points: int = 3,
) -> list[Standing]:
    """``standings`` in table order: points, then the ``tiebreak`` (see the module docstring),
    goals scored, and the club's label."""

    def average(s: Standing) -> float:
        if s.goals_against:
            return s.goals_for / s.goals_against
        return float("inf") if s.goals_for else 0.0

    mini: dict[str, tuple[int, int]] = {}
    if tiebreak == "head-to-head":
        by_points: dict[int, list[Standing]] = defaultdict(list)
        for s in standings:
            by_points[s.points].append(s)
        for tied in by_points.values():
            if len(tied) > 1:
                mini.update(_head_to_head(tied, matches, win_points))

    def key(s: Standing) -> tuple:
        if tiebreak == "goal average":
            middle: tuple = (average(s),)
        elif tiebreak == "head-to-head":
            middle = (*mini.get(s.club, (0, 0)), s.goal_difference)
        elif tiebreak == "wins":
            middle = (s.wins, s.goal_difference)
        else:
            middle = (s.goal_difference,)
        return (-s.points, *(-v for v in middle), -s.goals_for, labels.get(s.club, s.club))

    return sorted(standings, key=key)


def _next_year(years: list[int], year: int, suspended: frozenset[int]) -> int | None:
    """The first year of the season after ``year`` among ``years``, when it follows directly
    (only suspended seasons between), else ``None``."""
    later = [y for y in years if y > year]
    if not later:
        return None
    nxt = min(later)
    if all(y in suspended for y in range(year + 1, nxt)):
        return nxt
    return None


def _country_of(edition: REdition, data: Integrated) -> str | None:
    """The label of the country of a league season's tier (``"England"``), else ``None``."""
    if edition.tier_iri is None:
        return None
    return data.countries.get(data.tiers[edition.tier_iri][1])


def movements(data: Integrated, tables: dict[str, LeagueTable]) -> None:
    """Mark the promoted and relegated clubs of every table (see the module docstring)."""
    tier_of: dict[tuple[str, int], dict[str, int]] = defaultdict(dict)  # (country, year)
    placed: list[tuple[LeagueTable, str, int, int]] = []
    for season, table in tables.items():
        edition = data.editions[season]
        country = _country_of(edition, data)
        if country is None or edition.tier_iri is None:
            continue
        level = data.tiers[edition.tier_iri][2]
        placed.append((table, country, edition.year, level))
        for s in table.standings:
            tier_of[(country, edition.year)][s.club] = level
    years: dict[str, list[int]] = defaultdict(list)
    for country, year in tier_of:
        years[country].append(year)
    for table, country, year, level in placed:
        nxt = _next_year(years[country], year, SUSPENDED_SEASONS.get(country, frozenset()))
        if nxt is None:
            continue
        following = tier_of[(country, nxt)]
        top_next = any(t == 1 for t in following.values())
        for s in table.standings:
            later = following.get(s.club)
            s.promoted = later is not None and later < level
            s.relegated = (later is not None and later > level) or (
                later is None and level == 1 and top_next
            )


def previous_seasons(data: Integrated) -> dict[str, str]:
    """The previous season of each season (see the module docstring)."""
    seasons = [e for e in data.editions.values() if e.season is not None]
    by_competition: dict[str, dict[int, str]] = defaultdict(dict)
    by_tier: dict[tuple[str, int], list[str]] = defaultdict(list)
    for e in seasons:
        by_competition[e.competition_iri][e.year] = e.iri
        if e.tier_iri:
            by_tier[(e.tier_iri, e.year)].append(e.iri)
    out: dict[str, str] = {}
    for e in seasons:
        suspended = SUSPENDED_SEASONS.get(_country_of(e, data) or "", frozenset())
        before = e.year - 1
        while before in suspended:
            before -= 1
        if e.tier_iri and len(by_tier[(e.tier_iri, e.year)]) == 1:
            same_tier = by_tier.get((e.tier_iri, before), [])
            if len(same_tier) == 1:
                out[e.iri] = same_tier[0]
                continue
        earlier = by_competition[e.competition_iri].get(before)
        if earlier is not None:
            out[e.iri] = earlier
    return out


def title_runs(
    editions: Iterable[REdition], champion: dict[str, str], previous: dict[str, str]
) -> tuple[dict[str, int], dict[str, str]]:
    """``(titles in a row, run start)`` of each edition with a champion: 1 and itself, or one
    more than the previous edition's when the same team won it."""
    streak: dict[str, int] = {}
    start: dict[str, str] = {}
    for e in sorted(editions, key=lambda e: e.year):
        team = champion.get(e.iri)
        if team is None:
            continue
        before = previous.get(e.iri)
        if before is not None and champion.get(before) == team and before in streak:
            streak[e.iri] = streak[before] + 1
            start[e.iri] = start[before]
        else:
            streak[e.iri], start[e.iri] = 1, e.iri
    return streak, start


def _table_champion(edition: REdition, table: LeagueTable | None) -> tuple[str | None, str | None]:
    """``(champion, why not)`` of a league season from its table."""
    if table is None:
        return None, "no table"
    if edition.champion_rule != "table":
        return None, "the format decides the champion outside the table"
    if not table.complete:
        why = f"{table.unplayed} matches without a result" if table.unplayed else "unequal games"
        return None, f"the table is incomplete ({why})"
    return table.standings[0].club, None


def _check(
    edition: REdition, derived: str | None, why: str | None, row: ROfficial | None
) -> tuple[str | None, ChampionCheck | None]:
    """The champion to state for one edition and its check (see :class:`ChampionCheck`)."""
    label = edition.label
    if row is None:
        if derived is None:
            return None, None
        return derived, ChampionCheck(edition.iri, label, derived, None, "not listed")
    if row.champion_iri is None:
        reason = row.note or "no champion was declared"
        return None, ChampionCheck(edition.iri, label, derived, None, "no champion", reason)
    official = row.champion_iri
    if derived == official:
        return official, ChampionCheck(edition.iri, label, derived, official, "agrees")
    if derived is None:
        reason = "; ".join(r for r in (why, row.note) if r)
        return official, ChampionCheck(edition.iri, label, None, official, "official only", reason)
    reason = row.note or "the official list differs"
    return official, ChampionCheck(edition.iri, label, derived, official, "differs", reason)


def check_champions(
    data: Integrated,
    tables: dict[str, LeagueTable],
    final_champions: dict[str, str],
) -> tuple[dict[str, str], dict[str, str], list[ChampionCheck]]:
    """Champions and runners-up of league seasons, and every derived champion (leagues from
    their tables, cups from their finals: ``final_champions``) checked against the official
    list (see the module docstring)."""
    official = {o.edition_iri: o for o in data.official}
    champion: dict[str, str] = {}
    runner_up: dict[str, str] = {}
    checks: list[ChampionCheck] = []
    for edition in data.editions.values():
        if edition.season is None and edition.iri not in official:
            continue  # a tournament edition the official list does not name: nothing to check
        if edition.kind == "league":
            derived, why = _table_champion(edition, tables.get(edition.iri))
        elif edition.iri in final_champions:
            derived, why = final_champions[edition.iri], None
        else:
            derived, why = None, "the final has no result in the data"
        stated, check = _check(edition, derived, why, official.get(edition.iri))
        if stated is not None:
            champion[edition.iri] = stated
        if check is not None:
            checks.append(check)
    for season, table in tables.items():
        top = table.standings[0].club if table.standings else None
        by_table = data.editions[season].champion_rule == "table" and table.complete
        if by_table and len(table.standings) > 1 and champion.get(season) == top:
            runner_up[season] = table.standings[1].club
    return champion, runner_up, checks


def league_facts(data: Integrated, final_champions: dict[str, str]) -> LeagueFacts:
    """Tables, movements, champions (checked), previous seasons and title runs of ``data``;
    ``final_champions`` are the champions derived from finals (cups)."""
    facts = LeagueFacts()
    facts.tables = league_tables(data)
    movements(data, facts.tables)
    facts.champion, facts.runner_up, facts.checks = check_champions(
        data, facts.tables, final_champions
    )
    facts.previous = previous_seasons(data)
    return facts
