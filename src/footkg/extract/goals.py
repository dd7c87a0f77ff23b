# ruff: noqa: E501 - rule tables hold long regular expressions
"""Rules for goals of the main match: which sentences report a goal, who scored, when, how,
and who made it.

A sentence is split into clauses (at commas, semicolons, "and", "as", "when", "who", …). A
*goal signal* ("headed home", "put T in front", "were level", "past <goalkeeper>", "own goal")
marks a goal clause; a *negative* ("ruled out", "hit the post", "thought they had") cancels it.
The scorer is, in order: an explicit pattern ("for P to head in", "P, who …", "through P",
"P's penalty"), the subject of the goal clause, then subjects of earlier clauses; a descriptor
("the winger", "the Argentine captain") or pronoun resolves to the latest fitting player.
A time expression in the sentence, or in the sentence before that had a time but no goal,
gives the minute. Shootout kicks are never goals.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from footkg.extract.pipeline import Mention
from footkg.extract.regexes import compact
from footkg.extract.timeexpr import LINE_MARK, TimeExpr, find_times, resolve

CLAUSE_BREAK = re.compile(
    r"[,;:—–]\s*|\s(?=(?:and|but|as|when|while|before|after|then|who|whose|though)\b)"
)
SIGNALS = [re.compile(compact(p), re.I) for p in (
    r"\bscor(?:ed|es|ing)\b(?! chances?)|\b(?:needed|took) [^.;,]{0,30}? to score\b",
    r"\bnett?ed\b|\bnets\b|\bfound the net\b",
    r"\b(?:headed|nodded|head|heads|heading|nod|nods|nodding) (?:(?:it|the ball) )?(?:in|home)\b",
    r"^\s*and in\b(?! (?:the|a|an|his|their|front|off)\b)",
    r"^\s*and (?:then )?(?:went|flew|crept|rolled|trickled|looped|bounced|spun) in\b",
    r"^\s*(?:and\s+)?(?:then\s+)?again (?:on|in|at|after|with|from|just|only|\d)",
    r"\b(?:completed|completes|completing|brought up|sealed) (?:his|a) hat-trick\b|\b(?:replied|hit back|struck back)\b",
    r"\b(?:scored|headed|nodded|volleyed|fired|curled|drilled|slotted|struck|netted|poked|grabbed|bagged|claimed|got|added) (?:his|their|her|a|the) (?:[\w-]+ ){0,2}goal(?![\w-]| kick| line| post| frame)",
    r"\bmet (?:[^,;.]{0,30}?(?:'s|’s) )?(?:[\w-]+ )?(?:cross|cut-back|cutback|pass|corner|centre|free[- ]kick|delivery|through[- ]ball|lay-off|knock-down|flick)\b[^,;.]{0,30}?\b(?:first[- ]time|on the volley|on the half-volley|to (?:score|fire|head|volley|sweep|drive|turn|slot|poke|side-foot|steer))\b",
    r"\b(?:tap|tapped|taps|tapping|slid|slide|sliding|slot|slotted|slotting|poke|poked|toe-poked|"
    r"fire|fired|firing|drive|drove|driving|curl|curled|lash|lashed|smash|smashed|rifle|rifled|"
    r"steer|steered|sweep|swept|nod|nodded|nods|stab|stabbed|bundle|bundled|force|forced|turn|turned|knock|"
    r"knocked|prod|prodded|volley|volleyed|blast|blasted|struck|strike|convert|converted|chip|"
    r"chipped|lob|lobbed|roll|rolled|place|placed|glanced|finish|finished|side-footed|sidefooted|"
    r"side-foot|guided|nudged|flicked|clipped|squeezed|hooked|stroked|tucked|hooks|sweeps|"
    r"lashes|drives|curls|slots|fires|taps|pokes|volleys|smashes|rifles|steers|stabs|prods|"
    r"blasts|strikes|converts|chips|lobs|rolls|places|glances|finishes|side-foots|guides|"
    r"nudges|clips|squeezes|strokes|tucks|bundles|forces|turns|knocks|slides|bends|bent|"
    r"bending|heads|nods)\b(?:(?!\b(?:cross|corner|centre|center|pass|delivery)\b)[^,;]){0,40}?"
    r"(?:\bhome\b|\bin\b(?! (?:a|the) (?:cross|ball|pass|corner|free kick|box|area|air|"
    r"\d))|into the (?:(?:far|near|bottom|top) )?(?:net|roof|corner|back|empty|goal)|"
    r"into an empty net|inside the (?:near |far )?post)",
    r"\binto the (?:back of the )?net\b|\broof of the net\b|\b(?:bottom|top) corner\b",
    r"\b(?:put|puts|putting|sent|poked|fired|headed|nodded|drove|swept|steered|struck|volleyed|tapped|curled|shot|slotted|rifled|smashed|lashed|bundled|glanced|turned|chipped) [\w ]{0,25}?(?:in front|ahead)\b|\bgave [\w ]{0,25}?the lead\b",
    r"\b(?:went|go|goes) (?:ahead|in front)\b|\b(?:took|taken|take|takes) the lead\b|"
    r"\bstruck first\b|\bopened the scoring\b",
    r"\b(?:were|was|drew|draw|pulled|got|brought|are) (?:\w+ ){0,2}level\b|\bequali[sz]ed\b|"
    r"\bequali[sz]er\b|\blevell?ed\b|\blevels\b(?! (?:of|the \w+ at|with))",
    r"\bmak(?:e|es|ing) it \d+-\d+|\bmade it \d+-\d+|\bfor \d+-\d+\b",
    r"\b(?:were|was|fell|went|fallen|falls|falling) behind\b",
    r"\b(?:head|heads|headed|heading|nod|nodded|fire|fired|fires|slot|slotted|stab|stabbed|poke|"
    r"poked|turn|turned|volley|volleyed|sweep|swept|tap|tapped|side-foot|side-footed|bundle|bundled|"
    r"drive|drove|curl|curled|lash|lashed|smash|smashed|grab|grabbed|get|got) (?:in |home )?(?:the|a|his|her) "
    r"(?:second|third|fourth|fifth|sixth|seventh|opener|equali[sz]er|winner)\b(?! (?:half|time|minute|leg|yellow|booking|period))",
    r"\b(?:headed|fired|volleyed|drove|shot|poked|put|brought|pulled|got|drew|steered|turned) (?:[\w'’]+ ){1,2}level\b",
    r"\b(?:ball|it|shot|effort|header|cross|free kick)\b[^.;]{0,60}?\b(?:went|flew|crept|rolled|trickled|looped|loops|bounced|deflected|spun) in\b",
    r"\bown goal\b|\bpast his own (?:goalkeeper|keeper)\b|\binto his own net\b",
    r"\bcrept in\b|\b(?:repeated|repeats) the (?:trick|feat|dose)\b|\b(?:completed|completes|rounded off|wrapped up|capped) (?:the|a|his|her|their) (?:rout|scoring|comeback|hat-trick)\b|\bfinished (?:with (?:his|her) (?:left|right|weaker) foot|coolly|calmly|clinically|neatly|emphatically|low)\b|\bdid it again\b|\bon its way in\b|\bfound its way (?:in|into the net)\b|\bsquirm(?:ed)? (?:past|in)\b|\bwent into the net\b|\bbreakthrough came\b|"
    r"\bcame a goal\b|\bpounc(?:ed|es|ing)\b|\badd(?:ed|s|ing)? another\b(?! (?:chance|save|yellow|booking))|\bthe winner\b|\bwinning goal\b|\bopener\b|\bfor his (?:second|third|"
    r"fourth)\b|\bhis (?:second|third) goal\b",
    r"\b(?:finish|strike|effort|header|shot|penalty|free kick|volley)\b[^.;]{0,70}?"
    r"\b(?:settled|decided|sealed|clinched|flew in|went in|crept in)\b",
    r"\b(?:beat|beats|beating) (?:goalkeeper|the goalkeeper|the keeper)\b",
    # "shot the ball past the goalkeeper in the 116th minute": scoring told without a word for it
    r"\b(?:shot|shoots|put|puts|slotted|slots|drove|drives|fired|fires|struck|strikes|placed|"
    r"places|hit|hits|sent|sends|steered|steers|rolled|rolls|lifted|lifts|chipped|chips|lobbed|"
    r"lobs|slid|slides|curled|curls|smashed|smashes|poked|pokes) (?:the ball |it |a shot |his "
    r"shot |her shot )?(?:low |high |hard |coolly |calmly )?(?:past|beyond|over|under|round|"
    r"around) (?:the )?(?:[\w-]+ )?(?:goalkeeper|keeper|goalie)\b",
    r"\bconvert(?:ed|s|ing)? (?:the|a|his|another) (?:penalty|spot-kick)|\bfrom the (?:penalty )?"
    r"spot\b|\bhat-trick with\b|\b(?:doubled|extended|restored|restore|double|extend) "
    r"(?:the|their|his|her|[A-Z][\w-]*(?:'s|’s))(?: [A-Z][\w-]+)? (?:lead|advantage)\b|\b(?:struck|strikes|scored|scores|netted|nets) again\b|\b(?:pull(?:ed|s|ing)?|got|gets|getting|clawed|claws) one back\b",
    r"\b(?:made|make|makes|making) it (?:two|three|four|five|six|seven|\d)\b|\badd(?:ed|s|ing)? "
    r"(?:a|the|his|their) (?:second|third|fourth|fifth|sixth|seventh|eighth)\b|\bgave [\w ]{0,25}?"
    r"(?:an?|their|his) (?:[\w-]+ )?lead\b|\b(?:level|equalise|equalize)d? (?:the )?(?:scores?|matters)\b",
    r"\b(?:sent|put|placed|stroked|rolled|tucked|dispatched|chipped|smashed|drilled|blasted) "
    r"(?:the|his) (?:penalty|spot[- ]kick)\b|\b(?:sent|sends|sending) [\w ]{1,25}? the wrong way\b|"
    r"\binside the (?:near |far )?post\b|\binto (?:the|an) (?:empty|unguarded|open) net\b|"
    r"\b(?:crossed|over) the (?:goal[- ])?line\b(?! (?:by|from))|\bfinished off\b|"
    r"\bto (?:send|take) the (?:game|match|tie) (?:into|to) extra[- ]time\b|\bforced extra[- ]time\b",
)]  # fmt: skip
#: "P's goal in the 75th minute": a goal as a noun phrase (counts only with a time)
POSSESSIVE_GOAL = re.compile(
    r"(?:'s|’s) (?:[\w-]+ ){0,2}?(?:goal|strike|header|winner|equali[sz]er|opener|volley|finish|"
    r"penalty|free kick|tap-in|effort)(?![\w-])(?! (?:was|were|had been) (?:saved|blocked|ruled))",
    re.I,
)
AWARDED = re.compile(
    r"\bpointed to the cent(?:re|er) (?:circle|spot)\b|\bthe goal stood\b|\ballowed the goal\b|"
    r"\bgoal was (?:given|awarded)\b",
    re.I,
)
NEGATIVE = re.compile(
    r"\bruled out\b|\bdisallowed\b|\bchalked off\b|\bthought (?:they|he) had\b|\bwould have\b|"
    r"\b(?:almost|nearly)\b(?! (?:from|immediately|straight|at once|on|in|before|after|with|\d))|\b(?:hit|hits|hitting|struck|strike|strikes|striking|rattled|rattles|onto|against) (?:the |his )?(?:post|bar|crossbar|"
    r"woodwork|underside|upright)\b|\bsaved\b|\bkept out\b|\bmissed\b|\bover the bar\b|"
    r"\bwide\b|\bpenalised\b|\bpenalized\b|\boffside\b|\bsmothered\b",
    re.I,
)
SHOOTOUT = re.compile(
    r"shoot-?out|penalty kicks|spot-kicks|penalty contest|\b(?:first|second|third|fourth|fifth|"
    r"last|decisive|opening|two|three|four) (?:\w+ )?(?:kicks|penalties)\b",
    re.I,
)
PASS = re.compile(
    r"\b(?:crossed|crosses|crossing|cross for|passed|pass(?:es)? to|a pass|long pass|found|fed|"
    r"(?:pass|ball) (?:forward |through |across )?for|into the path of|(?:squaring|squares|crossing|chipping|"
    r"cutting it back|pulling it back) (?:it |the ball )?for|"
    r"(?:lays|lay|laid|laying) (?:it |the ball )?(?:\w+ )?(?:for|to)|"
    r"(?:touched|touches|tapped|rolled|rolls|slid|slides) (?:it|the ball) (?:\w+ )?(?:to|for)|"
    r"(?:hooked|hooks|chipped|chips|whipped|whips|drove|drives|fizzed|fizzes|floated|floats|"
    r"curled|curls|swung|swings) (?:in )?(?:a|an|his|her) (?:[\w-]+ )?(?:cross|ball|centre|pass)|"
    r"(?:hooked|hooks|pulled|pulls|cut|cuts) (?:it|the ball) back|"
    r"(?:took|takes|taken|shot|hit|swung|delivered|played|sent|curled|whipped|floated|lofted|"
    r"clipped) (?:in )?(?:a|the) (?:[\w-]+ )?(?:corner|free kick|free-kick)|"
    r"worked (?:the ball|it) (?:across|back|through|inside)|"
    r"with a (?:[\w-]+ )?(?:through ball|through-ball|pass|cross)|"
    r"set up|sets up|setting up|teed up|laid (?:it )?off|slipped (?:the ball|a pass|it)|slid a "
    r"pass|pulled the ball back|pulled it back|cut (?:it |the ball )?back|squared|delivered|"
    r"took the free kick|took a quick free kick|swung (?:over|in) (?:a|the) (?:cross|corner|"
    r"free kick)|(?:flicked|flicks|flicking) on|(?:nodded|nods|headed|heads|knocked|knocks) down)\b",
    re.I,
)
#: the nouns of a pass, before its passer's name ("a cross from", "a back-heel by"): shared by
#: the goal rules' :data:`PASS_FROM` and :data:`footkg.extract.assists.PASS_FROM`
PASS_NOUNS = (
    r"cross|pass|corner|corner[- ]kick|free[- ]kick|assist|ball|centre|center|delivery|feed|"
    r"lay-off|through ball|cut-back|pull-back|knock-down|flick|flick-on|header|back-heel|"
    r"backheel|lob|chip"
)
PASS_FROM = re.compile(
    rf"\b(?:(?:{PASS_NOUNS}) (?:from|by)|"
    r"(?:set up|created|laid on|"
    r"teed up) by|(?:exchanged passes|a one-two|one-twos?) with|"
    # a pass made with the head: "headed from Tim Borowski across to", "nodded down by"
    r"(?:headed|nodded|knocked|flicked) (?:back |down |on |across )?from|"
    r"(?:headed|nodded|knocked|flicked) (?:back|down|on|across) by)\s+$",
    re.I,
)
#: before a player: the player is an object ("past goalkeeper X", "a cross from captain X"); a
#: role word alone ("when defender X rose") leaves him the subject
OBJECT_BEFORE = re.compile(
    r"\b(?:past|round|beat|beating|from|at|by|to|for|against|than|of|robbed|fed|found|over|passes with|one-two with|combined with|linked up with|"
    r"around|through|behind|towards?|under|on|set up|sets up|beyond|escaped|replaced|above|"
    r"below|beneath|ahead of|in front of|alongside|beside|between|among|outjumped|outpaced)"
    r"(?:\s+(?:the\s+)?(?:[\w-]+\s+)?(?:goalkeeper|keeper|captain|substitute|defender|midfielder|striker|forward|winger|(?:left|right|full|centre|wing)[- ]back))?\s*$",
    re.I,
)
DESCRIPTOR = re.compile(
    r"\b(?:[Tt]he|[Hh]is) ((?:[A-Z][\w-]+ |[a-z-]+ ){0,2})(striker|forward|winger|midfielder|"
    r"defender|captain|substitute|centre-back|full-back|playmaker|attacker|number nine|"
    r"youngster|veteran|skipper)\b"
)
PRONOUN = re.compile(r"\b(?:He|he)\b")
#: before a player: the ball came off him ("onto the back of", "off the shin of", "off")
CAME_OFF = re.compile(
    r"\b(?:off|onto|of)\s+(?:the\s+)?(?:(?:back|head|shin|knee|heel|chest|leg|foot)\s+of\s+)?$"
)
#: a goal re-credited as an own goal in the next sentence
OWN_GOAL_NOTE = re.compile(
    r"\b(?:go(?:es)? down as|be (?:given|credited|recorded) as|(?:was|is|has been) "
    r"(?:given|credited|recorded) as|(?:to )?scor(?:e|ed|es|ing)) an own goal\b",
    re.I,
)
#: a clause opened by a participle ("outpacing Ramos", "and dragging Casillas one way")
PARTICIPLE_CLAUSE = re.compile(
    r"\s*(?:and\s+|then\s+)?(?!(?:his|its|this|was|has|is|as|us|less|unless|towards|perhaps)\b)"
    r"[a-z]+(?:ing|s|ed)\b"
)
#: a goal from a penalty; not "the defender who conceded the penalty"
PENALTY_KIND = re.compile(
    r"(?<!conceded the )(?<!gave away the )(?<!conceded a )(?<!gave away a )(?<!won the )"
    r"(?<!won a )(?<!earned the )(?<!earned a )(?<!missed a )(?<!missed the )"
    r"\bpenalty(?! area| box| decision| appeal| claim| spot)|spot[- ]kick|from the (?:penalty )?spot",
    re.I,
)
#: a sentence that opens by pointing back at the goal just told: "That gave …", "It was …"
ANAPHOR = re.compile(r"\s*(?:That|This|It|The goal|The strike|The shot|His goal|Her goal)\b")
#: a shot, in the sentence before a goal clause that names no player
SHOT = re.compile(
    r"\b(?:struck|shot|shoots|hit|fired|drove|let fly|lets fly|unleashed|curled|volleyed|"
    r"smashed|lashed|rifled|thumped|hammered)\b"
)
#: a penalty given: the next goal within a few sentences is its kick
PENALTY_AWARD = re.compile(
    r"\b(?:[Pp]enalty to\b|PENALTY\b|awarded (?:a|the) penalty|gave (?:a|the) penalty|"
    r"pointed to the spot|points to the spot|(?:kick|penalty) (?:will be|was|is) (?:retaken|to be "
    r"retaken)|order(?:ed|s)? a retake)"
)
#: how a goal was scored, in the clauses after its goal clause
TRAILING_KIND = re.compile(
    r"\bwith an? (?:[\w-]+ ){0,2}(header|free[- ]kick|penalty)\b|\b(?:from|off) (?:the )?(penalty) spot\b|"
    r"\bdirect(?:ly)? from an? (free[- ]kick)\b",
    re.I,
)
#: a headed goal; "the head of his marker" is a body part, not a header
HEADER = re.compile(
    r"\b(?:header|headed|heading|nod(?:ded|s|ding)?|glanced|glances)\b(?! clearance)|"
    r"\b(?:his|her|a) head to (?:it|the ball|the cross|the corner)\b|\b(?:his|her) forehead\b|"
    r"\bwith (?:his|her|the) head\b|"
    r"(?<!the )(?<!his )(?<!her )(?<!their )\bheads?\b(?! of\b| clearance| shaking| down| bowed)",
    re.I,
)
#: after a player: he is the passer ("Vieira slid him clear", "Pirlo fed …"), not the scorer
_LEAD = r"^,?\s+(?:[\w\s-]{0,40}? and )?(?:had |has |have )?(?:\w+ly\s+)?"
PASSER_AFTER = re.compile(
    _LEAD + r"(?:(?:fed|found|picked out|set up|teed up|played in|sent through) [A-Z]|"
    r"crossed\b(?! \w+ \w+ (?:net|goal))|"
    r"(?:crossed|passed|laid|slipped|slid|played|threaded|squared|pulled|cut|chipped|lofted|"
    r"flicked|headed|nodded|tapped|rolled|sent|put|swung|whipped|hoisted|delivered|knocked|knocks|"
    r"clipped|drilled|floated|lifted|crosses|lays|slips|slides|plays|threads|squares|pulls|cuts|"
    r"chips|lofts|flicks|rolls|sends|swings|whips|delivers|clips|drills|floats|lifts|nods|heads)\b"
    r"(?![^,.;]{0,40}?\b(?:net|goal|home|past|inside|penalty|spot[- ]kick|shot|one back|level)\b)"
    r"[^,.;]{0,40}?\b(?:to|for|him|towards|into the path|across|through|clear|back|off|in a|"
    r"over a|passes|into the box|into the area|it on|the ball on)\b)",
    re.I,
)
#: after a player: a possessive of a pass ("Lahm's low cross"), the player made the goal
PASS_POSSESSIVE = re.compile(
    r"^(?:'s|’s) (?:[\w-]+ ){0,2}?(?:cross|pass|corner|free[- ]kick|through[- ]ball|ball|centre|"
    r"delivery|flick|knock-down|lay-off|cut-back|throw-in)\b",
    re.I,
)
OWN_GOAL_BY = re.compile(
    r"(?:own (?:net|goal)|own-goal)[^.;]{0,25}?\bby\s+$|\bdeflection off\s+$", re.I
)
POSITIONS = {
    "striker": {"forward"}, "forward": {"forward"}, "attacker": {"forward"},
    "number nine": {"forward"}, "winger": {"forward", "midfielder"},
    "midfielder": {"midfielder"}, "playmaker": {"midfielder", "forward"},
    "defender": {"defender"}, "centre-back": {"defender"}, "full-back": {"defender"},
}  # fmt: skip


@dataclass
class GoalEvent:
    """A goal found in one sentence: scorer mention (or ``None``), team IRI hint (the side
    that scored, from "T were level"), minute data, kind, assist mention, rule name."""

    scorer: Mention | None
    team_hint: str | None
    time: TimeExpr | None
    kind: str
    assist: Mention | None
    rule: str
    sentence: int
    own_goal: bool = False
    timed: bool = True
    minute: int | None = None
    stoppage: int | None = None
    vague: bool = False
    start: int = 0
    end: int = 0


@dataclass
class SentenceView:
    """What the goal rules need of a sentence: text, document offset, player mentions (with
    team and position), team references ``(start, end, iri)`` relative to the sentence."""

    index: int
    start: int
    text: str
    players: list[Mention]
    teams: list[tuple[int, int, str]] = field(default_factory=list)
    adjectives: list[tuple[int, int, str]] = field(default_factory=list)
    line_time: TimeExpr | None = None


#: a live-blog line's leading minute: "57' GOAL! …", "90+3' Agüero heads in", "67 min: …"
#: a clock time after a live-blog line's minute: "8 min, 1.38pm - GOAL!"
LINE_CLOCK_AFTER = r"(?:,\s*\d{1,2}[.:]\d{2}\s*(?:[ap]\.?m\.?)?)?"
LINE_MINUTE = re.compile(LINE_MARK + LINE_CLOCK_AFTER + r"(?=\s|$)")
#: a live-blog line that announces a goal: "57' GOAL! 2-2."
LINE_GOAL = re.compile(LINE_MARK + LINE_CLOCK_AFTER + r"\s*[—–-]?\s*(?:GOAL|Goal|goal)\b")


def _kind(part: str) -> str:
    """The kind of goal a clause describes: penalty, header, free kick or regular."""
    if PENALTY_KIND.search(part):
        return "penalty"
    # a header that set up the scorer's shot is no header: "a corner that had been headed
    # back across goal with a volley", "volleyed … from a headed pass by Schäfer"
    if HEADER.search(HEADED_PASS.sub(" ", part)):
        return "header"
    # a free kick that was cleared or dropped in the goalmouth is where the goal began
    if re.search(r"free[- ]kick(?! (?:from|by) (?-i:[A-Z])| routine)(?! (?:was |had been )?"
                 r"(?:only )?(?:half[- ])?(?:cleared|dropped|dropped in|came back|rebounded|"
                 r"bounced|fell))", part, re.I):  # fmt: skip
        return "free_kick"
    return "regular"


#: a header that is a pass: "headed back across goal", "a headed pass by", "headed on" (when
#: the clause also has the scorer's volley or shot)
HEADED_PASS = re.compile(
    r"\b(?:headed|nodded|flicked) (?:the ball |it )?(?:back|on|down|across)\b"
    r"(?=.*\b(?:volley|shot|struck|drove|fired|smashed|hooked)\w*)|"
    r"\bheaded (?:pass|ball|knock-down|lay-off)\b",
    re.I,
)


def line_time(line: str) -> TimeExpr | None:
    """The minute a live-blog line starts with (``"57' GOAL!"`` → 57, ``"90+3'"`` → 90+3), or
    ``None`` for prose. Minutes outside 1–130 are not minutes."""
    m = LINE_MINUTE.match(line)
    if m is None or not 1 <= int(m[1]) <= 130:
        return None
    return TimeExpr(0, 0, "line-minute", minute=int(m[1]), stoppage=int(m[2]) if m[2] else None)


def clauses(text: str) -> list[tuple[int, int]]:
    """Clause spans of a sentence (split at punctuation and clause-opening words)."""
    spans, pos = [], 0
    for m in CLAUSE_BREAK.finditer(text):
        if m.start() > pos:
            spans.append((pos, m.start()))
        pos = m.end() if m.group().strip() else m.start() + 1
    spans.append((pos, len(text)))
    return [(a, b) for a, b in spans if b > a]


def _rel(view: SentenceView, m: Mention) -> tuple[int, int]:
    return m.start - view.start, m.end - view.start


def _players_in(view: SentenceView, a: int, b: int) -> list[Mention]:
    return [p for p in view.players if a <= p.start - view.start < b]


class GoalFinder:
    """Stateful pass over the sentences of a report (state: the last minute given, the pending
    time or goal of the previous sentence, players mentioned so far).

    ``teams``: the two team IRIs of the main match; ``hosts``: host team IRIs."""

    def __init__(self, teams: tuple[str, str]) -> None:
        self.teams = teams
        self.last_minute: int | None = None
        self.last_stoppage: int | None = None
        self.pending: dict | None = None
        self.seen: list[Mention] = []
        self.recent: list[tuple[int, Mention]] = []  # (sentence index, player) in text order
        self.events: list[GoalEvent] = []
        self.untimed: list[GoalEvent] = []
        self.prev_subject: Mention | None = None
        self.last_index = -1
        self.prev_text = ""
        self.award_index: int | None = None  # the last sentence that awarded a penalty
        self.prev_view: SentenceView | None = None

    def other(self, team: str | None) -> str | None:
        """The opponent of ``team`` in the main match."""
        if team not in self.teams:
            return None
        return self.teams[1] if team == self.teams[0] else self.teams[0]

    def feed(self, view: SentenceView, skip: bool) -> None:
        """Read one sentence; ``skip`` when it is about another match or a shootout."""
        text = view.text
        if PENALTY_AWARD.search(text):
            self.award_index = view.index
        times = [self._absolute(t) for t in find_times(text)]
        if view.line_time is not None:
            # a live-blog line's leading minute is its time: "• 10' — Two minutes later it is
            # 2-0" is the 10th minute, not 10 + 2
            times = [t for t in times if not t.rule.endswith("+offset")]
            if not times:
                times = [self._absolute(view.line_time)]
        if skip or SHOOTOUT.search(text):
            self.pending = None
            self.seen.extend(view.players)
            return
        if OWN_GOAL_NOTE.search(text) and self._recredit_own_goal(view):
            self.seen.extend(view.players)
            self.prev_view = view
            return
        goal_clauses = self._goal_clauses(view)
        awarded = AWARDED.search(text)
        if not goal_clauses and awarded and self.pending and self.pending.get("shooter"):
            self._emit(view, self.pending["shooter"], None, self.pending["time"], "regular",
                       self.pending.get("assist"), "goal-awarded")  # fmt: skip
            self.pending = None
        elif not goal_clauses and times and self._time_for_last(view, times[-1]):
            self.pending = None
        elif not goal_clauses:
            if times:
                self.pending = {"time": times[-1], "shooter": self._shooter(view),
                                "assist": self._assist(view, len(text), None),
                                "index": view.index}  # fmt: skip
            elif self.pending is None or view.index - self.pending.get("index", -9) > 2:
                # "The equaliser came four minutes before the break. Dzyuba rose to meet a
                # corner … . Dzyuba sent De Gea the wrong way": a time waits two sentences
                self.pending = None
        else:
            self._goals(view, goal_clauses, times)
            # "…equalised in the 39th minute, but the parity lasted only a minute": a time
            # after the last goal clause that says how long the score held is the next goal's
            after = [t for t in times if t.start >= goal_clauses[-1][1] and t.minute is not None
                     and t.rule.startswith("lasted")]  # fmt: skip
            if after:
                self.pending = {
                    "time": after[-1],
                    "shooter": None,
                    "assist": None,
                    "index": view.index,
                }
        self.seen.extend(view.players)
        self.recent.extend((view.index, p) for p in view.players)
        self.prev_subject = self._subject(view, 0, len(text)) if view.players else None
        self.last_index = view.index
        self.prev_text = text
        self.prev_view = view

    def line_goal(self, views: list[SentenceView], found_before: int) -> None:
        """After the sentences of a live-blog line that announced a goal ("57' GOAL! 2-2.
        Hernández crosses and Pavard meets it on the half-volley."): when they gave no goal
        (``found_before`` = events before the line), the scorer is the line's last player
        named who is neither a goalkeeper nor the passer; the assist comes from the same
        sentence."""
        if not views or views[0].line_time is None or len(self.events) > found_before:
            return
        if not LINE_GOAL.match(views[0].text):
            return
        own = any(re.search(r"\bown goal\b|\bown net\b", v.text, re.I) for v in views)
        if own and self._line_own_goal(views):
            return
        for view in reversed(views):
            if SHOOTOUT.search(view.text):
                continue
            for p in reversed(view.players):
                if p.position == "goalkeeper" or self._is_passer(view, p):
                    continue
                if self._failed_shot(view, p):
                    continue
                assist = self._assist(view, len(view.text), p)
                kind = _kind(view.text[p.start - view.start :])  # the scorer's own words
                self._emit(view, p, None, views[0].line_time, kind, assist, "goal-line")
                return

    def _recredit_own_goal(self, view: SentenceView) -> bool:
        """ "It'll go down as an own goal by the keeper": the goal of the sentence before
        becomes an own goal by the player it came off there ("onto the back of Alexander"),
        else by the goalkeeper named there."""
        prev = self.prev_view
        if not self.events or prev is None or self.events[-1].sentence != prev.index:
            return False
        # "Ignashevich became the oldest player to score an own goal": the player named here
        found = view.players[0] if view.players else None
        found = (
            found
            or self._came_off(prev)
            or next((p for p in prev.players if p.position == "goalkeeper"), None)
        )
        if found is None:
            return False
        ev = self.events[-1]
        ev.scorer, ev.own_goal, ev.kind, ev.assist = found, True, "own_goal", None
        return True

    def _came_off(self, view: SentenceView) -> Mention | None:
        """The player a ball came off in ``view`` ("onto the back of P", "a deflection off
        P")."""
        for p in view.players:
            before = view.text[max(0, p.start - view.start - 30) : p.start - view.start]
            if OWN_GOAL_BY.search(before) or CAME_OFF.search(before):
                return p
        return None

    def _line_own_goal(self, views: list[SentenceView]) -> bool:
        """An own goal in a live-blog goal line: the player the ball came off ("onto the back
        of Alexander", "a deflection off Mercado"), else a goalkeeper the line names."""
        found = next(((v, p) for v in views if (p := self._came_off(v)) is not None), None)
        if found is None:
            found = next(((v, p) for v in views for p in v.players if p.position == "goalkeeper"),
                         None)  # fmt: skip
        if found is None:
            return False
        view, p = found
        self._emit(view, p, None, views[0].line_time, "own_goal", None, "goal-line", own=True)
        return True

    def _time_for_last(self, view: SentenceView, time: TimeExpr) -> bool:
        """ "It was the 67th minute": a time stated right after an untimed goal is its time."""
        last = self.untimed[-1] if self.untimed else None
        if last is None or last.sentence != self.last_index or time.minute is None:
            return False
        if not re.match(r"\s*(?:It|That|This|The (?:goal|equaliser|equalizer|opener|winner))\b"
                        r"(?: \w+)? (?:was|came|arrived)\b", view.text):  # fmt: skip
            return False
        self.untimed.pop()
        last.timed, last.time = True, time
        last.minute, last.stoppage, last.vague = time.minute, time.stoppage, time.vague
        self.last_minute, self.last_stoppage = time.minute, time.stoppage
        self.events.append(last)
        return True

    def _shooter(self, view: SentenceView) -> Mention | None:
        """The player who shot in a sentence without a goal (for a goal awarded next)."""
        for a, b in clauses(view.text):
            if re.search(
                r"\b(?:struck|shot|shoots|hit|header|headed|volleyed|fired)\b", view.text[a:b]
            ):
                found = self._subject(view, a, b)
                for ca, cb in reversed([c for c in clauses(view.text) if c[1] <= a]):
                    found = found or self._subject(view, ca, cb)
                if found is not None:
                    return found
        return self._subject(view, 0, len(view.text))

    def _absolute(self, t: TimeExpr) -> TimeExpr:
        """``t`` resolved against the last minute given (see :func:`timeexpr.resolve`),
        which it then becomes."""
        t = resolve(t, self.last_minute, self.last_stoppage)
        if t.minute is not None:
            self.last_minute, self.last_stoppage = t.minute, t.stoppage
        return t

    def _goal_clauses(self, view: SentenceView) -> list[tuple[int, int, re.Match[str]]]:
        text = view.text
        if re.search(r"\bruled out|disallowed|chalked off|thought (?:they|he) had", text, re.I):
            return []
        found = []
        for a, b in clauses(text):
            part = text[a:b]
            hit = next((m for p in SIGNALS if (m := p.search(part))), None)
            if hit is None:
                hit = self._past_keeper(view, a, b)
            if hit is None and find_times(part):
                hit = POSSESSIVE_GOAL.search(part)
            if hit is not None and not NEGATIVE.search(part):
                found.append((a, b, hit))
        return found

    def _past_keeper(self, view: SentenceView, a: int, b: int) -> re.Match[str] | None:
        for p in _players_in(view, a, b):
            if p.position == "goalkeeper":
                s, _ = _rel(view, p)
                m = re.search(
                    r"\b(?:past|beat|beats|beyond|beating|under|round|around|over|through the legs of)"
                    r"\s+(?:the\s+)?(?:[a-z-]+\s+){0,3}(?:goalkeeper\s+|keeper\s+)?$",
                    view.text[a:s],
                )
                if m:
                    return m
        return None

    def _clause_times(self, text: str, found: list, times: list[TimeExpr]) -> list[list]:
        """The times of each goal clause of ``found``: a time inside a clause (by its start,
        else its end: "and three minutes | after that Yang made it three") is that clause's;
        a time between clauses goes to the goal clause it directly follows ("Kane scored, in
        the 67th minute") or else to the next goal clause that has none."""
        own: list[list] = [[] for _ in found]
        loose = []
        for t in times:
            at = next((i for i, (a, b, _) in enumerate(found) if a <= t.start < b), None)
            if at is None:
                at = next((i for i, (a, b, _) in enumerate(found) if a < t.end <= b), None)
            if at is None:
                loose.append(t)
            else:
                own[at].append(t)
        for t in loose:
            prev = max((i for i, (_, b, _) in enumerate(found) if b <= t.start), default=None)
            nxt = min((i for i, (a, _, _) in enumerate(found) if a >= t.end), default=None)
            if (
                prev is not None
                and not own[prev]
                and re.fullmatch(
                    r"[\s,;:—–-]*(?:with|in|on|at|after)?\s*", text[found[prev][1] : t.start]
                )
            ):
                own[prev].append(t)
            elif nxt is not None and not own[nxt] and (prev is None or own[prev]):
                own[nxt].append(t)
        return own

    def _goals(self, view: SentenceView, found: list, times: list[TimeExpr]) -> None:
        timed_clauses = []
        for (a, b, hit), own in zip(
            found, self._clause_times(view.text, found, times), strict=True
        ):
            timed_clauses.append((a, b, hit, own[-1] if own else None))
        groups: list[list] = []
        for item in timed_clauses:
            if groups and item[3] is None and self._another_scorer(view, groups[-1], item):
                groups.append([item])  # "At the 32nd minute, P gave T the lead; Q added his
                # second": two goals, the second untimed
            elif groups and (item[3] is None or all(g[3] is None for g in groups[-1])):
                groups[-1].append(item)
            elif groups and item[3] is not None and any(g[3] is not None for g in groups[-1]):
                groups.append([item])
            else:
                groups.append([item])
        for i, group in enumerate(groups):
            time = next((g[3] for g in group if g[3] is not None), None)
            if time is None and len(groups) == 1 and times:
                time = times[-1]
            limit = groups[i + 1][0][0] if i + 1 < len(groups) else len(view.text)
            floor = groups[i - 1][-1][1] if i else 0
            self._group_goal(view, group, time, limit, floor)

    def _another_scorer(self, view: SentenceView, group: list, item: tuple) -> bool:
        """True when a goal clause without a time names a scorer of its own, another than the
        one of the clauses before it, after a semicolon: a second goal, not the same one
        told further."""
        a, b, hit, _ = item
        mine = self._scorer(view, a, b, hit)
        if mine is None or not view.text[:a].rstrip().endswith(";"):
            return False
        theirs = [self._scorer(view, ga, gb, gh) for ga, gb, gh, _ in group]
        return any(t is not None for t in theirs) and all(
            t is None or t.iri != mine.iri for t in theirs
        )

    def _group_goal(
        self, view: SentenceView, group: list, time: TimeExpr | None, limit: int | None = None,
        floor: int = 0,
    ) -> None:
        """One goal from a group of goal clauses; the words up to ``limit`` (the next goal's
        clauses) describe it ("…, meeting Shaw's cross with a looping header"), the words
        before ``floor`` (the goal before, in the same sentence) do not ("He converted a
        penalty in the 80th minute and a minute later volleyed in his second": no penalty)."""
        text = view.text
        pending = self.pending
        if time is None and pending is not None:
            time = pending["time"]
        scorer, team_hint, clause = None, None, group[-1]
        for a, b, hit, _ in reversed(group):
            scorer = self._scorer(view, a, b, hit)
            if scorer is not None:
                clause = (a, b, hit, None)
                break
        if scorer is None:
            team_hint = self._team_signal(view, group)
            scorer = self._team_player(view, team_hint)
        if scorer is None and not view.players and self.prev_view is not None:
            # "… and the midfielder struck it first time. The ball was still rising as it
            # crashed into the top corner": the shot of the sentence before
            prev = self.prev_view
            if prev.index == view.index - 1 and SHOT.search(prev.text):
                scorer = self._shooter(prev)
        if scorer is None and not view.players and team_hint and ANAPHOR.match(text):
            # "… scoring one of the best goals … . That gave T a one-nil lead in the 18th
            # minute": the goal just told, by the last player of that team named
            scorer = self._recent_player(view, team_hint)
        a, b = clause[0], clause[1]
        part = text[a:b]
        if scorer is not None and view.start <= scorer.start < view.start + a:
            part = text[max(scorer.start - view.start, floor) : b]
        trailing = text[b : max(b, limit or b)]
        own = bool(re.search(r"own goal|past his own|into his own net|own-goal", text[a:], re.I))
        kind = "own_goal" if own else _kind(part)
        if (
            kind != "own_goal"
            and re.search(r"wrong way|\bconvert", part, re.I)
            and re.search(r"penalty|spot[- ]kick", self.prev_text, re.I)
        ):
            kind = "penalty"  # "A penalty to England. Kane sent Lloris the wrong way."
        elif kind == "regular" and (how := TRAILING_KIND.search(trailing)) is not None:
            # "…, meeting Shaw's cross with a looping header"
            word = next(g for g in how.groups() if g).lower()
            kind = "header" if word == "header" else "penalty" if word == "penalty" else "free_kick"
        if scorer is None:
            if time is not None:
                self.pending = {
                    "time": time,
                    "shooter": None,
                    "assist": None,
                    "team": team_hint,
                    "index": view.index,
                }
            return
        # the passer of a second goal of the sentence is named within its own clauses: the
        # words between the two goals ("…, after a pass from Pirlo, and …") are the first's
        assist_floor = max(floor, group[0][0]) if floor else 0
        assist = None if own else self._assist(view, b, scorer, assist_floor)
        carried = pending.get("assist") if pending and not own and assist is None else None
        if carried is not None and carried.team == scorer.team and carried.iri != scorer.iri:
            assist = carried
        self._emit(view, scorer, team_hint, time, kind, assist, "goal-clause", own)
        self.pending = None

    def _emit(self, view, scorer, team_hint, time, kind, assist, rule, own=False) -> None:
        if (
            kind == "regular"
            and not own
            and self.award_index is not None
            and 0 <= view.index - self.award_index <= 4
        ):
            kind = "penalty"  # "The referee pointed to the spot. … Kane sent Lloris the wrong way"
        if self.award_index is not None and view.index - self.award_index >= 0:
            self.award_index = None
        event = GoalEvent(scorer, team_hint, time, kind, assist, rule, view.index, own_goal=own,
                          start=view.start, end=view.start + len(view.text))  # fmt: skip
        if time is None or time.minute is None:
            event.timed = False
            self.untimed.append(event)
            return
        event.minute, event.stoppage, event.vague = time.minute, time.stoppage, time.vague
        self.last_minute, self.last_stoppage = time.minute, time.stoppage
        self.events.append(event)

    def _team_signal(self, view: SentenceView, group: list) -> str | None:
        for a, b, _hit, _ in group:
            for s, e, iri in view.teams:
                if a <= s < b:
                    after = view.text[e : e + 20].lower()
                    if re.match(r"\s*(?:were|was|fell|went) behind", after):
                        return self.other(iri)
                    return iri
        return None

    def _recent_player(self, view: SentenceView, team: str) -> Mention | None:
        """The last player of ``team`` named in the two sentences before ``view``."""
        for index, p in reversed(self.recent):
            if view.index - index > 2:
                return None
            if p.team == team and p.position != "goalkeeper":
                return p
        return None

    def _team_player(self, view: SentenceView, team: str | None) -> Mention | None:
        if team is None:
            return None
        for p in view.players:
            s, _ = _rel(view, p)
            if (
                p.team == team
                and p.position != "goalkeeper"
                and not OBJECT_BEFORE.search(view.text[:s])
            ):
                return p
        return None

    def _is_passer(self, view: SentenceView, p: Mention) -> bool:
        """True when ``p`` makes the pass ("Pirlo fed …", "Lahm's cross"), not the goal."""
        after = view.text[p.end - view.start :]
        return bool(PASSER_AFTER.match(after) or PASS_POSSESSIVE.match(after))

    def _is_receiver(self, view: SentenceView, p: Mention) -> bool:
        """True for the player a pass went to ("fed Del Piero", "a pass to Grosso")."""
        before = view.text[: p.start - view.start]
        return bool(re.search(r"\b(?:fed|found|picked out|set up|teed up|played in|(?:pass|ball|"
                              r"cross|it) (?:through )?to)\s+$", before))  # fmt: skip

    def _own_goal_by(self, view: SentenceView, a: int) -> Mention | None:
        """The player in "into his own net by P" / "an own goal by P" / "a deflection off P"."""
        for p in _players_in(view, a, len(view.text)):
            s, _ = _rel(view, p)
            if OWN_GOAL_BY.search(view.text[max(0, s - 60) : s]):
                return p
        return None

    def _scorer(self, view: SentenceView, a: int, b: int, hit: re.Match[str]) -> Mention | None:
        text = view.text
        if re.search(r"own goal|own net|own-goal", text[a:], re.I):
            by = self._own_goal_by(view, a)
            if by is not None:
                return by
        for p in view.players:
            s, e = _rel(view, p)
            follows = re.match(
                r"\s+to (?:head|tap|slot|fire|score|poke|turn|sweep|drive|finish)", text[e:]
            )
            if (
                follows
                and text[:s].rstrip().endswith(("for", "substitute", "found", "set up"))
                and a - 60 <= s < b
            ):
                return p
        part = text[a:b]
        if re.match(r"\s*(?:who|whose)\b", part):
            before = [p for p in view.players if p.end - view.start <= a]
            if before:
                return before[-1]
        m = re.search(r"\bthrough\s+$", text[:b])
        for p in _players_in(view, a, len(text)):
            s, _ = _rel(view, p)
            if re.search(r"\bthrough\s+(?:\w+\s+)?$", text[a:s]) and s > a:
                return p
            if re.match(r"(?:'s|’s) (?:\w+ ){0,2}(?:penalty|shot|header|finish|strike|effort|"
                        r"free kick|volley|opener|goal)", text[p.end - view.start :]) and s < b:  # fmt: skip
                return p
        m = re.search(r"\bset(?:s)? up\s+$|\bfor\s+$", text[:a])
        del m
        for p in _players_in(view, 0, b):
            s, e = _rel(view, p)
            if text[:s].rstrip().endswith(("set up", "sets up")) and re.search(
                r"^\s*for the", text[e:]
            ):
                return p
        # "…, heading in a cross from Pearce": a clause with no subject of its own
        subject = None if PARTICIPLE_CLAUSE.match(text[a:b]) else self._subject(view, a, b)
        if subject is not None:
            return subject
        for ca, cb in reversed([c for c in clauses(text) if c[1] <= a]):
            if PARTICIPLE_CLAUSE.match(text[ca:cb]):
                continue  # "outpacing Ramos …, dragging Casillas …": the players are objects
            if re.match(r"\s*(?:who|whose)\b", text[ca:cb]):
                before = [p for p in view.players if p.end - view.start <= ca]
                if before and before[-1].position != "goalkeeper":
                    return before[-1]
            subject = self._subject(view, ca, cb)
            if subject is not None:
                return subject
        return None

    def _subject(self, view: SentenceView, a: int, b: int) -> Mention | None:
        text = view.text
        candidates: list[tuple[int, str, object]] = []
        for p in _players_in(view, a, b):
            candidates.append((p.start - view.start, "player", p))
        for m in DESCRIPTOR.finditer(text, a, b):
            candidates.append((m.start(), "descriptor", m))
        for m in PRONOUN.finditer(text, a, b):
            candidates.append((m.start(), "pronoun", m))
        for s, kind, obj in sorted(candidates, key=lambda c: c[0]):
            if OBJECT_BEFORE.search(text[a:s]) and kind == "player":
                continue
            if kind == "player":
                p = obj  # type: ignore[assignment]
                if self._coordinated_object(view, a, p):  # type: ignore[arg-type]
                    continue
                if self._is_passer(view, p):  # type: ignore[arg-type]
                    continue
                if p.position == "goalkeeper" or self._failed_shot(view, p):  # type: ignore[union-attr]
                    continue
                return p  # type: ignore[return-value]
            if kind == "descriptor":
                return self._resolve_descriptor(view, obj)  # type: ignore[arg-type]
            return self._resolve_pronoun(view, s)
        return None

    def _coordinated_object(self, view: SentenceView, a: int, p: Mention) -> bool:
        """True for "… ran at Butcher and Fenwick": a player joined by "and" to an object."""
        text = view.text
        if not re.match(
            r"\s*(?:and|or)(?: then| later| finally)?\s+$", text[a : p.start - view.start]
        ):
            return False
        after = text[p.end - view.start :]
        if re.match(r",\s+(?:the|a|an|who|his)\b|\s+(?:\w+ly\s+)?[a-z]+(?:ed|s)\b", after):
            return False
        before = [q for q in view.players if q.end - view.start <= a]
        if not before:
            return False
        q = before[-1]
        qs, qe = _rel(view, q)
        return qe >= a - 2 and bool(OBJECT_BEFORE.search(text[:qs]))

    def _failed_shot(self, view: SentenceView, p: Mention) -> bool:
        after = view.text[p.end - view.start : p.end - view.start + 80]
        return bool(re.match(r",? whose [^,;]*(?:spilled|saved|parried|blocked|pushed)", after))

    def _resolve_descriptor(self, view: SentenceView, m: re.Match[str]) -> Mention | None:
        noun = m.group(2)
        positions = POSITIONS.get(noun)
        team = None
        for s, _e, iri in view.adjectives + view.teams:
            if m.start() <= s < m.end():
                team = iri
        before = [p for p in view.players if p.start - view.start < m.start()]
        passers = [p for p in before if self._is_passer(view, p)]
        before = [p for p in before if p not in passers]
        receivers = [p for p in before if self._is_receiver(view, p)]
        rest = [p for p in before if p not in receivers]
        # a passer who passed "to him" ("Luque slipped the ball to him and the Valencia
        # striker slid it under Jongbloed") is the last choice: the descriptor is "him"
        to_him = [
            p for p in passers if re.match(r"[^,.;]{0,40}?\bhim\b", view.text[p.end - view.start :])
        ]
        passers = [p for p in passers if p not in to_him]
        order = list(reversed(receivers)) + self._sentence_subject_first(view, rest) + passers
        if self.prev_subject is not None:
            order.append(self.prev_subject)
        order += [p for p in reversed(self.seen) if p.iri not in {q.iri for q in to_him}]
        order += to_him
        for p in order:
            if p.position == "goalkeeper" or self._failed_shot(view, p):
                continue
            if positions and p.position not in positions:
                continue
            if team and p.team != team:
                continue
            return p
        if team:
            counts: dict[str, int] = {}
            for p in self.seen:
                if p.team == team:
                    counts[p.iri] = counts.get(p.iri, 0) + 1
            if counts:
                best = max(counts, key=lambda i: counts[i])
                return next(p for p in self.seen if p.iri == best)
        return None

    def _sentence_subject_first(self, view: SentenceView, before: list[Mention]) -> list[Mention]:
        if not before:
            return []
        first = before[0]
        rest = [p for p in reversed(before[1:]) if not self._failed_shot(view, p)]
        return [first, *rest]

    def _resolve_pronoun(self, view: SentenceView, pos: int) -> Mention | None:
        """ "he": the latest player of the sentence who is neither the passer nor a
        goalkeeper, else the previous sentence's subject, else the latest player named."""
        before = [p for p in view.players if p.start - view.start < pos]
        passers = [p for p in before if self._is_passer(view, p)]
        # "took him past Piqué before he cut inside": an object is not who "he" is
        objects = [p for p in before if p not in passers and not self._is_receiver(view, p)
                   and OBJECT_BEFORE.search(view.text[: p.start - view.start])]  # fmt: skip
        order = [p for p in reversed(before) if p not in passers and p not in objects]
        if self.prev_subject is not None:
            order.append(self.prev_subject)
        order += list(reversed(objects)) + list(reversed(passers))
        for p in order + list(reversed(self.seen)):
            if p.position != "goalkeeper":
                return p
        return None

    def _assist(self, view: SentenceView, end: int, scorer: Mention | None,
                floor: int = 0) -> Mention | None:  # fmt: skip
        """The passer of a goal told up to ``end`` in ``view``; not a player named before
        ``floor`` (the goal before in the sentence: "Grosso scored …, after a pass from Pirlo,
        and Del Piero added a second": Pirlo's pass is Grosso's)."""
        text = view.text
        best = None
        for p in view.players:
            s, _ = _rel(view, p)
            if s < floor:
                continue
            if s < end + 40 and PASS_FROM.search(text[max(0, s - 30) : s]):
                best = p
        if best is not None and self._assist_ok(best, scorer):
            return best
        passers = [p for p in view.players if floor <= p.start - view.start < end + 40
                   and self._is_passer(view, p) and self._assist_ok(p, scorer)]  # fmt: skip
        if passers:
            before = [p for p in passers if scorer is None or p.start < scorer.start]
            return (before or passers)[-1]
        passes = [m for m in PASS.finditer(text) if floor <= m.start() < end]
        for m in reversed(passes):
            cl = next(((a, b) for a, b in clauses(text) if a <= m.start() < b), (0, len(text)))
            candidate = self._subject(view, cl[0], m.start())
            if candidate is None:
                for ca, cb in reversed([c for c in clauses(text) if c[1] <= cl[0]]):
                    candidate = self._subject(view, ca, cb)
                    if candidate is None and ca < floor:
                        # the passer of the goal before, subject of this pass too: "Messi set
                        # up Enzo Fernandez for the equalizer, then delivered a cross for …"
                        candidate = next((p for p in _players_in(view, ca, cb)
                                          if not OBJECT_BEFORE.search(text[ca : p.start - view.start])),
                                         None)  # fmt: skip
                    if candidate is not None:
                        break
            if candidate is not None and self._assist_ok(candidate, scorer):
                return candidate
        return None

    def _assist_ok(self, p: Mention, scorer: Mention | None) -> bool:
        if scorer is None:
            return True
        return p.iri != scorer.iri and p.team == scorer.team
