"""Entity resolution: which real-world team, player or stadium each source's name means.

Rules (documented in README, tested in ``tests/test_resolve.py``):

* **Teams.** One team per national association and gender across names and eras. A name
  resolves through ``data/team-names.csv`` (aliases and FIFA successions: West Germany →
  Germany, Soviet Union → Russia, Yugoslavia → Serbia, Czechoslovakia → Czech Republic, Zaire →
  DR Congo, Dutch East Indies → Indonesia) and the dated former names of the international
  results (martj42 ``former_names.csv``), transitively (Bohemia → Czechoslovakia → Czech
  Republic). The name used at the time is kept on each match; aliases (``USA``) are not names
  used at the time, former names (``West Germany``) are.
* **Names a match row cannot use** (:class:`TeamNameCheck`; the row is skipped and listed):
  a former name outside every period it was used (martj42's ``Ireland`` means Northern Ireland
  from 1882 to 1956: a 2024 row naming ``Ireland`` names no team, and is not made Northern
  Ireland), and an unknown name that is a near miss of a known team (``Uruguray``: a name no
  table and no other source knows, used in at most :data:`RARE_USES` rows of its source, within
  :data:`NEAR_MISS` of a team's name by rapidfuzz's ratio): never minted as a new team.
* **Players.** A source's player identifier is kept within the source. Across sources two
  records are the same player when their names have the same identity key
  (:func:`footkg.vocab.identity_key`) and either their birth dates agree or they score for the
  same team in the same match; otherwise they are kept apart.
"""

from __future__ import annotations

import csv
import difflib
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA, Levenshtein

from footkg.errors import UnknownCompetitionError, UnknownTeamError
from footkg.model import FormerName
from footkg.vocab import MENS_WORLD_CUP, WOMENS_WORLD_CUP, identity_key

#: A team name used in this many match rows of one source or fewer, and known nowhere else, is
#: checked for being a misspelling (martj42's 28 real teams of one to three rows, such as
#: Niue, Palau or Seborga, are no near miss of anything).
RARE_USES = 3
#: Smallest rapidfuzz ratio (0–100, on identity keys) of a near miss: "Uruguray" is 93 from
#: "Uruguay"; the closest real pair in martj42, Délvidék (2 rows) and Felvidék, is 87.5. Two
#: adjacent letters swapped ("Germnay") are a near miss too, whatever the ratio.
NEAR_MISS = 90
#: A name used in this many match rows over all sources is a known team name.
WELL_USED = 10


@dataclass(frozen=True, slots=True)
class NameRule:
    """One row of the team-name table: ``name`` means team ``canonical``.

    ``kind`` is ``"alias"`` (another spelling) or ``"former"`` (a name the team used from
    ``start`` to ``end``); ``source`` limits the rule to one dataset key.
    """

    name: str
    canonical: str
    kind: str
    start: date | None = None
    end: date | None = None
    source: str | None = None


def read_name_rules(path: Path) -> list[NameRule]:
    """Read ``data/team-names.csv`` (``#`` comment lines allowed).

    Raises :class:`footkg.model.SourceFormatError` naming the file and line of a bad row.
    """
    from footkg.errors import SourceFormatError

    rules: list[NameRule] = []
    with path.open(encoding="utf-8") as handle:
        lines = [(n, line) for n, line in enumerate(handle, 1) if not line.startswith("#")]
    reader = csv.DictReader(line for _, line in lines)
    for (number, _), row in zip(lines[1:], reader, strict=False):
        try:
            kind = row["kind"]
            if kind not in ("alias", "former"):
                raise ValueError(f"kind must be alias or former, not {kind!r}")
            rules.append(
                NameRule(
                    name=row["name"],
                    canonical=row["canonical"],
                    kind=kind,
                    start=date.fromisoformat(row["start"]) if row["start"] else None,
                    end=date.fromisoformat(row["end"]) if row["end"] else None,
                    source=row["source"] or None,
                )
            )
        except (KeyError, ValueError) as exc:
            raise SourceFormatError(f"{path}:{number}: {exc}") from exc
    return rules


def rules_from_former_names(former: Iterable[FormerName]) -> list[NameRule]:
    """Turn dated former names (martj42 ``former_names.csv``) into ``former`` rules."""
    return [
        NameRule(name=f.former, canonical=f.current, kind="former", start=f.start, end=f.end)
        for f in former
    ]


