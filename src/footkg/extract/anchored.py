"""Results anchored on the graph's fixtures: a score no phrasing rule read, checked against the
World Cup matches the graph holds (Fjelstul ``matches.csv``).

Reports state earlier results in more ways than rules can list: "Spain held them 1-1 after
extra time", "the Austrians were beaten 1-0 on a heavy pitch", "won both of their group matches,
1-0 against Scotland and 5-0 against Czechoslovakia". When a sentence gives a score that no
statement of :mod:`footkg.extract.results` took, the teams it names are looked up in the graph:

- two teams named, and the graph has one match between them with that score in the year the
  sentence names (else the main match's year): that match;
- one team named, a result word in the sentence ("beaten", "won", "held"), and the graph has
  exactly one match of that team in that edition with that score (of the stage the sentence
  names, when it names one; then a team of the main match as the opponent): that match, its
  opponent taken from the graph. Not in a sentence that lists three or more scores: there
  the graph would supply an opponent the text never names.

The score must be a result, not a running score ("led 2-0", "a 1-0 lead at half-time") nor a
shootout's kicks, and
the main match itself is never taken again. The statements come back oriented as the graph
has them and marked ``background``, so they never become the main match.
"""

from __future__ import annotations

import re

from footkg.extract.context import Sentence, TeamRef
from footkg.extract.gazetteer import Gazetteer
from footkg.extract.linking import Fixture, fixtures_between, team_fixtures
from footkg.extract.results import Statement, stage_in

SCORE = re.compile(r"(?<![\d:.+/-])(\d{1,2})-(\d{1,2})(?![\d/-])")
#: before a score: a running score or a scoreline of the main match, not a result
RUNNING_BEFORE = re.compile(
    r"\b(?:(?:led|leading|trailed|trailing) T\d+|led|lead|leads|leading|trailed|trailing|trail|"
    r"made it|make it|making it|level at|"
    r"levelled at|cut it to|reduced it to|pulled it back to|it was|stood at|went|go|going|"
    r"from|to)\s+$",
    re.I,
)
RUNNING_AFTER = re.compile(
    r"\s+(?:lead|advantage|deficit|up|down|behind|at (?:half-time|the break|the interval)|"
    r"at half time|in the shoot-?out|on penalties)\b",
    re.I,
)
#: near a score: a penalty shootout's kicks ("won the shootout 3-2"), not a match's goals
SHOOTOUT_WORDS = re.compile(r"shoot-?out|penalties|\bpens\b|spot[- ]kicks|penalty kicks", re.I)
RESULT_WORD = re.compile(
    r"\b(?:beat|beaten|beating|won|win|wins|winning|winners|victory|victories|lost|lose|losing|"
    r"defeat|defeated|drew|draw|drawn|held|overcame|overcome|overcoming|thrashed|hammered|"
    r"routed|crushed|saw off|knocked out|eliminated|edged|edging|result|results|scoreline|"
    r"embarrassed|humbled|humiliated|stunned|shocked|upset|destroyed|demolished|thumped|"
    r"trounced|battered|mauled|pipped|cracked|squeezed|swept|dumped|outclassed|went down|"
    r"fell|loss|losses|defeats|rout|thrashing|hammering|drubbing)\b",
    re.I,
)
YEAR = re.compile(r"\b(19[3-9]\d|20[0-4]\d)\b")


def anchored_statements(
    gaz: Gazetteer,
    sentence: Sentence,
    taken: list[Statement],
    year: int | None,
    main_fixture: str | None,
    main_teams: frozenset[str],
) -> list[Statement]:
    """Statements for the scores of ``sentence`` that no statement of ``taken`` (those the
    rules found in it) holds, each matched to exactly one fixture of the graph. ``year`` is
    the main match's year (used when the sentence names none), ``main_fixture`` the IRI of
    the main match's fixture (never returned), ``main_teams`` its two team IRIs."""
    masked = sentence.masked
    years = [int(y) for y in YEAR.findall(sentence.text)] or ([year] if year else [])
    if not years:
        return []
    held = {frozenset((st.score_a, st.score_b)) for st in taken if st.score_a is not None}
    held |= {frozenset(st.shootout) for st in taken if st.shootout}
    stage, _ = stage_in(sentence.text)
    out: list[Statement] = []
    for m in SCORE.finditer(masked):
        x, y = int(m[1]), int(m[2])
        if frozenset((x, y)) in held or _running(masked, m):
            continue
        slots = _slots_by_distance(sentence, m.start())
        found = _pair_fixture(gaz, slots, (x, y), years, main_fixture, main_teams)
        # one team named: not in a list of results, where the graph would supply an opponent
        # the text never names ("… 3-2 …, 1-0 …, 0-1 …")
        listed = len(SCORE.findall(masked)) >= 3
        if found is None and not listed and RESULT_WORD.search(sentence.text):
            found = _team_fixture(
                gaz, sentence, slots, (x, y), years, _stage_of_score(masked, m) or stage,
                main_fixture, main_teams,
            )  # fmt: skip
        if found is None:
            continue
        fixture, slot_of = found
        st = Statement(slot_of[fixture.home], slot_of[fixture.away], fixture.home_score,
                       fixture.away_score, "result-fixture-anchored", background=True,
                       start=m.start(), year=fixture.year)  # fmt: skip
        held.add(frozenset((x, y)))
        out.append(st)
    return out


