# ruff: noqa: E501 - a few SPARQL strings and fmt-skipped calls are long
"""The extractor: a report's text → :class:`footkg.extract.facts.Extraction`.

Order of work: blank boilerplate; run the spaCy pipeline; find team references and resolve
pronouns, "the hosts"/"the host nation" (edition hosts), "the South Americans" (the team of that
confederation in context) and "X's side" to the latest team named; read match statements; the
first stated result outside a relative or subordinate clause (not "who had beaten …", "years
after beating …", not a fixture) is the main match; link it to the graph's fixture (teams + year named in
the text, or score and stage); load the two squads and find players; read goals; everything
else stated is another match. Facts come from the text; the fixture only supplies the
edition when the report names no year, and the stage when the report names none.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from datetime import date, timedelta
from functools import lru_cache, partial
from itertools import pairwise

from spacy.language import Language

from footkg.extract import guided, results
from footkg.extract.anchored import anchored_statements
from footkg.extract.assists import fill_assists, fill_kinds
from footkg.extract.clubnames import competition_pattern, is_club_report, season_years
from footkg.extract.context import Sentence, TeamRef, is_place_use, mask, team_refs
from footkg.extract.facts import Evidence, Extraction, GoalFact, MatchFact, tournament_label
from footkg.extract.gazetteer import Gazetteer, SquadPlayer
from footkg.extract.goals import GoalFinder, SentenceView, line_time
from footkg.extract.io import ReportText
from footkg.extract.linking import (
    Fixture,
    align_goals,
    better_fixture,
    fixture_evidence,
    fixture_goals,
    fixtures_between,
    fixtures_of_year,
    load_fixtures,
    player_age,
    team_fixtures,
)
from footkg.extract.mainmatch import MainMatchFinder, full_year
from footkg.extract.pipeline import (
    Mention,
    NameIndex,
    blank_boilerplate,
    build_nlp,
    fold,
    name_patterns,
    player_mentions,
    players_named,
    stadium_aliases,
    unwrap_lines,
)
from footkg.extract.timeexpr import TimeExpr
from footkg.extract.untimed import untimed_goals

MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"], 1)}  # fmt: skip
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MONTH_NAMES = (
    "January|February|March|April|May|June|July|August|September|October|November|December"
)
MONTH_NAMES += "|" + MONTH_NAMES.upper()  # "MONDAY, JUNE 12, 1978" in a newspaper's masthead
#: wire-service abbreviations: "Nov. 22", "Sept. 4", "Oct 12" (May has none)
MONTH_ABBREVIATIONS = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8,
                       "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12}  # fmt: skip
MONTHS |= MONTH_ABBREVIATIONS
MONTH_NAMES += "|" + "|".join(
    rf"{a.title()}\.?(?= \d)" for a in sorted(MONTH_ABBREVIATIONS, key=len, reverse=True)
)
#: month-first ("July 12, 1998") or day-first ("12 July 1998"); groups month/day/year by name
DATE_RE = re.compile(
    rf"\b(?:(?P<m1>{MONTH_NAMES}) (?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,? (?P<y1>\d{{4}}))?|"
    rf"(?P<d2>\d{{1,2}})(?:st|nd|rd|th|\.)? (?:of )?(?P<m2>{MONTH_NAMES})\b(?:,? (?P<y2>\d{{4}}))?)"
)
YEAR_RE = re.compile(
    r"\b(?:(19[3-9]\d|20[0-4]\d) (?:FIFA )?(?:Women['’]s )?(?:World Cup|tournament|final|finals)|"
    r"(?i:World Cup) (?:of )?(19[3-9]\d|20[0-4]\d)|[A-Z][A-Za-z]+ ['’](\d\d)\b|"
    r"(?:Italia|Mexico|Espa[nñ]a|USA|Korea|Japan|Germany|Russia|Qatar|Brasil|Brazil|Argentina|"
    r"Spain|England|Chile|Sweden|Switzerland|Uruguay|France) (\d\d)\b)"
)
#: a World Cup named by its size: "the first 48-team World Cup", "the 32-nation tournament"
TEAM_COUNT = re.compile(r"\b(\d{2})-(?:team|nation) (?:World Cup|tournament|finals?|edition)")
#: a host and a year: "South Africa 2010", "France 98" (kept when the name is a host of that year)
HOST_YEAR = re.compile(
    r"\b([A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)?) ['’]?((?:19|20)\d\d|\d\d)\b(?![-–:])"
)


#: How much of a report is read, in characters (about 30,000 words; the longest real match
#: reports are a tenth of that). The rules' cost grows with the report's length (per sentence,
#: per player named, per goal), so a bound on the length bounds the time of one extraction
#: (``bench/bench_extract.py --sizes`` measures it); the rest of a longer report is not read,
#: and the extraction's notes say so.
MAX_CHARS = 200_000


def readable_part(text: str) -> str:
    """``text`` up to :data:`MAX_CHARS` characters, cut at the last paragraph break (else
    sentence end, else space) before the limit; all of ``text`` when it is shorter."""
    if len(text) <= MAX_CHARS:
        return text
    head = text[:MAX_CHARS]
    for mark in ("\n\n", "\n", ". ", " "):
        cut = head.rfind(mark)
        if cut > MAX_CHARS // 2:
            return head[: cut + (1 if mark == ". " else 0)]
    return head


#: a first person plural anywhere: a fan's report says it often
FIRST_PERSON_ANY = re.compile(r"\b(?:[Ww]e|us|[Oo]ur|[Oo]urs)\b")
#: a quotation: a fan's "we" is not a player's or a manager's
QUOTED = re.compile(r'"[^"\n]*"|“[^”\n]*”')
#: before the team a fan supports: "Come on Scotland", "following the Scotland women"
FAN_OF = re.compile(
    r"\b(?:[Cc]ome on|following|supporting|support|fans? of|supporters? of),? (?:the )?$"
)
#: before or after a player the fan calls his own: "our defender ", ", our captain"
OUR_BEFORE = re.compile(r"\b[Oo]ur (?:[\w-]+ ){0,2}$")
OUR_AFTER = re.compile(r",? our\b")
#: words that make a report one about a women's match
WOMENS_CUP = re.compile(r"\bWomen['’]s World Cup\b|\bWWC\b", re.I)
WOMEN_WORDS = re.compile(r"\b[Ww]omen['’]s\b")
SHE = re.compile(r"\b(?:[Ss]he|[Hh]er|[Hh]erself)\b")
HE = re.compile(r"\b(?:[Hh]e|[Hh]is|[Hh]im|[Hh]imself)\b")


#: words for extra time
EXTRA_TIME = re.compile(
    r"\bextra[- ](?:time|period|half-hour|half hour)|\badditional (?:half-hour|half hour|period)"
    r"|\bextended time\b"
    r"|\bovertime\b|\ba\.e\.t\b|\bextension(?: time)?\b",
    re.I,
)


def running_lines(sentences: list[Sentence], stmts: list) -> None:
    """Mark as background the scores of live-blog lines that announce a goal or a break
    ("19' GOAL!" then "Scotland 1-0 Argentina.") or are timed before the 90th minute: they
    are running scores, not the result."""
    first: dict[int, str] = {}
    for s in sentences:
        first.setdefault(s.paragraph, s.text)
    for sent, st in stmts:
        if st.rule != "result-line":
            continue
        head = first[sent.paragraph]
        timed = line_time(head)  # "[45'] ROWE: And that's half-time. Soviet Union one, …"
        if results.RUNNING_SCORE.match(head) or (timed and (timed.minute or 0) < 90):
            st.background = True


def topic_pair(sentences: list[Sentence], players: Counter[str] | None = None) -> set[str] | None:
    """The two teams a report is about: the two named most often (names, nicknames,
    demonyms, adjectives, "the hosts", not a country named as a place; the first three
    sentences count double; with
    ``players``, each mention of a team's player counts once too), or ``None`` when the
    second of them is named fewer than twice or ties with the third named first in the same
    sentence (a tie is broken by the sentence that names a team first); the two teams of a
    sentence's "between X and Y" (:func:`between_pair`) count three more each. A round-up
    that opens with other results still has its own match's teams here."""
    counts: Counter[str] = Counter(players or {})
    first: dict[str, int] = {}  # the sentence that names each team first
    for s in sentences:
        weight = 2 if s.index < 3 else 1
        for ref in s.refs:
            if ref.kind != "adjective" and ref not in s.slots:
                continue  # a country named as a place ("the championship in China")
            if ref.iri and ref.kind in ("name", "nickname", "demonym", "adjective", "hosts", "we"):
                counts[ref.iri] += weight
                first.setdefault(ref.iri, s.index)
        for ref in between_pair(s):  # "the match took place … between X and Y"
            counts[ref.iri or ""] += 3
    # most named first; of teams named as often, the one named earlier (a report names its
    # teams before the teams of the news around it)
    top = sorted(counts.items(), key=lambda kv: (-kv[1], first.get(kv[0], 10**6)))[:3]
    if len(top) < 2 or top[1][1] < 2:
        return None
    if len(top) == 3 and top[2][1] == top[1][1] and first.get(top[2][0]) == first.get(top[1][0]):
        return None
    return {top[0][0], top[1][0]}


#: "between" before the first team of a pair, and what may come between it and the team
BETWEEN = re.compile(r"\bbetween (?=[^.;]{0,40}$)")


def between_pair(s: Sentence) -> list[TeamRef]:
    """The two teams a sentence names as a pair after "between": the first team named within
    a few words of "between" ("between German Bundesliga clubs Borussia Dortmund"), and the
    first team named after the next "and" outside parentheses ("Tottenham Hotspur (in their
    first … appearance) and Liverpool"); empty when the sentence has no such pair."""
    at = s.text.find("between ")
    if at < 0:
        return []
    names = [r for r in s.refs if r.iri and r.kind == "name" and r.start - s.start > at]
    if not names or not BETWEEN.search(s.text[: names[0].start - s.start]):
        return []
    one, depth, i = names[0], 0, names[0].end - s.start
    while i < len(s.text):
        ch = s.text[i]
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0 and s.text.startswith(" and ", i):
            other = next((r for r in names if r.start - s.start >= i + 5), None)
            if other is None or other.iri == one.iri or other.start - s.start > i + 45:
                return []
            return [one, other]
        i += 1
    return []


@lru_cache(maxsize=8)
def _any_of(names: frozenset[str]) -> re.Pattern[str] | None:
    """One regular expression for any of ``names`` as whole words (cached)."""
    if not names:
        return None
    return re.compile(r"\b(?:" + "|".join(re.escape(n) for n in sorted(names)) + r")\b")


def is_womens_report(text: str, women_nicknames: set[str] | frozenset[str] = frozenset()) -> bool:
    """True for a report on a women's match: it names the Women's World Cup or a women's
    team's nickname (``women_nicknames``: "the Matildas"), or says
    "women's" and uses "she"/"her" at least as often as "he"/"his", or refers to players
    mostly as "she"/"her" (at least three times and more than twice as often as "he")."""
    nicknames = _any_of(frozenset(women_nicknames))
    if WOMENS_CUP.search(text) or (nicknames and nicknames.search(text)):
        return True
    she, he = len(SHE.findall(text)), len(HE.findall(text))
    if WOMEN_WORDS.search(text) and she >= he:
        return True
    return she >= 3 and she > 2 * he


#: the nouns that make "X's <noun>" a team whoever X is ("Joachim Löw's side")
SIDE_NOUN = re.compile(
    r"\b(?:side|team|men|squad|heroes|charges|boys|lads|troops|players|women|girls|"
    r"world-beaters|stars|outfit|eleven|army|warriors)$"
)
#: words of an earlier meeting of the main match's teams
EARLIER_MEETING = re.compile(
    r"\b(?:met|meet|meeting|meetings|last time|previous|previously|earlier|ago|history|back then|"
    r"group stage|group game|group match|group opener|opener|first round|rematch|repeat)\b|"
    r"\bin (?:19|20)\d\d\b",
    re.I,
)
#: a live-blog line giving the score at a break: "HT: France 1-1 Argentina", "Half-time: …"
HALF_TIME_LINE = re.compile(
    r"\s*(?:\d{1,2}:\d{2}\s*(?:[—–-]\s*)?)?[\[(]?\s*(?:HT|H/T|Half[- ]?time|Half time|HALF[- ]TIME)\b",
    re.I,
)


class Extractor:
    """Extracts facts from match reports using names from a :class:`Gazetteer`.

    Build once and call :meth:`extract` per report. ``names`` is the graph's names tokenized
    for ``nlp`` (built from ``gaz`` when not given; :mod:`footkg.extract.cache` stores it)."""

    def __init__(self, gaz: Gazetteer, nlp: Language | None = None,
                 names: NameIndex | None = None) -> None:  # fmt: skip
        self.gaz = gaz
        self.nlp = nlp or build_nlp()
        self.names = names or NameIndex.build(self.nlp, name_patterns(gaz))
        self.finder = MainMatchFinder(gaz)  # the main match and its fixture
        self._competitions = competition_pattern(gaz.club_competitions)
        load_fixtures(gaz)  # the graph's matches, read once for every report
        self._sentences_cache: list[Sentence] = []
        self._clubs = False  # whether the report being read is about club football
        self._sizes: dict[int, int] = {}
        self._text = ""

    def extract(self, report: ReportText, published: date | None = None) -> Extraction:
        """Extract the main match, its goals and the other matches of ``report``.

        ``published`` (the report's date) resolves weekdays ("on Sunday") to dates."""
        out = Extraction(report.name, report.sha256, report.title,
                         published.isoformat() if published else None)  # fmt: skip
        text = readable_part(report.text)
        if len(text) < len(report.text):
            out.notes.append(f"only the first {len(text):,} of {len(report.text):,} characters "
                             f"were read (reports are read up to {MAX_CHARS:,})")  # fmt: skip
        if report.replaced:
            shown = ", ".join(map(str, report.replaced[:10]))
            out.notes.append(f"{len(report.replaced)} invalid UTF-8 byte(s) replaced by U+FFFD "
                             f"(byte offsets {shown}{' …' if len(report.replaced) > 10 else ''})")  # fmt: skip
        clean = blank_boilerplate(unwrap_lines(text))
        doc = self.nlp(clean)
        ents, clubs = self._mentions(doc, clean)
        self._clubs = clubs
        sentences = self._sentences(doc, clean)
        self._sentences_cache = sentences
        out.text, out.sentences = text, [(s.start, s.end) for s in sentences]
        self._text = clean
        women = is_womens_report(clean, self.gaz.women_nicknames) or self._women_only_year(clean)
        out.women = women
        years = self._years(clean, published, women)
        if clubs:  # a club season is named by its years ("2011–12"); fk:year is the first
            years = season_years(clean)
        named_years = set(years)  # the years the report (or its publication date) names
        self._resolve_refs(sentences, clean, ents, years, women)
        stmts = [(s, st) for s in sentences for st in results.find_statements(s)]
        running_lines(sentences, stmts)
        topic, days = topic_pair(sentences), month_days(clean)
        if topic is None:
            topic = topic_pair(sentences, self._player_votes(clean, ents, years, women))
        fan = self._fan_team(clean, ents, years, women)
        if fan is not None:  # a fan's "we": read the report again with "we" as the team
            self._resolve_refs(sentences, clean, ents, years, women, fan=fan)
            stmts = [(s, st) for s in sentences for st in results.find_statements(s)]
            running_lines(sentences, stmts)
            topic = topic_pair(sentences) or topic_pair(
                sentences, self._player_votes(clean, ents, years, women))  # fmt: skip
        if topic is not None and not years and not clubs:
            years = self.finder.squad_years(clean, ents, topic, women)
        linked = self.finder.link(stmts, sentences, topic, years, days, clean, ents, women)
        if linked is not None and not self.finder.in_headline(linked[0], clean, sentences):
            # a fixture the report names far more of is the main match
            other = better_fixture(linked[3], self.finder.named_fixtures(sentences, years, women),
                                   partial(fixture_evidence, self.gaz,
                                           clues=self.finder.clues(clean, sentences, days)))  # fmt: skip
            if other is not None:
                topic = {other.home, other.away}
                years = [other.year] + [y for y in years if y != other.year]
                linked = self.finder.link(stmts, sentences, topic, years, days, clean, ents,
                                         women, insist=True) or linked  # fmt: skip
        if linked is None:
            out.notes.append("no match result found in the report")
            return out
        main, stage, implied, fixture = linked
        sent, st = main
        a, b = sent.team(st.a).iri, sent.team(st.b).iri
        assert a is not None and b is not None
        stated = {se.index for se, _ in stmts}  # the sentences that state a match
        # the linked fixture's year, even when the report names another first ("the 2010
        # champions" in a 2018 report; "Thirty-two years after Gijón, … 1982")
        year = fixture.year if fixture else years[0] if years else None
        edition = self.gaz.edition(year, women) if year else None
        if clubs:  # a club season: no World Cup edition, no squads
            edition = fixture.edition if fixture is not None else None
        if implied and stage and edition:
            stage = results.previous_stage(stage, self.gaz.stages.get(edition, []))
        elif implied:
            stage = None
        match = self._match_fact(sent, st, clean, year, stage, fixture)
        match.edition, match.stage_stated = edition, stage is not None
        if match.stage is None and fixture is not None:
            match.stage = fixture.stage
        elif fixture is not None and fixture.stage and match.stage != fixture.stage:
            match.stage = self._fixture_stage(match.stage, fixture, edition, clean)
        match.date = self._main_date(clean, sentences, sent, year, published)
        if fixture is not None:
            self._fixture_details(match, fixture, days, clean)
        self._shootout_and_aet(match, sentences, main, stated,
                               fixture is None or fixture.extra_time)  # fmt: skip
        out.match = match
        # the tournament as the report names it: not the fixture's year when the report
        # names no year ("the World Cup", "in South Africa")
        out.named_years = named_years
        out.tournament_label = tournament_label(year, women) if year in named_years else None
        if clubs:  # a club season's name ("UEFA Champions League 2018-19")
            out.tournament_label = self._season_label(fixture, clean)
        players = self._players(clean, ents, edition, (a, b))
        out.goals = self._goals(sentences, players, (a, b), year, stmts, main)
        clock = guided.report_clock(sentences)  # every time the report gives, once
        if match.iri is not None and _holds_goals(self.gaz, fixture):
            out.goals = self._guided(clean, sentences, players, match.iri, out.goals, year,
                                     clock)  # fmt: skip
        out.goals += self._untimed(sentences, players, out.goals, match, fixture, year)
        fill_assists(out.goals, clean, players, self._player_name, sentences, clock)
        fill_kinds(out.goals, clean, players, sentences, clock)
        if fixture is not None and match.home_score is None:
            self._score_from_goals(match, fixture, out)
        if match.home_score is None and match.after_extra_time is False:
            match.after_extra_time = None  # no result stated: nor whether it went to extra time
        stmts = sorted(stmts + self._anchored(sentences, stmts, year, match)
                       + _pair_statements(sentences, match),
                       key=lambda pair: pair[0].index)  # fmt: skip
        out.others = self._others(stmts, main, match, clean, year, published)
        for other in out.others:
            self._link_other(other, match, women)
        if match.iri is not None:
            align_goals(out.goals, fixture_goals(self.gaz, match.iri))
        return out

    def _mentions(self, doc, text: str) -> tuple[list[Mention], bool]:
        """The names of ``doc`` (text ``text``) and whether the report is about club
        football (:func:`footkg.extract.clubnames.is_club_report`): then club names are
        team mentions and national teams are not (in a club report "German sides", "the
        all-Spanish final" and "Madrid, Spain" tell the clubs' country), else club names are
        not read."""
        with_clubs = self.names.mentions(doc, clubs=True)
        club_iris = {m.iri for m in with_clubs if m.kind == "team" and m.iri in self.gaz.clubs}
        national = sum(1 for m in with_clubs if m.kind == "team" and m.iri in self.gaz.teams
                       and self.gaz.nickname_kind.get(m.text, "name") == "name")  # fmt: skip
        if is_club_report(text, self._competitions, len(club_iris), national):
            return [m for m in with_clubs if m.kind != "team" or m.iri in self.gaz.clubs], True
        return self.names.mentions(doc), False

    def _season_label(self, fixture: Fixture | None, text: str) -> str | None:
        """The tournament of a club report's main match: its fixture's season as the graph
        names it (:meth:`Gazetteer.season_label`) when the report names that competition;
        else ``None``."""
        label = self.gaz.season_label(fixture.edition if fixture is not None else None)
        if label is None or fixture is None or self._competitions is None:
            return None
        competition = self.gaz.seasons[fixture.edition or ""][0]
        named = {self.gaz.club_competitions.get(m.group()) for m in
                 self._competitions.finditer(text)}  # fmt: skip
        return label if competition in named else None

    def _link_other(self, other: MatchFact, main: MatchFact, women: bool) -> None:
        """The edition and the fixture of another match the report names: the graph's one
        match of the pair in the year the report gives it (Fjelstul ``matches.csv``), of
        that stage when it names one; of several, the one with the score it states (a score
        the fixture does not have is then a disagreement). With no year, the pair's one match
        with the stated score. No fixture when none or several fit."""
        if other.year is not None:
            other.edition = self.gaz.edition(other.year, women)
        cands = [f for f in fixtures_between(self.gaz, other.home, other.away)
                 if f.iri != main.iri]  # fmt: skip
        if other.year is not None:
            cands = [f for f in cands if f.year == other.year]
        if other.stage is not None:
            cands = [f for f in cands if f.stage == other.stage]
        if other.home_score is not None and other.away_score is not None:
            score = {other.home: other.home_score, other.away: other.away_score}
            same = [f for f in cands if f.goals_by_team == score]
            cands = same if same or other.year is None else cands
        elif other.year is None:
            cands = []
        if len(cands) == 1:
            other.iri = cands[0].iri

    def _untimed(self, sentences: list[Sentence], players: list[Mention], goals: list[GoalFact],
                 match: MatchFact, fixture: Fixture | None,
                 year: int | None) -> list[GoalFact]:  # fmt: skip
        """The goals the report states without a minute that the rules above did not find
        (see :mod:`footkg.extract.untimed`), in text order after the timed ones."""
        rows = fixture_goals(self.gaz, fixture.iri) if fixture is not None else None
        limits = dict(fixture.goals_by_team) if fixture is not None else {}
        for team in match.teams():
            if limits.get(team) is None and match.score_of(team) is not None:
                limits[team] = match.score_of(team)  # type: ignore[assignment]
        # a sentence naming a team of neither side tells another match's goals ("… Croatia
        # 2-1 in the semi-final, with two goals from Lilian Thuram")
        skipped = self._skipped | {s.index for s in sentences
                                   if any(r.iri and r.iri not in match.teams() for r in s.slots)}  # fmt: skip
        found = untimed_goals(sentences, players, skipped, goals, self._untimed_events,
                              rows, {t: n for t, n in limits.items() if n is not None},
                              self._player_name, partial(self.gaz.team_name_at, year=year))  # fmt: skip
        return sorted(found, key=lambda g: g.evidence.start)

    @staticmethod
    def _score_from_goals(match: MatchFact, fixture: Fixture, out: Extraction) -> None:
        """A report that states no score ("Russia win against Australia in the last minute")
        but tells every goal: when the goals told add up to the linked fixture's score
        (Fjelstul ``matches.csv``), that is the score."""
        told = Counter(g.team for g in out.goals)
        scored = {t: n for t, n in fixture.goals_by_team.items() if n}
        if told and dict(told) == scored and None not in fixture.goals_by_team.values():
            match.home_score = fixture.goals_by_team.get(match.home)
            match.away_score = fixture.goals_by_team.get(match.away)
            out.notes.append("score not stated: the goals told add up to the fixture's")

    def _anchored(self, sentences: list[Sentence], stmts: list, year: int | None,
                  match: MatchFact) -> list[tuple[Sentence, results.Statement]]:  # fmt: skip
        """Results no rule read, found by their score among the graph's fixtures (see
        :mod:`footkg.extract.anchored`)."""
        by_sentence: dict[int, list[results.Statement]] = {}
        for sent, st in stmts:
            by_sentence.setdefault(sent.index, []).append(st)
        out = []
        for sent in sentences:
            taken = by_sentence.get(sent.index, [])
            found = anchored_statements(self.gaz, sent, taken, year, match.iri, match.teams())
            out += [(sent, st) for st in found]
        return out

    # --- sentences and references ---------------------------------------------------------

    def _sentences(self, doc, text: str) -> list[Sentence]:
        out, paragraph = [], 0
        for i, span in enumerate(doc.sents):
            start, end = span.start_char, span.end_char
            while start < end and text[start].isspace():
                start += 1
            if start >= end:
                continue
            if out and "\n" in text[out[-1].start + len(out[-1].text.rstrip()) : start]:
                paragraph += 1  # a line break between them (the last may end the sentence)
            out.append(Sentence(i, start, end, text[start:end], paragraph=paragraph))
        return out

    def _years(self, text: str, published: date | None, women: bool = False) -> list[int]:
        """The World Cup years ``text`` names, first named first: the date at its head, then
        "the 1994 World Cup", "WORLD CUP '94", "Italia 90", "South Africa 2010" and full dates
        ("on 15 June 1982") in text order, then the year of ``published``; only years with
        an edition (a women's one when ``women``), each once."""
        years: list[int] = []
        head = text[:400]
        found = find_date(head)
        if found and found[2]:
            years.append(found[2])
        found_years = [(m.start(), full_year(next(g for g in m.groups() if g)))
                       for m in YEAR_RE.finditer(text)]  # fmt: skip
        found_years += [(m.start(), y) for m, y in self._host_years(text)]
        found_years += self._team_count_years(text, women)
        # a full date in the text ("Forty years ago today, on 15 June 1982")
        found_years += [(m.start(), int(m["y1"] or m["y2"])) for m in DATE_RE.finditer(text)
                        if m["y1"] or m["y2"]]  # fmt: skip
        years += [y for _, y in sorted(found_years)]
        if published:
            years.append(published.year)
        editions = self.gaz.editions_of(women)
        return [y for i, y in enumerate(years) if y not in years[:i] and y in editions]

    def _team_count_years(self, text: str, women: bool) -> list[tuple[int, int]]:
        """The edition a report names by its size ("the first 48-team World Cup"): the one
        edition whose fixtures in the graph have that many teams, with its offset."""
        out = []
        for m in TEAM_COUNT.finditer(text):
            fits = [y for y in self.gaz.editions_of(women)
                    if self._edition_size(y) == int(m[1])]  # fmt: skip
            if len(fits) == 1:
                out.append((m.start(), fits[0]))
        return out

    def _edition_size(self, year: int) -> int:
        """The number of teams in the graph's matches of the edition of ``year``."""
        if year not in self._sizes:
            self._sizes[year] = len({t for f in fixtures_of_year(self.gaz, year)
                                     for t in (f.home, f.away)})  # fmt: skip
        return self._sizes[year]

    def _women_only_year(self, text: str) -> bool:
        """True when the date at the head of ``text`` falls in a year with a Women's World Cup
        and no men's ("Posted Wednesday 12 September 2007": the 2007 Women's World Cup)."""
        found = find_date(text[:400])
        year = found[2] if found else None
        return bool(year) and year in self.gaz.women_editions and year not in self.gaz.editions

    def _host_years(self, text: str) -> Iterator[tuple[re.Match, int]]:
        """Each "South Africa 2010" / "France 98" / "FRANCE 2019" of ``text`` whose country
        hosted the men's or women's World Cup of that year (hosts from the graph's
        ``fk:hostCountry``)."""
        for m in HOST_YEAR.finditer(text):
            team = self.gaz.team_names.get(m.group(1)) or self.gaz.team_names.get(
                m.group(1).title()
            )
            if team is None:
                continue
            year = full_year(m.group(2))
            for women in (False, True):
                edition = self.gaz.editions_of(women).get(year)
                if edition and self.gaz.team_for(team, women) in self.gaz.hosts.get(edition, ()):
                    yield m, year
                    break

    def _fan_team(self, text: str, ents: list[Mention], years: list[int],
                  women: bool) -> str | None:  # fmt: skip
        """The team a fan's report calls "we" (IRI): ``None`` unless the report says we, us or
        our at least four times outside quotations. The team named after "Come on",
        "following", "supporting"; else the team of the players the report calls "ours" ("our
        defender Georges Grün", "Rachel Corsie, our captain") when they are all of one team;
        else ``None``."""
        plain = QUOTED.sub(" ", text)
        if len(FIRST_PERSON_ANY.findall(plain)) < 4:
            return None
        for m in ents:
            if m.kind == "team" and m.iri and FAN_OF.search(text, max(0, m.start - 25), m.start):
                return self.gaz.team_for(m.iri, women)
        edition = self.gaz.edition(years[0], women) if years else None
        if edition is None:
            return None
        squads = [p for t in self.gaz.edition_teams(edition) for p in self.gaz.squad(edition, t)]
        ours = {m.team for m in player_mentions(text, squads, ents) if m.team and (
            OUR_BEFORE.search(text, max(0, m.start - 30), m.start)
            or OUR_AFTER.match(text, m.end))}  # fmt: skip
        return ours.pop() if len(ours) == 1 else None

    def _resolve_refs(self, sentences: list[Sentence], text: str, ents: list[Mention],
                      years: list[int], women: bool = False,
                      fan: str | None = None) -> None:  # fmt: skip
        """Give each description, pronoun and regional name the team it points to: "the
        hosts" → the edition's host, "the South Americans" → the latest (else the next) team of
        that confederation, "X's side" → the team X managed at an edition the report names
        (else at any), pronouns, other "X's side" and "the holders" → the latest team named,
        or the team named next to them ("the holders, Uruguay,"; "West Germany, the hosts,").
        In a report on a women's match (``women``) names point to the women's teams. With
        ``fan`` (a team IRI), "we" and "us" are that team (see :meth:`_fan_team`)."""
        editions = self.gaz.editions_of(women)
        edition = editions.get(years[0], "") if years else ""
        hosts = self.gaz.hosts.get(edition, set())
        # the teams of the edition, else those the report names by name (for "the Koreans")
        present = set(self.gaz.edition_teams(edition)) if edition else set()
        present = present or {m.iri for m in ents if m.kind == "team" and m.iri
                              and self.gaz.teams.get(m.iri) == m.text}  # fmt: skip
        named = [self.gaz.team_for(m.iri, women) for m in ents if m.kind == "team"]
        recent: list[str] = []
        subject: str | None = None  # the first team of the sentence before
        starts = [m.start for m in ents]  # ents are in text order: each sentence's by bisection
        for s in sentences:
            resolved = []
            mine = ents[bisect_left(starts, s.start) : bisect_left(starts, s.end)]
            for ref in team_refs(text, s.start, s.end, mine, self.gaz, fan is not None):
                if ref.kind == "we":
                    resolved.append(TeamRef(ref.start, ref.end, fan, ref.text, ref.kind))
                    continue
                coached = (self._coached_team(ref, years, women, set(named))
                           if ref.kind == "side" else None)  # fmt: skip
                iri = coached or self._ref_iri(ref, hosts, recent, named, present)
                if ref.kind == "pronoun" and subject and not text[s.start : ref.start].strip(" \"'“‘"):
                    # "Brazil took Scotland apart 4–1. They beat New Zealand too": a
                    # sentence that opens with "they" goes on about the last one's subject
                    iri = subject
                if ref.kind == "side" and not coached and not SIDE_NOUN.search(ref.text):
                    iri = None  # "Fabio Capello's flops" only as a manager's team
                iri = self.gaz.team_for(iri, women) if iri else iri
                r = TeamRef(ref.start, ref.end, iri, ref.text, ref.kind)
                resolved.append(r)
                if iri and ref.kind != "adjective" and not is_place_use(text, r) and not (
                        _after_preposition(text, r)):  # fmt: skip
                    recent.append(iri)
            for i, (r, nxt) in enumerate(pairwise(resolved)):
                if (r.kind in ("holders", "hosts") and nxt.kind == "name" and nxt.iri
                        and re.fullmatch(r",?\s*", text[r.end : nxt.start])):  # fmt: skip
                    resolved[i] = TeamRef(r.start, r.end, nxt.iri, r.text, r.kind)
                elif (nxt.kind in ("holders", "hosts") and r.kind == "name" and r.iri
                        and re.fullmatch(r",\s*", text[r.end : nxt.start])):  # fmt: skip
                    resolved[i + 1] = TeamRef(nxt.start, nxt.end, r.iri, nxt.text, nxt.kind)
            s.refs = resolved
            subject = next((r.iri for r in resolved if r.iri
                            and not is_place_use(text, r) and not _after_preposition(text, r)),
                           None)  # fmt: skip
            s.mentions = mine
            mask(s, text)

    def _coached_team(self, ref: TeamRef, years: list[int], women: bool,
                      named: set[str] = frozenset()) -> str | None:  # fmt: skip
        """The team of "Joachim Löw's side", "Signor Pozzo's men": the one the named manager
        had at an edition of ``years`` (the report's), else the one of his teams the report
        names (``named``: "Fabio Capello's flops" in a report naming England, not Russia),
        else at the latest edition he had one (Fjelstul ``manager_appointments.csv`` through
        the graph); ``None`` when the name is no manager's or names managers of two teams."""
        m = re.match(r"(?:(?:Signor|Señor|Senhor|Herr|Mr\.?|Monsieur|Coach) )?(.+?)(?:'s|’s)\b",
                     ref.text) or re.match(  # "the team of Gero Bisanz"
            r"[Tt]he (?:team|side|eleven|squad) of (?:(?:Signor|Señor|Senhor|Herr|Mr\.?|Monsieur|"
            r"Coach) )?(.+)$", ref.text)  # fmt: skip
        if m is None:
            return None
        name = m.group(1)
        editions = self.gaz.editions_of(women)
        stated = [editions[y] for y in years if y in editions]
        others = [e for _, e in sorted(editions.items(), reverse=True) if e not in stated]
        found: list[str] = []
        for i, edition in enumerate(stated + others):
            teams = {t for label, family, t in self.gaz.managers(edition)
                     if name in (label, family)}  # fmt: skip
            if len(teams) == 1 and i < len(stated):
                return teams.pop()  # his team at an edition the report names
            found += [t for t in teams if t not in found]
        return next((t for t in found if t in named), found[0] if len(found) == 1 else None)

    def _ref_iri(self, ref: TeamRef, hosts: set[str], recent: list[str],
                 named: list[str], present: set[str] = frozenset()) -> str | None:  # fmt: skip
        """The team of one reference (see :meth:`_resolve_refs`). A demonym several teams
        share ("the Koreans") is the one that played the edition (``present``: its teams)."""
        last = recent[-1] if recent else None
        if ref.kind == "hosts":
            return next(iter(hosts)) if len(hosts) == 1 else None
        if ref.kind.startswith("region:"):
            confed = ref.kind.split(":", 1)[1]
            for iri in list(reversed(recent)) + named:
                if self.gaz.confederation.get(iri) == confed:
                    return iri
            return None
        if ref.kind in ("pronoun", "side", "holders"):
            return last or (named[0] if named else None)  # none yet: the first team named
        word = ref.text[4:] if ref.text.lower().startswith("the ") else ref.text
        shared = self.gaz.nickname_teams.get(word, [])
        if len(shared) > 1 and ref.iri not in present:
            return next((t for t in shared if self.gaz.team_for(t, False) in present
                         or t in present), ref.iri)  # fmt: skip
        return ref.iri

    # --- the main match ----------------------------------------------------------------------

    def _fixture_stage(self, stated: str | None, fixture: Fixture, edition: str | None,
                       text: str) -> str | None:  # fmt: skip
        """The main match's stage when the stage found is not its fixture's: the fixture's
        when the report names it too (the other stage was another match's: "the final
        against Spain") or when the stage found is not one of the edition's ("second round"
        in 1986 is its round of 16); else the stage found, a disagreement with the data."""
        stages = self.gaz.stages.get(edition or "", [])
        if fixture.stage in results.stages_named(text) or (stages and stated not in stages):
            return fixture.stage
        return stated

    def _match_fact(self, sent: Sentence, st: results.Statement, text: str, year: int | None,
                    stage: str | None, fixture: Fixture | None) -> MatchFact:  # fmt: skip
        ra, rb = sent.team(st.a), sent.team(st.b)
        venue, venue_iri, city, city_iri = self._place(sent, text)
        if city is None:
            city, city_iri = self._dateline_city(text)
        if venue is None:
            venue, venue_iri = self._early_stadium(sent)
        if venue is None:
            venue = self._dateline_venue(text, city)
        if venue is None and fixture is not None and fixture.venue is not None:
            venue, venue_iri = self._named_fixture_venue(fixture.venue)
        if city is None and venue_iri is not None:
            city = self._stadium_city(venue_iri, text)
        if venue is None or city is None:
            told = self._told_place(sent, st, text)
            venue, venue_iri = (venue, venue_iri) if venue is not None else told[:2]
            city, city_iri = (city, city_iri) if city is not None else told[2:]
        return MatchFact(
            home=ra.iri or "", away=rb.iri or "",
            home_name=self._team_name(ra, year), away_name=self._team_name(rb, year),
            home_score=st.score_a, away_score=st.score_b,
            evidence=Evidence(sent.start, sent.end, st.rule),
            after_extra_time=st.aet, stage=stage, year=year,
            venue=venue, venue_iri=venue_iri, city=city, city_iri=city_iri,
            iri=fixture.iri if fixture else None,
        )  # fmt: skip

    def _told_place(self, sent: Sentence, st: results.Statement, text: str) -> tuple:
        """Where the main match was played, told in a sentence of its own ("On 22 June 1974,
        East Germany played West Germany in Hamburg", "The final … took place … at
        Commerzbank-Arena, in Frankfurt", "On a rainy evening in the coastal city of Port
        Elizabeth, Germany and Uruguay played …"): the first sentence that names one of the
        main teams and no other, or says the match was played, held or took place, and
        names a stadium or "in <city>" (a city the graph knows). ``(venue, venue IRI, city,
        city IRI)``, ``None`` where none is told."""
        teams = {sent.team(st.a).iri, sent.team(st.b).iri}
        venue = venue_iri = city = city_iri = None
        for s in self._sentences_cache:
            named = {r.iri for r in s.slots if r.iri}
            if named - teams or not (named or PLAYED_AT.search(s.text)):
                continue
            for m in s.mentions:
                if m.kind == "stadium" and venue is None:
                    venue, venue_iri = m.text, m.iri
                if (m.kind == "city" and city is None
                        and CITY_BEFORE.search(text, max(0, m.start - 40), m.start)):  # fmt: skip
                    city, city_iri = m.text, m.iri
            if venue is None and PLAYED_AT.search(s.text):
                found = VENUE_WORDS.search(s.text)
                venue = found.group(1) if found else None
            if venue is not None or city is not None:
                break
        return venue, venue_iri, city, city_iri

    def _fixture_details(self, match: MatchFact, fixture: Fixture,
                         days: set[tuple[int, int]], text: str) -> None:  # fmt: skip
        """Details of the linked fixture that the report states somewhere other than where the
        rules look: the fixture's day when the report names its day and month ("June 5") and
        no date was found, or one of another year,
        extra time when the fixture went to it and the report speaks of it anywhere, and
        the fixture's stadium when the report names it (a stadium named in the main sentence
        may be another match's: "… since the Rostov comeback"), with its city when named."""
        same_day = (int(fixture.date[5:7]), int(fixture.date[8:10])) in days
        if same_day and (match.date is None or match.date[:4] != fixture.date[:4]):
            match.date = fixture.date  # a byline's "5 June 2018" over the match's "5 June 1938"
        elif same_day and match.date != fixture.date and _days_apart(match.date, fixture.date) <= 7:
            match.date = fixture.date  # a paper's "Monday, June 28" over the match's "June 26"
        elif (match.date and match.date > fixture.date
              and _days_apart(match.date, fixture.date) <= 3
              and _names_past_weekday(text, date.fromisoformat(fixture.date).strftime("%A"))):  # fmt: skip
            # the paper's date with the match's weekday named: "Thursday 15 June 1978" over
            # "Wednesday's results: … Argentina 2 Poland 0"; "PARIS, Thursday."
            match.date = fixture.date
        if fixture.extra_time and not match.after_extra_time and EXTRA_TIME.search(text):
            match.after_extra_time = True
        if fixture.venue is None or match.venue_iri == fixture.venue:
            return
        venue, venue_iri = self._named_fixture_venue(fixture.venue)
        if venue_iri is None:
            return
        match.venue, match.venue_iri = venue, venue_iri
        city = self._stadium_city(venue_iri, text)
        if city is not None:
            match.city = city
            known = self.gaz.city(city)
            match.city_iri = known[1] if known else None

    def _named_fixture_venue(self, venue_iri: str) -> tuple[str | None, str | None]:
        """The fixture's own stadium where the report names it anywhere ("On Sunday night at
        the Luzhniki Stadium he was able to …"); ``(None, None)`` when it does not. A name two
        stadiums share ("Estadio Nacional" in Santiago, "Estádio Nacional" in Brasília) is
        the fixture's."""
        label = self.gaz.stadiums.get(venue_iri, ("", None))[0]
        names = {fold(a).lower() for a in stadium_aliases(label)}
        for s in self._sentences_cache:
            for m in s.mentions:
                if m.kind == "stadium" and (m.iri == venue_iri or fold(m.text).lower() in names):
                    return m.text, venue_iri
        return None, None

    def _early_stadium(self, sent: Sentence) -> tuple[str | None, str | None]:
        """A stadium named in the main sentence's paragraph when the main sentence names none
        ("Germany 0, Brazil 2." then "… at International Stadium Yokohama on Sunday")."""
        for s in self._sentences_cache:
            if s.paragraph in (sent.paragraph, sent.paragraph + 1) and s.index > sent.index:
                for m in s.mentions:
                    if m.kind == "stadium":
                        return m.text, m.iri
        return None, None

    def _stadium_city(self, venue_iri: str, text: str) -> str | None:
        """The city of a linked stadium, when the report names it ("Luzhniki Stadium,
        Moscow")."""
        city = self.gaz.stadiums.get(venue_iri, ("", None))[1]
        if city and fold(city).lower() in fold(text).lower():
            return city
        return None

    def _dateline_venue(self, text: str, city: str | None) -> str | None:
        """A venue named on a "Venue, City —" line; a capitalised dateline city or a date is
        not a venue."""
        for m in re.finditer(r"^(.{3,40}?), ([^\n—]{3,40}?) —", text[:300], re.M):
            name = m.group(1).strip()
            if name == city or name.isupper() or self.gaz.city(name):
                continue
            if find_date(m.group(2)) or re.search(r"\d", name):
                continue
            return name
        return None

    def _team_name(self, ref: TeamRef, year: int | None) -> str:
        """The name to print for the team of ``ref`` in a match of ``year``: the report's own
        word when the team went by it (Fjelstul dated names in the graph), else the name the
        report writes elsewhere for a team it calls by nickname, else the name of the time
        (``Gazetteer.team_name_at``)."""
        iri = ref.iri or ""
        surface = re.sub(r"^[Tt]he ", "", ref.text)
        at_the_time = self.gaz.team_name_at(iri, year)
        if ref.kind == "name" and self.gaz.is_former_name(iri, surface):
            return surface
        if (ref.kind != "name" or not surface) and self.gaz.is_former_name(iri, at_the_time):
            # "the Plavi" (or a team the graph supplied) in a report that elsewhere writes
            # "Yugoslavia" (1998, when the data says FR Yugoslavia): the name the report uses
            said = next((r.text for s in self._sentences_cache for r in s.refs
                         if r.iri == iri and r.kind == "name"
                         and self.gaz.is_former_name(iri, r.text)), None)  # fmt: skip
            if said:
                return said
        if ref.kind == "name" and surface == self.gaz.teams.get(iri):
            # "Germany" in a 1958 report is West Germany, the name of the time
            return at_the_time if self.gaz.is_former_name(iri, at_the_time) else surface
        return at_the_time

    def _place(self, sent: Sentence, text: str,
               span: tuple[int, int] | None = None) -> tuple:  # fmt: skip
        """The venue and city a sentence names (stadium and city mentions, "in <city>",
        "at the X Stadium"): ``(venue, venue IRI, city, city IRI)``. With ``span`` (the
        offsets of one statement of the sentence, see :func:`_span_of`), the places named
        within it: "… a semi-final against Germany in Durban, while the Dutch beat Uruguay
        3-2 in Cape Town" gives each match its own city."""
        venue = venue_iri = city = city_iri = None
        mentions = sent.mentions
        if span is not None:
            mentions = [m for m in sent.mentions if span[0] <= m.start < span[1]]
        for m in mentions:
            if m.kind == "stadium" and venue is None:
                venue, venue_iri = m.text, m.iri
            if m.kind == "city" and city is None and text[max(0, m.start - 3) : m.start] == "in ":
                city, city_iri = m.text, m.iri
        if venue is None:
            m = re.search(r"\bat (?:the )?((?:[A-Z][\w'’-]+ )+(?:Stadium|Arena|Park|Bowl|Stadion|Field)"
                          r"(?: (?:de|do|of)(?: [A-Z][\w'’-]+)+)?|(?:Estadio|Estádio|Arena|Stade|Stadio)"
                          r"(?: (?:de|do|da|del|of)| [A-Z][\w'’-]+)+)", sent.text)  # fmt: skip
            if m:
                venue = m.group(1).strip()
        return venue, venue_iri, city, city_iri

    def _dateline_city(self, text: str) -> tuple[str | None, str | None]:
        """The city of a dateline ("SUWON, South Korea —", "Rome, June 5 —") or of a byline
        ("From DOUGIE McPHAIL in Córdoba") near the top, when the graph knows it."""
        for line in [ln for ln in text.splitlines() if ln.strip()][:3]:
            m = re.match(r"\s*([A-ZÀ-Ý][\wÀ-ÿ .'’-]+?)(?:,[^—\n]*)? —", line)
            if m and (known := self.gaz.city(m.group(1))):
                return known
        for line in [ln for ln in text.splitlines() if ln.strip()][:6]:
            m = re.match(r"\s*(?:From|By)\b[^\n]{0,60}? in ([A-ZÀ-Ý][\wÀ-ÿ'’ -]+?)\s*$", line)
            if m and (known := self.gaz.city(m.group(1))):
                return known
        head = re.match(r"\s*(?:[^\n]*\n+)??\s*([A-ZÀ-Ý][A-ZÀ-Ý .'’-]+?|[A-Z][\w .'-]+?),"
                        r"(?: [A-Z][\w .]+,)?(?: [A-Z][a-z]+ \d{1,2}(?:, \d{4})?)? —", text)  # fmt: skip
        head = head or re.match(r"\s*([A-ZÀ-Ý][A-ZÀ-Ý .'’-]+?) —", text)
        if not head:
            second = re.search(r"^[^\n,—]+, ([A-Z][\w .'-]+?) —", text[:300], re.M)
            if not second:
                return None, None
            head = second
        return self.gaz.city(head.group(1)) or (None, None)

    def _main_date(self, text: str, sentences: list[Sentence], sent: Sentence,
                   year: int | None, published: date | None) -> str | None:  # fmt: skip
        dateline = next((m for m in re.finditer(r"(?m)^([A-ZÀ-Ý][A-ZÀ-Ý .'’-]+),\s+([^—–\n]{4,40})",
                                                text[:600])
                         if not NOT_A_PLACE.search(m.group(1))), None)  # fmt: skip
        for chunk in (dateline.group(2) if dateline else "", _past_lines(text[:300]), sent.text):
            found = find_date(chunk)
            if found:
                y = found[2] or year
                if y:
                    try:
                        stated = date(y, found[0], found[1])
                    except ValueError:
                        return None
                    return self._relative_day(stated, sentences, sent).isoformat()
        if published:
            m = re.search(r"\bon (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)",
                          sent.text)  # fmt: skip
            if m:
                return _weekday(published, m.group(1), past=True).isoformat()
        return None

    def _relative_day(self, stated: date, sentences: list[Sentence], sent: Sentence) -> date:
        """The match day when the date found is the report's own (a byline "Tuesday, June 26,
        1990") and the report says the match was "on Monday", "last night" or "yesterday", or
        its dateline gives the day ("ROME, Sunday."): that day before it; else the date found."""
        main = {r.iri for r in sent.slots}
        # sentences up to the result's, less those naming other teams ("beating Croatia 3-0
        # on Tuesday": another match's day)
        nearby = [s.text for s in sentences if s.index <= sent.index + 2
                  and all(r.iri in main for r in s.slots)]  # fmt: skip
        other = next((r for r in sent.slots if r.iri not in main), None)
        if other is not None:  # the main sentence up to another team ("… into a quarter-final
            nearby.append(sent.text[: other.start - sent.start])  # against Brazil")
        for text in nearby:
            if re.search(r"\b(?:will|next|meet|face|play|might|could|would|again)\b", text):
                continue  # "… at the Maracanã on Sunday": a fixture still to come
            m = re.search(r"(?:\b(?:[Oo]n|[Oo]n a|[Oo]n an|[Ll]ast)(?: [a-z]+)? |^[A-ZÀ-Ý][A-ZÀ-Ý .'’-]+, )(Monday|Tuesday|"
                          r"Wednesday|Thursday|Friday|Saturday|Sunday)\b", text, re.M)  # fmt: skip
            m = m or re.search(
                r"\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
                r"(?:'s)? (?:night|afternoon|evening)\b",
                text,
            )  # "file Tuesday night"
            if m and m.group(1) != stated.strftime("%A"):
                return _weekday(stated, m.group(1), past=True)
            if YESTERDAY_DATED.search(text):
                return stated  # "Yesterday, 29 June 2014, in the Arena Pernambuco": the date
            if re.search(r"\b(?:last night|yesterday)\b", text, re.I):
                return stated - timedelta(days=1)
        return stated

    def _shootout_and_aet(self, match: MatchFact, sentences: list[Sentence],
                          main: tuple | None = None,
                          stated: set[int] | frozenset[int] = frozenset(),
                          went_long: bool = True) -> None:  # fmt: skip
        """Shootout kicks (from the main statement, else from the first sentence stating a
        shootout won by a main team and no other match) and extra time (words for it in the
        main statement's sentence or one that states no match: ``stated`` holds the indices
        of those that do). ``went_long`` is False when the linked fixture ended in 90 minutes
        (Fjelstul ``extra_time``): then only the main statement itself may say otherwise
        ("a penalty-kick heartbreak" four years before is another match's)."""
        st = main[1] if main else None
        if st is not None and st.shootout is not None:
            match.shootout = st.shootout
        previous = ""
        for s in sentences if match.shootout is None and went_long else []:
            # "…, sending the quarterfinal to a penalty kick shootout. Germany prevailed, 4-2."
            so = results.shootout_in(s, bool(SHOOTOUT_WORDS.search(previous)))
            previous = s.text
            if so and (not self._about_other_match(s, match) or self._own_shootout(s, so, match)):
                winner = s.team(so[0]).iri
                if winner == match.home:
                    match.shootout = (so[1], so[2])
                elif winner == match.away:
                    match.shootout = (so[2], so[1])
                if match.shootout is not None:
                    break
        if match.after_extra_time is None:
            quiet = " ".join(s.text for s in sentences if s.index not in stated
                             or s.start == match.evidence.start)  # fmt: skip
            aet = re.search(r"after extra[- ]time|after extended time|\ba\.?e\.?t\b|in extra[- ]time|extra-time winner|"
                            r"of extra[- ]time|\b1[01]\dth minute", quiet, re.I)  # fmt: skip
            match.after_extra_time = (bool(aet) and went_long) or match.shootout is not None

    def _own_shootout(self, s: Sentence, so: tuple[str, int, int], match: MatchFact) -> bool:
        """True when a shootout a sentence states is won by a main team and no other team is
        named between the winner and the kicks ("The Germans booked that semifinal date …,
        surviving a 1-1 tie with France … and then winning a penalty-kick shootout 5-4 …
        where they will meet the Americans")."""
        if s.team(so[0]).iri not in match.teams():
            return False
        at = s.masked.find(so[0])
        end = s.masked.find(f"{so[1]}-{so[2]}", at)
        slots = re.findall(r"\bT\d+\b", s.masked[at:end]) if end > at else []
        return all(s.team(x).iri in match.teams() for x in slots)

    def _about_other_match(self, s: Sentence, match: MatchFact) -> bool:
        """True when a sentence names a team outside the main match."""
        return any(r.iri and r.iri not in match.teams() for r in s.slots)

    # --- players and goals -------------------------------------------------------------------

    def _player_votes(self, text: str, ents: list[Mention], years: list[int],
                      women: bool) -> Counter[str]:  # fmt: skip
        """How often the report names players of each team (IRI) of the edition of the first
        year it names: a report that calls a team "our girls" still names its players."""
        edition = self.gaz.edition(years[0], women) if years else None
        if edition is None:
            return Counter()
        squads = [p for t in self.gaz.edition_teams(edition) for p in self.gaz.squad(edition, t)]
        return Counter(m.team for m in player_mentions(text, squads, ents) if m.team)

    def _players(self, text: str, ents: list[Mention], edition: str | None,
                 teams: tuple[str, str]) -> list[Mention]:  # fmt: skip
        """The players ``text`` names of the squads of ``teams`` (IRIs) at ``edition``
        (IRI); in a club report, the players of any squad it names in full, each playing
        for the club of :meth:`_club_side`. Empty without an edition (and not a club
        report)."""
        if self._clubs:
            folded = fold(text).lower()  # once for the report, not once per player
            named = players_named(self.gaz, folded)
            squads = [replace(p, team=side) for p in named
                      if (side := self._club_side(text, folded, ents, p, teams))
                      is not None]  # fmt: skip
            return player_mentions(text, squads, ents)
        if edition is None:
            return []
        squads = self.gaz.squad(edition, teams[0]) + self.gaz.squad(edition, teams[1])
        found = player_mentions(text, squads, ents)
        # "Bobby Robson's heroes" is the manager, not Bryan Robson of the squad
        managers = [label for label, _family, _team in self.gaz.managers(edition)]
        return [m for m in found if not any(
            label != m.text and label.endswith(" " + m.text)
            and text[max(0, m.end - len(label)) : m.end] == label for label in managers)]  # fmt: skip

    def _club_side(self, text: str, folded: str, ents: list[Mention], player: SquadPlayer,
                   teams: tuple[str, str]) -> str | None:  # fmt: skip
        """The club of ``teams`` (IRIs) a player named in a club report plays for, read
        where the text (``folded``: the same text through :func:`fold` and lower-cased, same
        offsets) first writes the player's full label: a club named just after it
        after "for" ("an İlkay Gündoğan penalty for Dortmund"), else the first of the two
        clubs named in that sentence before it ("Bayern won the match 2–1 with goals from
        Mario Mandžukić"), else the first club named in the last sentence before it that
        names one (its subject); ``None`` when none is."""
        start = folded.find(fold(player.label).lower())
        if start < 0:
            return None
        end = start + len(player.label)
        clubs = [m for m in ents if m.kind == "team" and m.iri in teams]
        for m in clubs:
            if end <= m.start < end + 60 and CLUB_FOR.fullmatch(text, end, m.start):
                return m.iri
        sentence_start = max(text.rfind(". ", 0, start), text.rfind("\n", 0, start)) + 1
        before = [m for m in clubs if m.end <= start]
        inside = [m for m in before if m.start >= sentence_start]
        if inside:
            return inside[0].iri
        if not before:
            return None
        # the subject of the last sentence before that names a club: "Liverpool beat Spurs
        # 2-0. Mohamed Salah scored …"
        last = before[-1].start
        head = max(text.rfind(". ", 0, last), text.rfind("\n", 0, last)) + 1
        return next(m for m in before if m.start >= head).iri

    def _goals(self, sentences: list[Sentence], players: list[Mention], teams: tuple[str, str],
               year: int | None, stmts: list, main: tuple) -> list[GoalFact]:  # fmt: skip
        finder = GoalFinder(teams)
        self._skipped: set[int] = set()
        other_paragraphs = set()
        for sent, st in stmts:
            if (sent, st) is not main and sent is not main[0] and not st.future:
                first = next(s for s in sentences if s.paragraph == sent.paragraph)
                pair = {sent.team(st.a).iri if st.a != "T?" else None,
                        sent.team(st.b).iri if st.b else None}  # fmt: skip
                side = st.a != "T?" and sent.team(st.a).kind == "side"
                if first is sent and not pair & set(teams) and not side:
                    other_paragraphs.add(sent.paragraph)
        line: list[SentenceView] = []  # the sentences of the current paragraph
        paragraph, found_before, line_minute = -1, 0, None
        for s in sentences:
            if line and s.paragraph != paragraph:
                finder.line_goal(line, found_before)
                line = []
            if not line:
                paragraph, found_before = s.paragraph, len(finder.events)
                line_minute = line_time(s.text)
            view = self._view(s, players, line_minute)
            foreign = [
                r
                for r in s.refs
                if r.iri and r.iri not in teams and r.kind in ("demonym", "nickname")
            ]
            skip = s.paragraph in other_paragraphs or bool(foreign)
            if skip:
                self._skipped.add(s.index)
            finder.feed(view, skip)
            line.append(view)
        finder.line_goal(line, found_before)
        self._untimed_events = list(finder.untimed)
        return self._merge(finder, teams, year)

    def _view(self, s: Sentence, players: list[Mention],
              line_minute: TimeExpr | None = None) -> SentenceView:  # fmt: skip
        """What the goal rules see of sentence ``s``: its players and team references."""
        return SentenceView(
            s.index, s.start, s.text,
            [p for p in players if s.start <= p.start < s.end],
            [(r.start - s.start, r.end - s.start, r.iri) for r in s.refs
             if r.iri and r.kind != "adjective"],
            [(r.start - s.start, r.end - s.start, r.iri) for r in s.refs
             if r.iri and r.kind == "adjective"],
            line_time=line_minute,
        )  # fmt: skip

    def _merge(
        self, finder: GoalFinder, teams: tuple[str, str], year: int | None
    ) -> list[GoalFact]:
        goals: list[GoalFact] = []
        for ev in finder.events:
            p = ev.scorer
            assert p is not None
            team = finder.other(p.team) if ev.own_goal else p.team
            dup = next((g for g in goals if g.scorer == p.iri and _same_minute(g, ev)), None)
            if dup is not None:
                if dup.minute_vague and not ev.vague:
                    dup.minute, dup.stoppage, dup.minute_vague = ev.minute, ev.stoppage, False
                if dup.kind == "regular":
                    dup.kind = ev.kind
                if dup.assist is None and ev.assist is not None:
                    dup.assist, dup.assist_name = ev.assist.iri, self._player_name(ev.assist)
                continue
            goals.append(GoalFact(
                scorer=p.iri, scorer_name=self._player_name(p),
                team=team, team_name=self.gaz.team_name_at(team, year) if team else None,
                minute=ev.minute, stoppage=ev.stoppage, minute_vague=ev.vague, kind=ev.kind,
                assist=ev.assist.iri if ev.assist else None,
                assist_name=self._player_name(ev.assist) if ev.assist else None,
                evidence=Evidence(ev.start, ev.end, ev.rule), iri=None,
            ))  # fmt: skip
        for ev in finder.untimed:
            if ev.scorer is None:
                continue
            mine = [g for g in goals if g.scorer == ev.scorer.iri]
            if len(mine) == 1:
                g = mine[0]
                if g.assist is None and ev.assist is not None:
                    g.assist, g.assist_name = ev.assist.iri, self._player_name(ev.assist)
        return sorted(goals, key=lambda g: (g.minute or 0, g.stoppage or 0))

    def _guided(self, text: str, sentences: list[Sentence], players: list[Mention],
                fixture: str, goals: list[GoalFact], year: int | None,
                clock: dict[int, list[guided.Clocked]] | None = None) -> list[GoalFact]:  # fmt: skip
        """``goals`` checked against the fixture's goals, with those the report tells and the
        rules missed (see :mod:`footkg.extract.guided`; ``clock``: the report's times), in
        match order."""
        known = guided.fixture_goals_of(fixture_goals(self.gaz, fixture))
        team_name = partial(self.gaz.team_name_at, year=year)
        extra = guided.guided_goals(
            text, sentences, players, known, goals, self._player_name, team_name, clock,
            partial(player_age, self.gaz, match=fixture),
        )  # fmt: skip
        goals = guided.reconcile(goals + extra, known, sentences, team_name, players,
                                 self._player_name)  # fmt: skip
        return sorted(goals, key=lambda g: (g.minute or 0, g.stoppage or 0))

    def _player_name(self, p: Mention) -> str:
        """The squad label of the player ``p`` names, in the report's order when it writes
        the family name first ("Kim Young-gwon" for the label "Young-gwon Kim")."""
        label = self.gaz.player_label(p.iri)
        if label is None:
            return p.text
        words = label.split()
        flipped = " ".join(reversed(words))
        if len(words) == 2 and fold(p.text).lower() == fold(flipped).lower():
            return p.text
        # the report's fuller given name: "Maximiliano Pereira" for the squad's "Maxi Pereira"
        before = re.search(r"([A-ZÀ-Ý][\w'’-]+)\s+$", self._text[max(0, p.start - 40) : p.start])
        if len(words) >= 2 and " " not in p.text and before is not None:
            given = before.group(1)
            if len(given) > len(words[0]) and fold(given).lower().startswith(fold(words[0]).lower()):
                return " ".join([given, *words[1:]])
        return label

    # --- other matches -----------------------------------------------------------------------

    def _others(self, stmts: list, main: tuple, match: MatchFact, text: str,
                year: int | None, published: date | None = None) -> list[MatchFact]:  # fmt: skip
        out: list[MatchFact] = []
        previous = None
        for sent, st in stmts:
            if (sent, st) == main:
                previous = st
                continue
            ra = sent.team(st.a) if st.a != "T?" else None
            a = ra.iri if ra else self._winner(match)
            if ra is not None and ra.kind == "side" and st.future:
                a = self._winner(match) or a
            if st.rule == "fixture-await-winner":
                a = self._winner(match)
            elif st.a == "T?" and st.future is True:
                a = (
                    self._winner(match)
                    if re.search(r"\b(?:victory|win|result)\b", sent.text)
                    or FUTURE_CUE.search(sent.text)
                    else None
                )
            b = sent.team(st.b).iri if st.b else None
            if st.future and b and b not in match.teams() and (a is None or a in match.teams()):
                a = self._next_opponent_of(match, b, year) or a
            if st.rule == "result-nosubject" and b:
                a = self._side_team(match, None, b, self.finder.other_year(sent.text, year),
                                    (st.score_a, st.score_b),
                                    any_year=sent.team(st.b).kind == "name")  # fmt: skip
            elif ra is not None and ra.kind == "side" and not st.future and b:
                a = self._side_team(match, a, b, self.finder.other_year(sent.text, year))
            elif ra is not None and ra.kind == "pronoun" and b and st.score_a is not None:
                a, b = self._pronoun_team(
                    match, a, b, (st.score_a, st.score_b or 0),
                    st.year or self.finder.other_year(sent.text, year, sent.masked[st.start :],
                                                sent.masked[: st.start]),
                )  # fmt: skip
            if st.needs_opponent:
                b = self.finder.fixture_opponent(sent, st, a, year, match.iri)
                b = b or (match.away if a == match.home else match.home if a == match.away
                          else None)  # fmt: skip
            if not a or not b or a == b:
                continue
            sa, sb = st.score_a, st.score_b
            if st.same_score and previous is not None:
                sa, sb = (
                    max(previous.score_a or 0, previous.score_b or 0),
                    min(previous.score_a or 0, previous.score_b or 0),
                )
            previous = st
            if {a, b} == match.teams() and sa is None and not st.earlier:
                continue
            if {a, b} == match.teams() and HALF_TIME_LINE.match(sent.text):
                continue  # "HT: France 1-1 Argentina": the main match at half-time
            if {a, b} == match.teams() and sa == match.score_of(a) and sb == match.score_of(b):
                continue
            oyear = st.year or self.finder.other_year(
                sent.text, year, sent.masked[st.start :], sent.masked[: st.start]
            )
            if st.earlier:
                oyear = st.year
            elif st.year is None and REFERS_BACK.search(sent.text) and sent.index > 0:
                # "… did play each other at the 1972 Summer Olympics. T0 won this game 3-2."
                before = next((x for x in self._sentences_cache if x.index == sent.index - 1), None)
                told = self.finder.other_year(before.text, None) if before else None
                oyear = told if told is not None else oyear
            if sa is not None and sb is not None:
                sa, sb = self._graph_orientation(a, b, sa, sb, oyear, match)
            if sa is not None and sb is not None and oyear == year:
                oyear = self._meeting_year(a, b, sa, sb, year, match, sent.text)
                if oyear is None:
                    continue  # the main match's teams that year: a running score of the match
            stage, _ = results.stage_in(sent.text)
            venue, venue_iri, city, city_iri = self._place(sent, text, _span_of(sent, st))
            if re.search(r"same (?:stadium|ground|pitch)|same \w+ pitch", sent.text):
                venue, venue_iri = match.venue, match.venue_iri
            # the report's own name for a team when it is one the team went by ("Yugoslavia"
            # in 1998, when the data says "FR Yugoslavia")
            refs = {r.iri: r for r in (ra, sent.team(st.b) if st.b not in (None, "T?") else None)
                    if r is not None and r.iri}  # fmt: skip
            home_name, away_name = (self._team_name(refs[t], oyear) if t in refs
                                    else self.gaz.team_name_at(t, oyear) for t in (a, b))  # fmt: skip
            fact = MatchFact(
                home=a, away=b, home_name=home_name, away_name=away_name,
                home_score=sa, away_score=sb, evidence=Evidence(sent.start, sent.end, st.rule),
                stage=stage, year=oyear, venue=venue, venue_iri=venue_iri, city=city,
                city_iri=city_iri, future=st.future,
            )  # fmt: skip
            span = _span_of(sent, st)
            if st.aet or (sa is not None and not st.listed
                          and OTHER_AET.search(text, span[0], span[1])):  # fmt: skip
                fact.after_extra_time = True  # "beat T1 2-1 after extra time in the semi-final"
            fact.date = self._other_date(sent.text, match, st.future, published)
            dup = next((o for o in out if _same_meeting(o, fact)), None)
            if dup is not None:
                if dup.home_score is None and fact.home_score is not None:
                    out[out.index(dup)] = _merged(fact, dup)
                else:
                    out[out.index(dup)] = _merged(dup, fact)
                continue
            out.append(fact)
        return self._drop_running_scores(out)

    def _drop_running_scores(self, others: list[MatchFact]) -> list[MatchFact]:
        """Of two scores the report gives for one pair in one year ("Yugoslavia 2-1 UAE" as
        news from the other ground, then "Yugoslavia beat the UAE 4-1"), keep the one the
        graph has when it has that pair meeting once that year (Fjelstul ``matches.csv``): the
        other was a running score."""
        out = list(others)
        for fact in others:
            rivals = [o for o in out if o is not fact and o.teams() == fact.teams()
                      and o.year == fact.year and o.home_score is not None]  # fmt: skip
            if not rivals or fact.home_score is None:
                continue
            meetings = [f for f in fixtures_between(self.gaz, fact.home, fact.away)
                        if f.year == fact.year]  # fmt: skip
            if len(meetings) != 1:
                continue
            score = meetings[0].goals_by_team
            if (fact.score_of(fact.home), fact.score_of(fact.away)) != (
                score.get(fact.home), score.get(fact.away)
            ) and any(r.score_of(r.home) == score.get(r.home)
                      and r.score_of(r.away) == score.get(r.away) for r in rivals):  # fmt: skip
                out.remove(fact)
        return out

    def _meeting_year(self, a: str, b: str, sa: int, sb: int, year: int | None,
                      match: MatchFact, text: str) -> int | None:  # fmt: skip
        """The year of a result ``a`` sa–sb ``b`` stated with no year of its own (``year``,
        the main match's, is the guess) in sentence ``text``: the year of the one other
        fixture of the graph between them with that score when there is one (a 2007
        semi-final recalled in a 2011 report); else ``year``. For the main match's teams the
        sentence must speak of an earlier meeting ("the last time they met") or the score must
        be more than the main match's final score allows ("we beat Canada 7-0" in a report of
        a 2-1); else it is a running score of the main match and the answer ``None``."""
        main_pair = {a, b} == match.teams()
        final_a, final_b = match.score_of(a), match.score_of(b)
        beyond = final_a is not None and final_b is not None and (sa > final_a or sb > final_b)
        if main_pair and not EARLIER_MEETING.search(text) and not beyond:
            return None
        hits = [f for f in fixtures_between(self.gaz, a, b) if f.iri != match.iri
                and f.goals_by_team == {a: sa, b: sb}]  # fmt: skip
        if any(f.year == year for f in hits):
            return year
        if len(hits) == 1:
            return hits[0].year
        return None if main_pair else year

    def _graph_orientation(self, a: str, b: str, sa: int, sb: int, year: int | None,
                           match: MatchFact) -> tuple[int, int]:  # fmt: skip
        """``(sa, sb)``, turned round when the graph has the match of ``a`` and ``b`` that
        year (or, when they did not meet that year, any year) the other way only ("a
        quarter-final against the holders, Uruguay, and lost 4-2": England 2, Uruguay 4)."""
        others = [f for f in fixtures_between(self.gaz, a, b) if f.iri != match.iri]
        fixtures = [f for f in others if f.year == year] or others
        scores = [f.goals_by_team for f in fixtures]
        if {a: sa, b: sb} not in scores and {a: sb, b: sa} in scores:
            return sb, sa
        return sa, sb

    def _pronoun_team(self, match: MatchFact, a: str | None, b: str, score: tuple[int, int],
                      year: int | None) -> tuple[str | None, str]:  # fmt: skip
        """ "they beat Sweden by seven goals to one": the team "they" resolved to (``a``)
        unless the graph has no such result for it that year and has one for a team of the
        main match (Brazil 7–1 Sweden in 1950, not Spain); "The last time England had met
        France …, they had won 2-0": the pair turned round when the graph has the result the
        other way. Returns ``(a, b)``."""

        def played(team: str | None, other: str) -> bool:
            return team is not None and any(
                f.year == year and f.iri != match.iri
                and f.goals_by_team == {team: score[0], other: score[1]}
                for f in fixtures_between(self.gaz, team, other)
            )  # fmt: skip

        if year is None or played(a, b):
            return a, b
        if a is not None and played(b, a):
            return b, a
        return next((t for t in (match.home, match.away) if t != b and played(t, b)), a), b

    def _next_opponent_of(self, match: MatchFact, b: str, year: int | None) -> str | None:
        """The main match's team whose next fixture in the graph (Fjelstul ``matches.csv``,
        same edition, after the main match's date) is against ``b``: "Next up, Norway" in a
        Brazil–Scotland report of 1998 is Scotland's game (Brazil met Morocco first). ``None``
        when neither or both are."""
        if year is None:
            return None
        fixtures = {t: team_fixtures(self.gaz, t, year) for t in match.teams()}
        day = match.date or next((f.date for fs in fixtures.values() for f in fs
                                  if f.iri == match.iri), None)  # fmt: skip
        if day is None:
            return None
        hits = []
        for team, played in fixtures.items():
            later = [f for f in played if f.date > day]
            if later and b in (later[0].home, later[0].away):
                hits.append(team)
        return hits[0] if len(hits) == 1 else None

    def _side_team(self, match: MatchFact, a: str | None, b: str, year: int | None,
                   score: tuple[int | None, int | None] = (None, None),
                   any_year: bool = False) -> str | None:  # fmt: skip
        """ "Zlatko Dalić's side, who had beaten T 3-0": a coach's side is a team of the main
        match; the one the graph has playing ``b`` in that edition (with ``score``, the
        side's goals and ``b``'s, when both played ``b``: "Sunday's 3-0 win over Chile" is the
        United States', Sweden beat Chile 2-0), else (with ``any_year``: ``b`` was named) the
        one main team that ever played ``b`` with that score ("we lost all three: 5-2 to
        Scotland …", New Zealand in 1982), else
        the team the reference resolved to when it is a main team, else the main team that is
        not ``b``."""
        teams = [t for t in (match.home, match.away) if t and t != b]
        played = [t for t in teams
                  if any(f.year == year for f in fixtures_between(self.gaz, t, b))]  # fmt: skip
        if len(played) > 1 and None not in score:
            played = [t for t in played if any(
                f.year == year and f.goals_by_team == {t: score[0], b: score[1]}
                for f in fixtures_between(self.gaz, t, b))] or played  # fmt: skip
        if not played and any_year and None not in score:  # "5-2 to Scotland", in 1982
            goals = sorted((score[0] or 0, score[1] or 0))
            played = [t for t in teams if any(
                sorted((f.home_score or 0, f.away_score or 0)) == goals
                for f in fixtures_between(self.gaz, t, b))]  # fmt: skip
        if len(played) == 1:
            return played[0]
        if a in teams:
            return a
        return teams[0] if len(teams) == 1 else a

    def _winner(self, match: MatchFact) -> str | None:
        if match.home_score is None or match.home_score == match.away_score:
            if match.shootout:
                return match.home if match.shootout[0] > match.shootout[1] else match.away
            return None
        return match.home if match.home_score > (match.away_score or 0) else match.away

    def _other_date(
        self, text: str, match: MatchFact, future: bool, published: date | None = None
    ) -> str | None:
        """The date of another match: "the day's other" → the main date; a weekday → the
        nearest such day before (past tense) or after (a fixture) the main match's date, or
        the publication date when the main date is unknown."""
        if re.search(r"\bthe day's other|\bthe same day\b|\bearlier in the day\b", text):
            return match.date
        m = re.search(r"\b(?:on |)(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?:'s)?",
                      text)  # fmt: skip
        anchor = date.fromisoformat(match.date) if match.date else published
        if m and anchor:
            return _weekday(anchor, m.group(1), past=not future).isoformat()
        return None


#: extra time, in another match's statement
OTHER_AET = re.compile(r"\bafter extra[- ]time\b|\ba\.e\.t\b|\bafter extended time\b|\bin extra[- ]time\b",
                       re.I)
#: a shoot-out named
SHOOTOUT_WORDS = re.compile(r"shoot-?out|\bon penalties\b|\bpenalty kicks\b", re.I)
#: a sentence that says where the match was played
PLAYED_AT = re.compile(r"\b(?:was|were) (?:played|held|staged)\b|\btook place\b|\bhosted\b", re.I)
#: before a city named as the match's place: "in Hamburg", "in the coastal city of Port Elizabeth"
CITY_BEFORE = re.compile(r"\b(?:in|at)(?: the (?:[\w-]+ ){0,2}city of)? $")
#: a venue by its words: "at Commerzbank-Arena", "at the Stade de France"
VENUE_WORDS = re.compile(
    r"\bat (?:the )?((?:[A-Z][\w'’]+-(?:Arena|Stadion|Stadium|Park))|(?:[A-Z][\w'’-]+ )+"
    r"(?:Stadium|Arena|Park|Bowl|Stadion|Field))\b"
)
#: a statement that refers back to the match the sentence before told: "T0 won this game 3-2"
REFERS_BACK = re.compile(r"\b(?:this|that) (?:game|match|meeting|encounter|tie|clash)\b")
#: a heading in capitals that is no dateline's place: "QUARTER-FINALS, SUNDAY 10 JULY"
NOT_A_PLACE = re.compile(
    r"FINAL|ROUND|GROUP|FIXTURE|RESULT|NEXT|COMING|TODAY|TABLE|STAGE|"
    r"UPDATE|LIVE|MATCH"
)
#: "yesterday" with the date right after it: the date is the match's, not the report's
YESTERDAY_DATED = re.compile(
    r"\b(?:last night|yesterday),?\s+(?:\(?[A-Z][a-z]+day,?\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+"
    r"[A-Z][a-z]+|[A-Z][a-z]+\s+\d{1,2}\b)",
    re.I,
)
#: words that put a match named without its subject in the future ("Wednesday's semi-final
#: against Brazil", "the final against Spain on Sunday"): the main match's winner plays it
FUTURE_CUE = re.compile(
    r"\b(?:will|next|tomorrow|tonight|(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?:'s)?)\b"
)


#: the main match's two teams as one subject of an earlier meeting: "The teams tied 3-3 on
#: this same field in the group opener", "the two sides had drawn 1-1 in 1990"
PAIR_SUBJECT = re.compile(
    r"\b(?:[Tt]he (?:two )?(?:teams|sides)|[Tt]hese two(?: teams| sides)?|[Bb]oth (?:teams|sides))(?: \w+)?"
    r" (?:had |have )?(?:drew|tied|drawn|played out|played to|shared)\b(?: (?:a|an))? "
    r"(?:(\d{1,2})-(\d{1,2})|(scoreless|goalless) (?:draw|tie|stalemate))"
)


PAIR_WORDS = re.compile(r"\b(?:teams|sides|two)\b")


#: the words between a player's name and the club he scored for: " penalty for ", " for the "
CLUB_FOR = re.compile(r"[^.;()]{0,80}?\bfor (?:the )?")


def _holds_goals(gaz: Gazetteer, fixture: Fixture | None) -> bool:
    """Whether the graph's goals of ``fixture`` can guide a report's: it has goal rows, or
    a score of no goals. The club seasons' fixtures (openfootball) have scores but no goals:
    a report's goals are then kept as the rules read them."""
    if fixture is None:
        return False
    if fixture_goals(gaz, fixture.iri):
        return True
    return (fixture.home_score or 0) + (fixture.away_score or 0) == 0


def _after_preposition(text: str, ref: TeamRef) -> bool:
    """True when a team reference follows a word that makes it an object or a place ("in",
    "against", "over", "to", "by", "beat", "from", "and"): not the team a later "they"
    means."""
    before = text[max(0, ref.start - 9) : ref.start].lower()
    return before.endswith(("in ", "against ", "over ", "to ", "by ", "beat ", "from ", "and "))


def _pair_statements(sentences: list[Sentence],
                     match: MatchFact) -> list[tuple[Sentence, results.Statement]]:  # fmt: skip
    """Earlier meetings of the main match's two teams told with them as one subject ("The
    teams tied 3-3 … in the group opener"): a statement per sentence, the two teams as new
    slots of kind ``pair``."""
    out = []
    for sent in sentences:
        m = PAIR_SUBJECT.search(sent.masked) if PAIR_WORDS.search(sent.masked) else None
        if m is None:
            continue
        at = sent.start + sent.text.find(m.group().split()[0])
        n = len(sent.slots)
        sent.slots += [
            TeamRef(at, at, match.home, "", "pair"),
            TeamRef(at, at, match.away, "", "pair"),
        ]
        goals = (0, 0) if m[3] else (int(m[1]), int(m[2]))  # "a scoreless tie"
        st = results.Statement(f"T{n}", f"T{n + 1}", *goals, "result-pair-subject")
        st.start = m.start()
        out.append((sent, st))
    for sent in sentences:
        for year, at in _pair_meetings(sent.text):
            n = len(sent.slots)
            sent.slots += [TeamRef(sent.start + at, sent.start + at, match.home, "", "pair"),
                           TeamRef(sent.start + at, sent.start + at, match.away, "", "pair")]  # fmt: skip
            st = results.Statement(f"T{n}", f"T{n + 1}", None, None, "pair-meetings", year=year,
                                   earlier=True)  # fmt: skip
            out.append((sent, st))
    return out


#: the main match's two teams meeting again, or having met: "The two teams would meet again
#: twice, in a friendly … and in the group stage of the 2022 FIFA World Cup", "the countries did
#: play each other at the 1972 Summer Olympics"
PAIR_MEET = re.compile(
    r"\b[Tt]he (?:two )?(?:(?:national )?teams|sides|countries|nations) (?:would |will |had |have |"
    r"did |had already |had previously )?(?:meet|met|play(?:ed)? each other|face(?:d)? each other)"
    r"(?: again)?(?: (twice|three times|once))?\b"
)
#: earlier meetings by their years: "after their 1986 and 1990 matches"
THEIR_YEARS = re.compile(
    r"\btheir ((?:(?:19|20)\d\d)(?:, (?:19|20)\d\d)*(?:,? and (?:19|20)\d\d)?) "
    r"(?:matches|meetings|finals|games|encounters|clashes|semi-finals|quarter-finals)\b"
)
YEAR = re.compile(r"\b((?:19|20)\d\d)\b")


def _pair_meetings(text: str) -> list[tuple[int | None, int]]:
    """The other meetings of the main match's teams a sentence tells without a score, each
    as ``(year or None, offset)``: one per year of "their 1986 and 1990 matches"; one per
    part of "would meet again twice, in A and in B" (each part's year, if it names one); one
    for "did play each other at the 1972 Summer Olympics"."""
    out: list[tuple[int | None, int]] = []
    for m in THEIR_YEARS.finditer(text):
        out += [(int(y), m.start()) for y in YEAR.findall(m[1])]
    for m in PAIR_MEET.finditer(text):
        rest = re.split(r"[.;]", text[m.end() :])[0]
        times = {"twice": 2, "three times": 3}.get(m[1] or "", 1)
        parts = re.split(r",? and (?=in |at |on |a |an |the )", rest)[:times] if times > 1 else [rest]
        if times > 1 and len(parts) < times:
            parts += [""] * (times - len(parts))
        for part in parts:
            years = YEAR.findall(part)
            out.append((int(years[0]) if years else None, m.start()))
    return out


def _past_lines(head: str) -> str:
    """``head`` without the lines that announce a fixture ("Next up for the holders:
    Australia, Saturday 27 June"): their dates are another match's."""
    return "\n".join(ln for ln in head.splitlines() if not NEXT_LINE.search(ln))


#: a line announcing a fixture still to come
NEXT_LINE = re.compile(
    r"\b(?:[Nn]ext up|[Uu]p next|[Cc]oming up|NEXT|[Nn]ext match|[Nn]ext game)\b"
)


def _names_past_weekday(text: str, weekday: str) -> bool:
    """True when ``text`` names ``weekday`` ("Wednesday") as a day gone by, not as a fixture's
    day ("Wednesday's game", "on Wednesday … will meet")."""
    return bool(
        re.search(rf"\b{weekday}\b(?!['’]s? (?:game|match|final|semi))", text)
        and not re.search(rf"\b(?:next|on|this) {weekday}\b[^.]*\b(?:will|meet|face|play)", text)
    )


def _days_apart(a: str | None, b: str) -> int:
    """Days between two ISO dates (a large number when ``a`` is ``None``)."""
    if a is None:
        return 10**6
    return abs((date.fromisoformat(a) - date.fromisoformat(b)).days)


def _span_of(sent: Sentence, st: results.Statement) -> tuple[int, int]:
    """The offsets of one statement in its sentence: from its first team reference to the
    next team reference of another statement (or the sentence's end)."""
    mine = [sent.team(x) for x in (st.a, st.b) if x and x != "T?"]
    start = min((r.start for r in mine), default=sent.start)
    last = max((r.end for r in mine), default=sent.start)
    ours = {(r.start, r.end) for r in mine}
    after = [r.start for r in sent.slots if r.start >= last and (r.start, r.end) not in ours]
    return start, min(after, default=sent.end)


def _merged(kept: MatchFact, other: MatchFact) -> MatchFact:
    """``kept`` with the details it lacks (stage, date, venue, city, extra time) taken from
    ``other``, the same match told again ("… heads to Miami to face France in Saturday's
    third-place play-off", then "… against France on Saturday in Miami")."""
    for name in ("stage", "date", "venue", "venue_iri", "city", "city_iri", "after_extra_time"):
        if getattr(kept, name) is None and getattr(other, name) is not None:
            setattr(kept, name, getattr(other, name))
    return kept


def _same_meeting(a: MatchFact, b: MatchFact) -> bool:
    """True when ``a`` and ``b`` are one match told twice: the same teams in the same year,
    with the same score or a score missing from one (an Italy–Spain draw and its replay the
    next day are two)."""
    if a.teams() != b.teams() or a.year != b.year:
        return False
    return None in (a.home_score, b.home_score) or a.score_of(b.home) == b.home_score


def month_days(text: str) -> set[tuple[int, int]]:
    """Every ``(month, day)`` a text names ("13 June", "June 13th")."""
    out = set()
    for m in DATE_RE.finditer(text):
        out.add(
            (
                MONTHS[(m.group("m1") or m.group("m2")).lower().rstrip(".")],
                int(m.group("d1") or m.group("d2")),
            )
        )
    return out


def find_date(text: str) -> tuple[int, int, int | None] | None:
    """The first calendar date in ``text`` as ``(month, day, year or None)``: "July 12, 1998",
    "12 July 1998", "Sunday 12th of July"."""
    m = DATE_RE.search(text)
    if m is None:
        return None
    month = MONTHS[(m.group("m1") or m.group("m2")).lower().rstrip(".")]
    day = int(m.group("d1") or m.group("d2"))
    year = m.group("y1") or m.group("y2")
    return month, day, int(year) if year else None


def _weekday(anchor: date, name: str, *, past: bool) -> date:
    """The nearest ``name``-day before (``past``) or after ``anchor``; ``anchor`` itself when
    it is that day and ``past``."""
    target = WEEKDAYS.index(name.lower())
    delta = (anchor.weekday() - target) % 7
    if past:
        return anchor - timedelta(days=delta)
    return anchor + timedelta(days=(target - anchor.weekday()) % 7 or 7)


def _same_minute(g: GoalFact, ev) -> bool:
    if g.minute == ev.minute and g.stoppage == ev.stoppage:
        return True
    if g.minute_vague and ev.minute is not None and 0 <= ev.minute - g.minute < 15:
        return True
    return bool(ev.vague and g.minute is not None and 0 <= g.minute - ev.minute < 15)