class TeamNames:
    """Resolves team names to canonical names, and canonical names to names used on a date.

    Built from :class:`NameRule` rows plus the set of names the sources use as teams.
    """

    def __init__(self, rules: Iterable[NameRule], known_names: Iterable[str] = ()) -> None:
        self._rules = list(rules)
        self._general: dict[str, str] = {}
        self._by_source: dict[tuple[str, str], str] = {}
        self._periods: dict[str, list[NameRule]] = defaultdict(list)
        self._former_names: set[str] = set()
        for rule in self._rules:
            if rule.source:
                self._by_source[(rule.source, rule.name)] = rule.canonical
            else:
                self._general.setdefault(rule.name, rule.canonical)
            if rule.kind == "former":
                self._former_names.add(rule.name)
        self._known: set[str] = set(known_names)
        self._dated: dict[str, list[NameRule]] = defaultdict(list)
        for rule in self._rules:
            if rule.kind == "former" and not rule.source:
                self._dated[rule.name].append(rule)
        for rule in self._rules:
            if rule.kind == "former" and (rule.start or rule.end):
                self._periods[self.canonical(rule.canonical)].append(rule)
        self._by_key: dict[str, str] = {}
        for name in sorted(self._known | set(self._general) | {r.canonical for r in self._rules}):
            self._by_key.setdefault(identity_key(name), name)

    def canonical(self, name: str, source: str | None = None) -> str:
        """The canonical name of the team ``name`` means (``"West Germany"`` → ``"Germany"``).

        ``source`` applies that dataset's own aliases first (openfootball's ``Ireland``). A name
        with no rule is its own canonical name.
        """
        current = self._by_source.get((source, name), name) if source else name
        for _ in range(8):  # follow chains such as Bohemia → Czechoslovakia → Czech Republic
            nxt = self._general.get(current)
            if nxt is None or nxt == current:
                break
            current = nxt
        return current

    def out_of_period(self, name: str, on: date, source: str | None = None) -> str | None:
        """Why ``name`` names no team on date ``on``, or ``None`` when it does: a name known
        only as a dated former name (no alias of ``source``'s own, not a team's current name)
        whose every period leaves ``on`` out ("'Ireland' is the name Northern Ireland used
        from 1882-02-18 to 1956-04-11")."""
        if (source, name) in self._by_source or self.canonical(name, source) == name:
            return None
        rules = self._dated.get(name, [])
        if not rules or not all(r.start or r.end for r in rules):
            return None
        if any((r.start or date.min) <= on <= (r.end or date.max) for r in rules):
            return None
        periods = ", ".join(
            f"{r.start or '…'} to {r.end or 'now'}" for r in sorted(rules, key=lambda r: r.name)
        )
        return f"{name!r} is the name {self.canonical(name)} used from {periods}, not on {on}"

    def is_former_name(self, name: str) -> bool:
        """True when ``name`` is a name a team really used (kept as the name at the time)."""
        return name in self._former_names

    def name_at(self, canonical: str, on: date) -> str:
        """The name team ``canonical`` used on date ``on`` (``Germany`` in 1974 → ``West
        Germany``; Russia in 1966 → Soviet Union); the canonical name outside every period."""
        for rule in self._periods.get(canonical, ()):
            if (rule.start is None or rule.start <= on) and (rule.end is None or on <= rule.end):
                return rule.name
        return canonical

    def display_name(self, name: str, on: date, source: str | None = None) -> str:
        """The name to keep as "name used at the time" for a team a source calls ``name``.

        A former name as written stays (Fjelstul's ``West Germany``); an alias is replaced by
        the name in force on the date (openfootball's ``USA`` → ``United States``); a current
        name written for an earlier era is dated (martj42's ``Germany`` in 1974 → ``West
        Germany``).
        """
        if self.is_former_name(name) and (source, name) not in self._by_source:
            return name
        return self.name_at(self.canonical(name, source), on)

    def former_names(self, canonical: str) -> list[tuple[str, date | None, date | None]]:
        """The dated former names of team ``canonical``: ``(name, start, end)``, by start."""
        seen: set[tuple[str, date | None]] = set()
        out = []
        for r in sorted(
            self._periods.get(canonical, ()), key=lambda r: (r.start or date.min, r.name)
        ):
            key = (identity_key(r.name), r.start)  # "Zaire" and "Zaïre" are one name
            if key not in seen:
                seen.add(key)
                out.append((r.name, r.start, r.end))
        return out

    def aliases(self) -> dict[str, set[str]]:
        """Every name that resolves to each canonical name (without the canonical name)."""
        out: dict[str, set[str]] = defaultdict(set)
        for rule in self._rules:
            if rule.source is None:
                out[self.canonical(rule.name)].add(rule.name)
        return out

    def lookup(self, text: str) -> str:
        """Resolve what a user typed (any case or accents: ``"holland"``, ``"West Germany"``)
        to a canonical team name. Raises :class:`UnknownTeamError` with close matches."""
        key = identity_key(text)
        if key in self._by_key:
            return self.canonical(self._by_key[key])
        suggestions = difflib.get_close_matches(key, list(self._by_key), n=3, cutoff=0.7)
        raise UnknownTeamError(text, [self.canonical(self._by_key[s]) for s in suggestions])


