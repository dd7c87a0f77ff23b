"""The kinds of sentence real writers use (issue 23), on small synthetic sentences: goals
without a minute, several in one sentence, counts and ordinals; shoot-out scores that are
not the match score; other matches named without a score; what a report states, aligned
with the fixture and compared with it; reading reports (issue 22: a stray byte, a huge
report). No graph is needed: teams are slots, players are hand-made mentions."""

from __future__ import annotations

import re

import pyoxigraph as ox
import pytest
from test_extract_units import _statements

from footkg.extract.claims import statements
from footkg.extract.conflicts import compare
from footkg.extract.context import Sentence
from footkg.extract.extractor import MAX_CHARS, readable_part
from footkg.extract.facts import Evidence, Extraction, GoalFact, MatchFact
from footkg.extract.gazetteer import SquadPlayer
from footkg.extract.io import decode_report
from footkg.extract.linking import align_goals
from footkg.extract.pipeline import Mention, player_mentions
from footkg.extract.timeexpr import find_times
from footkg.extract.untimed import claims_in, untimed_goals
from footkg.vocab import FK

USA, IRN = "team:usa", "team:iran"
XSD = "http://www.w3.org/2001/XMLSchema#"


def _players(text: str, names: dict[str, str]) -> list[Mention]:
    """A mention for each name of ``names`` (name → team) at each place ``text`` writes it."""
    out = []
    for name, team in names.items():
        for m in re.finditer(re.escape(name), text):
            out.append(Mention(m.start(), m.end(), "player", "player:" + name.split()[-1].lower(),
                               name, team))  # fmt: skip
    return sorted(out, key=lambda p: p.start)


def _sentence(text: str, index: int = 0) -> Sentence:
    return Sentence(index, 0, len(text), text)


# --- goals told without a minute ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "names", "expected"),
    [
        # several scorers as the subject of one scoring verb
        ("Hamid Estili and Mehdi Mahdavikia scored for Iran, while Brian McBride scored for "
         "the United States.", {"Hamid Estili": IRN, "Mehdi Mahdavikia": IRN,
                                "Brian McBride": USA},
         [("estili", 1, False, "regular"), ("mahdavikia", 1, False, "regular"),
          ("mcbride", 1, False, "regular")]),
        # passive, a descriptor before the player, the kind in a parenthesis after her
        ("The United States won 2-0, with second-half goals scored by co-captain Megan "
         "Rapinoe (from the penalty spot) and Rose Lavelle.",
         {"Megan Rapinoe": USA, "Rose Lavelle": USA},
         [("rapinoe", 1, False, "penalty"), ("lavelle", 1, False, "regular")]),
        ("The game's only goal was scored by U.S. center forward Joe Gaetjens.",
         {"Joe Gaetjens": USA}, [("gaetjens", 1, False, "regular")]),
        # counts
        ("Alex Morgan scored five times, tying a tournament and team record.",
         {"Alex Morgan": USA}, [("morgan", 5, False, "regular")]),
        ("Forward Robert Ballaman opened the score, followed quickly by two goals by Josef "
         "Hügi.", {"Robert Ballaman": IRN, "Josef Hügi": IRN}, [("hügi", 2, False, "regular")]),
        ("László Kiss became the only substitute in World Cup history to score a hat-trick.",
         {"László Kiss": IRN}, [("kiss", 3, False, "regular")]),
        # a count with the kind of all its goals, and counts in the present tense
        ("Harry Kane was the hero, scoring twice, both headers from corners.",
         {"Harry Kane": IRN}, [("kane", 2, False, "header")]),
        ("Miroslav Klose nets twice as Germany win.", {"Miroslav Klose": IRN},
         [("klose", 2, False, "regular")]),
        # a goal told by its pass chain: the last player scored
        ("Gérson then helped provide the third, with a long free kick to Pelé who headed down "
         "into the path of the onrushing Jairzinho.",
         {"Gérson": IRN, "Pelé": IRN, "Jairzinho": IRN}, [("jairzinho", 1, False, "regular")]),
        # an ordinal of the player's own goals
        ("Robert Körner added his second, making the score 5-3.", {"Robert Körner": IRN},
         [("körner", 2, True, "regular")]),
        # tallies over a tournament, and goals not scored, are no claims about this match
        ("Sneijder scored his fifth goal of the competition.", {"Sneijder": USA}, []),
        ("Mueller and Forlan are now tied for the World Cup scoring lead.",
         {"Mueller": USA, "Forlan": IRN}, []),
        ("Alfred Körner had missed a penalty kick in the 42nd minute.", {"Alfred Körner": IRN},
         []),
    ],
)
def test_claims_of_goals_without_a_minute(text, names, expected):
    got = [(c.player.iri.split(":")[1], c.count, c.ordinal, c.kind)
           for c in claims_in(_sentence(text), _players(text, names))]  # fmt: skip
    assert got == expected


