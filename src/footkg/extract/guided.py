"""Fixture-guided reading of goals.

When a report's main match links to a fixture of the graph, the graph's goals for it (from
the Fjelstul World Cup Database's ``goals.csv``) say who scored and roughly when. Each such
goal the rules did not find is looked for in the report: a sentence that names the scorer
and gives a time close to the goal's (the sentence's own time, a live-blog line's minute, or
the time given in the sentence before). The rules of :mod:`footkg.extract.goals` stay the
primary reader; this pass recovers goals told in phrasings they do not know ("gave the
Brazilians a flicker of hope").

What is kept is what the report says: its minute as written (a report's 85 against the
data's 86 stays a disagreement that :mod:`footkg.extract.conflicts` lists), the kind of goal
from the sentence's own words. The fixture only proposes which player to look for and which
side the goal counts for (an own goal counts for the other side). A goal the report does not
tell, or tells with no time near the fixture's, is not added.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from footkg.extract.context import Sentence
from footkg.extract.facts import Evidence, GoalFact
from footkg.extract.goals import PENALTY_KIND, SIGNALS, _kind, clauses, line_time
from footkg.extract.pipeline import Mention
from footkg.extract.timeexpr import NUM, find_times, number, resolve

#: how far (minutes, stoppage counted in) a report's time may lie from the fixture's and
#: still be the same goal told with a different minute (85 vs 86; 92 vs 90+2)
TOLERANCE = 2

#: words that say a sentence tells a goal, beyond the scoring verbs of the rules
GOAL_WORDS = re.compile(
    r"\b(?:goal|goals|net|nets|netted|score[sd]?|scoring|scorer|equali[sz]\w*|lead|winner|"
    r"opener|header|headed|penalty|spot|strike|struck|finish\w*|made it|make it|\d+-\d+|"
    r"hope|reply|replied|back|level|in front|ahead|brace|second|third|fourth|fifth)\b",
    re.I,
)
SCORE = re.compile(r"\b\d{1,2}[-–]\d{1,2}\b")
#: a score in words, as commentators say it: "one-nil", "Two-nil to Norway", "Sweden nil,
#: Nigeria one"
_GOALS = r"(?:nil|nought|one|two|three|four|five|six|seven)"
SPOKEN_SCORE = re.compile(rf"\b{_GOALS}(?:[-–]|, [A-Z][\w ]{{2,30}}? ){_GOALS}\b", re.I)
PENALTY_WORDS = re.compile(
    r"\bpenalt(?:y|ies)\b|\bspot[- ]kicks?\b|\b(?:from|to) the spot\b|\bPKs?\b|\bpen\b", re.I
)


@dataclass(frozen=True, slots=True)
class FixtureGoal:
    """A goal of the graph's fixture: scorer IRI, team credited (IRI), minute and stoppage
    minutes (``None`` when unknown), own goal and penalty flags."""

    scorer: str
    team: str
    minute: int
    stoppage: int | None
    own_goal: bool
    penalty: bool

    @property
    def clock(self) -> int:
        """Minutes played when it was scored, stoppage counted in (90+2 → 92)."""
        return self.minute + (self.stoppage or 0)


@dataclass(frozen=True, slots=True)
class Clocked:
    """A time the report gives, resolved to an absolute minute: the sentence it is in, its
    offset in the report, minute, stoppage, and ``vague`` for "in stoppage time"."""

    sentence: int
    start: int
    minute: int
    stoppage: int | None
    vague: bool

    @property
    def clock(self) -> int:
        return self.minute + (self.stoppage or 0)


def report_clock(sentences: list[Sentence]) -> dict[int, list[Clocked]]:
    """Every time the report gives, by sentence index, in text order. A relative time ("ten
    minutes later", "three minutes after that") counts from the last time given before it; a
    live-blog line's leading minute ("57' …") is the time of its sentences."""
    out: dict[int, list[Clocked]] = {}
    last: int | None = None
    last_stoppage: int | None = None
    paragraph, line = -1, None
    for s in sentences:
        mark = line_time(s.text)
        if s.paragraph != paragraph or mark is not None:
            paragraph, line = s.paragraph, mark  # a new paragraph, or a line with its minute
        found: list[Clocked] = []
        if line is not None and line.minute is not None:
            found.append(Clocked(s.index, s.start, line.minute, line.stoppage, False))
            last, last_stoppage = line.minute, line.stoppage
        for t in find_times(s.text):
            r = resolve(t, last, last_stoppage)
            if r.minute is None:
                continue  # a relative time before any minute was given
            found.append(Clocked(s.index, s.start + t.start, r.minute, r.stoppage, r.vague))
            last, last_stoppage = r.minute, r.stoppage
        out[s.index] = found
    return out


#: a heading or line start that opens a scorers box ("SCORERS:", "Goals:")
#: a penalty in the scorer's own clause, from his name on ("Mbappé scored from the penalty
#: spot"), not across a clause break or another time ("… after his penalty a minute earlier")
OWN_PENALTY = re.compile(
    r"[\w'’-]+(?:(?!\b(?:and|after|before|earlier|later|then|while|when)\b)[^,;.]){0,50}?"
    r"\b(?:penalty|spot[- ]kick|from the spot)\b",
    re.I,
)
BOX_HEADING = re.compile(r"^\s*(?:(?:goal)?scorers?|goals)\b", re.I)
#: a scorers heading inside a line: "Final score: United States 1, England 0. Goal: Gaetjens (38)."
INLINE_HEADING = re.compile(r"(?:^|[.;]\s+)(?:(?:goal)?scorers?|goals?)\s*[:—]", re.I)
#: the minutes after a name in a scorers box: "Wagner 25, 27, 53;", "Hügi (17, 19)",
#: "(Haraguchi, 48)"
_BOX_KIND = r"(?:\s*\((?:pen|p|penalty|og|o\.g\.)\.?\))?"  # "60 (pen)", "Ponce (og) 24"
_BOX_MINUTE = rf"\d{{1,3}}(?:\s*\+\s*\d{{1,2}})?['’]?{_BOX_KIND}"
BOX_MINUTES = re.compile(
    rf"(?:,?\s+(?:pen|p|penalty|og|o\.g\.)\.?|{_BOX_KIND})?,?\s*\(?({_BOX_MINUTE}(?:\s*,\s*{_BOX_MINUTE})*)"
    r"(?:\s*min(?:ute)?s?\.?)?\)?"  # "(Ricardo Horta, 5 min)"
    r"(?=\s*(?:[;.)(]|,\s*\D|$))",
    re.M,
)


#: a result line with its scorers in brackets: "Hungary 4 (Czibor 13, Hidegkuti 46, …",
#: "GOAL! NETHERLANDS 1-0 SWEDEN (Groenen 99)"
RESULT_BOX = re.compile(
    r"(?:[A-Z][\w.'’-]*(?: [\w.'’-]+){0,3} \d{1,2}|\d{1,2}[-–]\d{1,2} [A-Z][\w.'’ -]{1,30}?) "
    r"\([^()\n]*$"
)


def box_times(text: str, sentences: list[Sentence],
              players: list[Mention]) -> dict[int, list[Clocked]]:  # fmt: skip
    """The minutes a scorers box gives each player named in it, by the mention's offset:
    "SCORERS:" then "Austria: Wagner 25, 27, 53; A. Körner 26, 34". A box is the unbroken
    lines under (or starting with) a "Scorers"/"Goals" heading; player ratings ("Milla 10")
    are not one."""
    out: dict[int, list[Clocked]] = {}
    for p in players:
        if not _in_box(text, p.start):
            continue
        m = BOX_MINUTES.match(text, p.end)
        s = next((x for x in sentences if x.start <= p.start < x.end), None)
        if m is None or s is None:
            continue
        for part in re.finditer(r"(\d{1,3})(?:\s*\+\s*(\d{1,2}))?", m.group(1)):
            minute, extra = int(part[1]), int(part[2]) if part[2] else None
            if 1 <= minute <= 130:
                out.setdefault(p.start, []).append(
                    Clocked(s.index, m.start(1) + part.start(), minute, extra, False)
                )
    return out


def _in_box(text: str, pos: int, depth: int = 6) -> bool:
    """True when ``pos`` is on a line of a scorers box: the line starts with the heading or
    has one before ``pos`` ("… England 0. Goal: Gaetjens (38)"), ``pos`` is in the brackets
    after a team's score ("Hungary 4 (Czibor 13, …)"), or the heading opens one of
    the (up to ``depth``) unbroken lines above it."""
    start = text.rfind("\n", 0, pos) + 1
    if INLINE_HEADING.search(text, start, pos) or RESULT_BOX.search(text, start, pos):
        return True
    for _ in range(depth):
        line = text[start : text.find("\n", start) if "\n" in text[start:] else len(text)]
        if not line.strip():
            return False
        if BOX_HEADING.match(line):
            return True
        if start == 0:
            return False
        start = text.rfind("\n", 0, start - 1) + 1
    return False


def fixture_goals_of(rows: list[dict]) -> list[FixtureGoal]:
    """The rows of :func:`footkg.extract.linking.fixture_goals` that have a scorer and a
    minute, as :class:`FixtureGoal`, in match order."""
    out = [
        FixtureGoal(r["scorer"], r["team"], r["minute"], r["stoppage"], r["own_goal"], r["penalty"])
        for r in rows
        if r["scorer"] and r["minute"] is not None
    ]
    return sorted(out, key=lambda g: g.clock)


def _near(fg: FixtureGoal, t: Clocked) -> int | None:
    """How far (minutes) report time ``t`` is from fixture goal ``fg``, or ``None`` when it
    cannot be that goal: beyond :data:`TOLERANCE`, or "stoppage time" of the other half."""
    if t.vague:
        return 0 if fg.minute == t.minute and fg.stoppage else None
    gap = abs(fg.clock - t.clock)
    return gap if gap <= TOLERANCE else None


@lru_cache(maxsize=4096)
def tells_goal(text: str) -> bool:
    """True when ``text`` tells a goal: a goal word ("scored", "into the net") or a
    scoring signal of :data:`SIGNALS`."""
    return bool(GOAL_WORDS.search(text) or any(p.search(text) for p in SIGNALS))


def guided_goals(
    text: str,
    sentences: list[Sentence],
    players: list[Mention],
    fixture: list[FixtureGoal],
    found: list[GoalFact],
    name_of: Callable[[Mention], str],
    team_name: Callable[[str], str],
    clock: dict[int, list[Clocked]] | None = None,
    age_of: Callable[[str], int | None] | None = None,
) -> list[GoalFact]:
    """Goals of ``fixture`` that ``found`` (the rules' goals) lacks and the report tells: for
    each, a sentence that refers to its scorer (``players``: the match's player mentions;
    or "she"/"he" in a sentence naming no player, for the player named last in the three
    sentences before) with the closest time within :data:`TOLERANCE` (the minutes after the
    name in a scorers box, see :func:`box_times`; else a time in the sentence itself, or in
    the sentence before, a bare time or short score line after it, the opening of its
    paragraph two sentences before, a bare time line up to three before, the next sentence
    when a short one announces the scorer, or the last time given up to four sentences
    before with no goal told between). At the same distance a sentence's own time wins.
    ``text`` is the report; ``clock`` its :func:`report_clock` when the caller has it. A time
    off the fixture's needs goal words in the sentence ("equalised", "made it 2-2"). A
    scorer the report calls only by age ("the 26-year-old") is found with ``age_of(player
    IRI)``, his age on the day (see :func:`_by_age`). Each report time serves one goal.
    ``name_of(mention)`` and ``team_name(iri)`` give labels. Returns the new goals
    (evidence rule ``fixture-guided``)."""
    if clock is None:
        clock = report_clock(sentences)
    box = box_times(text, sentences, players)
    by_index = {s.index: s for s in sentences}
    sightings = _sightings(sentences, players)
    # a time the rules gave a goal of its sentence is that goal's ("Ballaman opened the score
    # at the 16th minute, followed quickly by two goals by Josef Hügi": not Hügi's)
    used: set[tuple[int, int]] = {
        (t.sentence, t.start) for g in found if g.minute is not None
        for s in sentences if s.start <= g.evidence.start < s.end
        for t in clock.get(s.index, []) if (t.minute, t.stoppage) == (g.minute, g.stoppage)
    }  # fmt: skip
    out: list[GoalFact] = []
    aged = AGE.search(text) is not None
    named: dict[int, set[str]] = {}  # sentence index → fixture scorers it names
    scorers = {fg.scorer for fg in fixture}
    for se, p in sightings:
        if p.iri in scorers:
            named.setdefault(se.index, set()).add(p.iri)
    told = _told(fixture, found)
    for i, fg in enumerate(fixture):
        if i in told:
            continue
        best: tuple[tuple[int, bool, int], Clocked, Sentence, Mention] | None = None
        for s, p in sightings:
            if p.iri != fg.scorer:
                continue
            own = clock.get(s.index)  # the sentence's own time (a box only sums it up)
            times = (box.get(p.start) or own or clock.get(s.index - 1)
                     or _time_only(by_index.get(s.index + 1), clock)
                     or _two_before(s, by_index, clock)
                     or _heading_time(s, sentences, clock)
                     or _announced(s, by_index.get(s.index + 1), clock)
                     or _last_time_before(s, by_index, clock, named, fg.scorer))  # fmt: skip
            for t in times:
                gap = _near(fg, t)
                if gap is None or (t.sentence, t.start) in used:
                    continue
                if gap and not tells_goal(s.text):
                    continue
                # at the same gap, a sentence with a time of its own wins, then prose over a
                # scorers box (which only sums up), then the one nearest the time
                # ("Aghahowa! Oh, he's scored! Julius Aghahowa, rising …, a header …
                # Twenty-seven minutes gone"), then the first
                rank = (2 * gap + (0 if own and t in own else 1), p.start in box,
                        abs(s.index - t.sentence))  # fmt: skip
                if best is None or rank < best[0]:
                    best = (rank, t, s, p)
        if best is None and age_of is not None and aged:
            best = _by_age(fg, age_of(fg.scorer), sentences, players, clock, used)
        if best is None:
            continue
        _, t, s, p = best
        used.add((t.sentence, t.start))
        penalty = fg.penalty and _penalty_told(sentences, s)
        part = _scorer_part(s, p, players)
        out.append(_goal(fg, t, s, part, p, penalty, name_of, team_name))
    return out


#: a player called by his age: "The 26-year-old striker", "the twenty-year-old"
AGE = re.compile(rf"\b(?:[Tt]he|[Aa]n?) ({NUM})-year-old\b(?!s)", re.I)


def _by_age(
    fg: FixtureGoal, age: int | None, sentences: list[Sentence], players: list[Mention],
    clock: dict[int, list[Clocked]], used: set[tuple[int, int]],
) -> tuple[tuple[int, bool, int], Clocked, Sentence, Mention] | None:  # fmt: skip
    """A sentence that tells ``fg`` calling its scorer by age alone ("The 26-year-old
    striker, who had replaced Hakan Şükür after 67 minutes, struck in the 94th minute"): the
    age is the scorer's on the day (``age``, years), no player is named beside it, and the
    sentence (or the one before) gives the goal's time. Ranked like :func:`guided_goals`'
    sightings."""
    if age is None or fg.own_goal:
        return None
    for s in sentences:
        for m in AGE.finditer(s.text):
            try:
                if number(m.group(1)) != age:
                    continue
            except KeyError:
                continue
            at, end = s.start + m.start(), s.start + m.end()
            if any(at - 4 <= p.end <= at or end <= p.start <= end + 2 for p in players):
                continue  # "Bellingham, the 19-year-old": the named player
            if not tells_goal(s.text):
                continue
            for t in clock.get(s.index) or clock.get(s.index - 1) or []:
                gap = _near(fg, t)
                if gap is not None and (t.sentence, t.start) not in used:
                    p = Mention(at, end, "player", fg.scorer, m.group(), fg.team)
                    return (2 * gap, False, 0), t, s, p
    return None


#: the ball going in, told without a word for a goal ("looping past the England goalkeeper")
FINISH = re.compile(
    r"\b(?:past|beyond|beat) (?:the |a )?(?:[\w-]+ )?(?:goalkeeper|keeper|goalie)\b|"
    r"\binto the (?:(?:top|bottom|far|near|left|right|back|empty|roof of the) )?(?:[\w-]+ )?"
    r"(?:net|goal|corner|roof)\b|\bin(?:side)? the (?:net|goal|far post|near post)\b|"
    r"\bover the line\b",
    re.I,
)


def _last_time_before(s: Sentence, by_index: dict[int, Sentence],
                      clock: dict[int, list[Clocked]], named: dict[int, set[str]],
                      scorer: str, reach: int = 4) -> list[Clocked]:  # fmt: skip
    """The last time the report gave in the ``reach`` sentences before ``s`` (paragraphs
    included) when ``s`` tells a goal and none of the sentences between tells another
    scorer's (``named``: sentence index → the fixture scorers it names): "Then,
    five minutes from time, Völler went down … and Codesal pointed to the spot." and, a
    paragraph on, "So it was Andreas Brehme … who placed the ball and drove it low into the
    corner". A time of half-time alone ("Matthäus … had changed his boots at half-time")
    does not stop the look back."""
    if not (tells_goal(s.text) or FINISH.search(s.text)):
        return []
    found: list[Clocked] = []
    earlier = sorted((i for i in by_index if i < s.index), reverse=True)[:reach]
    for i in earlier:  # the sentences before (a paragraph break skips an index)
        before = by_index[i]
        if named.get(i, set()) - {scorer} and tells_goal(before.text):
            break  # another scorer's goal told in between
        if clock.get(i):
            if not all(t.minute == 45 and t.stoppage is None for t in clock[i]):
                return found + clock[i][-1:]
            found += clock[i]  # "had changed his boots at half-time": look further back
    return found


def _two_before(s: Sentence, by_index: dict[int, Sentence],
                clock: dict[int, list[Clocked]]) -> list[Clocked]:  # fmt: skip
    """The times of the sentence two before ``s`` when it opens the same paragraph's move and
    ``s`` tells a goal: "Seven minutes before half-time the script tore. Bahr swung it
    across. Gaetjens got his head to it." """
    first = by_index.get(s.index - 2)
    if first is None or first.paragraph != s.paragraph:
        return []
    if not (tells_goal(s.text) or FINISH.search(s.text)):
        return []
    return clock.get(first.index, [])


PRONOUN = re.compile(r"\b(?:[Hh]e|[Ss]he|[Hh]is|[Hh]ers?|[Hh]im)\b")


def _sightings(sentences: list[Sentence], players: list[Mention]) -> list[tuple[Sentence, Mention]]:
    """Each (sentence, player) the sentence refers to: by name, or by a pronoun before the
    first player it names, if any (the player named last, up to three sentences before)."""
    out: list[tuple[Sentence, Mention]] = []
    last: tuple[int, Mention] | None = None
    for s in sentences:
        named = [p for p in players if s.start <= p.start < s.end]
        out += [(s, p) for p in named]
        first = named[0].start - s.start if named else len(s.text)
        if last is not None and s.index - last[0] <= 3 and PRONOUN.search(s.text, 0, first):
            out.append((s, last[1]))  # "In the ninth minute she turned … and Jill Scott …"
        if named:
            last = (s.index, named[-1])
    return out


def _penalty_told(sentences: list[Sentence], s: Sentence) -> bool:
    """True when sentence ``s`` or one of the four before it speaks of a penalty ("Two
    penalties, two goals. Williams converted the first of them …"; a live blog's "21 min:
    PENALTY to Argentina!" lines before "23 min: GOAL!"), or one of the two after it in its
    paragraph does ("… caught Yuika Sugasawa in the box. Penalty. Sugasawa put it low")."""
    at = sentences.index(s)
    after = [x for x in sentences[at + 1 : at + 3] if x.paragraph == s.paragraph]
    return any(PENALTY_WORDS.search(x.text) for x in sentences[max(0, at - 4) : at + 1] + after)


def reconcile(goals: list[GoalFact], fixture: list[FixtureGoal], sentences: list[Sentence],
              team_name: Callable[[str], str], players: list[Mention] | None = None,
              name_of: Callable[[Mention], str] | None = None) -> list[GoalFact]:  # fmt: skip
    """The rules' ``goals`` checked against the fixture's: a goal that is a fixture own goal
    becomes one (kind ``own_goal``, counted for the other side: "a deflection off Jorge
    Costa"); one that is a fixture penalty becomes one when the report speaks of a penalty
    there, and one that is not is no penalty (the penalty told nearby was another's); a goal
    credited to a player with no fixture goal near its time is dropped when another goal, of
    a fixture scorer, lies within :data:`TOLERANCE` of it (the rules took
    the passer for the scorer, or "four minutes after Zizinho's goal Igoa …" for Zizinho's);
    a goal in the 120th minute is dropped when the fixture has no goal of its scorer that
    late (a shootout kick: "PENALTIES (Norway first)" then "Caroline Graham Hansen scores.
    1-0."); no team keeps more goals than the fixture gives it. A goal whose scorer the
    rules found by a pronoun goes to the fixture's scorer of that time when the report names
    him (see :func:`_recredit`; ``players``, ``name_of``: the report's player mentions and
    their names). ``team_name(iri)`` gives labels. Returns the goals kept."""
    scorers = {fg.scorer for fg in fixture}
    if players and name_of is not None:
        _recredit(goals, fixture, sentences, players, name_of)
    for g in goals:
        # the nearest of the fixture goals it may be: Mbappé's goal a minute after his 80th-
        # minute penalty is his 81st-minute volley, no penalty
        near = [f for f in fixture if _is_found(f, g)]
        fg = min(near, key=lambda f: abs(f.clock - _clock(g))) if near else None
        if fg is None:
            continue
        if fg.own_goal and g.kind != "own_goal":
            g.kind, g.team, g.team_name = "own_goal", fg.team, team_name(fg.team)
        if fg.penalty and g.kind != "penalty":
            s = next((x for x in sentences if x.start <= g.evidence.start < x.end), None)
            if s is not None and (_penalty_told(sentences, s)
                                  or _scorer_took_a_penalty(sentences, g, fixture)):  # fmt: skip
                g.kind = "penalty"
        elif not fg.penalty and g.kind == "penalty" and not _own_penalty(g, sentences):
            g.kind = "regular"  # the penalty told nearby was another's
    late = {fg.scorer for fg in fixture if fg.clock >= 120 - TOLERANCE}
    kept = [
        g for g in goals
        if (g.minute is None or _scored_near(g, fixture)
            or not any(o is not g and o.scorer in scorers and o.minute is not None
                       and abs(_clock(o) - _clock(g)) <= TOLERANCE for o in goals))
        and not (g.minute == 120 and g.stoppage is None and g.scorer not in late)
    ]  # fmt: skip
    return _no_more_than_the_fixture(kept, fixture, scorers)


def _own_penalty(g: GoalFact, sentences: list[Sentence]) -> bool:
    """True when the goal's own sentence tells its penalty in its scorer's words: "Kylian
    Mbappé scored from the penalty spot in the 81st minute" is the report's claim (compared
    with the fixture in the conflicts), not a penalty told of another goal."""
    s = next((x for x in sentences if x.start <= g.evidence.start < x.end), None)
    if s is None or g.scorer_name is None:
        return False
    text = s.text
    at = text.find(g.scorer_name.split()[-1])
    return at >= 0 and bool(OWN_PENALTY.match(text, at))


def _recredit(goals: list[GoalFact], fixture: list[FixtureGoal], sentences: list[Sentence],
              players: list[Mention], name_of: Callable[[Mention], str]) -> None:  # fmt: skip
    """A goal whose sentence does not name its scorer (the rules read "he" as the player
    named last: "… the captain Manuel Ferreira had gone home … In the twelfth minute he met a
    low ball") and whose scorer has no fixture goal near its time goes to the scorer of the
    fixture goals of the same team within :data:`TOLERANCE` that no other goal tells (each
    fixture goal tells one), when they are one player's and the report names him somewhere
    (Stábile, 12' and 13'). Changes ``goals`` in place."""
    claimed: set[int] = set()  # fixture goals (indexes) a goal of the rules tells
    for o in goals:
        near = [i for i, fg in enumerate(fixture) if i not in claimed and _is_found(fg, o)]
        claimed.update(sorted(near, key=lambda i: abs(fixture[i].clock - _clock(o)))[:1])
    for g in sorted(goals, key=_clock):
        if g.scorer is None or g.minute is None or _scored_near(g, fixture):
            continue
        s = next((x for x in sentences if x.start <= g.evidence.start < x.end), None)
        if s is None or any(p.iri == g.scorer and s.start <= p.start < s.end for p in players):
            continue
        untold = sorted((i for i, fg in enumerate(fixture)
                         if i not in claimed and fg.team == g.team and not fg.own_goal
                         and abs(fg.clock - _clock(g)) <= TOLERANCE),
                        key=lambda i: abs(fixture[i].clock - _clock(g)))  # fmt: skip
        who = {fixture[i].scorer for i in untold}
        named = [p for p in players if len(who) == 1 and p.iri in who]
        if named:
            g.scorer, g.scorer_name = named[0].iri, name_of(named[0])
            claimed.add(untold[0])


def _scorer_took_a_penalty(sentences: list[Sentence], g: GoalFact,
                           fixture: list[FixtureGoal]) -> bool:  # fmt: skip
    """True when a sentence names ``g``'s scorer (family name) beside a penalty ("Hamm
    converted a PK and then curled in a free kick", "USA - Hamm (PK) 6'") and the scorer has
    one penalty among the fixture's goals, so the penalty told is this one."""
    if not g.scorer_name or sum(f.scorer == g.scorer and f.penalty for f in fixture) != 1:
        return False
    family = re.compile(rf"\b{re.escape(g.scorer_name.split()[-1])}\b")
    return any(family.search(x.text) and PENALTY_WORDS.search(x.text)
               and not MISSED_PENALTY.search(x.text) for x in sentences)  # fmt: skip


#: a penalty that did not go in
MISSED_PENALTY = re.compile(r"\b(?:missed|saved|hit the (?:post|bar)|over the bar|wide)\b", re.I)


def _scored_near(g: GoalFact, fixture: list[FixtureGoal]) -> bool:
    """True when ``g``'s scorer has a fixture goal within :data:`TOLERANCE` of its time."""
    return any(fg.scorer == g.scorer and abs(fg.clock - _clock(g)) <= TOLERANCE for fg in fixture)


def _no_more_than_the_fixture(goals: list[GoalFact], fixture: list[FixtureGoal],
                              scorers: set[str]) -> list[GoalFact]:  # fmt: skip
    """``goals`` less those of players with no goal in the fixture, for a team the goals
    credit with more than the fixture's goals ("Miedema rises at the far post but her
    header lands on the roof of the net": a chance, not the one Dutch goal); and less a
    scorer's goals beyond his fixture goals that are far from their times ("Šuker's penalty
    on the stroke of half-time to knock out Romania", another match)."""
    allowed: dict[str | None, int] = {}
    for fg in fixture:
        allowed[fg.team] = allowed.get(fg.team, 0) + 1
    out = list(goals)
    for team in {g.team for g in goals}:
        mine = [g for g in out if g.team == team]
        extra = len(mine) - allowed.get(team, 0)
        for g in [g for g in mine if g.scorer not in scorers][:max(0, extra)]:
            out.remove(g)
    for scorer in scorers:  # a scorer's goals beyond his fixture goals: the ones off his times
        theirs = [g for g in out if g.scorer == scorer and g.minute is not None]
        extra = len(theirs) - sum(1 for fg in fixture if fg.scorer == scorer)
        for g in [g for g in theirs if not _scored_near(g, fixture)][:max(0, extra)]:
            out.remove(g)
    return out


def _clock(g: GoalFact) -> int:
    return (g.minute or 0) + (g.stoppage or 0)


def _announced(s: Sentence, nxt: Sentence | None,
               clock: dict[int, list[Clocked]]) -> list[Clocked]:  # fmt: skip
    """The times of the sentence after a short one that announces the scorer ("Then came
    Finney's moment. After 67 minutes a shot from Lofthouse was blocked, … and the Preston
    man was first to it, turning it in"), when that sentence tells a goal."""
    if nxt is None or len(s.text) > 40 or nxt.paragraph != s.paragraph:
        return []
    return clock.get(nxt.index, []) if tells_goal(nxt.text) or FINISH.search(nxt.text) else []


def _heading_time(s: Sentence, sentences: list[Sentence],
                  clock: dict[int, list[Clocked]]) -> list[Clocked]:  # fmt: skip
    """The time of a bare time line up to three sentences before ``s``, with no other time
    between (a live blog's "18.51 (90+2 min)" then "GOAL! France 2-0 Nigeria (Yobo og)")."""
    at = sentences.index(s)
    for prev in reversed(sentences[max(0, at - 3) : at]):
        found = _time_only(prev, clock)
        if found:
            return found
        if clock.get(prev.index):
            return []
    return []


def _time_only(s: Sentence | None, clock: dict[int, list[Clocked]]) -> list[Clocked]:
    """The times of ``s`` when it is a bare time ("66th minute."), or a short line giving the
    score and the time ("1-0 Iran in the eighth minute of stoppage time."), or opens with the
    time and the score ("Twenty-eight minutes gone, 1-0 Spain, and the Spanish contingent
    …"; "Twenty-seven minutes gone, Sweden nil, Nigeria one."), else none."""
    if s is None:
        return []
    times = clock.get(s.index, [])
    opens = (bool(times) and times[0].start - s.start <= 4
             and bool(SCORE.search(s.text[:60]) or SPOKEN_SCORE.search(s.text[:60])))  # fmt: skip
    if len(s.text) > 40 and not (len(s.text) <= 80 and SCORE.search(s.text)) and not opens:
        return []
    return times


def _told(fixture: list[FixtureGoal], found: list[GoalFact]) -> set[int]:
    """The fixture goals (indexes) the rules' goals tell, one each: a goal is the nearest in
    time of its scorer's fixture goals it may be (:func:`_is_found`), so Lloyd's goal read at
    the 5th minute tells her 5th-minute goal, not also her 3rd-minute one."""
    told: set[int] = set()
    for g in sorted(found, key=lambda g: (g.minute_vague, _clock(g))):
        near = [i for i, fg in enumerate(fixture) if i not in told and _is_found(fg, g)]
        if near:
            told.add(min(near, key=lambda i: abs(fixture[i].clock - _clock(g))))
    return told


def _is_found(fg: FixtureGoal, g: GoalFact) -> bool:
    """True when the rules' goal ``g`` is fixture goal ``fg``: same scorer, a time within
    :data:`TOLERANCE` (or "stoppage time" with no number)."""
    if g.scorer != fg.scorer or g.minute is None:
        return False  # an untimed goal of the rules: the report's time is still looked for
    if g.minute_vague:
        return True
    return abs(g.minute + (g.stoppage or 0) - fg.clock) <= TOLERANCE


#: a player the scorer gets the better of (or one the writer says it was not), which does
#: not end the scorer's words: "rising above Mellberg, a header into the far corner", "slid
#: it past Schumacher", "Ragnhild — our Gulbrandsen up front, not Solveig — … headed it in"
BEATEN = re.compile(r"\b(?:above|past|beyond|over|around|round|under|between|outside|not)\s+$")


def _scorer_part(s: Sentence, p: Mention, players: list[Mention]) -> str:
    """The words of sentence ``s`` about scorer ``p``: from the start of his clause (or of the
    one before, when it ends in a colon: "another Brazilian head: Vavá again") to the next
    other player named ("Rildo gave them hope with 17 minutes remaining, but five minutes
    from time Eusébio met a corner that had been headed back": Rildo's part has no header).
    A possessive ("Bobby Robson's side") or a player he gets past ("rising above Mellberg, a
    header") does not end it. A scorer the sentence does not name (a pronoun) has the whole
    sentence."""
    if not s.start <= p.start < s.end:
        return s.text
    at = p.start - s.start
    begin = max((a for a, _ in clauses(s.text) if a <= at), default=0)
    if s.text[:begin].rstrip().endswith(":"):  # "another Brazilian head: Vavá again"
        begin = max((a for a, _ in clauses(s.text) if a < begin - 2), default=0)
    after = [q.start - s.start for q in players
             if s.start <= q.start < s.end and q.start > p.start and q.iri != p.iri
             and not s.text.startswith(("'s", "’s"), q.end - s.start)
             and not BEATEN.search(s.text, 0, q.start - s.start)]  # fmt: skip
    return s.text[begin : min(after, default=len(s.text))]


def _goal(
    fg: FixtureGoal,
    t: Clocked,
    s: Sentence,
    part: str,
    p: Mention,
    penalty: bool,
    name_of: Callable[[Mention], str],
    team_name: Callable[[str], str],
) -> GoalFact:
    """The goal as the report tells it: its time, and its kind from the words of the
    sentence ``s`` about its scorer (``part``; a penalty when ``penalty``: the fixture's
    penalty, spoken of in the report)."""
    if fg.own_goal:
        kind = "own_goal"
    elif penalty:
        kind = "penalty"
    else:  # not the fixture's penalty: the kind from the other words
        kind = _kind(PENALTY_KIND.sub(" ", part))
    return GoalFact(
        scorer=fg.scorer, scorer_name=name_of(p), team=fg.team, team_name=team_name(fg.team),
        minute=t.minute, stoppage=t.stoppage, minute_vague=t.vague, kind=kind,
        evidence=Evidence(s.start, s.end, "fixture-guided"),
    )  # fmt: skip
