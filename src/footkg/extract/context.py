"""A report prepared for the rules: sentences, the team references in each, masked text.

Team references are explicit names, nicknames and demonyms (EntityRuler ``TEAM`` mentions),
plus words that point back to a team: "the hosts", "they"/"their", "X's side". Each gets the
team IRI it refers to (or ``None``). For the rules each sentence also has a *masked* form in
which every team reference is replaced by ``T<n>`` and dashes in scores are normalised, so
that a rule reads "T0 beat T1 2-1" whatever the team was called.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from footkg.extract.gazetteer import Gazetteer
from footkg.extract.pipeline import Mention

REF_WORDS = re.compile(
    r"\b(?:[Tt]he (?:co-)?hosts|[Tt]he host (?:nation|country|side)|[Tt]he home (?:side|nation)|"
    r"[Tt]he (?:holders|defending champions|reigning champions|title holders)|[Tt]hey|[Tt]heir|"
    r"[Tt]he (?:(?:tournament|pre-tournament|title|overwhelming|clear) )?favourites|"
    r"[Tt]he underdogs|"
    r"[Tt]he (?:two|three|four|five|six)-time (?:world )?champions|"
    r"[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?'s (?:(?:[a-z-]+ ){0,2}(?:side|team|men|squad|heroes|"
    r"charges|boys|lads|troops|players|women|girls|world-beaters|stars|outfit|eleven|army|"
    r"warriors)|[a-z]+(?= out\b))|"
    r"[Hh]is (?:side|team|men|players)|"
    r"[Tt]he (?:team|side|eleven|squad) of (?:(?:Signor|Señor|Senhor|Herr|Mr\.?|Monsieur|Coach) )?"
    r"[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?)\b"
)
#: regional descriptions of a team ("the South Americans", "the African side") → confederation
REGIONS = {
    "south american": "CONMEBOL", "european": "UEFA", "african": "CAF", "asian": "AFC",
    "north american": "CONCACAF", "central american": "CONCACAF", "oceanian": "OFC",
}  # fmt: skip
REGION_WORDS = re.compile(
    r"\b[Tt]he (South American|European|African|Asian|North American|Central American|Oceanian)"
    r"(?:s\b| (?:side|team|champions|nation|giants|outfit)\b)"
)
PLACE_PREPOSITIONS = ("in ", "to ", "from ", "of ", "at ")


GOAL_WORDS = {"nil": 0, "none": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
              "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}  # fmt: skip
#: a score in words, as older reports write it: "by five goals to three", "two goals to nil"
WORD_SCORE = re.compile(
    rf"\b({'|'.join(GOAL_WORDS)}|\d{{1,2}}) goals? to ({'|'.join(GOAL_WORDS)}|\d{{1,2}})\b", re.I
)


_GOAL_WORD = "|".join(GOAL_WORDS)
_GOAL_WORD_EACH = "|".join(w for w in GOAL_WORDS if w not in ("nil", "none")) + "|a"
#: a score in hyphenated words, as commentators say it: "four-three", "two-nil" ("a one-two"
#: is a pass)
HYPHEN_SCORE = re.compile(
    rf"(?<![\w-])(?<!a )(?<!the )({_GOAL_WORD})-({_GOAL_WORD})(?![\w-])", re.I
)
#: a score "N to M" after a result word, as translations write it: "won 3 to 1", "It was 2 to 1"
TO_SCORE = re.compile(
    r"\b((?:won|lost|drew|beat|defeated|tied|by|was|is|finished|ended) )(\d{1,2}) to (\d{1,2})\b"
)
#: a drawn score in words: "one goal each", "two goals apiece", "one-all", "2-all"
EACH_SCORE = re.compile(
    rf"\b({_GOAL_WORD_EACH}|\d{{1,2}})(?: goals?)?(?: each| apiece|[- ]all)\b(?! (?:the|of)\b)",
    re.I,
)
#: a clean sheet in words: "eight goals without reply", "three unanswered goals"
NO_REPLY = re.compile(
    rf"\b({_GOAL_WORD}|\d{{1,2}}) (?:goals? without reply|unanswered goals?)\b", re.I
)
#: goals put past a team without reply: "put six past T1 without reply" (a win, N-0)
PAST_NO_REPLY = re.compile(
    rf"\b(?:put|puts|putting|stuck|sticks|sticking|rattled|put away|slammed|fired) "
    rf"({_GOAL_WORD}|\d{{1,2}}) (?:goals )?past (T\d+),? without (?:reply|conceding)\b", re.I
)
#: a result line in words: "Soviet Union three, Belgium four" (teams already masked)
WORD_RESULT_LINE = re.compile(
    rf"(T\d+),? ({_GOAL_WORD}),? (?:the )?(T\d+),? ({_GOAL_WORD})\b", re.I
)  # "Portugal two, the Soviet Union one" too


def _goals(word: str) -> int:
    return int(word) if word.isdigit() else 1 if word.lower() == "a" else GOAL_WORDS[word.lower()]


@dataclass(frozen=True, slots=True)
class TeamRef:
    """A reference to a team in a sentence: span (document offsets), team IRI (``None`` when
    unresolved), the words, and ``kind`` (``name``, ``nickname``, ``demonym``, ``adjective``,
    ``pronoun``, ``hosts``, ``holders``, ``side``, ``region:<confederation>``, ``we``: a fan's
    first person)."""

    start: int
    end: int
    iri: str | None
    text: str
    kind: str


@dataclass
class Sentence:
    """One sentence: document offsets, text, team references, other mentions, masked text
    (``masked``) and which reference each ``T<n>`` stands for (``slots``)."""

    index: int
    start: int
    end: int
    text: str
    refs: list[TeamRef] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)
    masked: str = ""
    slots: list[TeamRef] = field(default_factory=list)
    paragraph: int = 0

    def team(self, slot: str) -> TeamRef:
        """The reference behind placeholder ``T<n>``."""
        return self.slots[int(slot[1:])]


#: after "the <adjective>": the adjective names the team ("the Swiss had", "the Dutch, who")
NOUN_USE = re.compile(
    r"(?:[,.;:]|\s+\d|\s+(?:by|had|have|has|were|was|are|is|will|would|could|did|never|also|then|who|"
    r"went|came|took|made|scored|led|won|lost|drew|beat|pressed|held|needed)\b)"
)


#: after "the <adjective>": a word for a team ("the Italian eleven", "the Dutch side")
TEAM_NOUN_AFTER = re.compile(
    r" (?:eleven|XI|side|team|squad|outfit|players|men|women|girls|selection|national team|"
    r"forwards|defenders|attackers|midfielders|strikers)\b"
)

#: after a demonym: a person or body of that nationality ("the Dutch referee"), not the team
ROLE_AFTER = re.compile(
    r"\s+(?:referee|linesman|linesmen|official|officials|assistant|fourth official|press|media|"
    r"journalists?|fans|supporters|crowd|league|club|clubs|coach|manager|federation|FA|"
    r"government|president|newspapers?|television|TV|broadcaster|VAR)\b"
)


#: a fan's first person plural: "we lost 2-1 to England", "Norway took us apart"
FIRST_PERSON = re.compile(r"\b(?:[Ww]e|us)\b")


def in_quotes(text: str, pos: int) -> bool:
    """True when ``pos`` is inside a quotation of its paragraph ("…" or “…”)."""
    para = text.rfind("\n", 0, pos) + 1
    before = text[para:pos]
    return before.count('"') % 2 == 1 or before.rfind("“") > before.rfind("”")


def team_refs(
    text: str, start: int, end: int, mentions: list[Mention], gaz: Gazetteer,
    first_person: bool = False,
) -> list[TeamRef]:  # fmt: skip
    """Team references in ``text[start:end]`` before resolution of pronouns and descriptors;
    with ``first_person`` (a fan's report), also "we"/"us" outside quotations (kind ``we``)."""
    refs: list[TeamRef] = []
    for m in mentions:
        if m.kind == "team" and start <= m.start < end:
            kind = gaz.nickname_kind.get(m.text, "name")
            s = m.start
            the = text[max(0, s - 4) : s].lower() == "the "
            ref_end = m.end
            if kind == "adjective" and the and NOUN_USE.match(text, m.end):
                kind = "demonym"  # "The Swiss had met …": an adjective used as the team
            elif kind == "adjective" and the and (noun := TEAM_NOUN_AFTER.match(text, m.end)):
                kind, ref_end = "demonym", noun.end()  # "the Italian eleven": the team
            elif kind in ("demonym", "nickname") and ROLE_AFTER.match(text, m.end):
                kind = "adjective"  # "the Dutch referee": a nationality, not the team
            if kind in ("demonym", "nickname") and the:
                s -= 4
            refs.append(TeamRef(s, ref_end, m.iri, text[s:ref_end], kind))
    for m in REGION_WORDS.finditer(text, start, end):
        refs = [r for r in refs if not (r.start < m.end() and m.start() < r.end)]
        refs.append(TeamRef(m.start(), m.end(), None, m.group(), "region:" + REGIONS[m[1].lower()]))
    for m in REF_WORDS.finditer(text, start, end):
        if any(r.start < m.end() and m.start() < r.end for r in refs):
            continue
        word = m.group().lower()
        kind = "pronoun"
        if "host" in word or "home" in word:
            kind = "hosts"
        elif "holder" in word or "champions" in word:
            kind = "holders"
        if re.search(r"'s|’s|\bhis\b|^the (?:team|side|eleven|squad) of ", word):
            kind = "side"  # "Joachim Löw's side", "the team of Gero Bisanz"
        refs.append(TeamRef(m.start(), m.end(), None, m.group(), kind))
    for m in FIRST_PERSON.finditer(text, start, end) if first_person else ():
        if not in_quotes(text, m.start()):
            refs.append(TeamRef(m.start(), m.end(), None, m.group(), "we"))
    return sorted(refs, key=lambda r: r.start)


#: a dateline's city in capitals, then the country: "SUWON, " before "South Korea"
DATELINE_CITY = re.compile(r"(?:^|\n)[A-ZÀ-Þ][A-ZÀ-Þ .'-]+, $")


#: what a place use of a name ends in: a comma ("ROME, Italy") or a preposition ("in Italy")
PLACE_HINT = re.compile(
    r"(?:, |(?<![\w])(?:[Ii]n|[Tt]o|[Ff]rom|[Oo]f|[Aa]t|around|round|across|throughout) )$"
)
#: a prize that goes to a team: "Third place went to " before "Sweden"
AWARDED_TO = re.compile(
    r"\b(?:place|title|points|spoils|trophy|cup|win|victory|honou?rs|medal|bronze|gold|silver)"
    r" (?:went|goes|go|going) to $", re.I
)
#: a city named before its country: "in Guangzhou, " before "China"
CITY_COMMA = re.compile(r"\b(?:in|at|from|near) [A-Z][\w'’.-]+(?: [A-Z][\w'’.-]+)?, $")


#: after a country: a year that makes it an edition's name ("South Africa 2010", "Mexico '86")
EDITION_AFTER = re.compile(r" (?:(?:19|20)\d\d|['’]\d\d)\b(?![-–])")


def is_place_use(text: str, ref: TeamRef) -> bool:
    """True when a team name is used as a place ("in Mexico", "heads to Miami", the country
    of a dateline "SUWON, South Korea (June 5) -"); not after a result ("lost 8-3 to
    Hungary", "a 6-1 rout of Switzerland", "five-two to Scotland")."""
    if ref.kind == "name" and EDITION_AFTER.match(text, ref.end):
        return True  # "South Africa 2010", "Mexico '86": an edition, not the team
    if not PLACE_HINT.search(text, max(0, ref.start - 12), ref.start):
        return False  # every place use ends in a comma or a preposition
    if DATELINE_CITY.search(text, max(0, ref.start - 40), ref.start):
        return True
    if CITY_COMMA.search(text[max(0, ref.start - 40) : ref.start]) and re.match(
        r"\s*(?:[,.;)]|$)", text[ref.end : ref.end + 2]
    ):
        return True  # "the final in Guangzhou, China, and …": the city's country
    if AWARDED_TO.search(text[max(0, ref.start - 30) : ref.start]):
        return False  # "Third place went to Sweden": a team
    if re.match(r",? (?:who|which)\b", text[ref.end : ref.end + 8]):
        return False  # "That job falls to Italy, who play Brazil": a team
    before = text[max(0, ref.start - 30) : ref.start].lower()
    if re.search(rf"(?:\d\s*[-–]\s*\d|\b(?:{_GOAL_WORD})[-–](?:{_GOAL_WORD})|"
                 r"\b(?:lost|losing|lose|loses|fell|falling|defeat|loss|beaten|"
                 r"win|victory|rout|thrashing|demolition|drubbing|hammering|triumph|success|"
                 r"went out|knocked out|behind|hands|losers)(?: \w+)?) (?:to|of) $",
                 before):  # fmt: skip
        return False
    if re.search(r"\b[A-Z][\w'’-]+ [A-Z][\w'’-]+ of $", text[max(0, ref.start - 40) : ref.start]):
        return False  # "David Villa of Spain": a player's team (a full name before "of")
    place = r"\b(?:in|to|from|of|at|around|round|across|throughout) $"
    return ref.kind == "name" and bool(re.search(place, before))


#: a score written with a colon, as much of Europe writes it: "2:2", "0:2", "10:1"; a clock
#: time has two digits after its colon
COLON_SCORE = re.compile(r"(?<![\d:])(\d{1,2}):(\d)(?![\d:])")


def mask(sentence: Sentence, text: str) -> None:
    """Fill ``sentence.masked`` and ``sentence.slots`` from its resolved references."""
    out, pos, slots = [], sentence.start, []
    for ref in sentence.refs:
        if ref.iri is None or ref.kind == "adjective" or is_place_use(text, ref):
            continue
        if slots and slots[-1].iri == ref.iri and re.fullmatch(r"[\s,]*", text[pos : ref.start]):
            pos = ref.end  # "the hosts Sweden", "the holders, Uruguay": one team, one slot
            continue
        before = text[pos : ref.start]
        if ref.kind == "name" and re.search(r"(?:^|(?<=\s))[Tt]he $", before):
            before = before[:-4]  # "the Netherlands": the article goes with the team
        out.append(before)
        out.append(f"T{len(slots)}")
        slots.append(ref)
        pos = ref.end
    out.append(text[pos : sentence.end])
    masked = "".join(out)
    masked = re.sub(r"(\d+)\s*[-–—−]\s*(\d+)", r"\1-\2", masked)
    masked = COLON_SCORE.sub(r"\1-\2", masked)  # "played 2:2", "lost with 0:2" (not 18:53)
    lower = masked.lower()  # each rewrite needs a word of its own (a fast path)
    if " to " in lower:
        masked = WORD_SCORE.sub(lambda m: f"{_goals(m[1])}-{_goals(m[2])}", masked)
        masked = TO_SCORE.sub(lambda m: f"{m[1]}{m[2]}-{m[3]}", masked)
    if "each" in lower or "apiece" in lower or "all" in lower:
        masked = EACH_SCORE.sub(lambda m: f"{_goals(m[1])}-{_goals(m[1])}", masked)
    if "reply" in lower or "unanswered" in lower or "conceding" in lower:
        masked = NO_REPLY.sub(lambda m: f"{_goals(m[1])}-0", masked)
        masked = PAST_NO_REPLY.sub(lambda m: f"beat {m[2]} {_goals(m[1])}-0", masked)
    if "-" in masked or "–" in masked:
        masked = HYPHEN_SCORE.sub(lambda m: f"{_goals(m[1])}-{_goals(m[2])}", masked)
    masked = WORD_RESULT_LINE.sub(
        lambda m: f"{m[1]} {_goals(m[2])}, {m[3]} {_goals(m[4])}", masked
    )
    sentence.masked = re.sub(r"\s+", " ", masked)
    sentence.slots = slots
