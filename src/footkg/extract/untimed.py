"""Goals a report tells without a minute.

Real writers often name scorers and counts but no minutes: "Hamid Estili and Mehdi Mahdavikia
scored for Iran", "the game's only goal was scored by Joe Gaetjens", "two goals by Josef
Hügi", "Alex Morgan scored five times", "László Kiss … score a hat-trick", "Robert Körner
added his second". This pass reads those kinds of sentence and adds each goal they state and
the timed rules did not find, with its minute empty (the report gives none):

* *several scorers*: a list of players as the subject of a scoring verb ("P, Q and R
  scored"), or after "scored by" / "goals by" / "goals from" ("second-half goals scored by
  co-captain Megan Rapinoe (from the penalty spot) and Rose Lavelle");
* *counts*: "P scored twice / five times", "P … hat-trick" (three), "P … a brace" (two), "two
  goals by P", "two from P", "P's two goals";
* *ordinals*: "P … his third" (P scored at least three); not a tournament's tally ("his fifth
  goal of the competition");
* single scorers the goal rules found without a time (:class:`~footkg.extract.goals.GoalFinder`'s
  untimed goals).

How many goals a player has is the most the report states — a count, an ordinal, the goals
timed, or one for a scorer named without either — and the goals added are those beyond the
timed ones. With the fixture's goals (Fjelstul ``goals.csv``), a player gets no more goals
than the fixture gives him, and none when the fixture's goals do not include him; each team
no more than the fixture's (or the report's stated score). The kind is the one the scorer's
own words state ("(from the penalty spot)"), else regular. Sentences about other matches and
tallies over a tournament or a career are not read.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace

from footkg.extract.context import Sentence
from footkg.extract.facts import Evidence, GoalFact
from footkg.extract.goals import GoalEvent
from footkg.extract.pipeline import Mention
from footkg.extract.timeexpr import find_times

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twice": 2, "thrice": 3}  # fmt: skip
ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}
_NUM = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})"
#: a player slot of the masked sentence, with the words that may stand before it ("co-captain",
#: "forward", "U.S. center forward") and a parenthesis after it ("(from the penalty spot)")
_SLOT = r"(?:(?:[A-Za-z.-]+ ){0,3}?)(P\d+)(?: \([^()]{1,40}\))?"
_LIST = rf"{_SLOT}(?:(?:, | and |, and ){_SLOT}){{0,4}}"
SCORING_VERB = (
    r"(?:scored|netted|struck|were on target|was on target|found the net|got the goals|"
    r"got on the scoresheet|hit the net)"
)
#: "P, Q and R scored", "P and Q also scored for T"
SUBJECT_LIST = re.compile(rf"(?<![\w-]){_LIST} (?:also |each |both |then )?{SCORING_VERB}\b")
#: "scored by P and Q", "goals by P", "goals from P and Q", "the only goal being scored by P"
AGENT_LIST = re.compile(
    rf"\b(?:(?:scored|netted|struck|converted|added) by|goals? (?:by|from)|"
    rf"(?:strikes?|efforts?|headers?) (?:by|from)) {_LIST}"
)
#: counts: "P scored five times", "P … twice", "P … hat-trick", "P … brace"
COUNT_AFTER = re.compile(
    rf"(P\d+)\b[^.;:]{{0,60}}?\b(?:scored|scoring|scores|netted|netting|nets|struck|hit the net|"
    rf"found the net) "
    rf"({_NUM}|twice|thrice)(?: times| goals)?\b|"
    rf"(P\d+)\b[^.;:]{{0,80}}?\b(hat[- ]?trick|brace)\b",
    re.I,
)
#: the kind of every goal of a count: "scoring twice, both headers from corners"
BOTH_KIND = re.compile(
    r",? (?:both|all (?:three|four|five)|each) (headers?|penalties|penalty kicks|free[- ]kicks?)\b",
    re.I,
)
#: a minute right after a count: "twice in the 81st minute" (both goals then)
COUNT_MINUTE = re.compile(r" ((?:in|within) the \d{1,3}(?:st|nd|rd|th) minute)\b")
#: counts before the player: "two goals by P", "two from P", "P's two goals"
COUNT_BEFORE = re.compile(
    rf"\b({_NUM}) (?:(?:more |further |quick |late |early )?goals? )?(?:by|from) {_SLOT}|"
    rf"(P\d+)(?:'s|’s) ({_NUM}) goals\b",
    re.I,
)
#: a goal set up, told by its pass chain: "helped provide the third, with a long free kick to
#: P who headed down into the path of the onrushing Q" (Q scored, P passed last)
SET_UP = re.compile(
    r"\b(?:provided?|providing|set up|setting up|created?|creating|laid on|laying on) the "
    r"(?:second|third|fourth|fifth|sixth|seventh|winner|winning goal|equali[sz]er|opener|"
    r"decisive goal)\b[^.;]*?\b(?:into the path of|for|to) (?:the )?(?:[\w-]+ )?P\d+"
    r"(?=\s*(?:[.;]|$| to (?:score|finish|fire|head|shoot)))"
)
#: an ordinal of the player's own goals: "his third", "her second goal"
ORDINAL = re.compile(rf"\b(?:his|her) ({'|'.join(ORDINALS)})\b(?: goal)?", re.I)
#: a tally over something wider than one match: not this match's goals
TALLY = re.compile(
    r"\b(?:of|in|at) the (?:tournament|competition|finals|World Cup|campaign|season|"
    r"qualifiers?|qualifying)\b|\b(?:career|international|scoring lead|top scorer|"
    r"tournament's|World Cup goals?|goals? in (?:the )?(?:tournament|competition)|"
    r"all[- ]time|record)\b|\btied for\b",
    re.I,
)
#: a goal that did not count or was not scored
NOT_SCORED = re.compile(
    r"\b(?:missed|saved|disallowed|ruled out|chalked off|hit the (?:post|bar|crossbar)|"
    r"would have|could have|almost|nearly|failed to score)\b",
    re.I,
)
PENALTY = re.compile(r"\bpenalt(?:y|ies)\b|\bspot[- ]kick\b|\bfrom the spot\b|\bPK\b", re.I)


@dataclass(frozen=True, slots=True)
class Claim:
    """What one sentence says of one player's goals: at least ``count`` of them (or, with
    ``ordinal``, the ``count``-th), the kind the player's own words state, the sentence, the
    passer when the sentence names one, and the minute when the count comes with one
    ("scored twice in the 81st minute": both goals in the 81st)."""

    player: Mention
    count: int
    ordinal: bool
    kind: str
    evidence: Evidence
    assist: Mention | None = None
    minute: int | None = None
    stoppage: int | None = None


def _masked(s: Sentence, players: list[Mention]) -> tuple[str, list[Mention]]:
    """The sentence's text with each player mention replaced by ``P<n>`` (n its index in
    the returned list)."""
    mine = sorted((p for p in players if s.start <= p.start < s.end), key=lambda p: p.start)
    out, pos, kept = [], 0, []
    for p in mine:
        a, b = p.start - s.start, p.end - s.start
        if a < pos:
            continue
        out.append(s.text[pos:a])
        out.append(f"P{len(kept)}")
        kept.append(p)
        pos = b
    out.append(s.text[pos:])
    return "".join(out), kept


def _slots(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"P(\d+)", text)]


def _kind_after(masked: str, slot: int) -> str:
    """The kind a player's own words state: a parenthesis or a clause right after the
    player ("Rapinoe (from the penalty spot)", "P's penalty")."""
    m = re.search(rf"P{slot}\b(?:'s|’s)?([^,;]{{0,30}})", masked)
    return "penalty" if m and PENALTY.search(m.group(1)) else "regular"


def claims_in(s: Sentence, players: list[Mention]) -> list[Claim]:
    """The untimed-goal claims of one sentence (see the module docstring)."""
    masked, kept = _masked(s, players)
    if not kept or NOT_SCORED.search(masked):
        return []
    ev = Evidence(s.start, s.end, "")
    out: list[Claim] = []

    def add(slot: int, count: int, ordinal: bool, rule: str, at: int) -> None:
        if TALLY.match(masked, at) or TALLY.search(re.split(r"[,;.]", masked[at : at + 40])[0]):
            return
        out.append(Claim(kept[slot], count, ordinal, _kind_after(masked, slot),
                         Evidence(ev.start, ev.end, rule)))  # fmt: skip

    for m in SUBJECT_LIST.finditer(masked):
        for slot in _slots(m.group()):
            add(slot, 1, False, "untimed-scorers", m.end())
    for m in AGENT_LIST.finditer(masked):
        for slot in _slots(m.group()):
            add(slot, 1, False, "untimed-scored-by", m.end())
    for m in COUNT_AFTER.finditer(masked):
        if m.group(1) is not None:
            word = m.group(2).lower()
            n = int(word) if word.isdigit() else NUMBERS.get(word, 1)
            add(int(m.group(1)[1:]), n, False, "untimed-count", m.end())
            both = BOTH_KIND.match(masked, m.end())
            if both and out and out[-1].count == n:  # "scoring twice, both headers"
                word = both.group(1).lower()
                kind = "header" if word.startswith("head") else (
                    "penalty" if word.startswith("pen") else "free_kick")  # fmt: skip
                out[-1] = replace(out[-1], kind=kind)
            when = COUNT_MINUTE.match(masked, m.end())
            if when and out and out[-1].count == n:  # "scored twice in the 81st minute"
                (t,) = find_times(when.group(1)) or (None,)
                if t is not None and t.minute is not None:
                    out[-1] = replace(out[-1], minute=t.minute, stoppage=t.stoppage)
        else:
            n = 3 if m.group(4).lower().startswith("hat") else 2
            add(int(m.group(3)[1:]), n, False, "untimed-count", m.end())
    for m in COUNT_BEFORE.finditer(masked):
        word, slot = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        word = word.lower()
        n = int(word) if word.isdigit() else NUMBERS.get(word, 1)
        add(int(slot[1:]), n, False, "untimed-count", m.end())
    for m in SET_UP.finditer(masked):
        # "… helped provide the third, with a long free kick to Pelé who headed down into the
        # path of the onrushing Jairzinho": the last player scored, the one before passed
        chain = _slots(masked[m.start() : m.end()])
        if len(chain) >= 2 and not TALLY.search(masked[m.end() : m.end() + 40]):
            where = Evidence(ev.start, ev.end, "untimed-set-up")
            out.append(Claim(kept[chain[-1]], 1, False, "regular", where, kept[chain[-2]]))
    for m in ORDINAL.finditer(masked):
        before = [n for n in _slots(masked[: m.start()])]
        if before:
            add(before[-1], ORDINALS[m.group(1).lower()], True, "untimed-ordinal", m.end())
    # "two goals by P", "P scored five times": the count, not also a goal of the verb
    counted = {c.player.iri for c in out if c.count > 1 or c.ordinal}
    return [c for c in out if c.count > 1 or c.ordinal or c.player.iri not in counted]


def untimed_goals(
    sentences: list[Sentence],
    players: list[Mention],
    skipped: set[int],
    timed: list[GoalFact],
    events: list[GoalEvent],
    fixture: list[dict] | None,
    limits: dict[str, int],
    name_of: Callable[[Mention], str],
    team_name: Callable[[str], str],
) -> list[GoalFact]:
    """The goals to add, minute empty (see the module docstring). ``skipped``: indexes of
    sentences about other matches; ``timed``: the goals found so far; ``events``: the goal
    rules' goals without a time; ``fixture``: the linked fixture's goal rows (``None``
    without a fixture); ``limits``: the most goals each team (IRI) may have (the fixture's,
    else the report's score)."""
    by_player: dict[str, list[Claim]] = {}
    mention_of: dict[str, Mention] = {}
    for s in sentences:
        if s.index in skipped:
            continue
        for c in claims_in(s, players):
            by_player.setdefault(c.player.iri, []).append(c)
            mention_of.setdefault(c.player.iri, c.player)
    for e in events:
        if e.scorer is None or e.sentence in skipped or e.own_goal:
            continue
        kind = e.kind if e.kind == "penalty" else "regular"
        claim = Claim(e.scorer, 1, False, kind, Evidence(e.start, e.end, "untimed-goal-clause"))
        by_player.setdefault(e.scorer.iri, []).append(claim)
        mention_of.setdefault(e.scorer.iri, e.scorer)
    have = Counter(g.scorer for g in timed)
    per_team = Counter(g.team for g in timed)
    fixture_count = Counter(r["scorer"] for r in fixture or [])
    added: list[GoalFact] = []
    for iri, claims in by_player.items():
        total = max(max(c.count for c in claims), have[iri])
        if not have[iri] and not any(c.count > 1 for c in claims):
            total = max(total, 1)
        if fixture:
            total = min(total, fixture_count[iri])
        p = mention_of[iri]
        team = p.team
        for claim in _spread(claims, total - have[iri]):
            if team is not None and per_team[team] >= limits.get(team, 99):
                break
            per_team[team] += 1
            passer = claim.assist if claim.assist and claim.assist.team == team else None
            added.append(GoalFact(
                scorer=iri, scorer_name=name_of(p), team=team,
                team_name=team_name(team) if team else None, minute=claim.minute,
                stoppage=claim.stoppage, evidence=claim.evidence, kind=claim.kind,
                assist=passer.iri if passer else None,
                assist_name=name_of(passer) if passer else None,
            ))  # fmt: skip
    return added


def _spread(claims: list[Claim], n: int) -> list[Claim]:
    """``n`` claims to make ``n`` goals from: each claim of one goal with its own kind first
    (a penalty named for this scorer), then the sentence of the largest count."""
    if n <= 0:
        return []
    singles = [c for c in claims if c.count == 1 and not c.ordinal]
    widest = max(claims, key=lambda c: (c.count, not c.ordinal))
    chosen = [c for c in singles if c.kind != "regular"][:n]
    spare = Claim(widest.player, 1, False, widest.kind if widest.count > 1 else "regular",
                  widest.evidence, minute=widest.minute, stoppage=widest.stoppage)  # fmt: skip
    if widest.count == 1 and not widest.ordinal:
        spare = (singles or [widest])[0]
    return chosen + [spare] * (n - len(chosen))
