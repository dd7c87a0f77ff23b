"""Namespaces, controlled vocabularies and the only place where footkg mints IRIs.

Every resource IRI in the graph comes from one of the ``*_iri`` functions below, so the
identity rules live in one module:

* ontology terms: ``https://w3id.org/footkg/ontology#`` (prefix ``fk:``), a closed
  :class:`rdflib.namespace.DefinedNamespace` kept in sync with ``ontology/footkg.ttl`` by a test
  (``FK``, ``STAGES`` and the namespace objects are made on first use: importing this module
  does not import rdflib);
* resources: ``https://w3id.org/footkg/resource/<kind>/<slug>``;
* named graphs: ``https://w3id.org/footkg/graph/<name>``.

Slugs are readable (``team/argentina``, ``match/2022-12-18-argentina-france``) and valid for any
input: a name is reduced to its *identity key*: transliterated to ASCII with the maintained
``anyascii`` tables (accents stripped, and letters with no decomposition folded too: ``ł`` → l,
``ı`` → i, ``Ø`` → O, ``Đ`` → D, ``Æ`` → AE, ``ß`` → ss), case folded, an ASCII symbol that
carries identity spelt out (``C#`` → ``c-number-sign``, ``C+`` → ``c-plus-sign``), punctuation
and spaces collapsed to ``-``. Two names with the same identity key are the same entity by
footkg's resolution rules ("Côte d'Ivoire" and "Cote d'Ivoire", "Paweł Janas" and "Pawel
Janas"); when the reduction loses characters that carry identity (a script other than Latin,
whose transliteration is not one-to-one; symbols, emoji) a short SHA-256 of the NFC name is
appended to the slug, so distinct names never collide. IRIs contain only unreserved ASCII
characters and ``/``, so they are valid IRIs and URIs in every RDF syntax.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from anyascii import anyascii

if TYPE_CHECKING:  # rdflib loads on first use of FK, STAGES or a Namespace (start-up, issue 20)
    from rdflib import Namespace
    from rdflib.term import URIRef

BASE = "https://w3id.org/footkg/"
FK_NS = BASE + "ontology#"
RES_NS = BASE + "resource/"
GRAPH_NS = BASE + "graph/"

#: The other vocabularies footkg uses, as namespace strings; ``SCHEMA``, ``WD``… (the same names
#: without ``_NS``) are their :class:`rdflib.Namespace` objects, made on first use.
SCHEMA_NS = "http://schema.org/"  # http, as DBpedia and Wikidata use it (not rdflib's SDO)
WD_NS = "http://www.wikidata.org/entity/"
WDT_NS = "http://www.wikidata.org/prop/direct/"
DBO_NS = "http://dbpedia.org/ontology/"
DBR_NS = "http://dbpedia.org/resource/"
BBCSPORT_NS = "http://www.bbc.co.uk/ontologies/sport/"
PROV_NS = "http://www.w3.org/ns/prov#"
DCTERMS_NS = "http://purl.org/dc/terms/"
VOID_NS = "http://rdfs.org/ns/void#"

PREFIXES: dict[str, str] = {
    "fk": FK_NS,
    "fkr": RES_NS,
    "fkg": GRAPH_NS,
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "owl": "http://www.w3.org/2002/07/owl#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "skos": "http://www.w3.org/2004/02/skos/core#",
    "schema": SCHEMA_NS,
    "wd": WD_NS,
    "wdt": WDT_NS,
    "dbo": DBO_NS,
    "dbr": DBR_NS,
    "sport": BBCSPORT_NS,
    "prov": PROV_NS,
    "dcterms": DCTERMS_NS,
    "void": VOID_NS,
    "sh": "http://www.w3.org/ns/shacl#",
    "oa": "http://www.w3.org/ns/oa#",
}


def _make_fk() -> type:
    """The :class:`FK` namespace class (imports rdflib, so it is made on first use)."""
    from rdflib import Namespace
    from rdflib.namespace import DefinedNamespace

    class FK(DefinedNamespace):
        """The footkg ontology terms (closed: a misspelt term raises ``AttributeError``).

        The list must match the terms declared in ``ontology/footkg.ttl``;
        ``tests/test_ontology.py`` checks both directions.
        """

        _NS = Namespace(FK_NS)
        _fail = True

        # classes
        Competition: URIRef
        TournamentEdition: URIRef
        Stage: URIRef
        Match: URIRef
        Goal: URIRef
        PenaltyShootout: URIRef
        ShootoutKick: URIRef
        Team: URIRef
        NationalTeam: URIRef
        Club: URIRef
        League: URIRef
        LeagueTier: URIRef
        Season: URIRef
        LeagueStanding: URIRef
        MatchStatus: URIRef
        TeamName: URIRef
        Player: URIRef
        SquadMembership: URIRef
        Manager: URIRef
        ManagerAppointment: URIRef
        Stadium: URIRef
        City: URIRef
        Country: URIRef
        SourceConflict: URIRef
        HeadToHead: URIRef
        CompetitionHeadToHead: URIRef
        GoalTally: URIRef
        Squad: URIRef
        Appearance: URIRef
        Substitution: URIRef
        Booking: URIRef
        Card: URIRef
        MatchPeriod: URIRef
        Referee: URIRef
        RefereeAppointment: URIRef
        Confederation: URIRef
        Award: URIRef
        AwardWin: URIRef
        GroupStanding: URIRef
        TournamentStanding: URIRef
        QualifiedTeam: URIRef
        TournamentStage: URIRef
        AppearanceTally: URIRef

        # card and match-period individuals (controlled vocabularies, see CARDS and PERIODS)
        YellowCard: URIRef
        SecondYellowCard: URIRef
        RedCard: URIRef
        FirstHalf: URIRef
        SecondHalf: URIRef
        ExtraTimeFirstHalf: URIRef
        ExtraTimeSecondHalf: URIRef

        # stage individuals (controlled vocabulary, see STAGES)
        GroupStage: URIRef
        SecondGroupStage: URIRef
        FinalRound: URIRef
        RoundOf32: URIRef
        RoundOf16: URIRef
        QuarterFinal: URIRef
        SemiFinal: URIRef
        ThirdPlacePlayOff: URIRef
        Final: URIRef
        QualifyingRound: URIRef
        FirstRound: URIRef
        SecondRound: URIRef
        LeaguePhase: URIRef
        PlayOffs: URIRef
        ChampionshipRound: URIRef
        RelegationRound: URIRef

        # match status individuals (controlled vocabulary, see MATCH_STATUSES)
        Scheduled: URIRef
        Postponed: URIRef
        Cancelled: URIRef
        Abandoned: URIRef
        ResultUnknown: URIRef

        # match
        homeTeam: URIRef
        awayTeam: URIRef
        homeTeamName: URIRef
        awayTeamName: URIRef
        date: URIRef
        homeScore: URIRef
        awayScore: URIRef
        extraTime: URIRef
        penaltyShootout: URIRef
        winner: URIRef
        loser: URIRef
        neutralVenue: URIRef
        stage: URIRef
        group: URIRef
        edition: URIRef
        competition: URIRef
        venue: URIRef
        city: URIRef
        country: URIRef
        attendance: URIRef
        replayOf: URIRef
        awarded: URIRef
        walkover: URIRef
        matchNumber: URIRef
        status: URIRef
        matchday: URIRef
        round: URIRef
        firstLeg: URIRef
        referee: URIRef
        appointedReferee: URIRef
        homeManager: URIRef
        awayManager: URIRef

        # goal
        match: URIRef
        scorer: URIRef
        scorerName: URIRef
        team: URIRef
        minute: URIRef
        stoppageMinute: URIRef
        ownGoal: URIRef
        penalty: URIRef
        assist: URIRef

        # penalty shootout and its kicks
        homePenalties: URIRef
        awayPenalties: URIRef
        firstShooter: URIRef
        kick: URIRef
        taker: URIRef
        converted: URIRef
        kickNumber: URIRef

        # competition and tournament edition
        year: URIRef
        startDate: URIRef
        endDate: URIRef
        hostCountry: URIRef
        champion: URIRef
        runnerUp: URIRef
        numberOfTeams: URIRef
        previousEdition: URIRef
        gender: URIRef

        # club football: clubs, leagues, tiers, seasons and league tables
        season: URIRef
        seasonName: URIRef
        tier: URIRef
        level: URIRef
        winPoints: URIRef
        tiebreak: URIRef
        complete: URIRef
        consecutiveTitles: URIRef
        runStart: URIRef
        leaguePosition: URIRef
        goalDifference: URIRef
        goalAverage: URIRef
        promoted: URIRef
        relegated: URIRef
        officialChampion: URIRef

        # team
        formerName: URIRef
        name: URIRef
        teamCode: URIRef
        confederation: URIRef
        representsCountry: URIRef

        # player and squad
        birthDate: URIRef
        player: URIRef
        shirtNumber: URIRef
        position: URIRef

        # manager and manager appointment
        manager: URIRef
        nationality: URIRef

        # line-ups, substitutions, cards
        appearance: URIRef
        substitution: URIRef
        booking: URIRef
        starter: URIRef
        minutesPlayed: URIRef
        playerOn: URIRef
        playerOff: URIRef
        period: URIRef
        card: URIRef
        sendingOff: URIRef

        # referees, confederations
        memberOfConfederation: URIRef

        # awards
        award: URIRef
        yearIntroduced: URIRef
        shared: URIRef

        # standings, qualified teams, tournament stages
        teamName: URIRef
        standingPosition: URIRef
        wins: URIRef
        losses: URIRef
        goalsFor: URIRef
        goalsAgainst: URIRef
        points: URIRef
        advanced: URIRef
        derivedStanding: URIRef
        levelTeams: URIRef
        stageReached: URIRef
        stageNumber: URIRef
        scheduledMatches: URIRef
        replays: URIRef
        playOffs: URIRef
        walkovers: URIRef

        # stadium
        capacity: URIRef

        # shared
        wikipediaPage: URIRef

        # source conflicts (facts kept, disagreement listed)
        conflictSubject: URIRef
        conflictProperty: URIRef
        keptValue: URIRef
        keptSource: URIRef
        otherValue: URIRef
        otherSource: URIRef

        # derived aggregates: head-to-head records of team pairs, goal tallies of players
        team1: URIRef
        team2: URIRef
        played: URIRef
        team1Wins: URIRef
        team2Wins: URIRef
        draws: URIRef
        team1Goals: URIRef
        team2Goals: URIRef
        goalMargins: URIRef
        knockoutMatches: URIRef
        finals: URIRef
        firstMeeting: URIRef
        lastMeeting: URIRef
        rivalryScore: URIRef
        meetingsRank: URIRef
        rivalryRank: URIRef
        meetingsIn: URIRef
        meeting: URIRef
        team1ShootoutWins: URIRef
        team2ShootoutWins: URIRef
        member: URIRef
        goals: URIRef
        goalsIn: URIRef
        scoredFor: URIRef
        goalsRank: URIRef
        appearancesIn: URIRef
        appearances: URIRef
        starts: URIRef
        substituteAppearances: URIRef
        playedFor: URIRef
        appearancesRank: URIRef
        finalsRank: URIRef

        # match reports: what a report states, as statements kept apart from the fixture data
        ReportStatement: URIRef
        ReportedMatch: URIRef
        ReportedGoal: URIRef
        statedIn: URIRef
        venueName: URIRef
        cityName: URIRef
        header: URIRef
        freeKick: URIRef
        reportStatement: URIRef

    return FK


# --- controlled vocabularies ------------------------------------------------------------------

#: Stage keys (the names used in the articles' gold format) in tournament order; ``STAGES`` maps
#: each to its ontology individual. Sources map their own spellings onto these keys. The club
#: competitions add, after the World Cup's stages (so that the World Cup's order is unchanged),
#: the early rounds of cups (qualifying, first and second rounds), the Champions League's league
#: phase of 2024-25, and the phases of a league season that are not its table: play-offs
#: (promotion, relegation, European places, finals series) and the championship and relegation
#: rounds played after a league splits.
STAGE_KEYS: tuple[str, ...] = (
    "group stage",
    "second group stage",
    "final round",
    "round of 32",
    "round of 16",
    "quarter-final",
    "semi-final",
    "third-place play-off",
    "final",
    "qualifying round",
    "first round",
    "second round",
    "league phase",
    "play-offs",
    "championship round",
    "relegation round",
)

#: Each stage key's ontology individual (``STAGES``, a ``dict[str, URIRef]`` in ``STAGE_KEYS``
#: order, made on first use).
_STAGE_TERMS: tuple[str, ...] = (
    "GroupStage", "SecondGroupStage", "FinalRound", "RoundOf32", "RoundOf16", "QuarterFinal",
    "SemiFinal", "ThirdPlacePlayOff", "Final", "QualifyingRound", "FirstRound", "SecondRound",
    "LeaguePhase", "PlayOffs", "ChampionshipRound", "RelegationRound",
)  # fmt: skip

#: Stages played as knockout rounds (a level score, or a level aggregate of two legs, goes to
#: extra time, then a shootout).
KNOCKOUT_STAGES: frozenset[str] = frozenset(
    {
        "qualifying round",
        "first round",
        "second round",
        "round of 32",
        "round of 16",
        "quarter-final",
        "semi-final",
        "third-place play-off",
        "final",
        "play-offs",
    }
)

#: Why a match has no result (``fk:status``): a future fixture (``scheduled``), one put off
#: (``postponed``), called off and never played (``cancelled``: the 2019-20 seasons curtailed by
#: COVID-19), stopped during play with no result (``abandoned``), or played but given without
#: a score by its source (``result unknown``: the 2024-25 Champions League final in the
#: football.json snapshot). A match with a status has no score and is never counted as played.
#: An awarded match has a score (``fk:awarded true``) and no status.
MATCH_STATUS_KEYS: tuple[str, ...] = (
    "scheduled", "postponed", "cancelled", "abandoned", "result unknown",
)  # fmt: skip
#: Each status key's ontology individual (``MATCH_STATUSES``, a ``dict[str, URIRef]``, made on
#: first use).
_STATUS_TERMS: tuple[str, ...] = (
    "Scheduled", "Postponed", "Cancelled", "Abandoned", "ResultUnknown",
)  # fmt: skip

GENDERS: tuple[str, str] = ("men", "women")

#: Stages played as round-robin groups (their tables are group standings).
GROUP_STAGES: tuple[str, ...] = ("group stage", "second group stage", "final round")

#: Card keys (as the ``cards`` catalogue query takes them); ``CARDS`` maps each to its ontology
#: individual (made on first use). A second yellow card is a yellow card that sends the player
#: off; Fjelstul flags it apart.
CARD_KEYS: tuple[str, ...] = ("yellow", "second yellow", "red")
_CARD_TERMS: tuple[str, ...] = ("YellowCard", "SecondYellowCard", "RedCard")

#: Periods of play (Fjelstul ``match_period`` without its ", stoppage time" suffix, which the
#: stoppage minute already says) with their ontology individual (``PERIODS``, made on first
#: use), in the order played.
PERIOD_KEYS: tuple[str, ...] = (
    "first half", "second half", "extra time, first half", "extra time, second half",
)  # fmt: skip
_PERIOD_TERMS: tuple[str, ...] = (
    "FirstHalf", "SecondHalf", "ExtraTimeFirstHalf", "ExtraTimeSecondHalf",
)  # fmt: skip

#: Competition names as footkg labels them; the World Cups are keyed here so that every source
#: maps onto the same competition IRI.
MENS_WORLD_CUP = "FIFA World Cup"
WOMENS_WORLD_CUP = "FIFA Women's World Cup"

# --- IRI minting --------------------------------------------------------------------------------

_SEPARATORS = re.compile(r"[^0-9a-z]+")
#: ASCII punctuation a name may gain or lose without becoming another name ("St. Kitts",
#: "Côte d'Ivoire", "Guinea-Bissau", "Bosnia & Herzegovina", "Trinidad/Tobago"). Every other
#: ASCII symbol carries identity ("C#" is not "C") and is spelt out in the identity key.
_IGNORABLE_ASCII = frozenset(" \t\n\r'\"-.,()[]/&:;!?_`")
_SYMBOLS = re.compile(r"[^0-9A-Za-z\s'\"\-.,()\[\]/&:;!?_`]")
# Characters outside ASCII that the identity key may drop without losing identity:
# punctuation, spaces, control characters, combining marks (accents), modifier symbols.
_IGNORABLE_CATEGORIES = {"Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Zs", "Cc", "Mn", "Sk"}


def _spelt(symbol: re.Match[str]) -> str:
    return f" {unicodedata.name(symbol.group(), 'symbol').lower()} "


@lru_cache(maxsize=1 << 16)
def identity_key(name: str) -> str:
    """Reduce a name to footkg's identity key: ASCII lower case words joined by ``-``.

    ``"Côte d'Ivoire"`` → ``"cote-d-ivoire"``; ``"Bosnia & Herzegovina"`` →
    ``"bosnia-herzegovina"``; ``"Paweł Janas"`` → ``"pawel-janas"``; ``"Barış Alper Yılmaz"``
    → ``"baris-alper-yilmaz"``; ``"C#"`` → ``"c-number-sign"``. Transliteration is
    ``anyascii``'s (other scripts too: ``"孫興慜"`` → ``"sunxingmin"``). The key may be empty
    (a name of punctuation only).
    """
    ascii_text = _SYMBOLS.sub(_spelt, anyascii(unicodedata.normalize("NFC", name)))
    return _SEPARATORS.sub("-", ascii_text.lower()).strip("-")


def _is_lossless(name: str) -> bool:
    """True when :func:`identity_key` drops or folds only accents, case, spaces, punctuation
    and the letters of the Latin script (``ł``, ``ß``, ``Æ``): any other letter (its
    transliteration is not one-to-one), digit or symbol carries identity the key may lose."""
    for char in unicodedata.normalize("NFKD", name):
        if char.isascii():
            if char.isalnum() or char in _IGNORABLE_ASCII:
                continue
            return False
        if unicodedata.category(char) in _IGNORABLE_CATEGORIES:
            continue
        if char.isalpha() and unicodedata.name(char, "").startswith("LATIN "):
            continue
        return False
    return True


def slug(name: str, *, max_length: int = 80) -> str:
    """A readable, collision-safe IRI path segment for ``name`` (see the module docstring).

    Long keys are cut at ``max_length`` characters and suffixed with a hash of the full name.
    """
    key = identity_key(name)
    if key and _is_lossless(name) and len(key) <= max_length:
        return key
    digest = hashlib.sha256(unicodedata.normalize("NFC", name).encode("utf-8")).hexdigest()[:10]
    key = key[:max_length].strip("-")
    return f"{key}-{digest}" if key else digest


def _res(kind: str, *parts: str) -> str:
    return RES_NS + kind + "/" + "-".join(p for p in parts if p)


def competition_iri(name: str) -> str:
    """``…/competition/fifa-world-cup`` for a competition's name (e.g. ``"FIFA World Cup"``)."""
    return _res("competition", slug(name))


