"""Assists read from a goal's own sentence, for goals the goal rules left without one (the
fixture-guided goals among them: the fixture data has no assists).

A team-mate of the goal is its assist when the sentence names the pass and who made it, in one
of three shapes:

- the passer's clause comes before the scorer's: "Carles Puyol got down the right, put in a
  cross, and Fernando Morientes rose ... and headed it past Shay Given"; "Lahm pulled the ball
  back and Kroos met it first time";
- the pass is the passer's, as a possessive or an attribute: "Hamann's long ball", "to head in
  a Renate Lingor free kick", "turning in a low Lahm cross";
- the pass comes from the passer: "after a pass from Hege Riise", "onto a pass from Firas
  Al-Buraikan".

The passer must play for the scorer's team. Own goals and penalties get no assist here (an
annotator seldom credits the cross an opponent turned into his own net).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from footkg.extract.context import Sentence
from footkg.extract.facts import GoalFact
from footkg.extract.goals import PASS_NOUNS, PENALTY_KIND, _kind
from footkg.extract.guided import Clocked, _scorer_part, report_clock, tells_goal
from footkg.extract.pipeline import Mention

#: after the passer, before the scorer: his pass ("crossed", "swung in a corner", "clipped a
#: long ball", "threads it through", "nodded the ball down", "pings a long ball over the top",
#: "lifts it towards the far post", "kicked a corner")
PASS_AFTER = re.compile(
    r"^[^.;]{0,110}?\b(?:cross(?:ed|es)?|curl(?:ed|s)|clip(?:ped|s)|swung|swings|"
    r"float(?:ed|s)|whip(?:ped|s)|deliver(?:ed|s)|lofted|lofts|chipped|chips|squared|squares|"
    r"squaring|dink(?:ed|s)|turn(?:s|ed)? provider|"
    r"pull(?:ed|s) (?:the ball|it) back|cuts? (?:the ball |it )?back|"
    r"(?:laid|lays|lay) (?:the ball |it )?(?:off|back|left|right|square)|"
    r"(?:sent|sends) (?:over|across) (?:a|an|the) |"
    r"split(?:s)? (?:the )?[\w-]+ (?:defen[cs]e|back line)|"
    r"(?:touched|touches|rolled|rolls) (?:the ball|it) (?:short|square|back|across|to)|"
    r"thread(?:ed|s)|sl(?:id|ides|ipped|ips) (?:a pass|the ball|it|"
    r"\w+ in|\w+ through)|rolled it|rolls it|found|finds|fed|feeds|picked out|picks out|"
    r"(?:hit|hits|drove|drives|played|plays|sent|sends|launch(?:ed|es)|put|puts|picks|picked|"
    r"slides|slid|threads|threaded|lofts|lofted|whips|whipped|rolls|rolled|pings|pinged|"
    r"knocked|knocks|kicked|kicks|took|takes|lifted|lifts) (?:in |out )?"
    r"(?:a|an|the|this) (?:[\w-]+ ){0,3}?(?:cross|pass|ball|corner|free kick|centre|diagonal|"
    r"throw)|(?:lifted|lifts|lofted|lofts|hoisted|hoists) (?:the ball |it )?(?:towards|into|over|"
    r"across)|(?:played|plays) (?:him|her) in|"
    r"(?:has |had )?made a (?:[\w-]+ )?(?:cross|centre|pass)|"
    r"(?:nodded|nods|headed|heads|knocked|knocks|flicked|flicks) (?:the ball |it )?(?:down|on|"
    r"back|across|into (?:the|his|her) path)|set up|sets up|teed up|tees up|"
    r"(?:swapped|exchanged) passes with|played a one-two with|took the return)\b",
    re.I,
)
#: from the passer to his pass: he shot, or his ball was blocked ("drove a free kick into the
#: wall, the ball ricocheted"): no assist
SHOT = re.compile(
    r"(?<!faked the )(?<!feigned a )(?<!dummied the )"
    r"\b(?:shot|shoots|fired|fires|struck|strikes|scored|scores|net|goal|wall(?!['’]s)|blocked|saved|"
    r"parried|ricochet(?:ed|s)?|rebound)\b",
    re.I,
)
#: after the passer's name: the pass is his ("Hamann's long ball", "Lingor free kick")
PASS_NOUN = re.compile(
    r"(?:(?:'s|’s) (?:[\w-]+ ){0,2}?| )(?:cross|pass|corner|free[- ]kick|through[- ]ball|long ball|"
    r"centre|delivery|lay-off|cut-back|pull-back|knock-down|flick-on|flick)\b",
    re.I,
)
#: before the passer's name: the pass comes from him ("after a pass from", "a cross by")
PASS_FROM = re.compile(
    rf"\b(?:(?:{PASS_NOUNS}) (?:from|by|of)|"
    r"(?:headed|nodded|knocked|flicked|helped) (?:back |down |on |across )?"
    r"(?:(?:across|into) (?:the box|goal|the area|the six-yard box|his path|her path) )?"
    r"(?:by|from)|"
    r"found (?:[\w-]+ ){0,4}?by)"  # "Fabio Grosso, found in the area by Pirlo"
    r" (?:the )?(?:[\w'’-]+ ){0,2}?$",  # "a corner kick from Germany's Mesut Oezil"
    re.I,
)


def fill_assists(
    goals: list[GoalFact],
    text: str,
    players: list[Mention],
    name_of: Callable[[Mention], str],
    sentences: list[Sentence] | None = None,
    clock: dict[int, list[Clocked]] | None = None,
) -> None:
    """Give each goal of ``goals`` that has no assist, is no penalty and whose sentence
    (``goal.evidence`` in ``text``) names the pass, its passer (see the module docstring).
    ``players`` are the match's player mentions (with their team IRI); ``name_of(mention)``
    gives the passer's full name. With ``sentences`` (the report's), a goal whose sentence
    names only its scorer may take the pass that ends the sentence before, in the same
    paragraph ("Walter Bahr … swung it across the edge of the six-yard box. Joe Gaetjens,
    diving full length, got his head to it"). ``clock`` is :func:`~footkg.extract.guided.
    report_clock` of ``sentences`` when the caller has it. Changes ``goals`` in place."""
    if clock is None:
        clock = report_clock(sentences) if sentences else {}
    for g in goals:
        if g.assist is not None or g.kind in ("penalty", "own_goal") or g.scorer is None:
            continue
        spans = [(g.evidence.start, g.evidence.end)]
        spans += [(s.start, s.end) for s in _told_at(g, sentences or [], players, clock, goals)
                  if s.start != g.evidence.start]  # fmt: skip
        for start, end in spans:
            here = [p for p in players if start <= p.start < end]
            others = {o.scorer for o in goals if o is not g and o.evidence.start == start}
            passer = _passer(text, _own_part(text, here, g, others), g, others)
            alone = all(p.iri == g.scorer or p.team != g.team for p in here)
            if passer is None and sentences and alone:
                passer = _previous_passer(text, players, g, sentences, goals, start)
            if passer is not None:
                g.assist, g.assist_name = passer.iri, name_of(passer)
                break


def fill_kinds(goals: list[GoalFact], text: str, players: list[Mention],
               sentences: list[Sentence],
               clock: dict[int, list[Clocked]] | None = None) -> None:  # fmt: skip
    """A header or a free kick for a goal its evidence calls nothing more than a goal (a
    scorers box "(Vertonghen, 69)", a heading "FRAME 4 — Toro's reply") when a sentence that
    tells it says so in its scorer's words ("Jan Vertonghen loops a header back across Eiji
    Kawashima"); see :func:`_told_at`. ``clock`` as for :func:`fill_assists`. Changes
    ``goals`` in place."""
    if clock is None:
        clock = report_clock(sentences)
    for g in goals:
        if g.kind != "regular" or g.scorer is None:
            continue
        for s in _told_at(g, sentences, players, clock, goals):
            scorer = next((p for p in players if p.iri == g.scorer and s.start <= p.start < s.end),
                          None)  # fmt: skip
            box = BOXED.search(s.text)
            if s.start == g.evidence.start and box and scorer is not None:
                # "(Enner Valencia, 22 min) Walter Ayoví whips a free kick in …, Enner
                # Valencia … glances a header": the scorer's words after the box
                scorer = next((p for p in players if p.iri == g.scorer
                               and s.start + box.end() <= p.start < s.end), None)  # fmt: skip
                part = _scorer_part(s, scorer, players) if scorer else ""
                kind = _kind(PENALTY_KIND.sub(" ", part))
                if kind in ("header", "free_kick"):
                    g.kind = kind
                    break
                continue
            if s.start == g.evidence.start:
                continue
            if scorer is None:  # told by description: a header is the scorer's, a free kick
                if _kind(PENALTY_KIND.sub(" ", s.text)) == "header":  # may be the passer's
                    g.kind = "header"
                    break
                continue
            kind = _kind(PENALTY_KIND.sub(" ", _scorer_part(s, scorer, players)))
            if kind in ("header", "free_kick"):
                g.kind = kind
                break
        if g.kind == "regular":
            g.kind = _kind_told_next(g, sentences, players) or g.kind


def _kind_told_next(g: GoalFact, sentences: list[Sentence], players: list[Mention]) -> str | None:
    """A header or free kick told in the sentence after a short one that only names the
    scorer ("Oh, Sissi. Free kick, 25 yards, … she curls it over the wall"): the next
    sentence of the paragraph, when it names no other player; or one of the next two that
    opens with the kind, as commentators call it ("… and Skuhravý! Header! One-nil!", "…
    González Brenes! He's scored! A header, the same lad …"), or names the scorer again
    ("… and LARSSON! Henrik Larsson, with his head, at the near post!")."""
    evidence = _sentence_at(sentences, g.evidence.start)
    if evidence is None:
        return None
    following = [s for s in sentences if evidence.index < s.index <= evidence.index + 2
                 and s.paragraph == evidence.paragraph]  # fmt: skip
    for n, nxt in enumerate(following):
        if any(nxt.start <= p.start < nxt.end and p.iri != g.scorer for p in players):
            return None
        opens = KIND_OPENS.match(nxt.text)
        if opens:  # a commentator's "… and Skuhravý! Header! One-nil!"
            return "header" if opens[1].lower().startswith("head") else "free_kick"
        names = any(nxt.start <= p.start < nxt.end for p in players)  # the scorer, again
        if (n == 0 and len(evidence.text.split()) <= 6) or names:
            kind = _kind(PENALTY_KIND.sub(" ", nxt.text))  # "Henrik Larsson, with his head!"
            if kind in ("header", "free_kick") or not names:
                return kind if kind in ("header", "free_kick") else None
    return None


#: after a player named as the one who delivered the ball: "a Lauren Holiday free kick",
#: "Özil's corner" (the kind of ball is the pass's, not the goal's)
PASSER_USE = re.compile(
    r"(?:'s|’s)?\s+(?:[\w-]+\s+)?(?:free[- ]kick|corner|cross|pass|centre|throw)\b", re.I
)
#: a sentence that opens by naming the kind of goal: "Header!", "Another header!", "A
#: header, the same lad …"
KIND_OPENS = re.compile(r"(?:(?:an?|another|what an?)\s+)?(header|free[- ]kick)\b", re.I)
#: a kind of goal named as a noun: "A header from Zito!", "a free kick from 25 yards"
KIND_NOUN = re.compile(r"\b(?:header|headed|free[- ]kick|head(?:s|ed)? (?:in|home))\b", re.I)
#: a goal line with its minute in brackets: "GOAL! Belgium 1-2 Japan (Vertonghen, 69).", "(Olmo,
#: 11 min)"
BOXED = re.compile(r"\([^()]*\b\d{1,3}(?:\+\d{1,2})?(?: ?min(?:ute)?s?\.?)?\)")


def _sentence_at(sentences: list[Sentence], pos: int) -> Sentence | None:
    """The sentence at offset ``pos``."""
    return next((s for s in sentences if s.start <= pos < s.end), None)


def _told_at(g: GoalFact, sentences: list[Sentence], players: list[Mention],
             clock: dict[int, list[Clocked]],
             goals: list[GoalFact] | None = None) -> list[Sentence]:  # fmt: skip
    """The sentences that name ``g``'s scorer after a bracketed evidence in its paragraph, or
    give its time, give or take a minute, and no other (or follow, in the same paragraph,
    one that does), or, when ``g`` is its scorer's only goal among ``goals`` (the match's),
    give no time, name no other scorer and tell a goal ("Piola … received a short pass from
    Meazza … and shot powerfully into the net", the goal timed earlier in the report): where
    a report tells the goal it summed up in its first line ("… with a golden goal from
    substitute Nia Künzer" and, later, "Künzer rose at the near post to head in a Renate
    Lingor free kick")."""
    goal = (g.minute or 0) + (g.stoppage or 0)
    # a short evidence (a live blog's "GOAL! Belgium 1-2 Japan (Vertonghen, 69).", a heading)
    # is told by the rest of its line
    evidence = _sentence_at(sentences, g.evidence.start)
    boxed = evidence is not None and bool(BOXED.search(evidence.text))
    # its line, or the line right after it ("23:43 GOAL! … (Weghorst, 83)" then "Game on!
    # Berghuis swings in a cross …")
    home = {evidence.paragraph, evidence.paragraph + 1} if boxed and evidence is not None else set()
    out = []
    goals = goals or []
    only = sum(o.scorer == g.scorer for o in goals) == 1
    rivals = {o.scorer for o in goals if o.scorer != g.scorer}
    for i, s in enumerate(sentences):
        if not any(p.iri == g.scorer and s.start <= p.start < s.end for p in players):
            continue
        if s.paragraph in home and s.start > g.evidence.start:
            out.append(s)  # the rest of a live blog's line "GOAL! … (Vertonghen, 69). …"
            continue
        near = [s] + ([sentences[i - 1]] if i and sentences[i - 1].paragraph == s.paragraph
                      else [])  # fmt: skip
        times = [t.minute + (t.stoppage or 0) for x in near for t in clock.get(x.index, [])]
        mine = [t for t in clock.get(s.index, [])]
        timed = any(abs(t - goal) <= 1 for t in times) and all(
            abs(t.minute + (t.stoppage or 0) - goal) <= 1 for t in mine
        )  # a sentence that tells another goal too is not this one's
        alone = not any(p.iri in rivals and s.start <= p.start < s.end for p in players)
        told = tells_goal(s.text) or bool(KIND_NOUN.search(s.text))  # "A header from Zito!"
        passer = any(p.iri == g.scorer and s.start <= p.start < s.end
                     and PASSER_USE.match(s.text, p.end - s.start) for p in players)  # fmt: skip
        if timed or (only and alone and not mine and told and not passer):
            out.append(s)
    out += _told_by_description(g, sentences, players, clock, goals, out)
    return out


def _told_by_description(g: GoalFact, sentences: list[Sentence], players: list[Mention],
                         clock: dict[int, list[Clocked]], goals: list[GoalFact],
                         found: list[Sentence]) -> list[Sentence]:  # fmt: skip
    """The sentence that tells ``g`` without naming its scorer ("With 17 minutes left, the
    lanky striker headed home Antonio Di Gennaro's free-kick"): its own time is the goal's,
    give or take a minute, no other goal of ``goals`` is that near, it tells a goal, and it
    names no scorer of the match."""
    goal = (g.minute or 0) + (g.stoppage or 0)
    if g.minute is None or any(o is not g and o.minute is not None
                               and abs((o.minute or 0) + (o.stoppage or 0) - goal) <= 2
                               for o in goals):  # fmt: skip
        return []
    scorers = {o.scorer for o in goals}
    out = []
    for s in sentences:
        mine = clock.get(s.index, [])
        if s in found or not mine or not all(abs(t.clock - goal) <= 1 for t in mine):
            continue
        if any(p.iri in scorers and s.start <= p.start < s.end for p in players):
            continue
        if tells_goal(s.text) or KIND_NOUN.search(s.text):
            out.append(s)
    return out


def _previous_passer(text: str, players: list[Mention], g: GoalFact, sentences: list[Sentence],
                     goals: list[GoalFact], start: int) -> Mention | None:  # fmt: skip
    """The team-mate whose pass is the last thing the sentence before the one at ``start``
    (a sentence telling ``g``) tells, when that sentence is in the same paragraph, tells no
    goal and names no other player after him; or whose pass to the scorer ends it ("… and
    then slid it square to Tardelli. The midfielder hit it first time")."""
    at = next((i for i, s in enumerate(sentences) if s.start <= start < s.end), None)
    if not at:
        return None
    prev, cur = sentences[at - 1], sentences[at]
    if prev.paragraph != cur.paragraph or any(o.evidence.start == prev.start for o in goals):
        return None
    there = [p for p in players if prev.start <= p.start < prev.end
             and not SUBSTITUTED.search(text, max(0, p.start - 30), p.start)]  # fmt: skip
    if len(there) >= 2 and there[-1].iri == g.scorer and there[-2].team == g.team:
        # "Scirea … carried the ball out … and then slid it square to Tardelli."
        passer, scorer = there[-2], there[-1]
        if (passer.iri != g.scorer and RECEIVER.search(text[passer.end : scorer.start])
                and not SHOT.search(text[passer.end : scorer.start])):  # fmt: skip
            return passer
    if not there or there[-1].team != g.team or there[-1].iri == g.scorer:
        return None
    last = there[-1]
    m = PASS_AFTER.match(text[last.end : prev.end])
    if m and not SHOT.search(text[last.end : prev.end]):
        return last
    return None


#: before a player a substitute replaced: "who came on for ", "replacing "
SUBSTITUTED = re.compile(r"\b(?:on for|in for|replacing|replaced|instead of|in place of) $")
#: between the scorer and the passer who set him up: "… driving in low after " before "Soler
#: had worked the ball across"
AFTER_PASSER = re.compile(r"\b(?:after|when|as) (?:the )?(?:[a-z-]+ )?$")
#: a pass ending at the scorer named next: "slid it square to", "cut the ball back for"
#: after a passer named after the scorer: his pass goes to the scorer ("slides the ball into
#: his path", "lays it off for him")
TO_HIM = re.compile(r"^[^.;,]{0,50}?\b(?:into (?:his|her) path|(?:to|for) (?:him|her)\b)")
RECEIVER = re.compile(
    r"\b(?:slid|slipped|rolled|played|squared|laid|cut|pulled|knocked|nodded|headed|chipped|"
    r"crossed|passed|fed|teed|threaded|lofted|clipped)\b[^.;]{0,40}\b(?:to|for|into the path of)"
    r"\s+$"
)


def _own_part(text: str, here: list[Mention], g: GoalFact,
              others: set[str | None]) -> list[Mention]:  # fmt: skip
    """The mentions of the goal's part of a sentence that tells several goals: from the last
    other scorer named before its scorer to the first one named after ("Saka doubled the lead
    after Maguire had headed a corner back, and Sterling made it 3-0, turning in Kane's
    cross": Kane's cross is Sterling's)."""
    scorer = next((p for p in here if p.iri == g.scorer), None)
    if scorer is None or not others:
        return here
    # another scorer's name ends the part, unless it names the pass ("a Lilly corner")
    bounds = [p for p in here if p.iri in others and not PASS_NOUN.match(text, p.end)]
    before = [p.end for p in bounds if p.start < scorer.start]
    after = [p.start for p in bounds if p.start > scorer.start]
    lo, hi = max(before, default=-1), min(after, default=1 << 30)
    return [p for p in here if lo <= p.start < hi]


def _passer(text: str, here: list[Mention], g: GoalFact,
            others: set[str | None] = frozenset()) -> Mention | None:  # fmt: skip
    """The passer of goal ``g`` among the sentence's player mentions ``here``; a pass named
    nearer another scorer of the sentence (``others``) is that scorer's."""
    scorer = next((p for p in here if p.iri == g.scorer), None)
    mates = [p for p in here if p.iri != g.scorer and p.team == g.team]
    for p in mates:
        if PASS_NOUN.match(text, p.end) or PASS_FROM.search(text[max(0, p.start - 40) : p.start]):
            rivals = [abs(o.start - p.start) for o in here if o.iri in others and o.iri != p.iri]
            if scorer is not None and rivals and min(rivals) < abs(scorer.start - p.start):
                continue  # "Akers headed home a Lilly corner …, and Parlow …": Akers's pass
            return p
    if scorer is None:
        return None
    # a live blog's "GOAL! … (Enner Valencia, 22 min) Walter Ayoví whips a free kick in …,
    # Enner Valencia … glances a header": the scorer's mention in the prose after the box
    later = [p for p in here if p.iri == g.scorer and p.start > scorer.start]
    if later and BOXED.search(text, max(0, scorer.start - 40), later[0].start):
        scorer = later[0]
    for p in [p for p in mates if p.start > scorer.start]:
        # "Couriol … driving in low after Soler had worked the ball across"; "Romelu Lukaku
        # peels off his marker, Dries Mertens slides the ball into his path"
        between = text[scorer.end : p.start]
        after = text[p.end : p.end + 60]
        if any(scorer.end <= o.start < p.start for o in here):
            continue
        if not AFTER_PASSER.search(between) and not (
                TO_HIM.match(after) and re.fullmatch(r"[^.;]*,\s*", between)):  # fmt: skip
            continue
        m = PASS_AFTER.match(after) or TO_HIM.match(after)
        if m and not SHOT.search(after[: m.end()]):
            return p
    # "Megan Rapinoe, who came on for Lauren Holiday …, launches this looping cross": the
    # player a substitute replaced passes nothing
    replaced = {id(p) for p in here if SUBSTITUTED.search(text, max(0, p.start - 30), p.start)}
    for p in reversed([p for p in mates if p.start < scorer.start and id(p) not in replaced]):
        between = text[p.end : scorer.start]
        if any(p.end < o.start < scorer.start and o.iri != p.iri and id(o) not in replaced
               for o in here):  # fmt: skip
            continue  # another player between them: the move passed through him
        m = PASS_AFTER.match(between)
        if m and not SHOT.search(between[: m.end() + 25]):
            return p
    return None
