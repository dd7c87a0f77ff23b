"""Integration: the records of every source become one set of resolved entities.

Input: :class:`footkg.model.SourceData` per source, in order of precedence (the first source
that holds a match states its facts). Output: :class:`Integrated`, resolved records carrying
their IRIs (minted by :mod:`footkg.vocab`) and the named graph each fact goes to, plus the
:class:`Conflict` list where sources disagree. No RDF here: :mod:`footkg.ingest.mapping` does that.

Cross-source rules (see :mod:`footkg.ingest.resolve` for names):

* A match is the same match in two sources when it has the same date (or ±1 day) and the same
  two resolved teams of the same gender. Scores are compared after orienting the second source's
  home/away to the first's; disagreements on score, extra time, shootout and goal minutes are
  kept as conflicts, never overwritten.
* Goals come from the most preferred source that lists them; another source's complete list
  (as many goals as the score) is compared minute by minute per team.
* Club matches (``Match.team_kind == "club"``) name clubs, resolved by
  :class:`footkg.ingest.clubs.ClubNames` in the country of each club's league system; their
  seasons (:class:`footkg.model.Season`) become editions (``fk:Season``) of their competition,
  placed on a tier of the country's league system. The same match in engsoccerdata and
  football.json (England 2010-11 → 2018-19) is one match, by the rule above.
* A competition's other names (``data/club-competitions.csv``: martj42's ``UEFA Euro`` is the
  UEFA European Championship) resolve to one competition, with those names as labels.
* A match row whose team name names no team on its date (a former name out of its period, a
  near miss of a known team: :class:`footkg.ingest.resolve.TeamNameCheck`) is skipped, with its
  goals, and listed in :attr:`Integrated.skipped` under its source (national teams' rows: club
  names go through :class:`footkg.ingest.clubs.ClubNames`).
* An awarded result (a walkover, or a source's ``awarded`` flag) is kept with ``awarded`` set;
  :mod:`footkg.ingest.derive` does not count it as played.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta

from footkg import vocab
from footkg.ingest.clubs import ClubNames
from footkg.ingest.resolve import TeamNameCheck, TeamNames, rules_from_former_names
from footkg.model import (
    Goal,
    ManagerAppointment,
    Match,
    OfficialChampion,
    Player,
    Referee,
    Season,
    ShootoutKick,
    SkippedRow,
    SourceData,
    Stadium,
    SubstitutionEvent,
    Tournament,
)

# ---- resolved records ---------------------------------------------------------------------------


@dataclass(slots=True)
class RTeam:
    """A resolved national team (one per association and gender)."""

    iri: str
    label: str
    gender: str
    country_iri: str
    codes: set[str] = field(default_factory=set)
    confederation: str | None = None
    wikipedia: str | None = None
    confederation_iri: str | None = None
    alt_labels: set[str] = field(default_factory=set)
    former_names: list[tuple[str, date | None, date | None]] = field(default_factory=list)


@dataclass(slots=True)
class RClub:
    """A resolved club: its label (the canonical name of a club of footkg's tables, else the
    spelling the sources use most), the country whose league system it plays in, its own
    country and city (``fk:Country``/``fk:City`` IRIs), every name the sources and the tables
    give it (``alt_labels``), its dated former names, and how often each spelling was read
    (``spellings``, to choose the label of a club known only from the data)."""

    iri: str
    label: str | None
    league_country: str
    country_iri: str
    city_iri: str | None = None
    curated: bool = False
    alt_labels: set[str] = field(default_factory=set)
    former_names: list[tuple[str, date | None, date | None]] = field(default_factory=list)
    spellings: Counter[str] = field(default_factory=Counter)


@dataclass(slots=True)
class RShootout:
    """A resolved penalty shootout (scores in kicks converted, not goals); ``scores_graph`` is
    the graph of the source that gave the kicks' score when another source stated the
    shootout without it (martj42 names only the winner)."""

    iri: str
    home: int | None
    away: int | None
    winner_iri: str | None
    first_shooter_iri: str | None
    kicks: list[RKick] = field(default_factory=list)
    scores_graph: str | None = None


@dataclass(slots=True)
class RKick:
    """One resolved shootout kick."""

    iri: str
    team_iri: str
    taker_iri: str | None
    converted: bool
    number: int


@dataclass(slots=True)
class RMatch:
    """A resolved match; ``graph`` is the named graph of the source that states its facts;
    ``extra`` holds (predicate local name, value, graph) facts only other sources state."""

    iri: str
    graph: str
    source: str
    date: date
    home_iri: str
    away_iri: str
    home_name: str
    away_name: str
    home_score: int | None
    away_score: int | None
    competition_iri: str
    gender: str
    edition_iri: str | None = None
    stage: str | None = None
    group: str | None = None
    extra_time: bool | None = None
    shootout: RShootout | None = None
    neutral: bool | None = None
    stadium_iri: str | None = None
    city_iri: str | None = None
    country_iri: str | None = None
    replay_of: str | None = None
    walkover_winner_iri: str | None = None
    match_number: int | None = None
    awarded: bool = False
    identifiers: list[str] = field(default_factory=list)
    extra: list[tuple[str, object, str]] = field(default_factory=list)
    goals: list[RGoal] = field(default_factory=list)
    goals_graph: str | None = None
    team_kind: str = "national"
    status: str | None = None
    matchday: int | None = None
    round: str | None = None
    awarded: bool = False
    first_leg_iri: str | None = None
    referee_iris: list[str] = field(default_factory=list)
    home_managers: list[str] = field(default_factory=list)
    away_managers: list[str] = field(default_factory=list)
    appearances: list[RAppearance] = field(default_factory=list)
    substitutions: list[RSubstitution] = field(default_factory=list)
    bookings: list[RBooking] = field(default_factory=list)
    details_graph: str | None = None


@dataclass(slots=True)
class RGoal:
    """A resolved goal (minute in match minutes; ``team_iri`` is the team credited)."""

    iri: str
    match_iri: str
    team_iri: str
    scorer_iri: str | None
    scorer_name: str | None
    minute: int | None
    stoppage: int | None
    own_goal: bool
    penalty: bool
    graph: str
    identifier: str | None = None


@dataclass(slots=True)
class RPlayer:
    """A resolved player."""

    iri: str
    label: str
    graph: str
    given_name: str | None = None
    family_name: str | None = None
    birth_date: date | None = None
    gender: str | None = None
    wikipedia: str | None = None
    identifiers: list[str] = field(default_factory=list)


@dataclass(slots=True)
class RSquad:
    """A squad membership (player in a team at an edition)."""

    iri: str
    player_iri: str
    team_iri: str
    edition_iri: str
    graph: str
    shirt_number: int | None = None
    position: str | None = None


@dataclass(slots=True)
class RManager:
    """A resolved national-team manager (head coach): label ``"Given Family"`` (the family
    name alone for one-name managers), the country the source gives as theirs, the source
    identifiers (``fjelstul-worldcup:M-388``)."""

    iri: str
    label: str
    graph: str
    given_name: str | None = None
    family_name: str | None = None
    country_iri: str | None = None
    identifiers: list[str] = field(default_factory=list)


@dataclass(slots=True)
class RAppointment:
    """A manager appointment: manager in charge of a team at an edition."""

    iri: str
    manager_iri: str
    team_iri: str
    edition_iri: str
    graph: str


@dataclass(slots=True)
class RStadium:
    """A resolved stadium with its city."""

    iri: str
    label: str
    graph: str
    city_iri: str | None = None
    capacity: int | None = None
    wikipedia: str | None = None
    wikidata: str | None = None


@dataclass(slots=True)
class REdition:
    """A tournament edition, or a season of a club competition (``season`` is its name,
    ``"1978-79"``): for a league, its tier (a ``fk:LeagueTier`` IRI) and the rules of the
    time (``win_points``, ``tiebreak``, ``champion_rule``; see :class:`footkg.model.Season`).
    The derived champion and runner-up are filled by :mod:`footkg.ingest.derive`."""

    iri: str
    label: str
    competition_iri: str
    year: int
    graph: str
    start_date: date | None = None
    end_date: date | None = None
    host_country_iris: list[str] = field(default_factory=list)
    number_of_teams: int | None = None
    stated_champion_iri: str | None = None
    season: str | None = None
    kind: str | None = None
    tier_iri: str | None = None
    win_points: int | None = None
    tiebreak: str | None = None
    champion_rule: str | None = None


@dataclass(frozen=True, slots=True)
class ROfficial:
    """An official champion (``data/club-champions.csv``) resolved to the season it is of:
    ``champion_iri`` ``None`` when no champion was declared; ``note`` and ``source`` as
    written; ``graph`` the named graph of the official table."""

    edition_iri: str
    champion_iri: str | None
    champion_name: str | None
    note: str | None
    source: str
    graph: str


@dataclass(slots=True)
class RAppearance:
    """A player in a team's line-up for a match (``starter`` or a substitute who came on);
    ``team_name`` is the name the team played under; ``position`` as
    :class:`footkg.model.Appearance` has it."""

    iri: str
    match_iri: str
    team_iri: str
    team_name: str
    player_iri: str
    starter: bool
    graph: str
    shirt_number: int | None = None
    position: str | None = None


@dataclass(slots=True)
class RSubstitution:
    """One team's change of players at one minute of a match: the players who went off and
    those who came on (usually one each; the source does not pair them when several change at
    once), minute and stoppage in minutes, period key, the source's row identifiers."""

    iri: str
    match_iri: str
    team_iri: str
    minute: int
    stoppage: int | None
    period: str | None
    graph: str
    off: list[str] = field(default_factory=list)
    on: list[str] = field(default_factory=list)
    identifiers: list[str] = field(default_factory=list)