def _goal(scorer: str | None, team: str | None, minute: int | None, **kw) -> GoalFact:
    return GoalFact(scorer, scorer and scorer.split(":")[1], team, team, minute,
                    Evidence(0, 1, "test"), **kw)  # fmt: skip


def test_untimed_goals_add_what_the_timed_ones_leave_within_the_fixture():
    """Lloyd's hat trick (3 goals) with two of them timed gives one goal without a minute; a
    player the fixture's goals do not include gets none; a team gets no more than the
    fixture gives it."""
    text = "Captain Carli Lloyd had a sensational hat trick (3 goals), and Julie Ertz scored."
    players = _players(text, {"Carli Lloyd": USA, "Julie Ertz": USA})
    timed = [_goal("player:lloyd", USA, 3), _goal("player:lloyd", USA, 5)]
    fixture = [{"scorer": "player:lloyd", "goal": f"g{i}", "team": USA} for i in range(3)]
    added = untimed_goals([_sentence(text)], players, set(), timed, [], fixture, {USA: 5},
                          lambda p: p.text, str)  # fmt: skip
    assert [(g.scorer, g.minute) for g in added] == [("player:lloyd", None)]
    added = untimed_goals([_sentence(text)], players, set(), timed, [], fixture, {USA: 2},
                          lambda p: p.text, str)  # fmt: skip
    assert added == []  # the team's two goals are told
    added = untimed_goals([_sentence(text)], players, {0}, [], [], None, {}, lambda p: p.text,
                          str)  # fmt: skip
    assert added == []  # a sentence about another match


def test_two_goals_in_one_minute_are_two_goals():
    """ "Paolo Rossi scored twice in the 81st minute" is two goals, both in the 81st minute:
    the goal the rules read at 81 and one more at the same minute."""
    text = "Paolo Rossi scored twice in the 81st minute to settle it."
    players = _players(text, {"Paolo Rossi": IRN})
    (claim,) = claims_in(_sentence(text), players)
    assert (claim.count, claim.minute) == (2, 81)
    timed = [_goal("player:rossi", IRN, 81)]
    added = untimed_goals([_sentence(text)], players, set(), timed, [], None, {},
                          lambda p: p.text, str)  # fmt: skip
    assert [(g.scorer, g.minute) for g in added] == [("player:rossi", 81)]


def test_goals_without_a_minute_align_with_the_fixture_by_scorer_and_order():
    """Timed goals take the fixture goal at their minute (92 is 90+2); one a minute off takes
    the scorer's nearest (85 for 86: a disagreement the conflicts list); goals without a
    minute take the scorer's next goal in match order; an unnamed scorer's goal takes the
    team's goal at that minute."""
    fixture = [
        {"goal": "g1", "scorer": "p:hugi", "team": "sui", "minute": 17, "stoppage": None},
        {"goal": "g2", "scorer": "p:hugi", "team": "sui", "minute": 19, "stoppage": None},
        {"goal": "g3", "scorer": "p:hugi", "team": "sui", "minute": 58, "stoppage": None},
        {"goal": "g4", "scorer": "p:enzo", "team": "arg", "minute": 86, "stoppage": None},
        {"goal": "g5", "scorer": "p:lautaro", "team": "arg", "minute": 90, "stoppage": 2},
        {"goal": "g6", "scorer": "p:schiavio", "team": "ita", "minute": 81, "stoppage": None},
    ]
    goals = [_goal("p:hugi", "sui", None), _goal("p:hugi", "sui", 58),
             _goal("p:hugi", "sui", None), _goal("p:enzo", "arg", 85),
             _goal("p:lautaro", "arg", 92), _goal(None, "ita", 81),
             _goal("p:nobody", "sui", None)]  # fmt: skip
    align_goals(goals, fixture)
    assert [g.iri for g in goals] == ["g1", "g3", "g2", "g4", "g5", "g6", None]