def _running(masked: str, m: re.Match[str]) -> bool:
    """True for a running score or a shootout's kicks rather than a result."""
    near = masked[max(0, m.start() - 25) : m.end() + 25]
    return bool(
        RUNNING_BEFORE.search(masked[: m.start()])
        or RUNNING_AFTER.match(masked, m.end())
        or SHOOTOUT_WORDS.search(near)
    )


def _slots_by_distance(sentence: Sentence, pos: int) -> list[tuple[str, str]]:
    """``(slot, team IRI)`` of the sentence's team references, nearest the score first."""
    places = [(m.start(), m[0]) for m in re.finditer(r"\bT\d+\b", sentence.masked)]
    places.sort(key=lambda p: abs(p[0] - pos))
    out: list[tuple[str, str]] = []
    for _, slot in places:
        iri = sentence.team(slot).iri
        if iri and all(iri != i for _, i in out):
            out.append((slot, iri))
    return out


def _same_score(f: Fixture, score: tuple[int, int]) -> bool:
    return f.home_score is not None and sorted((f.home_score, f.away_score or 0)) == sorted(score)


def _pair_fixture(gaz: Gazetteer, slots: list[tuple[str, str]], score: tuple[int, int],
                  years: list[int], main_fixture: str | None,
                  main_teams: frozenset[str]) -> tuple[Fixture, dict[str, str]] | None:  # fmt: skip
    """The one fixture between two teams the sentence names, with ``score``, in ``years``;
    with the slot of each of its teams."""
    for i, (sa, a) in enumerate(slots):
        for sb, b in slots[i + 1 :]:
            if frozenset((a, b)) == main_teams and _main_year(years, main_fixture):
                continue
            hits = [
                f
                for f in fixtures_between(gaz, a, b)
                if f.year in years and f.iri != main_fixture and _same_score(f, score)
            ]
            if len(hits) == 1:
                return hits[0], {a: sa, b: sb}
    return None


def _main_year(years: list[int], main_fixture: str | None) -> bool:
    """True when the sentence's years include the main fixture's (its IRI holds its date),
    so the main match's two teams would be the main match again."""
    return main_fixture is None or any(f"/{y}-" in main_fixture for y in years)


#: where the words of one result of a sentence begin or end: a clause break
CLAUSE_CUT = re.compile(r"[;,] (?:and |but |while |whereas )?|\band then\b|\bthen\b")


def _stage_of_score(masked: str, score: re.Match[str]) -> str | None:
    """The stage named in the clause of ``score`` in ``masked`` ("…, and in the semi-final at
    Milan the Austrians were beaten 1-0": the semi-final, though the sentence named the
    quarter-final first), or ``None`` when that clause names none."""
    left = max((c.end() for c in CLAUSE_CUT.finditer(masked, 0, score.start())), default=0)
    right = CLAUSE_CUT.search(masked, score.end())
    return stage_in(masked[left : right.start() if right else len(masked)])[0]


def _team_fixture(
    gaz: Gazetteer,
    sentence: Sentence,
    slots: list[tuple[str, str]],
    score: tuple[int, int],
    years: list[int],
    stage: str | None,
    main_fixture: str | None,
    main_teams: frozenset[str] = frozenset(),
) -> tuple[Fixture, dict[str, str]] | None:
    """The one fixture of the team named nearest the score with ``score`` in that edition
    (of the stage named, when one is). Its opponent becomes a new slot of ``sentence``, a
    reference of kind ``fixture`` spanning the named team's words."""
    if not slots:
        return None
    slot, team = slots[0]
    hits = [f for y in years for f in team_fixtures(gaz, team, y) if _same_score(f, score)]
    if stage:  # a stage named is the match's: "the 1986 final" is not a round of 16 with that score
        hits = [f for f in hits if f.stage == stage]
    if len(hits) > 1:  # the one against a team of the main match ("East Germany 2-0")
        hits = [f for f in hits if {f.home, f.away} & main_teams - {team}] or hits
    if len(hits) != 1 or hits[0].iri == main_fixture:
        return None
    fixture = hits[0]
    opponent = fixture.away if fixture.home == team else fixture.home
    ref = sentence.team(slot)
    sentence.slots.append(TeamRef(ref.start, ref.end, opponent, ref.text, "fixture"))
    return fixture, {team: slot, opponent: f"T{len(sentence.slots) - 1}"}
