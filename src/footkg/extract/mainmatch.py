# ruff: noqa: E501 - a few fmt-skipped calls are long
"""The main match of a report: which stated result it is about, and the fixture it links to.

:class:`MainMatchFinder` reads the statements of :mod:`footkg.extract.results` with the graph's
fixtures (:mod:`footkg.extract.linking`): the first stated result that is not a fixture, a past
meeting or a subordinate clause is the main match (one between the report's topic pair comes
first); a result stated without its opponent gets one from the sentence, the topic pair, the
edition's fixtures or the context; when no sentence states it, the topic pair's fixture in a
year the report names is the main match. :meth:`MainMatchFinder.link` returns the statement,
its stage and the fixture (Fjelstul ``matches.csv`` and the other fixture sources).
"""

from __future__ import annotations

import re

from footkg.extract import results
from footkg.extract.context import Sentence, TeamRef
from footkg.extract.gazetteer import Gazetteer
from footkg.extract.linking import (
    Clues,
    Fixture,
    best_fixture,
    fixture_evidence,
    fixtures_between,
    fixtures_of_year,
    team_fixtures,
)
from footkg.extract.pipeline import Mention, fold, player_mentions

NUMBER_WORDS = {w: i for i, w in enumerate(
    ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
     "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
     "nineteen"])} | {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
                      "seventy": 70, "eighty": 80, "ninety": 90}  # fmt: skip


#: any score: "6-1", "3–2" (not part of a date or a longer number)
BARE_SCORE = re.compile(r"(?<![\d/.:–-])(\d{1,2})\s*[-–]\s*(\d{1,2})(?![\d/:–-])")


#: a sentence about an earlier meeting: "in 1970", "the last time these two met"
PAST_MEETING = re.compile(
    r"\bin (?:19|20)\d\d\b|\blast time (?:the|these|they|the two)\b|\b(?:years|decades) ago\b(?! today| this (?:week|month|day))"
)


#: the year of another match: "in 1970", "in the 2007 semi-final", "in '82"
#: the year of another match: "in 1970", "in '82", and a year before what it qualifies
#: ("a 2016 exhibition game", "the 1972 Summer Olympics", "their 1986 and 1990 matches")
OTHER_YEAR = re.compile(
    r"\bin (?:the )?((?:19|20)\d\d)\b|\bin ['’](\d\d)\b|"
    r"\b(?:a|an|the|their) ((?:19|20)\d\d)(?= [A-Za-z])"
)


def full_year(text: str) -> int:
    """``"1970"`` → 1970, ``"82"`` → 1982, ``"02"`` → 2002."""
    y = int(text)
    return y if y > 99 else 1900 + y if y > 29 else 2000 + y


WORLD_CUP_YEAR = (
    r"\b((?:19|20)\d\d) (?:World Cup|tournament|finals?|semi-finals?|quarter-finals?|edition)\b"
)


FULL_TIME = re.compile(r"\b(?:full[- ]time|final score|final whistle|FT\b)", re.I)


AFTER_EXTRA_TIME = re.compile(r"\bafter extra[- ]time\b|\ba\.?e\.?t\b", re.I)


def _final_line(about: list) -> tuple[Sentence, results.Statement]:
    """The statement of a live blog's final score among its results for the main pair
    (``about``, in text order): the full-time line after extra time, else the last full-time
    line, else the last statement (a blog in reverse order puts "FULL TIME (after extra
    time): NETHERLANDS 1-0 SWEDEN" first and "END OF 90 MINUTES: 0-0" below it)."""
    full = [(se, st) for se, st in about if FULL_TIME.search(se.text)]
    extra = [(se, st) for se, st in full if AFTER_EXTRA_TIME.search(se.text)]
    return (extra or full or about)[-1]