def test_another_minute_later():
    (t,) = find_times("and another minute later Wagner equalized to 3-3")
    assert (t.minute, t.offset) == (None, 1)


# --- players named as real writers name them ---------------------------------------------------


def _squad(*labels: tuple[str, str]) -> list[SquadPlayer]:
    return [SquadPlayer("p:" + label.replace(" ", "-").lower(), label, family, "forward", "t")
            for label, family in labels]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Germany's Thomas Mueller opened the scoring.", "Thomas Müller"),
        ("El Salvador's lone goal, scored by Luis Ramírez, remains", "Luis Ramírez Zapata"),
        ("a late goal in injury time by Maximiliano Pereira.", "Maxi Pereira"),
    ],
)
def test_players_as_english_writers_name_them(text, expected):
    """A German umlaut written out ("Mueller"), a long name shortened to two of its words
    ("Luis Ramírez"), and of two players with one family name the one whose given name the
    report writes out ("Maximiliano" for Maxi Pereira, not Álvaro Pereira)."""
    squad = _squad(("Thomas Müller", "Müller"), ("Luis Ramírez Zapata", "Ramírez Zapata"),
                   ("Maxi Pereira", "Pereira"), ("Álvaro Pereira", "Pereira"))  # fmt: skip
    (found,) = player_mentions(text, squad, [])
    assert next(p.label for p in squad if p.iri == found.iri) == expected


# --- matches: shoot-outs and other matches named without a score ---------------------------------


@pytest.mark.parametrize(
    ("masked", "expected"),
    [
        # a shoot-out's score is never the match score
        ("T0 won 3-1 on a penalty shoot-out following a 2-2 draw after extended time.",
         [("T0", None, 2, 2, (3, 1), False)]),
        ("T0 won the match 5-4 with a penalties victory.",
         [("T0", None, None, None, (5, 4), False)]),
        # meetings named without a score, and every team of a list of opponents
        ("Due to the group they were drawn in, T0 faced T1 and T2, as well as the holders.",
         [("T0", "T1", None, None, None, False), ("T0", "T2", None, None, None, False)]),
        ("T0 lost its remaining two games against T1 and T2.",
         [("T0", "T1", None, None, None, False), ("T0", "T2", None, None, None, False)]),
        ("T0 lost all three of their group games, against T1, T2 and T3.",
         [("T0", "T1", None, None, None, False), ("T0", "T2", None, None, None, False),
          ("T0", "T3", None, None, None, False)]),
        ("After T0 refused and T1 getting eliminated in the first round of the competition by "
         "T2, this meant", [("T1", "T2", None, None, None, False)]),
        # a route to the final, with or without the scores
        ("T0 defeated T1 in the round of 16, T2 in the quarter-final and T3 in the semi-final "
         "to reach the final.", [("T0", "T1", None, None, None, False),
                                 ("T0", "T2", None, None, None, False),
                                 ("T0", "T3", None, None, None, False)]),
        ("On the road to the final, T0 beat T1 2-0, T2 1-0 and T3 3-1.",
         [("T0", "T1", 2, 0, None, False), ("T0", "T2", 1, 0, None, False),
          ("T0", "T3", 3, 1, None, False)]),
        # results told with the opponent left to the context, and results as nouns
        ("… with the previous match being in the 1933-35 Central European International Cup "
         "with T1 winning the match at Florence, Italy 2-0.", [("T1", None, 2, 0, None, False)]),
        ("T0 equaled this margin with a 9-0 victory of their own against T1 in 1974.",
         [("T0", "T1", 9, 0, None, False)]),
        ("T0 won this game 3-2.", [("T0", None, 3, 2, None, False)]),
        ("Meanwhile, the team T0 beat in the quarterfinals, T1, has received a hero's welcome.",
         [("T0", "T1", None, None, None, False)]),
        ("… tied with David Villa of T0 and Wesley Sneijder of T1, who will play against each "
         "other in Sunday's final.", [("T0", "T1", None, None, None, False)]),
        # a list that ends in a result of its own, or in a verb of a new clause, is not one
        ("T0 beat T1 and T2 3-1.",
         [("T0", "T2", 3, 1, None, False), ("T0", "T1", 3, 1, None, False)]),
    ],
)
def test_match_statements_of_real_prose(masked, expected):
    assert _statements(masked) == expected


