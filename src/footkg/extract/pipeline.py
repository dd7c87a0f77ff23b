"""The spaCy pipeline (no downloaded model) and the mentions it finds in a report.

``build_nlp()`` gives ``spacy.blank("en")`` + a newline-aware sentencizer; a
:class:`NameIndex` over its tokens finds the names the graph knows (a phrase matcher, as
spaCy's EntityRuler, whose patterns come from the graph: team labels and ``skos:altLabel``
aliases, the curated nicknames and demonyms, stadium labels (and their distinctive core:
"Maracanã" for "Estádio do Maracanã"), city labels and club names, read only in a report
about club football). Players are matched per report by
:func:`player_mentions`, from the squads of the two teams of the report's match: full labels,
and family names that are unambiguous within those squads. Matching ignores accents
("Martinez" finds "Lautaro Martínez").
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache

import spacy
from spacy.attrs import IS_SPACE, SENT_START
from spacy.language import Language
from spacy.tokens import Doc
from spacy.util import compile_infix_regex

from footkg.extract.gazetteer import STADIUM_WORDS, Gazetteer, SquadPlayer

BOILERPLATE = re.compile(
    r"\b(?:Read also|Read more|Also read|See also|RELATED|Related|Related coverage)\s*:|"
    r"(?m:^\s*(?:Photo|Picture|Pictured|Image|Caption|Video|Watch)\s*:)"
)
#: an encyclopedia's reference mark: "[1]", "[12]", "[a]", "[citation needed]"
REFERENCE_MARK = re.compile(r"\[(?:\d{1,3}|[a-z]|citation needed|note \d+)\]")
SECTION_HEADERS = re.compile(
    r"(?:^|(?<=[.!?\n] ))(Main Developments|Background|Why It Matters|What's Next|What’s Next|"
    r"Key Figures|Key players|Key Moments)\b"
)


#: ``SENT_START`` -1 (no sentence starts here) as spaCy's ``Doc.to_array`` holds it (uint64)
NOT_A_START = 2**64 - 1


@Language.component("newline_sentences")
def newline_sentences(doc: Doc) -> Doc:
    """Start a sentence after every line break (headlines and datelines carry no full stop).
    Sentence starts are set in one array (setting ``Token.is_sent_start`` one by one checks
    the whole doc each time: quadratic in a long report)."""
    spaces = doc.to_array([IS_SPACE])  # line breaks are in whitespace tokens only
    starts = doc.to_array([SENT_START])
    changed = False
    for i in spaces.nonzero()[0]:
        if i + 1 < len(doc) and "\n" in doc[int(i)].text and starts[int(i) + 1] != 1:
            starts[int(i) + 1] = 1
            changed = True
    if changed:
        doc.from_array([SENT_START], starts)
    return doc


@Language.component("lowercase_continues")
def lowercase_continues(doc: Doc) -> Doc:
    """No sentence starts at a lower-case word after a full stop on the same line: "in the 4.
    minute" (a European ordinal), "approx. ten minutes" (one array write, as above)."""
    starts = doc.to_array([SENT_START])
    changed = False
    for token in doc[1:]:
        if (starts[token.i] == 1 and token.text[:1].islower() and doc[token.i - 1].text == "."
                and not doc[token.i - 1].whitespace_.count("\n")):  # fmt: skip
            starts[token.i] = NOT_A_START
            changed = True
    if changed:
        doc.from_array([SENT_START], starts)
    return doc


def fold(text: str) -> str:
    """Strip accents character by character, keeping the length (so offsets stay valid)."""
    if text.isascii():
        return text
    return text.translate({ord(ch): _base(ch) for ch in set(text) if not ch.isascii()})


@lru_cache(maxsize=4096)
def _base(ch: str) -> str:
    """The letter ``ch`` without its accent ("é" → "e"); ``ch`` itself when that is not one
    character."""
    base = unicodedata.normalize("NFD", ch)[0]
    return base if len(base) == 1 else ch


def stadium_aliases(label: str) -> list[str]:
    """Names a report may use for a stadium: its label, and the label without the generic words
    when something distinctive is left ("Estádio do Maracanã" → "Maracanã")."""
    names = [label]
    words = label.split()
    core = [w for w in words if w.lower() not in STADIUM_WORDS]
    if core and len(core) < len(words):
        names.append(" ".join(core))
    return names