class MainMatchFinder:
    """Finds a report's main match among its statements and links it to a fixture of the
    graph (see the module docstring). Holds only the :class:`Gazetteer`; every call is given
    the report's sentences and statements."""

    def __init__(self, gaz: Gazetteer) -> None:
        self.gaz = gaz

    def link(self, stmts: list, sentences: list[Sentence], topic: set[str] | None,
                   years: list[int], days: set[tuple[int, int]], clean: str,
                   ents: list[Mention], women: bool, *,
                   insist: bool = False) -> tuple | None:  # fmt: skip
        """The main match's statement, its stage (and whether the report only implies it,
        "a quarter-final place"), and the fixture it links to: ``((sentence, statement),
        stage, implied, fixture)``; ``None`` when the report states no result. ``topic`` is
        the pair of team IRIs the report is about, ``years`` the years it names (first named
        first), ``days`` its (month, day) pairs. With ``insist`` the topic's fixture is the
        main match even when the report states another result and not the topic's."""
        main = self.find(stmts, sentences, topic, years)
        if main is None or not self.about_topic(main, topic):
            inferred = self.topic_main(sentences, years, topic, days,
                                       self.clues(clean, sentences, days))  # fmt: skip
            # a result stated about other teams gives way to the topic's fixture when the
            # report gives that fixture's score too, or states it only deep in the report
            # (a round-up opens with its other results)
            announced = any(
                st.future
                and {
                    se.team(st.a).iri if st.a != "T?" else None,
                    se.team(st.b).iri if st.b else None,
                }
                == topic
                for se, st in stmts
            )  # the topic pair's match is still to come
            if inferred is not None and (
                insist
                or main is None
                or inferred[1].score_a is not None
                or (main[0].index > 8 and not announced)
            ):
                main = inferred
        if main is None:
            return None
        sent, st = main
        a, b = sent.team(st.a).iri, sent.team(st.b).iri
        assert a is not None and b is not None
        stated = {se.index for se, _ in stmts}
        stage, implied = self.main_stage(sentences, sent, st, stated)
        meetings = fixtures_between(self.gaz, a, b)
        alike = [f for f in meetings if st.score_a is None
                 or f.goals_by_team == {a: st.score_a, b: st.score_b}]  # fmt: skip
        # the players named settle between meetings with the same score (Italia 90 or 1974?)
        # …and between the year named first and a meeting with the stated score ("4-1 …
        # a flashback to Mexico '86, a 3-1 win over the same opponents")
        unsure = len(alike) > 1 or (
            st.score_a is not None and len(alike) == 1 and bool(years) and alike[0].year != years[0]
        )
        squad_year = (next(iter(self.squad_years(clean, ents, {a, b}, women)), None)
                      if unsure else None)  # fmt: skip
        fixture = best_fixture(
            meetings, years,
            {a: st.score_a, b: st.score_b} if st.score_a is not None else {}, stage,
            days, {m.iri for m in sent.mentions if m.kind == "stadium"}, st.aet, squad_year,
        )  # fmt: skip
        return (sent, st), stage, implied, fixture

    def in_headline(self, main: tuple[Sentence, results.Statement], text: str,
                    sentences: list[Sentence]) -> bool:  # fmt: skip
        """True when the report's first line names both teams of the ``main`` statement
        ("AS IT HAPPENED: West Germany 1-1 Colombia"): the headline says what it is about."""
        sent, st = main
        first = text.lstrip().split("\n", 1)[0]
        offset = len(text) - len(text.lstrip())
        named = {r.iri for s in sentences for r in s.refs
                 if offset <= r.start < offset + len(first)}  # fmt: skip
        return {sent.team(st.a).iri, sent.team(st.b).iri} <= named

    def named_fixtures(self, sentences: list[Sentence], years: list[int],
                        women: bool) -> list[Fixture]:  # fmt: skip
        """The fixtures of the years the report names between two teams it names."""
        teams = {r.iri for s in sentences for r in s.refs if r.iri}
        return [f for y in years if self.gaz.edition(y, women)
                for f in fixtures_of_year(self.gaz, y)
                if f.home in teams and f.away in teams]  # fmt: skip

    def clues(self, text: str, sentences: list[Sentence],
               days: set[tuple[int, int]]) -> Clues:  # fmt: skip
        """What ``text`` names that a fixture can agree with (see :class:`Clues`)."""
        return Clues(
            fold(text).lower(),
            frozenset(m.iri for s in sentences for m in s.mentions if m.kind == "stadium"),
            frozenset(days),
            frozenset((int(m[1]), int(m[2])) for m in BARE_SCORE.finditer(text)),
        )

    def find(self, stmts: list, sentences: list[Sentence] | None = None,
              topic: set[str] | None = None,
              years: list[int] | None = None) -> tuple[Sentence, results.Statement] | None:  # fmt: skip
        """The main match: the first stated result that is not a fixture, a past meeting ("in
        1970"), nor in a relative or subordinate clause ("who had beaten …", "after beating
        …"); failing that, the first such result in any clause. A shootout stated as the
        result ("edged past T1 4-3 on spot kicks") takes its drawn score from the sentence or
        the next one ("had ended 1-1 after extra time"). Among results, one between the two
        teams of ``topic`` (see :func:`topic_pair`) comes first. A result stated without its
        opponent takes the one of the edition's fixtures with that score (``years``: the
        report's, first first), see :meth:`_edition_opponent`."""
        for sent, st in stmts if sentences is not None else []:
            if (st.a == "T?" and st.b and topic and not st.future and st.score_a is not None
                    and sent.team(st.b).iri in topic):  # fmt: skip
                self._topic_subject(sent, st, topic)  # "A draw of two goals each with Austria"
            if st.needs_opponent and st.b is None and st.a != "T?":
                self._sentence_opponent(sent, st, topic)  # "down 2-0 to Brazil, they won 3-2"
            if (st.needs_opponent and st.b is None and st.a != "T?" and years and topic
                    and sent.team(st.a).iri in topic
                    and not self._topic_score(sent, st, topic)):  # fmt: skip
                self._edition_opponent(sent, st, years[0])  # "won the play-off in Zürich 7-2"
            if st.needs_opponent and st.b is None and topic and sent.team(st.a).iri in topic:
                self._topic_opponent(sent, st, topic)  # "Brazil won the quarter-final 3-1"
            elif (
                st.needs_opponent
                and st.b is None
                and (st.shootout is not None or st.rule == "result-to-win")
            ):
                self._context_opponent(sent, st, sentences)
            elif st.needs_opponent and st.b is None and st.a != "T?" and not topic:
                self._context_opponent(sent, st, sentences, met=True)  # no clear pair
        candidates = [(sent, st) for sent, st in stmts if self.is_result(sent, st)]
        if not candidates:
            return None
        foreground = [(se, s) for se, s in candidates if not s.background]
        about = [(se, s) for se, s in foreground
                 if {se.team(s.a).iri, se.team(s.b).iri} == topic]  # fmt: skip
        sent, st = (about or foreground or candidates)[0]
        lines = {(s.score_a, s.score_b) for _, s in about if s.rule == "result-line"}
        if len(lines) > 1 or (about and all(s.rule == "result-line" for _, s in about)):
            # a live blog's lines (result lines with several scores): the final score is the
            # last statement's ("Full time after extra time: Argentina 3-3 France"); the
            # first with it (a headline) says most
            last_sent, last = _final_line(about)
            final = {
                last_sent.team(last.a).iri: last.score_a,
                last_sent.team(last.b).iri: last.score_b,
            }
            sent, st = next((se, s) for se, s in about
                            if {se.team(s.a).iri: s.score_a, se.team(s.b).iri: s.score_b} == final)  # fmt: skip
        if st.shootout is not None and st.score_a is None and sentences is not None:
            following = [s for s in sentences if s.index > sent.index][:2]
            before = [s for s in sentences if s.index < sent.index][-1:]
            # "T0 won 3-1 on a penalty shoot-out following a 2-2 draw"; "… finished 1-1 after
            # extra time. T0 won the …"
            for nxt in [sent, *following, *before]:
                goals = results.drawn_score(nxt)
                if goals is not None:
                    st.score_a = st.score_b = goals
                    break
        return sent, st

    def about_topic(self, main: tuple[Sentence, results.Statement],
                     topic: set[str] | None) -> bool:  # fmt: skip
        """True when the main result found is between the two teams the report is about
        (``topic``), or the report has no clear pair."""
        sent, st = main
        return topic is None or {sent.team(st.a).iri, sent.team(st.b).iri} == topic

    def squad_years(self, text: str, ents: list[Mention], topic: set[str],
                     women: bool) -> list[int]:  # fmt: skip
        """The year of the edition whose squads of the two topic teams hold the most players
        the report names (at least two), for a report that names no year ("last night …
        DAVID PLATT … GAZZA … Preud'homme": England–Belgium, 1990); none when no edition
        does or two hold as many (the same players at the 2011 and 2015 finals: the score
        or the day decides)."""
        a, b = sorted(topic)
        counts: dict[int, int] = {}
        for year in sorted({f.year for f in fixtures_between(self.gaz, a, b) if f.year}):
            edition = self.gaz.edition(year, women)
            if edition is None:
                continue
            squads = self.gaz.squad(edition, a) + self.gaz.squad(edition, b)
            counts[year] = len({m.iri for m in player_mentions(text, squads, ents)})
        most = max(counts.values(), default=0)
        best = [y for y, n in counts.items() if n == most]
        return best if most >= 2 and len(best) == 1 else []

    def topic_main(self, sentences: list[Sentence], years: list[int], topic: set[str] | None,
                    days: set[tuple[int, int]],
                    clues: Clues | None = None) -> tuple[Sentence, results.Statement] | None:  # fmt: skip
        """The main match when no sentence states it the way the rules read ("down 2-0 to
        Brazil, they won 3-2"): the fixture between the two teams the report is about, in a
        year it names. Its teams come from the graph; its score is the fixture's when a
        sentence about those teams (or none) gives the same numbers ("won 3-2", "got a
        thumping one, 6-1"), else unknown; its shootout is the
        first "5-3 on penalties". The statement's rule says it was inferred. ``days`` are the
        (month, day) pairs the report names. A report that names no year nor day ("the Dutch
        reached their first World Cup final in 32 years, getting a spectacular first-half goal
        from … Van Bronckhorst") is about the meeting of the pair whose scorers, stadium,
        city and score it names far more of than any other (:func:`fixture_evidence` with
        ``clues``: at least three points, and more than the next)."""
        if topic is None:
            return None
        a, b = sorted(topic)
        meetings = fixtures_between(self.gaz, a, b)
        fixture = best_fixture(meetings, years, {}, None, days)
        if fixture is None and clues is not None and not years:
            fixture = self._most_named(meetings, clues)
        if fixture is None or fixture.home_score is None or fixture.away_score is None:
            return None
        sent = next((s for s in sentences if {r.iri for r in s.refs} & topic), None)
        if sent is None:
            return None
        n = len(sent.slots)  # new slots go last: the sentence's statements keep theirs
        st = results.Statement(f"T{n}", f"T{n + 1}", None, None, "result-topic-fixture")
        sent.slots += [TeamRef(sent.start, sent.start, fixture.home, "", "name"),
                       TeamRef(sent.start, sent.start, fixture.away, "", "name")]  # fmt: skip
        pair = sorted((fixture.home_score, fixture.away_score))
        about = [s for s in sentences if {r.iri for r in s.slots if r.iri} <= topic]
        # a sentence about other teams states other scores; any score with the fixture's
        # numbers will do ("won 3-2", "got a thumping one, 6-1")
        scores = [(int(m[1]), int(m[2])) for s in about for m in BARE_SCORE.finditer(s.masked)]
        if any(sorted(xy) == pair for xy in scores):
            st.score_a, st.score_b = fixture.home_score, fixture.away_score
        for s in about:
            pens = re.search(rf"\b(\d{{1,2}})-(\d{{1,2}}) {results.PENS}", s.text)
            if pens and st.shootout is None and fixture.home_score == fixture.away_score:
                hi, lo = sorted((int(pens[1]), int(pens[2])), reverse=True)
                st.shootout, st.aet = (hi, lo), True
        return sent, st

    def _most_named(self, meetings: list[Fixture], clues: Clues) -> Fixture | None:
        """The meeting the report names the most of (see :meth:`topic_main`), or ``None``."""
        ranked = sorted(((fixture_evidence(self.gaz, f, clues), f) for f in meetings),
                        key=lambda pair: pair[0], reverse=True)  # fmt: skip
        if not ranked or ranked[0][0] < 3 or (len(ranked) > 1 and ranked[1][0] >= ranked[0][0]):
            return None
        return ranked[0][1]

    def _sentence_opponent(self, sent: Sentence, st: results.Statement,
                           topic: set[str] | None) -> None:  # fmt: skip
        """Give a result stated without its opponent a team its sentence names before it
        that the graph has playing it with that score ("down 2-0 to Brazil, they won 3-2":
        Australia 3–2 Brazil, 2019); failing that, the other topic team when the graph has
        that result for it ("these two met … in the 2002 final, Brazil won 2-0"); else none
        (the topic and context rules of :meth:`_main` decide)."""
        a = sent.team(st.a).iri
        if a is None or st.score_a is None:
            return
        before = [m[0] for m in re.finditer(r"\bT\d+\b", sent.masked[: st.start])
                  if sent.team(m[0]).iri not in (a, None)]  # fmt: skip
        score = sorted((st.score_a, st.score_b or 0))
        for slot in reversed(before):
            if any(sorted((f.home_score or 0, f.away_score or 0)) == score
                   for f in fixtures_between(self.gaz, a, sent.team(slot).iri)):  # fmt: skip
                st.b, st.needs_opponent = slot, False
                return

    def _topic_score(self, sent: Sentence, st: results.Statement, topic: set[str] | None) -> bool:
        """True when the graph has the topic pair meeting with the statement's score (in
        any year)."""
        a = sent.team(st.a).iri
        if not topic or a not in topic or st.score_a is None:
            return False
        score = sorted((st.score_a, st.score_b or 0))
        return any(sorted((f.home_score or 0, f.away_score or 0)) == score
                   for other in topic - {a} for f in fixtures_between(self.gaz, a, other))  # fmt: skip

    def _edition_opponent(self, sent: Sentence, st: results.Statement, year: int) -> None:
        """Give a result stated without its opponent the one :meth:`_fixture_opponent` finds
        (a slot of kind ``fixture`` spanning the subject's words)."""
        other = self.fixture_opponent(sent, st, sent.team(st.a).iri, year)
        if other is not None:
            ref = sent.team(st.a)
            st.b = f"T{len(sent.slots)}"
            sent.slots.append(TeamRef(ref.start, ref.end, other, ref.text, "fixture"))
            st.needs_opponent = False

    def _topic_subject(self, sent: Sentence, st: results.Statement, topic: set[str]) -> None:
        """Give a result stated without its subject about one team of the report's topic pair
        ("A draw of two goals each with Austria here this evening" in a report on England and
        Austria) the other team of the pair."""
        b = sent.team(st.b)
        other = next((t for t in topic if t != b.iri), None)
        if other is not None:
            st.a, st.background = f"T{len(sent.slots)}", False  # the pair's own result
            sent.slots.append(TeamRef(b.start, b.start, other, "", "topic"))

    def _topic_opponent(self, sent: Sentence, st: results.Statement, topic: set[str]) -> None:
        """Give a result stated without its opponent by a team of the report's topic pair
        the other team of the pair."""
        a = sent.team(st.a)
        other = next((t for t in topic if t != a.iri), None)
        if other is None:
            return
        st.b = f"T{len(sent.slots)}"
        sent.slots.append(TeamRef(a.start, a.end, other, a.text, "topic"))
        st.needs_opponent = False

    def _context_opponent(self, sent: Sentence, st: results.Statement,
                          sentences: list[Sentence], met: bool = False) -> None:  # fmt: skip
        """Give a result stated without its opponent ("won 4-3 on penalties") the first other
        team the report has named so far (names, nicknames, adjectives: "a late Dutch
        storm"); with ``met``, the first such team the graph has meeting the subject with
        that score ("West Germany's last group game against Peru … West Germany won 3-1")."""
        a = sent.team(st.a).iri
        before = [r for s in sentences if s.index <= sent.index for r in s.refs
                  if r.iri and r.iri != a]  # fmt: skip
        if met:
            score = sorted((st.score_a or 0, st.score_b or 0))
            before = [r for r in before if a and any(
                sorted((f.home_score or 0, f.away_score or 0)) == score
                for f in fixtures_between(self.gaz, a, r.iri))]  # fmt: skip
        # a team's name before an adjective ("the Korean adventure" may not be that Korea)
        for ref in [r for r in before if r.kind != "adjective"] + before:
            st.b = f"T{len(sent.slots)}"
            sent.slots.append(TeamRef(ref.start, ref.end, ref.iri, ref.text, "name"))
            st.needs_opponent = False
            return

    def is_result(self, sent: Sentence, st: results.Statement) -> bool:
        """True when ``st`` states a played match between two known, different teams."""
        if st.future or st.b is None or st.a == "T?":
            return False
        if st.score_a is None and st.shootout is None:
            return False
        a, b = sent.team(st.a).iri, sent.team(st.b).iri
        return bool(a and b and a != b and not PAST_MEETING.search(sent.text))

    def main_stage(self, sentences: list[Sentence], sent: Sentence,
                    st: results.Statement | None = None,
                    stated: set[int] | frozenset[int] = frozenset()) -> tuple[str | None, bool]:  # fmt: skip
        """The main match's stage: a stage word right after the stated score ("beat T1 3-2 in
        the final"), else in the main clause, else in the first sentences that state no match
        (``stated``: the indices of those that do)."""
        clause = self.main_clause(sent)
        if st is not None and st.score_a is not None:
            m = re.search(rf"\b{st.score_a}\s*[-–]\s*{st.score_b}\b(.{{0,60}})", clause)
            stage, implied = results.stage_in(m.group(1)) if m else (None, False)
            if stage:
                return stage, implied
        stage, implied = results.stage_in(clause)
        if stage:
            return stage, implied
        for s in sentences[:3]:
            if s is sent or s.index not in stated:
                stage, implied = results.stage_in(s.text)
                if stage:
                    return stage, implied
        return None, False

    def main_clause(self, sent: Sentence) -> str:
        return re.split(r"\b(?:while|whereas)\b", sent.text)[0]

    def fixture_opponent(self, sent: Sentence, st: results.Statement, a: str | None,
                          year: int | None, main_fixture: str | None = None) -> str | None:  # fmt: skip
        """The opponent of a result stated without one ("Norway won the semifinal 1-0", "the
        Germans won the play-off in Zürich 7-2"): the team ``a`` (IRI) beat, lost to or drew
        with by that score at the edition of the sentence's year (else ``year``), when the
        graph has exactly one such fixture other than ``main_fixture`` (Fjelstul
        ``matches.csv``: West Germany 7–2 Turkey, 1954); else ``None``."""
        if a is None or st.score_a is None or st.score_b is None or year is None:
            return None
        oyear = st.year or self.other_year(sent.text, year, sent.masked[st.start :],
                                            sent.masked[: st.start])  # fmt: skip
        hits = [
            f
            for f in team_fixtures(self.gaz, a, oyear or year)
            if f.iri != main_fixture
            and f.goals_by_team.get(a) == st.score_a
            and sum(v or 0 for v in f.goals_by_team.values()) == st.score_a + st.score_b
        ]
        if len(hits) != 1:
            return None
        return hits[0].away if hits[0].home == a else hits[0].home

    def other_year(self, text: str, year: int | None, tail: str | None = None,
                    head: str | None = None) -> int | None:  # fmt: skip
        """The year of another match: "in 1970", "in the 2007 semi-final", "in '82" (the
        first one in ``tail``, the sentence from the statement on, when given: "T0 beat T1
        in 1986, and T2 won the rematch in 1990"; else the last one in ``head``, the sentence
        before the statement: "in the 2002 final in Yokohama, Brazil won 2-0"), "at the 1982
        World Cup",
        or "Twenty years after beating …" / "four years earlier" (the main match's year less
        twenty, or four); else the main match's year."""
        before = list(OTHER_YEAR.finditer(head or ""))
        m = (
            OTHER_YEAR.search(tail or "")
            or (before[-1] if before else None)
            or OTHER_YEAR.search(text)
            or re.search(WORLD_CUP_YEAR, text)
        )
        if m:
            return full_year(next(g for g in m.groups() if g))
        m = re.search(r"\b([\w-]+) years (?:after|since|on from|earlier|before|ago)\b", text, re.I)
        if m and year is not None:
            words = m.group(1).lower().split("-")
            try:
                return year - sum(int(w) if w.isdigit() else NUMBER_WORDS[w] for w in words)
            except KeyError:
                return year
        return year