def edition_iri(competition: str, year: int) -> str:
    """``…/tournament/fifa-world-cup-2022``: one edition of a competition (by its start year)."""
    return _res("tournament", slug(competition), str(year))


def team_iri(canonical_name: str, gender: str = "men") -> str:
    """``…/team/argentina`` (men) or ``…/team/argentina-women`` for a resolved national team."""
    if gender not in GENDERS:
        raise ValueError(f"gender must be one of {GENDERS}, got {gender!r}")
    return _res("team", slug(canonical_name), "women" if gender == "women" else "")


def club_iri(canonical_name: str, country: str) -> str:
    """``…/club/england-manchester-united``: a resolved football club, by its canonical (current)
    name and the country whose league system it plays in (Cardiff City: England). A club and a
    national team never share an IRI (``club/`` against ``team/``), and two clubs of one name
    in two countries (Arsenal, Arsenal Tula; CD Nacional, Club Nacional) never collide."""
    return _res("club", f"{slug(country)}-{slug(canonical_name)}")


def season_iri(competition: str, season: str) -> str:
    """``…/season/premier-league-1992-93``: one season of a league or club competition, by the
    competition's name and the season's name (``1978-79``, or ``2019`` for a calendar year)."""
    return _res("season", slug(competition), slug(season))


def tier_iri(country: str, level: int) -> str:
    """``…/tier/england-1``: a level of a country's league system (level 1 is the top
    division, whatever it was called in a season)."""
    if level < 1:
        raise ValueError(f"a league level is at least 1, got {level}")
    return _res("tier", slug(country), str(level))