def build_nlp() -> Language:
    """The spaCy pipeline: ``spacy.blank("en")`` (dashes joining words split off) with the
    sentencizer and footkg's two sentence rules (:func:`lowercase_continues`,
    :func:`newline_sentences`). Names are found by a :class:`NameIndex` over its tokens."""
    nlp = spacy.blank("en")
    # dashes joining words are tokens of their own ("At Bologna.--Austria 2, Hungary 1.")
    infixes = [*nlp.Defaults.infixes, r"(?<=[\w.,;:])(?:--|—|–)(?=\w)"]
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("lowercase_continues")
    nlp.add_pipe("newline_sentences")
    return nlp


def name_patterns(gaz: Gazetteer) -> list[tuple[str, str, str]]:
    """The names a report may use for the graph's teams (labels, ``skos:altLabel`` aliases,
    curated nicknames and demonyms), stadiums (labels and their distinctive core) and cities,
    each as written, without accents, in capitals and in title case for words in capitals
    ("Shizuoka Stadium Ecopa" for "Shizuoka Stadium ECOPA"): ``(label, text, IRI)`` with
    label ``TEAM``, ``STADIUM``, ``CITY`` or ``CLUB`` (the names of ``gaz.club_names``, read
    only in a report about clubs); one IRI per label and text (the first)."""
    patterns: list[tuple[str, str, str]] = []
    seen: set[tuple[str, str]] = set()
    cities = set(gaz.cities.values())

    def add(label: str, name: str, iri: str) -> None:
        titled = re.sub(r"\b[A-Z]{3,}\b", lambda m: m[0].title(), name)
        for variant in {name, fold(name), name.upper(), fold(name).upper(), titled}:
            if (label, variant) not in seen and variant.strip():
                seen.add((label, variant))
                patterns.append((label, variant, iri))

    for name, iri in gaz.team_names.items():
        add("TEAM", name, iri)
    for iri, (label, _city) in gaz.stadiums.items():
        for alias in stadium_aliases(label):
            if alias == label or (alias not in cities and alias not in gaz.team_names):
                add("STADIUM", alias, iri)
    for iri, label in gaz.cities.items():
        if label not in gaz.team_names:
            add("CITY", label, iri)
    for name, iri in gaz.club_names.items():
        add("CLUB", name, iri)
    return patterns


@dataclass
class NameIndex:
    """The graph's names as token sequences of the pipeline's tokenizer, by first token: a
    phrase matcher on token texts (spaCy's ``PhraseMatcher`` on ``ORTH``) that is a plain
    dictionary, so it is stored with the gazetteer and loads in milliseconds.

    ``by_first``: first token text → ``[(token texts, label, IRI)]``. Build with
    :meth:`build`; :meth:`mentions` finds the names of a processed doc."""

    by_first: dict[str, list[tuple[tuple[str, ...], str, str]]]

    @classmethod
    def build(cls, nlp: Language, patterns: list[tuple[str, str, str]]) -> NameIndex:
        """Tokenize ``patterns`` (:func:`name_patterns`) with ``nlp``'s tokenizer."""
        by_first: dict[str, list[tuple[tuple[str, ...], str, str]]] = {}
        for (label, _text, iri), doc in zip(patterns, nlp.tokenizer.pipe(p[1] for p in patterns),
                                            strict=True):  # fmt: skip
            tokens = tuple(t.text for t in doc)
            if tokens:
                by_first.setdefault(tokens[0], []).append((tokens, label, iri))
        return cls(by_first)

    def mentions(self, doc: Doc, clubs: bool = False) -> list[Mention]:
        """Team, stadium and city mentions of ``doc``, in text order. As spaCy's
        EntityRuler: every match found, then the longest first (the earlier of two as long)
        kept where it overlaps no name kept before. With ``clubs`` (a report about club
        football) club names are team mentions too and win a tie with a city or a national
        team ("Liverpool"); without, they are not read."""
        words = [t.text for t in doc]
        found: set[tuple[int, int, str, str]] = set()
        for i, word in enumerate(words):
            for tokens, label, iri in self.by_first.get(word, ()):
                if (clubs or label != "CLUB") and tuple(words[i : i + len(tokens)]) == tokens:
                    found.add((i, i + len(tokens), label, iri))
        kept: list[tuple[int, int, str, str]] = []
        taken: set[int] = set()
        ranked = sorted(found, key=lambda m: (m[0] - m[1], m[0], m[2] != "CLUB", m[2], m[3]))
        for start, end, label, iri in ranked:
            if start not in taken and end - 1 not in taken:
                kept.append((start, end, label, iri))
                taken.update(range(start, end))
        out = []
        for start, end, label, iri in sorted(kept):
            span = doc[start:end]
            kind = "team" if label == "CLUB" else label.lower()
            out.append(Mention(span.start_char, span.end_char, kind, iri, span.text))
        return out


