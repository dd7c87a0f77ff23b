"""Domain records: what every source turns its files into, before entity resolution.

Records are plain, typed, immutable values. They carry names *as the source wrote them* (the
team name used at the time, the scorer's name) and the source's own identifiers; entity
resolution (:mod:`footkg.ingest.resolve`) decides which real-world thing each name is, and the RDF
mapping (:mod:`footkg.ingest.mapping`) turns resolved records into triples.

Units: scores and goals are counts of goals (``int``); minutes are match minutes (``int``),
with stoppage (added) time apart: ``90+3`` is ``minute=90, stoppage=3``; extra time runs
91–120. Dates are :class:`datetime.date`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date


@dataclass(frozen=True, slots=True)
class SourceRef:
    """Where a record came from: the dataset key (``"fjelstul-worldcup"``), the file path
    relative to the dataset folder, and the 1-based line (CSV) or item index (JSON)."""

    dataset: str
    file: str
    line: int


@dataclass(frozen=True, slots=True)
class SkippedRow:
    """A row that was not loaded, with the reason (a short key used to count, e.g.
    ``"bad-date"``) and a human-readable detail naming the bad value."""

    ref: SourceRef
    reason: str
    detail: str

    def __str__(self) -> str:
        return f"{self.ref.file}:{self.ref.line}: {self.reason}: {self.detail}"


@dataclass(frozen=True, slots=True)
class Team:
    """A national team as a source describes it.

    ``gender`` is ``"men"`` or ``"women"``; ``code`` the source's trigram (Fjelstul uses ISO-style
    codes such as ``DEU``, openfootball FIFA codes such as ``GER``).
    """

    ref: SourceRef
    source_id: str | None
    name: str
    gender: str
    code: str | None = None
    confederation: str | None = None
    wikipedia: str | None = None


@dataclass(frozen=True, slots=True)
class FormerName:
    """A name a team used in a period (martj42 ``former_names.csv``, or a FIFA succession such
    as West Germany → Germany). ``current`` is the successor team's current name."""

    ref: SourceRef
    current: str
    former: str
    start: date | None
    end: date | None


@dataclass(frozen=True, slots=True)
class Player:
    """A player. ``given_name`` is ``None`` for players known by one name (Pelé): sources'
    placeholders (``not applicable``) never get here. ``name`` is the display name."""

    ref: SourceRef
    source_id: str | None
    name: str
    given_name: str | None = None
    family_name: str | None = None
    birth_date: date | None = None
    gender: str | None = None
    wikipedia: str | None = None


@dataclass(frozen=True, slots=True)
class Stadium:
    """A stadium: name, city, country, capacity (seats) and links where the source has them."""

    ref: SourceRef
    source_id: str | None
    name: str
    city: str | None = None
    country: str | None = None
    capacity: int | None = None
    wikipedia: str | None = None
    wikidata: str | None = None


@dataclass(frozen=True, slots=True)
class Tournament:
    """One edition of a competition (``competition`` is ``"FIFA World Cup"`` or
    ``"FIFA Women's World Cup"``); ``hosts`` are team names of the host nations; ``champion``
    is what the source states (footkg derives its own from the final and compares)."""

    ref: SourceRef
    source_id: str | None
    competition: str
    year: int
    name: str
    start_date: date | None = None
    end_date: date | None = None
    hosts: tuple[str, ...] = ()
    champion: str | None = None
    number_of_teams: int | None = None


@dataclass(frozen=True, slots=True)
class Shootout:
    """A penalty shootout. Kicks scored are not goals and never count in the match score.
    martj42 gives only the winner (scores ``None``)."""

    home_score: int | None = None
    away_score: int | None = None
    winner: str | None = None
    first_shooter: str | None = None