def standing_iri(season: str, club: str) -> str:
    """A club's line in the league table of one season (IRIs of the two):
    ``…/standing/premier-league-2003-04/england-arsenal``."""
    tail = lambda iri: iri.rsplit("/", 1)[-1]  # noqa: E731
    return RES_NS + f"standing/{tail(season)}/{tail(club)}"


def team_name_iri(team: str, former_name: str, start: str | None) -> str:
    """A former name of a team in one period: ``<team IRI>/name/<slug>-<start date>``."""
    return f"{team}/name/{slug(former_name)}" + (f"-{start}" if start else "")


def player_iri(name: str, disambiguator: str | None = None) -> str:
    """``…/player/lionel-messi``; ``disambiguator`` (a birth date, a team, a source ID) separates
    distinct players who share a name, as decided by entity resolution."""
    return _res("player", slug(name), slug(disambiguator) if disambiguator else "")


def match_iri(date: str, home: str, away: str, sequence: int = 1) -> str:
    """``…/match/2022-12-18-argentina-france`` for the match on ``date`` (ISO) between the
    resolved teams named ``home`` and ``away`` (their canonical names); ``sequence`` > 1 for a
    second meeting of the same teams on the same day (martj42 has Tahiti v New Caledonia twice
    on 1974-02-17)."""
    return _res("match", date, slug(home), slug(away), str(sequence) if sequence > 1 else "")