@dataclass(slots=True)
class RBooking:
    """A card shown to a player in a match (``cards``: keys of :data:`footkg.vocab.CARDS`)."""

    iri: str
    match_iri: str
    team_iri: str
    player_iri: str
    cards: tuple[str, ...]
    sending_off: bool
    minute: int
    stoppage: int | None
    period: str | None
    graph: str
    identifier: str | None = None


@dataclass(slots=True)
class RReferee:
    """A resolved referee: label, names, gender, the country the source gives as theirs, the
    confederation, the source identifiers (``fjelstul-worldcup:R-125``)."""

    iri: str
    label: str
    graph: str
    given_name: str | None = None
    family_name: str | None = None
    gender: str | None = None
    country_iri: str | None = None
    confederation_iri: str | None = None
    wikipedia: str | None = None
    identifiers: list[str] = field(default_factory=list)


@dataclass(slots=True)
class RConfederation:
    """A continental confederation: code (``UEFA``), full name, Wikipedia page."""

    iri: str
    code: str
    label: str
    graph: str
    wikipedia: str | None = None


@dataclass(slots=True)
class RAward:
    """A World Cup award (``Golden Ball``) with what it rewards and the year it was introduced."""

    iri: str
    label: str
    graph: str
    description: str | None = None
    year_introduced: int | None = None


@dataclass(slots=True)
class RAwardWin:
    """A player's win of an award at an edition, for a team (named as then); ``shared`` when
    others won it too."""

    iri: str
    award_iri: str
    player_iri: str
    team_iri: str
    team_name: str
    edition_iri: str
    shared: bool
    graph: str


@dataclass(slots=True)
class RGroupStanding:
    """A team's line in a group table as the source states it (see
    :class:`footkg.model.GroupStanding`; ``stage`` a stage key)."""

    iri: str
    edition_iri: str
    stage: str
    group: str | None
    team_iri: str
    team_name: str
    position: int
    played: int
    wins: int
    draws: int
    losses: int
    goals_for: int
    goals_against: int
    points: int
    advanced: bool
    graph: str


@dataclass(slots=True)
class RPlacing:
    """A team's place in an edition: a final standing (``position`` 1 to 4) or, with
    ``matches``, a qualified team (matches played, furthest stage reached)."""

    iri: str
    edition_iri: str
    team_iri: str
    team_name: str
    graph: str
    position: int | None = None
    matches: int | None = None
    stage_reached: str | None = None


@dataclass(slots=True)
class RStage:
    """One stage as played at an edition (see :class:`footkg.model.TournamentStage`)."""

    iri: str
    edition_iri: str
    stage: str
    number: int
    graph: str
    start_date: date | None
    end_date: date | None
    teams: int | None
    matches: int
    scheduled: int | None
    replays: int
    playoffs: int
    walkovers: int


@dataclass(frozen=True, slots=True)
class Conflict:
    """Two sources disagree on one property of one resource; the kept value is in the graph."""

    subject: str
    prop: str
    kept_value: object
    kept_graph: str
    other_value: object
    other_graph: str
    comment: str


@dataclass(slots=True)
class Integrated:
    """Everything resolved, ready for derivation and mapping."""

    teams: dict[str, RTeam] = field(default_factory=dict)
    clubs: dict[str, RClub] = field(default_factory=dict)
    competitions: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    competition_kinds: dict[str, str] = field(default_factory=dict)
    competition_aliases: dict[str, set[str]] = field(default_factory=dict)
    tiers: dict[str, tuple[str, str, int]] = field(default_factory=dict)
    official: list[ROfficial] = field(default_factory=list)
    unused_official: list[OfficialChampion] = field(default_factory=list)
    editions: dict[str, REdition] = field(default_factory=dict)
    matches: dict[str, RMatch] = field(default_factory=dict)
    players: dict[str, RPlayer] = field(default_factory=dict)
    squads: list[RSquad] = field(default_factory=list)
    managers: dict[str, RManager] = field(default_factory=dict)
    appointments: dict[str, RAppointment] = field(default_factory=dict)
    stadiums: dict[str, RStadium] = field(default_factory=dict)
    cities: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    countries: dict[str, str] = field(default_factory=dict)
    conflicts: list[Conflict] = field(default_factory=list)
    merged_matches: Counter[str] = field(default_factory=Counter)
    unresolved: Counter[str] = field(default_factory=Counter)
    referees: dict[str, RReferee] = field(default_factory=dict)
    referee_appointments: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    confederations: dict[str, RConfederation] = field(default_factory=dict)
    awards: dict[str, RAward] = field(default_factory=dict)
    award_wins: list[RAwardWin] = field(default_factory=list)
    group_standings: list[RGroupStanding] = field(default_factory=list)
    tournament_standings: list[RPlacing] = field(default_factory=list)
    qualified_teams: list[RPlacing] = field(default_factory=list)
    stages: list[RStage] = field(default_factory=list)
    #: Rows skipped here (their ``ref`` names the source): match rows whose team names name no
    #: team, and the goal rows of those matches.
    skipped: list[SkippedRow] = field(default_factory=list)


# ---- integration --------------------------------------------------------------------------------


def _graph(source: SourceData) -> str:
    return vocab.graph_iri(source.info.key)


