"""Linking: the fixture match a report is about, found among the graph's matches (read once
per gazetteer, :func:`load_fixtures`) by its two teams and, where known, the tournament year,
or by how much of a fixture the report names (:func:`fixture_evidence`: its scorers, stadium,
city, day and score); a fixture's goals are looked up with its IRI bound as a value."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

import pyoxigraph as ox

from footkg.extract.gazetteer import PREFIXES, Gazetteer
from footkg.extract.pipeline import fold
from footkg.vocab import STAGES

STAGE_KEYS = {str(iri): key for key, iri in STAGES.items()}


@dataclass(frozen=True, slots=True)
class Fixture:
    """A match of the graph: IRI, date (ISO), home/away team IRIs and scores, stage key,
    year of its edition, venue IRI and label, whether it went to extra time, its edition
    (IRI: a World Cup edition, a European Championship, a club season)."""

    iri: str
    date: str
    home: str
    away: str
    home_score: int | None
    away_score: int | None
    stage: str | None
    year: int | None
    venue: str | None
    venue_label: str | None
    extra_time: bool = False
    edition: str | None = None

    @property
    def goals_by_team(self) -> dict[str, int | None]:
        """Each team's goals (team IRI → goals, ``None`` when the graph has no score)."""
        return {self.home: self.home_score, self.away: self.away_score}


def fixtures_between(gaz: Gazetteer, a: str, b: str) -> list[Fixture]:
    """All World Cup matches in the graph between teams ``a`` and ``b`` (IRIs), by date
    (Fjelstul ``matches.csv`` through the graph; see :func:`load_fixtures`)."""
    load_fixtures(gaz)
    return list(gaz._fixtures.get(frozenset((a, b)), []))


def fixture_orientation(gaz: Gazetteer, iri: str) -> tuple[str, str] | None:
    """The (home, away) team IRIs of the World Cup match ``iri`` of the graph, ``None`` when
    the graph has no such match (see :func:`load_fixtures`)."""
    load_fixtures(gaz)
    f = gaz._fixture_by_iri.get(iri)
    return (f.home, f.away) if isinstance(f, Fixture) else None


def team_fixtures(gaz: Gazetteer, team: str, year: int) -> list[Fixture]:
    """The World Cup matches of ``team`` (IRI) in the edition of ``year``, by date (see
    :func:`load_fixtures`)."""
    load_fixtures(gaz)
    return [f for f in gaz._team_fixtures.get(year, []) if team in (f.home, f.away)]


def fixtures_of_year(gaz: Gazetteer, year: int) -> list[Fixture]:
    """The World Cup matches of the editions of ``year`` (men's and women's), by date (see
    :func:`load_fixtures`)."""
    load_fixtures(gaz)
    return list(gaz._team_fixtures.get(year, []))


def load_fixtures(gaz: Gazetteer) -> None:
    """Read every World Cup match of the graph once (one SPARQL SELECT, about 1,350 matches,
    0.2 s) into the gazetteer's indexes by team pair and by year, and each match's scorers
    (one more SELECT, 0.15 s); the graph does not change while the gazetteer is in use. Does
    nothing when they are loaded or there is no store."""
    if gaz.store is None or gaz._fixtures_loaded:
        return
    gaz._fixtures_loaded = True
    for f in _fixtures_of(gaz._q(_ALL_FIXTURES_QUERY)):
        gaz._fixtures.setdefault(frozenset((f.home, f.away)), []).append(f)
        gaz._fixture_by_iri[f.iri] = f
        if f.year is not None:
            gaz._team_fixtures.setdefault(f.year, []).append(f)
    scorers: dict[str, set[str]] = {}
    for r in gaz._q(_ALL_SCORERS_QUERY):
        scorers.setdefault(r["m"].value, set()).add(fold((r["f"] or r["l"]).value).lower())
    gaz._scorers = {m: frozenset(names) for m, names in scorers.items()}


#: every match with its edition's year, date, teams, score, stage, venue and extra time
_ALL_FIXTURES_QUERY = (
    "SELECT ?h ?w ?m ?d ?hs ?as ?s ?y ?v ?vl ?x ?e WHERE { ?e fk:year ?y . ?m fk:edition ?e ; "
    "fk:homeTeam ?h ; fk:awayTeam ?w ; fk:date ?d . "
    "OPTIONAL { ?m fk:extraTime ?x } "
    "OPTIONAL { ?m fk:homeScore ?hs } OPTIONAL { ?m fk:awayScore ?as } "
    "OPTIONAL { ?m fk:stage ?s } OPTIONAL { ?m fk:venue ?v . ?v rdfs:label ?vl } }"
)