def goal_iri(match: str, number: int) -> str:
    """The ``number``-th goal (1-based, in time order) of a match: ``<match IRI>/goal/3``."""
    return f"{match}/goal/{number}"


def shootout_iri(match: str) -> str:
    """The penalty shootout of a match: ``<match IRI>/shootout``."""
    return f"{match}/shootout"


def kick_iri(match: str, number: int) -> str:
    """The ``number``-th kick (1-based, in order taken) of a match's shootout."""
    return f"{match}/shootout/kick/{number}"


def squad_iri(edition: str, team: str, player: str) -> str:
    """A player's membership of a team's squad at one tournament edition."""
    tail = lambda iri: iri.rsplit("/", 1)[-1]  # noqa: E731
    return _res("squad", tail(edition), tail(team), tail(player))


def team_squad_iri(edition: str, team: str) -> str:
    """``…/squad/fifa-world-cup-2014/germany``: the squad of a team (IRI) at a tournament edition
    (IRI), a derived resource listing its players (a membership's IRI has one segment after
    ``squad/``, a squad's two, so they never meet)."""
    tail = lambda iri: iri.rsplit("/", 1)[-1]  # noqa: E731
    return RES_NS + f"squad/{tail(edition)}/{tail(team)}"


def manager_iri(name: str, disambiguator: str | None = None) -> str:
    """``…/manager/vittorio-pozzo``: a national-team manager (head coach); ``disambiguator``
    (the source's manager ID) separates distinct managers who share a name."""
    return _res("manager", slug(name), slug(disambiguator) if disambiguator else "")


