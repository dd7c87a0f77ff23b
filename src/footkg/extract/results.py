# ruff: noqa: E501 - rule tables hold long regular expressions
"""Rules for match statements: results ("T0 beat T1 2-1"), draws, shootouts, goalless games,
lists of results, and fixtures announced ("T0 meet T1 in the semi-final on Thursday").

Rules read the masked sentence of :mod:`footkg.extract.context` (teams are ``T<n>``); each
returns :class:`Statement` values: two team slots, scores from the first team's side (``None``
when not stated), and flags. Stage words come from :func:`stage_in`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from footkg.extract.context import Sentence
from footkg.extract.timeexpr import CLOCK, LINE_MARK
from footkg.vocab import STAGES

WIN = (
    r"(?:beat|beats|beating|beaten|defeated|defeat|defeats|defeating|thrashed|thrashing|"
    r"routed|routing|hammered|hammering|edged(?: past| out)?|edge past|edging past|overcame|"
    r"overcome|overcoming|knocked out|knocking out|knocks out|eliminated|eliminating|crushed|"
    r"crushing|stunned|saw off|"
    r"downed|outclassed|swept aside|brushed aside|dispatched|dispatching|swept past|cruised past|"
    r"demolished|demolishing|thumped|humiliated|saw off|eliminate|overwhelmed|overwhelming|"
    r"outplayed|outplaying|dismantled|dismantling|got the better of|put out|"
    r"(?:won|win|wins|winning) over|"
    r"(?:squeezed|squeezing|edged|scraped|scraping|slipped|cruised|eased|swept|got|get|getting|"
    r"sneaked|battled|won) (?:past|by))"
)
#: a shootout after a score: "4-2 on penalties", "3-1 on a penalty shoot-out", "4-2 in a
#: penalty-kick shootout", "5-4 with a penalties victory" (the kicks, never the match score)
_SHOOTOUT_NOUN = r"(?:penalty[- ](?:kick[- ])?|spot[- ]kick )?shoot-?out"
PENS = (
    rf"(?:on (?:penalties|pens|spot[- ]kicks|penalty kicks|(?:a |the ){_SHOOTOUT_NOUN})|"
    rf"in (?:a|the) {_SHOOTOUT_NOUN}|after a {_SHOOTOUT_NOUN}|"
    r"with a (?:penalt(?:y|ies)|shoot-?out) (?:victory|win|triumph))"
)
#: words before a result's verb that put it in a relative or subordinate clause
BACKGROUND = re.compile(
    r"(?:\bwho\b[^,.;—]{0,50}|\bhaving|\bfresh from|\bhad (?:already|earlier|previously)|\bhad)"
    r"\s+(?:\w+\s+)?$"
)
#: a statement that opens in the pluperfect ("T0 had lost 2-1 to T1"): an earlier match
PLUPERFECT = re.compile(r"(?:T\d+,? )?had (?!to\b)\w+")
SUBORDINATE = re.compile(
    r"\b(?:(?:years|months|decades|weeks) (?:after|since|before)|since)\s+$", re.I
)
#: a live-blog line with the score at a goal or a break: "19' GOAL! T0 1-0 T1", "HT: T0 1-1 T1"
RUNNING_SCORE = re.compile(
    rf"(?:{LINE_MARK}|\s*{CLOCK})?\s*[\[(]?\s*(?:GOAL\b|Goal!|HT\b|H/T\b|Half[- ]?time\b|Half time\b)", re.I
)
#: a stage as a noun after "in the": "defeating T1 in the semi-final by 6-1"
STAGE_NOUN = r"(?:semi-?final|quarter-?final|final|play-?off|group (?:match|game|stage)|round of 16|last 16|opening (?:match|game)|first round|second round|replay)"
#: a penalty shootout as a noun: "the shoot-out", "a penalty-kick shootout", "the penalty
#: kicks competition"
SHOOTOUT_NOUN = (
    r"(?:the|a) (?:(?:penalty[- ](?:kicks? )?)?(?:shoot-?out|competition|contest)|penalties|"
    r"penalty kicks|spot[- ]kicks)"
)
OPEN_WORDS = re.compile(
    r"\b(?:open|opens|begin|begins|start|starts|finish|finishes|close|closes|end|ends|complete|"
    r"completes)\b"
)
FUTURE = r"(?:will )?(?:meet|meets|face|faces|play|plays|take on|takes on|meeting|facing)"
SCORE = r"(\d{1,2})-(\d{1,2})"
STAGE_WORDS = [
    (r"third[- ]place (?:play-?off|match|game|decider)|play-?off for third|took third place|"
     r"third place", "third-place play-off"),
    (r"final[- ]round", "final round"),
    (r"second[- ]round group|second group stage|second[- ]round", "second group stage"),
    (r"round of 32|last 32", "round of 32"),
    (r"round of (?:16|sixteen)|last[- ](?:16|sixteen)|eighth[- ]finals?", "round of 16"),
    (r"quarter-?finals?", "quarter-final"),
    (r"semi-?finals?|\bsemis?\b(?![-\w])", "semi-final"),
    (r"group stage|group-stage|opening match|opening game|group [A-L1-8]\b|first round", "group stage"),
    (r"(?<!Late )(?<!City )\bfinals?\b(?! whistle| minute| round| day| stages?| tournament| third| quarter| edition)", "final"),
]  # fmt: skip
REACH = re.compile(
    r"\b(?:to reach|reached|reach|into|book(?:ed|s)? (?:a|their|its|his|her) place in|advance to|advances to|advanced to|"
    r"go (?:through )?to|goes (?:through )?to|went (?:through )?to|going (?:through )?to|"
    r"progress to|move on to|"
    r"moves on to|through to) (?:the|their|a|an)"
    r"((?: [\w-]+){0,4}? (?:semi-?finals?|quarter-?finals?|finals?|round of 16|last 16|last eight|"
    r"last four)\b)"
)


#: a stage reached, named in the plural without an article, as headlines write it ("to advance
#: to finals"): read with "the" put in
BARE_PLURAL = re.compile(
    r"\b((?:advance|advances|advanced|advancing|go|goes|went|through|progress|progresses|"
    r"move on|moves on) to) (finals|semi-?finals|quarter-?finals)\b", re.I
)
#: a stage a team is still to play, after another clause: ", hosts Germany to play in third
#: place match" (blanked when the sentence's stage is read)
FUTURE_STAGE = re.compile(
    r",[^,.;]*?\bto (?:play|face|meet) (?:in )?(?:the |a )?[^,.;]{0,40}$"
)
#: right before a stage named without an article: "into semis", "reach quarters"
INTO_BARE = re.compile(r"\b(?:into|reach|reached|through to)\s+$")
#: after a stage: a place in it won, not the match played ("a quarter-final place")
NEXT_ROUND_NOUN = re.compile(r"\s+(?:place|spot|berth|ticket|date|slot)\b")


@dataclass
class Statement:
    """A match stated in a sentence: team slots ``a``/``b`` (``T<n>``), scores from ``a``'s
    side, ``future`` (a fixture still to be played), ``aet``, ``shootout`` (a's, b's kicks),
    ``same_score_as_previous`` (the score is "the same score" as the statement before), the
    shootout kicks (a's, b's) when the stated score is a shootout's, ``background`` (stated in
    a relative or subordinate clause: "who had beaten T1 2-0", "after beating T1"), the rule
    name, ``start``, the offset of the statement in the masked sentence, and ``year`` when
    the statement is known to be of one edition (a fixture of the graph)."""

    a: str
    b: str | None
    score_a: int | None
    score_b: int | None
    rule: str
    future: bool = False
    aet: bool | None = None
    same_score: bool = False
    needs_opponent: bool = False
    shootout: tuple[int, int] | None = None
    background: bool = False
    start: int = 0
    year: int | None = None
    #: another meeting of the main match's two teams, told as such ("the two teams would meet
    #: again twice", "their 1986 and 1990 matches"): kept without a score, with ``year`` as is
    earlier: bool = False
    #: a further team of a list of opponents ("beat T1, T2 2-1 and T3"): its words are its item's
    listed: bool = False


def _stmt(rule: str, a: str, b: str | None, sa: str | int | None, sb: str | int | None,
          **kw: bool) -> Statement:  # fmt: skip
    return Statement(a, b, None if sa is None else int(sa), None if sb is None else int(sb),
                     rule, **kw)  # fmt: skip


def _subject(masked: str, pos: int) -> str | None:
    """The last team slot before ``pos`` (the subject of a verb at ``pos``), skipping slots
    inside a relative clause ("T0, who face T1 next, beat T2"); a slot right before the verb
    is its subject ("T0 beat T1 in Vigo, and T2 drew with T3")."""
    relative = re.search(r"(T\d+)(?:,| [-–—])? (?:who|which) (?:\w+ ){0,2}$|(T\d+), that (?:\w+ ){0,4}$",
                         masked[:pos])  # fmt: skip
    if relative:  # "T0 will face T1, who beat T2": the relative pronoun's antecedent
        return relative[1] or relative[2]
    adjacent = re.search(r"\b(T\d+) (?:having |had |has |have |then |also |again )?$", masked[:pos])
    if adjacent and masked[pos : pos + 1].islower():
        return adjacent[1]  # right before its verb: "…, and T2 drew 1-1 with T3"
    head = re.sub(r", (?:who|which|whose|having|fresh from)\b[^,]*,", ",", masked[:pos])
    slots, objects = [], set()
    for m in re.finditer(r"\bT\d+\b", head):
        before = head[: m.start()]
        # "containing T0 and T1", "against T1 in Vigo and T2"
        listed = re.search(r"\b(T\d+) (?:and|or) $", before) or re.search(
            r"\b(?:against|with|including|over) (T\d+) (?:in|at) [A-Z][\w-]*(?: [A-Z][\w-]*)?,? "
            r"(?:and|or) $", before)  # fmt: skip
        appositive = re.search(r"\b(T\d+), $", before)  # "against T1, T2 (the hosts),"
        if OBJECT_BEFORE.search(before) or any(x and x[1] in objects for x in (listed, appositive)):
            objects.add(m.group())
        else:
            slots.append(m.group())
    return slots[-1] if slots else None


#: before a team slot: the slot is an object ("beat T1", "a group containing T1")
OBJECT_BEFORE = re.compile(
    rf"(?:\b(?:by|against|over|with|past|to|behind|ahead of|meet|meets|face|faces|play|plays|take on|takes on|"
    rf"tie|ties|tied|tying|held|holding|drew|drawing|containing|including|featuring|alongside|"
    rf"like|such as|(?:demolition|rout|thrashing|defeat|hammering|drubbing|destruction) of)|{WIN})"
    rf" (?:(?:[A-Z][\w-]+ ){{0,2}}[A-Z][\w-]+(?:'s|’s) )?"
    rf"(?:(?:the )?(?:defending |reigning |world |title )?(?:holders|champions?|hosts) |the )?$"
)  # "against Jack Charlton's T1", "had beaten holders T1", "stunned defending champion T1"


def _named_opponent(masked: str, subject: str, pos: int) -> str | None:
    """The team a clause names as its subject's opponent before a verb at ``pos``: "T0 took
    the lead in the final against T1, the hosts, and lost 2-1" → ``T1``; ``None`` when
    the clause names none."""
    start = masked.rfind(subject, 0, pos)
    found = re.findall(r"\b(?:against|versus|v|with|hands of) (T\d+)\b(?:, (T\d+),)?", masked[start:pos])
    team = (found[-1][1] or found[-1][0]) if found else None  # "against the holders, T2,"
    return team if team != subject and ";" not in masked[start:pos] else None


def _subject_after(masked: str, pos: int) -> str | None:
    """The subject of a fronted clause: "After losing 8-3 to T1, T0 came back" → ``T0``."""
    m = re.match(r"[^.;,]*, (T\d+)\b", masked[pos:])
    return m[1] if m else None


def find_statements(sentence: Sentence) -> list[Statement]:
    """All match statements of one sentence, in text order of their verbs."""
    s = sentence.masked
    out: list[Statement] = []
    if not re.search(r"\bT\d", s):
        return out  # every rule needs a team
    used: list[tuple[int, int]] = []
    subordinate: list[Statement] = []

    def free(m: re.Match[str]) -> bool:
        return not any(a < m.end() and m.start() < b for a, b in used)

    def take(m: re.Match[str], st: Statement) -> None:
        used.append((m.start(), m.end()))
        st.start = m.start()
        gerund = bool(re.match(r"\w+ing\b", m.group())) and bool(SUBORDINATE.search(s[: m.start()]))
        st.background = (gerund or bool(BACKGROUND.search(s[: m.start()]))
                         or bool(PLUPERFECT.match(m.group())))  # "T0 had lost 2-1 to T1"
        if re.match(r"\w+ing\b", m.group()) and re.search(
            r"\b(?:after|since|by)\s+$", s[: m.start()], re.I
        ):
            subordinate.append(st)
        out.append(st)

    # result line: "T0 0, T1 2" / "T0 0 T1 1" / "T0 2-1 T1"; in a live blog's goal or
    # half-time line ("19' GOAL! T0 1-0 T1") it is the running score, background
    running = bool(RUNNING_SCORE.match(s))
    standings = bool(re.search(r"\b(?:points|pts)\b", s))  # "Brazil have four points, Uruguay three"
    for m in re.finditer(r"(T\d+),? (\d{1,2}),? (T\d+),? (\d{1,2})\b", s):
        if standings:
            break
        take(m, _stmt("result-line", m[1], m[3], m[2], m[4]))
        out[-1].background = out[-1].background or running
    for m in re.finditer(rf"(T\d+) {SCORE} (T\d+)", s):
        if free(m):
            take(m, _stmt("result-line", m[1], m[4], m[2], m[3]))
            out[-1].background = out[-1].background or running
    # list: "beaten T0 ... — T1 2-1, T2 3-1"
    for m in re.finditer(rf"{WIN} (?:\w+ )?(T\d+)[^—:]*[—:]\s*((?:T\d+ {SCORE}[,;]? ?)+)", s):
        for part in re.finditer(rf"(T\d+) {SCORE}", m[2]):
            out.append(_stmt("result-list", part[1], m[1], part[2], part[3]))
        used.append((m.start(), m.end()))
    # passive: "T0 had been held 2-2 by T1", "T0 were beaten 3-1 by T1", "T0 lost 2-1 to T1"
    for m in re.finditer(
        rf"(?:had |have |were |was |got |get )?(?:been )?(held|beaten|defeated|lost|losing|fell|(?:went|gone|going|go|goes) down|(?:(?<=were )|(?<=been )|(?<=was )|(?<=got ))(?:thrashed|hammered|routed|crushed|stunned|humbled|humiliated|edged|eliminated|outclassed|overwhelmed|downed|thumped|battered|knocked out|dumped out)) (?:(?!T\d)\w+ ){{0,2}}?{SCORE} (?:(?!T\d)[\w-]+ ){{0,4}}?(?:by|to|against) (T\d+)",
        s,
    ):
        a = _subject(s, m.start()) or _subject_after(s, m.end())
        if " behind " in m[0]:
            continue  # "fell 3-0 behind to T1": a running score
        if a and free(m):
            hi, lo = max(int(m[2]), int(m[3])), min(int(m[2]), int(m[3]))
            if re.search(r"penalt|shoot-?out|spot[- ]kicks", m[0]) and m[1] != "held":
                # "beaten 4-2 on penalties by T1 after a 1-1 draw": the score is the shootout's
                st = _stmt("result-passive-shootout", a, m[4], None, None, aet=True)
                st.shootout = (lo, hi)
                st.score_a = st.score_b = drawn_score(sentence)
                take(m, st)
                continue
            sa, sb = (m[2], m[3]) if m[1] == "held" else (lo, hi)
            take(m, _stmt("result-passive", a, m[4], sa, sb))
    # "the Three Lions, who lost to T1 2-1 in the group" (score after the opponent, or none)
    for m in re.finditer(rf"\b(?:lost|losing) to (T\d+)(?:,? {SCORE})?", s):
        a = _subject(s, m.start())
        if a and a != m[1] and free(m):
            lo, hi = (
                (min(int(m[2]), int(m[3])), max(int(m[2]), int(m[3]))) if m[2] else (None, None)
            )
            take(m, _stmt("result-lost-to", a, m[1], lo, hi))
    # "T0's 2-1 semi-final win over T1", "their 2-0 comeback against T1"
    for m in re.finditer(
        rf"(T\d+)(?:'s|’s)? (?:\w+ ){{0,2}}{SCORE} (?:[\w-]+ ){{0,3}}(?:win|victory|comeback|triumph|success|defeat of) (?:over|against|of) (T\d+)",
        s,
    ):
        if free(m) and not OBJECT_BEFORE.search(s[: m.start()]):  # "a 0-0 tie with T0 and a 1-0 win"
            take(m, _stmt("result-noun", m[1], m[4], m[2], m[3]))
    for m in re.finditer(rf"{SCORE} (?:[\w-]+ ){{0,3}}(?:defeat|loss) (?:to|by|against) (T\d+)", s):
        a = _subject(s, m.start())
        if a and free(m):
            take(
                m,
                _stmt(
                    "result-defeat", a, m[3], min(int(m[1]), int(m[2])), max(int(m[1]), int(m[2]))
                ),
            )
    # "T0 drew 1-1 with T1", "a 2-2 draw with T1"
    for m in re.finditer(
        rf"(?:drew|drawn|draw|tied|tie) (?:\w+ )?{SCORE} (?:with|against) (T\d+)|"
        rf"(?<!\d-)\b(\d{{1,2}})-(\4) (?:[\w-]+ )?(?:draw|tie|stalemate|snoozefest|bore-draw|"
        rf"bore draw|affair|deadlock) (?:with|against) (T\d+)|"
        rf"{SCORE} (?:draw|tie) (?:with|against) (T\d+)|"
        rf"\b(?:draw|tie) of (\d{{1,2}})-(\d{{1,2}}) (?:with|against) (T\d+)",
        s,
    ):
        a = _subject(s, m.start()) or _subject_after(s, m.end())
        sa, sb, b = next((m[i], m[i + 1], m[i + 2]) for i in (1, 4, 7, 10) if m[i])
        if a and free(m):
            take(m, _stmt("result-draw", a, b, sa, sb))
        elif not a and free(m):  # "a repeat of a 1-1 draw with T1 in 1998"
            take(m, _stmt("result-nosubject", "T?", b, sa, sb))
            out[-1].background = True
    # "T0 and T1 fought for two hours, …, the score standing at 1-1" (a draw told of the pair)
    for m in re.finditer(
        r"(T\d+) and (T\d+)\b[^.;]*?\b(?:standing at|stood at|finished|ended|level at|locked at|"
        r"all square at|it was) (\d{1,2})-\3\b",
        s,
    ):
        if free(m) and sentence.team(m[1]).iri != sentence.team(m[2]).iri:
            take(m, _stmt("result-pair-level", m[1], m[2], m[3], m[3]))
    # "T0 tied T1 1-1" (American English)
    for m in re.finditer(r"\b(?:tied|tying) (?:with )?(T\d+),? (\d{1,2})-\2\b", s):
        a = _subject(s, m.start())
        if a and a != m[1] and free(m):
            take(m, _stmt("result-tied", a, m[1], m[2], m[2]))
    # "T0 and T1 drew 1-1", "T0 and T1 played out a 2-2 draw"
    for m in re.finditer(
        rf"(T\d+),? and (T\d+),? (?:had )?(?:drew|draw|drawn|tied|shared|played out)(?: an?)? {SCORE}", s
    ):
        if free(m):
            take(m, _stmt("result-pair-draw", m[1], m[2], m[3], m[4]))
    # "T0 began with a laboured 2-1 win over T1" (subject from the clause)
    for m in re.finditer(
        rf"{SCORE} (?:[\w-]+ ){{0,3}}(?:win|victory|triumph|rout|thrashing|demolition|drubbing|"
        rf"hammering|success|stroll|romp|canter|cruise|walkover|mauling|battering) "
        rf"(?:of (?:their|its|his|her) own )?(?:over|against|of) (T\d+)",
        s,
    ):
        a = _subject(s, m.start()) or _subject_after(s, m.end())
        if a and a != m[3] and free(m):
            take(m, _stmt("result-noun-subject", a, m[3], m[1], m[2]))
        elif not a and free(m):  # "after a 2-1 win over T1": a team of the main match
            take(m, _stmt("result-nosubject", "T?", m[3], m[1], m[2]))
            out[-1].background = True
    # "T0 knocked out T1 with a 3-2 win"
    for m in re.finditer(
        rf"{WIN} (?:[\w-]+ ){{0,2}}?(T\d+)[^.;]{{0,40}}? with an? {SCORE} (?:win|victory)", s
    ):
        a = _subject(s, m.start())
        if a and free(m):
            take(m, _stmt("result-with", a, m[1], m[2], m[3]))
    # "T0 beat T1 2-1", "beating T1 3-2", "T0 overcame T1 by the same score", "edged past T1
    # in Marseille, winning 4-2 on penalties"
    for m in re.finditer(
        rf"{WIN} (?:(?!T\d)[\w-]+ |T\d+,? (?:and|&) ){{0,4}}?(T\d+)(?:, (?:the|a|an) [^,.;]{{1,40}},)?(?: [a-z]+ly(?= with| by| \d))?(?: (?:this|that|on|last|yesterday|today|tonight)(?: [a-z]+)?(?= by))?(?:,? (?:in|at) (?:the )?[A-Z][\w'’-]+(?: [A-Z][\w'’-]+){{0,2}})?(?:,? in (?:the|their|this|a) (?:[\w-]+ )?{STAGE_NOUN})?,? (?:(?:by|with|winning) )?(?:{SCORE}|(by the same (?:score|margin|scoreline)))",
        s,
    ):
        a = _subject(s, m.start()) or _subject_after(s, m.end())
        if a and a != m[1] and free(m):
            pens = re.match(rf" {PENS}", s[m.end() :])
            if pens and m[2]:
                st = _stmt("result-win-shootout", a, m[1], None, None, aet=True)
                st.shootout = (int(m[2]), int(m[3]))
                drawn = drawn_score(sentence)
                if drawn is not None:
                    st.score_a = st.score_b = drawn
                take(m, st)
                continue
            take(m, _stmt("result-win", a, m[1], m[2], m[3], same_score=bool(m[4])))
            listed = re.search(r"(T\d+),? (?:and|&) $", s[m.start() : m.start(1)])
            if listed and listed[1] != a:  # "had beaten T1 and T2 by three goals to none"
                out.append(_stmt("result-win", a, listed[1], m[2], m[3], same_score=bool(m[4])))
            # "… and T2 3-0"; "wins over T1, 2-1 at Giants Stadium, and T2, 1-0 in Washington"
            for extra in re.finditer(
                rf"^(?: (?:at|in) (?:the )?[A-Z][\w'’-]+(?: [A-Z][\w'’-]+){{0,3}})?,? and "
                rf"(T\d+),? {SCORE}", s[m.end() :]
            ):  # fmt: skip
                out.append(_stmt("result-win", a, extra[1], extra[2], extra[3]))
    # "T0 defeated by 2-1 the team of T1" (a translation: the score before the opponent)
    for m in re.finditer(
        rf"{WIN} by {SCORE} (?:the (?:team|side|selection|eleven|national team) of )?(T\d+)", s
    ):
        a = _subject(s, m.start())
        if a and a != m[3] and free(m):
            take(m, _stmt("result-win-score-first", a, m[3], m[1], m[2]))
    # "T0 roared into the quarter-final after tearing T1 apart 3-0"
    for m in re.finditer(
        rf"\b(?:tore|tear|tears|tearing|ripped|ripping|blew|blowing|took|taking) (T\d+) apart,? "
        rf"(?:by )?{SCORE}",
        s,
    ):
        a = _subject(s, m.start())
        if a and a != m[1] and free(m):
            take(m, _stmt("result-apart", a, m[1], m[2], m[3]))
    # "T0 knocked T1 out of the round of 16, winning 4-3 on penalties after a 1-1 draw"
    for m in re.finditer(
        rf"\b(?:knocked|knocks|knocking|dumped|dumping|sent|sending|put|putting) (T\d+) out(?: (?:of|in) (?:the )?[\w -]{{0,30}}?)?,? (?:(?:by|with|winning) )?(?:an? )?{SCORE}",
        s,
    ):
        a = _subject(s, m.start())
        if a and a != m[1] and free(m):
            if re.match(rf" {PENS}", s[m.end() :]):
                st = _stmt("result-out-shootout", a, m[1], None, None, aet=True)
                st.shootout = (int(m[2]), int(m[3]))
                st.score_a = st.score_b = drawn_score(sentence)
            else:
                st = _stmt("result-out", a, m[1], m[2], m[3])
            take(m, st)
    # "T0 are through after drawing 2-2 with T1 and winning the shootout 5-3"
    for m in re.finditer(
        rf"\b(?:drew|drawing|draw) (\d{{1,2}})-\1 (?:with|against) (T\d+),? and (?:then )?(?:won|winning|win) (?:the (?:penalty )?shoot-?out |on penalties )?{SCORE}",
        s,
    ):
        a = _subject(s, m.start())
        if a and a != m[2] and free(m):
            st = _stmt("result-drew-won-shootout", a, m[2], m[1], m[1], aet=True)
            st.shootout = (int(m[3]), int(m[4]))
            take(m, st)
    # "for T0 to win 2-1 after extra time", "to win this quarter-final 5-3" (opponent from
    # the sentence, else the report's other team)
    for m in re.finditer(
        rf"\bto win (?:(?:a|the|this|their|its) (?:[\w-]+ ){{0,3}}?)?(?:by )?{SCORE}(?! {PENS})", s
    ):
        a = _subject(s, m.start())
        if a and free(m):
            take(m, _stmt("result-to-win", a, None, m[1], m[2], needs_opponent=True))
    # "T0 stunned T1, drawing 1-1 and then winning 4-3 on penalties"
    for m in re.finditer(
        rf"{WIN} (?:[\w-]+ ){{0,2}}?(T\d+)[^.;]{{0,60}}?,? drawing (\d{{1,2}})-\2 and (?:then )?winning {SCORE} {PENS}",
        s,
    ):
        a = _subject(s, m.start())
        if a and a != m[1] and free(m):
            st = _stmt("result-drew-then-shootout", a, m[1], m[2], m[2], aet=True)
            st.shootout = (int(m[3]), int(m[4]))
            take(m, st)
    # "T0 had needed penalties to get past T1, winning the shootout 4-2 after a goalless draw"
    for m in re.finditer(
        rf"needed (?:penalties|a (?:penalty )?shoot-?out|spot[- ]kicks) to (?:get past|beat|see off|overcome|edge past|edge|knock out|eliminate) (?:the )?(T\d+)(?:,? winning the shoot-?out {SCORE})?",
        s,
    ):
        a = _subject(s, m.start())
        if a and a != m[1] and free(m):
            st = _stmt("result-needed-pens", a, m[1], None, None, aet=True)
            if m[2]:
                st.shootout = (int(m[2]), int(m[3]))
                st.score_a = st.score_b = drawn_score(sentence)
            take(m, st)
    # "T0 had sent T1 home with a 1-0 win", "T0 sent T1 packing with a 3-0 win"
    for m in re.finditer(rf"\bsent (T\d+) (?:home|packing) with an? {SCORE} (?:win|victory)", s):
        a = _subject(s, m.start())
        if a and a != m[1] and free(m):
            take(m, _stmt("result-sent-home", a, m[1], m[2], m[3]))
    # "T0, 2-1 winners over T1"
    for m in re.finditer(
        rf"(T\d+),? (?:the )?{SCORE} (?:winners|victors) (?:over|against) (T\d+)", s
    ):
        if free(m):
            take(m, _stmt("result-winners-over", m[1], m[4], m[2], m[3]))
    # "T0, who finished second after wins over T1 (2-0) and T2 (5-1)"
    for m in [] if "(" not in s else re.finditer(
        rf"\b(?:wins?|victory|victories) (?:over|against) ((?:T\d+ \({SCORE}\)(?:,? (?:and )?)?)+)", s
    ):
        a = _subject(s, m.start())
        if a and free(m):
            for part in re.finditer(rf"(T\d+) \({SCORE}\)", m[1]):
                hi, lo = max(int(part[2]), int(part[3])), min(int(part[2]), int(part[3]))
                take(m, _stmt("result-wins-bracketed", a, part[1], hi, lo))
    # "The next match of T0 will be on Thursday 18 June against T1"
    for m in re.finditer(r"\b(?:next|following) (?:match|game|fixture|opponents?) (?:of|for) (T\d+)\b[^.;]{0,60}? against (T\d+)", s):
        if free(m) and m[1] != m[2]:
            take(m, _stmt("fixture-next-of", m[1], m[2], None, None, future=True))
    # "T0's Blue Brigade, the Plavi, tore T1 to shreds 9-0", "ripped T1 apart 4-0"
    for m in re.finditer(
        rf"\b(?:tore|tear|tears|tearing|ripped|rip|rips|ripping|blew|blows|blowing|took) (T\d+) "
        rf"(?:apart|to shreds|to pieces|away)(?: [\w-]+){{0,3}}? {SCORE}", s
    ):
        a = _subject(s, m.start())
        if a and a != m[1] and free(m):
            take(m, _stmt("result-tore-apart", a, m[1], m[2], m[3]))
    # "T0, 6-2 losers to T1 in their opener"
    for m in [] if "loser" not in s else re.finditer(rf"(T\d+),? (?:the )?{SCORE} (?:losers|loser) (?:to|against) (T\d+)", s):
        if free(m):
            lo, hi = sorted((int(m[2]), int(m[3])))
            take(m, _stmt("result-losers-to", m[1], m[4], lo, hi))
    # "the semi-final between T0 and T1", "T0, beaten finalists against T1": a pair, no score
    for m in re.finditer(
        r"\b(?:final|semi-?final|quarter-?final|match|game|meeting|tie|play-?off) between (?:the )?(T\d+) and (?:the )?(T\d+)",
        s,
    ):
        if free(m):
            future = bool(re.search(r"\bwill\b|\bwinners? of\b|\bnext\b", s))
            take(m, _stmt("pair-between", m[1], m[2], None, None, future=future))
    for m in re.finditer(r"(T\d+),? (?:the )?beaten finalists (?:against|to) (T\d+)", s):
        if free(m):
            take(m, _stmt("pair-beaten-finalists", m[1], m[2], None, None))
    # "T0 led 2-0, were pegged back to 2-2 and won 4-3 on penalties", "after T0 won the
    # penalty kicks competition with 4-3", "winning a penalty-kick shootout 5-4" (opponent
    # from context)
    for m in re.finditer(
        rf"\b(?:won|win|wins|winning|prevailed|triumphed) (?:the shoot-?out |the (?:match|game|"
        rf"final|tie|semi-?final|quarter-?final) )?{SCORE} {PENS}|"
        rf"\b(?:won|win|wins|winning) {SHOOTOUT_NOUN} (?:with |by )?{SCORE}",
        s,
    ):
        a = _subject(s, m.start())
        if a and free(m) and not re.search(r"T\d+", s[m.end() : m.end() + 30]):
            st = _stmt("result-shootout-no-opponent", a, None, None, None, aet=True,
                       needs_opponent=True)  # fmt: skip
            st.shootout = (int(m[1] or m[3]), int(m[2] or m[4]))
            drawn = drawn_score(sentence)
            st.score_a = st.score_b = drawn
            take(m, st)
    # "T0 beat T1 on penalties" (no score: the pair only); "T0 beat T1 in Nizhny Novgorod on
    # penalties after 1-1" (the drawn score)
    for m in re.finditer(
        rf"{WIN} (?:[\w-]+ ){{0,2}}?(T\d+),?(?: (?:in|at) (?:[A-Z][\w-]+ ){{1,3}}?)? ?{PENS}"
        rf"(?: after (?:a |an )?(?P<da>\d{{1,2}})-(?P<db>\d{{1,2}}))?", s
    ):  # fmt: skip
        a = _subject(s, m.start())
        if a and a != m[1] and free(m):
            score = m["da"] if m["da"] is not None and m["da"] == m["db"] else None
            take(m, _stmt("result-win-pens", a, m[1], score, score))
    # "T0 had won each of their ties 1-0, including a semi-final against T1"
    for m in re.finditer(rf"(T\d+) (?:had )?won (?:(?!T\d)[^.;])*?{SCORE}(?:(?!T\d)[^.;])*? against (T\d+)", s):
        if free(m):
            take(m, _stmt("result-won-against", m[1], m[4], m[2], m[3]))
    # "T0 won against T1 in the same stadium with 1:0" (as a German writer puts it)
    for m in re.finditer(rf"\b(?:won|wins|winning) against (T\d+)(?: (?:(?!T\d)[^,.;]){{1,40}}?)? (?:with|by) {SCORE}", s):
        a = _subject(s, m.start())
        if a and a != m[1] and free(m):
            take(m, _stmt("result-won-against", a, m[1], m[2], m[3]))
    # "T0 have won 4-3 after extra time" (the opponent is the other team of the match)
    # "T0 has won 2-0 against T1 in Marseille" (the opponent named after the score)
    for m in re.finditer(rf"(T\d+),? (?:have |has |had )?(?:won|win|wins) (?:by )?{SCORE}(?! {PENS})"
                         r"(?: (?:against|over|versus|vs\.?|v) (T\d+))?", s):  # fmt: skip
        if free(m) and not re.search(r"\b(?:when|after|as|since|while|where)\s+$", s[: m.start()]):
            take(m, _stmt("result-won-score", m[1], m[4], m[2], m[3], needs_opponent=not m[4]))
    # "T0 took the lead in the final against T1 and lost 2-1" (the opponent from the sentence)
    for m in re.finditer(rf"\b(?:lost|lose|loses|went down|go down|goes down|gone down) (?:by )?{SCORE}(?! (?:to|against|on) )", s):
        a = _subject(s, m.start())
        if a and free(m) and not re.search(r"\b(?:when|after|as|since|while|where)\s+$", s[: m.start()]):
            lo, hi = sorted((int(m[1]), int(m[2])))
            b = _named_opponent(s, a, m.start())
            take(m, _stmt("result-lost-score", a, b, lo, hi, needs_opponent=b is None))
            if b is not None:  # the opponent's words belong to this result
                used.append((s.rfind(b, 0, m.start()) - 10, m.start()))
    # "T0 won a bad-tempered quarter-final 1-0" (the opponent is the other team of the match)
    for m in re.finditer(rf"(T\d+) (?:had )?won (?:a|the|their|this|that) (?:(?!T\d)[^.;])*?{SCORE}", s):
        if free(m) and not re.search(r"shoot-?out|penalt", m[0]):
            take(m, _stmt("result-won-no-opponent", m[1], None, m[2], m[3], needs_opponent=True))
    # "T0 and T1 were separated by one goal, T1 winning 1-0"
    for m in re.finditer(
        rf"(T\d+),? and (T\d+)\b[^.;]*?,? (T\d+) (?:won|winning|prevailing|edging it|taking it) {SCORE}",
        s,
    ):
        iri = [sentence.team(x).iri for x in (m[1], m[2], m[3])]
        if free(m) and iri[2] and iri[2] in iri[:2]:
            b = m[2] if iri[2] == iri[0] else m[1]
            hi, lo = max(int(m[4]), int(m[5])), min(int(m[4]), int(m[5]))
            take(m, _stmt("result-pair-winner", m[3], b, hi, lo))
    # "T0 had met T1 once before, a 2-0 defeat in 1966" (a past meeting as a noun)
    for m in re.finditer(
        rf"(T\d+) (?:had |have )?(?:met|played|faced) (T\d+)[^.;]*?, an? (?:[\w-]+ )?{SCORE} (defeat|loss|win|victory|draw)\b",
        s,
    ):
        if free(m):
            hi, lo = max(int(m[3]), int(m[4])), min(int(m[3]), int(m[4]))
            sa, sb = (lo, hi) if m[5] in ("defeat", "loss") else (hi, lo)
            take(m, _stmt("result-met-noun", m[1], m[2], sa, sb))
    # a fan's list of defeats by score alone: "… we lost all three games. 5-2 to T0, 3-0 to
    # T1, 4-0 to T2." (no subject: a team of the main match; the graph orders the score)
    if re.match(rf"{SCORE} to T\d+, {SCORE} to T\d+", s):
        for m in re.finditer(rf"(?:^|, (?:and )?){SCORE} to (T\d+)", s):
            if free(m):
                take(m, _stmt("result-nosubject", "T?", m[3], m[1], m[2]))
                out[-1].background = True
    # a list of results by score: "T0 have scored 4-1 against T1, 3-0 against T2 and 6-1
    # against T3", "had won both, 1-0 against T1 and 5-0 against T2"
    for m in re.finditer(rf"(?<![\w-]){SCORE} (?:against|over|versus|vs\.?) (T\d+)", s):
        a = _subject(s, m.start())
        if a and a != m[3] and free(m) and sentence.team(a).iri != sentence.team(m[3]).iri:
            take(m, _stmt("result-score-against", a, m[3], m[1], m[2]))
    # "T0 held T1 to a 2-2 draw", "held T1, the world champions, to a draw of 2-2", "held
    # T1 to a goalless draw"
    for m in re.finditer(
        r"\bheld (T\d+)(?:,[^,;]{1,50},)? to an? (?:(?P<s1>\d{1,2})-(?P=s1) |(?P<nil>goalless |"
        r"scoreless ))?(?:[\w-]+ )?(?:draw|tie|stalemate)(?: of (?P<s2>\d{1,2})-(?P=s2))?", s
    ):  # fmt: skip
        a = _subject(s, m.start())
        if a and a != m[1] and free(m):
            goals = m["s1"] or m["s2"] or ("0" if m["nil"] else None)
            take(m, _stmt("result-held-to-draw", a, m[1], goals, goals))
    # a list of draws: "T0 have survived two shoot-outs — 1-1 with T1 (3-2 on penalties) and
    # 2-2 with T2"
    for m in re.finditer(
        r"(?<![\w-])(\d{1,2})-(\1) with (T\d+)(?: \((\d{1,2})-(\d{1,2}) on (?:penalties|pens|"
        r"penalty kicks|spot[- ]kicks)\))?", s
    ):  # fmt: skip
        a = _subject(s, m.start())
        if a and a != m[3] and free(m) and sentence.team(a).iri != sentence.team(m[3]).iri:
            st = _stmt("result-draw-with", a, m[3], m[1], m[2], aet=True if m[4] else None)
            st.shootout = (int(m[4]), int(m[5])) if m[4] else None
            take(m, st)
    # goalless: "after 120 goalless minutes against T1"
    for m in re.finditer(r"(\d+ )?goalless (?:minutes|draws?|games?|match(?:es)?) (?:against|with) (T\d+)"
                         r"(?:(?: (?:in|at) [A-Z][\w-]*(?: [A-Z][\w-]*)?)?,? and (T\d+))?", s):  # fmt: skip
        a = _subject(s, m.start())
        if a and free(m):
            aet = bool(m[1]) and int(m[1]) >= 120
            take(m, _stmt("result-goalless", a, m[2], 0, 0, aet=aet or None))
            if m[3]:  # "goalless draws against T1 in Vigo and T2 in A Coruña"
                out.append(_stmt("result-goalless", a, m[3], 0, 0))
    # fixtures: "T0 meet T1", "T0 and T1 meet", "a final against T1", "to face T1"
    # "T1 await in the final" (the main match's winner meets T1), "T0 now await T1"
    for m in re.finditer(r"(T\d+) (?:now )?awaits?\b(?: (T\d+))?", s):
        if free(m) and m[2]:
            take(m, _stmt("fixture-await", m[1], m[2], None, None, future=True))
        elif free(m):
            take(m, _stmt("fixture-await-winner", "T?", m[1], None, None, future=True))
    # "NEXT UP: T0 v T1, …" (a fixture announced)
    for m in re.finditer(r"\b(?:next up|up next|coming up|next|next match|next game)\W+(T\d+) (?:v|vs\.?|versus) (T\d+)", s, re.I):
        if free(m):
            take(m, _stmt("fixture-next-up", m[1], m[2], None, None, future=True))
    # "Next up for T0: defending champion T1", "Next up is T0, the Group D runner-up" (the
    # main match's winner plays it)
    for m in [] if "up" not in s else re.finditer(r"\b(?:next up|up next)(?: for (T\d+))?(?: is| are)?\W+(?:(?!T\d)[\w-]+ ){0,3}?(T\d+)(?! (?:v|vs\.?|versus) T)", s, re.I):
        if free(m) and m[1] != m[2]:
            take(m, _stmt("fixture-next-up" if m[1] else "fixture-await-winner", m[1] or "T?",
                          m[2], None, None, future=True))  # fmt: skip
    # "T0 open the second phase against T1", "T0 begin their campaign against T1", "T0 finish
    # the group against T1"
    for m in [] if not OPEN_WORDS.search(s) else re.finditer(r"(T\d+) (?:will )?(?:open|opens|begin|begins|start|starts|finish|finishes|close|closes|end|ends|complete|completes) (?:the |their |its )?(?:(?!T\d)[\w-]+ ){1,3}?(?:against|with|versus) (T\d+)", s):
        if free(m) and m[1] != m[2]:
            take(m, _stmt("fixture-open", m[1], m[2], None, None, future=True))
    # "the winners meet on Friday in the first quarter-final, T0 against T1 at …", "a
    # hat-trick for T0 against T1 at Wembley in 1966": one match named by its pair
    for m in re.finditer(r"(T\d+) (?:against|versus|vs\.?|v) (T\d+)(?! ?\d)(?=,? (?:at|in|on) |\s*\(|\s*$|[.;]|, (?!T\d))", s):
        cue = re.search(rf"\b(?:{FUTURE}|final|{STAGE_NOUN}|match|game|tie|for|opens? with|double-header)\b[^.;]*$", s[: m.start()])
        if free(m) and m[1] != m[2] and (cue or re.search(r"\b(?:v|vs\.?|versus)\b", m[0])):
            future = bool(re.search(r"\bwill\b|\bnext\b|\bmeets?\b|\bawait", s))
            take(m, _stmt("pair-against", m[1], m[2], None, None, future=future))
    # "T0 must now beat T1 by three clear goals", "now need to beat T1 here on Tuesday"
    for m in re.finditer(r"\b(?:must|need to|needs to|have to|has to|will have to)(?: now| still| then)? beat (T\d+)", s):
        a = _subject(s, m.start())
        if a and a != m[1] and free(m):
            take(m, _stmt("fixture-must-beat", a, m[1], None, None, future=True))
    # "with T0 still to play T1 in Orlando on Friday", "with T0 meeting T1 in the other game",
    # "need the Italians to beat T1"
    for m in re.finditer(
        r"(T\d+) (?:still|yet) to (?:play|meet|face|take on) (T\d+)|"
        r"\bwith (T\d+) (?:meeting|playing|facing|taking on) (T\d+)|"
        r"\bneeds? (T\d+) to (?:beat|defeat|draw with|take points off) (T\d+)", s
    ):  # fmt: skip
        a, b = next((m[i], m[i + 1]) for i in (1, 3, 5) if m[i])
        if free(m) and a != b:
            take(m, _stmt("fixture-still-to", a, b, None, None, future=True))
    # "whether it will be T0 or T1, who meet in Osaka", "T0 and the hosts, T1, would contest
    # the final", "T0 and T1 kicked off in Gijón the following afternoon"
    for m in re.finditer(
        r"(T\d+),? (?:or|and) (T\d+),? (?:who |which )?(?:will |would )?(?:(?:meet|play|face|"
        r"contest)\b(?! T\d)|kick(?:ed|s)? off\b|clash\b)", s
    ):  # fmt: skip  (not "T0 play T1 and T2 meet T3": T2 meets T3)
        if free(m) and m[1] != m[2]:
            take(m, _stmt("fixture-pair", m[1], m[2], None, None, future=True))
    # "T0 play the same day against T1 in Winnipeg"; "T0's next game is Saturday against T1";
    # "The next match of T0 will be on Thursday 18 June against T1"
    for m in re.finditer(
        r"\b(?:play|plays|face|faces|meet|meets) (?:(?!T\d)[\w-]+ ){2,5}?against (T\d+)|"
        r"(?:(T\d+)['’]s next (?:game|match|fixture|outing|assignment|test)|[Tt]he next "
        r"(?:game|match|fixture) of (T\d+))\b(?: (?!T\d)[\w,-]+){0,6}? (?:against|with|versus|v|"
        r"is|are) (T\d+)", s
    ):  # fmt: skip
        a, b = (m[2] or m[3], m[4]) if m[2] or m[3] else (_subject(s, m.start()), m[1])
        if a and a != b and free(m):
            take(m, _stmt("fixture-play-against", a, b, None, None, future=True))
    # "The other semi-final brings together T0 and T1", "the draw pits T0 against T1"
    for m in re.finditer(r"\b(?:brings? together|bringing together|pits|pitted|pitting) (T\d+) "
                         r"(?:and|against|with) (T\d+)", s):  # fmt: skip
        if free(m) and m[1] != m[2]:
            take(m, _stmt("fixture-pair", m[1], m[2], None, None, future=True))
    # "T0 had already held both T1 and T2 0-0"
    for m in re.finditer(r"\bheld (?:both )?(T\d+)(?: and (T\d+))? (\d{1,2})-(\3)\b", s):
        a = _subject(s, m.start())
        if a and a not in (m[1], m[2]) and free(m):
            take(m, _stmt("result-held", a, m[1], m[3], m[4]))
            if m[2]:
                out.append(_stmt("result-held", a, m[2], m[3], m[4]))
    # "T0 head for Barcelona, where Maradona's T1 lie in wait on Tuesday"
    for m in re.finditer(r"(T\d+) (?:lie|lies|lay|are lying|is lying) in wait\b", s):
        a = _subject(s, m.start())
        if a and a != m[1] and free(m):
            take(m, _stmt("fixture-await", a, m[1], None, None, future=True))
    # "since T0 last met T1", "T0 had met T1 only once" (a past meeting, no score)
    for m in re.finditer(r"(T\d+) (?:had |have |has )?(?:last |first |previously |once )?met (T\d+)\b(?! \d)", s):
        if free(m) and m[1] != m[2]:
            take(m, _stmt("pair-met", m[1], m[2], None, None))
    # "Italy had gone out of the 1990 World Cup on penalties to T1"
    for m in re.finditer(r"\b(?:gone|went|go|goes|going|crashed) out (?:(?!T\d)[\w'’-]+ ){0,7}?to (T\d+)", s):
        a = _subject(s, m.start())
        if a and a != m[1] and free(m):
            take(m, _stmt("result-went-out", a, m[1], None, None))
    for m in re.finditer(rf"\b{FUTURE} (?:(?!T\d)[\w-]+ ){{0,3}}?(T\d+)(?! or T\d)", s):
        a = _subject(s, m.start())  # "T0 play T1 and T2 meet T3": T2 meets T3
        if a and a != m[1] and free(m):
            take(m, _stmt("fixture-verb", a, m[1], None, None, future=True))
    for m in re.finditer(
        r"\b(?:final|semi-?final|quarter-?final|play-?off|match|fixture|tie|game|campaign|date|"
        r"appointment|showdown|rendezvous)(?:,?(?: (?!T\d)[\w'’-]+){0,5}? (?:against|versus|v)| "
        r"with) (T\d+)",
        s,
    ):
        a = _subject(s, m.start())
        if free(m):
            take(m, _stmt("fixture-against", a or "T?", m[1], None, None, future=True))
    # "… with T1 winning the match at Florence 2-0" (the opponent from the context)
    for m in re.finditer(rf"\bwith (T\d+) (?:winning|beating|defeating)(?: (?!T\d)[\w'’,-]+){{0,8}}? {SCORE}\b", s):
        if free(m):
            hi, lo = sorted((int(m[2]), int(m[3])), reverse=True)
            take(m, _stmt("result-with-winning", m[1], None, hi, lo, needs_opponent=True))
    # "the team T0 beat in the quarterfinals, T1," (a past result, no score)
    for m in re.finditer(r"\bthe (?:team|side|nation|country) (T\d+) (?:had )?(beat|defeated|knocked out|"
                         r"eliminated|lost to|drew with)(?: in the [\w -]{3,30}?)?,? (T\d+)\b", s):  # fmt: skip
        if free(m) and m[1] != m[3]:
            take(m, _stmt("pair-the-team-beaten", m[1], m[3], None, None))
    # "A of T0 and B of T1, who will play against each other in Sunday's final"
    for m in re.finditer(r"(T\d+)\b[^.;]{0,40}? and [^.;]{0,40}?\b(T\d+),? who (?:will |would )?"
                         r"(?:play|meet|face)(?: against)? each other\b", s):  # fmt: skip
        if free(m) and m[1] != m[2]:
            take(m, _stmt("fixture-each-other", m[1], m[2], None, None, future=True))
    # past meetings named without a score: "T0 faced T1 and T2", "T0 lost its remaining two
    # games against T1 and T2", "T0 getting eliminated in the first round … by T1"
    for m in PAST_OPPONENT.finditer(s):
        a = _subject(s, m.start()) if m[1] is None else m[1]
        b = m[2] or m[3]
        if a and a != b and free(m) and not re.match(r",? (?:\d{1,2})-\d", s[m.end() :]):
            take(m, _stmt("pair-past-opponent", a, b, None, None))
    out += _listed_opponents(s, out)
    if any(st not in subordinate and not st.background and not st.future for st in out):
        for st in subordinate:  # "after losing 8-3 to T1, T0 beat T2 3-2": the other is main
            st.background = True
    return out


#: a past meeting with an opponent and no score: "faced T1", "played against T1", "lost its
#: remaining two games against T1", "eliminated in the first round of the competition by T1"
PAST_OPPONENT = re.compile(
    r"(?:(T\d+) )?\b(?:faced|played against|met with|drew with|lost to|defeated|beat|overcame|"
    r"knocked out|eliminated|saw off|edged past|"
    r"(?:lost|won|drew) (?:(?:its|their|both|all|the) )?(?:[\w-]+ ){0,4}(?:games|matches|"
    r"fixtures),? (?:against|with|to)|(?:qualifying |group |warm-up |friendly )?(?:games?|matches|"
    r"fixtures?) against) (T\d+)|"
    r"\b(?:eliminated|knocked out|ousted|dumped out|beaten|defeated)(?: (?!T\d)[\w'’-]+){0,8}? "
    r"by (T\d+)(?![ ,]+\d)"
)
#: what may follow a list of opponents: the end of the clause, not a verb of a new one ("T0
#: play T1 and T2 meet T3") nor a score ("beat T1 and T2 3-1")
LIST_END = re.compile(
    r"\s*(?:$|[.,;:!?)—–]|(?:in|at|on|during|before|after|as|with|while|where|which|who|but|"
    r"to|of|for|that|the|this|last|earlier|later|respectively)\b)"
)
#: what may follow a list item: its stage (" in the round of 16", " at the quarter-final
#: stage") and how it was won (" after extra time", " on penalties")
STAGE_AFTER = (
    r"(?: (?:in|at) the [\w -]{3,30}?(?=[,.;]| and\b| or\b| after\b| on\b|$))?"
    r"(?: after extra[- ]time| in extra[- ]time| on penalties| after a (?:penalty )?shoot-?out)?"
    r"(?: (?:in|at) the [\w -]{3,30}?(?=[,.;]| and\b| or\b|$))?"
)
#: extra time, said of one item of a list ("… T2 2-1 after extra time in the semi-final")
OTHER_AET_WORDS = re.compile(r"\bafter extra[- ]time\b|\ba\.e\.t\b|\bin extra[- ]time\b", re.I)


def _item_end(s: str, item: re.Match[str]) -> int:
    """Where the words of a list item end: at the next item's separator or the clause end."""
    m = re.search(r",|\band\b|;|\.", s[item.end() :])
    return item.end() + (m.start() if m else len(s) - item.end())