#: the start of a line that begins a unit of its own: a live-blog minute ("57'", "90+3 min"),
#: a bullet, or a label in capitals ("SCORERS:")
LINE_UNIT = re.compile(
    r"\s*(?:[•*·–—-]|\d{1,3}(?:\s*\+\s*\d{1,2})?\s*(?:['’′]|min)|[A-Z][A-Z .]{2,}:)"
)


#: the longest line of a hard-wrapped text (e-mail and wire copy break at 70 to 80)
WRAP_WIDTH = 100


def unwrap_lines(text: str) -> str:
    """Turn the line breaks of hard-wrapped paragraphs (e-mail and wire copy broken at about
    seventy characters) into spaces, keeping the length so offsets stay valid.

    Only a text with no line longer than :data:`WRAP_WIDTH` is hard-wrapped. There a single
    line break is a wrap when the line before it is long (50 characters or more),
    is not in capitals (a headline), does not end a sentence or a clause (``. ! ? : ;`` or a
    closing quote), and the next line is not blank and does not start a unit of its own (a
    live-blog minute, a bullet, a label such as "SCORERS:")."""
    if any(len(line) > WRAP_WIDTH for line in text.splitlines()):
        return text  # a paragraph on one line: the text is not hard-wrapped
    chars = list(text)
    start = 0
    for m in re.finditer(r"\n", text):
        line = text[start : m.start()].rstrip()
        nxt = text[m.end() : m.end() + 40]
        start = m.end()
        if (
            len(line) >= 50
            and not line.isupper()
            and line[-1] not in '.!?:;"”’)'
            and nxt.strip()
            and not nxt.startswith("\n")
            and not LINE_UNIT.match(nxt)
        ):
            chars[m.start()] = " "
    return "".join(chars)


def blank_boilerplate(text: str) -> str:
    """Replace "Read also: <headline>" teasers, "Photo: …" captions, section headers and an
    encyclopedia's reference marks ("[3]", "[citation needed]") with spaces (same length).

    A teaser runs to the end of its line when the line is short; inside running text it ends
    with its run of capitalised words, less the last one when a lower-case word follows (that
    word starts the next sentence: "… Showdown Messi set up …")."""
    chars = list(text)
    for m in BOILERPLATE.finditer(text):
        end = _teaser_end(text, m.end())
        for i in range(m.start(), end):
            if chars[i] != "\n":
                chars[i] = " "
    for m in SECTION_HEADERS.finditer(text):
        for i in range(m.start(1), m.end(1)):
            chars[i] = " "
    for m in REFERENCE_MARK.finditer(text):  # "by Sweden,[3] this meant": the name stays a name
        for i in range(m.start(), m.end()):
            chars[i] = " "
    return "".join(chars)


def _teaser_end(text: str, start: int) -> int:
    newline = text.find("\n", start)
    if newline != -1 and newline - start < 160:
        return newline
    words = list(re.finditer(r"\S+", text[start : start + 300]))
    end = start
    for i, w in enumerate(words):
        token = w.group()
        if (
            token[0].isupper()
            or token[0].isdigit()
            or token in ("of", "the", "to", "in", "a", "and", "for", "vs", "v", "&", "-", "–")
        ):
            nxt = words[i + 1].group() if i + 1 < len(words) else ""
            if nxt and nxt[0].islower() and token[0].isupper() and i > 0:
                return end
            end = start + w.end()
        else:
            return end
    return end


@dataclass(frozen=True, slots=True)
class Mention:
    """A name found in the report: character span, kind (``team``, ``player``, ``stadium``,
    ``city``), the IRI, the surface text; for players their team IRI and position."""

    start: int
    end: int
    kind: str
    iri: str
    text: str
    team: str | None = None
    position: str | None = None