class _Integrator:
    """Stateful helper that walks the sources once; use :func:`integrate`."""

    def __init__(
        self,
        names: TeamNames,
        clubs: ClubNames | None = None,
        competition_aliases: dict[str, str] | None = None,
        check: TeamNameCheck | None = None,
    ) -> None:
        self.names = names
        self.check = check
        self.skipped_matches: dict[tuple[str, str], str] = {}
        self.clubs = clubs
        self.competition_aliases = competition_aliases or {}
        self.club_cache: dict[tuple[str, str, str], str] = {}
        self.season_by_name: dict[tuple[str, str], str] = {}
        self.edition_by_name: dict[tuple[str, str], str] = {}
        self.season_country: dict[str, str | None] = {}
        self.out = Integrated()
        self.match_index: dict[tuple[date, frozenset[str]], list[str]] = defaultdict(list)
        self.source_match: dict[tuple[str, str], str] = {}
        self.player_by_source_id: dict[tuple[str, str], str] = {}
        self.player_by_name_birth: dict[tuple[str, date], str] = {}
        self.squad_players: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.manager_by_source_id: dict[tuple[str, str], str] = {}
        self.referee_by_source_id: dict[tuple[str, str], str] = {}
        self.scorer_alias: dict[tuple[str, str], str] = {}
        self.used_player_iris: set[str] = set()
        self.team_cache: dict[tuple[str, str, str], str] = {}

    # -- teams, places ----------------------------------------------------------------------

    def team(self, name: str, gender: str, source: str) -> str:
        known = self.team_cache.get((name, gender, source))
        if known is not None:  # every match names two teams: slugging each name once is enough
            return known
        canonical = self.names.canonical(name, source)
        iri = vocab.team_iri(canonical, gender)
        team = self.out.teams.get(iri)
        if team is None:
            team = RTeam(
                iri=iri,
                label=canonical if gender == "men" else f"{canonical} women",
                gender=gender,
                country_iri=self.country(canonical),
            )
            self.out.teams[iri] = team
        if name != canonical:
            team.alt_labels.add(name)
        self.team_cache[(name, gender, source)] = iri
        return iri

    def country(self, name: str) -> str:
        canonical = self.names.canonical(name)
        iri = vocab.country_iri(canonical)
        self.out.countries.setdefault(iri, canonical)
        return iri

    def nation(self, name: str) -> str:
        """The country a person comes from. A name no longer in use (a dated former name
        with an end: Soviet Union, Yugoslavia, Czechoslovakia) stays a country of its own, so
        a manager from the Soviet Union is not made Russian; any other name resolves as
        :meth:`country` does (aliases, and names still in use such as Chinese Taipei →
        Taiwan). :meth:`country` places matches and hosts under the successor instead."""
        canonical = self.names.canonical(name)
        if not any(n == name and end for n, _, end in self.names.former_names(canonical)):
            return self.country(name)
        iri = vocab.country_iri(name)
        self.out.countries.setdefault(iri, name)
        return iri

    def city(self, name: str, country: str | None) -> str:
        country_label = self.names.canonical(country) if country else None
        iri = vocab.city_iri(name, country_label)
        if iri not in self.out.cities:
            self.out.cities[iri] = (name, self.country(country) if country else None)
        return iri

    def competition(self, name: str, gender: str | None, kind: str | None = None) -> str:
        label = self.competition_aliases.get(name, name)
        iri = vocab.competition_iri(label)
        self.out.competitions.setdefault(iri, (label, gender))
        if label != name:
            self.out.competition_aliases.setdefault(iri, set()).add(name)
        if kind:
            self.out.competition_kinds.setdefault(iri, kind)
        return iri

    def club(self, name: str, country: str | None, on: date, source: str) -> str:
        """The IRI of the club a club source calls ``name`` (a club of ``country``'s league
        system) on date ``on``; records the spelling."""
        if self.clubs is None or country is None:
            raise ValueError(f"a club match without a club resolver or country: {name!r}")
        cache_key = (name, country, source)
        iri = self.club_cache.get(cache_key)
        if iri is None:
            resolved = self.clubs.resolve(name, country, on, source)
            iri = vocab.club_iri(resolved.key, country)
            if iri not in self.out.clubs:
                record = resolved.record
                self.out.clubs[iri] = RClub(
                    iri=iri,
                    label=record.name if record else None,
                    league_country=country,
                    country_iri=self.country(record.country if record else country),
                    city_iri=self.city(record.city, record.country)
                    if record and record.city
                    else None,
                    curated=record is not None,
                )
            if not self.clubs.depends_on_date(name, country, source):
                self.club_cache[cache_key] = iri
        self.out.clubs[iri].spellings[name] += 1
        return iri

    def club_name_at(self, iri: str, written: str, on: date) -> str:
        """The name a club used on ``on`` (see :mod:`footkg.ingest.clubs`): its former name
        then, else its label if footkg's tables know it, else the source's spelling."""
        club = self.out.clubs[iri]
        if club.curated and club.label and self.clubs is not None:
            return self.clubs.name_at(club.label, club.league_country, on) or club.label
        return written

    def tier(self, country: str, level: int, label: str) -> str:
        iri = vocab.tier_iri(country, level)
        self.out.tiers.setdefault(iri, (label, self.country(country), level))
        return iri

    def season(self, record: Season, graph: str) -> str:
        """The edition IRI of a club competition's season (created on first sight)."""
        comp_iri = self.competition(record.competition, "men", record.kind)
        label = self.out.competitions[comp_iri][0]
        iri = vocab.season_iri(label, record.name)
        if iri not in self.out.editions:
            tier = (
                self.tier(record.country, record.tier, record.tier_label or "")
                if record.country and record.tier
                else None
            )
            self.out.editions[iri] = REdition(
                iri=iri,
                label=f"{record.name} {label}",
                competition_iri=comp_iri,
                year=record.year,
                graph=graph,
                season=record.name,
                kind=record.kind,
                tier_iri=tier,
                win_points=record.win_points,
                tiebreak=record.tiebreak,
                champion_rule=record.champion_rule,
            )
        return iri

    def edition(self, competition: str, year: int, graph: str) -> str:
        competition = self.competition_aliases.get(competition, competition)
        iri = vocab.edition_iri(competition, year)
        self.edition_by_name.setdefault((competition, str(year)), iri)
        if iri not in self.out.editions:
            gender = "women" if competition == vocab.WOMENS_WORLD_CUP else "men"
            self.out.editions[iri] = REdition(
                iri=iri,
                label=f"{year} {competition}",
                competition_iri=self.competition(competition, gender),
                year=year,
                graph=graph,
            )
        return iri

    def stadium(self, record: Stadium, graph: str) -> str:
        iri = vocab.stadium_iri(record.name, record.city)
        if iri not in self.out.stadiums:
            self.out.stadiums[iri] = RStadium(
                iri=iri,
                label=record.name,
                graph=graph,
                city_iri=self.city(record.city, record.country) if record.city else None,
                capacity=record.capacity,
                wikipedia=record.wikipedia,
                wikidata=record.wikidata,
            )
        else:
            known = self.out.stadiums[iri]
            known.wikidata = known.wikidata or record.wikidata
            known.capacity = known.capacity or record.capacity
        return iri

    # -- tournaments -------------------------------------------------------------------------

    def tournament(self, record: Tournament, graph: str, gender: str) -> None:
        iri = self.edition(record.competition, record.year, graph)
        edition = self.out.editions[iri]
        edition.start_date = edition.start_date or record.start_date
        edition.end_date = edition.end_date or record.end_date
        edition.number_of_teams = edition.number_of_teams or record.number_of_teams
        if not edition.host_country_iris:
            edition.host_country_iris = [self.country(h) for h in record.hosts]
        if record.champion and edition.stated_champion_iri is None:
            edition.stated_champion_iri = self.team(record.champion, gender, "")

    # -- managers ----------------------------------------------------------------------------

    def manager(self, record: ManagerAppointment, source: str, graph: str, shared: bool) -> str:
        """The IRI of the manager of an appointment (one per source manager ID); ``shared``
        when several of the source's manager IDs have this name (each then gets its ID in its
        IRI, as players get their birth date)."""
        known = self.manager_by_source_id.get((source, record.manager_id))
        if known is not None:
            return known
        iri = vocab.manager_iri(record.name, record.manager_id if shared else None)
        manager = self.out.managers.get(iri)
        if manager is None:
            manager = self.out.managers[iri] = RManager(
                iri=iri,
                label=record.name,
                graph=graph,
                given_name=record.given_name,
                family_name=record.family_name,
                country_iri=self.nation(record.country) if record.country else None,
            )
        manager.identifiers.append(f"{source}:{record.manager_id}")
        self.manager_by_source_id[(source, record.manager_id)] = iri
        return iri

    # -- players -----------------------------------------------------------------------------

    def player(self, record: Player, source: SourceData, graph: str, name_counts: Counter) -> str:
        key = vocab.identity_key(record.name)
        same = (
            self.player_by_name_birth.get((key, record.birth_date)) if record.birth_date else None
        )
        known = self.out.players[same] if same else None
        if (
            known is not None
            # records of one source with distinct IDs are distinct players, even when the
            # source gives them one name and birth date (Fjelstul's two Alex Scotts, two Alines)
            and not any(i.startswith(f"{source.info.key}:") for i in known.identifiers)
            and (known.gender is None or record.gender is None or known.gender == record.gender)
        ):
            iri = known.iri
            known.identifiers.append(f"{source.info.key}:{record.source_id}")
        else:
            iri = self._new_player_iri(record.name, record.birth_date, name_counts[key] > 1)
            self.out.players[iri] = RPlayer(
                iri=iri,
                label=record.name,
                graph=graph,
                given_name=record.given_name,
                family_name=record.family_name,
                birth_date=record.birth_date,
                gender=record.gender,
                wikipedia=record.wikipedia,
                identifiers=[f"{source.info.key}:{record.source_id}"],
            )
            if record.birth_date:
                self.player_by_name_birth.setdefault((key, record.birth_date), iri)
        if record.source_id:
            self.player_by_source_id[(source.info.key, record.source_id)] = iri
        return iri

    def _new_player_iri(self, name: str, birth: date | None, shared: bool) -> str:
        iri = vocab.player_iri(name)
        if shared or iri in self.used_player_iris:
            iri = vocab.player_iri(name, birth.isoformat() if birth else None)
        n = 2
        while iri in self.used_player_iris:
            iri = vocab.player_iri(name, f"{birth.isoformat() if birth else 'x'}-{n}")
            n += 1
        self.used_player_iris.add(iri)
        return iri

    def scorer(
        self, goal: Goal, team_iri: str, source: SourceData, graph: str, *, mint: bool = True
    ) -> str | None:
        """The player IRI for a goal's scorer (``team_iri``: the scorer's own team); with
        ``mint=False`` an unknown scorer gives ``None`` instead of a new player."""
        if goal.player_id:
            found = self.player_by_source_id.get((source.info.key, goal.player_id))
            if found:
                return found
        if not goal.scorer:
            return None
        key = vocab.identity_key(goal.scorer)
        alias = self.scorer_alias.get((team_iri, key))
        if alias:
            return alias
        candidates = {
            iri for iri in self.squad_players.get((team_iri, key), []) if iri in self.out.players
        }
        if len(candidates) == 1:
            return candidates.pop()
        if len(candidates) > 1:  # two squad players share the name: keep the name, guess none
            self.out.unresolved["ambiguous scorer name in squad"] += 1
            return None
        # a player known only from this source: one IRI per (team, name)
        iri = self.scorer_alias.get((team_iri, "#" + key))
        if iri is None and not mint:
            return None
        if iri is None:
            iri = vocab.player_iri(goal.scorer)
            if iri in self.used_player_iris:
                iri = vocab.player_iri(goal.scorer, self.out.teams[team_iri].label)
            self.used_player_iris.add(iri)
            self.out.players[iri] = RPlayer(iri=iri, label=goal.scorer, graph=graph)
            self.scorer_alias[(team_iri, "#" + key)] = iri
        return iri