#: every World Cup goal's match and scorer's label and family name
_ALL_SCORERS_QUERY = (
    "SELECT ?m ?l ?f WHERE { ?m fk:edition ?e . ?g fk:match ?m ; fk:scorer ?p . "
    "?p rdfs:label ?l OPTIONAL { ?p schema:familyName ?f } }"
)


def _fixtures_of(rows: list) -> list[Fixture]:
    """:class:`Fixture` values of SPARQL rows, one per match, by date."""
    rows.sort(key=lambda r: r["d"].value)
    out: dict[str, Fixture] = {}
    editions: dict[str, str] = {}  # one string per edition: the cache pickles it once
    for r in rows:
        out.setdefault(
            r["m"].value,
            Fixture(
                iri=r["m"].value,
                date=r["d"].value,
                home=r["h"].value,
                away=r["w"].value,
                home_score=int(r["hs"].value) if r["hs"] is not None else None,
                away_score=int(r["as"].value) if r["as"] is not None else None,
                stage=STAGE_KEYS.get(r["s"].value if r["s"] is not None else ""),
                year=int(r["y"].value),
                venue=r["v"].value if r["v"] is not None else None,
                venue_label=r["vl"].value if r["vl"] is not None else None,
                extra_time=r["x"] is not None and r["x"].value == "true",
                edition=editions.setdefault(r["e"].value, r["e"].value),
            ),
        )
    return list(out.values())


def best_fixture(
    candidates: list[Fixture],
    years: list[int],
    scores: dict[str, int | None],
    stage: str | None,
    days: set[tuple[int, int]] | frozenset[tuple[int, int]] = frozenset(),
    venues: set[str] | frozenset[str] = frozenset(),
    aet: bool | None = None,
    squad_year: int | None = None,
) -> Fixture | None:
    """The fixture a report's main match most likely is: points for a year the report names
    (first named counts most), the same score per team, the same stage, a (month, day) of
    ``days`` the report names ("Thursday 13 June", no year), its stadium among ``venues``
    (stadium IRIs the result's sentence names), extra time when the result says ``aet``, the
    edition whose squads hold the players the report names (``squad_year``).
    ``None`` if no candidate agrees on at least the year, the score or the day."""
    best, best_points = None, 0
    for f in candidates:
        points = 0
        if days and (int(f.date[5:7]), int(f.date[8:10])) in days:
            points += 3
        if f.year in years:
            points += 4 + (2 if years and f.year == years[0] else 0)
        if scores and all(v is not None for v in scores.values()):
            got = f.goals_by_team
            if all(got.get(t) == v for t, v in scores.items()):
                points += 3
        if stage and f.stage == stage:
            points += 2
        if f.venue is not None and f.venue in venues:
            points += 3
        if aet and f.extra_time:
            points += 2
        if squad_year is not None and f.year == squad_year:
            points += 5  # the report names that edition's players
        if points > best_points:
            best, best_points = f, points
    return best if best_points >= 3 else None


def fixture_scorers(gaz: Gazetteer, match: str) -> frozenset[str]:
    """The family names (folded to lower case without accents; the full name for one-name
    players) of the players who scored in ``match`` (IRI, a World Cup match), own goals
    included (Fjelstul ``goals.csv`` through the graph; read by :func:`load_fixtures`)."""
    load_fixtures(gaz)
    return gaz._scorers.get(match, frozenset()) if gaz._scorers else frozenset()


@dataclass(frozen=True, slots=True)
class Clues:
    """What a report names that a fixture can agree with: its text folded to lower case
    without accents (for players' and cities' names), the stadiums it names (IRIs), the
    (month, day) pairs and the scores it writes ("2-2", "3–1") as (first, second) pairs."""

    folded: str
    stadiums: frozenset[str]
    days: frozenset[tuple[int, int]]
    scores: frozenset[tuple[int, int]]


