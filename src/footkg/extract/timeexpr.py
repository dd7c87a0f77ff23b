# ruff: noqa: E501 - rule tables hold long regular expressions
"""Minutes in match-report prose: ``in the 67th minute``, ``90+3``, ``two minutes after the
interval``, ``with eleven minutes remaining``, ``four minutes from the end of extra time``,
``six minutes later``, ``in stoppage time``, ``just before the break``, ordinal words (``in
the eighth minute``, ``the eleventh minute of stoppage time`` → 90+11), ``in the 104th``,
``barely three minutes in``, ``eleven minutes into the second half``, ``two minutes after
the third goal`` (relative), ``the last minute of the first extra period``, ``three minutes
after the half-hour``, ``fifteen minutes played``, ``sixty-nine minutes on the clock``, ``the fourth minute of
the extra half-hour`` (94), ``within two minutes of the start``, ``twenty minutes of the
second half had gone`` (65), ``in the hundred-and-eighth minute``, ``the 90th minute plus
two``, ``sixty seconds later`` (relative: one minute), ``On ten minutes``, a commentator's
``PBP: Fifty-seven minutes...``.

Convention: ``N minutes into extra time`` is minute ``90 + N`` (extra time starts after the
90th minute, so "four minutes into extra time" is the 94th minute).

:func:`find_times` returns :class:`TimeExpr` values in text order. An absolute expression has
``minute`` (regulation or extra-time minute) and maybe ``stoppage``; a relative one ("N minutes
later", "the lead lasted N minutes") has ``offset`` to add to the last minute the report gave.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    "twenty": 20, "a": 1, "an": 1, "a couple of": 2, "a few": 3,
}  # fmt: skip
_UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
for _tens, _value_of_tens in (("twenty", 20), ("thirty", 30), ("forty", 40), ("fifty", 50),
                              ("sixty", 60), ("seventy", 70), ("eighty", 80), ("ninety", 90)):
    NUMBERS[_tens] = _value_of_tens  # "thirty minutes", "twenty-five minutes"
    NUMBERS.update({f"{_tens}-{u}": _value_of_tens + NUMBERS[u] for u in _UNITS})
NUM = r"(\d{1,3}|" + "|".join(sorted((k for k in NUMBERS if " " not in k), key=len, reverse=True))
NUM += r"|a couple of|a few)"
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50,
    "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90,
}  # fmt: skip
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90}  # fmt: skip
ORD = (r"((?:(?:" + "|".join(TENS) + r")-)?(?:" + "|".join(sorted(ORDINALS, key=len, reverse=True))
       + r")|\d{1,3}(?:st|nd|rd|th))")  # fmt: skip
#: the minute a live-blog line starts with: "57'", "• 90+3'", "67 min:", "[27']", after a
#: clock time ("18:24 — 23 min:", "09.09 39 min:") (groups: minute, stoppage)
LINE_MARK = r"\s*(?:\d{1,2}[:.]\d{2}\s*(?:[—–-]\s*)?)?(?:[•*·–—-]\s*)?\[?(\d{1,3})(?:\s*\+\s*(\d{1,2}))?\s*(?:'|’|′|mins?\b\.?:?)\]?"
#: a clock time opening a live-blog line: "18:53 — ", "09.09 "
CLOCK = r"\d{1,2}[:.]\d{2}\s*(?:[—–-]\s*)?"
HALF_TIME = (
    r"(?:the )?(?:interval|restart|resumption|break|half-time|halftime|half time|change of ends|"
    r"second half began|(?:second[- ]half )?kick-off of the second half)"
)


@dataclass(frozen=True, slots=True)
class TimeExpr:
    """A time in a sentence: span (relative to the sentence), ``minute``/``stoppage`` when
    absolute, ``offset`` (minutes) when relative to the previous minute, ``vague`` for
    "stoppage time" with no number, and the rule name."""

    start: int
    end: int
    rule: str
    minute: int | None = None
    stoppage: int | None = None
    offset: int | None = None
    vague: bool = False


#: rules that count back from the end of the match (read in extra time once past 90)
COUNT_BACK = ("from-end", "remaining", "quarter-hour-left", "half-hour-left")


def resolve(t: TimeExpr, last: int | None, last_stoppage: int | None = None) -> TimeExpr:
    """``t`` against ``last``, the last minute the report gave before it (``None`` when none),
    and ``last_stoppage``, its stoppage minutes (90+2 is ``last`` 90, ``last_stoppage`` 2):
    a relative time gets its minute (``last + offset``, rule suffix ``+offset``; in stoppage
    time it stays there: "two minutes after that" after 90+2 is 90+4, and after 45+1 up to
    five minutes on are still the first half's), and a count back from the end ("five minutes
    from the end", "with eight minutes remaining") is read in extra time (+30, rule suffix
    ``-et``) once ``last`` is past 90. Other times, and a relative time with no ``last``, come
    back unchanged."""
    if t.offset is not None and last is not None:
        if last_stoppage is not None and (last in (90, 120) or t.offset <= 5):
            return TimeExpr(t.start, t.end, t.rule + "+offset", minute=last,
                            stoppage=last_stoppage + t.offset)  # fmt: skip
        return TimeExpr(t.start, t.end, t.rule + "+offset", minute=last + t.offset)
    if t.rule == "lasted" and last is None and t.offset is not None:
        # "Elegance lasted six minutes." before any time: six minutes from the kick-off
        return TimeExpr(t.start, t.end, t.rule + "-kickoff", minute=t.offset)
    counts_back = t.rule in COUNT_BACK and t.minute is not None
    if counts_back and last is not None and last > 90:
        return TimeExpr(t.start, t.end, t.rule + "-et", minute=t.minute + 30)
    return t


def ordinal(word: str) -> int:
    """``"eighth"`` → 8, ``"sixty-seventh"`` → 67, ``"104th"`` → 104."""
    word = word.lower()
    if word[0].isdigit():
        return int(re.match(r"\d+", word).group())  # type: ignore[union-attr]
    tens, _, unit = word.rpartition("-")
    return TENS.get(tens, 0) + ORDINALS[unit]


def number(word: str) -> int:
    """``"12"`` → 12, ``"twelve"`` → 12 (raises ``KeyError`` on other words)."""
    word = word.lower()
    return int(word) if word.isdigit() else NUMBERS[word]


_RULES: list[tuple[str, re.Pattern[str]]] = [
    # not the time of a goal: a substitution's minute ("on as a 71st-minute sub")
    ("ignore-substitution", re.compile(r"\b\d{1,3}(?:st|nd|rd|th)[ -]minute (?:sub|substitute|replacement)\b", re.I)),
    # nor when a substitute came on: "who had come on two minutes before the end of regulation time"
    ("ignore-came-on", re.compile(rf"\b(?:come|came|coming|comes|brought) on (?:as a substitute )?(?:only |just )?{NUM} minutes? (?:before|from|after|into)(?: the)? (?:end|start|break|interval|restart|half|second half|extra|full)[\w -]*", re.I)),
    ("ignore-brought-on", re.compile(rf"\b(?:introduced|sent on|brought on|threw on)\b[^.;]{{0,60}}?\b{NUM} minutes? (?:after|before|into|from) (?:the )?(?:restart|interval|break|half-time|start|end|second half|kick-off)\b", re.I)),
    ("minute-plus", re.compile(rf"\b(45|90|105|120)(?:st|nd|rd|th)? minute plus {NUM}\b", re.I)),
    # "sixty seconds later", "another minute later": one minute after the last time given
    ("seconds-later", re.compile(r"\b(?:(?:sixty|60|ninety|90|forty-five|45|thirty|30) seconds|another minute) (?:later|afterwards|after that)\b", re.I)),
    ("plus", re.compile(r"\b(\d{2,3}) ?\+ ?(\d{1,2})(?:th|st|nd|rd)?(?:'|’| min(?:ute)?s?\b)?")),
    ("stoppage-nth-first-et", re.compile(rf"\b(?:(?:in )?the )?{ORD} minute of (?:stoppage|injury|added) time (?:at the end )?of the first (?:period|half) of extra[- ]time", re.I)),
    ("stoppage-nth-et", re.compile(rf"\b(?:(?:in )?the )?{ORD} minute of (?:stoppage|injury|added) time (?:at the end )?of extra[- ]time", re.I)),
    ("stoppage-nth-first", re.compile(rf"\b(?:(?:in )?the )?{ORD} minute of (?:(?:a |the )?(?:[\w-]+ )?first[- ]half (?:stoppage|injury|added)(?: time)?(?: period)?|(?:the )?(?:stoppage|injury|added) time (?:at the end )?of the first half)", re.I)),
    # "The first half had already run into its third minute of stoppage time"
    ("stoppage-nth-first-told", re.compile(rf"\bfirst half\b[^.;]{{0,50}}?\b(?:its|the) {ORD} minute of (?:stoppage|injury|added) time\b", re.I)),
    ("stoppage-nth", re.compile(rf"\b(?:(?:in )?the )?{ORD} minute of (?:the )?(?:(?:second[- ]half )?(?:stoppage|injury|added|additional) time)", re.I)),
    ("nth-added-first", re.compile(rf"\b(?:half[- ]time|the break|the interval|first half)\b[^.]{{0,80}}?\bthe {ORD} (?:added|additional|stoppage[- ]time) minute\b", re.I)),
    ("nth-added", re.compile(rf"\bthe {ORD} (?:added|additional|stoppage[- ]time) minute\b", re.I)),
    ("hundred-nth", re.compile(rf"\b(?:in|into|during) the (?:one )?hundred(?:-and-| and |-){ORD}[ -]minute\b", re.I)),
    ("half-gone", re.compile(rf"\b{NUM} minutes? of the (first|second) (?:half|period) (?:had |have |were |was )?(?:gone|passed|elapsed|been played|on the clock)\b", re.I)),
    # "it took all of two minutes of the second half for Mexico to break through"
    # "The Turks … needed only ten minutes to find the way through"
    ("needed-minutes", re.compile(rf"\b(?:needed|took|required) (?:only |just |all of |barely )?{NUM} minutes? to (?:score|find|break|open|go ahead|take the lead|get)\b", re.I)),
    ("half-took", re.compile(rf"\b(?:took|takes|needed|needs) (?:all of |just |only |barely )?{NUM} minutes? of the (first|second) (?:half|period)\b", re.I)),
    ("nth-et", re.compile(rf"\b(?:in )?the {ORD} minute of (?:extra[- ]time|the extra (?:half-hour|period|time|thirty minutes)|the additional (?:half-hour|period|thirty minutes))", re.I)),
    ("nth-second-half", re.compile(rf"\b(?:in )?the {ORD} minute of the second (?:half|period)", re.I)),
    # a European ordinal ("in the 4. minute") and "In minute 21"
    ("dot-ordinal", re.compile(r"\b(?:in|by|inside) the (\d{1,3})\. minute\b|\b[Ii]n (?:the )?minute (\d{1,3})\b(?! ?\+)", re.I)),
    ("word-ordinal", re.compile(rf"\b(?:in|inside|within|into|by|during) the {ORD}[ -]minute\b", re.I)),
    ("into-stoppage-first", re.compile(rf"\b{NUM} minutes? into (?:first[- ]half (?:stoppage|injury|added) time|(?:stoppage|injury|added) time (?:at the end )?of the first half)", re.I)),
    ("into-stoppage-et", re.compile(rf"\b{NUM} minutes? into (?:stoppage|injury|added) time (?:at the end )?of extra[- ]time", re.I)),
    ("into-stoppage", re.compile(rf"\b{NUM} minutes? into (?:second[- ]half )?(?:stoppage|injury|added) time\b", re.I)),
    ("into-et-second", re.compile(rf"\b{NUM} minutes? into the second (?:period|half) of (?:extra[- ]time|the additional (?:period|half-hour|thirty minutes))", re.I)),
    ("stroke-half-time", re.compile(r"\b(?:on|right on|just on|bang on) the stroke of (?:half[- ]time|the interval)\b", re.I)),
    ("stroke-full-time", re.compile(r"\b(?:on|right on|just on|bang on) the stroke of (?:full[- ]time|ninety minutes|90 minutes)\b", re.I)),
    ("seconds-after-interval", re.compile(rf"\b[\w-]+ seconds (?:after|into) (?:{HALF_TIME}|the second half)", re.I)),
    ("quarter-hour-left", re.compile(r"\b(?:a )?quarter of an hour (?:left|remaining|to go|to play|from (?:the end|time))\b", re.I)),
    ("half-hour-left", re.compile(r"\bhalf an hour (?:left|remaining|to go|to play|from (?:the end|time))\b", re.I)),
    ("after-quarter-hour", re.compile(r"\b(?:after|within) (?:a|the first) quarter of an hour\b", re.I)),
    ("after-half-an-hour", re.compile(r"\b(?:after|within) (?:half an hour|the first half-hour)\b", re.I)),
    ("gone-et", re.compile(rf"\b{NUM} minutes? of (?:extra[- ]time|the (?:extra|additional) (?:period|half-hour|time|thirty minutes))(?: had| were| was)? (?:gone|passed|elapsed|been played|on the clock)\b", re.I)),
    ("into-et", re.compile(rf"\b{NUM} minutes? into (?:the first (?:period|half) of )?(?:extra[- ]time|overtime|the (?:additional|extra) (?:period|half-hour|thirty minutes|time))", re.I)),
    ("bare-ordinal", re.compile(r"\b(?:in|on|by) the (\d{2,3})(?:st|nd|rd|th)\b(?= *(?:[,.;:)—–]|$|and\b|as\b|when\b|after\b|with\b|to\b))", re.I)),
    ("stoppage-n-in-first", re.compile(rf"\bfirst[- ]half (?:stoppage|injury|added) time\W+(?:\w+\W+){{0,4}}?{NUM} minutes? in\b", re.I)),
    ("stoppage-n-in", re.compile(rf"\b(?:stoppage|injury|added) time\W+(?:\w+\W+){{0,4}}?{NUM} minutes? in\b", re.I)),
    ("minutes-in", re.compile(rf"\b{NUM} minutes? in(?=,| [—–-])", re.I)),
    ("barely", re.compile(rf"\b(?:barely|just|only|a mere) {NUM} minutes?(?: had| were| was)?(?: gone| passed| elapsed| on the clock| in)\b", re.I)),
    # "the 47th, 49th and 52nd minutes": each ordinal of the list is a minute
    ("ordinal", re.compile(r"\b(\d{1,3})(?:st|nd|rd|th)(?=(?:,? (?:and )?\d{1,3}(?:st|nd|rd|th))*[ -]minutes?\b)", re.I)),
    ("apostrophe", re.compile(r"\((\d{1,3})(?:'|’)\)|\b(\d{1,3})(?:'|’)(?=[\s,.;)]|$)")),
    ("after-interval", re.compile(rf"\b{NUM} minutes? (?:after|into) {HALF_TIME}", re.I)),
    ("into-second-half", re.compile(rf"\b{NUM} minutes? (?:into|after the start of) the second (?:half|period)", re.I)),
    ("into-game", re.compile(rf"\b{NUM} minutes? into (?:the (?:first half|game|match|contest|tie|final)|the first period)", re.I)),
    ("within-start", re.compile(rf"\bwithin {NUM} minutes? of (?:the )?(?:start|kick-off|kickoff|opening whistle|first whistle)\b", re.I)),
    ("within-restart", re.compile(rf"\bwithin {NUM} minutes? of (?:the )?(?:restart|resumption|interval|break|half-time|second half)\b", re.I)),
    ("within-goal", re.compile(rf"\bwithin {NUM} minutes? (?:of|after) (?:the|that|his|her|their|its|\w+(?:'s|’s)) (?:[\w-]+ ){{0,3}}?(?:goal|opener|equali[sz]er|strike|header|penalty|finish|lead|restart|kick-off)\b", re.I)),
    ("after-goal", re.compile(rf"\b{NUM} minutes? after (?:the|that|his|her|their|its|\w+(?:'s|’s)) (?:[\w-]+ ){{0,3}}?(?:goal|opener|equali[sz]er|strike|header|penalty|finish|effort|lead)\b", re.I)),
    ("last-minute-first-et", re.compile(r"\b(?:final|last) minute of (?:the first (?:period|half) of extra[- ]time|the first extra(?:[- ]time)? (?:period|half))", re.I)),
    ("last-minute-first", re.compile(r"\b(?:final|last) minute of the first half", re.I)),
    ("last-minute-normal", re.compile(r"\b(?:final|last) minute of (?:normal|regular|regulation) time|\blast minute of the 90\b", re.I)),
    ("before-interval", re.compile(rf"\b{NUM} minutes? before {HALF_TIME}", re.I)),
    ("from-end-et", re.compile(rf"\b{NUM} minutes? (?:from|before) the end of extra[- ]time", re.I)),
    ("remaining-et", re.compile(rf"\b{NUM} minutes? of extra[- ]time (?:left|remaining|to go|to play)\b", re.I)),
    ("remaining", re.compile(rf"\b{NUM} minutes? (?:of (?:normal|regular|ordinary|regulation) time |of regulation |of the (?:ninety|90) )?(?:left|remaining|to go|to play)\b", re.I)),
    ("from-end", re.compile(rf"\b{NUM} minutes? (?:from|before) (?:the end|time|full[- ]time|the final whistle)\b", re.I)),
    ("later", re.compile(rf"\b{NUM} (?:more |further )?minutes? (?:later|afterwards|after that|on)\b(?! the clock)", re.I)),
    ("lasted", re.compile(rf"\b(?:lasted|survived|held out|held on) (?:for )?(?:only |just |barely |a mere |another )?{NUM} (?:more |further |extra )?minutes?", re.I)),
    ("bracket-min", re.compile(r"\((\d{1,3}) min(?:ute)?s?\.?\)", re.I)),
    # a goal named by its order and a bare minute: "the first on 29 and the second on 32"
    ("goal-on-n", re.compile(r"\b(?i:first|second|third|fourth|fifth|opener|equali[sz]er|winner|another) (?:came |arrived |coming )?on (\d{1,3})\b(?![-–:.,/]?\d)(?! (?i:minutes? (?:later|after))| [A-Z])")),
    ("minute-old", re.compile(rf"\b(?:scarcely|barely|only|just|not even|less than|a mere) {NUM} minutes? old\b", re.I)),
    ("dash-minutes", re.compile(r"(?<=[—–|] )(\d{1,3}) min(?:ute)?s?(?= [—–|])", re.I)),
    ("at-the-minutes", re.compile(r"\bat the (\d{1,3}) minutes?\b", re.I)),
    ("on-the-clock", re.compile(rf"\b(\d{{1,3}}) (?:minutes )?on the clock\b|\b{NUM} minutes on the clock\b", re.I)),
    ("on-n-minutes", re.compile(rf"\b(?:on|at) (\d{{1,3}}) min(?:ute)?s\b|\b(?:on|at) {NUM} minutes\b(?! (?:later|after|before|from|into|of|to go|left|remaining))", re.I)),
    ("bare-minutes", re.compile(rf"^(?:[A-Z]{{2,}}:\s*)?{NUM} minutes?(?=\s*(?:\.\.\.|…|[.,;:!—–-]|gone\b|played\b|now\b))", re.I)),
    ("after-half-hour", re.compile(rf"\b{NUM} minutes? (?:after|past) the half[- ]hour(?: mark)?\b", re.I)),
    ("before-half-hour", re.compile(rf"\b{NUM} minutes? (?:before|short of) the half[- ]hour(?: mark)?\b", re.I)),
    ("after-hour", re.compile(rf"\b{NUM} minutes? (?:after|past) the hour(?: mark)?\b", re.I)),
    ("before-hour", re.compile(rf"\b{NUM} minutes? (?:before|short of) the hour(?: mark)?\b", re.I)),
    ("half-hour", re.compile(r"\b(?:on|just after|just before|around|at|after) the half[- ]hour(?: mark)?\b", re.I)),
    ("clock-seconds", re.compile(rf"\b(?:clock|game|match) had (?:run|been running|gone) (?:for )?(?:only |just |a mere )?{NUM} seconds\b", re.I)),
    ("needed-seconds", re.compile(rf"\b(?:needed|took|required) (?:only |just |barely |a mere )?{NUM} seconds\b(?! into)", re.I)),
    ("reply-took", re.compile(rf"\b(?:reply|response|answer|riposte|equali[sz]er) (?:took|came after|needed) (?:only |just |a mere )?{NUM} minutes?|\btook (?:\w+ ){{0,2}}?{NUM} minutes? to (?:respond|reply|answer|hit back|equali[sz]e|level)\b", re.I)),
    ("needed", re.compile(rf"\b(?:needed|took|required) (?:only |just |him |her |them |the [A-Z]\w+ )?{NUM} minutes?", re.I)),
    ("after-n", re.compile(rf"\bafter (?:only |just )?{NUM} (minutes?|seconds)\b", re.I)),
    ("played", re.compile(rf"\b{NUM} minutes? (?:played|gone|elapsed)\b", re.I)),
    ("last-minute-et", re.compile(r"\b(?:final|last) minute of extra[- ]time", re.I)),
    ("stoppage-et", re.compile(r"\b(?:stoppage|injury|added) time (?:at the end )?of extra[- ]time", re.I)),
    ("stoppage-first", re.compile(r"\b(?:first[- ]half (?:stoppage|injury|added) time|(?:stoppage|injury|added) time (?:at the end )?of the first half|(?:just|right|shortly|moments) before (?:the break|half[- ]time|the interval))", re.I)),
    ("stoppage", re.compile(r"\b(?:stoppage|injury|added) time\b", re.I)),
    ("last-minute", re.compile(r"\bin the (?:final|last|dying) minute\b", re.I)),
    ("on-the-hour", re.compile(r"\b(?:on|just after|just before) the hour\b", re.I)),
]  # fmt: skip


def find_times(sentence: str) -> list[TimeExpr]:
    """All time expressions in ``sentence`` (non-overlapping, earliest rule wins a span)."""
    return list(_find_times(sentence))


#: a word every time rule needs: a sentence without one gives no time (a fast path)
TIME_HINT = re.compile(r"\d|minute|\bmins?\b|hour|time|second|stroke|break|interval|half", re.I)


@lru_cache(maxsize=4096)
def _find_times(sentence: str) -> tuple[TimeExpr, ...]:
    if not TIME_HINT.search(sentence):
        return ()
    found: list[TimeExpr] = []
    taken: list[tuple[int, int]] = []
    for rule, pattern in _RULES:
        for m in pattern.finditer(sentence):
            if any(s < m.end() and m.start() < e for s, e in taken):
                continue
            if rule.startswith("ignore"):
                taken.append((m.start(), m.end()))
                continue
            expr = _value(rule, m)
            if expr is not None:
                found.append(expr)
                taken.append((m.start(), m.end()))
    found.sort(key=lambda t: t.start)
    return tuple(t for t in found if not _restated(t, found, sentence))


def _restated(t: TimeExpr, found: list[TimeExpr], sentence: str) -> bool:
    """True when a precise time in the same sentence restates ``t``: "first-half stoppage
    time, at 45+2" (the vague stoppage goes), "two minutes later, at 90+3" (the relative
    time goes)."""
    if t.vague:
        return any(o.stoppage is not None and o.minute == t.minute for o in found)
    if t.offset is not None:
        return any(o.minute is not None and o.start >= t.end
                   and RESTATES.fullmatch(sentence[t.end : o.start]) for o in found)  # fmt: skip
    return False


#: between a relative time and the precise time that restates it: ", at ", " ("
RESTATES = re.compile(r",? ?(?:at|on|in|\()? ?")


def _value(rule: str, m: re.Match[str]) -> TimeExpr | None:
    s, e = m.start(), m.end()
    if rule == "plus":
        base, extra = int(m.group(1)), int(m.group(2))
        if base not in (45, 90, 105, 120):
            return None
        return TimeExpr(s, e, rule, minute=base, stoppage=extra)
    if rule.startswith("into-stoppage"):
        base = {"into-stoppage-et": 120, "into-stoppage-first": 45}.get(rule, 90)
        return TimeExpr(s, e, rule, minute=base, stoppage=number(m.group(1)))
    if rule in ("stoppage-n-in", "stoppage-n-in-first"):
        base = 45 if rule == "stoppage-n-in-first" else 90
        return TimeExpr(s, e, rule, minute=base, stoppage=number(m.group(1)))
    if rule in ("nth-added", "nth-added-first"):
        base = 45 if rule == "nth-added-first" else 90
        return TimeExpr(s, e, rule, minute=base, stoppage=ordinal(m.group(1)))
    if rule.startswith("stoppage-nth"):
        base = {
            "stoppage-nth-et": 120,
            "stoppage-nth-first": 45,
            "stoppage-nth-first-told": 45,
            "stoppage-nth-first-et": 105,
        }.get(rule, 90)
        return TimeExpr(s, e, rule, minute=base, stoppage=ordinal(m.group(1)))
    if rule == "hundred-nth":
        value = 100 + ordinal(m.group(1))
        return TimeExpr(s, e, rule, minute=value) if value <= 130 else None
    if rule in ("half-gone", "half-took"):
        n = number(m.group(1))
        return TimeExpr(s, e, rule, minute=n + (45 if m.group(2).lower() == "second" else 0))
    if rule == "minute-plus":
        return TimeExpr(s, e, rule, minute=int(m.group(1)), stoppage=number(m.group(2)))
    if rule == "seconds-later":
        return TimeExpr(s, e, rule, offset=1)
    if rule in ("nth-et", "nth-second-half"):
        value = ordinal(m.group(1))
        base = 90 if rule == "nth-et" else 45
        return TimeExpr(s, e, rule, minute=base + value) if 1 <= value <= 45 else None
    if rule in ("word-ordinal", "bare-ordinal"):
        value = ordinal(m.group(1))
        return TimeExpr(s, e, rule, minute=value) if 1 <= value <= 130 else None
    if rule in ("ordinal", "apostrophe", "dot-ordinal", "goal-on-n"):
        value = int(next(g for g in m.groups() if g))
        return TimeExpr(s, e, rule, minute=value) if 1 <= value <= 130 else None
    if rule == "after-n":
        n = number(m.group(1))
        if m.group(2).startswith("second"):
            return TimeExpr(s, e, rule, minute=1)
        return TimeExpr(s, e, rule, minute=n) if 1 <= n <= 120 else None
    n = number(next(g for g in m.groups() if g)) if any(m.groups()) else 0
    fixed = {
        "after-interval": lambda: TimeExpr(s, e, rule, minute=45 + n),
        "into-second-half": lambda: TimeExpr(s, e, rule, minute=45 + n),
        "into-game": lambda: TimeExpr(s, e, rule, minute=n),
        "needed-minutes": lambda: TimeExpr(s, e, rule, minute=n),
        "after-goal": lambda: TimeExpr(s, e, rule, offset=n),
        "within-goal": lambda: TimeExpr(s, e, rule, offset=n),
        "within-restart": lambda: TimeExpr(s, e, rule, minute=45 + n),
        "within-start": lambda: TimeExpr(s, e, rule, minute=n),
        "last-minute-first-et": lambda: TimeExpr(s, e, rule, minute=105),
        "last-minute-first": lambda: TimeExpr(s, e, rule, minute=45),
        "last-minute-normal": lambda: TimeExpr(s, e, rule, minute=90),
        "before-interval": lambda: TimeExpr(s, e, rule, minute=45 - n),
        "from-end-et": lambda: TimeExpr(s, e, rule, minute=120 - n),
        "remaining-et": lambda: TimeExpr(s, e, rule, minute=120 - n),
        "remaining": lambda: TimeExpr(s, e, rule, minute=90 - n),
        "from-end": lambda: TimeExpr(s, e, rule, minute=90 - n),
        "later": lambda: TimeExpr(s, e, rule, offset=n),
        "reply-took": lambda: TimeExpr(s, e, rule, offset=n),
        "lasted": lambda: TimeExpr(s, e, rule, offset=n),
        "needed": lambda: TimeExpr(s, e, rule, minute=n),
        "needed-seconds": lambda: TimeExpr(s, e, rule, offset=1),
        "barely": lambda: TimeExpr(s, e, rule, minute=n),
        "minutes-in": lambda: TimeExpr(s, e, rule, minute=n),
        "into-et": lambda: TimeExpr(s, e, rule, minute=90 + n),
        "gone-et": lambda: TimeExpr(s, e, rule, minute=90 + n),
        "quarter-hour-left": lambda: TimeExpr(s, e, rule, minute=75),
        "stroke-half-time": lambda: TimeExpr(s, e, rule, minute=45),
        "stroke-full-time": lambda: TimeExpr(s, e, rule, minute=90),
        "seconds-after-interval": lambda: TimeExpr(s, e, rule, minute=46),
        "half-hour-left": lambda: TimeExpr(s, e, rule, minute=60),
        "after-quarter-hour": lambda: TimeExpr(s, e, rule, minute=15),
        "after-half-an-hour": lambda: TimeExpr(s, e, rule, minute=30),
        "into-et-second": lambda: TimeExpr(s, e, rule, minute=105 + n),
        "last-minute-et": lambda: TimeExpr(s, e, rule, minute=120),
        "stoppage-et": lambda: TimeExpr(s, e, rule, minute=120, vague=True),
        "stoppage-first": lambda: TimeExpr(s, e, rule, minute=45, vague=True),
        "stoppage": lambda: TimeExpr(s, e, rule, minute=90, vague=True),
        "last-minute": lambda: TimeExpr(s, e, rule, minute=90),
        "on-the-hour": lambda: TimeExpr(s, e, rule, minute=60),
        "on-n-minutes": lambda: TimeExpr(s, e, rule, minute=n),
        "bare-minutes": lambda: TimeExpr(s, e, rule, minute=n),
        "on-the-clock": lambda: TimeExpr(s, e, rule, minute=n),
        "played": lambda: TimeExpr(s, e, rule, minute=n),
        "at-the-minutes": lambda: TimeExpr(s, e, rule, minute=n),
        "dash-minutes": lambda: TimeExpr(s, e, rule, minute=n),
        "bracket-min": lambda: TimeExpr(s, e, rule, minute=n),
        "minute-old": lambda: TimeExpr(s, e, rule, minute=n),
        "clock-seconds": lambda: TimeExpr(s, e, rule, minute=1),
        "half-hour": lambda: TimeExpr(s, e, rule, minute=30),
        "after-half-hour": lambda: TimeExpr(s, e, rule, minute=30 + n),
        "before-half-hour": lambda: TimeExpr(s, e, rule, minute=30 - n),
        "after-hour": lambda: TimeExpr(s, e, rule, minute=60 + n),
        "before-hour": lambda: TimeExpr(s, e, rule, minute=60 - n),
    }
    expr = fixed[rule]()
    if expr.minute is not None and not 1 <= expr.minute <= 130:
        return None
    return expr