def integrate(
    sources: Iterable[SourceData],
    names: TeamNames,
    clubs: ClubNames | None = None,
    competition_aliases: dict[str, str] | None = None,
) -> Integrated:
    """Resolve and merge ``sources`` (most preferred first) into an :class:`Integrated`.

    Name rules from the sources' former-name tables are added to ``names`` first. ``clubs``
    resolves the club sources' names (required when a source has club matches);
    ``competition_aliases`` maps other names of a competition to its label.
    """
    sources = list(sources)
    former = [f for s in sources for f in s.former_names]
    if former:
        names = TeamNames(
            [*names._rules, *rules_from_former_names(former)],
            known_names=names._known,
        )
    it = _Integrator(names, clubs, competition_aliases, _name_check(sources, names))
    for source in sources:
        _add_reference_data(it, source)
    for source in sources:
        _add_matches(it, source)
    for source in sources:
        _add_goals_and_kicks(it, source)
    _season_dates(it)
    for source in sources:
        _add_official_champions(it, source)
    _finish_clubs(it)
    for source in sources:
        _add_match_details(it, source)
        _add_edition_records(it, source)
    aliases = names.aliases()
    for team in it.out.teams.values():
        canonical = names.canonical(team.label) if team.gender == "men" else None
        if canonical:
            team.alt_labels.update(aliases.get(canonical, ()))
        if team.gender == "men":
            team.former_names = names.former_names(team.label)
            team.alt_labels.update(n for n, _, _ in team.former_names)
        if team.confederation:
            iri = vocab.confederation_iri(team.confederation)
            team.confederation_iri = iri if iri in it.out.confederations else None
    return it.out


def _season_dates(it: _Integrator) -> None:
    """A season's start and end dates: the days of its first and last match."""
    span: dict[str, list[date]] = {}
    for m in it.out.matches.values():
        if m.edition_iri is not None and m.team_kind == "club":
            days = span.setdefault(m.edition_iri, [m.date, m.date])
            days[0], days[1] = min(days[0], m.date), max(days[1], m.date)
    for iri, (first, last) in span.items():
        edition = it.out.editions[iri]
        edition.start_date = edition.start_date or first
        edition.end_date = edition.end_date or last


def _finish_clubs(it: _Integrator) -> None:
    """Labels of the clubs known only from the data (the spelling read most often, ties by
    name), and every club's other names: its spellings, footkg's aliases, former names."""
    for club in it.out.clubs.values():
        if club.label is None:
            club.label = min(club.spellings, key=lambda n: (-club.spellings[n], n))
        if club.curated and it.clubs is not None:
            club.former_names = it.clubs.former_names(club.label, club.league_country)
            club.alt_labels |= it.clubs.other_names(club.label, club.league_country)
        club.alt_labels |= set(club.spellings)
        club.alt_labels.discard(club.label)


def _official_champion(it: _Integrator, row: OfficialChampion) -> str | None:
    """The IRI of an official champion: a club of the competition's country (or, for an
    international club competition, the one club of footkg's tables with that name), or a
    national team."""
    edition = it.season_by_name.get((row.competition, row.season))
    country = it.season_country.get(edition) if edition else None
    name = row.champion
    if name is None:
        return None
    if edition and it.out.editions[edition].kind == "cup" and country is None:
        if it.clubs is not None:
            found = it.clubs.find(name)
            if found is not None:
                resolved = it.clubs.resolve(found[0], found[1], date.max)
                return vocab.club_iri(resolved.key, found[1])
        return it.team(name, "men", "")
    if country is None or it.clubs is None:
        return it.team(name, "men", "")
    start = it.out.editions[edition].start_date or date(it.out.editions[edition].year, 7, 1)
    return vocab.club_iri(it.clubs.resolve(name, country, start).key, country)


def _add_official_champions(it: _Integrator, source: SourceData) -> None:
    """The official champions of the seasons the data holds; the others are kept aside
    (:attr:`Integrated.unused_official`), counted in the build summary."""
    graph = _graph(source)
    for row in source.official_champions:
        edition = it.season_by_name.get((row.competition, row.season))
        if edition is None:
            edition = it.edition_by_name.get((row.competition, row.season))
        if edition is None:
            it.out.unused_official.append(row)
            continue
        champion = _official_champion(it, row)
        it.out.official.append(
            ROfficial(edition, champion, row.champion, row.note, row.source, graph)
        )


