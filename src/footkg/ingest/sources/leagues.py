"""footkg's table of club competitions (``data/club-competitions.csv``) and season names.

A club dataset names a competition by a code and a season: football.json's ``2023-24/en.1.json``,
engsoccerdata's ``1958-59/eng.3.csv``. What the code means changes over time (``en.1`` is the
Football League First Division until 1991-92 and the Premier League after; ``en.2`` is the First
Division from 1992-93 to 2003-04, the second tier then), and so do the rules that make a league
table (2 points for a win in England until 1980-81; goal average until 1975-76). Each row of the
table covers one code over a range of seasons (:class:`CompetitionRule`); :class:`Competitions`
finds the row of a code in a season and gives the :class:`footkg.model.Season` record.

Season names are ``"1978-79"`` (a season across two years; ``"1999-00"`` is written so by
engsoccerdata and football.json alike) or ``"2019"`` (a calendar year). :func:`season_year` is
its first year; :func:`season_window` the dates its matches may fall in.
"""

from __future__ import annotations

import csv
import itertools
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from footkg import resources
from footkg.errors import SourceFormatError
from footkg.model import Season, SourceRef

#: The table's path in a source checkout.
COMPETITIONS_FILE = "club-competitions.csv"

KINDS = ("league", "cup")
TIEBREAKS = ("goal average", "goal difference", "head-to-head", "wins")
CHAMPION_RULES = ("table", "final", "official")

_SEASON = re.compile(r"^(\d{4})(?:-(\d{2}))?$")


def season_year(name: str) -> int:
    """The first year of a season: ``"1978-79"`` → 1978, ``"2019"`` → 2019.

    Raises :class:`ValueError` for a name that is neither form, or whose second year is not
    the year after the first (``"1978-80"``).
    """
    match = _SEASON.match(name.strip())
    if match is None:
        raise ValueError(f"{name!r} is not a season name like 1978-79 or 2019")
    first = int(match.group(1))
    if match.group(2) is not None and int(match.group(2)) != (first + 1) % 100:
        raise ValueError(f"{name!r}: the second year must follow the first")
    return first


def season_window(name: str) -> tuple[date, date]:
    """The first and last day a match of season ``name`` can be played: 1 July of its first
    year to 31 August of the next for ``"2019-20"`` (the Champions League final of 2020 was
    played on 23 August); 1 January to 31 March of the next year for a calendar-year season
    (Brazil's 2020 season ended in February 2021)."""
    year = season_year(name)
    if "-" in name:
        return date(year, 7, 1), date(year + 1, 8, 31)
    return date(year, 1, 1), date(year + 1, 3, 31)


@dataclass(frozen=True, slots=True)
class CompetitionRule:
    """One row of ``data/club-competitions.csv`` (see the file's header for each column):
    the code's competition over the seasons ``first``..``last`` (``last`` ``None``: open)."""

    line: int
    code: str
    first: str
    last: str | None
    competition: str
    aliases: tuple[str, ...]
    country: str | None
    tier: int | None
    tier_label: str | None
    kind: str
    win_points: int | None
    tiebreak: str | None
    champion_rule: str
    table_phases: tuple[str, ...]
    note: str | None

    def covers(self, season: str) -> bool:
        """True when ``season`` is within this row's seasons."""
        year = season_year(season)
        return season_year(self.first) <= year and (
            self.last is None or year <= season_year(self.last)
        )

    def season(self, name: str, ref: SourceRef) -> Season:
        """The :class:`Season` record of season ``name`` of this competition (``ref``: the
        file it was read from)."""
        return Season(
            ref=ref,
            competition=self.competition,
            name=name,
            year=season_year(name),
            kind=self.kind,
            country=self.country,
            tier=self.tier,
            tier_label=self.tier_label,
            win_points=self.win_points,
            tiebreak=self.tiebreak,
            champion_rule=self.champion_rule,
        )


def _optional_int(text: str, column: str) -> int | None:
    if not text.strip():
        return None
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{column} {text!r} is not a number") from None


def _choice(text: str, column: str, allowed: tuple[str, ...], *, optional: bool) -> str | None:
    value = text.strip()
    if not value and optional:
        return None
    if value not in allowed:
        raise ValueError(f"{column} {text!r} is not one of {', '.join(allowed)}")
    return value