def manager_appointment_iri(edition: str, team: str, manager: str) -> str:
    """A manager's charge of a team at one tournament edition (IRIs of the three):
    ``…/manager-appointment/fifa-world-cup-1934-italy-vittorio-pozzo``."""
    tail = lambda iri: iri.rsplit("/", 1)[-1]  # noqa: E731
    return _res("manager-appointment", tail(edition), tail(team), tail(manager))


def head_to_head_iri(team_1: str, team_2: str, competition: str | None = None) -> str:
    """``…/head-to-head/argentina/england``: the head-to-head record of two teams (their IRIs, in
    the record's order: ``team_1`` is the one whose IRI sorts first) over every competition;
    with ``competition`` (its IRI), their record in that competition only:
    ``…/head-to-head/argentina/england/fifa-world-cup``."""
    tail = lambda iri: iri.rsplit("/", 1)[-1]  # noqa: E731
    scope = f"/{tail(competition)}" if competition else ""
    return RES_NS + f"head-to-head/{tail(team_1)}/{tail(team_2)}{scope}"


def goal_tally_iri(scope: str, player: str) -> str:
    """``…/goal-tally/competition/fifa-world-cup/miroslav-klose``: a player's goals in one
    competition or tournament edition (``scope``, a footkg resource IRI)."""
    if not scope.startswith(RES_NS):
        raise ValueError(f"not a footkg resource IRI: {scope!r}")
    return RES_NS + f"goal-tally/{scope[len(RES_NS) :]}/{player.rsplit('/', 1)[-1]}"