def _add_seasons(it: _Integrator, source: SourceData) -> None:
    graph = _graph(source)
    for record in source.seasons:
        iri = it.season(record, graph)
        it.season_by_name[(record.competition, record.name)] = iri
        it.season_country[iri] = record.country
def _name_check(sources: list[SourceData], names: TeamNames) -> TeamNameCheck:
    """The check of match rows' team names over ``sources`` (their team tables and uses)."""
    uses = {
        s.info.key: Counter(
            name for m in s.matches if m.team_kind != "club" for name in (m.home, m.away)
        )
        for s in sources
    }
    listed = {t.name for s in sources for t in s.teams}
    return TeamNameCheck(names, uses, listed)


def _add_reference_data(it: _Integrator, source: SourceData) -> None:
    _add_seasons(it, source)
    graph = _graph(source)
    key = source.info.key
    gender_of_edition: dict[tuple[str, int], str] = {}
    for t in source.tournaments:
        gender = "women" if t.competition == vocab.WOMENS_WORLD_CUP else "men"
        gender_of_edition[(t.competition, t.year)] = gender
        it.tournament(t, graph, gender)
    for team in source.teams:
        iri = it.team(team.name, team.gender, key)
        rteam = it.out.teams[iri]
        if team.code:
            rteam.codes.add(team.code)
        rteam.confederation = rteam.confederation or team.confederation
        rteam.wikipedia = rteam.wikipedia or team.wikipedia
    _add_officials(it, source)
    for stadium in source.stadiums:
        it.stadium(stadium, graph)
    name_counts = Counter(vocab.identity_key(p.name) for p in source.players)
    for player in source.players:
        it.player(player, source, graph, name_counts)
    for entry in source.squads:
        player_iri = it.player_by_source_id.get((key, entry.player_id))
        if player_iri is None:
            it.out.unresolved["squad entry without player record"] += 1
            continue
        gender = "women" if entry.competition == vocab.WOMENS_WORLD_CUP else "men"
        team_iri = it.team(entry.team, gender, key)
        edition_iri = it.edition(entry.competition, entry.year, graph)
        it.out.squads.append(
            RSquad(
                iri=vocab.squad_iri(edition_iri, team_iri, player_iri),
                player_iri=player_iri,
                team_iri=team_iri,
                edition_iri=edition_iri,
                graph=graph,
                shirt_number=entry.shirt_number,
                position=entry.position,
            )
        )
        label = it.out.players[player_iri].label
        it.squad_players[(team_iri, vocab.identity_key(label))].append(player_iri)
    _add_managers(it, source)


def _add_managers(it: _Integrator, source: SourceData) -> None:
    """Managers and their appointments; teams resolve as the squads' do (``West Germany`` →
    Germany, a women's edition → the women's team)."""
    graph = _graph(source)
    key = source.info.key
    ids_by_name: dict[str, set[str]] = defaultdict(set)
    for entry in source.managers:
        ids_by_name[vocab.identity_key(entry.name)].add(entry.manager_id)
    for entry in source.managers:
        shared = len(ids_by_name[vocab.identity_key(entry.name)]) > 1
        manager_iri = it.manager(entry, key, graph, shared)
        gender = "women" if entry.competition == vocab.WOMENS_WORLD_CUP else "men"
        team_iri = it.team(entry.team, gender, key)
        edition_iri = it.edition(entry.competition, entry.year, graph)
        iri = vocab.manager_appointment_iri(edition_iri, team_iri, manager_iri)
        it.out.appointments.setdefault(
            iri, RAppointment(iri, manager_iri, team_iri, edition_iri, graph)
        )


def _find_match(it: _Integrator, day: date, teams: frozenset[str]) -> str | None:
    for delta in (0, -1, 1):
        found = it.match_index.get((day + timedelta(days=delta), teams))
        if found:
            return found[0]
    return None


def _sides(it: _Integrator, m: Match, key: str) -> tuple[str, str]:
    """The IRIs of a match's home and away team (national teams, or clubs)."""
    if m.team_kind == "club":
        return (it.club(m.home, m.home_country, m.date, key),
                it.club(m.away, m.away_country, m.date, key))  # fmt: skip
    return it.team(m.home, m.gender, key), it.team(m.away, m.gender, key)


def _add_matches(it: _Integrator, source: SourceData) -> None:
    graph = _graph(source)
    key = source.info.key
    seen_today: Counter[tuple[date, frozenset[str]]] = Counter()
    for m in source.matches:
        problem = (
            it.check
            and m.team_kind != "club"
            and (it.check.problem(m.home, m.date, key) or it.check.problem(m.away, m.date, key))
        )
        if problem:
            it.out.skipped.append(SkippedRow(m.ref, *problem))
            it.skipped_matches[(key, m.key)] = f"{m.ref.file} line {m.ref.line}: {problem[0]}"
            continue
        home_iri, away_iri = _sides(it, m, key)
        teams = frozenset((home_iri, away_iri))
        seen_today[(m.date, teams)] += 1
        existing = _find_match(it, m.date, teams) if seen_today[(m.date, teams)] == 1 else None
        if existing is not None and it.out.matches[existing].source != key:
            _merge_match(it, it.out.matches[existing], m, home_iri, graph, key)
            it.source_match[(key, m.key)] = existing
            it.out.merged_matches[key] += 1
            continue
        rm = _new_match(it, m, home_iri, away_iri, graph, key, seen_today[(m.date, teams)])
        it.out.matches[rm.iri] = rm
        it.match_index[(m.date, teams)].append(rm.iri)
        it.source_match[(key, m.key)] = rm.iri
    for m in source.matches:  # replays and second legs point at matches of the same source
        if m.replay_of:
            rm = it.out.matches[it.source_match[(key, m.key)]]
            target = it.source_match.get((key, m.replay_of))
            if rm.source == key and target:
                rm.replay_of = target
        if m.first_leg:
            rm = it.out.matches[it.source_match[(key, m.key)]]
            target = it.source_match.get((key, m.first_leg))
            if target and rm.first_leg_iri is None:
                rm.first_leg_iri = target


def _match_edition(it: _Integrator, m: Match, graph: str) -> str | None:
    """The edition of a match: its club competition's season, or its tournament edition."""
    if m.season:
        season = it.season_by_name.get((m.competition, m.season))
        return season
    return it.edition(m.competition, m.edition_year, graph) if m.edition_year else None


def _match_iri(it: _Integrator, m: Match, home_iri: str, away_iri: str, seq: int) -> str:
    """A club match's IRI names the clubs by their IRIs' last segment (``england-arsenal``):
    their labels may still change while the sources are read."""
    if m.team_kind == "club":
        tail = lambda iri: iri.rsplit("/", 1)[-1]  # noqa: E731
        return vocab.match_iri(m.date.isoformat(), tail(home_iri), tail(away_iri), seq)
    home_label = it.out.teams[home_iri].label
    away_label = it.out.teams[away_iri].label
    return vocab.match_iri(m.date.isoformat(), home_label, away_label, seq)


def _names_then(
    it: _Integrator, m: Match, home_iri: str, away_iri: str, key: str
) -> tuple[str, str]:
    if m.team_kind == "club":
        return it.club_name_at(home_iri, m.home, m.date), it.club_name_at(away_iri, m.away, m.date)
    return it.names.display_name(m.home, m.date, key), it.names.display_name(m.away, m.date, key)