def fixture_evidence(gaz: Gazetteer, f: Fixture, clues: Clues) -> int:
    """Points for how much of ``f`` a report names: one per scorer of the fixture whose
    family name the report writes, two for its stadium, two for its stadium's city, two for
    its day and month, one for its score written either way round."""
    points = sum(1 for name in fixture_scorers(gaz, f.iri)
                 if re.search(rf"\b{re.escape(name)}\b", clues.folded))  # fmt: skip
    city = gaz.stadiums.get(f.venue, ("", None))[1] if f.venue else None
    points += 2 if f.venue in clues.stadiums else 0
    points += 2 if city and fold(city).lower() in clues.folded else 0
    points += 2 if (int(f.date[5:7]), int(f.date[8:10])) in clues.days else 0
    score = (f.home_score, f.away_score)
    return points + (1 if score in clues.scores or score[::-1] in clues.scores else 0)


def better_fixture(current: Fixture | None, candidates: list[Fixture],
                   evidence: Callable[[Fixture], int]) -> Fixture | None:  # fmt: skip
    """The candidate the report names far more of than ``current`` (the fixture its stated
    result linked to): at least three points more and at least twice as many (see
    :func:`fixture_evidence`). A fan's diary that opens with the group's earlier games, or a
    report that states an old meeting's score first, still names the scorers, stadium and
    day of the match it is about. ``None`` when no candidate stands out so."""
    have = evidence(current) if current is not None else 0
    scored = [(evidence(f), f) for f in candidates if current is None or f.iri != current.iri]
    best = max(scored, key=lambda pair: pair[0], default=None)
    if best is None or best[0] < have + 3 or best[0] < 2 * have:
        return None
    return best[1]


def fixture_goals(gaz: Gazetteer, match: str) -> list[dict]:
    """The goals the graph holds for ``match`` (IRI): goal IRI, scorer IRI and name, team
    IRI, minute, stoppage, own goal, penalty, assist IRI (rows in the graph's order; from
    the preloaded goals of every World Cup match when the gazetteer is complete)."""
    if gaz.complete or match in gaz._fixture_goals:
        return [dict(r) for r in gaz._fixture_goals.get(match, [])]
    if gaz.store is None:
        return []
    return _goal_rows(gaz._q(_GOALS_QUERY, m=ox.NamedNode(match)))


#: the goals of one match (bind ?m), or of every World Cup match (bind none)
_GOALS_QUERY = (
    "SELECT ?m ?g ?p ?n ?t ?min ?st ?og ?pen ?a WHERE { ?m fk:edition ?e . ?g fk:match ?m ; "
    "fk:team ?t . OPTIONAL { ?g fk:scorer ?p } OPTIONAL { ?g fk:scorerName ?n } "
    "OPTIONAL { ?g fk:minute ?min } OPTIONAL { ?g fk:stoppageMinute ?st } "
    "OPTIONAL { ?g fk:ownGoal ?og } OPTIONAL { ?g fk:penalty ?pen } "
    "OPTIONAL { ?g fk:assist ?a } }"
)


def _goal_rows(rows: list) -> list[dict]:
    return [
        {
            "match": r["m"].value,
            "goal": r["g"].value,
            "scorer": r["p"].value if r["p"] is not None else None,
            "name": r["n"].value if r["n"] is not None else None,
            "team": r["t"].value,
            "minute": int(r["min"].value) if r["min"] is not None else None,
            "stoppage": int(r["st"].value) if r["st"] is not None else None,
            "own_goal": r["og"] is not None and r["og"].value == "true",
            "penalty": r["pen"] is not None and r["pen"].value == "true",
            "assist": r["a"].value if r["a"] is not None else None,
        }
        for r in rows
    ]


def preload(gaz: Gazetteer) -> None:
    """Make ``gaz`` :attr:`~footkg.extract.gazetteer.Gazetteer.complete`: its own preload
    (squads, managers), every World Cup match (:func:`load_fixtures`), the goals of each
    (one SELECT) and the birth dates of every squad player (one SELECT). Afterwards no
    look-up needs the store."""
    if gaz.store is None or gaz.complete:
        return
    gaz.preload()
    load_fixtures(gaz)
    goals: dict[str, list[dict]] = {}
    for row in _goal_rows(gaz._q(_GOALS_QUERY)):
        goals.setdefault(row["match"], []).append(row)
    gaz._fixture_goals = goals
    gaz._birth_dates = {
        r["p"].value: r["b"].value
        for r in gaz._q("SELECT DISTINCT ?p ?b WHERE { ?s fk:player ?p . ?p fk:birthDate ?b }")
    }
    gaz.complete = True