#: one more item of a list of opponents: ", T2", " and T3", ", as well as T4", each maybe with
#: its score (" 1-0") after the stage phrase of the item before
LIST_ITEM = re.compile(
    STAGE_AFTER + r"(?:,|,? and|,? as well as|,? or) (?:the )?(?P<slot>T\d+)"
    r"(?: (?P<sa>\d{1,2})-(?P<sb>\d{1,2})\b)?"
)


def _listed_opponents(s: str, found: list[Statement]) -> list[Statement]:
    """One statement per further team of a list after an opponent ("against T1, T2 and T3",
    "faced T1 and T2", a route to the final: "defeated T1 in the round of 16, T2 in the
    quarter-final and T3 in the semi-final", "beat T1 2-0, T2 1-0 and T3 3-1"), like the
    first: the same subject and tense, each its own score when the first has one."""
    out: list[Statement] = []
    for st in list(found):
        if st.b is None or st.a == "T?":
            continue
        at = re.search(rf"\b{st.b}\b", s[st.start :])
        if at is None:
            continue
        pos = st.start + at.end()
        scored = st.score_a is not None
        if scored:
            own = re.match(r" (\d{1,2})-(\d{1,2})\b", s[pos:])
            if own is None:
                continue
            pos += own.end()
        items = []
        while (item := LIST_ITEM.match(s, pos)) is not None:
            items.append(item)  # each with its own score, or none ("… and T3 on penalties")
            pos = item.end()
        if not items or not LIST_END.match(s, re.match(STAGE_AFTER, s[pos:]).end() + pos):
            continue  # "beat T1 and T2 3-1": a result of its own; "T0 play T1 and T2 meet T3"
        for item in items:
            if item["slot"] not in (st.a, st.b):
                sa, sb = (item["sa"], item["sb"]) if item["sa"] else (None, None)
                if sa is not None and st.score_a is not None and st.score_b is not None \
                        and st.score_a < st.score_b:  # fmt: skip
                    sa, sb = sorted((int(sa), int(sb)))  # a defeat: the subject's side first
                twin = _stmt(st.rule, st.a, item["slot"], sa, sb, future=st.future)
                twin.start, twin.background, twin.listed = st.start, st.background, True
                # its own words only: the match starts with the stage and extra time of the
                # item before ("T2 2-1 after extra time and T3": not T3's)
                own = OTHER_AET_WORDS.search(s, item.start("slot"), _item_end(s, item))
                twin.aet = True if own else None
                out.append(twin)
    return out