def _new_match(
    it: _Integrator, m: Match, home_iri: str, away_iri: str, graph: str, key: str, seq: int
) -> RMatch:
    iri = _match_iri(it, m, home_iri, away_iri, seq)
    edition_iri = _match_edition(it, m, graph)
    gender_known = m.competition in (vocab.MENS_WORLD_CUP, vocab.WOMENS_WORLD_CUP)
    home_name, away_name = _names_then(it, m, home_iri, away_iri, key)
    rm = RMatch(
        iri=iri,
        graph=graph,
        source=key,
        date=m.date,
        home_iri=home_iri,
        away_iri=away_iri,
        home_name=home_name,
        away_name=away_name,
        home_score=m.home_score,
        away_score=m.away_score,
        competition_iri=it.competition(m.competition, m.gender if gender_known else None),
        gender=m.gender,
        edition_iri=edition_iri,
        stage=m.stage,
        group=m.group,
        extra_time=m.extra_time,
        neutral=m.neutral,
        replay_of=None,
        match_number=m.match_number,
        # club sources have no match identifiers of their own (footkg's keys are not facts)
        identifiers=[] if m.team_kind == "club" else [f"{key}:{m.key}"],
        team_kind=m.team_kind,
        status=m.status,
        matchday=m.matchday,
        round=m.round,
        awarded=m.awarded or m.walkover_winner is not None,
    )
    if m.stadium:
        rm.stadium_iri = vocab.stadium_iri(m.stadium, m.city)
        if rm.stadium_iri not in it.out.stadiums:
            rec = Stadium(ref=m.ref, source_id=None, name=m.stadium, city=m.city, country=m.country)
            it.stadium(rec, graph)
    if m.city:
        rm.city_iri = it.city(m.city, m.country)
    if m.country:
        rm.country_iri = it.country(m.country)
    if m.walkover_winner:
        rm.walkover_winner_iri = it.team(m.walkover_winner, m.gender, key)
    if m.shootout:
        rm.shootout = _shootout(it, rm, m, key)
    return rm


def _shootout(it: _Integrator, rm: RMatch, m: Match, key: str) -> RShootout:
    s = m.shootout
    assert s is not None
    winner = s.winner
    level = s.home_score == s.away_score
    if winner is None and s.home_score is not None and s.away_score is not None and not level:
        winner = m.home if s.home_score > s.away_score else m.away
    if m.team_kind == "club":  # a club source names the winner as it names the sides
        sides = {m.home: rm.home_iri, m.away: rm.away_iri}
        return RShootout(
            iri=vocab.shootout_iri(rm.iri),
            home=s.home_score,
            away=s.away_score,
            winner_iri=sides.get(winner) if winner else None,
            first_shooter_iri=sides.get(s.first_shooter) if s.first_shooter else None,
        )
    return RShootout(
        iri=vocab.shootout_iri(rm.iri),
        home=s.home_score,
        away=s.away_score,
        winner_iri=it.team(winner, m.gender, key) if winner else None,
        first_shooter_iri=it.team(s.first_shooter, m.gender, key) if s.first_shooter else None,
    )


def _merge_match(
    it: _Integrator, rm: RMatch, m: Match, home_iri: str, graph: str, key: str
) -> None:
    """Compare a second source's record of a known match; keep its extra facts."""
    flipped = home_iri != rm.home_iri
    home_score, away_score = (
        (m.away_score, m.home_score) if flipped else (m.home_score, m.away_score)
    )
    rm.identifiers.append(f"{key}:{m.key}")

    def conflict(prop: str, kept: object, other: object, what: str) -> None:
        it.out.conflicts.append(
            Conflict(rm.iri, prop, kept, rm.graph, other, graph, f"{what} of {rm.iri}")
        )

    if m.date != rm.date:
        conflict("date", rm.date, m.date, "date")
    if None not in (home_score, rm.home_score) and home_score != rm.home_score:
        conflict("homeScore", rm.home_score, home_score, "home score")
    if None not in (away_score, rm.away_score) and away_score != rm.away_score:
        conflict("awayScore", rm.away_score, away_score, "away score")
    if m.extra_time is not None:
        if rm.extra_time is None:
            rm.extra.append(("extraTime", m.extra_time, graph))
        elif m.extra_time != rm.extra_time:
            conflict("extraTime", rm.extra_time, m.extra_time, "extra time played")
    if m.neutral is not None and rm.neutral is None:
        rm.extra.append(("neutralVenue", m.neutral, graph))
    if m.awarded and not rm.awarded:
        rm.awarded = True  # one source's word that the result was not played for is enough
        rm.extra.append(("awarded", True, graph))
    if m.shootout and m.shootout.winner and rm.shootout and rm.shootout.winner_iri:
        winner_iri = it.team(m.shootout.winner, m.gender, key)
        if winner_iri != rm.shootout.winner_iri:
            conflict("winner", rm.shootout.winner_iri, winner_iri, "shootout winner")
    if m.shootout and rm.shootout and m.shootout.home_score is not None:
        hp, ap = m.shootout.home_score, m.shootout.away_score
        if flipped:
            hp, ap = ap, hp
        if rm.shootout.home is None:  # the kept source names only the winner
            rm.shootout.home, rm.shootout.away, rm.shootout.scores_graph = hp, ap, graph
        elif (hp, ap) != (rm.shootout.home, rm.shootout.away):
            conflict(
                "homePenalties",
                f"{rm.shootout.home}-{rm.shootout.away}",
                f"{hp}-{ap}",
                "shootout score",
            )
    if bool(m.shootout) != bool(rm.shootout) and m.home_score is not None:
        conflict("penaltyShootout", bool(rm.shootout), bool(m.shootout), "penalty shootout")
    if m.stage and rm.stage and m.stage != rm.stage:
        conflict("stage", rm.stage, m.stage, "stage")
    if m.stage and not rm.stage:
        rm.extra.append(("stage", m.stage, graph))
    if m.group and not rm.group:
        rm.extra.append(("group", m.group, graph))
    if m.matchday is not None and rm.matchday is None:
        rm.extra.append(("matchday", m.matchday, graph))
    if rm.edition_iri is None and (m.edition_year or m.season):
        edition = _match_edition(it, m, graph)
        if edition is not None:
            rm.extra.append(("edition", edition, graph))
    if m.city and not rm.city_iri:
        rm.extra.append(("city", it.city(m.city, m.country), graph))
    if m.country and not rm.country_iri:
        rm.extra.append(("country", it.country(m.country), graph))
    if m.stadium and not rm.stadium_iri:
        rec = Stadium(ref=m.ref, source_id=None, name=m.stadium, city=m.city, country=m.country)
        rm.extra.append(("venue", it.stadium(rec, graph), graph))


def _add_goals_and_kicks(it: _Integrator, source: SourceData) -> None:
    graph = _graph(source)
    key = source.info.key
    by_match: dict[str, list[Goal]] = defaultdict(list)
    for goal in source.goals:
        by_match[goal.match_key].append(goal)
    primary: list[tuple[RMatch, list[Goal]]] = []
    for match_key, goals in by_match.items():
        match_iri = it.source_match.get((key, match_key))
        if (key, match_key) in it.skipped_matches:
            why = f"its match was skipped ({it.skipped_matches[(key, match_key)]})"
            it.out.skipped.extend(SkippedRow(g.ref, "no-match", why) for g in goals)
            continue
        if match_iri is None:
            it.out.unresolved["goal of an unknown match"] += len(goals)
            continue
        rm = it.out.matches[match_iri]
        if rm.goals_graph is None:
            primary.append((rm, goals))
        else:  # compared first, so that the scorer names it teaches apply to all matches
            _compare_goals(
                it, rm, [_goal(it, rm, g, source, graph, mint=False) for g in goals], graph
            )
    for rm, goals in primary:
        resolved = [_goal(it, rm, g, source, graph) for g in goals]
        resolved.sort(key=lambda g: (g.minute or 0, g.stoppage or 0))
        for n, goal in enumerate(resolved, 1):
            goal.iri = vocab.goal_iri(rm.iri, n)
        rm.goals = resolved
        rm.goals_graph = graph
    kicks: dict[str, list[ShootoutKick]] = defaultdict(list)
    for kick in source.kicks:
        kicks[kick.match_key].append(kick)
    for match_key, rows in kicks.items():
        match_iri = it.source_match.get((key, match_key))
        rm = it.out.matches.get(match_iri) if match_iri else None
        if rm is None or rm.shootout is None:
            it.out.unresolved["shootout kick without a shootout"] += len(rows)
            continue
        for row in sorted(rows, key=lambda k: k.number):
            team_iri = it.team(row.team, rm.gender, key)
            taker = it.player_by_source_id.get((key, row.player_id)) if row.player_id else None
            rm.shootout.kicks.append(
                RKick(
                    vocab.kick_iri(rm.iri, row.number), team_iri, taker, row.converted, row.number
                )
            )