def test_each_item_of_a_list_of_opponents_keeps_its_own_score_and_extra_time():
    """ "beat T1 2-0, T2 2-1 after extra time and T3 on penalties": the extra time is T2's
    alone (T3's item starts after it), and an item without a score keeps none."""
    from test_extract_units import _sentence as masked_sentence

    from footkg.extract.results import find_statements

    for text in ("T0 beat T1 2-0, T2 2-1 after extra time and T3 on penalties.",
                 "T0 defeated T1 in the round of 16, T2 2-1 after extra time in the "
                 "quarter-final and T3 in the semi-final."):  # fmt: skip
        got = {st.b: (st.score_a, st.score_b, bool(st.aet))
               for st in find_statements(masked_sentence(text))}  # fmt: skip
        assert got["T2"] == (2, 1, True)
        assert got["T3"] == (None, None, False)
        assert got["T1"][2] is False


# --- what a report states: statements, orientation, conflicts ------------------------------------


def _report() -> Extraction:
    """A report of the fixture Argentina v England (home Argentina) told "England 1-2
    Argentina", with Enzo Fernández's goal at 85 (the fixture: 86) called a penalty (the
    fixture: not), Lautaro Martínez's at 92 (the fixture: 90+2) with Messi's assist."""
    ev = Evidence(0, 30, "result-line")
    ex = Extraction("r", "ab" * 32, "England 1-2 Argentina", None, text="x" * 200,
                    sentences=[(0, 30), (31, 80)])  # fmt: skip
    ex.match = MatchFact("team:england", "team:argentina", "England", "Argentina", 1, 2, ev,
                         iri="match:1", after_extra_time=False)  # fmt: skip
    ex.goals = [
        GoalFact("p:enzo", "Enzo Fernández", "team:argentina", "Argentina", 85,
                 Evidence(31, 80, "goal-clause"), kind="penalty", iri="match:1/goal/2"),
        GoalFact("p:lautaro", "Lautaro Martínez", "team:argentina", "Argentina", 92,
                 Evidence(31, 80, "goal-clause"), assist="p:messi", assist_name="Lionel Messi",
                 iri="match:1/goal/3"),
    ]  # fmt: skip
    return ex


def _int(v: int) -> ox.Literal:
    return ox.Literal(str(v), datatype=ox.NamedNode(XSD + "integer"))


def _bool(v: bool) -> ox.Literal:
    return ox.Literal("true" if v else "false", datatype=ox.NamedNode(XSD + "boolean"))


FIXTURE = {
    "match:1": {str(FK.homeTeam): [(ox.NamedNode("team:argentina"), "g:data")],
                str(FK.awayTeam): [(ox.NamedNode("team:england"), "g:data")],
                str(FK.homeScore): [(_int(2), "g:data")], str(FK.awayScore): [(_int(1), "g:data")],
                str(FK.extraTime): [(_bool(False), "g:data")]},
    "match:1/goal/2": {str(FK.minute): [(_int(86), "g:data")],
                       str(FK.scorer): [(ox.NamedNode("p:enzo"), "g:data")],
                       str(FK.penalty): [(_bool(False), "g:data")]},
    "match:1/goal/3": {str(FK.minute): [(_int(90), "g:data")],
                       str(FK.stoppageMinute): [(_int(2), "g:data")],
                       str(FK.scorer): [(ox.NamedNode("p:lautaro"), "g:data")],
                       str(FK.penalty): [(_bool(False), "g:data")]},
}  # fmt: skip