def drawn_score(sentence: Sentence) -> int | None:
    """The goals of each side in "the semi-final had ended 1-1 after extra time"."""
    m = re.search(r"\b(?:finished|ended|stood|was|been|level|locked|pegged back to|drew|drawn|"
                  r"still) (?:at )?(\d{1,2})-\1\b|\b(?:after|from|following) an? (\d{1,2})-\2 (?:[\w-]+ )?(?:draw|stalemate|tie)\b",
                  sentence.masked)  # fmt: skip
    if m:
        return int(m[1] or m[2])
    return 0 if re.search(r"\b(?:goalless|scoreless) (?:draw|stalemate|game|match|tie|"
                          r"(?:\d+|ninety|120) minutes)\b",
                          sentence.masked) else None  # fmt: skip


def shootout_in(sentence: Sentence, after_shootout: bool = False) -> tuple[str, int, int] | None:
    """``(winner slot, winner kicks, loser kicks)`` from "T0 won the shootout 3-2" or
    "T0 won 4-2 on penalties" (also in capitals: "T0 WIN 3-2 ON PENALTIES"); with
    ``after_shootout`` (the sentence before sent the match to a shootout), "T0 prevailed,
    4-2"; ``None`` when the sentence states no shootout result."""
    s = re.sub(r"\b[A-Z]{2,}\b", lambda m: m.group().lower(), sentence.masked)
    m = re.match(rf"\s*(T\d+) (?:prevailed|won|triumphed|went through),? {SCORE}\b", s)
    if after_shootout and m:
        return m[1], max(int(m[2]), int(m[3])), min(int(m[2]), int(m[3]))
    m = re.search(
        rf"(T\d+) (?:\w+ ){{0,2}}(?:won|win|wins) (?:{SHOOTOUT_NOUN} )?(?:by |with )?{SCORE}(?: on penalties| in the shoot-?out| on spot-kicks)?",
        s,
    )
    if m and ("shoot" in m[0] or "penalt" in m[0] or "spot" in m[0]):
        return m[1], int(m[2]), int(m[3])
    m = re.search(rf"{SCORE} to (T\d+) {PENS}", s)  # "4-3 to France on penalties"
    if m:
        return m[3], max(int(m[1]), int(m[2])), min(int(m[1]), int(m[2]))
    m = re.search(rf"(T\d+)[^.;]*? {SCORE} {PENS}", s)
    if m:
        return m[1], max(int(m[2]), int(m[3])), min(int(m[2]), int(m[3]))
    m = re.search(rf"\b(?:won|winning|win|wins) {SHOOTOUT_NOUN} (?:with |by )?{SCORE}", s)
    winner = _subject(s, m.start()) if m else None
    if m and winner:  # "T0 …, surviving a 1-1 tie with T1 … and then winning a penalty-kick shootout 5-4"
        return winner, max(int(m[1]), int(m[2])), min(int(m[1]), int(m[2]))
    return None


