"""Club resolution: which club each club dataset's name means, and the name it had on a date.

Rules (documented in README, tested in ``tests/test_clubs.py``):

* **One club, one identity,** across both club datasets and every season. A club is known in
  the country whose league system it plays in (Cardiff City in England's, AS Monaco in
  France's): two clubs of one name in two countries stay apart, and a club never shares an IRI
  with a national team (:func:`footkg.vocab.club_iri`).
* **footkg's tables.** ``data/clubs.csv`` lists the clubs footkg knows by name (every club of
  engsoccerdata's Football League and the best-known clubs elsewhere) with their city;
  ``data/club-names.csv`` their other spellings, short names and nicknames (``alias``) and the
  names they used in a period (``former``: Newton Heath until April 1902). A name in the tables
  means its club; when one name means several clubs (``Accrington`` was the 1878 founder member
  and, in engsoccerdata, the club re-formed in 1968; ``Aldershot`` the club wound up in 1992
  and, from 2008-09, Aldershot Town), the rule whose period covers the match's date decides.
* **Any other spelling** resolves by its *name key*: the identity key
  (:func:`footkg.vocab.identity_key`) without legal-form words (FC, AFC, CF, SC, ...), ``and``,
  founding years (``Bologna FC 1909`` is Bologna) and the country codes the Champions League
  writes (``(ENG)``, read by the loader). A key that fits one club of the tables means it; other
  clubs are known by their key alone (``FK Orenburg`` and ``Orenburg`` are one club).
* **The name used at the time** kept on a match is the former name in force on the day, else
  the club's label for a club of the tables, else the source's spelling.
"""

from __future__ import annotations

import csv
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from footkg import resources
from footkg.errors import SourceFormatError
from footkg.vocab import identity_key

CLUBS_FILE = "clubs.csv"
NAMES_FILE = "club-names.csv"

#: Words of a club's name that say its legal form or sport, not which club it is.
LEGAL_FORMS: frozenset[str] = frozenset(
    {
        "fc",
        "afc",
        "cf",
        "sc",
        "fk",
        "sk",
        "ac",
        "as",
        "ss",
        "us",
        "ssc",
        "cd",
        "ud",
        "rc",
        "rcd",
        "sd",
        "ca",
        "club",
        "calcio",
        "sv",
        "vfl",
        "vfb",
        "tsg",
        "bv",
        "bsc",
        "kv",
        "krc",
        "rsc",
        "sl",
        "ec",
        "se",
        "cr",
        "fbc",
        "aj",
        "ogc",
        "sco",
        "kas",
        "rfc",
        "ks",
        "nk",
        "sfc",
        "and",
    }
)  # fmt: skip
_FOUNDING_YEAR = re.compile(r"^(1[89]\d\d|20[0-3]\d)$")
_DOTTED_FORMS = re.compile(r"\b(?:A\.F\.C\.|F\.C\.)", re.IGNORECASE)


def club_key(name: str) -> str:
    """A club name's key (see the module docstring): ``"Manchester United FC"`` →
    ``"manchester-united"``, ``"Bologna FC 1909"`` → ``"bologna"``, ``"1. FC Köln"`` →
    ``"1-koln"``. A name of only such words keeps them (``"AFC"`` → ``"afc"``)."""
    words = identity_key(_DOTTED_FORMS.sub(" ", name)).split("-")
    kept = [w for w in words if w and w not in LEGAL_FORMS and not _FOUNDING_YEAR.match(w)]
    return "-".join(kept) or identity_key(name)


@dataclass(frozen=True, slots=True)
class ClubRecord:
    """A club of ``data/clubs.csv``: canonical ``name``, the ``league_country`` whose league
    system it plays in, its own ``country`` (the same unless stated: Cardiff City, Wales) and
    its ``city`` (``None`` when unknown)."""

    name: str
    league_country: str
    country: str
    city: str | None


