"""RDF mapping: resolved records → quads (pyoxigraph terms), one function per record type.

Each fact goes into the named graph of the source that stated it (see ``docs/graph-model.md``);
derived facts (winners, champions, league tables) into ``graph/derived``, the identity layer
(teams, clubs, countries, cities, league tiers) into ``graph/resolution``, source
disagreements into ``graph/conflicts``, the official champions into the graph of footkg's
official list (``graph/club-champions``). Literals are typed as the
shapes expect: ``xsd:integer`` for counts and minutes, ``xsd:date``, ``xsd:boolean``, plain
strings for names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from urllib.parse import quote

import pyoxigraph as ox

from footkg import vocab
from footkg.ingest.derive import (
    DERIVED_GRAPH,
    AppearanceTally,
    Derived,
    DerivedStanding,
    GoalTally,
    HeadToHead,
    Squad,
)
from footkg.ingest.integrate import (
    Conflict,
    Integrated,
    RAppearance,
    RAppointment,
    RAward,
    RAwardWin,
    RBooking,
    RClub,
    RConfederation,
    REdition,
    RGoal,
    RGroupStanding,
    RManager,
    RMatch,
    ROfficial,
    RPlacing,
    RPlayer,
    RReferee,
    RSquad,
    RStadium,
    RStage,
    RSubstitution,
    RTeam,
)
from footkg.ingest.tables import Standing
from footkg.vocab import FK, SCHEMA

RESOLUTION_GRAPH = vocab.graph_iri("resolution")
CONFLICTS_GRAPH = vocab.graph_iri("conflicts")

_XSD = "http://www.w3.org/2001/XMLSchema#"
_RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
_RDFS_LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
_RDFS_COMMENT = "http://www.w3.org/2000/01/rdf-schema#comment"
_SKOS_ALT = "http://www.w3.org/2004/02/skos/core#altLabel"
_SKOS_NOTATION = "http://www.w3.org/2004/02/skos/core#notation"

# Characters N-Quads does not allow raw inside <…> (RDF 1.1 N-Quads IRIREF; RFC 3987 ucschar):
# ASCII controls, space and <>"{}|^`\\, C1 controls, surrogates, private use, non-characters,
# Unicode spaces (valid, but rdflib's N-Triples parser splits on them);
# and a "%" that does not start a percent-encoded octet (parsers reject "%zz").
_IRI_SUSPECT = re.compile(
    r'[\s\x00-\x20<>"{}|^`\\\x7f-\x9f%\ud800-\uf8ff\ufdd0-\ufdef\ufff0-\uffff]'
    r"|[\U000f0000-\U0010ffff]"
)
_HEX = frozenset("0123456789abcdefABCDEF")
_LITERAL_ESCAPES = str.maketrans({"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r"})


def _iri_char_ok(char: str) -> bool:
    code = ord(char)
    if code < 0x80:
        return 0x20 < code < 0x7F and char not in '<>"{}|^`\\'
    if code < 0xA0 or 0xD800 <= code <= 0xF8FF or 0xFDD0 <= code <= 0xFDEF or char.isspace():
        return False  # Unicode spaces are allowed in IRIs but rdflib's parsers split on them
    return (code & 0xFFFF) < 0xFFFE and code < 0xF0000


def _encode(char: str) -> str:
    return "".join(f"%{b:02X}" for b in char.encode("utf-8", "surrogatepass"))


def _escape_iri(iri: str) -> str:
    out = []
    for i, char in enumerate(iri):
        if char == "%":
            ok = len(iri) > i + 2 and iri[i + 1] in _HEX and iri[i + 2] in _HEX
            out.append("%" if ok else "%25")
        else:
            out.append(char if _iri_char_ok(char) else _encode(char))
    return "".join(out)


def _iri_ref(iri: str) -> str:
    """``<iri>`` for N-Quads. IRIs footkg mints are safe as they are; one from a source (a
    Wikipedia address) with characters N-Quads or rdflib reject, or a stray ``%``, is
    percent-encoded (UTF-8) where needed, and as a last resort fully (an ASCII URI)."""
    if _IRI_SUSPECT.search(iri):
        iri = _escape_iri(iri)
    try:
        ox.NamedNode(iri)
    except ValueError:  # e.g. "[" in a path: valid only in a host
        iri = quote(iri, safe=":/?#@!$&'()*+,;=-._~%")
        try:
            ox.NamedNode(iri)
        except ValueError:
            iri = quote(iri, safe=":/%")
    return f"<{iri}>"


class _Terms:
    """``fk:`` terms as plain strings, each looked up once: attribute access on the
    ``DefinedNamespace`` :class:`footkg.vocab.FK` checks the name on every call (15 % of the
    mapping time on the full data). ``_FK.homeTeam`` and ``_FK["homeTeam"]`` both work."""

    def __getattr__(self, name: str) -> str:
        if name.startswith("__"):
            raise AttributeError(name)
        value = str(getattr(FK, name))
        setattr(self, name, value)
        return value

    def __getitem__(self, name: str) -> str:
        return getattr(self, name)


_FK = _Terms()


class Iri(str):
    """Marks a ``str`` value as an IRI (an object node) rather than a plain literal."""

    __slots__ = ()


class QuadSink:
    """Collects quads as N-Quads lines, grouped by named graph, which pyoxigraph bulk-loads and
    parses in Rust.

    ``add(subject, predicate, value, graph)`` takes IRIs as ``str`` and converts Python values:
    ``bool`` → ``xsd:boolean``, ``int`` → ``xsd:integer``, ``date`` → ``xsd:date``,
    :class:`Iri` → an IRI node, other ``str`` → a plain (``xsd:string``) literal,
    :class:`pyoxigraph.Literal` / :class:`pyoxigraph.NamedNode` as they are; ``None`` adds
    nothing. Every IRI is checked once and cached (teams and predicates recur a lot). Lines are
    kept per graph so that the document groups each graph's quads (TriG written from it has
    one block per graph).
    """

    def __init__(self) -> None:
        self.graphs: dict[str, list[str]] = {}
        self._refs: dict[str, str] = {}

    def __len__(self) -> int:
        return sum(len(lines) for lines in self.graphs.values())

    def ref(self, iri: str) -> str:
        """The N-Quads form ``<…>`` of ``iri`` (cached)."""
        found = self._refs.get(iri)
        if found is None:
            found = self._refs[iri] = _iri_ref(iri)
        return found

    def _lines(self, graph: str) -> list[str]:
        lines = self.graphs.get(graph)
        if lines is None:
            lines = self.graphs[graph] = []
        return lines

    def add(self, subject: str, predicate: str, value: object, graph: str) -> None:
        """Add one quad (see the class docstring for value conversion)."""
        if value is None:
            return
        refs = self._refs
        try:  # the common case: every IRI seen before (a dict lookup, no method call)
            line = f"{refs[subject]} {refs[predicate]} {self._term(value)} {refs[graph]} .\n"
        except KeyError:
            ref = self.ref
            line = f"{ref(subject)} {ref(predicate)} {self._term(value)} {ref(graph)} .\n"
        lines = self.graphs.get(graph)
        if lines is None:
            lines = self._lines(graph)
        lines.append(line)

    def add_iri(self, subject: str, predicate: str, iri: str | None, graph: str) -> None:
        """Add a quad whose object is the IRI ``iri`` (nothing when ``None``)."""
        if iri is None:
            return
        refs = self._refs
        try:
            line = f"{refs[subject]} {refs[predicate]} {refs[iri]} {refs[graph]} .\n"
        except KeyError:
            ref = self.ref
            line = f"{ref(subject)} {ref(predicate)} {ref(iri)} {ref(graph)} .\n"
        lines = self.graphs.get(graph)
        if lines is None:
            lines = self._lines(graph)
        lines.append(line)

    def _term(self, value: object) -> str:
        if isinstance(value, Iri):
            return self.ref(value)
        if isinstance(value, str):
            return f'"{value.translate(_LITERAL_ESCAPES)}"'
        if isinstance(value, bool):
            return _TRUE if value else _FALSE
        if isinstance(value, int):
            return f'"{value}"^^<{_XSD}integer>'
        if isinstance(value, date):
            return f'"{value.isoformat()}"^^<{_XSD}date>'
        if isinstance(value, ox.Literal | ox.NamedNode):
            return str(value)
        raise TypeError(f"cannot map {type(value).__name__} value {value!r} to an RDF term")

    def chunks(self, lines_per_chunk: int = 20_000) -> Iterator[bytes]:
        """The N-Quads document (UTF-8) in chunks of at most ``lines_per_chunk`` lines, graph
        by graph, so that it can be streamed to a file without one large string."""
        for lines in self.graphs.values():
            for start in range(0, len(lines), lines_per_chunk):
                yield "".join(lines[start : start + lines_per_chunk]).encode("utf-8")

    def to_nquads(self) -> bytes:
        """All quads as an N-Quads document (UTF-8)."""
        return b"".join(self.chunks())

    def quads(self) -> list[ox.Quad]:
        """The quads parsed back into pyoxigraph terms (for tests and small graphs)."""
        return list(ox.parse(self.to_nquads(), format=ox.RdfFormat.N_QUADS))


_TRUE = f'"true"^^<{_XSD}boolean>'
_FALSE = f'"false"^^<{_XSD}boolean>'
_DOUBLE = ox.NamedNode(_XSD + "double")


def map_team(sink: QuadSink, t: RTeam) -> None:
    """A national team: label, gender, codes, aliases, country, Wikipedia page."""
    g = RESOLUTION_GRAPH
    sink.add_iri(t.iri, _RDF_TYPE, _FK.NationalTeam, g)
    sink.add(t.iri, _RDFS_LABEL, t.label, g)
    sink.add(t.iri, _FK.gender, t.gender, g)
    sink.add_iri(t.iri, _FK.representsCountry, t.country_iri, g)
    sink.add(t.iri, _FK.confederation, t.confederation, g)
    sink.add_iri(t.iri, _FK.memberOfConfederation, t.confederation_iri, g)
    if t.wikipedia:
        sink.add_iri(t.iri, _FK.wikipediaPage, t.wikipedia, g)
    for code in sorted(t.codes):
        sink.add(t.iri, _FK.teamCode, code, g)
    for alias in sorted(t.alt_labels):
        sink.add(t.iri, _SKOS_ALT, alias, g)
    for name, start, end in t.former_names:
        node = vocab.team_name_iri(t.iri, name, start.isoformat() if start else None)
        sink.add_iri(t.iri, _FK.formerName, node, g)
        sink.add_iri(node, _RDF_TYPE, _FK.TeamName, g)
        sink.add(node, _FK.name, name, g)
        sink.add(node, _FK.startDate, start, g)
        sink.add(node, _FK.endDate, end, g)


def map_club(sink: QuadSink, c: RClub) -> None:
    """A club: ``fk:Club``, label (its current name), every other name (``skos:altLabel``:
    short names, aliases, former names, the names sources write), former names with their
    periods (``fk:TeamName``), its country and city."""
    g = RESOLUTION_GRAPH
    sink.add_iri(c.iri, _RDF_TYPE, _FK.Club, g)
    sink.add(c.iri, _RDFS_LABEL, c.label, g)
    sink.add(c.iri, _FK.gender, "men", g)
    sink.add_iri(c.iri, _FK.country, c.country_iri, g)
    sink.add_iri(c.iri, _FK.city, c.city_iri, g)
    for alias in sorted(c.alt_labels):
        sink.add(c.iri, _SKOS_ALT, alias, g)
    for name, start, end in c.former_names:
        node = vocab.team_name_iri(c.iri, name, start.isoformat() if start else None)
        sink.add_iri(c.iri, _FK.formerName, node, g)
        sink.add_iri(node, _RDF_TYPE, _FK.TeamName, g)
        sink.add(node, _FK.name, name, g)
        sink.add(node, _FK.startDate, start, g)
        sink.add(node, _FK.endDate, end, g)


def map_tiers(sink: QuadSink, data: Integrated) -> None:
    """The levels of the countries' league systems (``fk:LeagueTier``: label, country,
    level)."""
    g = RESOLUTION_GRAPH
    for iri, (label, country, level) in data.tiers.items():
        sink.add_iri(iri, _RDF_TYPE, _FK.LeagueTier, g)
        sink.add(iri, _RDFS_LABEL, label, g)
        sink.add_iri(iri, _FK.country, country, g)
        sink.add(iri, _FK.level, level, g)


def map_places(sink: QuadSink, data: Integrated) -> None:
    """Countries and cities (the identity layer)."""
    g = RESOLUTION_GRAPH
    for iri, label in data.countries.items():
        sink.add_iri(iri, _RDF_TYPE, _FK.Country, g)
        sink.add(iri, _RDFS_LABEL, label, g)
    for iri, (label, country) in data.cities.items():
        sink.add_iri(iri, _RDF_TYPE, _FK.City, g)
        sink.add(iri, _RDFS_LABEL, label, g)
        sink.add_iri(iri, _FK.country, country, g)


def map_competitions(sink: QuadSink, data: Integrated) -> None:
    """Competitions (series such as the FIFA World Cup, or martj42's tournament names); a
    league is typed ``fk:League`` as well; other names of a competition are
    ``skos:altLabel``."""
    g = RESOLUTION_GRAPH
    for iri, (label, gender) in data.competitions.items():
        sink.add_iri(iri, _RDF_TYPE, _FK.Competition, g)
        if data.competition_kinds.get(iri) == "league":
            sink.add_iri(iri, _RDF_TYPE, _FK.League, g)
        sink.add(iri, _RDFS_LABEL, label, g)
        sink.add(iri, _FK.gender, gender, g)
        for alias in sorted(data.competition_aliases.get(iri, ())):
            sink.add(iri, _SKOS_ALT, alias, g)


def map_edition(sink: QuadSink, e: REdition) -> None:
    """A tournament edition with its hosts (champion and runner-up are derived facts); a
    season of a club competition is typed ``fk:Season`` as well, with its name, tier and the
    rules of its table."""
    g = e.graph
    sink.add_iri(e.iri, _RDF_TYPE, _FK.TournamentEdition, g)
    if e.season is not None:
        sink.add_iri(e.iri, _RDF_TYPE, _FK.Season, g)
        sink.add(e.iri, _FK.seasonName, e.season, g)
        sink.add_iri(e.iri, _FK.tier, e.tier_iri, g)
        sink.add(e.iri, _FK.winPoints, e.win_points, g)
        sink.add(e.iri, _FK.tiebreak, e.tiebreak, g)
    sink.add(e.iri, _RDFS_LABEL, e.label, g)
    sink.add_iri(e.iri, _FK.competition, e.competition_iri, g)
    sink.add(e.iri, _FK.year, e.year, g)
    sink.add(e.iri, _FK.startDate, e.start_date, g)
    sink.add(e.iri, _FK.endDate, e.end_date, g)
    sink.add(e.iri, _FK.numberOfTeams, e.number_of_teams, g)
    for host in e.host_country_iris:
        sink.add_iri(e.iri, _FK.hostCountry, host, g)


def map_match(sink: QuadSink, m: RMatch) -> None:
    """A match, its penalty shootout (kicks are never goals) and its goals."""
    g = m.graph
    s = m.iri
    sink.add_iri(s, _RDF_TYPE, _FK.Match, g)
    sink.add_iri(s, _FK.homeTeam, m.home_iri, g)
    sink.add_iri(s, _FK.awayTeam, m.away_iri, g)
    sink.add(s, _FK.homeTeamName, m.home_name, g)
    sink.add(s, _FK.awayTeamName, m.away_name, g)
    sink.add(s, _FK.date, m.date, g)
    sink.add(s, _FK.homeScore, m.home_score, g)
    sink.add(s, _FK.awayScore, m.away_score, g)
    sink.add(s, _FK.extraTime, m.extra_time, g)
    sink.add(s, _FK.neutralVenue, m.neutral, g)
    sink.add_iri(s, _FK.competition, m.competition_iri, g)
    sink.add_iri(s, _FK.edition, m.edition_iri, g)
    sink.add_iri(s, _FK.stage, vocab.STAGES[m.stage] if m.stage else None, g)
    sink.add(s, _FK.group, m.group, g)
    sink.add_iri(s, _FK.venue, m.stadium_iri, g)
    sink.add_iri(s, _FK.city, m.city_iri, g)
    sink.add_iri(s, _FK.country, m.country_iri, g)
    sink.add_iri(s, _FK.replayOf, m.replay_of, g)
    sink.add(s, _FK.matchNumber, m.match_number, g)
    if m.walkover_winner_iri:
        sink.add(s, _FK.walkover, True, g)
    if m.status:
        sink.add_iri(s, _FK.status, vocab.MATCH_STATUSES[m.status], g)
    if m.awarded and not any(prop == "awarded" for prop, _, _ in m.extra):
        sink.add(s, _FK.awarded, True, g)  # else the source that says so states it
    sink.add(s, _FK.matchday, m.matchday, g)
    sink.add(s, _FK.round, m.round, g)
    sink.add_iri(s, _FK.firstLeg, m.first_leg_iri, g)
    for identifier in m.identifiers:
        graph = vocab.graph_iri(identifier.split(":", 1)[0])
        sink.add(s, str(vocab.DCTERMS.identifier), identifier, graph)
    for prop, value, graph in m.extra:
        if prop == "stage":
            sink.add_iri(s, _FK.stage, vocab.STAGES[str(value)], graph)
        elif prop in ("city", "country", "venue", "edition"):
            sink.add_iri(s, _FK[prop], str(value), graph)
        else:
            sink.add(s, _FK[prop], value, graph)
    if m.shootout:
        _map_shootout(sink, m)
    for goal in m.goals:
        map_goal(sink, goal)
    map_match_details(sink, m)


def _map_shootout(sink: QuadSink, m: RMatch) -> None:
    so = m.shootout
    assert so is not None
    g = m.graph
    sink.add_iri(m.iri, _FK.penaltyShootout, so.iri, g)
    sink.add_iri(so.iri, _RDF_TYPE, _FK.PenaltyShootout, g)
    sink.add(so.iri, _FK.homePenalties, so.home, so.scores_graph or g)
    sink.add(so.iri, _FK.awayPenalties, so.away, so.scores_graph or g)
    sink.add_iri(so.iri, _FK.winner, so.winner_iri, g)
    sink.add_iri(so.iri, _FK.firstShooter, so.first_shooter_iri, g)
    for kick in so.kicks:
        sink.add_iri(so.iri, _FK.kick, kick.iri, g)
        sink.add_iri(kick.iri, _RDF_TYPE, _FK.ShootoutKick, g)
        sink.add_iri(kick.iri, _FK.team, kick.team_iri, g)
        sink.add_iri(kick.iri, _FK.taker, kick.taker_iri, g)
        sink.add(kick.iri, _FK.converted, kick.converted, g)
        sink.add(kick.iri, _FK.kickNumber, kick.number, g)


def map_goal(sink: QuadSink, goal: RGoal) -> None:
    """A goal: match, team credited, scorer, minute and stoppage minutes, flags."""
    g = goal.graph
    s = goal.iri
    sink.add_iri(s, _RDF_TYPE, _FK.Goal, g)
    sink.add_iri(s, _FK.match, goal.match_iri, g)
    sink.add_iri(s, _FK.team, goal.team_iri, g)
    sink.add_iri(s, _FK.scorer, goal.scorer_iri, g)
    sink.add(s, _FK.scorerName, goal.scorer_name, g)
    sink.add(s, _FK.minute, goal.minute, g)
    sink.add(s, _FK.stoppageMinute, goal.stoppage, g)
    sink.add(s, _FK.ownGoal, goal.own_goal, g)
    sink.add(s, _FK.penalty, goal.penalty, g)
    sink.add(s, str(vocab.DCTERMS.identifier), goal.identifier, g)


def map_player(sink: QuadSink, p: RPlayer) -> None:
    """A player: label, given and family names (never a placeholder), birth date."""
    g = p.graph
    sink.add_iri(p.iri, _RDF_TYPE, _FK.Player, g)
    sink.add(p.iri, _RDFS_LABEL, p.label, g)
    sink.add(p.iri, str(SCHEMA.givenName), p.given_name, g)
    sink.add(p.iri, str(SCHEMA.familyName), p.family_name, g)
    sink.add(p.iri, _FK.birthDate, p.birth_date, g)
    sink.add(p.iri, _FK.gender, p.gender, g)
    if p.wikipedia:
        sink.add_iri(p.iri, _FK.wikipediaPage, p.wikipedia, g)


def map_squad(sink: QuadSink, s: RSquad) -> None:
    """A squad membership (player, team, edition, shirt number, position)."""
    g = s.graph
    sink.add_iri(s.iri, _RDF_TYPE, _FK.SquadMembership, g)
    sink.add_iri(s.iri, _FK.player, s.player_iri, g)
    sink.add_iri(s.iri, _FK.team, s.team_iri, g)
    sink.add_iri(s.iri, _FK.edition, s.edition_iri, g)
    sink.add(s.iri, _FK.shirtNumber, s.shirt_number, g)
    sink.add(s.iri, _FK.position, s.position, g)


def map_manager(sink: QuadSink, m: RManager) -> None:
    """A national-team manager: ``fk:Manager`` (⊑ ``schema:Person``), ``rdfs:label``
    ``"Given Family"``, ``schema:givenName`` / ``schema:familyName`` (never a placeholder),
    and ``fk:nationality`` (a ``fk:Country``). Facts: Fjelstul's ``manager_appointments.csv``."""
    g = m.graph
    sink.add_iri(m.iri, _RDF_TYPE, _FK.Manager, g)
    sink.add(m.iri, _RDFS_LABEL, m.label, g)
    sink.add(m.iri, str(SCHEMA.givenName), m.given_name, g)
    sink.add(m.iri, str(SCHEMA.familyName), m.family_name, g)
    sink.add_iri(m.iri, _FK.nationality, m.country_iri, g)


def map_manager_appointment(sink: QuadSink, a: RAppointment) -> None:
    """A manager appointment (``fk:ManagerAppointment``): the manager (``fk:manager``) in
    charge of a team (``fk:team``) at one edition (``fk:edition``), one IRI each."""
    g = a.graph
    sink.add_iri(a.iri, _RDF_TYPE, _FK.ManagerAppointment, g)
    sink.add_iri(a.iri, _FK.manager, a.manager_iri, g)
    sink.add_iri(a.iri, _FK.team, a.team_iri, g)
    sink.add_iri(a.iri, _FK.edition, a.edition_iri, g)


def map_stadium(sink: QuadSink, s: RStadium) -> None:
    """A stadium with its city, capacity (seats) and links."""
    g = s.graph
    sink.add_iri(s.iri, _RDF_TYPE, _FK.Stadium, g)
    sink.add(s.iri, _RDFS_LABEL, s.label, g)
    sink.add_iri(s.iri, _FK.city, s.city_iri, g)
    sink.add(s.iri, _FK.capacity, s.capacity, g)
    if s.wikipedia:
        sink.add_iri(s.iri, _FK.wikipediaPage, s.wikipedia, g)


def _value_term(value: object) -> object:
    if isinstance(value, str) and value.startswith(vocab.BASE):
        return Iri(value)
    return value


def map_conflict(sink: QuadSink, c: Conflict) -> None:
    """A disagreement between two sources, with both values and their graphs."""
    g = CONFLICTS_GRAPH
    iri = vocab.conflict_iri(c.subject, c.prop, c.other_graph, c.comment)
    sink.add_iri(iri, _RDF_TYPE, _FK.SourceConflict, g)
    sink.add_iri(iri, _FK.conflictSubject, c.subject, g)
    sink.add_iri(iri, _FK.conflictProperty, _FK[c.prop], g)
    sink.add(iri, _FK.keptValue, _value_term(c.kept_value), g)
    sink.add_iri(iri, _FK.keptSource, c.kept_graph, g)
    sink.add(iri, _FK.otherValue, _value_term(c.other_value), g)
    sink.add_iri(iri, _FK.otherSource, c.other_graph, g)
    sink.add(iri, _RDFS_COMMENT, c.comment, g)


def map_head_to_head(sink: QuadSink, r: HeadToHead) -> None:
    """A head-to-head record: ``fk:HeadToHead`` over every competition, or
    ``fk:CompetitionHeadToHead`` with its ``fk:meetingsIn``; the two teams, counts (integers),
    first and last meeting (dates), rivalry score (``xsd:double``), ranks and (over every
    competition) the matches counted (``fk:meeting``)."""
    g, s = DERIVED_GRAPH, r.iri
    if r.competition is None:
        sink.add_iri(s, _RDF_TYPE, _FK.HeadToHead, g)
    else:
        sink.add_iri(s, _RDF_TYPE, _FK.CompetitionHeadToHead, g)
        sink.add_iri(s, _FK.meetingsIn, r.competition, g)
    sink.add_iri(s, _FK.team1, r.team1, g)
    sink.add_iri(s, _FK.team2, r.team2, g)
    for prop, value in (
        (_FK.played, r.played),
        (_FK.team1Wins, r.team1_wins),
        (_FK.draws, r.draws),
        (_FK.team2Wins, r.team2_wins),
        (_FK.team1ShootoutWins, r.team1_shootout_wins),
        (_FK.team2ShootoutWins, r.team2_shootout_wins),
        (_FK.team1Goals, r.team1_goals),
        (_FK.team2Goals, r.team2_goals),
        (_FK.goalMargins, r.goal_margins),
        (_FK.knockoutMatches, r.knockout),
        (_FK.finals, r.finals),
        (_FK.firstMeeting, r.first),
        (_FK.lastMeeting, r.last),
        (_FK.meetingsRank, r.meetings_rank),
        (_FK.rivalryRank, r.rivalry_rank),
    ):
        sink.add(s, prop, value, g)
    sink.add(s, _FK.rivalryScore, ox.Literal(repr(r.score), datatype=_DOUBLE), g)
    for match in r.matches:
        sink.add_iri(s, _FK.meeting, match, g)


def map_goal_tally(sink: QuadSink, t: GoalTally) -> None:
    """A goal tally: the player, the competition or edition, goals, teams scored for, rank."""
    g, s = DERIVED_GRAPH, t.iri
    sink.add_iri(s, _RDF_TYPE, _FK.GoalTally, g)
    sink.add_iri(s, _FK.player, t.player, g)
    sink.add_iri(s, _FK.goalsIn, t.scope, g)
    sink.add(s, _FK.goals, t.goals, g)
    for team in sorted(t.teams):
        sink.add_iri(s, _FK.scoredFor, team, g)
    sink.add(s, _FK.goalsRank, t.rank, g)


def map_standing(sink: QuadSink, s: Standing) -> None:
    """A club's line in a league table (``fk:LeagueStanding``): season, club, position, the
    counts, points, goal difference, goal average where goals were conceded, promoted or
    relegated where the data shows it."""
    g, iri = DERIVED_GRAPH, s.iri
    sink.add_iri(iri, _RDF_TYPE, _FK.LeagueStanding, g)
    sink.add_iri(iri, _FK.season, s.season, g)
    sink.add_iri(iri, _FK.team, s.club, g)
    for prop, value in (
        (_FK.leaguePosition, s.position),
        (_FK.played, s.played),
        (_FK.wins, s.wins),
        (_FK.draws, s.draws),
        (_FK.losses, s.losses),
        (_FK.goalsFor, s.goals_for),
        (_FK.goalsAgainst, s.goals_against),
        (_FK.goalDifference, s.goal_difference),
        (_FK.points, s.points),
    ):
        sink.add(iri, prop, value, g)
    if s.goal_average is not None:
        sink.add(iri, _FK.goalAverage, ox.Literal(repr(s.goal_average), datatype=_DOUBLE), g)
    if s.promoted:
        sink.add(iri, _FK.promoted, True, g)
    if s.relegated:
        sink.add(iri, _FK.relegated, True, g)


def map_official(sink: QuadSink, o: ROfficial) -> None:
    """An official champion of a season (``fk:officialChampion``), with the note and the
    source in the official list's graph (a season without a declared champion has none)."""
    sink.add_iri(o.edition_iri, _FK.officialChampion, o.champion_iri, o.graph)
    if o.note:
        sink.add(o.edition_iri, _RDFS_COMMENT, o.note, o.graph)
    sink.add(o.edition_iri, str(vocab.DCTERMS.source), o.source, o.graph)


def map_squad_record(sink: QuadSink, squad: Squad) -> None:
    """A team's squad at a tournament edition (``fk:Squad``): team, edition, its players
    (``fk:member``)."""
    g, s = DERIVED_GRAPH, squad.iri
    sink.add_iri(s, _RDF_TYPE, _FK.Squad, g)
    sink.add_iri(s, _FK.team, squad.team, g)
    sink.add_iri(s, _FK.edition, squad.edition, g)
    for player in squad.players:
        sink.add_iri(s, _FK.member, player, g)


def map_derived(sink: QuadSink, derived: Derived) -> None:
    """Winners and losers of matches, champions and runners-up, previous editions, runs of
    titles, head-to-head records, goal tallies, league tables and squads."""
    g = DERIVED_GRAPH
    for match, (winner, loser) in derived.match_result.items():
        sink.add_iri(match, _FK.winner, winner, g)
        sink.add_iri(match, _FK.loser, loser, g)
    for edition, team in derived.champion.items():
        sink.add_iri(edition, _FK.champion, team, g)
    for edition, team in derived.runner_up.items():
        sink.add_iri(edition, _FK.runnerUp, team, g)
    for edition, before in derived.previous_edition.items():
        sink.add_iri(edition, _FK.previousEdition, before, g)
    for edition, titles in derived.streak.items():
        sink.add(edition, _FK.consecutiveTitles, titles, g)
        sink.add_iri(edition, _FK.runStart, derived.run_start[edition], g)
    for record in derived.head_to_head:
        map_head_to_head(sink, record)
    for tally in derived.goal_tallies:
        map_goal_tally(sink, tally)
    for season, table in derived.league.tables.items():
        sink.add(season, _FK.complete, table.complete, g)
        for standing in table.standings:
            map_standing(sink, standing)
    for appearance, minutes in derived.minutes_played.items():
        sink.add(appearance, _FK.minutesPlayed, minutes, g)
    for appearance_tally in derived.appearance_tallies:
        map_appearance_tally(sink, appearance_tally)
    for line in derived.group_standings:
        map_derived_standing(sink, line)
    for squad in derived.squads:
        map_squad_record(sink, squad)


def map_all(data: Integrated, derived: Derived) -> QuadSink:
    """Map every resolved record and derived fact; returns the filled :class:`QuadSink`."""
    sink = QuadSink()
    for team in data.teams.values():
        map_team(sink, team)
    for club in data.clubs.values():
        map_club(sink, club)
    map_places(sink, data)
    map_tiers(sink, data)
    map_competitions(sink, data)
    for edition in data.editions.values():
        map_edition(sink, edition)
    for stadium in data.stadiums.values():
        map_stadium(sink, stadium)
    for player in data.players.values():
        map_player(sink, player)
    for squad in data.squads:
        map_squad(sink, squad)
    for manager in data.managers.values():
        map_manager(sink, manager)
    for appointment in data.appointments.values():
        map_manager_appointment(sink, appointment)
    for match in data.matches.values():
        map_match(sink, match)
    for conflict in data.conflicts:
        map_conflict(sink, conflict)
    for official in data.official:
        map_official(sink, official)
    map_edition_records(sink, data)
    map_derived(sink, derived)
    return sink


# --- line-ups, substitutions, bookings, officials, awards, standings -----------------------------


def map_match_details(sink: QuadSink, m: RMatch) -> None:
    """A match's referee (``fk:referee``), managers (``fk:homeManager``, ``fk:awayManager``),
    line-ups (``fk:appearance`` → ``fk:Appearance``), substitutions (``fk:substitution``) and
    bookings (``fk:booking``), in the graph of the source that states them (Fjelstul: from
    1970). The match points to its parts, as a shootout to its kicks: the parts carry a team
    and players, never ``fk:match``, which only goals have."""
    g = m.details_graph or m.graph
    for referee in m.referee_iris:
        sink.add_iri(m.iri, _FK.referee, referee, g)
    for manager in m.home_managers:
        sink.add_iri(m.iri, _FK.homeManager, manager, g)
    for manager in m.away_managers:
        sink.add_iri(m.iri, _FK.awayManager, manager, g)
    for appearance in m.appearances:
        sink.add_iri(m.iri, _FK.appearance, appearance.iri, g)
        map_appearance(sink, appearance)
    for substitution in m.substitutions:
        sink.add_iri(m.iri, _FK.substitution, substitution.iri, g)
        map_substitution(sink, substitution)
    for booking in m.bookings:
        sink.add_iri(m.iri, _FK.booking, booking.iri, g)
        map_booking(sink, booking)


def map_appearance(sink: QuadSink, a: RAppearance) -> None:
    """A player's appearance: player, team (and its name then), starter flag, shirt number,
    position (the minutes played are derived, in ``fkg:derived``)."""
    g, s = a.graph, a.iri
    sink.add_iri(s, _RDF_TYPE, _FK.Appearance, g)
    sink.add_iri(s, _FK.player, a.player_iri, g)
    sink.add_iri(s, _FK.team, a.team_iri, g)
    sink.add(s, _FK.teamName, a.team_name, g)
    sink.add(s, _FK.starter, a.starter, g)
    sink.add(s, _FK.shirtNumber, a.shirt_number, g)
    sink.add(s, _FK.position, a.position, g)


def _map_time(sink: QuadSink, s: str, minute: int, stoppage: int | None, period: str | None,
              g: str) -> None:  # fmt: skip
    sink.add(s, _FK.minute, minute, g)
    sink.add(s, _FK.stoppageMinute, stoppage, g)
    sink.add_iri(s, _FK.period, vocab.PERIODS[period] if period else None, g)


def map_substitution(sink: QuadSink, sub: RSubstitution) -> None:
    """A team's substitution at one minute: the players off and on, minute, stoppage, period."""
    g, s = sub.graph, sub.iri
    sink.add_iri(s, _RDF_TYPE, _FK.Substitution, g)
    sink.add_iri(s, _FK.team, sub.team_iri, g)
    for player in sub.off:
        sink.add_iri(s, _FK.playerOff, player, g)
    for player in sub.on:
        sink.add_iri(s, _FK.playerOn, player, g)
    _map_time(sink, s, sub.minute, sub.stoppage, sub.period, g)
    for identifier in sub.identifiers:
        sink.add(s, str(vocab.DCTERMS.identifier), identifier, g)


def map_booking(sink: QuadSink, b: RBooking) -> None:
    """A booking: player, team, card(s) shown, whether it sent the player off, time."""
    g, s = b.graph, b.iri
    sink.add_iri(s, _RDF_TYPE, _FK.Booking, g)
    sink.add_iri(s, _FK.team, b.team_iri, g)
    sink.add_iri(s, _FK.player, b.player_iri, g)
    for card in b.cards:
        sink.add_iri(s, _FK.card, vocab.CARDS[card], g)
    sink.add(s, _FK.sendingOff, b.sending_off, g)
    _map_time(sink, s, b.minute, b.stoppage, b.period, g)
    sink.add(s, str(vocab.DCTERMS.identifier), b.identifier, g)


def map_referee(sink: QuadSink, r: RReferee) -> None:
    """A referee: label, names, gender, nationality (a country), confederation, Wikipedia."""
    g = r.graph
    sink.add_iri(r.iri, _RDF_TYPE, _FK.Referee, g)
    sink.add(r.iri, _RDFS_LABEL, r.label, g)
    sink.add(r.iri, str(SCHEMA.givenName), r.given_name, g)
    sink.add(r.iri, str(SCHEMA.familyName), r.family_name, g)
    sink.add(r.iri, _FK.gender, r.gender, g)
    sink.add_iri(r.iri, _FK.nationality, r.country_iri, g)
    sink.add_iri(r.iri, _FK.memberOfConfederation, r.confederation_iri, g)
    if r.wikipedia:
        sink.add_iri(r.iri, _FK.wikipediaPage, r.wikipedia, g)


def map_confederation(sink: QuadSink, c: RConfederation) -> None:
    """A confederation: full name as label, code as ``skos:notation``, Wikipedia page."""
    sink.add_iri(c.iri, _RDF_TYPE, _FK.Confederation, c.graph)
    sink.add(c.iri, _RDFS_LABEL, c.label, c.graph)
    sink.add(c.iri, _SKOS_NOTATION, c.code, c.graph)
    if c.wikipedia:
        sink.add_iri(c.iri, _FK.wikipediaPage, c.wikipedia, c.graph)


def map_award(sink: QuadSink, a: RAward) -> None:
    """An award: name as label, what it rewards as comment, the year it was introduced."""
    sink.add_iri(a.iri, _RDF_TYPE, _FK.Award, a.graph)
    sink.add(a.iri, _RDFS_LABEL, a.label, a.graph)
    sink.add(a.iri, _RDFS_COMMENT, a.description, a.graph)
    sink.add(a.iri, _FK.yearIntroduced, a.year_introduced, a.graph)


def map_award_win(sink: QuadSink, w: RAwardWin) -> None:
    """An award win: award, player, the team he played for (``fk:playedFor``, and its name
    then), edition, shared flag. Not ``fk:team``: a resource with ``fk:player``, ``fk:team`` and
    ``fk:edition`` is a squad membership."""
    g, s = w.graph, w.iri
    sink.add_iri(s, _RDF_TYPE, _FK.AwardWin, g)
    sink.add_iri(s, _FK.award, w.award_iri, g)
    sink.add_iri(s, _FK.player, w.player_iri, g)
    sink.add_iri(s, _FK.playedFor, w.team_iri, g)
    sink.add(s, _FK.teamName, w.team_name, g)
    sink.add_iri(s, _FK.edition, w.edition_iri, g)
    sink.add(s, _FK.shared, w.shared, g)


def _map_table_line(
    sink: QuadSink, s: str, g: str, line: RGroupStanding | DerivedStanding, position: int
) -> None:
    """What a stated and a derived group-table line share: counts, points, position."""
    for prop, value in (
        (_FK.standingPosition, position),
        (_FK.played, line.played),
        (_FK.wins, line.wins),
        (_FK.draws, line.draws),
        (_FK.losses, line.losses),
        (_FK.goalsFor, line.goals_for),
        (_FK.goalsAgainst, line.goals_against),
        (_FK.points, line.points),
    ):
        sink.add(s, prop, value, g)


def map_group_standing(sink: QuadSink, line: RGroupStanding) -> None:
    """A stated group-table line: edition, stage, group, team (and its name then), position,
    counts, points, advanced."""
    g, s = line.graph, line.iri
    sink.add_iri(s, _RDF_TYPE, _FK.GroupStanding, g)
    sink.add_iri(s, _FK.edition, line.edition_iri, g)
    sink.add_iri(s, _FK.stage, vocab.STAGES[line.stage], g)
    sink.add(s, _FK.group, line.group, g)
    sink.add_iri(s, _FK.team, line.team_iri, g)
    sink.add(s, _FK.teamName, line.team_name, g)
    _map_table_line(sink, s, g, line, line.position)
    sink.add(s, _FK.advanced, line.advanced, g)


def map_derived_standing(sink: QuadSink, line: DerivedStanding) -> None:
    """A derived group-table line (``fkg:derived``): as :func:`map_group_standing` without the
    team's name and ``fk:advanced``, with ``fk:levelTeams``; the stated line points to it with
    ``fk:derivedStanding``."""
    g, s = DERIVED_GRAPH, line.iri
    sink.add_iri(s, _RDF_TYPE, _FK.GroupStanding, g)
    sink.add_iri(s, _FK.edition, line.edition, g)
    sink.add_iri(s, _FK.stage, vocab.STAGES[line.stage], g)
    sink.add(s, _FK.group, line.group, g)
    sink.add_iri(s, _FK.team, line.team, g)
    _map_table_line(sink, s, g, line, line.rank)
    sink.add(s, _FK.levelTeams, line.level, g)
    if line.stated:
        sink.add_iri(line.stated, _FK.derivedStanding, s, g)


def map_placing(sink: QuadSink, p: RPlacing) -> None:
    """A final standing (``fk:TournamentStanding``, with a position) or a qualified team
    (``fk:QualifiedTeam``, with the matches played and the stage reached)."""
    g, s = p.graph, p.iri
    kind = _FK.TournamentStanding if p.position is not None else _FK.QualifiedTeam
    sink.add_iri(s, _RDF_TYPE, kind, g)
    sink.add_iri(s, _FK.edition, p.edition_iri, g)
    sink.add_iri(s, _FK.team, p.team_iri, g)
    sink.add(s, _FK.teamName, p.team_name, g)
    sink.add(s, _FK.standingPosition, p.position, g)
    sink.add(s, _FK.played, p.matches, g)
    sink.add_iri(s, _FK.stageReached, vocab.STAGES[p.stage_reached] if p.stage_reached else None, g)


def map_stage(sink: QuadSink, st: RStage) -> None:
    """A stage as played at an edition: stage, order, dates, teams and match counts."""
    g, s = st.graph, st.iri
    sink.add_iri(s, _RDF_TYPE, _FK.TournamentStage, g)
    sink.add_iri(s, _FK.edition, st.edition_iri, g)
    sink.add_iri(s, _FK.stage, vocab.STAGES[st.stage], g)
    for prop, value in (
        (_FK.stageNumber, st.number),
        (_FK.startDate, st.start_date),
        (_FK.endDate, st.end_date),
        (_FK.numberOfTeams, st.teams),
        (_FK.played, st.matches),
        (_FK.scheduledMatches, st.scheduled),
        (_FK.replays, st.replays),
        (_FK.playOffs, st.playoffs),
        (_FK.walkovers, st.walkovers),
    ):
        sink.add(s, prop, value, g)


def map_appearance_tally(sink: QuadSink, t: AppearanceTally) -> None:
    """An appearance tally: player, competition, matches, starts, substitute appearances,
    minutes, finals, teams played for, ranks by matches and by finals."""
    g, s = DERIVED_GRAPH, t.iri
    sink.add_iri(s, _RDF_TYPE, _FK.AppearanceTally, g)
    sink.add_iri(s, _FK.player, t.player, g)
    sink.add_iri(s, _FK.appearancesIn, t.scope, g)
    for prop, value in (
        (_FK.appearances, t.appearances),
        (_FK.starts, t.starts),
        (_FK.substituteAppearances, t.substitute),
        (_FK.minutesPlayed, t.minutes),
        (_FK.finals, t.finals),
        (_FK.appearancesRank, t.rank),
        (_FK.finalsRank, t.finals_rank),
    ):
        sink.add(s, prop, value, g)
    for team in sorted(t.teams):
        sink.add_iri(s, _FK.playedFor, team, g)


def map_edition_records(sink: QuadSink, data: Integrated) -> None:
    """Confederations, referees and their appointments, awards and award wins, group and
    final standings, qualified teams and stages."""
    for confederation in data.confederations.values():
        map_confederation(sink, confederation)
    for referee in data.referees.values():
        map_referee(sink, referee)
    for iri, (referee, edition, g) in data.referee_appointments.items():
        sink.add_iri(iri, _RDF_TYPE, _FK.RefereeAppointment, g)
        sink.add_iri(iri, _FK.appointedReferee, referee, g)
        sink.add_iri(iri, _FK.edition, edition, g)
    for award in data.awards.values():
        map_award(sink, award)
    for win in data.award_wins:
        map_award_win(sink, win)
    for line in data.group_standings:
        map_group_standing(sink, line)
    for placing in (*data.tournament_standings, *data.qualified_teams):
        map_placing(sink, placing)
    for stage in data.stages:
        map_stage(sink, stage)