class TeamNameCheck:
    """Refuses the team names of a match row that name no team (see the module docstring).

    ``names`` resolves names; ``uses`` counts, per source key, the match rows naming each
    team; ``listed`` are the names in the sources' team tables and footkg's name table.
    """

    def __init__(
        self, names: TeamNames, uses: Mapping[str, Counter[str]], listed: Iterable[str]
    ) -> None:
        self.names = names
        self.uses = uses
        self.total: Counter[str] = Counter()
        for counts in uses.values():
            self.total.update(counts)
        self.listed = set(listed) | {r.name for r in names._rules} | {
            r.canonical for r in names._rules
        }
        known = self.listed | {n for n, k in self.total.items() if k >= WELL_USED}
        self._known_keys = {identity_key(n): n for n in sorted(known)}
        self._unknown: dict[tuple[str, str], tuple[str, str] | None] = {}

    def problem(self, name: str, on: date, source: str) -> tuple[str, str] | None:
        """``(reason, detail)`` when a row of ``source`` dated ``on`` cannot name ``name``:
        ``"name-out-of-period"`` or ``"unknown-team"`` (with the near miss); else ``None``."""
        why = self.names.out_of_period(name, on, source)
        if why is not None:
            return "name-out-of-period", f"{why}: the row names no team"
        if (name, source) not in self._unknown:
            self._unknown[(name, source)] = self._near_miss(name, source)
        return self._unknown[(name, source)]

    def _near_miss(self, name: str, source: str) -> tuple[str, str] | None:
        if name in self.listed or self.total[name] > self.uses.get(source, Counter())[name]:
            return None  # in a table, or used by another source too
        if self.total[name] > RARE_USES:
            return None
        key = identity_key(name)
        candidates = {k: n for k, n in self._known_keys.items() if k != key}
        best = process.extractOne(key, list(candidates), scorer=fuzz.ratio)
        swapped = [k for k in candidates if OSA.distance(key, k) == 1 < Levenshtein.distance(key, k)
                   ]  # fmt: skip
        if swapped:
            near = candidates[swapped[0]]
        elif best is not None and best[1] >= NEAR_MISS:
            near = candidates[best[0]]
        else:
            return None
        return "unknown-team", (
            f"team {name!r} is named in {self.total[name]} row(s) and no table or other source "
            f"knows it: did you mean {near!r}? (not minted as a new team)"
        )


@dataclass(frozen=True, slots=True)
class PlayerKey:
    """What identifies a player across sources: the identity key of the name and, where known,
    the birth date."""

    name_key: str
    birth_date: date | None


def same_player(a: PlayerKey, b: PlayerKey) -> bool:
    """True when two player records are the same person by the rules in the module docstring
    (same name key and same birth date; a missing birth date never matches on its own)."""
    return a.name_key == b.name_key and a.birth_date is not None and a.birth_date == b.birth_date


_TEAM_NAMES_QUERY = """
PREFIX fk: <https://w3id.org/footkg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
SELECT ?t ?n ?g WHERE {
  VALUES ?class { fk:NationalTeam fk:Club }
  ?t a ?class ; fk:gender ?g .
  { ?t rdfs:label ?n } UNION { ?t skos:altLabel ?n }
}"""


_TEAM_LABELS_QUERY = """
PREFIX fk: <https://w3id.org/footkg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?t ?n WHERE { VALUES ?class { fk:NationalTeam fk:Club } ?t a ?class ; rdfs:label ?n }"""