@dataclass(frozen=True, slots=True)
class Match:
    """A played (or walked-over) match as a source has it, or a club fixture without a result.

    ``key`` is the source's own identifier (``M-2022-64``; martj42 ``date|home|away``);
    ``home``/``away`` are the names used at the time in the source's listing order; scores
    are after regulation or extra time (``None`` for a walkover or a match without a result);
    ``stage`` is a key of :data:`footkg.vocab.STAGES` or ``None`` outside tournaments (and for
    the matches of a league season's table); ``edition_year`` is set for World Cup matches.
    ``awarded`` is true when the result was decided by the organiser, not on the pitch (a
    walkover, a forfeit): the source says so, or its loader infers it by a rule its docstring
    states (martj42 has no flag: see :mod:`footkg.ingest.sources.intl_results`).

    Club matches (``team_kind="club"``) also carry the country of each club's league system
    (``home_country``/``away_country``, for resolving club names), the ``season`` name
    (``"1978-79"``, ``"2019"``) of their ``competition``, the ``matchday`` (a number) or the
    ``round`` as the source names it (``"Finals, Semifinals"``), a ``status`` (a key of
    :data:`footkg.vocab.MATCH_STATUSES`; then both scores are ``None``), and for a second leg
    the key of its ``first_leg`` in the same source.
    """

    ref: SourceRef
    key: str
    date: date
    home: str
    away: str
    home_score: int | None
    away_score: int | None
    competition: str
    gender: str = "men"
    edition_year: int | None = None
    stage: str | None = None
    group: str | None = None
    extra_time: bool | None = None
    shootout: Shootout | None = None
    neutral: bool | None = None
    stadium: str | None = None
    city: str | None = None
    country: str | None = None
    replay_of: str | None = None
    replayed: bool = False
    walkover_winner: str | None = None
    match_number: int | None = None
    team_kind: str = "national"
    home_country: str | None = None
    away_country: str | None = None
    season: str | None = None
    matchday: int | None = None
    round: str | None = None
    status: str | None = None
    awarded: bool = False
    first_leg: str | None = None


@dataclass(frozen=True, slots=True)
class Season:
    """One season of a club competition (or one edition of the European Championship) that a
    source holds: the footkg ``competition`` label (``"Premier League"``), the season ``name``
    (``"1992-93"``, or ``"2019"`` for a calendar-year season), its first ``year``, the
    ``country`` of a league and its ``tier`` (level 1 is the top division) with the tier's
    label (``"English top division"``), the ``kind`` (``"league"`` or ``"cup"``), and the rules
    of the time from ``data/club-competitions.csv``: ``win_points`` (points for a win, 2 or 3;
    a draw is 1), ``tiebreak`` (``"goal average"``, ``"goal difference"``, ``"head-to-head"``
    or ``"wins"``) and ``champion_rule`` (``"table"``: the top of the complete table;
    ``"final"``: the winner of the final; ``"official"``: only the official list names it)."""

    ref: SourceRef
    competition: str
    name: str
    year: int
    kind: str
    country: str | None = None
    tier: int | None = None
    tier_label: str | None = None
    win_points: int | None = None
    tiebreak: str | None = None
    champion_rule: str = "table"


@dataclass(frozen=True, slots=True)
class OfficialChampion:
    """The champion of one season as the competition's official record names it
    (``data/club-champions.csv``): ``champion`` is a club (or national team) name, ``None``
    when no champion was declared (the 2019-20 Eredivisie); ``note`` says why the table
    computed from results cannot be the official one, where it cannot; ``source`` names where
    the fact is published."""

    ref: SourceRef
    competition: str
    season: str
    champion: str | None
    note: str | None
    source: str


@dataclass(frozen=True, slots=True)
class Goal:
    """A goal in a match (``match_key`` is the :attr:`Match.key` in the same source).

    ``team`` is the team credited (for an own goal, the opponent of the scorer's side);
    ``scorer_team`` is the scorer's own side; ``minute``/``stoppage`` in minutes (``None`` when
    the source has no minute); ``player_id`` the source's player identifier where it has one.
    """

    ref: SourceRef
    match_key: str
    team: str
    scorer: str | None
    minute: int | None
    stoppage: int | None = None
    own_goal: bool = False
    penalty: bool = False
    scorer_team: str | None = None
    player_id: str | None = None
    source_id: str | None = None


@dataclass(frozen=True, slots=True)
class ShootoutKick:
    """One kick of a penalty shootout (Fjelstul ``penalty_kicks.csv``); never a goal."""

    ref: SourceRef
    match_key: str
    team: str
    taker: str | None
    player_id: str | None
    converted: bool
    number: int


@dataclass(frozen=True, slots=True)
class SquadEntry:
    """A player in a team's squad at one edition (shirt number ``None`` where unknown, as
    Fjelstul's ``0`` before 1954; ``position`` one of goalkeeper/defender/midfielder/forward)."""

    ref: SourceRef
    competition: str
    year: int
    team: str
    player_id: str
    shirt_number: int | None = None
    position: str | None = None