def _goal(
    it: _Integrator, rm: RMatch, g: Goal, source: SourceData, graph: str, *, mint: bool = True
) -> RGoal:
    team_iri = it.team(g.team, rm.gender, source.info.key)
    if g.scorer_team:
        scorer_team_iri = it.team(g.scorer_team, rm.gender, source.info.key)
    elif g.own_goal:
        scorer_team_iri = rm.away_iri if team_iri == rm.home_iri else rm.home_iri
    else:
        scorer_team_iri = team_iri
    return RGoal(
        iri="",
        match_iri=rm.iri,
        team_iri=team_iri,
        scorer_iri=it.scorer(g, scorer_team_iri, source, graph, mint=mint),
        scorer_name=g.scorer,
        minute=g.minute,
        stoppage=g.stoppage,
        own_goal=g.own_goal,
        penalty=g.penalty,
        graph=graph,
        identifier=f"{source.info.key}:{g.source_id}" if g.source_id else None,
    )


def comparable_minute(minute: int | None, stoppage: int | None, extra_time: bool | None) -> int:
    """A goal's minute as every source can write it, to tell a real disagreement from two
    ways of writing the same minute: stoppage time folded into its base minute (``90+2``,
    and ``92`` in a match without extra time, are both ``90``; ``120+1`` and ``121`` are
    ``120``). Unknown minutes compare as 0."""
    if minute is None:
        return 0
    if stoppage:
        return minute
    if not extra_time and minute > 90:
        return 90
    return min(minute, 120)


def _compare_goals(it: _Integrator, rm: RMatch, other: list[RGoal], graph: str) -> None:
    """Compare another source's goal list with the kept one; learn scorer aliases."""
    if rm.home_score is None or len(other) != (rm.home_score or 0) + (rm.away_score or 0):
        return  # partial lists say nothing about disagreement

    def comparable(goals: list[RGoal]) -> list[int]:
        return sorted(comparable_minute(g.minute, g.stoppage, rm.extra_time) for g in goals)

    def written(goals: list[RGoal]) -> str:
        ordered = sorted(goals, key=lambda g: (g.minute or 0, g.stoppage or 0))
        return ", ".join(
            "?" if g.minute is None else f"{g.minute}+{g.stoppage}" if g.stoppage else str(g.minute)
            for g in ordered
        )

    for team_iri in (rm.home_iri, rm.away_iri):
        kept_goals = [g for g in rm.goals if g.team_iri == team_iri]
        their_goals = [g for g in other if g.team_iri == team_iri]
        if len(kept_goals) == len(their_goals) and comparable(kept_goals) != comparable(
            their_goals
        ):
            it.out.conflicts.append(
                Conflict(
                    rm.iri,
                    "minute",
                    written(kept_goals),
                    rm.goals_graph or rm.graph,
                    written(their_goals),
                    graph,
                    f"goal minutes of {it.out.teams[team_iri].label} in {rm.iri}",
                )
            )
    kept_by_slot = {(g.team_iri, g.minute): g for g in rm.goals}
    for g in other:
        match = kept_by_slot.get((g.team_iri, g.minute))
        if match and match.scorer_iri and g.scorer_name and g.scorer_iri != match.scorer_iri:
            scorer_team = rm.home_iri if g.team_iri == rm.home_iri else rm.away_iri
            if g.own_goal:
                scorer_team = rm.away_iri if g.team_iri == rm.home_iri else rm.home_iri
            it.scorer_alias.setdefault(
                (scorer_team, vocab.identity_key(g.scorer_name)), match.scorer_iri
            )


# ---- line-ups, substitutions, bookings, officials, awards, standings -----------------------------


def _add_officials(it: _Integrator, source: SourceData) -> None:
    """Confederations and referees (one IRI per source referee ID; a name several IDs share
    gets the ID in its IRIs, as managers do)."""
    graph = _graph(source)
    key = source.info.key
    for c in source.confederations:
        iri = vocab.confederation_iri(c.code)
        it.out.confederations.setdefault(
            iri, RConfederation(iri, c.code, c.name, graph, c.wikipedia)
        )
    ids_by_name: dict[str, set[str]] = defaultdict(set)
    for r in source.referees:
        ids_by_name[vocab.identity_key(r.name)].add(r.source_id)
    for r in source.referees:
        shared = len(ids_by_name[vocab.identity_key(r.name)]) > 1
        iri = vocab.referee_iri(r.name, r.source_id if shared else None)
        it.out.referees.setdefault(iri, _referee(it, r, iri, graph)).identifiers.append(
            f"{key}:{r.source_id}"
        )
        it.referee_by_source_id[(key, r.source_id)] = iri


def _referee(it: _Integrator, r: Referee, iri: str, graph: str) -> RReferee:
    confederation = vocab.confederation_iri(r.confederation) if r.confederation else None
    return RReferee(
        iri=iri,
        label=r.name,
        graph=graph,
        given_name=r.given_name,
        family_name=r.family_name,
        gender=r.gender,
        country_iri=it.nation(r.country) if r.country else None,
        confederation_iri=confederation if confederation in it.out.confederations else None,
        wikipedia=r.wikipedia,
    )


def _add_match_details(it: _Integrator, source: SourceData) -> None:
    """Line-ups, substitutions, bookings, referees and managers of the source's matches; and
    its team appearances compared with its matches (a disagreement is a :class:`Conflict`).
    Rows naming a player, referee or manager without a record are counted in
    ``unresolved`` (none in the Fjelstul snapshot)."""
    key = source.info.key
    graph = _graph(source)
    _compare_team_appearances(it, source)
    for a in source.appearances:
        rm, player = _match_of(it, key, a.match_key), _player_of(it, key, a.player_id)
        if rm is None or player is None:
            continue
        team = it.team(a.team, rm.gender, key)
        rm.appearances.append(
            RAppearance(
                iri=vocab.appearance_iri(rm.iri, player),
                match_iri=rm.iri,
                team_iri=team,
                team_name=rm.home_name if team == rm.home_iri else rm.away_name,
                player_iri=player,
                starter=a.starter,
                graph=graph,
                shirt_number=a.shirt_number,
                position=a.position,
            )
        )
        rm.details_graph = graph
    _add_substitutions(it, source)
    _add_bookings(it, source)
    for r in source.referee_appearances:
        rm = _match_of(it, key, r.match_key)
        referee = it.referee_by_source_id.get((key, r.referee_id))
        if rm is None or referee is None:
            it.out.unresolved["referee appearance without a referee record"] += rm is not None
            continue
        rm.referee_iris.append(referee)
        rm.details_graph = graph
    for m in source.manager_appearances:
        rm = _match_of(it, key, m.match_key)
        manager = it.manager_by_source_id.get((key, m.manager_id))
        if rm is None or manager is None:
            it.out.unresolved["manager appearance without an appointment"] += rm is not None
            continue
        team = it.team(m.team, rm.gender, key)
        (rm.home_managers if team == rm.home_iri else rm.away_managers).append(manager)
        rm.details_graph = graph


def _match_of(it: _Integrator, source: str, match_key: str) -> RMatch | None:
    iri = it.source_match.get((source, match_key))
    return it.out.matches.get(iri) if iri else None


