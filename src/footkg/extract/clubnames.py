"""The names a report may use for a club or a club competition, made by rules from the names
the graph holds (``rdfs:label`` and ``skos:altLabel`` of each ``fk:Club``, written by the
club mapping from ``data/clubs.csv``, ``data/club-names.csv`` and the sources' spellings).

Kinds of name, each a rule (:func:`short_forms`):

* a legal-form affix dropped: "Chelsea FC" → "Chelsea", "AC Milan" → "Milan", "Real Madrid
  CF" → "Real Madrid" (:data:`AFFIXES`);
* the home city dropped from a "club + city" name: "Bayern Munich" → "Bayern", "Atlético
  Madrid" → "Atlético" (only when the club's city, from the graph, ends the name);
* a descriptive last word dropped: "Tottenham Hotspur" → "Tottenham", "Wolverhampton
  Wanderers" → "Wolverhampton" (:data:`TAIL_WORDS`);
* the newspapers' abbreviations: "Manchester United" → "Man Utd", "Man United"
  (:data:`ABBREVIATIONS`).

A short form that several clubs would get is kept for none of them (:func:`club_surfaces`):
"Manchester" is United's and City's, so neither has it; "United" alone is never a name.
Club competitions get their names without the confederation's prefix ("UEFA Champions
League" → "Champions League", :func:`competition_forms`). A club season is written
"2011-12", "2011–12" or "2011/12" (:data:`SEASON`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

#: legal-form and sports-club affixes that come before or after a club's name
AFFIXES = frozenset(
    [
        "FC",
        "AFC",
        "CF",
        "SC",
        "FK",
        "SK",
        "AC",
        "AS",
        "SS",
        "SSC",
        "US",
        "CD",
        "CA",
        "SV",
        "BV",
        "BK",
        "IF",
        "IK",
        "UD",
        "SD",
        "CP",
        "RC",
        "SL",
    ]
)

#: last words that describe a club rather than name its place: "Tottenham Hotspur"
TAIL_WORDS = frozenset(
    [
        "Hotspur",
        "Wanderers",
        "Rovers",
        "Albion",
        "Athletic",
        "Rangers",
        "Argyle",
        "Alexandra",
        "Orient",
    ]
)

#: words the newspapers abbreviate in a club's name
ABBREVIATIONS = {"United": ("Utd",), "Manchester": ("Man",)}

#: the prefixes of a club competition's name that a report may leave out
COMPETITION_PREFIXES = ("UEFA ", "CONMEBOL ", "CONCACAF ", "CAF ", "AFC ", "FIFA ")

#: a club season: "2011-12", "2011–12", "2011/12", "2018–2019" (groups: first year, second)
SEASON = re.compile(r"\b((?:18|19|20)\d\d)\s?[-–/]\s?((?:19|20)?\d\d)\b")

#: short forms too common as words or too generic to name one club
GENERIC = frozenset(
    [
        "Sporting",
        "Athletic",
        "Club",
        "United",
        "City",
        "Town",
        "County",
        "Rovers",
        "Olympique",
        "Racing",
        "Dynamo",
        "Dinamo",
        "Union",
        "Borussia",
        "Deportivo",
        "Universidad",
    ]
)


def short_forms(label: str, city: str | None = None) -> list[str]:
    """The short forms of the club name ``label`` by the rules of the module docstring;
    ``city`` is the label of the club's city in the graph (``fk:city``), ``None`` when it has
    none. The name itself is not in the list; forms are in rule order, each once."""
    out: list[str] = []

    def add(form: str) -> None:
        form = form.strip()
        if form and form != label and form not in out and len(form) > 2:
            out.append(form)

    words = label.split()
    core = list(words)
    while len(core) > 1 and core[0] in AFFIXES:
        core = core[1:]
    while len(core) > 1 and core[-1] in AFFIXES:
        core = core[:-1]
    bases = [" ".join(core)]
    if city and len(core) > 1 and " ".join(core).endswith(" " + city):
        bases.append(" ".join(core)[: -len(city) - 1])  # "Bayern Munich" → "Bayern"
    if len(core) > 1 and core[-1] in TAIL_WORDS:
        bases.append(" ".join(core[:-1]))  # "Tottenham Hotspur" → "Tottenham"
    for base in bases:
        add(base)
    for base in [*list(out), label]:
        parts = base.split()
        if any(p in ABBREVIATIONS for p in parts):
            for i, p in enumerate(parts):
                for short in ABBREVIATIONS.get(p, ()):
                    add(" ".join([*parts[:i], short, *parts[i + 1 :]]))
            shortest = [ABBREVIATIONS[p][0] if p in ABBREVIATIONS else p for p in parts]
            add(" ".join(shortest))
    return out


def club_surfaces(
    clubs: dict[str, str],
    alt_labels: dict[str, list[str]],
    cities: dict[str, str],
    notable: set[str] | frozenset[str] = frozenset(),
) -> dict[str, str]:
    """Every name a report may use for a club → the club's IRI.

    ``clubs``: IRI → label; ``alt_labels``: IRI → its ``skos:altLabel`` values; ``cities``:
    IRI → the label of its city; ``notable``: clubs that settle a name several clubs share
    (those that played a continental competition in the graph). A name (label, altLabel or
    short form, :func:`short_forms`) is the club's that alone has it; failing that, the one
    club whose label it is, or else the one whose altLabel it is ("Atlético": Atlético
    Madrid's altLabel, a short form of Atlético Tucumán), or else the one ``notable`` club
    that has it; else no club's. Generic words (:data:`GENERIC`) are no club's name alone."""
    labels: dict[str, set[str]] = defaultdict(set)
    alts: dict[str, set[str]] = defaultdict(set)
    anyone: dict[str, set[str]] = defaultdict(set)
    for iri, label in clubs.items():
        labels[label].add(iri)
        names = [label, *alt_labels.get(iri, ())]
        for alt in names[1:]:
            alts[alt].add(iri)
        for name in names + [f for n in names for f in short_forms(n, cities.get(iri))]:
            anyone[name].add(iri)
    out: dict[str, str] = {}
    for name, iris in sorted(anyone.items()):
        if name in GENERIC:
            continue
        for pick in (iris, labels.get(name, set()), alts.get(name, set()),
                     iris & set(notable)):  # fmt: skip
            if len(pick) == 1:
                out[name] = next(iter(pick))
                break
    return out


def competition_forms(label: str) -> list[str]:
    """``label`` and the name without its confederation's prefix ("UEFA Champions League",
    "Champions League")."""
    forms = [label]
    for prefix in COMPETITION_PREFIXES:
        if label.startswith(prefix) and len(label) > len(prefix) + 3:
            forms.append(label[len(prefix) :])
    return forms


def competition_pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    """One pattern for the competition ``names`` (longest first, whole words); ``None``
    when there are none."""
    ordered = sorted(set(names), key=len, reverse=True)
    if not ordered:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, ordered)) + r")(?!\w)")


def is_club_report(text: str, competitions: re.Pattern[str] | None, club_mentions: int,
                   team_names: int) -> bool:  # fmt: skip
    """Whether a report is about club football: it names a club competition (a match of
    ``competitions``, see :func:`competition_pattern`) and at least two clubs
    (``club_mentions``: names of distinct clubs found with club names read), and no more
    national teams by name (``team_names``) than clubs. A World Cup report that says a
    player's club plays in the Premier League stays a report about national teams."""
    if competitions is None or club_mentions < 2 or team_names > club_mentions:
        return False
    return competitions.search(text) is not None


def season_years(text: str) -> list[int]:
    """The first years of the club seasons ``text`` names ("the 2011–12 season", "2018-19
    UEFA Champions League" → 2011, 2018), in text order, each once: a season's edition in
    the graph has its first year as ``fk:year``. A pair of years that are not consecutive
    ("1990-94") is no season."""
    years: list[int] = []
    for m in SEASON.finditer(text):
        first, second = int(m[1]), int(m[2])
        if (second % 100 if second > 99 else second) == (first + 1) % 100 and first not in years:
            years.append(first)
    return years
