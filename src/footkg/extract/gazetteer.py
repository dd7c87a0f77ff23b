
"""What the extractor knows before reading a report: names from the graph itself.

A :class:`Gazetteer` is read once from a footkg store (union of its named graphs) and holds the
men's national teams (``rdfs:label``, ``skos:altLabel``, dated former names), the curated
nicknames and demonyms of ``data/team-nicknames.csv``, stadiums, cities, World Cup editions
(year, hosts, stages), the clubs (labels, altLabels and the short forms of
:mod:`footkg.extract.clubnames`), club competitions and their seasons, and, loaded lazily per
edition and team, the squads (player IRI, label, family name, position). Queries bind IRIs
with ``substitutions``; no text is pasted in SPARQL.
"""

from __future__ import annotations

import csv
import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import pyoxigraph as ox

from footkg.errors import FootkgError
from footkg.vocab import FK, MENS_WORLD_CUP, STAGES, WOMENS_WORLD_CUP, competition_iri, edition_iri

PREFIXES = """PREFIX fk: <https://w3id.org/footkg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX schema: <http://schema.org/>
"""

#: Words that describe a stadium rather than name it; a label without them is an alias
#: ("Estádio do Maracanã" → "Maracanã").
STADIUM_WORDS = frozenset(
    [
        "estadio",
        "estádio",
        "estadi",
        "stadium",
        "stadion",
        "stade",
        "stadio",
        "arena",
        "de",
        "do",
        "da",
        "del",
        "di",
        "the",
        "olympic",
        "olímpico",
        "olimpico",
        "municipal",
        "national",
        "nacional",
    ]
)


class NicknameFormatError(FootkgError):
    """``data/team-nicknames.csv`` has a bad row (the message names file and line)."""


@dataclass(frozen=True, slots=True)
class Nickname:
    """A name a report may use for a team: ``kind`` is ``nickname`` ("the Three Lions"),
    ``demonym`` ("the Germans") or ``adjective`` ("an Italian corner"); ``team`` is the team's
    label in the graph (resolved to an IRI by the gazetteer); ``women`` for a nickname only
    the women's team has ("the Matildas"), which also tells a report is about women."""

    name: str
    team: str
    kind: str
    women: bool = False


def read_nicknames(path: Path) -> list[Nickname]:
    """Read the curated nickname table (``name,team,kind``; ``#`` comment lines allowed;
    kind ``women-nickname`` is a nickname of the women's team only).

    Raises :class:`NicknameFormatError` naming the line of a bad row."""
    rows: list[Nickname] = []
    with path.open(encoding="utf-8") as handle:
        lines = [(n, line) for n, line in enumerate(handle, 1) if not line.startswith("#")]
    reader = csv.DictReader(line for _, line in lines)
    for (number, _), row in zip(lines[1:], reader, strict=False):
        kind = (row.get("kind") or "").strip()
        women = kind == "women-nickname"
        if kind not in ("nickname", "demonym", "adjective", "women-nickname") or not row.get(
            "name"
        ):
            raise NicknameFormatError(f"{path}:{number}: bad row {row!r}")
        rows.append(
            Nickname(row["name"].strip(), row["team"].strip(), "nickname" if women else kind, women)
        )
    return rows


@dataclass(frozen=True, slots=True)
class SquadPlayer:
    """A player in one team's squad at one edition: IRI, label (full name with accents),
    family name (may equal the label for one-name players) and position
    (``goalkeeper``/``defender``/``midfielder``/``forward`` or ``None``)."""

    iri: str
    label: str
    family: str | None
    position: str | None
    team: str