@dataclass(frozen=True, slots=True)
class ClubNameRule:
    """A row of ``data/club-names.csv``: ``name`` means ``club`` (of ``league_country``);
    ``kind`` ``"alias"`` or ``"former"``; ``start``/``end`` the period (see the file header);
    ``source`` limits the rule to one dataset key."""

    name: str
    club: str
    league_country: str
    kind: str
    start: date | None = None
    end: date | None = None
    source: str | None = None

    def covers(self, on: date) -> bool:
        """True when ``on`` is within the rule's period (an open end covers everything)."""
        return (self.start is None or self.start <= on) and (self.end is None or on <= self.end)

    @property
    def dated(self) -> bool:
        """True when the rule has a period."""
        return self.start is not None or self.end is not None


def _rows(path: Path) -> list[tuple[int, dict[str, str]]]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SourceFormatError(f"{path}: cannot read ({exc})") from exc
    numbered = [(n, s) for n, s in enumerate(text.splitlines(), 1) if not s.startswith("#")]
    reader = csv.DictReader(s for _, s in numbered)
    return [(n, row) for (n, _), row in zip(numbered[1:], reader, strict=False)]


def read_clubs(path: Path | None = None) -> list[ClubRecord]:
    """Read ``data/clubs.csv``. Raises :class:`SourceFormatError` naming the file and line of
    a row without a name or league country, or a club listed twice in one country."""
    path = path or resources.data_dir() / CLUBS_FILE
    out: list[ClubRecord] = []
    seen: set[tuple[str, str]] = set()
    for line, row in _rows(path):
        name, league = (row.get("club") or "").strip(), (row.get("league_country") or "").strip()
        if not name or not league:
            raise SourceFormatError(f"{path}:{line}: a club needs a name and a league country")
        if (name, league) in seen:
            raise SourceFormatError(f"{path}:{line}: {name!r} ({league}) is listed twice")
        seen.add((name, league))
        country = (row.get("country") or "").strip() or league
        out.append(ClubRecord(name, league, country, (row.get("city") or "").strip() or None))
    return out


def read_club_names(
    path: Path | None = None, clubs: Iterable[ClubRecord] = ()
) -> list[ClubNameRule]:
    """Read ``data/club-names.csv``. Raises :class:`SourceFormatError` naming the file and line
    of a bad row: an unknown kind, a bad date, a period that ends before it starts, or (when
    ``clubs`` is given) a club that is not in ``data/clubs.csv``."""
    path = path or resources.data_dir() / NAMES_FILE
    known = {(c.name, c.league_country) for c in clubs}
    out: list[ClubNameRule] = []
    for line, row in _rows(path):
        try:
            kind = row["kind"].strip()
            if kind not in ("alias", "former"):
                raise ValueError(f"kind must be alias or former, not {kind!r}")
            start = date.fromisoformat(row["start"]) if row["start"].strip() else None
            end = date.fromisoformat(row["end"]) if row["end"].strip() else None
            if start and end and end < start:
                raise ValueError(f"the period ends ({end}) before it starts ({start})")
            rule = ClubNameRule(row["name"].strip(), row["club"].strip(),
                                row["league_country"].strip(), kind, start, end,
                                row["source"].strip() or None)  # fmt: skip
        except (KeyError, ValueError, AttributeError) as exc:
            raise SourceFormatError(f"{path}:{line}: {exc}") from exc
        if known and (rule.club, rule.league_country) not in known:
            raise SourceFormatError(f"{path}:{line}: club {rule.club!r} is not in {CLUBS_FILE}")
        out.append(rule)
    return out


@dataclass(frozen=True, slots=True)
class ResolvedClub:
    """What a club name resolved to: the identity ``key`` (the canonical name of a club of the
    tables, else the name key), its ``league_country``, and ``record`` (the table's row, or
    ``None`` for a club known only from the data)."""

    key: str
    league_country: str
    record: ClubRecord | None