@dataclass(frozen=True, slots=True)
class ManagerAppointment:
    """A national team's manager (head coach) at one edition, as Fjelstul's
    ``manager_appointments.csv`` states it: ``team`` is the team name used at the time
    (``West Germany``), ``manager_id`` the source's manager identifier (``M-388``), ``name`` the
    display name (``"Helmut Schön"``; the family name alone for one-name managers such as
    ``"Tite"``, whose ``given_name`` is ``None``), ``country`` the manager's own country as the
    source names it (``"Soviet Union"``), ``None`` where unknown. A team may have two managers
    at one edition (joint coaches, or a change during the tournament)."""

    ref: SourceRef
    competition: str
    year: int
    team: str
    manager_id: str
    name: str
    given_name: str | None = None
    family_name: str | None = None
    country: str | None = None


@dataclass(frozen=True, slots=True)
class Appearance:
    """A player in a team's line-up for one match (Fjelstul ``player_appearances.csv``, 1970
    onwards): ``starter`` is true for the starting eleven, false for a substitute who came on;
    ``shirt_number`` the number worn (``None`` where unknown), ``position`` the position played
    as the source names it, normalised to footkg's spelling (``"goalkeeper"``, ``"center back"``,
    ``"left winger"``…)."""

    ref: SourceRef
    match_key: str
    team: str
    player_id: str
    starter: bool
    shirt_number: int | None = None
    position: str | None = None


@dataclass(frozen=True, slots=True)
class SubstitutionEvent:
    """One player going off or coming on (Fjelstul ``substitutions.csv`` writes a substitution
    as one row per player): ``coming_on`` true for the player who came on, false for the one
    who went off; ``minute``/``stoppage`` in minutes (``90+2`` is 90 and 2); ``period`` a key of
    :data:`footkg.vocab.PERIODS`."""

    ref: SourceRef
    match_key: str
    team: str
    player_id: str
    coming_on: bool
    minute: int
    stoppage: int | None = None
    period: str | None = None
    source_id: str | None = None


@dataclass(frozen=True, slots=True)
class Booking:
    """A card shown to a player (Fjelstul ``bookings.csv``): ``cards`` are keys of
    :data:`footkg.vocab.CARDS` (``"yellow"``, ``"second yellow"``, ``"red"``; a row may flag a
    yellow and a red at once), ``sending_off`` whether the player was sent off; minutes as in
    :class:`SubstitutionEvent`. The player may be on the bench (a card after being substituted,
    or before coming on)."""

    ref: SourceRef
    match_key: str
    team: str
    player_id: str
    cards: tuple[str, ...]
    sending_off: bool
    minute: int
    stoppage: int | None = None
    period: str | None = None
    source_id: str | None = None


@dataclass(frozen=True, slots=True)
class Confederation:
    """A continental confederation (Fjelstul ``confederations.csv``): ``code`` such as ``UEFA``,
    ``name`` the full name."""

    ref: SourceRef
    source_id: str
    code: str
    name: str
    wikipedia: str | None = None


@dataclass(frozen=True, slots=True)
class Referee:
    """A match official (Fjelstul ``referees.csv``): display name as for players, ``country``
    the country the referee came from (as the source names it), ``confederation`` its code."""

    ref: SourceRef
    source_id: str
    name: str
    given_name: str | None = None
    family_name: str | None = None
    gender: str | None = None
    country: str | None = None
    confederation: str | None = None
    wikipedia: str | None = None


@dataclass(frozen=True, slots=True)
class RefereeAppointment:
    """A referee appointed to an edition (``referee_appointments.csv``)."""

    ref: SourceRef
    competition: str
    year: int
    referee_id: str


@dataclass(frozen=True, slots=True)
class RefereeAppearance:
    """The referee of one match (``referee_appearances.csv``: one per match)."""

    ref: SourceRef
    match_key: str
    referee_id: str


@dataclass(frozen=True, slots=True)
class ManagerAppearance:
    """A team's manager in one match (``manager_appearances.csv``; joint managers give two
    rows). ``team`` is the name used at the time."""

    ref: SourceRef
    match_key: str
    team: str
    manager_id: str


@dataclass(frozen=True, slots=True)
class Award:
    """A World Cup award (``awards.csv``): ``name`` (``"Golden Ball"``), ``description`` (``"best
    player"``), ``year_introduced``."""

    ref: SourceRef
    source_id: str
    name: str
    description: str | None = None
    year_introduced: int | None = None


@dataclass(frozen=True, slots=True)
class AwardWinner:
    """A player who won an award at an edition (``award_winners.csv``); ``shared`` when the
    award went to several players (a Golden Boot shared on goals); ``team`` as named then."""

    ref: SourceRef
    competition: str
    year: int
    award_id: str
    player_id: str
    team: str
    shared: bool = False