def _tail(iri: str) -> str:
    return iri.rsplit("/", 1)[-1]


def appearance_iri(match: str, player: str) -> str:
    """A player's appearance in a match (IRIs of the two): ``<match IRI>/appearance/<player>``."""
    return f"{match}/appearance/{_tail(player)}"


def substitution_iri(match: str, number: int) -> str:
    """The ``number``-th substitution (1-based, in time order) of a match: one team's change of
    players at one minute, ``<match IRI>/substitution/2``."""
    return f"{match}/substitution/{number}"


def booking_iri(match: str, number: int) -> str:
    """The ``number``-th booking (1-based, in time order) of a match: ``<match IRI>/booking/3``."""
    return f"{match}/booking/{number}"


def referee_iri(name: str, disambiguator: str | None = None) -> str:
    """``…/referee/gottfried-dienst``: a match official; ``disambiguator`` (the source's referee
    ID) separates referees who share a name."""
    return _res("referee", slug(name), slug(disambiguator) if disambiguator else "")


def referee_appointment_iri(edition: str, referee: str) -> str:
    """A referee's appointment to a tournament edition (IRIs of the two):
    ``…/referee-appointment/fifa-world-cup-1966-gottfried-dienst``."""
    return _res("referee-appointment", _tail(edition), _tail(referee))