#: a lower-case name particle before a capitalised name: "van Persie", "de Vrij", "dos Santos"
PARTICLE = re.compile(
    r"(?:(?:van|von|de|der|den|da|di|do|dos|das|du|del|della|le|la|ter|ten)\s+)+[A-Z]"
)  # "van de Ven" too


def player_mentions(text: str, squads: list[SquadPlayer], taken: list[Mention]) -> list[Mention]:
    """Players of ``squads`` named in ``text`` (accent-insensitive, capitalised in the text):
    full labels, and family names (or last words of labels) unique within the squads. Spans
    inside ``taken`` mentions (teams, places) are skipped unless the player name is longer."""
    variants, shared, regex = _squad_names(tuple(squads))
    if regex is None:
        return []
    folded = fold(text).lower()
    found: list[Mention] = []
    taken = sorted(taken, key=lambda t: t.start)
    starts = [t.start for t in taken]
    longest = max((t.end - t.start for t in taken), default=0)
    for m in regex.finditer(folded):
        if not (text[m.start()].isupper() or PARTICLE.match(text, m.start())):
            continue
        near = taken[bisect_left(starts, m.start() - longest) : bisect_left(starts, m.end())]
        overlaps = [t for t in near if t.start < m.end() and m.start() < t.end
                    and not _player_not_place(text, t, m.start(), m.end())]  # fmt: skip
        if any(t.end - t.start >= m.end() - m.start() for t in overlaps):
            continue
        p = variants[m.group()]
        if p is None:
            # "Baggio" after "Roberto Baggio": the namesake named in full earlier in the text;
            # "Maximiliano Pereira": the namesake whose given name it writes out ("Maxi")
            named = [x for x in shared[m.group()] if _folded(x.label) in folded]
            p = _latest_full(folded, m.start(), named) if named else None
            p = p or _given_name_fits(text, m.start(), shared[m.group()])
            if p is None:
                continue
        found.append(
            Mention(
                m.start(), m.end(), "player", p.iri, text[m.start() : m.end()], p.team, p.position
            )
        )
    return found + _given_names(text, folded, squads, found)


def players_named(gaz: Gazetteer, folded: str) -> list[SquadPlayer]:
    """The players of any squad of ``gaz`` (:meth:`Gazetteer.all_squads`) whose full label
    ``folded`` (a text folded by :func:`fold` and lower-cased) writes as whole words, in
    label order, one per label; ``team`` is the national team of a squad they were in. A
    club report has no squad of its own: its players are found by their full names (labels
    of two words or more; one-name players need a squad). The index is built on the first
    call and kept in the gazetteer."""
    if gaz._players_by_label is None:
        index: dict[str, SquadPlayer] = {}
        for squad in gaz.all_squads():
            for p in squad:
                if " " in p.label:
                    index.setdefault(fold(p.label).lower(), p)
        gaz._players_by_label = index
    found = []
    for label, player in sorted(gaz._players_by_label.items()):
        at = folded.find(label)
        while at >= 0:
            end = at + len(label)
            if (at == 0 or not folded[at - 1].isalnum()) and (
                    end == len(folded) or not folded[end].isalnum()):  # fmt: skip
                found.append(player)
                break
            at = folded.find(label, at + 1)
    return found


def _player_not_place(text: str, taken: Mention, start: int, end: int) -> bool:
    """True when a city's name is a squad player's name not used as a place: "With Rivera
    the game of Italy was different" (Gianni Rivera, not Rivera in Uruguay); "in Rivera" is
    the place."""
    return (taken.kind == "city" and (taken.start, taken.end) == (start, end)
            and not re.search(r"\b(?:in|at|to|from|near|of)\s+$", text[max(0, start - 6) : start]))


def _given_names(text: str, folded: str, squads: list[SquadPlayer],
                 found: list[Mention]) -> list[Mention]:  # fmt: skip
    """Players a report also calls by their given name alone ("Roger nicked it off his
    toes" after "Roger Milla"): given names of players named in full earlier that no other
    player of the squads bears, each use after the first full mention."""
    full = {m.iri: m for m in found if " " in m.text}
    if not full:
        return []
    given: dict[str, list[SquadPlayer]] = {}
    for p in squads:
        if " " in p.label:
            given.setdefault(_folded(p.label.split()[0]), []).append(p)
    out = []
    for name, players in given.items():
        if len(players) != 1 or players[0].iri not in full or len(name) < 3:
            continue
        p, first = players[0], full[players[0].iri]
        for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", folded):
            if m.start() <= first.start or not text[m.start()].isupper():
                continue
            if any(f.start <= m.start() < f.end for f in found):
                continue  # part of a full name
            out.append(Mention(m.start(), m.end(), "player", p.iri, text[m.start() : m.end()],
                               p.team, p.position))  # fmt: skip
    return out