def _player_of(it: _Integrator, source: str, player_id: str) -> str | None:
    iri = it.player_by_source_id.get((source, player_id))
    if iri is None:
        it.out.unresolved["line-up, substitution or card row without a player record"] += 1
    return iri


def _compare_team_appearances(it: _Integrator, source: SourceData) -> None:
    """Each team appearance against the source's own match: goals, penalties, home or away,
    opponent and date. The match row is kept; a disagreeing team appearance is a conflict
    within the source (both values in its graph)."""
    graph = _graph(source)
    matches = {m.key: m for m in source.matches}
    for t in source.team_appearances:
        m = matches.get(t.match_key)
        rm = _match_of(it, source.info.key, t.match_key)
        if m is None or rm is None:
            continue
        home = t.team == m.home
        pens = (m.shootout.home_score, m.shootout.away_score) if m.shootout else (0, 0)
        stated = {
            "homeTeamName" if t.home else "awayTeamName": (m.home if t.home else m.away, t.team),
            "date": (m.date, t.date),
            "homeScore": (m.home_score, t.goals_for if home else t.goals_against),
            "awayScore": (m.away_score, t.goals_against if home else t.goals_for),
            "homePenalties": (pens, (t.penalties_for, t.penalties_against)[:: 1 if home else -1]),
        }
        if (not home and t.team != m.away) or t.opponent != (m.away if home else m.home):
            stated["awayTeamName" if home else "homeTeamName"] = (
                m.away if home else m.home,
                t.opponent,
            )
        for prop, (kept, other) in stated.items():
            if kept != other:
                where = f"{t.ref.file}:{t.ref.line}"
                it.out.conflicts.append(
                    Conflict(
                        rm.iri,
                        prop,
                        str(kept),
                        graph,
                        str(other),
                        graph,
                        f"{prop} of {rm.iri} in matches.csv and {where}",
                    )
                )


def _add_substitutions(it: _Integrator, source: SourceData) -> None:
    """A team's players going off and coming on at the same minute form one substitution;
    each match's substitutions are numbered in time order."""
    key = source.info.key
    graph = _graph(source)
    groups: dict[tuple[str, str, int, int], list[SubstitutionEvent]] = defaultdict(list)
    for e in source.substitutions:
        groups[(e.match_key, e.team, e.minute, e.stoppage or 0)].append(e)
    by_match: dict[str, list[RSubstitution]] = defaultdict(list)
    for (match_key, team_name, minute, stoppage), events in groups.items():
        rm = _match_of(it, key, match_key)
        if rm is None:
            continue
        sub = RSubstitution(
            "",
            rm.iri,
            it.team(team_name, rm.gender, key),
            minute,
            stoppage or None,
            events[0].period,
            graph,
        )
        for e in events:
            player = _player_of(it, key, e.player_id)
            if player is not None:
                (sub.on if e.coming_on else sub.off).append(player)
            if e.source_id:
                sub.identifiers.append(f"{key}:{e.source_id}")
        by_match[rm.iri].append(sub)
    for match_iri, subs in by_match.items():
        subs.sort(key=lambda s: (s.minute, s.stoppage or 0, s.identifiers))
        for n, sub in enumerate(subs, 1):
            sub.iri = vocab.substitution_iri(match_iri, n)
        it.out.matches[match_iri].substitutions = subs
        it.out.matches[match_iri].details_graph = graph


def _add_bookings(it: _Integrator, source: SourceData) -> None:
    """Each card of a match, numbered in time order."""
    key = source.info.key
    graph = _graph(source)
    by_match: dict[str, list[tuple[tuple[int, int, int], RBooking]]] = defaultdict(list)
    for b in source.bookings:
        rm, player = _match_of(it, key, b.match_key), _player_of(it, key, b.player_id)
        if rm is None or player is None:
            continue
        record = RBooking(
            "",
            rm.iri,
            it.team(b.team, rm.gender, key),
            player,
            b.cards,
            b.sending_off,
            b.minute,
            b.stoppage,
            b.period,
            graph,
            f"{key}:{b.source_id}" if b.source_id else None,
        )
        by_match[rm.iri].append(((b.minute, b.stoppage or 0, b.ref.line), record))
    for match_iri, rows in by_match.items():
        rows.sort(key=lambda row: row[0])
        for n, (_, record) in enumerate(rows, 1):
            record.iri = vocab.booking_iri(match_iri, n)
        it.out.matches[match_iri].bookings = [record for _, record in rows]
        it.out.matches[match_iri].details_graph = graph


def _edition_of(it: _Integrator, competition: str, year: int, graph: str) -> tuple[str, str]:
    """``(edition IRI, gender)`` of a competition's edition."""
    gender = "women" if competition == vocab.WOMENS_WORLD_CUP else "men"
    return it.edition(competition, year, graph), gender


def _add_edition_records(it: _Integrator, source: SourceData) -> None:
    """Referee appointments, awards and their winners, group and final standings, qualified
    teams and the stages of each edition."""
    key = source.info.key
    graph = _graph(source)
    for r in source.referee_appointments:
        edition, _ = _edition_of(it, r.competition, r.year, graph)
        referee = it.referee_by_source_id.get((key, r.referee_id))
        if referee is None:
            it.out.unresolved["referee appointment without a referee record"] += 1
            continue
        iri = vocab.referee_appointment_iri(edition, referee)
        it.out.referee_appointments.setdefault(iri, (referee, edition, graph))
    awards = {}
    for a in source.awards:
        iri = vocab.award_iri(a.name)
        awards[a.source_id] = iri
        it.out.awards.setdefault(iri, RAward(iri, a.name, graph, a.description, a.year_introduced))
    for w in source.award_winners:
        edition, gender = _edition_of(it, w.competition, w.year, graph)
        player = _player_of(it, key, w.player_id)
        if player is None or w.award_id not in awards:
            it.out.unresolved["award winner without a player or award record"] += player is not None
            continue
        award = awards[w.award_id]
        it.out.award_wins.append(
            RAwardWin(
                vocab.award_win_iri(edition, award, player),
                award,
                player,
                it.team(w.team, gender, key),
                w.team,
                edition,
                w.shared,
                graph,
            )
        )
    for g in source.group_standings:
        edition, gender = _edition_of(it, g.competition, g.year, graph)
        team = it.team(g.team, gender, key)
        it.out.group_standings.append(
            RGroupStanding(
                vocab.group_standing_iri(edition, g.stage, team),
                edition,
                g.stage,
                g.group,
                team,
                g.team,
                g.position,
                g.played,
                g.wins,
                g.draws,
                g.losses,
                g.goals_for,
                g.goals_against,
                g.points,
                g.advanced,
                graph,
            )
        )
    for t in source.tournament_standings:
        edition, gender = _edition_of(it, t.competition, t.year, graph)
        team = it.team(t.team, gender, key)
        it.out.tournament_standings.append(
            RPlacing(
                vocab.tournament_standing_iri(edition, team),
                edition,
                team,
                t.team,
                graph,
                position=t.position,
            )
        )
    for q in source.qualified_teams:
        edition, gender = _edition_of(it, q.competition, q.year, graph)
        team = it.team(q.team, gender, key)
        it.out.qualified_teams.append(
            RPlacing(
                vocab.qualified_team_iri(edition, team),
                edition,
                team,
                q.team,
                graph,
                matches=q.matches,
                stage_reached=q.stage_reached,
            )
        )
    for st in source.stages:
        edition, _ = _edition_of(it, st.competition, st.year, graph)
        it.out.stages.append(
            RStage(
                vocab.tournament_stage_iri(edition, st.stage),
                edition,
                st.stage,
                st.number,
                graph,
                st.start_date,
                st.end_date,
                st.teams,
                st.matches,
                st.scheduled,
                st.replays,
                st.playoffs,
                st.walkovers,
            )
        )