@dataclass
class Gazetteer:
    """Names known to the graph. Build with :meth:`from_store`; squads load on demand.

    ``teams``: IRI → label; ``team_names``: surface → IRI (labels, altLabels, nicknames);
    ``former``: IRI → [(name, start, end)]; ``stadiums``: IRI → (label, city label);
    ``cities``: IRI → label; ``editions``: year → edition IRI (men's World Cup);
    ``hosts``: edition IRI → set of team IRIs; ``stages``: edition IRI → stage keys in order;
    ``confederation``: team IRI → confederation code (``CONMEBOL``, ``UEFA``, …);
    ``women_team``: men's team IRI → the women's team of the same country; ``women_labels``:
    women's team IRI → label; ``women_editions``: year → Women's World Cup edition IRI.
    Names are matched to men's teams; a report about a women's match maps them through
    ``women_team`` (see :meth:`team_for`).
    """

    store: ox.Store | None
    teams: dict[str, str] = field(default_factory=dict)
    team_names: dict[str, str] = field(default_factory=dict)
    nickname_kind: dict[str, str] = field(default_factory=dict)
    former: dict[str, list[tuple[str, date | None, date | None]]] = field(default_factory=dict)
    stadiums: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    cities: dict[str, str] = field(default_factory=dict)
    editions: dict[int, str] = field(default_factory=dict)
    hosts: dict[str, set[str]] = field(default_factory=dict)
    stages: dict[str, list[str]] = field(default_factory=dict)
    confederation: dict[str, str] = field(default_factory=dict)
    women_team: dict[str, str] = field(default_factory=dict)
    women_labels: dict[str, str] = field(default_factory=dict)
    women_editions: dict[int, str] = field(default_factory=dict)
    women_nicknames: set[str] = field(default_factory=set)
    #: every team a nickname or demonym may mean, in ``team-nicknames.csv`` order ("Koreans":
    #: South Korea, North Korea); ``team_names`` holds the first
    nickname_teams: dict[str, list[str]] = field(default_factory=dict)
    #: the graph's matches by team pair and by year (filled by linking.load_fixtures)
    _fixtures: dict[frozenset[str], list] = field(default_factory=dict)
    _fixture_by_iri: dict[str, object] = field(default_factory=dict)
    _team_fixtures: dict[int, list] = field(default_factory=dict)
    #: each World Cup match's scorers (match IRI → folded family names; linking.fixture_scorers)
    _scorers: dict[str, frozenset[str]] | None = None
    _squads: dict[tuple[str, str], list[SquadPlayer]] = field(default_factory=dict)
    _managers: dict[str, list[tuple[str, str, str]]] = field(default_factory=dict)
    #: whether the graph's matches and appointments have been read (they may be none)
    _fixtures_loaded: bool = False
    _managers_loaded: bool = False
    _city_by_name: dict[str, tuple[str, str]] = field(default_factory=dict)
    _edition_teams: dict[str, list[str]] = field(default_factory=dict)
    #: each World Cup match's goals (match IRI → rows of linking.fixture_goals) and the
    #: squad players' birth dates (player IRI → ISO date), read by linking.preload
    _fixture_goals: dict[str, list[dict]] = field(default_factory=dict)
    _player_labels: dict[str, str] = field(default_factory=dict)
    _birth_dates: dict[str, str] = field(default_factory=dict)
    #: clubs (``fk:Club``): IRI → label; ``club_names``: every name a report may use for a
    #: club → IRI (labels, altLabels, short forms; :func:`footkg.extract.clubnames.club_surfaces`)
    clubs: dict[str, str] = field(default_factory=dict)
    club_names: dict[str, str] = field(default_factory=dict)
    #: the names of the competitions clubs play (those with ``fk:Season`` editions) →
    #: competition IRI ("UEFA Champions League", "Champions League", "Premier League")
    club_competitions: dict[str, str] = field(default_factory=dict)
    competition_labels: dict[str, str] = field(default_factory=dict)
    #: club seasons: edition IRI → (competition IRI, season name "2018-19")
    seasons: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: every squad player of the graph by folded full label (pipeline.players_named)
    _players_by_label: dict[str, SquadPlayer] | None = None
    #: True when everything the look-ups read is loaded (:meth:`preload`): a look-up that
    #: finds nothing then means the graph has nothing, and the store is not needed
    complete: bool = False

    @classmethod
    def from_store(cls, store: ox.Store, nicknames: list[Nickname] | None = None) -> Gazetteer:
        """Read the gazetteer from ``store`` (a pyoxigraph store of a footkg build) plus the
        curated ``nicknames`` (default: the repo's ``data/team-nicknames.csv``)."""
        if nicknames is None:
            from footkg.resources import data_dir

            nicknames = read_nicknames(data_dir() / "team-nicknames.csv")
        gaz = cls(store=store)
        gaz._load_teams(nicknames)
        gaz._load_places()
        gaz._load_editions()
        gaz._load_clubs()
        return gaz

    def _q(self, text: str, **bindings: ox.NamedNode | ox.Literal) -> list:
        assert self.store is not None
        return list(
            self.store.query(
                PREFIXES + text,
                use_default_graph_as_union=True,
                substitutions={ox.Variable(k): v for k, v in bindings.items()} or None,
            )
        )

    def _load_teams(self, nicknames: list[Nickname]) -> None:
        rows = self._q(
            "SELECT ?t ?l ?a WHERE { ?t a fk:NationalTeam ; fk:gender 'men' ; rdfs:label ?l . "
            "OPTIONAL { ?t skos:altLabel ?a } }"
        )
        for row in rows:
            iri = row["t"].value
            self.teams[iri] = row["l"].value
            self.team_names.setdefault(row["l"].value, iri)
        for row in rows:
            if row["a"] is not None:
                self.team_names.setdefault(row["a"].value, row["t"].value)
        for row in self._q(
            "SELECT ?t ?n ?s ?e WHERE { ?t a fk:NationalTeam ; fk:gender 'men' ; "
            "fk:formerName ?f . ?f fk:name ?n . OPTIONAL { ?f fk:startDate ?s } "
            "OPTIONAL { ?f fk:endDate ?e } }"
        ):
            start = date.fromisoformat(row["s"].value) if row["s"] is not None else None
            end = date.fromisoformat(row["e"].value) if row["e"] is not None else None
            self.former.setdefault(row["t"].value, []).append((row["n"].value, start, end))
        for row in self._q(
            "SELECT ?t ?c WHERE { ?t a fk:NationalTeam ; fk:gender 'men' ; fk:confederation ?c }"
        ):
            self.confederation[row["t"].value] = row["c"].value
        by_label = {label: iri for iri, label in self.teams.items()}
        for row in self._q(
            "SELECT ?t ?l WHERE { ?t a fk:NationalTeam ; fk:gender 'women' ; rdfs:label ?l }"
        ):
            # "Brazil women" is written "Brazil" in reports
            country = re.sub(r"\s+women$", "", row["l"].value)
            self.women_labels[row["t"].value] = country
            men = by_label.get(country)
            if men is not None:
                self.women_team[men] = row["t"].value
                if men in self.confederation:
                    self.confederation[row["t"].value] = self.confederation[men]
        for nick in nicknames:
            iri = by_label.get(nick.team) or self.team_names.get(nick.team)
            if iri:
                self.nickname_teams.setdefault(nick.name, []).append(iri)
                self.team_names.setdefault(nick.name, iri)
                self.nickname_kind[nick.name] = nick.kind
                if nick.women:
                    self.women_nicknames.add(nick.name)

    def _load_clubs(self) -> None:
        """Clubs, their names (:mod:`footkg.extract.clubnames`), club competitions and their
        seasons (three SELECTs and one per cup competition, about 0.1 s on the full graph;
        nothing when the graph has no clubs)."""
        from footkg.extract.clubnames import club_surfaces, competition_forms

        alt: dict[str, list[str]] = defaultdict(list)
        cities: dict[str, str] = {}
        for row in self._q(
            "SELECT ?c ?l ?a ?cl WHERE { ?c a fk:Club ; rdfs:label ?l . "
            "OPTIONAL { ?c skos:altLabel ?a } OPTIONAL { ?c fk:city/rdfs:label ?cl } }"
        ):
            iri = row["c"].value
            self.clubs[iri] = row["l"].value
            if row["a"] is not None and row["a"].value not in alt[iri]:
                alt[iri].append(row["a"].value)
            if row["cl"] is not None:
                cities[iri] = row["cl"].value
        for row in self._q(
            "SELECT ?e ?c ?n ?l ?a WHERE { ?e a fk:Season ; fk:competition ?c ; fk:seasonName ?n "
            ". ?c rdfs:label ?l OPTIONAL { ?c skos:altLabel ?a } }"
        ):
            competition = row["c"].value
            self.seasons[row["e"].value] = (competition, row["n"].value)
            self.competition_labels[competition] = row["l"].value
            for name in (row["l"], row["a"]):
                for form in competition_forms(name.value) if name is not None else ():
                    self.club_competitions.setdefault(form, competition)
        # a name several clubs share is the one's that played abroad (a continental cup)
        countries: dict[str, set[str]] = defaultdict(set)
        played: dict[str, set[str]] = defaultdict(set)
        cups = {row["k"].value for row in self._q(
            "SELECT DISTINCT ?k WHERE { ?e a fk:Season ; fk:competition ?k "
            "FILTER NOT EXISTS { ?k a fk:League } }")}  # fmt: skip
        for cup in sorted(cups):
            for row in self._q(
                "SELECT DISTINCT ?k ?t ?n WHERE { ?m fk:competition ?k ; fk:homeTeam ?t . "
                "?t fk:country ?n }",
                k=ox.NamedNode(cup),
            ):
                countries[cup].add(row["n"].value)
                played[cup].add(row["t"].value)
        notable = {t for k, teams in played.items() if len(countries[k]) > 1 for t in teams}
        self.club_names = club_surfaces(self.clubs, alt, cities, notable)

    def _load_places(self) -> None:
        for row in self._q(
            "SELECT ?s ?l ?cl WHERE { ?s a fk:Stadium ; rdfs:label ?l . "
            "OPTIONAL { ?s fk:city/rdfs:label ?cl } }"
        ):
            city = row["cl"].value if row["cl"] is not None else None
            self.stadiums[row["s"].value] = (row["l"].value, city)
        for row in self._q("SELECT ?c ?l WHERE { ?c a fk:City ; rdfs:label ?l }"):
            self.cities[row["c"].value] = row["l"].value

    def _load_editions(self) -> None:
        for name, editions, women in (
            (MENS_WORLD_CUP, self.editions, False),
            (WOMENS_WORLD_CUP, self.women_editions, True),
        ):
            self._load_competition(ox.NamedNode(competition_iri(name)), editions, women)

    def _load_competition(self, competition: ox.NamedNode, editions: dict[int, str],
                          women: bool) -> None:  # fmt: skip
        """Editions (year → IRI), hosts and stages of one competition."""
        for row in self._q(
            "SELECT ?c ?e ?y WHERE { ?e a fk:TournamentEdition ; fk:competition ?c ; fk:year ?y }",
            c=competition,
        ):
            editions[int(row["y"].value)] = row["e"].value
        country_team = {label: iri for iri, label in self.teams.items()}
        for row in self._q(
            "SELECT ?c ?e ?cl WHERE { ?e fk:competition ?c ; fk:hostCountry/rdfs:label ?cl }",
            c=competition,
        ):
            team = country_team.get(row["cl"].value)
            if team:
                self.hosts.setdefault(row["e"].value, set()).add(self.team_for(team, women))
        order = {str(iri): key for key, iri in STAGES.items()}
        found: dict[str, set[str]] = defaultdict(set)
        for row in self._q(
            "SELECT DISTINCT ?c ?e ?s WHERE { ?m fk:competition ?c ; fk:edition ?e ; fk:stage ?s }",
            c=competition,
        ):
            if row["s"].value in order:
                found[row["e"].value].add(order[row["s"].value])
        keys = list(STAGES)
        for edition, stages in found.items():
            self.stages[edition] = sorted(stages, key=keys.index)

    def team_for(self, team: str, women: bool) -> str:
        """``team`` (a men's team IRI, as names resolve) or, for a women's match, the women's
        team of the same country when the graph has one."""
        return self.women_team.get(team, team) if women else team

    def editions_of(self, women: bool) -> dict[int, str]:
        """year → edition IRI of the men's (or the women's) World Cup."""
        return self.women_editions if women else self.editions

    def edition(self, year: int, women: bool = False) -> str | None:
        """The IRI of the men's (``women``: the women's) World Cup of ``year`` if the graph
        has it."""
        name = WOMENS_WORLD_CUP if women else MENS_WORLD_CUP
        return self.editions_of(women).get(year) or (
            edition_iri(name, year) if self.store is None and not self.complete else None
        )

    def edition_teams(self, edition: str) -> list[str]:
        """The IRIs of the teams with a squad at ``edition`` (IRI), cached."""
        if edition not in self._edition_teams and self.store is not None and not self.complete:
            rows = self._q(
                "SELECT DISTINCT ?e ?t WHERE { ?m fk:edition ?e ; fk:team ?t ; fk:player ?p }",
                e=ox.NamedNode(edition),
            )
            self._edition_teams[edition] = sorted(r["t"].value for r in rows)
        return self._edition_teams.get(edition, [])

    def squad(self, edition: str, team: str) -> list[SquadPlayer]:
        """The squad of ``team`` (IRI) at ``edition`` (IRI); empty when the graph has none."""
        key = (edition, team)
        if key not in self._squads and self.store is not None and not self.complete:
            rows = self._q(_SQUAD_QUERY, e=ox.NamedNode(edition), t=ox.NamedNode(team))
            self._keep_squad(key, _squad_players(rows, team))
        return self._squads.get(key, [])

    def preload(self) -> None:
        """Read at once what the look-ups read lazily: every squad of every edition (one
        SELECT), the teams of each edition and every manager appointment. With
        :func:`footkg.extract.linking.preload` (the matches, goals and birth dates) the
        gazetteer is then :attr:`complete` and needs no store."""
        if self.store is None or self.complete:
            return
        by_key: dict[tuple[str, str], list] = defaultdict(list)
        for row in self._q(_SQUAD_QUERY):
            by_key[(row["e"].value, row["t"].value)].append(row)
        for (edition, team), rows in by_key.items():
            self._keep_squad((edition, team), _squad_players(rows, team))
        teams: dict[str, set[str]] = defaultdict(set)
        for edition, team in by_key:
            teams[edition].add(team)
        self._edition_teams = {e: sorted(ts) for e, ts in teams.items()}
        self.managers("")

    def _keep_squad(self, key: tuple[str, str], players: list[SquadPlayer]) -> None:
        self._squads[key] = players
        for p in players:
            self._player_labels.setdefault(p.iri, p.label)

    def all_squads(self) -> list[list[SquadPlayer]]:
        """Every squad of the graph (World Cup squads: Fjelstul ``squads.csv``): the loaded
        ones when the gazetteer is complete, else read in one SELECT (not kept)."""
        if self.complete or self.store is None:
            return list(self._squads.values())
        by_key: dict[tuple[str, str], list] = defaultdict(list)
        for row in self._q(_SQUAD_QUERY):
            by_key[(row["e"].value, row["t"].value)].append(row)
        return [_squad_players(rows, team) for (_e, team), rows in by_key.items()]

    def player_label(self, iri: str) -> str | None:
        """The label of a squad player (IRI) of any squad loaded so far, ``None`` if none."""
        return self._player_labels.get(iri)

    def managers(self, edition: str) -> list[tuple[str, str, str]]:
        """The managers (head coaches) at ``edition`` (IRI), cached: ``(full label, family
        name, team IRI)`` such as ``("Helmut Schön", "Schön", <team/germany>)`` for 1974,
        sorted by team then label; the family name is the label for a one-name manager
        without one. Facts: the graph's ``fk:ManagerAppointment`` resources (Fjelstul's
        ``manager_appointments.csv``); empty when the graph has none. The first call reads
        every edition's appointments in one query."""
        if not self._managers_loaded and self.store is not None and not self.complete:
            self._managers_loaded = True
            found: dict[str, set[tuple[str, str, str]]] = defaultdict(set)
            for r in self._q(
                "SELECT ?e ?t ?l ?f WHERE { ?a fk:manager ?m . ?a fk:edition ?e ; fk:team ?t . "
                "?m rdfs:label ?l OPTIONAL { ?m schema:familyName ?f } }"  # fk:manager first
            ):
                family = r["f"].value if r["f"] is not None else r["l"].value
                found[r["e"].value].add((r["l"].value, family, r["t"].value))
            self._managers = {e: sorted(ms, key=lambda m: (m[2], m[0])) for e, ms in found.items()}
        return self._managers.get(edition, [])

    def city(self, name: str) -> tuple[str, str] | None:
        """``(label, IRI)`` of the city called ``name`` (case-insensitive: a dateline's
        "ROME"), or ``None``; the look-up table is built once."""
        if not self._city_by_name:
            self._city_by_name.update({label.upper(): (label, iri)
                                       for iri, label in self.cities.items()})  # fmt: skip
        return self._city_by_name.get(name.strip().upper())

    def team_name_at(self, team: str, year: int | None) -> str:
        """The name team ``team`` (IRI) used in ``year`` (``Germany`` in 1966 → ``West
        Germany``; a women's team takes the names of the men's: ``Chinese Taipei`` in 1991);
        its label when no former name covers the year."""
        if year is not None:
            men = next((m for m, w in self.women_team.items() if w == team), team)
            for name, start, end in self.former.get(team) or self.former.get(men, []):
                inside = (start is None or start.year <= year) and (end is None or year <= end.year)
                if inside and (start is not None or end is not None):
                    return name
        return self.teams.get(team) or self.women_labels.get(team) or self.clubs.get(team, team)

    def season_label(self, edition: str | None) -> str | None:
        """The tournament of a club season as reports and the gold write it: competition
        label and season name ("UEFA Champions League 2018-19"); ``None`` when ``edition``
        (IRI) is not a club season of the graph."""
        competition, name = self.seasons.get(edition or "", (None, None))
        if competition is None:
            return None
        return f"{self.competition_labels[competition]} {name}"

    def is_former_name(self, team: str, name: str) -> bool:
        """True when ``name`` is one of the dated names ``team`` really used."""
        return any(n == name for n, _, _ in self.former.get(team, []))


#: the squad memberships of one team at one edition (bind ?e and ?t), or of all (bind none)
_SQUAD_QUERY = (
    "SELECT ?e ?t ?p ?l ?f ?pos WHERE { ?m fk:edition ?e ; fk:team ?t ; fk:player ?p "
    ". ?p rdfs:label ?l OPTIONAL { ?p schema:familyName ?f } "
    "OPTIONAL { ?m fk:position ?pos } }"
)


def _squad_players(rows: list, team: str) -> list[SquadPlayer]:
    """The squad of ``team`` from rows of :data:`_SQUAD_QUERY`, by player IRI (the same order
    whether one squad or all are read)."""
    players = [
        SquadPlayer(
            iri=row["p"].value,
            label=row["l"].value,
            family=row["f"].value if row["f"] is not None else None,
            position=row["pos"].value if row["pos"] is not None else None,
            team=team,
        )
        for row in rows
    ]
    return sorted(players, key=lambda p: (p.iri, p.label, p.family or "", p.position or ""))


_ = FK  # the ontology namespace is the reference for the property names used above