def confederation_iri(code: str) -> str:
    """``…/confederation/uefa``: a continental confederation, by its code."""
    return _res("confederation", slug(code))


def award_iri(name: str) -> str:
    """``…/award/golden-ball``: a World Cup award, by its name."""
    return _res("award", slug(name))


def award_win_iri(edition: str, award: str, player: str) -> str:
    """A player's win of an award at an edition (IRIs of the three):
    ``…/award-win/fifa-world-cup-2014-golden-ball-lionel-messi``."""
    return _res("award-win", _tail(edition), _tail(award), _tail(player))


def group_standing_iri(edition: str, stage: str, team: str, *, derived: bool = False) -> str:
    """A team's line in a group table of one stage (a :data:`STAGES` key) of an edition, as a
    source states it or, with ``derived``, as footkg derives it from the group's matches:
    ``…/group-standing/fifa-world-cup-1982/group-stage/algeria[/derived]``."""
    iri = RES_NS + f"group-standing/{_tail(edition)}/{slug(stage)}/{_tail(team)}"
    return iri + "/derived" if derived else iri


def tournament_standing_iri(edition: str, team: str) -> str:
    """A team's final place at an edition: ``…/tournament-standing/fifa-world-cup-1966-england``."""
    return _res("tournament-standing", _tail(edition), _tail(team))


def qualified_team_iri(edition: str, team: str) -> str:
    """A team's place in an edition's final tournament:
    ``…/qualified-team/fifa-world-cup-1982-algeria``."""
    return _res("qualified-team", _tail(edition), _tail(team))


def tournament_stage_iri(edition: str, stage: str) -> str:
    """One stage (a :data:`STAGES` key) as played at an edition: ``<edition IRI>/stage/final``."""
    return f"{edition}/stage/{slug(stage)}"


def appearance_tally_iri(scope: str, player: str) -> str:
    """``…/appearance-tally/competition/fifa-world-cup/lionel-messi``: a player's appearances in
    one competition (``scope``, a footkg resource IRI)."""
    if not scope.startswith(RES_NS):
        raise ValueError(f"not a footkg resource IRI: {scope!r}")
    return RES_NS + f"appearance-tally/{scope[len(RES_NS) :]}/{_tail(player)}"


def stadium_iri(name: str, city: str | None = None) -> str:
    """``…/stadium/estadio-azteca``; ``city`` separates stadiums that share a name."""
    return _res("stadium", slug(name), slug(city) if city else "")


def city_iri(name: str, country: str | None = None) -> str:
    """``…/city/montevideo-uruguay``: a city, qualified by its country's name where known."""
    return _res("city", slug(name), slug(country) if country else "")


def country_iri(name: str) -> str:
    """``…/country/uruguay``: a country or football nation (England, Scotland) as a place."""
    return _res("country", slug(name))


def conflict_iri(subject: str, prop: str, other_source: str, detail: str = "") -> str:
    """A recorded disagreement between two sources on one property of one resource;
    ``detail`` separates several disagreements on the same property (the goal minutes of
    each team of a match)."""
    key = f"{subject}|{prop}|{other_source}|{detail}"
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    return _res("conflict", digest)


def article_iri(sha256: str) -> str:
    """``…/resource/article/<first 16 hex digits of the SHA-256 of the report's text>``: the
    same report text always gets the same IRI, so ingesting it twice changes nothing."""
    return RES_NS + "article/" + sha256[:16]


def article_graph_iri(sha256: str) -> str:
    """``…/graph/article-<first 16 hex digits>``: the named graph of one match report."""
    return GRAPH_NS + "article-" + sha256[:16]