class TeamIndex:
    """Finds a team IRI from what a user typed, using the labels in the graph itself.

    Built from ``(iri, name)`` pairs (every ``rdfs:label`` and ``skos:altLabel`` of every
    ``fk:NationalTeam`` and ``fk:Club``); ``"Holland"``, ``"west germany"``, ``"USA"``, ``"Man
    Utd"``, ``"Spurs"`` and ``"Inter"`` all work. A name ending in ``women`` looks among
    women's teams. When a name is the label of one team and another name of others, the
    label wins (``"Liverpool"`` is the club, whatever a source wrote elsewhere). Raises
    :class:`UnknownTeamError` (with close matches) or ``AmbiguousTeamError`` semantics via the
    same error when a name fits several.
    """

    def __init__(
        self, pairs: Iterable[tuple[str, str, str]], labels: Iterable[tuple[str, str]] = ()
    ) -> None:
        """``pairs``: ``(iri, name, gender)`` triples; ``labels``: ``(iri, rdfs:label)`` pairs,
        which win over other names when a name fits several teams."""
        self._by_key: dict[tuple[str, str], set[str]] = defaultdict(set)
        self._labels: dict[str, str] = {}
        self._label_of: dict[str, str] = {}
        for iri, label in labels:
            self._label_of[iri] = identity_key(label)
        for iri, name, gender in pairs:
            key = identity_key(name)
            if gender == "women" and not key.endswith("-women"):
                key = f"{key}-women"
            self._by_key[(key, gender)].add(iri)
            self._labels.setdefault(key, name)

    @classmethod
    def from_store(cls, store: Any) -> TeamIndex:
        """Build the index from a pyoxigraph store (or anything with the same ``query``):
        every label and alias of every ``fk:NationalTeam``, over the union of the graphs."""
        rows = store.query(_TEAM_NAMES_QUERY, use_default_graph_as_union=True)
        pairs = [(r["t"].value, r["n"].value, r["g"].value) for r in rows]
        labels = store.query(_TEAM_LABELS_QUERY, use_default_graph_as_union=True)
        return cls(pairs, [(r["t"].value, r["n"].value) for r in labels])

    def lookup(self, text: str) -> str:
        """The IRI of the team ``text`` names (an IRI is returned as it is)."""
        if text.startswith(("http://", "https://")):
            return text
        key = identity_key(text)
        gender = "women" if key.endswith("-women") else "men"
        found = self._by_key.get((key, gender), set())
        if len(found) > 1:  # the team whose label this is, if one is
            found = {iri for iri in found if self._label_of.get(iri) == key} or found
        if len(found) == 1:
            return next(iter(found))
        if len(found) > 1:
            raise UnknownTeamError(text, sorted(found))
        close = difflib.get_close_matches(key, list(self._labels), n=3, cutoff=0.75)
        raise UnknownTeamError(text, [self._labels[c] for c in close])


_COMPETITION_NAMES_QUERY = """
PREFIX fk: <https://w3id.org/footkg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
SELECT DISTINCT ?n WHERE {
  { ?c a fk:Competition } UNION { ?c a fk:LeagueTier }
  { ?c rdfs:label ?n } UNION { ?c skos:altLabel ?n } }"""


class CompetitionIndex:
    """Finds a competition's label from what a user typed: ``"fifa world cup"`` → ``"FIFA
    World Cup"`` (case, accents and punctuation do not matter, as for teams).

    Known competitions are the ``rdfs:label`` and ``skos:altLabel`` of every ``fk:Competition``
    in the graph (the World Cups, continental cups, qualifiers, friendlies, club leagues and
    cups: "Premier League", "First Division", "UEFA Euro") and of every league tier ("English
    top division", which the catalogue's league queries take as a competition) plus the two World
    Cups footkg always knows (:data:`footkg.vocab.MENS_WORLD_CUP`, ``WOMENS_WORLD_CUP``), so a
    store built from the sample still takes the women's competition (and answers no rows).
    Raises :class:`UnknownCompetitionError` with close labels for anything else.
    """

    def __init__(self, labels: Iterable[str]) -> None:
        """``labels``: competition names as the graph labels them."""
        self._by_key: dict[str, str] = {}
        for label in sorted({*labels, MENS_WORLD_CUP, WOMENS_WORLD_CUP}):
            self._by_key.setdefault(identity_key(label), label)

    @classmethod
    def from_store(cls, store: Any) -> CompetitionIndex:
        """Build the index from a pyoxigraph store (union of the graphs)."""
        rows = store.query(_COMPETITION_NAMES_QUERY, use_default_graph_as_union=True)
        return cls(r["n"].value for r in rows)

    @property
    def labels(self) -> list[str]:
        """Every known competition label, sorted."""
        return sorted(self._by_key.values())

    def lookup(self, text: str) -> str:
        """The label of the competition ``text`` names; raises :class:`UnknownCompetitionError`
        with up to three close labels (those containing the words typed first)."""
        key = identity_key(text)
        if key in self._by_key:
            return self._by_key[key]
        words = f"-{key}-"
        containing = sorted((k for k in self._by_key if key and words in f"-{k}-"), key=len)
        close = difflib.get_close_matches(key, list(self._by_key), n=3, cutoff=0.6)
        suggestions = list(dict.fromkeys([*containing, *close]))[:3]
        raise UnknownCompetitionError(text, [self._by_key[k] for k in suggestions])