class ClubNames:
    """Resolves club names (see the module docstring) from footkg's two club tables."""

    def __init__(self, clubs: Iterable[ClubRecord], rules: Iterable[ClubNameRule]) -> None:
        self.clubs = {(c.name, c.league_country): c for c in clubs}
        self.rules = list(rules)
        self._by_name: dict[tuple[str, str], list[ClubNameRule]] = defaultdict(list)
        self._scoped: dict[tuple[str, str, str], list[ClubNameRule]] = defaultdict(list)
        self._former: dict[tuple[str, str], list[ClubNameRule]] = defaultdict(list)
        for rule in self.rules:
            if rule.source:
                self._scoped[(rule.source, rule.name, rule.league_country)].append(rule)
            else:
                self._by_name[(rule.name, rule.league_country)].append(rule)
            if rule.kind == "former":
                self._former[(rule.club, rule.league_country)].append(rule)
        keys: dict[tuple[str, str], set[str]] = defaultdict(set)
        for club in self.clubs.values():
            keys[(club_key(club.name), club.league_country)].add(club.name)
        for rule in self.rules:
            if not rule.dated and not rule.source:
                keys[(club_key(rule.name), rule.league_country)].add(rule.club)
        #: name keys that fit exactly one club of the tables
        self._by_key = {k: next(iter(v)) for k, v in keys.items() if len(v) == 1}

    @classmethod
    def from_tables(cls, data_dir: Path | None = None) -> ClubNames:
        """The resolver of ``data/clubs.csv`` and ``data/club-names.csv`` (in ``data_dir``,
        default footkg's own ``data/``)."""
        folder = data_dir or resources.data_dir()
        clubs = read_clubs(folder / CLUBS_FILE)
        return cls(clubs, read_club_names(folder / NAMES_FILE, clubs))

    def _choose(self, rules: list[ClubNameRule], exact: bool, on: date) -> str | None:
        clubs = {r.club for r in rules}
        if exact:
            clubs.add("")  # the club of that exact name (filled in by the caller)
        if len(clubs) == 1:
            return next(iter(clubs))
        in_period = {r.club for r in rules if r.dated and r.covers(on)}
        if len(in_period) == 1:
            return next(iter(in_period))
        undated = {r.club for r in rules if not r.dated} | ({""} if exact else set())
        if len(undated) == 1 and not in_period:
            return next(iter(undated))
        return None

    def resolve(self, name: str, country: str, on: date, source: str | None = None) -> ResolvedClub:
        """The club a source's ``name`` means in ``country``'s league system on date ``on``.
        Never fails: a name the tables do not know is a club of its own name key."""
        scoped = self._scoped.get((source, name, country), []) if source else []
        rules = scoped + self._by_name.get((name, country), [])
        exact = (name, country) in self.clubs
        if rules or exact:
            chosen = self._choose(rules, exact, on)
            if chosen == "":
                chosen = name
            if chosen is not None:
                return ResolvedClub(chosen, country, self.clubs.get((chosen, country)))
        key = club_key(name)
        known = self._by_key.get((key, country))
        if known is not None:
            return ResolvedClub(known, country, self.clubs[(known, country)])
        return ResolvedClub(key, country, None)

    def find(self, name: str) -> tuple[str, str] | None:
        """``(canonical name, league country)`` of the one club of the tables whose name or
        undated alias is ``name`` in any country (``None`` when none or several are)."""
        found = {(c.name, c.league_country) for c in self.clubs.values() if c.name == name}
        found |= {(r.club, r.league_country) for r in self.rules
                  if r.name == name and not r.dated and not r.source}  # fmt: skip
        return next(iter(found)) if len(found) == 1 else None

    def depends_on_date(self, name: str, country: str, source: str | None = None) -> bool:
        """True when what ``name`` means depends on the date (a rule for it has a period)."""
        scoped = self._scoped.get((source, name, country), []) if source else []
        return any(r.dated for r in scoped + self._by_name.get((name, country), []))

    def name_at(self, club: str, country: str, on: date) -> str | None:
        """The former name club ``club`` used on ``on`` (``"Newton Heath"`` for Manchester United
        in 1893), or ``None`` outside every former name's period."""
        for rule in self._former.get((club, country), ()):
            if rule.covers(on):
                return rule.name
        return None

    def former_names(self, club: str, country: str) -> list[tuple[str, date | None, date | None]]:
        """The dated former names of a club of the tables: ``(name, start, end)``, by start."""
        rules = self._former.get((club, country), ())
        return sorted(((r.name, r.start, r.end) for r in rules),
                      key=lambda f: (f[1] or date.min, f[0]))  # fmt: skip

    def other_names(self, club: str, country: str) -> set[str]:
        """Every name of the tables that means club ``club`` (aliases, former names)."""
        return {r.name for r in self.rules if (r.club, r.league_country) == (club, country)}