@dataclass(frozen=True, slots=True)
class GroupStanding:
    """A team's line in a group table as the source states it (``group_standings.csv``):
    ``stage`` a key of :data:`footkg.vocab.STAGES` (``"group stage"``, ``"second group stage"``,
    ``"final round"``), ``position`` 1-based, counts in matches, goals and points (2 for a win
    up to 1990, 3 from 1994), ``advanced`` whether the team went through."""

    ref: SourceRef
    competition: str
    year: int
    stage: str
    group: str | None
    position: int
    team: str
    played: int
    wins: int
    draws: int
    losses: int
    goals_for: int
    goals_against: int
    points: int
    advanced: bool


@dataclass(frozen=True, slots=True)
class TournamentStanding:
    """A team's final place (1 to 4) at an edition (``tournament_standings.csv``)."""

    ref: SourceRef
    competition: str
    year: int
    position: int
    team: str


@dataclass(frozen=True, slots=True)
class QualifiedTeam:
    """A team in an edition's final tournament (``qualified_teams.csv``): matches played and
    the furthest stage reached (a key of :data:`footkg.vocab.STAGES`)."""

    ref: SourceRef
    competition: str
    year: int
    team: str
    matches: int
    stage_reached: str | None


@dataclass(frozen=True, slots=True)
class TeamAppearance:
    """A team's side of one match (``team_appearances.csv``), as the source repeats it from
    ``matches.csv``: read to check that the two tables agree (goals, penalties, home or away,
    opponent, date)."""

    ref: SourceRef
    match_key: str
    team: str
    opponent: str
    home: bool
    goals_for: int
    goals_against: int
    penalties_for: int
    penalties_against: int
    date: date


@dataclass(frozen=True, slots=True)
class TournamentStage:
    """One stage as played at one edition (``tournament_stages.csv``): its order, dates and
    counts (teams; matches played, replays and play-offs included; scheduled matches, replays,
    play-offs, walkovers)."""

    ref: SourceRef
    competition: str
    year: int
    number: int
    stage: str
    start_date: date | None
    end_date: date | None
    teams: int | None
    matches: int
    scheduled: int | None = None
    replays: int = 0
    playoffs: int = 0
    walkovers: int = 0


@dataclass(frozen=True, slots=True)
class DatasetInfo:
    """Provenance of a loaded dataset, for the metadata graph (PROV-O, DCMI terms)."""

    key: str
    title: str
    url: str
    version: str
    license: str
    attribution: str | None = None
    changes: str | None = None


@dataclass(slots=True)
class SourceData:
    """Everything one source yielded: records by type, and the rows it had to skip."""

    info: DatasetInfo
    teams: list[Team] = field(default_factory=list)
    former_names: list[FormerName] = field(default_factory=list)
    players: list[Player] = field(default_factory=list)
    stadiums: list[Stadium] = field(default_factory=list)
    tournaments: list[Tournament] = field(default_factory=list)
    matches: list[Match] = field(default_factory=list)
    goals: list[Goal] = field(default_factory=list)
    kicks: list[ShootoutKick] = field(default_factory=list)
    squads: list[SquadEntry] = field(default_factory=list)
    managers: list[ManagerAppointment] = field(default_factory=list)
    seasons: list[Season] = field(default_factory=list)
    official_champions: list[OfficialChampion] = field(default_factory=list)
    appearances: list[Appearance] = field(default_factory=list)
    substitutions: list[SubstitutionEvent] = field(default_factory=list)
    bookings: list[Booking] = field(default_factory=list)
    confederations: list[Confederation] = field(default_factory=list)
    referees: list[Referee] = field(default_factory=list)
    referee_appointments: list[RefereeAppointment] = field(default_factory=list)
    referee_appearances: list[RefereeAppearance] = field(default_factory=list)
    manager_appearances: list[ManagerAppearance] = field(default_factory=list)
    awards: list[Award] = field(default_factory=list)
    award_winners: list[AwardWinner] = field(default_factory=list)
    group_standings: list[GroupStanding] = field(default_factory=list)
    tournament_standings: list[TournamentStanding] = field(default_factory=list)
    qualified_teams: list[QualifiedTeam] = field(default_factory=list)
    team_appearances: list[TeamAppearance] = field(default_factory=list)
    stages: list[TournamentStage] = field(default_factory=list)
    skipped: list[SkippedRow] = field(default_factory=list)
    #: Rows loaded with one field left out because it contradicts the rest of the row (the
    #: detail names the field), e.g. a ``neutral`` flag against the venue's country.
    flagged: list[SkippedRow] = field(default_factory=list)

    def skipped_by_reason(self) -> Counter[str]:
        """How many rows were skipped, per reason key."""
        return Counter(row.reason for row in self.skipped)