@lru_cache(maxsize=65536)
def _folded(name: str) -> str:
    return fold(name).lower()


@lru_cache(maxsize=256)
def _squad_names(
    squads: tuple[SquadPlayer, ...],
) -> tuple[dict[str, SquadPlayer | None], dict[str, list[SquadPlayer]], re.Pattern[str] | None]:
    """The names of ``squads`` a report may use, folded: full labels (also family name
    first: "Kim Young-gwon" for Fjelstul's "Young-gwon Kim") and unique short names →
    player; short names several players share → ``None`` (with the players in the second
    dict); and one regular expression for all of them, longest first. Cached per squads (a
    report's two teams at one edition)."""
    variants: dict[str, SquadPlayer | None] = {}
    for p in squads:
        variants.setdefault(_folded(p.label), p)
    for p in squads:  # family name first, as East Asian names are written: "Kim Young-gwon"
        words = p.label.split()
        if len(words) == 2 and p.family == words[1]:
            variants.setdefault(_folded(f"{words[1]} {words[0]}"), p)
    # "Thomas Mueller" for "Thomas Müller", as English papers transliterate German umlauts
    for p in squads:
        if _umlauts(p.label) != p.label:
            variants.setdefault(_folded(_umlauts(p.label)), p)
    # "Luis Ramírez" for "Luis Ramírez Zapata", "Juan Riquelme" for "Juan Román Riquelme":
    # a long name shortened to two of its words, when no other player of the squads has them
    shortened: dict[str, list[SquadPlayer]] = {}
    for p in squads:
        words = p.label.split()
        if len(words) >= 3:
            for two in {f"{words[0]} {words[1]}", f"{words[0]} {words[-1]}"}:
                shortened.setdefault(_folded(two), []).append(p)
    for name, players in shortened.items():
        if name not in variants and len({p.iri for p in players}) == 1:
            variants[name] = players[0]
    short: dict[str, list[SquadPlayer]] = {}
    for p in squads:
        names = {p.family or "", p.label.split()[-1] if " " in p.label else ""}
        names |= {_umlauts(n) for n in names}
        for name in names:
            if name and _folded(name) not in variants:
                short.setdefault(_folded(name), []).append(p)
    shared: dict[str, list[SquadPlayer]] = {}
    for name, players in short.items():
        if len({p.iri for p in players}) == 1:
            variants[name] = players[0]
        else:
            shared[name] = players
            variants[name] = None
    if not variants:
        return variants, shared, None
    alternation = "|".join(re.escape(v) for v in sorted(variants, key=len, reverse=True))
    return variants, shared, re.compile(rf"(?<![\w-])(?:{alternation})(?![\w-])")


#: German umlauts as English texts write them without the dots ("Mueller", "Oezil")
UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def _umlauts(name: str) -> str:
    """``name`` with German umlauts written out: "Müller" → "Mueller"."""
    return name.translate(UMLAUTS)


def _given_name_fits(text: str, start: int, namesakes: list[SquadPlayer]) -> SquadPlayer | None:
    """Of players sharing the family name written at ``start``, the one whose given name
    the word before it is, or begins ("Maximiliano" for Maxi Pereira, not Álvaro); ``None``
    when none or several fit."""
    before = re.search(r"([A-ZÀ-Ý][\w'’-]+)\s+$", text[max(0, start - 40) : start])
    if before is None:
        return None
    given = _folded(before.group(1))
    fits = {x.iri: x for x in namesakes
            if " " in x.label and given.startswith(_folded(x.label.split()[0]))}  # fmt: skip
    return next(iter(fits.values())) if len(fits) == 1 else None


def _latest_full(folded: str, pos: int, players: list[SquadPlayer]) -> SquadPlayer | None:
    """Of namesakes, the one whose full name was given last before ``pos``."""
    best, best_at = None, -1
    for p in players:
        at = folded.rfind(fold(p.label).lower(), 0, pos + 1)
        if at > best_at:
            best, best_at = p, at
    return best