#: the minutes a stoppage-time goal may be folded into (45, 90 and the two ends of extra time)
BASES = (45, 90, 105, 120)


def same_minute(report: tuple[int, int | None, bool], fixture: tuple[int, int | None]) -> bool:
    """True when a report minute ``(minute, stoppage, vague)`` and a fixture minute
    ``(minute, stoppage)`` are the same moment written differently (all in minutes): ``92``
    (as written), ``90+2`` (regulation minute and stoppage) and ``90`` (stoppage folded into
    the base minute, as the international results dataset does); "in stoppage time" without
    a number (``vague``) is any minute of the stoppage after its base."""
    rm, rs, vague = report
    fm, fs = fixture
    r_total, f_total = rm + (rs or 0), fm + (fs or 0)
    if r_total == f_total:
        return True
    if vague:  # "in stoppage time": any minute after the base
        return rm <= f_total < rm + 16
    if fs is None and fm in BASES and fm < r_total < fm + 16:
        return True  # the fixture folded 90+n into 90
    return rs is None and rm in BASES and f_total > rm and f_total < rm + 16 and fs is not None


def align_goals(goals: list, fixture: list[dict]) -> None:
    """Set each report goal's ``iri`` to the fixture data's goal it tells (rows of
    :func:`fixture_goals`), one fixture goal per report goal: first the same scorer at the
    same minute (:func:`same_minute`); then the same scorer at another minute (the nearest:
    a report's 85 against the data's 86); then a goal told without a minute takes the
    scorer's next goal in match order (goals without a minute are aligned by scorer and
    order); last, a goal whose scorer the fixture does not have takes the goal of the same
    team at the same minute (a disagreement on the scorer). A goal none of these fits keeps
    ``iri`` ``None``. ``goals`` are :class:`footkg.extract.facts.GoalFact` values."""
    free = sorted(fixture, key=lambda r: (r["minute"] is None, r["minute"] or 0,
                                          r["stoppage"] or 0))  # fmt: skip

    def take(goal, row) -> None:
        goal.iri = row["goal"]
        free.remove(row)

    def same_time(goal, row) -> bool:
        return row["minute"] is not None and same_minute(
            (goal.minute, goal.stoppage, goal.minute_vague), (row["minute"], row["stoppage"]))

    for g in goals:
        g.iri = None
    for g in (g for g in goals if g.scorer and g.minute is not None):
        row = next((r for r in free if r["scorer"] == g.scorer and same_time(g, r)), None)
        if row is not None:
            take(g, row)
    for g in (g for g in goals if g.iri is None and g.scorer and g.minute is not None):
        mine = [r for r in free if r["scorer"] == g.scorer]
        if mine:
            take(g, min(mine, key=lambda r: abs((r["minute"] or 0) + (r["stoppage"] or 0)
                                                - g.minute - (g.stoppage or 0))))  # fmt: skip
    for g in (g for g in goals if g.iri is None and g.scorer and g.minute is None):
        row = next((r for r in free if r["scorer"] == g.scorer), None)
        if row is not None:
            take(g, row)
    for g in (g for g in goals if g.iri is None and g.minute is not None and g.team):
        row = next((r for r in free if r["team"] == g.team and same_time(g, r)), None)
        if row is not None:
            take(g, row)


def player_age(gaz: Gazetteer, player: str, match: str) -> int | None:
    """The age of ``player`` (IRI) on the day of ``match`` (IRI), in whole years, from the
    players' birth dates (Fjelstul ``players.csv``); ``None`` when the graph lacks either."""
    if gaz.complete:
        f = gaz._fixture_by_iri.get(match)
        day = f.date if isinstance(f, Fixture) else None
        return _age(gaz._birth_dates.get(player), day)
    if gaz.store is None:
        return None
    rows = gaz._q("SELECT ?p ?m ?b ?d WHERE { ?p fk:birthDate ?b . ?m fk:date ?d }",
                  p=ox.NamedNode(player), m=ox.NamedNode(match))  # fmt: skip
    return _age(rows[0]["b"].value, rows[0]["d"].value) if rows else None


def _age(birth: str | None, day: str | None) -> int | None:
    """Whole years from an ISO birth date to an ISO match date (``None`` if either is
    missing or not a full date)."""
    if birth is None or day is None:
        return None
    try:
        b, d = date.fromisoformat(birth[:10]), date.fromisoformat(day[:10])
    except ValueError:
        return None
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))


_ = PREFIXES