def test_statements_follow_the_fixtures_sides_and_state_only_what_is_told():
    ex = _report()
    facts = statements(ex, lambda iri: ("team:argentina", "team:england") if iri == "match:1"
                       else None)  # fmt: skip
    match = {(s.predicate.rsplit("#")[-1], s.value.value) for s in facts.about_subject("match:1")}
    assert {("homeTeam", "team:argentina"), ("homeScore", "2"), ("awayScore", "1")} <= match
    third = {(s.predicate.rsplit("#")[-1], s.value.value)
             for s in facts.about_subject("match:1/goal/3")}  # fmt: skip
    assert third == {("match", "match:1"), ("team", "team:argentina"), ("scorer", "p:lautaro"),
                     ("minute", "92"), ("assist", "p:messi")}  # no kind: a regular goal
    assert facts.about == "match:1" and facts.reported == {}


def test_conflicts_are_typed_and_only_real_disagreements():
    """85 against 86 and a penalty the fixture does not have are disagreements, typed
    (xsd:integer, xsd:boolean); 92 against 90+2 is the same minute; an assist the fixture
    does not list is no disagreement."""
    ex = _report()
    facts = statements(ex, lambda iri: ("team:argentina", "team:england"))
    found = compare(ex, facts, lambda subject: FIXTURE.get(subject, {}))
    got = {(c.subject, c.field, c.report_value, c.fixture_value, c.fixture_graph) for c in found}
    assert got == {("match:1/goal/2", "minute", _int(85), _int(86), "g:data"),
                   ("match:1/goal/2", "penalty", _bool(True), _bool(False), "g:data")}  # fmt: skip


# --- reading reports (issue 22) --------------------------------------------------------------


def test_a_stray_invalid_byte_keeps_a_utf8_report_utf8():
    """Issue 22: one invalid byte in a UTF-8 report made the whole report cp1252 ("PelÃ©"):
    it stays UTF-8, the byte replaced and its offset kept; a cp1252 report is still cp1252."""
    data = "Pelé scored twice as Brazil beat Sweden 5-2.".encode() + b"\xff Garrincha."
    report = decode_report(data, "stray")
    assert "Pelé" in report.text and "\ufffd" in report.text
    assert report.encoding.startswith("utf-8") and report.replaced == (data.index(b"\xff"),)
    legacy = decode_report("Pelé scored twice.".encode("cp1252"), "legacy")
    assert (legacy.text, legacy.encoding, legacy.replaced) == ("Pelé scored twice.", "cp1252", ())


def test_a_huge_one_line_report_is_read_up_to_the_limit():
    """Issue 22: a 900 KB report on one line took over 400 s. A report is read up to
    MAX_CHARS characters, cut at a space (or a paragraph or sentence end) before the limit."""
    text = "Brazil beat Sweden 5-2 in the final and Pelé scored twice. " * 15_000
    assert len(text) > 4 * MAX_CHARS
    part = readable_part(text)
    assert MAX_CHARS // 2 < len(part) <= MAX_CHARS and text.startswith(part)
    assert part.endswith(".")
    short = "A short report."
    assert readable_part(short) is short


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The two teams would meet again twice, in a friendly played in Pasadena, California "
         "and in the group stage of the 2022 FIFA World Cup in Qatar.", [None, 2022]),
        ("The match was the third final between the two countries, a World Cup record, after "
         "their 1986 and 1990 matches.", [1986, 1990]),
        ("The senior national teams had never met before, though the countries did play each "
         "other at the 1972 Summer Olympics in Munich.", [1972]),
        ("Both teams were drawn in Group 2.", []),
    ],
)
def test_other_meetings_of_the_two_teams_without_a_score(text, expected):
    """Meetings of the report's two teams told as such: one per year or per part."""
    from footkg.extract.extractor import _pair_meetings

    assert [year for year, _ in _pair_meetings(text)] == expected