def report_match_iri(sha256: str, number: int) -> str:
    """``…/resource/article/<16 hex>/match/<n>``: the ``number``-th match (0 the main match,
    then the others in text order) of a report when the graph has no fixture for it."""
    return f"{article_iri(sha256)}/match/{number}"


def report_goal_iri(sha256: str, number: int) -> str:
    """``…/resource/article/<16 hex>/goal/<n>``: the ``number``-th goal (1-based, in the
    report's order) a report tells that no goal of the fixture data is aligned with."""
    return f"{article_iri(sha256)}/goal/{number}"


def report_statement_iri(sha256: str, subject: str, predicate: str, value: str) -> str:
    """``…/resource/article/<16 hex>/statement/<16 hex>``: one fact a report states (its
    subject, predicate and value in N-Triples form, hashed): the same fact stated twice by
    one report is one statement."""
    key = f"{subject}|{predicate}|{value}"
    return f"{article_iri(sha256)}/statement/{hashlib.sha256(key.encode()).hexdigest()[:16]}"


def evidence_iri(sha256: str, start: int, end: int, rule: str) -> str:
    """``…/resource/article/<16 hex>/evidence/<start>-<end>-<8 hex>``: the annotation of the
    sentence at characters ``[start, end)`` read by ``rule`` (the statements it supports
    share it)."""
    digest = hashlib.sha256(rule.encode()).hexdigest()[:8]
    return f"{article_iri(sha256)}/evidence/{start}-{end}-{digest}"


def graph_iri(name: str) -> str:
    """``…/graph/fjelstul-worldcup``: the named graph of a source, an article or a build step."""
    return GRAPH_NS + slug(name)


#: The metadata graph: where each named graph came from (see :mod:`footkg.ingest.provenance`).
METADATA_GRAPH = graph_iri("metadata")
#: The named graph holding the ontology (``ontology/footkg.ttl``) in every store.
ONTOLOGY_GRAPH = graph_iri("ontology")
#: The footkg dataset as a whole (``void:Dataset``; each named graph is a ``void:subset``).
DATASET_IRI = BASE + "dataset"


# --- the rdflib objects, made on first use (PEP 562) ------------------------------------------

_NAMESPACES = {
    "SCHEMA": SCHEMA_NS, "WD": WD_NS, "WDT": WDT_NS, "DBO": DBO_NS, "DBR": DBR_NS,
    "BBCSPORT": BBCSPORT_NS, "PROV": PROV_NS, "DCTERMS": DCTERMS_NS, "VOID": VOID_NS,
}  # fmt: skip

if TYPE_CHECKING:
    FK: Any
    STAGES: dict[str, URIRef]
    MATCH_STATUSES: dict[str, URIRef]
    CARDS: dict[str, URIRef]
    PERIODS: dict[str, URIRef]
    SCHEMA: Namespace
    WD: Namespace
    WDT: Namespace
    DBO: Namespace
    DBR: Namespace
    BBCSPORT: Namespace
    PROV: Namespace
    DCTERMS: Namespace
    VOID: Namespace


def __getattr__(name: str) -> Any:
    """``FK``, ``STAGES``, ``MATCH_STATUSES``, ``CARDS``, ``PERIODS`` and the
    :class:`rdflib.Namespace` objects
    (``SCHEMA``, ``WD``…), made once on first use, so that importing this module does not
    import rdflib."""
    if name == "FK":
        value: Any = _make_fk()
    elif name == "STAGES":
        fk = globals().get("FK") or __getattr__("FK")
        value = {key: getattr(fk, term) for key, term in zip(STAGE_KEYS, _STAGE_TERMS, strict=True)}
    elif name == "MATCH_STATUSES":
        fk = globals().get("FK") or __getattr__("FK")
        pairs = zip(MATCH_STATUS_KEYS, _STATUS_TERMS, strict=True)
        value = {key: getattr(fk, term) for key, term in pairs}
    elif name in ("CARDS", "PERIODS"):
        fk = globals().get("FK") or __getattr__("FK")
        keys, terms = (CARD_KEYS, _CARD_TERMS) if name == "CARDS" else (PERIOD_KEYS, _PERIOD_TERMS)
        value = {key: getattr(fk, term) for key, term in zip(keys, terms, strict=True)}
    elif name in _NAMESPACES:
        from rdflib import Namespace

        value = Namespace(_NAMESPACES[name])
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value