def _rule(line: int, row: dict[str, str]) -> CompetitionRule:
    kind = _choice(row["kind"], "kind", KINDS, optional=False)
    season_year(row["first_season"])
    if row["last_season"]:
        season_year(row["last_season"])
    tier = _optional_int(row["tier"], "tier")
    if kind == "league" and (tier is None or not row["country"] or not row["tier_label"]):
        raise ValueError("a league needs a country, a tier and a tier label")
    return CompetitionRule(
        line=line,
        code=row["code"].strip(),
        first=row["first_season"].strip(),
        last=row["last_season"].strip() or None,
        competition=row["competition"].strip(),
        aliases=tuple(a.strip() for a in row["aliases"].split(";") if a.strip()),
        country=row["country"].strip() or None,
        tier=tier,
        tier_label=row["tier_label"].strip() or None,
        kind=kind or "league",
        win_points=_optional_int(row["win_points"], "win_points"),
        tiebreak=_choice(row["tiebreak"], "tiebreak", TIEBREAKS, optional=kind == "cup"),
        champion_rule=_choice(row["champion_rule"], "rule", CHAMPION_RULES, optional=False) or "",
        table_phases=tuple(p.strip() for p in row["table_phases"].split(";") if p.strip()),
        note=row["note"].strip() or None,
    )


def read_competitions(path: Path | None = None) -> Competitions:
    """Read ``data/club-competitions.csv`` (``#`` comment lines allowed) into
    :class:`Competitions`.

    Raises :class:`footkg.errors.SourceFormatError` naming the file and line of a bad row (an
    unknown kind, tiebreak or champion rule, a bad season name, a league without a tier), or
    two rows of one code whose seasons overlap.
    """
    path = path or resources.data_dir() / COMPETITIONS_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SourceFormatError(f"{path}: cannot read the competitions table ({exc})") from exc
    numbered = [
        (n, line) for n, line in enumerate(text.splitlines(), 1) if not line.startswith("#")
    ]
    reader = csv.DictReader(line for _, line in numbered)
    rules: list[CompetitionRule] = []
    for (line, _), row in zip(numbered[1:], reader, strict=False):
        try:
            rules.append(_rule(line, row))
        except (KeyError, ValueError, AttributeError) as exc:
            raise SourceFormatError(f"{path}:{line}: {exc}") from exc
    competitions = Competitions(rules)
    overlap = competitions.overlaps()
    if overlap:
        a, b = overlap
        raise SourceFormatError(f"{path}:{b.line}: seasons of {b.code} overlap line {a.line}")
    return competitions


class Competitions:
    """The rows of the competitions table, looked up by code and season."""

    def __init__(self, rules: Iterable[CompetitionRule]) -> None:
        self.rules = list(rules)
        self._by_code: dict[str, list[CompetitionRule]] = defaultdict(list)
        for rule in self.rules:
            self._by_code[rule.code].append(rule)

    def rule(self, code: str, season: str) -> CompetitionRule | None:
        """The row of ``code`` that covers ``season``, or ``None`` (an unknown code, or a
        season outside every row of it)."""
        for rule in self._by_code.get(code, ()):
            if rule.covers(season):
                return rule
        return None

    def overlaps(self) -> tuple[CompetitionRule, CompetitionRule] | None:
        """Two rows of one code whose seasons overlap (the first found), else ``None``."""
        for rules in self._by_code.values():
            ordered = sorted(rules, key=lambda r: season_year(r.first))
            for a, b in itertools.pairwise(ordered):
                if a.last is None or season_year(a.last) >= season_year(b.first):
                    return a, b
        return None

    def aliases(self) -> dict[str, str]:
        """Every other name of a competition → its footkg label (``"UEFA Euro"`` →
        ``"UEFA European Championship"``)."""
        out: dict[str, str] = {}
        for rule in self.rules:
            for alias in rule.aliases:
                out.setdefault(alias, rule.competition)
        return out

    def by_competition(self) -> dict[str, list[CompetitionRule]]:
        """The rows of each competition label (a label may span codes: the First Division
        is ``en.1`` until 1991-92 and ``en.2`` after)."""
        out: dict[str, list[CompetitionRule]] = defaultdict(list)
        for rule in self.rules:
            out[rule.competition].append(rule)
        return out