#: :data:`STAGE_WORDS` compiled, and one search for any of them
STAGE_PATTERNS = [(re.compile(pattern, re.I), key) for pattern, key in STAGE_WORDS]
ANY_STAGE = re.compile("|".join(f"(?:{pattern})" for pattern, _ in STAGE_WORDS), re.I)


def stage_in(text: str) -> tuple[str | None, bool]:
    """The stage a sentence names: ``(stage key, implied)``. "to reach the semi-finals" gives
    ``("semi-final", True)``: the match itself was the round before."""
    if not ANY_STAGE.search(text):
        return None, False
    text = BARE_PLURAL.sub(r"\1 the \2", text)  # "to advance to finals"
    reach = REACH.search(text)
    # a stage another team is to play is not this match's: "… to advance to the finals, hosts
    # Germany to play in third place match"
    text = FUTURE_STAGE.sub(lambda m: " " * len(m.group()), text)
    for pattern, key in STAGE_PATTERNS:
        m = pattern.search(text)
        if m:
            implied = bool(reach and reach.start(1) <= m.start() < reach.end(1) + 2)
            # "booked a World Cup quarter-final place", "booked that semifinal date"
            implied = implied or bool(NEXT_ROUND_NOUN.match(text, m.end()))
            # "send Sweden past Romania and into semis"
            implied = implied or bool(INTO_BARE.search(text, 0, m.start()))
            return key, implied
    return None, False


def stages_named(text: str) -> set[str]:
    """Every stage key a text names anywhere ("quarter-final", "group stage", …), reached
    ones ("to reach the semi-finals") left out."""
    out = set()
    text = BARE_PLURAL.sub(r"\1 the \2", text)
    reached = [(m.start(1), m.end(1) + 2) for m in REACH.finditer(text)]
    for pattern, key in STAGE_PATTERNS:
        for m in pattern.finditer(text):
            if not any(a <= m.start() < b for a, b in reached):
                out.add(key)
    return out


def previous_stage(stage: str, stages: list[str]) -> str | None:
    """The round before ``stage`` among an edition's ``stages`` (keys in order)."""
    order = [s for s in stages if s != "third-place play-off"] or [
        s for s in STAGES if s not in ("second group stage", "final round", "round of 32")
    ]
    if stage in order and order.index(stage) > 0:
        return order[order.index(stage) - 1]
    return None
