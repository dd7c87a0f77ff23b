"""Unit tests of the extractor's parts that need no graph: minutes, reading reports,
boilerplate, clause splitting, minute comparison."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from footkg.extract.assists import fill_assists
from footkg.extract.conflicts import same_minute
from footkg.extract.facts import Evidence, GoalFact
from footkg.extract.goals import clauses
from footkg.extract.io import MAX_BYTES, ReportError, decode_report, read_report
from footkg.extract.pipeline import Mention, blank_boilerplate, fold, unwrap_lines
from footkg.extract.timeexpr import find_times


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("LUSAIL, Qatar, Nov. 22 — Saudi Arabia", (11, 22, None)),
        ("GUANGZHOU, China, Nov 30 (Newsline) - Michelle Akers", (11, 30, None)),
        ("ROME, Sept. 4, 1990", (9, 4, 1990)),
        ("the Dec. heat", None),
    ],
)
def test_wire_service_month_abbreviations(text, expected):
    from footkg.extract.extractor import find_date

    assert find_date(text) == expected


@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("WORLD CUP '94\n\nKorea rallies late", [1994]),
        ("WORLD CUP 1994 — Dallas", [1994]),
        ("at Italia '90, when Míchel scored", [1990]),
        ("the 1986 World Cup and Mexico 70", [1986, 1970]),
    ],
)
def test_years_named_by_headings_and_short_forms(text, years):
    from footkg.extract.extractor import YEAR_RE
    from footkg.extract.mainmatch import full_year

    assert [full_year(next(g for g in m.groups() if g)) for m in YEAR_RE.finditer(text)] == years


@pytest.mark.parametrize(
    ("text", "minute", "stoppage", "offset"),
    [
        ("in the 67th minute", 67, None, None),
        ("in the 90+3 minute", 90, 3, None),
        ("a 45+1' strike", 45, 1, None),
        ("three minutes after the restart", 48, None, None),
        ("with eight minutes remaining", 82, None, None),
        ("two minutes from the end of extra time", 118, None, None),
        ("with five minutes of extra time left", 115, None, None),
        ("nine minutes later", None, None, 9),
        ("in stoppage time", 90, None, None),
        ("just before the break", 45, None, None),
        ("after 30 seconds", 1, None, None),
        ("three minutes after the half-hour", 33, None, None),
        ("five minutes before the hour mark", 55, None, None),
        ("four minutes past the hour", 64, None, None),
        ("with nineteen minutes of ordinary time remaining", 71, None, None),
        ("five minutes into the additional period", 95, None, None),
        ("three minutes into the second period of extra time", 108, None, None),
        ("only three minutes of the extra period had gone", 93, None, None),
        ("with a quarter of an hour left", 75, None, None),
        ("right on the stroke of half-time", 45, None, None),
        ("sixty seconds after the break", 46, None, None),
        ("twenty-five minutes into the game", 25, None, None),
        ("in first-half stoppage time, at 45+2", 45, 2, None),
        ("two minutes later, at 90+3", 90, 3, None),
        ("106 on the clock", 106, None, None),
        ("England's reply took four minutes", None, None, 4),
        ("Five minutes in, Brandi Chastain rolled a back-pass", 5, None, None),
        ("GOAL! Japan 0-1 USA (69 min).", 69, None, None),
        ("The game was scarcely a minute old", 1, None, None),
        ("Three minutes into overtime", 93, None, None),
        ("GOAL 1 — 5 minutes — Johan Neeskens (penalty)", 5, None, None),
        ("right on half-time, we're into the third added minute", 45, 3, None),
        ("Nine minutes after the change of ends", 54, None, None),
        ("114 minutes on the clock.", 114, None, None),
        ("Ten minutes on, Kane scored", None, None, 10),
        ("deep into first-half stoppage time - three minutes in", 45, 3, None),
        ("HOLLIS: ... fifteen minutes played, and here come the Czechs", 15, None, None),
        ("... sixty-nine minutes on the clock.", 69, None, None),
        ("with seventy minutes gone", 70, None, None),
        ("Piola, in the fourth minute of the extra half-hour", 94, None, None),
        ("in the tenth minute of the second half", 55, None, None),
        ("Ferraris scored within two minutes of the start", 2, None, None),
        ("Twenty minutes of the second half had gone when Sárosi", 65, None, None),
        ("England lead, one-nil, in the hundred-and-eighth minute!", 108, None, None),
        ("But already in the 4. minute Aarønes was scoring 1-0", 4, None, None),
        ("In minute 21 she was again there", 21, None, None),
        ("in the third minute of the stoppage time, Aarønes finished", 90, 3, None),
        ("In the minute 23 come the first goal", 23, None, None),
        ("The first half had already run into its third minute of stoppage time when Zamorano "
         "nodded it down", 45, 3, None),
        ("Then it took all of two minutes of the second half for Mexico to break through", 47,
         None, None),
        # "the additional time" is stoppage time; "the additional period" is extra time
        ("It was the first minute of the additional time.", 90, 1, None),
        ("in the fourth minute of the additional period", 94, None, None),
        ("The Turks needed only ten minutes to find the way through", 10, None, None),
        # "Lefter" is a name, not "left" (Turkey–South Korea, 1954)
        ("and after 24 minutes Lefter Küçükandonyadis added a second", 24, None, None),
        ("Then John Wark got two in three minutes, the first on 29 and", 29, None, None),
        ("in the first minute of the added time of the first half, Ačimovič", 45, 1, None),
    ],
)
def test_time_expressions(text, minute, stoppage, offset):
    (t,) = find_times(text)
    assert (t.minute, t.stoppage, t.offset) == (minute, stoppage, offset)


def test_a_substitutes_entry_is_no_goal_time_and_extension_is_extra_time():
    """"who had come on two minutes before the end of regulation time" times the change,
    not a goal; "it was necessary to play extension time" is extra time."""
    from footkg.extract.extractor import EXTRA_TIME

    assert find_times("Künzer, who had come on two minutes before the end of regulation time, "
                      "rose at the near post") == []  # fmt: skip
    assert find_times("he scored two minutes before the end")[0].minute == 88
    assert EXTRA_TIME.search("but it was necessary to play extension time")


def test_durations_and_counts_are_not_minutes():
    assert find_times("scored twice in four minutes") == []
    assert find_times("after 120 goalless minutes") == []
    assert find_times("a crowd of 73,000") == []


@pytest.mark.parametrize(
    ("report", "fixture", "same"),
    [
        ((92, None, False), (90, 2), True),  # 92 as written = 90+2
        ((92, None, False), (90, None), True),  # stoppage folded into 90
        ((90, 2, False), (92, None), True),
        ((90, None, True), (90, 4), True),  # "in stoppage time"
        ((85, None, False), (86, None), False),  # a real disagreement
        ((44, None, False), (45, None), False),
    ],
)
def test_same_minute(report, fixture, same):
    assert same_minute(report, fixture) is same


def test_read_report_errors(tmp_path: Path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"  \n")
    with pytest.raises(ReportError, match="empty"):
        read_report(empty)
    binary = tmp_path / "image.txt"
    binary.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(ReportError, match="binary"):
        read_report(binary)
    big = tmp_path / "big.txt"
    big.write_bytes(b"Argentina beat England 2-1. " * (5_000_000 // 28))
    with pytest.raises(ReportError, match="refused"):
        read_report(big)
    with pytest.raises(ReportError, match="cannot read"):
        read_report(tmp_path / "missing.txt")
    assert MAX_BYTES < 5_000_000


def test_other_encodings_are_decoded():
    text = "SÃO PAULO — Brazil beat Croatia 3-1 at the Arena; Júlio César saved."
    latin = decode_report(text.encode("cp1252"), "latin")
    assert latin.text == text and latin.encoding == "cp1252"
    utf16 = decode_report(text.encode("utf-16"), "u16")
    assert utf16.text == text and utf16.sha256 == latin.sha256


def test_boilerplate_is_blanked_keeping_offsets():
    text = "Read also: Big Cup Draw Tonight Messi set up Enzo for the equaliser."
    clean = blank_boilerplate(text)
    assert len(clean) == len(text)
    assert clean.strip().startswith("Messi set up Enzo")
    line = "Goal.\nRead also: Co-hosts count the cost of a party\nNext line."
    assert "Co-hosts" not in blank_boilerplate(line)
    assert fold("Martínez Şükür") == "Martinez Sukur"


def test_clauses_split_at_conjunctions():
    text = "Zico turned his marker and slid a pass to Sócrates, whose shot beat Zoff."
    parts = [text[a:b].strip() for a, b in clauses(text)]
    assert parts == [
        "Zico turned his marker",
        "and slid a pass to Sócrates",
        "whose shot beat Zoff.",
    ]


# --- sentence kinds of the generalisation issue (own sentences, no graph needed) -------------


@pytest.mark.parametrize(
    ("text", "minute", "stoppage"),
    [
        ("he struck in the eighth minute", 8, None),
        ("inside the first minute the keeper was beaten", 1, None),
        ("a header in the seventy-second minute", 72, None),
        ("four minutes into extra time", 94, None),  # convention: 90 + N
        ("he finally scored in the 104th.", 104, None),
        ("barely three minutes had gone when", 3, None),
        ("in the sixth minute of stoppage time", 90, 6),
        ("in the second minute of first-half stoppage time", 45, 2),
        ("in the first minute of stoppage time at the end of extra time", 120, 1),
    ],
)
def test_ordinal_and_extra_time_minutes(text, minute, stoppage):
    (t,) = find_times(text)
    assert (t.minute, t.stoppage) == (minute, stoppage)


def test_relative_minutes_and_counts():
    assert find_times("Their hopes lasted five minutes.")[0].offset == 5
    assert find_times("A minute later it was over.")[0].offset == 1
    assert find_times("two minutes after that")[0].offset == 2
    assert find_times("his 9th goal of the tournament") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("MADRID, 11 July 1982 —", (7, 11, 1982)),
        ("on Sunday, July 11, 1982,", (7, 11, 1982)),
        ("LYON, Saturday 27 June —", (6, 27, None)),
        ("on the 3rd of July 1990", (7, 3, 1990)),
    ],
)
def test_day_first_and_month_first_dates(text, expected):
    from footkg.extract.extractor import find_date

    assert find_date(text) == expected


def _sentence(masked: str):
    from footkg.extract.context import Sentence, TeamRef

    slots = sorted(set(re.findall(r"T\d+", masked)), key=lambda s: int(s[1:]))
    refs = [TeamRef(0, 0, f"team:{s}", s, "name") for s in slots]
    return Sentence(0, 0, len(masked), masked, refs=refs, masked=masked, slots=refs)


def _statements(masked: str):
    from footkg.extract.results import find_statements

    return [
        (st.a, st.b, st.score_a, st.score_b, st.shootout, st.background)
        for st in find_statements(_sentence(masked))
    ]


def test_shootout_stated_as_result_takes_the_drawn_score():
    got = _statements("T0 squeezed past T1 5-4 on spot kicks after the game finished 2-2.")
    assert got == [("T0", "T1", 2, 2, (5, 4), False)]


def test_pair_draw_and_noun_results():
    assert _statements("T0 and T1 drew 0-0 in Lyon.")[0][:4] == ("T0", "T1", 0, 0)
    got = _statements("T0 opened with a nervy 1-0 win over T1 in Seville.")
    assert got[0][:4] == ("T0", "T1", 1, 0)


def test_relative_clause_and_past_meeting_results_are_background():
    got = _statements("T0, who had crushed T1 4-1 in the last 16, beat T2 2-0.")
    assert ("T0", "T1", 4, 1, None, True) in got
    assert ("T0", "T2", 2, 0, None, False) in got
    got = _statements("Sixteen years after beating T1 2-1, T0 did it again.")
    assert got == [("T0", "T1", 2, 1, None, True)]
    got = _statements("After losing 3-0 to T1 in the group, T0 beat T2 1-0 in the final.")
    assert ("T0", "T2", 1, 0, None, False) in got
    assert ("T0", "T1", 0, 3, None, True) in got


def test_subject_skips_relative_clause_and_other_penalty_shootouts():
    got = _statements("T0, who meet T1 next, beat T2 2-1 on Monday.")
    assert ("T0", "T2", 2, 1, None, False) in got
    got = _statements("T0 got past T1 on penalties, 1-1 and 4-3 in the shootout.")
    assert got[0][:2] == ("T0", "T1")


def test_fixture_with_alternatives_is_not_a_pair():
    assert _statements("T0 will meet T1 or T2 in the final.") == []


def _player(name: str, start: int, team: str, position: str = "forward"):
    from footkg.extract.pipeline import Mention

    return Mention(start, start + len(name), "player", f"p:{name}", name, team, position)


def _goals(sentences: list[str], squad: dict[str, str]):
    """Feed sentences to a GoalFinder; ``squad`` maps player names to team IRIs."""
    from footkg.extract.goals import GoalFinder, SentenceView

    finder = GoalFinder(("A", "B"))
    for i, text in enumerate(sentences):
        players = []
        for name, team in squad.items():
            for m in re.finditer(re.escape(name), text):
                if not any(p.start <= m.start() < p.end for p in players):
                    players.append(_player(name, m.start(), team))
        players.sort(key=lambda p: p.start)
        finder.feed(SentenceView(i, 0, text, players), False)
    return [(e.scorer.text if e.scorer else None, e.minute, e.kind,
             e.assist.text if e.assist else None, e.own_goal) for e in finder.events]  # fmt: skip


def test_possessive_passer_is_the_assist_not_the_scorer():
    got = _goals(["Klose volleyed in Toni Kroos's corner in the 23rd minute."],
                 {"Klose": "A", "Toni Kroos": "A"})  # fmt: skip
    assert got == [("Klose", 23, "regular", "Toni Kroos", False)]


def test_the_pass_told_with_the_first_goal_is_not_the_seconds():
    """Two goals in one sentence: the pass named between them is the first goal's; a pass
    named after the second is the second's."""
    squad = {"Grosso": "A", "Pirlo": "A", "Del Piero": "A"}
    got = _goals(["Grosso scored in the 119th minute, after a pass from Pirlo, and Del Piero "
                  "added a second in the 121st minute."], squad)  # fmt: skip
    assert [(g[0], g[1], g[3]) for g in got] == [("Grosso", 119, "Pirlo"), ("Del Piero", 121, None)]
    got = _goals(["Grosso scored in the 119th minute and Del Piero added a second in the 121st "
                  "minute after a pass from Pirlo."], squad)  # fmt: skip
    assert [(g[0], g[1], g[3]) for g in got] == [("Grosso", 119, None), ("Del Piero", 121, "Pirlo")]


def test_the_passer_of_the_first_goal_passes_for_the_second_too():
    """ "Messi set up Enzo Fernandez for the equalizer, then delivered a cross for Lautaro
    Martinez to head home the winner": the second pass has Messi, the subject of the first,
    as its subject (the seed report's two assists)."""
    got = _goals(["Messi set up Enzo Fernandez for the 85th-minute equalizer, then delivered an "
                  "exquisite cross for substitute Lautaro Martinez to head home the winner in "
                  "stoppage time."], {"Messi": "A", "Enzo Fernandez": "A",
                                      "Lautaro Martinez": "A"})  # fmt: skip
    assert [(g[0], g[3]) for g in got] == [("Enzo Fernandez", "Messi"),
                                           ("Lautaro Martinez", "Messi")]


def test_a_pass_made_with_the_head_is_the_last_passers():
    """ "Ballack sent a free kick … that was headed from Borowski across to Klose, who headed
    it into the net": Borowski's header is the assist (the last pass), not Ballack's kick."""
    got = _goals(["Captain Michael Ballack sent a free kick into the box that was headed from "
                  "Tim Borowski across to Miroslav Klose, who headed it into the net in the 80th "
                  "minute."], {"Michael Ballack": "A", "Tim Borowski": "A",
                                "Miroslav Klose": "A"})  # fmt: skip
    assert got == [("Miroslav Klose", 80, "header", "Tim Borowski", False)]


def test_pronoun_after_a_pass_is_the_receiver():
    got = _goals(
        ["Zidane ran at the defence.", "Henry slid him clear and he calmly beat the keeper in "
         "the 70th minute."],
        {"Zidane": "A", "Henry": "A"},
    )  # fmt: skip
    assert got[0][0] == "Zidane" and got[0][1] == 70


def test_own_goal_by_named_player_counts_for_the_other_side():
    got = _goals(["Pires's free kick was glanced into his own net by Samuel in the 19th minute."],
                 {"Pires": "A", "Samuel": "B"})  # fmt: skip
    assert got[0][0] == "Samuel" and got[0][4] is True


def test_goals_without_a_score_verb_and_relative_minutes():
    got = _goals(
        ["Vieri gave the hosts an early lead in the fourth minute.",
         "Two minutes after that Totti made it two.",
         "Raúl pulled one back a minute later."],
        {"Vieri": "A", "Totti": "A", "Raúl": "B"},
    )  # fmt: skip
    assert [(g[0], g[1]) for g in got] == [("Vieri", 4), ("Totti", 6), ("Raúl", 7)]


def test_time_stated_in_the_next_sentence():
    got = _goals(["Bierhoff rose to head in Ziege's cross.", "It was the 73rd minute."],
                 {"Bierhoff": "A", "Ziege": "A"})  # fmt: skip
    assert got == [("Bierhoff", 73, "header", "Ziege", False)]


def test_region_and_host_descriptions_resolve_to_teams():
    from footkg.extract.context import team_refs

    text = "The South Americans beat the host nation 3-1."
    refs = team_refs(text, 0, len(text), [], None)  # type: ignore[arg-type]
    assert [(r.text, r.kind) for r in refs] == [
        ("The South Americans", "region:CONMEBOL"),
        ("the host nation", "hosts"),
    ]


def test_timeline_scorer_follows_but_he_or_who():
    got = _goals(
        ["62' — Ortega's volley is parried, but he sweeps the loose ball into the net.",
         "77' — Lind rolls it square to Berg, who beats the goalkeeper from 20 yards."],
        {"Ortega": "A", "Lind": "B", "Berg": "B"},
    )  # fmt: skip
    assert [(g[0], g[1]) for g in got] == [("Ortega", 62), ("Berg", 77)]
    assert got[1][3] == "Lind"


def test_corner_nodded_in_by_another_player():
    got = _goals(
        ["In the 31st minute Moreau whipped over a corner and Dubois climbed above Keller "
         "to nod it in."],
        {"Moreau": "A", "Dubois": "A", "Keller": "B"},
    )  # fmt: skip
    assert got == [("Dubois", 31, "header", "Moreau", False)]


def test_stoppage_time_counted_into():
    (t,) = find_times("two minutes into stoppage time at the end of the first half")
    assert (t.minute, t.stoppage) == (45, 2)
    (t,) = find_times("a minute into added time")
    assert (t.minute, t.stoppage) == (90, 1)


def test_first_minute_goal_with_ahead_verb():
    got = _goals(["Inside the first minute Varga steered the visitors ahead from six yards."],
                 {"Varga": "A"})  # fmt: skip
    assert [(g[0], g[1]) for g in got] == [("Varga", 1)]


def test_cross_for_scorer_after_a_lasted_time():
    got = _goals(
        ["Nilsson scored in the 40th minute.", "The lead lasted four minutes.",
         "Petit raced down the left and crossed for Roux, who swept it home."],
        {"Nilsson": "B", "Petit": "A", "Roux": "A"},
    )  # fmt: skip
    assert got[1][:2] == ("Roux", 44) and got[1][3] == "Petit"


def test_met_cut_back_and_relative_pronoun_goal():
    # "exchanged passes with Lima": the pass is named, Lima gets the assist
    got = _goals(
        ["Sousa met Lima's low cut-back first time in the 50th minute.",
         "Three minutes later he dispossessed Kahn, exchanged passes with Lima and slotted home."],
        {"Sousa": "A", "Lima": "A", "Kahn": "B"},
    )  # fmt: skip
    assert [(g[0], g[1], g[3]) for g in got] == [("Sousa", 50, "Lima"), ("Sousa", 53, "Lima")]


def test_possessive_goal_noun_with_a_time():
    got = _goals(["Horvat's goal in the 88th minute made for a tense finish."], {"Horvat": "B"})
    assert [(g[0], g[1]) for g in got] == [("Horvat", 88)]
    assert _goals(["Horvat's goal against Chile last week was a classic."], {"Horvat": "B"}) == []


def test_extra_time_sequence():
    got = _goals(
        ["Abel put the hosts ahead three minutes into extra time.",
         "Bruno headed his fifth goal of the tournament in the 106th minute.",
         "A minute later Carl pulled it back for Dario, who side-footed home."],
        {"Abel": "A", "Bruno": "B", "Carl": "A", "Dario": "A"},
    )  # fmt: skip
    assert [(g[0], g[1]) for g in got] == [("Abel", 93), ("Bruno", 106), ("Dario", 107)]
    assert got[2][3] == "Carl"


def test_clearance_ricochet_own_goal():
    got = _goals(["In the 64th minute a clearance ricocheted off Brandt into his own net."],
                 {"Brandt": "B"})  # fmt: skip
    assert got == [("Brandt", 64, "own_goal", None, True)]


def test_free_kick_over_the_wall_and_in():
    got = _goals(
        ["In the 12th minute Costa bent a free kick over the wall and in."], {"Costa": "A"}
    )
    assert got == [("Costa", 12, "free_kick", None, False)]


def test_timeline_clause_opening_with_the_passer_present_tense():
    squad = {"Okafor": "A", "Lindqvist": "A", "Brandt": "A", "Moretti": "B"}
    got = _goals(["12' — Okafor's first effort is charged down, but he lashes the rebound in.",
                  "40' — Lindqvist lays the ball back to Brandt, who drives it into the corner "
                  "from 25 yards.",
                  "77' — Moretti skips past his man and levels."], squad)  # fmt: skip
    assert [g[:2] for g in got] == [("Okafor", 12), ("Brandt", 40), ("Moretti", 77)]
    assert got[1][3] == "Lindqvist"


def test_relative_chain_after_a_lasted_more_minutes():
    squad = {"Okafor": "A", "Lindqvist": "A"}
    got = _goals(["Okafor poked in a loose ball in the 30th minute and added another nine "
                  "minutes later.",
                  "The visitors survived six more minutes.",
                  "Lindqvist tore down the left and pulled it back for Okafor, who completed "
                  "his hat-trick."], squad)  # fmt: skip
    assert [g[:2] for g in got] == [("Okafor", 30), ("Okafor", 39), ("Okafor", 45)]
    assert got[2][3] == "Lindqvist"


@pytest.mark.parametrize(
    ("text", "minute"),
    [("Brandt levelled on 98 minutes.", 98), ("They scored on the half hour.", 30),
     ("Moretti pounced at 104 mins.", 104)],
)  # fmt: skip
def test_on_n_minutes_and_half_hour(text, minute):
    assert find_times(text)[0].minute == minute


def test_extra_time_goal_on_n_minutes_and_early_lead_with_late_minute():
    squad = {"Brandt": "A", "Moretti": "B"}
    got = _goals(["Brandt gave the hosts an early lead, cutting inside two defenders on the "
                  "right and bending a low shot inside the far post in the ninth minute.",
                  "Moretti pounced on a loose ball on 97 minutes."], squad)  # fmt: skip
    assert [g[:2] for g in got] == [("Brandt", 9), ("Moretti", 97)]


def test_namesake_family_name_follows_the_full_name_given():
    from footkg.extract.gazetteer import SquadPlayer
    from footkg.extract.pipeline import player_mentions

    squads = [SquadPlayer("p:ab", "Anna Berg", "Berg", "forward", "A"),
              SquadPlayer("p:lb", "Lars Berg", "Berg", "defender", "A")]  # fmt: skip
    text = "Lars Berg defended. Anna Berg scored. Then Berg scored again."
    got = [(m.text, m.iri) for m in player_mentions(text, squads, [])]
    assert got[-1] == ("Berg", "p:ab")
    assert player_mentions("Berg scored.", squads, []) == []


def test_coach_side_resolves_to_the_main_team_that_played_the_opponent():
    from types import SimpleNamespace

    from footkg.extract.extractor import Extractor
    from footkg.extract.linking import Fixture

    played = Fixture("m", "2010-06-20", "A", "C", 3, 0, "group", 2010, None, None)
    gaz = SimpleNamespace(store=object(), _fixtures={frozenset(("A", "C")): [played]},
                          _team_fixtures={2010: [played]}, _fixtures_loaded=True)  # fmt: skip
    fake = SimpleNamespace(gaz=gaz)
    match = SimpleNamespace(home="B", away="A")
    assert Extractor._side_team(fake, match, "B", "C", 2010) == "A"
    assert Extractor._side_team(fake, match, "B", "C", 2014) == "B"
    assert Extractor._side_team(fake, match, "D", "B", 2014) == "A"


def test_other_semi_final_pair_with_winner_and_past_meeting_noun():
    got = _statements("In the other tie, T0 and T1 were split by a late header, T1 winning 2-1.")
    assert got[0][:4] == ("T1", "T0", 2, 1)
    got = _statements("T0 had played T1 twice before, a 3-1 defeat in 1974 among them.")
    assert got[0][:4] == ("T0", "T1", 1, 3)


def test_participle_clause_is_skipped_for_the_fixture_subject():
    got = _statements("T0, having edged T1 on penalties in the last eight, will face T2 next.")
    assert ("T0", "T1", None, None, None, True) in got
    assert ("T0", "T2", None, None, None, False) in got


def test_loss_with_words_before_the_opponent_and_lost_to_clause():
    assert _statements("T0 had lost 4-2 in the play-off to T1.")[0][:4] == ("T0", "T1", 2, 4)
    got = _statements("T0, who lost to T1 in the group, beat T2 2-0.")
    assert ("T0", "T1", None, None, None, True) in got


def test_subjectless_results_and_await_fixtures():
    got = _statements("It came after a 3-1 last-eight win over T1.")
    assert got == [("T?", "T1", 3, 1, None, True)]
    assert _statements("A repeat of a 2-2 draw with T1 in 1986.")[0][:4] == ("T?", "T1", 2, 2)
    assert _statements("T0 await in the final.")[0][:2] == ("T?", "T0")


@pytest.mark.parametrize(
    ("text", "minute", "stoppage"),
    [
        ("eleven minutes into the second half", 56, None),
        ("twenty minutes into the game", 20, None),
        ("in the last minute of the first extra period", 105, None),
        ("in the final minute of the first half", 45, None),
        ("in the last minute of normal time", 90, None),
        ("in the second minute of stoppage time at the end of the first period of extra time",
         105, 2),
    ],
)  # fmt: skip
def test_half_and_period_minutes(text, minute, stoppage):
    (t,) = find_times(text)
    assert (t.minute, t.stoppage) == (minute, stoppage)


def test_minutes_after_a_goal_are_relative():
    (t,) = find_times("two minutes after the third Korean goal")
    assert (t.minute, t.offset) == (None, 2)


def test_each_goal_clause_keeps_its_own_time():
    got = _goals(
        ["In the 22nd minute Lindqvist added a second, and three minutes after that Okafor "
         "made it three.",
         "Moreno pulled one back two minutes after the third goal, and two minutes before "
         "half-time he struck a penalty into the bottom corner."],
        {"Lindqvist": "A", "Okafor": "A", "Moreno": "B"},
    )  # fmt: skip
    assert [(g[0], g[1], g[2]) for g in got] == [
        ("Lindqvist", 22, "regular"),
        ("Okafor", 25, "regular"),
        ("Moreno", 27, "regular"),
        ("Moreno", 43, "penalty"),
    ]


def test_count_from_the_end_after_extra_time_began():
    got = _goals(
        ["In the last minute of the first extra period Moreno bundled the rebound over the line.",
         "Five minutes from the end Lindqvist fired in the third."],
        {"Moreno": "A", "Lindqvist": "A"},
    )  # fmt: skip
    assert [(g[0], g[1]) for g in got] == [("Moreno", 105), ("Lindqvist", 115)]


def test_role_word_before_the_subject_and_a_lasted_lead():
    got = _goals(
        ["Okafor levelled in the 39th minute, but the parity lasted only a minute.",
         "Moreno restored Arland's advantage almost from the restart.",
         "Arland led until defender Lindqvist rose to head in a corner from Okafor in the "
         "80th minute."],
        {"Okafor": "A", "Moreno": "B", "Lindqvist": "A"},
    )  # fmt: skip
    assert [(g[0], g[1]) for g in got] == [("Okafor", 39), ("Moreno", 40), ("Lindqvist", 80)]
    assert got[2][2:4] == ("header", "Okafor")


def test_live_blog_lines_carry_their_minute():
    from footkg.extract.goals import GoalFinder, SentenceView, line_time

    lines = [
        ["57' GOAL!", "2-2.", "Okafor crosses from the left, and Moreno meets it first time."],
        ["66' Lindqvist replaces Moreno."],
        ["90+3' GOAL!", "Okafor clips a cross from the right and Lindqvist heads in."],
    ]
    squad = {"Okafor": "A", "Moreno": "A", "Lindqvist": "A"}
    finder, index = GoalFinder(("A", "B")), 0
    for line in lines:
        views, before = [], len(finder.events)
        for text in line:
            players = [_player(n, m.start(), t) for n, t in squad.items()
                       for m in re.finditer(n, text)]  # fmt: skip
            views.append(SentenceView(index, 0, text, sorted(players, key=lambda p: p.start),
                                      line_time=line_time(line[0])))  # fmt: skip
            finder.feed(views[-1], False)
            index += 1
        finder.line_goal(views, before)
    got = [(e.scorer.text, e.minute, e.stoppage, e.kind) for e in finder.events]
    assert got == [("Moreno", 57, None, "regular"), ("Lindqvist", 90, 3, "header")]
    assert line_time("1990 was a good year") is None


def test_shootout_stated_passively_with_the_drawn_score():
    from footkg.extract.context import Sentence
    from footkg.extract.results import find_statements

    s = Sentence(0, 0, 0, "", masked="T0 are out, beaten 4-2 on penalties by T1 after a 1-1 draw.")
    (st,) = find_statements(s)
    assert (st.a, st.b, st.shootout, st.score_a, st.score_b, st.aet) == (
        "T0", "T1", (2, 4), 1, 1, True)  # fmt: skip


def test_womens_reports_are_recognised():
    from footkg.extract.extractor import is_womens_report

    assert is_womens_report("the Women's World Cup quarter-final in Dresden")
    assert is_womens_report("The Matildas came from behind.", {"Matildas"})
    assert is_womens_report("She scored twice and her second was a header; she ran off.")
    assert not is_womens_report("He scored twice; his second was a header, and he ran off.")
    assert not is_womens_report("The women's team plays tomorrow. He scored, his header won it.")


def test_running_scores_of_live_blog_lines_are_background():
    from footkg.extract.context import Sentence
    from footkg.extract.extractor import running_lines
    from footkg.extract.results import find_statements

    lines = ["19' GOAL!", "T0 1-0 T1.", "FT: T0 3-3 T1."]
    sentences = [Sentence(i, 0, 0, t, masked=t, paragraph=p)
                 for i, (t, p) in enumerate(zip(lines, (0, 0, 1), strict=True))]  # fmt: skip
    stmts = [(s, st) for s in sentences for st in find_statements(s)]
    running_lines(sentences, stmts)
    assert [(st.score_a, st.score_b, st.background) for _, st in stmts] == [
        (1, 0, True),
        (3, 3, False),
    ]


def test_again_clauses_and_seconds_after_coming_on():
    got = _goals(
        ["Okafor scored eight minutes after the restart and then again on 59 minutes.",
         "Moreno, on as a substitute in the 70th minute, needed barely 60 seconds to score."],
        {"Okafor": "A", "Moreno": "B"},
    )  # fmt: skip
    assert [(g[0], g[1]) for g in got] == [("Okafor", 53), ("Okafor", 59), ("Moreno", 71)]


def test_bulleted_live_blog_line_keeps_its_minute():
    from footkg.extract.goals import line_time

    t = line_time("• 10' — Two minutes later it is 2-0.")
    assert (t.minute, t.stoppage) == (10, None)
    assert line_time("• 90+4' GOAL!").stoppage == 4
    # a clock written with a dot before the match minute ("09.09 39 min: GOAL!")
    assert line_time("09.09 39 min: GOAL! Paraguay 1-0 South Africa.").minute == 39
    assert line_time("10.19 90+1 min: GOAL!").stoppage == 1
    assert line_time("09.09 Team news.") is None


def _goal(scorer: str, minute: int, kind: str = "regular", team: str = "united-states"):
    from footkg.extract.facts import Evidence, GoalFact

    return GoalFact(scorer=f"p:{scorer}", scorer_name=scorer, team=f"t:{team}", team_name=team,
                    minute=minute, evidence=Evidence(0, 10, "goal-clause"), kind=kind)  # fmt: skip


def test_reconcile_with_the_fixture_goals():
    """United States 3-2 Portugal, 5 June 2002 (Fjelstul): Jorge Costa's 29th-minute own goal
    counts for the United States; McBride scored in the 36th. A rule that read Costa's goal as
    his own is corrected; a goal given to the passer (Sanneh, no goal in the fixture) at the
    minute McBride is named scoring is dropped; the rest stays as the report has it."""
    from footkg.extract.context import Sentence
    from footkg.extract.guided import FixtureGoal, reconcile

    fixture = [
        FixtureGoal("p:O'Brien", "t:united-states", 4, None, False, False),
        FixtureGoal("p:Jorge Costa", "t:united-states", 29, None, True, False),
        FixtureGoal("p:McBride", "t:united-states", 36, None, False, False),
        FixtureGoal("p:Beto", "t:portugal", 39, None, False, False),
        FixtureGoal("p:Agoos", "t:portugal", 71, None, True, False),
    ]
    goals = [_goal("Jorge Costa", 29, team="portugal"), _goal("Sanneh", 36),
             _goal("McBride", 36, "header"),
             _goal("Beto", 39, "penalty", team="portugal")]  # fmt: skip
    kept = reconcile(goals, fixture, [Sentence(0, 0, 10, "x" * 10)], lambda t: t[2:])
    got = [(g.scorer_name, g.minute, g.kind, g.team_name) for g in kept]
    # Beto's goal was no penalty in the fixture: a penalty told near it was another's
    assert got == [("Jorge Costa", 29, "own_goal", "united-states"),
                   ("McBride", 36, "header", "united-states"),
                   ("Beto", 39, "regular", "portugal")]  # fmt: skip


def test_reconcile_keeps_no_more_goals_than_the_fixture():
    """Netherlands 1-0 Sweden after extra time, 3 July 2019 (Fjelstul): Groenen's goal in the
    99th minute is the only one. A live blog's "Miedema rises at the far post but her header
    lands on the roof of the net" read as a goal is one Dutch goal too many and goes."""
    from footkg.extract.context import Sentence
    from footkg.extract.guided import FixtureGoal, reconcile

    fixture = [FixtureGoal("p:Groenen", "t:netherlands", 99, None, False, False)]
    goals = [_goal("Miedema", 90, "header", team="netherlands"),
             _goal("Groenen", 99, team="netherlands")]  # fmt: skip
    kept = reconcile(goals, fixture, [Sentence(0, 0, 10, "x" * 10)], lambda t: t[2:])
    assert [(g.scorer_name, g.minute) for g in kept] == [("Groenen", 99)]


def _mentions(text: str, team: str, *names: str) -> list[Mention]:
    return [Mention(text.index(n), text.index(n) + len(n), "player", f"p:{n}", n, team)
            for n in names]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "scorer", "passer"),
    [
        # the passer's clause before the scorer's (Spain–Republic of Ireland, 2002)
        ("Carles Puyol got down the right, put in a cross, and Fernando Morientes rose between "
         "our centre-halves and headed it past Shay Given.", "Fernando Morientes", "Carles Puyol"),
        # the pass as an attribute (Germany–Sweden, 2003 final)
        ("Künzer rose at the near post to head in a Renate Lingor free kick.", "Künzer",
         "Renate Lingor"),
        # the pass from the passer (Norway–Italy, 1991)
        ("After 22 minutes Birthe Hegstad made 1-0 with a hard shot after a pass from Hege Riise.",
         "Birthe Hegstad", "Hege Riise"),
        # a free kick into the wall is no pass (England–West Germany, 1966)
        ("Lothar Emmerich drove a free kick into the wall, the ball ricocheted around the area, "
         "and Wolfgang Weber forced it in at the far post.", "Wolfgang Weber", None),
        # the passer's clause a long way before the scorer (Brazil–England, 2002)
        ("Ronaldinho picked the ball up inside his own half, twisted Ashley Cole one way and then "
         "the other, and slipped a pass to Rivaldo, who stroked it past David Seaman.", "Rivaldo",
         "Ronaldinho"),
        # "cuts it back", "lays it back", "turns provider", "sent over a fine centre"
        ("Dalot gets to the byline and cuts it back, and Ricardo Horta sweeps it in.",
         "Ricardo Horta", "Dalot"),
        ("Jill Roord shields the ball on the edge of the area and lays it back, and Jackie "
         "Groenen drills a low shot into the bottom corner.", "Jackie Groenen", "Jill Roord"),
        ("Tadić again turned provider, sliding a clever pass into the path of Mitrović, and the "
         "striker rifled it home.", "Mitrović", "Tadić"),
        ("Billy Bingham, racing down the right wing, sent over a fine centre and Peter McParland "
         "met it on the volley.", "Peter McParland", "Billy Bingham"),
        # the wall's nose is no wall the ball hit (Argentina–Netherlands, 2022)
        ("Koopmeiners rolls it short, under the wall's nose, to Weghorst, who sweeps it in.",
         "Weghorst", "Koopmeiners"),
        # the passer named after the scorer: "after X nodded the ball into his path"
        ("Blerim Džemaili volleyed the Swiss ahead after Breel Embolo nodded the ball into his "
         "path.", "Blerim Džemaili", "Breel Embolo"),
        # pass verbs a live blog, a fan and a commentator use (2014, 2015, 1990)
        ("Toby Alderweireld pings a long ball over the top, Hazard takes it on his chest and "
         "rolls it home.", "Hazard", "Toby Alderweireld"),
        ("Four minutes later Amber Hearn knocked a long ball down and Hannah Wilkinson bundled "
         "it in from about two yards.", "Hannah Wilkinson", "Amber Hearn"),
        ("Moravčík on the left, lifts it towards the far post, and there's Skuhravý again!",
         "Skuhravý", "Moravčík"),
        ("Aya Miyama kicked a corner from the right side and at the far post Aya Sameshima put "
         "it inside with the left foot.", "Aya Sameshima", "Aya Miyama"),
        # the passer named after the scorer, his pass "into his path" (Belgium–Tunisia, 2018)
        ("Romelu Lukaku peels off his marker, Dries Mertens slides the ball into his path and "
         "the big man sidefoots it into the corner.", "Romelu Lukaku", "Dries Mertens"),
    ],
)  # fmt: skip
def test_assists_from_the_goals_sentence(text, scorer, passer):
    players = _mentions(text, "t:team", *(n for n in (scorer, passer) if n))
    if passer is None:
        players += _mentions(text, "t:team", "Lothar Emmerich")
    goal = GoalFact(f"p:{scorer}", scorer, "t:team", "Team", 10, Evidence(0, len(text), "test"))
    fill_assists([goal], text, players, lambda m: m.text)
    assert goal.assist_name == passer


def test_hard_wrapped_lines_are_unwrapped_but_headlines_and_boxes_are_not():
    text = (
        "ITALY WIN THE CUP\n\nThe Italian eleven this afternoon beat Czechoslovakia by two goals\n"
        "to one in the final.\nSCORERS:\nItaly: Orsi 81, Schiavio 95\n"
    )
    out = unwrap_lines(text)
    assert len(out) == len(text)
    assert "two goals to one" in out
    assert "CUP\n\nThe" in out and "final.\nSCORERS:\nItaly" in out


def test_word_alternations_compacted_as_a_trie_match_the_same_words():
    """The goal rules' verb lists are compiled as tries; they accept exactly the words."""
    from footkg.extract.goals import SIGNALS
    from footkg.extract.regexes import compact, trie

    words = ["tap", "tapped", "taps", "tapping", "toe-poked", "slid", "slide", "slot"]
    assert trie(words[:4]) == "tap(?:p(?:ed|ing)|s)?"
    whole = re.compile(rf"(?:{trie(words)})")
    assert all(whole.fullmatch(w) for w in words)
    assert not any(whole.fullmatch(w) for w in ("ta", "tapp", "sli", "slots", "toe"))
    ten = "|".join(("tap", "taps", "tapped", "slot", "slots", "poke", "poked", "lob", "lobs",
                    "lobbed"))  # fmt: skip
    assert compact(rf"\b(?:{ten})\b") == rf"\b(?:{trie(ten.split('|'))})\b"
    assert compact(r"\b(?:tap|taps)\b") == r"\b(?:tap|taps)\b"  # short groups stay
    assert SIGNALS[9].search("Kroos tapped it in from close range")
    assert not SIGNALS[9].search("Kroos tapped the ball to Lahm")


def test_fixtures_named_by_their_pair_or_next_up():
    """Fixtures to come, and matches named by their pair without a score."""
    assert _statements("Next up for T0: defending champion T1, back here on Sunday.")[0][:4] == (
        "T0", "T1", None, None)
    assert _statements("Next up is T0, the Group D runner-up.")[0][:2] == ("T?", "T0")
    assert _statements("T0 open the second phase against T1 in Gelsenkirchen on Wednesday.")[
        0][:2] == ("T0", "T1")
    got = _statements("The winners meet on Friday in the first quarter-final, T0 against T1 at "
                      "Education City Stadium.")  # fmt: skip
    assert got[0][:4] == ("T0", "T1", None, None)
    got = _statements("the first since Hurst's for T0 against T1 at Wembley in 1966.")
    assert got[0][:2] == ("T0", "T1")
    got = _statements("T0 will face the winners of the semi-final between the T1 and T2.")
    assert ("T1", "T2", None, None) in [g[:4] for g in got]
    # a pair with no cue of a match is no match: "T0's record against T1 is poor"
    assert _statements("T0's record against T1 is poor.") == []


def test_lost_takes_the_opponent_its_clause_names():
    """"T0 took the lead in the final against T1, T2, and lost 2-1": T1 (T2 stands beside it)
    is the opponent, not the main match's other team."""
    got = _statements("Four years ago T0 took the lead in the final against T1, T2, and lost 2-1.")
    assert got == [("T0", "T2", 1, 2, None, False)]
    assert _statements("T0 lost 2-1 in the end.")[0][:4] == ("T0", None, 1, 2)


def test_header_with_the_head_and_flick_passer():
    from footkg.extract.goals import _kind

    assert _kind("put the ball with her head in the net") == "header"
    assert _kind("the ball came off his head and the post") == "regular"
    goal = GoalFact(scorer="c", scorer_name="Gillian Coultard", team="eng", team_name="England",
                    minute=85, stoppage=None, minute_vague=False, kind="regular", assist=None,
                    assist_name=None, evidence=Evidence(0, 90, "test"), iri=None)  # fmt: skip
    text = "Gill got her second of the night on 85 minutes, latching onto Marieanne's flick."
    players = [Mention(0, 4, "player", "c", "Gill", team="eng"),
               Mention(62, 71, "player", "s", "Marieanne", team="eng")]  # fmt: skip
    fill_assists([goal], text, players, lambda m: {"s": "Marieanne Spacey"}[m.iri])
    assert goal.assist_name == "Marieanne Spacey"


def test_a_city_that_is_a_players_name_and_passes_told_by_their_verb():
    """"With Rivera the game changed" is Gianni Rivera (Rivera is also a city of the graph);
    "in Rivera" is the place. "headed back across the box by Huntelaar" and "a back-heel
    from Biavati" name the passer; "squaring for Müller" is a pass."""
    from footkg.extract.assists import PASS_FROM
    from footkg.extract.gazetteer import SquadPlayer
    from footkg.extract.goals import PASS
    from footkg.extract.pipeline import player_mentions

    rivera = SquadPlayer("p:rivera", "Gianni Rivera", "Rivera", "midfielder", "ita")
    text = "With Rivera the game changed. They trained in Rivera."
    cities = [Mention(5, 11, "city", "c:rivera", "Rivera"), Mention(46, 52, "city", "c:rivera",
                                                                    "Rivera")]  # fmt: skip
    found = player_mentions(text, [rivera], cities)
    assert [(m.start, m.iri) for m in found] == [(5, "p:rivera")]
    assert PASS_FROM.search("a corner was headed back across the box by ")
    assert PASS_FROM.search("meeting a back-heel from ")
    assert PASS.search("Mesut Özil tearing down the left and squaring for Müller")


def test_country_after_its_city_is_a_place_but_a_team_before_who_is_a_team():
    """"the final in Guangzhou, China, and …" names a place; "in Seville, England were …",
    "falls to Italy, who play Brazil" and "David Villa of Spain" name teams."""
    from footkg.extract.context import TeamRef, is_place_use

    def ref(text: str, name: str) -> TeamRef:
        at = text.index(name)
        return TeamRef(at, at + len(name), "t", name, "name")

    text = "beating Norway 2-1 in the final in Guangzhou, China, and arrived as favourites"
    assert is_place_use(text, ref(text, "China"))
    text = "They won in Seville, England were never in it."
    assert not is_place_use(text, ref(text, "England"))
    text = "That job falls to Italy, who play Brazil on Saturday."
    assert not is_place_use(text, ref(text, "Italy"))
    text = "The squad flew to Italy on Monday."
    assert is_place_use(text, ref(text, "Italy"))
    # a player's team after his full name; a country after a place's name stays a place
    text = "tied with David Villa of Spain and Wesley Sneijder of the Netherlands"
    assert not is_place_use(text, ref(text, "Spain"))
    text = "The fans in the capital of Spain celebrated."
    assert is_place_use(text, ref(text, "Spain"))


def test_objects_with_a_title_before_them_and_relative_that():
    """"had beaten holders T1 … and then knocked out T2" keeps T0 the subject; "T0, 6-2 losers
    to T1"; "knocking out T1 1-0" is a result; "T1, that this same Sunday won 3 to 1 against
    T2" has T1 the subject; "opens with T0 against T1" names a fixture."""
    got = _statements("T0 had beaten holders T1 1-0 in the opener and then knocked out T2 2-1.")
    assert [g[:4] for g in got] == [("T0", "T1", 1, 0), ("T0", "T2", 2, 1)]
    assert _statements("T0, 6-2 losers to T1 in their opener, meet T2.")[0][:4] == (
        "T0", "T1", 2, 6)
    got = _statements("T0 stunned the hosts, knocking out T1 1-0, and then beat T2 3-1.")
    assert ("T0", "T2", 3, 1) in [g[:4] for g in got]
    got = _statements("T0 will face the world champion T1, that this same Sunday won 3-1 "
                      "against T2.")  # fmt: skip
    assert ("T1", "T2", 3, 1) in [g[:4] for g in got]
    got = _statements("another double-header that opens with T0 against T1.")
    assert got[0][:4] == ("T0", "T1", None, None)


def test_win_over_a_list_a_relative_after_a_dash_and_a_drawn_score_with_a_modifier():
    """"had beaten T1 and T2 by 3-0" is two results; "beat T3 - who hammered T4 3-0" makes T3
    the subject of "hammered"; "4-3 on penalties after a 1-1 extra-time draw" is 1-1."""
    got = _statements("T0 men who had beaten T1 and T2 by 3-0 in the group.")
    assert {g[:4] for g in got} == {("T0", "T1", 3, 0), ("T0", "T2", 3, 0)}
    got = _statements("T0 must now beat T1 - who hammered T2 3-0 in the opener - by three goals.")
    assert ("T1", "T2", 3, 0) in [g[:4] for g in got]
    got = _statements("T0 had beaten T1 4-3 on penalties after a 1-1 extra-time draw.")
    assert got[0][:5] == ("T0", "T1", 1, 1, (4, 3))


def test_head_shaking_is_no_header_and_a_pass_square_to_the_scorer():
    """"fists clenched, head shaking" is no header; "… and then slid it square to Tardelli."
    before "The midfielder hit it first time" names Scirea's pass."""
    from footkg.extract.assists import RECEIVER
    from footkg.extract.goals import _kind

    assert _kind("Tardelli running towards the bench, fists clenched, head shaking") == "regular"
    assert RECEIVER.search(" carried the ball out of defence and then slid it square to ")
    assert not RECEIVER.search(" watched as the ball rolled wide of ")


def test_must_beat_is_a_fixture_and_a_stage_heading_is_no_dateline():
    """"T0 must now beat T1" is a fixture to come; "QUARTER-FINALS, SUNDAY 10 JULY" is a
    heading, not a dateline's place."""
    from footkg.extract.extractor import NOT_A_PLACE

    got = _statements("So T0 must now beat T1 by three clear goals in Mendoza on Sunday.")
    assert got[0][:4] == ("T0", "T1", None, None)
    assert NOT_A_PLACE.search("QUARTER-FINALS") and not NOT_A_PLACE.search("BUENOS AIRES")


def test_beat_the_team_then_lost_keeps_the_subject():
    """"T0 beat the T1 2-0 in Bologna but then lost 1-0 to T2": T0 lost to T2."""
    got = _statements("T0 beat the T1 2-0 in Bologna but then lost 1-0 to T2, so T3 need a point.")
    assert {g[:4] for g in got} == {("T0", "T1", 2, 0), ("T0", "T2", 0, 1)}


def test_draws_named_by_a_noun_and_a_pair_that_tied():
    """"the 0-0 snoozefest with T1" is a draw with no subject; "T0 and T1 tied 2-2"."""
    assert _statements("They chanted through the 0-0 snoozefest with T1.")[0][:4] == (
        "T?", "T1", 0, 0)
    assert _statements("T0 and T1 tied 2-2 in Fortaleza on Saturday.")[0][:4] == ("T0", "T1", 2, 2)


def test_stoppage_told_as_minute_plus_seconds_later_and_a_substitution_time():
    """"At the 90th minute plus two" is 90+2; "Sixty seconds later" one minute on; "introduced
    Kirsten van de Ven … eight minutes after the restart" times a change, not a goal."""
    assert [(t.minute, t.stoppage) for t in find_times("At the 90th minute plus two, he")] == [
        (90, 2)]
    assert find_times("Sixty seconds later Rainer Bonhof scored")[0].offset == 1
    assert find_times("Reijners introduced Kirsten van de Ven for Daniëlle van de Donk eight "
                      "minutes after the restart") == []  # fmt: skip


def test_a_name_with_two_particles_and_a_box_penalty():
    """"van de Ven swept in the rebound" names Kirsten van de Ven; "(Messi pen, 73)" is a box
    minute; "pen" is a penalty word."""
    from footkg.extract.gazetteer import SquadPlayer
    from footkg.extract.guided import BOX_MINUTES, PENALTY_WORDS
    from footkg.extract.pipeline import player_mentions

    ven = SquadPlayer("p:ven", "Kirsten van de Ven", "van de Ven", "forward", "ned")
    found = player_mentions("Kaihori pushed it out and van de Ven swept in the rebound.", [ven], [])
    assert [m.text for m in found] == ["van de Ven"]
    assert BOX_MINUTES.match(" pen, 73)").group(1) == "73"
    assert PENALTY_WORDS.search("(Messi pen, 73)")


def test_at_the_hands_of_names_a_team_and_the_forwards_are_the_team():
    """"their heavy defeat at the hands of France" names France, a team, not a place; "The
    Mexican forwards" is the team (pronouns after it point to Mexico)."""
    from footkg.extract.context import TEAM_NOUN_AFTER, TeamRef, is_place_use

    text = "the effects of their heavy defeat at the hands of France on Sunday"
    at = text.index("France")
    assert not is_place_use(text, TeamRef(at, at + 6, "fra", "France", "name"))
    assert TEAM_NOUN_AFTER.match(" forwards combined neatly")


def test_a_goal_told_by_description_gives_its_pass_and_header():
    """The box times Altobelli's second at 73; "With 17 minutes left, the lanky striker headed
    home Antonio Di Gennaro's free-kick" names neither him nor another scorer: it tells that
    goal (a header, from Di Gennaro). "Zidane has shot a corner" is a pass."""
    from footkg.extract.assists import fill_kinds
    from footkg.extract.goals import PASS

    text = "With 17 minutes left, the lanky striker headed home Antonio Di Gennaro's free-kick."
    goal = GoalFact(scorer="alt", scorer_name="Alessandro Altobelli", team="ita",
                    team_name="Italy", minute=73, stoppage=None, minute_vague=False,
                    kind="regular", assist=None, assist_name=None,
                    evidence=Evidence(200, 220, "box"), iri=None)  # fmt: skip
    sent = _sentence(text)
    players = [Mention(text.index("Antonio"), text.index("'s"), "player", "dig",
                       "Antonio Di Gennaro", team="ita")]  # fmt: skip
    fill_assists([goal], text, players, lambda m: "Antonio Di Gennaro", [sent])
    fill_kinds([goal], text, players, [sent])
    assert (goal.assist_name, goal.kind) == ("Antonio Di Gennaro", "header")
    assert PASS.search("Zinedine Zidane has shot a corner from the left and Dugarry")


def test_tore_apart_a_shootout_in_capitals_and_a_goalless_two_hours():
    """"tore T1 to shreds 9-0"; "T0 WIN 3-2 ON PENALTIES after a 1-1 draw"; "after a
    goalless 120 minutes" is 0-0; "a 0-0 tie with T0 and a 1-0 win over T1" makes T0 no
    winner."""
    from footkg.extract.results import drawn_score, shootout_in

    got = _statements("T0's Blue Brigade, the Plavi, tore T1 to shreds 9-0 in Gelsenkirchen.")
    assert got[0][:4] == ("T0", "T1", 9, 0)
    assert shootout_in(_sentence("15:40 T0 WIN 3-2 ON PENALTIES after a 1-1 draw.")) == ("T0", 3, 2)
    assert drawn_score(_sentence("T0 beat T1 3-0 in a shootout after a goalless 120 minutes")) == 0
    got = _statements("The attack, which managed a 0-0 tie with T0 and a 1-0 win over T1, is slow.")
    assert ("T0", "T1", 1, 0) not in [g[:4] for g in got]


def test_a_bracketed_half_time_line_and_a_word_result_with_the():
    """"[ HALF-TIME: T0 1, T1 1 ]" is a running score; "T0 two, the T1 one" is a result line."""
    got = _statements("[ HALF-TIME: T0 1, T1 1 ]")
    assert got[0][5] is True  # background: the score at the break
    from footkg.extract.context import WORD_RESULT_LINE

    assert WORD_RESULT_LINE.search("final whistle. T0 two, the T1 one.")


def test_the_player_a_substitute_replaced_makes_no_pass():
    """"Megan Rapinoe, who came on for Lauren Holiday …, launches this looping cross. Abby
    Wambach … HEADS IT IN" (United States–Brazil, 2011): Rapinoe's cross, not Holiday's."""
    from footkg.extract.context import Sentence

    first = ("Megan Rapinoe, who came on for Lauren Holiday early in the second half, gets the "
             "ball on the left and launches this looping cross to the back post. ")  # fmt: skip
    text = first + "Abby Wambach rises over everyone and HEADS IT IN."
    players = _mentions(text, "t:usa", "Megan Rapinoe", "Lauren Holiday", "Abby Wambach")
    sentences = [Sentence(0, 0, len(first), first), Sentence(1, len(first), len(text),
                                                             text[len(first):])]  # fmt: skip
    goal = GoalFact("p:Abby Wambach", "Abby Wambach", "t:usa", "United States", 122,
                    Evidence(len(first), len(text), "test"))  # fmt: skip
    fill_assists([goal], text, players, lambda m: m.text, sentences)
    assert goal.assist_name == "Megan Rapinoe"


def test_passes_curled_in_worked_across_and_a_feed():
    """"Cernoia curled a free kick in", "after Soler had worked the ball across" are passes;
    "collected a feed from Abby Wambach" names the passer."""
    from footkg.extract.assists import PASS_FROM
    from footkg.extract.goals import PASS

    assert PASS.search("Valentina Cernoia curled a free kick in from the right, Bonansea rose")
    assert PASS.search("driving in low after Soler had worked the ball across")
    assert PASS_FROM.search("Morgan collected a feed from ")


def test_a_family_name_first_and_a_box_minute_with_min():
    """"Kim Young-gwon" names Fjelstul's "Young-gwon Kim"; "(Ricardo Horta, 5 min)" is a
    box minute."""
    from footkg.extract.gazetteer import SquadPlayer
    from footkg.extract.guided import BOX_MINUTES
    from footkg.extract.pipeline import player_mentions

    kim = SquadPlayer("p:kim", "Young-gwon Kim", "Kim", "defender", "kor")
    found = player_mentions("and Kim Young-gwon, the centre-back, hooks it in", [kim], [])
    assert [(m.text, m.iri) for m in found] == [("Kim Young-gwon", "p:kim")]
    assert BOX_MINUTES.match(", 5 min). That is").group(1) == "5"


def test_a_title_and_a_name_side_by_side_are_one_slot_and_a_stroll_is_a_win():
    """"knocked out the hosts Sweden 4-3 on penalties" masks "the hosts Sweden" as one team;
    "the 3-0 stroll against T1" is a result."""
    from footkg.extract.context import Sentence, TeamRef, mask

    text = "China knocked out the hosts Sweden 4-3 on penalties."
    refs = [TeamRef(0, 5, "chn", "China", "name"), TeamRef(18, 27, "swe", "the hosts", "hosts"),
            TeamRef(28, 34, "swe", "Sweden", "name")]  # fmt: skip
    sent = Sentence(0, 0, len(text), text, refs=refs)
    mask(sent, text)
    assert sent.masked == "T0 knocked out T1 4-3 on penalties."
    assert _statements("After all three scored in the 3-0 stroll against T1, they dreamed.")[0][
        1:4] == ("T1", 3, 0)


def test_fixtures_and_draws_named_in_passing():
    """Other matches in passing: a list of drawn ties with their shootouts, a win on
    penalties after a draw, a group's last game still to play, "finish the group against",
    "a last-16 date with"."""
    assert _statements("T0 survived two shoot-outs — 1-1 with T1 (3-2 on penalties) and 2-2 "
                       "with T2 (4-3 on penalties).") == [
        ("T0", "T1", 1, 1, (3, 2), False), ("T0", "T2", 2, 2, (4, 3), False)]
    assert _statements("T0 beat T1 in Nizhny Novgorod on penalties after 1-1.") == [
        ("T0", "T1", 1, 1, None, False)]
    assert _statements("T0 beat T1 on penalties.") == [("T0", "T1", None, None, None, False)]
    assert _statements("The result leaves T0 and T1 level, with T2 still to play T1 in "
                       "Orlando on Friday.") == [("T2", "T1", None, None, None, False)]
    assert _statements("T0 finish the group against T1 in Berlin on Tuesday.") == [
        ("T0", "T1", None, None, None, False)]
    assert _statements("T0's reward is a last-16 date with T1 next Tuesday.") == [
        ("T0", "T1", None, None, None, False)]


def test_a_time_after_a_stoppage_time_goal_stays_in_stoppage_time():
    """"Two minutes into stoppage time Overbeck converted a penalty, and two minutes after
    that Keller added a fourth" (United States–Australia, 1995 Women's World Cup; Fjelstul
    goals.csv: Keller 90'+4') is 90+4, not 94; after 45+1 a goal "two minutes later" is
    45+3; a list of ordinals gives each minute."""
    from footkg.extract.timeexpr import TimeExpr, resolve

    later = find_times("and two minutes after that substitute Debbie Keller added a fourth")[0]
    assert (resolve(later, 90, 2).minute, resolve(later, 90, 2).stoppage) == (90, 4)
    assert (resolve(later, 45, 1).minute, resolve(later, 45, 1).stoppage) == (45, 3)
    assert (resolve(later, 60, None).minute, resolve(later, 60, None).stoppage) == (62, None)
    assert resolve(TimeExpr(0, 1, "later", offset=9), 45, 1).minute == 54  # the second half
    got = [t.minute for t in find_times("before Humm scored in the 47th, 49th and 52nd minutes")]
    assert got == [47, 49, 52]


def test_a_scorers_box_with_penalty_and_own_goal_marks():
    """"Humm 47, 49, 52, Bachmann 60 (pen), 61, 81, Ponce (og) 71" (Switzerland 10–1
    Ecuador, 2015): every minute of the list, the marks between them."""
    from footkg.extract.guided import BOX_MINUTES

    line = "Switzerland: Ponce (og) 24, Humm 47, 49, 52, Bachmann 60 (pen), 61, 81, Moser 76"
    got = {n: BOX_MINUTES.match(line, line.index(n) + len(n)).group(1)
           for n in ("Ponce", "Humm", "Bachmann")}  # fmt: skip
    assert got == {"Ponce": "24", "Humm": "47, 49, 52", "Bachmann": "60 (pen), 61, 81"}


def test_pairs_named_by_meetings_past_and_to_come():
    """"whether it will be T0 or T1, who meet in Osaka", "since T0 last met T1", "gone out …
    on penalties to T1", "with T1 meeting T2 in the other game", "need T0 to beat T1", "T0
    and T1 kicked off": each a pair with no score."""
    pair = ("T0", "T1", None, None, None, False)
    assert _statements("We find out whether it will be T0 or T1, who meet in Osaka.") == [pair]
    assert _statements("It is 32 years since T0 last met T1 at a World Cup.") == [pair]
    # a pluperfect tells an earlier match: background, never the main one
    assert _statements("T0 had gone out of the 1990 World Cup on penalties to T1.") == [
        (*pair[:5], True)]
    assert _statements("They play T2, with T0 meeting T1 in the other game.")[-1] == pair
    assert _statements("They now need T0 to beat T1 in Recife today.") == [pair]
    assert _statements("T0 and T1 kicked off in Gijón the following afternoon.") == [pair]


def test_stage_words_of_a_place_won_a_numbered_group_and_a_late_edition():
    """"booked a World Cup quarter-final place … in Group 3" was a group match; "going to the
    semi-finals after beating" was the quarter-final; a paper's "Late Final" is no final."""
    from footkg.extract.results import stage_in

    assert stage_in("Portugal booked a quarter-final place, beating Bulgaria 3-0") == (
        "quarter-final", True)
    assert stage_in("beating Bulgaria 3-0 in Group 3 at Old Trafford") == ("group stage", False)
    assert stage_in("our girls are going to the semi-finals after beating the Germans") == (
        "semi-final", True)
    assert stage_in("Saturday, July 16, 1966 - Late Final") == (None, False)


def test_a_header_or_free_kick_that_began_the_move_is_not_the_goals_kind():
    """"meeting a corner that had been headed back across goal with a volley" is no header;
    "a free kick was only half cleared and shot home" is no free kick; a penalty named just
    after the goal's sentence makes the fixture's penalty one."""
    from footkg.extract.goals import _kind

    assert _kind("meeting a corner that had been headed back across goal with a volley") == (
        "regular")
    assert _kind("volleyed a fierce equaliser from a headed pass by Schäfer") == "regular"
    assert _kind("reacted first when a free kick was only half cleared and shot home") == (
        "regular")
    assert _kind("curled a free kick into the top corner") == "free_kick"
    assert _kind("Ademir, rising above Parra, headed it firmly home") == "header"


def test_a_penalty_named_just_after_the_goals_sentence():
    """"… caught Yuika Sugasawa in the box. Penalty. Sugasawa put it low" (Japan–Scotland,
    2019): the sentence that times the goal is followed by the penalty."""
    from footkg.extract.context import Sentence
    from footkg.extract.guided import _penalty_told

    parts = ["Eight minutes before the break Corsie caught Yuika Sugasawa in the box.",
             "Penalty.", "Sugasawa put it low to Lee's right."]  # fmt: skip
    sentences, pos = [], 0
    for i, p in enumerate(parts):
        sentences.append(Sentence(i, pos, pos + len(p), p))
        pos += len(p) + 1
    assert _penalty_told(sentences, sentences[0])
    assert not _penalty_told(sentences[:1], sentences[0])


def test_held_to_a_draw():
    """"T0 held T1, the world champions, to a draw of 2-2" (Northern Ireland–West Germany,
    1958), "held T1 to a goalless draw"."""
    assert _statements("T0, to-night held T1, the world champions, to a draw of 2-2 in the "
                       "Malmö Stadion.") == [("T0", "T1", 2, 2, None, False)]  # fmt: skip
    assert _statements("T0 held T1 to a goalless draw.") == [("T0", "T1", 0, 0, None, False)]


def test_results_in_more_words_and_colon_scores():
    """"got battered 3-0 by T1"; "finish second behind T1 and will play T2" (T1 is no
    subject); "goalless draws against T1 in Vigo and T2 in A Coruña before a 5-1 thrashing
    of T3" (Poland, 1982); a colon score "0:0 against T1" as European writers give it."""
    from footkg.extract.context import COLON_SCORE

    assert _statements("T0 then got battered 3-0 by T1 in the quarter-finals.") == [
        ("T0", "T1", 0, 3, None, False)]
    assert _statements("T0 finish second behind T1 and will play T2 in the last 16.") == [
        ("T0", "T2", None, None, None, False)]
    got = _statements("T0 stumbled through with goalless draws against T1 in Vigo and T2 in A "
                      "Coruña before a 5-1 thrashing of T3 woke them up.")  # fmt: skip
    assert sorted(got) == [("T0", "T1", 0, 0, None, False), ("T0", "T2", 0, 0, None, False),
                           ("T0", "T3", 5, 1, None, False)]  # fmt: skip
    assert COLON_SCORE.sub(r"\1-\2", "made a sensation with 0:0, kick-off 18:00") == (
        "made a sensation with 0-0, kick-off 18:00")


def test_the_article_goes_with_the_team_and_a_comma_ends_a_list():
    """"a quarter-final against the United States", "lost 2-1 to the Netherlands": the
    article is the team's; "…against Brazil, and the Soviet Union beat England 1-0": after a
    comma the next team is a new subject, not one more object."""
    from footkg.extract.context import Sentence, TeamRef, mask

    text = "Sweden lost 2-1 to the Netherlands."
    refs = [TeamRef(0, 6, "t:swe", "Sweden", "name"), TeamRef(23, 34, "t:ned", "Netherlands",
                                                                  "name")]  # fmt: skip
    s = Sentence(0, 0, len(text), text, refs=refs)
    mask(s, text)
    assert s.masked == "T0 lost 2-1 to T1."
    got = _statements("T0 beat T1 2-1 to earn a quarter-final against T2, and T3 beat T4 1-0.")
    assert ("T3", "T4", 1, 0, None, False) in got


def test_stages_told_in_headline_words():
    """"into semis" names the next round; "booked their place in the final with a 2-1 win …
    in a bruising semi" was the semi-final."""
    from footkg.extract.results import stage_in

    assert stage_in("Ravelli's saves send Sweden past Romania and into semis") == (
        "semi-final", True)
    assert stage_in("West Germany booked their place in the final with a 2-1 win over the "
                    "Soviet Union in a bruising semi at Goodison Park") == ("semi-final", False)


def test_live_blog_goal_lines_with_min_and_pen_marks():
    """"GOAL! Spain 3-0 Costa Rica (Ferran Torres, pen, 31 min)." gives 31; "(Olmo, 11
    min)" is a boxed goal line whose next sentences tell the goal; "Third minute of stoppage
    time." opens a sentence with no article."""
    from footkg.extract.assists import BOXED
    from footkg.extract.guided import BOX_MINUTES

    line = "GOAL! Spain 3-0 Costa Rica (Ferran Torres, pen, 31 min). Torres sends Navas"
    assert BOX_MINUTES.match(line, line.index("Torres") + 6).group(1) == "31"
    assert BOXED.search("GOAL! Spain 1-0 Costa Rica (Olmo, 11 min).")
    (t,) = find_times("Third minute of stoppage time.")
    assert (t.minute, t.stoppage) == (90, 3)


def test_a_live_blog_line_tells_its_boxed_goal_after_the_box():
    """"GOAL! Switzerland 1-1 Ecuador (Mehmedi, 48 min) … Mehmedi meets Ricardo Rodríguez's
    corner at the near post and heads it past Domínguez": the corner is the assist and the
    goal a header, read from the words after the box."""
    from footkg.extract.assists import fill_kinds
    from footkg.extract.context import Sentence

    text = ("14.04 GOAL! Switzerland 1-1 Ecuador (Mehmedi, 48 min) With his first real touch, "
            "Mehmedi meets Ricardo Rodríguez's corner at the near post and heads it past "
            "Domínguez.")  # fmt: skip
    players = [Mention(text.index("Mehmedi"), text.index("Mehmedi") + 7, "player", "p:m",
                       "Mehmedi", "t:sui"),
               Mention(text.rindex("Mehmedi"), text.rindex("Mehmedi") + 7, "player", "p:m",
                       "Mehmedi", "t:sui"),
               *_mentions(text, "t:sui", "Ricardo Rodríguez")]  # fmt: skip
    sentences = [Sentence(0, 0, len(text), text)]
    goal = GoalFact("p:m", "Admir Mehmedi", "t:sui", "Switzerland", 48,
                    Evidence(0, len(text), "test"))  # fmt: skip
    fill_assists([goal], text, players, lambda m: m.text, sentences)
    fill_kinds([goal], text, players, sentences)
    assert (goal.assist_name, goal.kind) == ("Ricardo Rodríguez", "header")


def test_a_fixture_penalty_is_one_when_the_report_says_its_scorer_took_a_penalty():
    """Mia Hamm's 6th-minute goal against Nigeria (2003; Fjelstul: a penalty), timed by "Mia
    Hamm needed just six minutes", is a penalty because "Hamm converted a PK" elsewhere."""
    from footkg.extract.context import Sentence
    from footkg.extract.guided import FixtureGoal, reconcile

    parts = ["PHILADELPHIA - Mia Hamm needed just six minutes to get the U.S. going.",
             "Hamm converted a PK and then curled in a free kick."]  # fmt: skip
    sentences = [Sentence(0, 0, len(parts[0]), parts[0], paragraph=0),
                 Sentence(1, len(parts[0]) + 2, len(parts[0]) + 2 + len(parts[1]), parts[1],
                          paragraph=1)]  # fmt: skip
    fixture = [FixtureGoal("p:hamm", "t:usa", 6, None, False, True),
               FixtureGoal("p:hamm", "t:usa", 12, None, False, False)]
    goal = GoalFact("p:hamm", "Mia Hamm", "t:usa", "United States", 6,
                    Evidence(0, len(parts[0]), "fixture-guided"))  # fmt: skip
    (kept,) = reconcile([goal], fixture, sentences, lambda t: t[2:])
    assert kept.kind == "penalty"


def test_translated_results_and_a_pluperfect_is_background():
    """"T0 defeated T1 clearly with 3-0 (2-0)" (a German writer's English) is a result; "On
    Sunday T0 had beaten T1 with 4-0" tells an earlier match (background)."""
    got = find_statements_of("In the evening T0 defeated T1 clearly with 3-0 (2-0).")
    assert [(st.a, st.b, st.score_a, st.score_b, st.background) for st in got] == [
        ("T0", "T1", 3, 0, False)]
    got = find_statements_of("On Sunday T0 had beaten T1 in Jiangmen with 4-0.")
    assert [(st.score_a, st.score_b, st.background) for st in got] == [(4, 0, True)]


def find_statements_of(masked: str):
    from footkg.extract.results import find_statements

    return find_statements(_sentence(masked))


def test_the_scorers_words_run_past_the_defender_he_beats():
    """A defender the scorer rises above does not end the scorer's words: the goal is a
    header (Nigeria–Sweden, 2002: Aghahowa's 27th-minute goal)."""
    from footkg.extract.guided import _scorer_part

    text = ("Julius Aghahowa, rising above Mellberg, a header into the far corner, and Nigeria "
            "lead in Kobe!")  # fmt: skip
    players = _mentions(text, "nga", "Julius Aghahowa") + _mentions(text, "swe", "Mellberg")
    part = _scorer_part(_sentence(text), players[0], players)
    assert "a header into the far corner" in part
    # nor does a player the writer says it was not (Norway–Canada, 2007)
    text3 = ("Leni swung in a cross and Ragnhild — our Gulbrandsen up front, not Solveig — got "
             "in front of her defender and headed it in.")  # fmt: skip
    players3 = _mentions(text3, "nor", "Ragnhild", "Solveig")
    assert "headed it in" in _scorer_part(_sentence(text3), players3[0], players3)
    # a player who is no opponent beaten still ends it ("Rildo …, but … Eusébio met …")
    text2 = "Rildo gave them hope, but five minutes from time Eusébio met a corner with his head."
    players2 = _mentions(text2, "bra", "Rildo") + _mentions(text2, "por", "Eusébio")
    assert "head" not in _scorer_part(_sentence(text2), players2[0], players2)


@pytest.mark.parametrize(
    ("line", "opens"),
    [
        ("Twenty-seven minutes gone, Sweden nil, Nigeria one. And there he goes, the "
         "cartwheel, the back-flips and the whole routine once more.", True),
        ("Twenty-eight minutes gone, 1-0 Spain, and the Spanish contingent behind the goal "
         "are on their feet and singing.", True),
        ("Twenty-seven minutes gone, and still nothing between the sides in a match that "
         "nobody will remember for long.", False),
    ],
)
def test_a_line_that_opens_with_the_time_and_the_score(line: str, opens: bool):
    """A commentator's "N minutes gone" and the score, in figures or words, times the goal
    told just before (see guided._time_only)."""
    from footkg.extract.guided import _time_only, report_clock

    s = _sentence(line)
    assert bool(_time_only(s, report_clock([s]))) is opens


def _commentary(parts: list[str]) -> tuple[str, list]:
    """Sentences of one paragraph, one per part, and the text they make."""
    from footkg.extract.context import Sentence

    sentences, at = [], 0
    for i, part in enumerate(parts):
        sentences.append(Sentence(i, at, at + len(part), part))
        at += len(part) + 1
    return " ".join(parts), sentences


def test_a_commentators_header_told_in_the_next_exclamation():
    """"… he crosses - and Skuhravý! Header! One-nil!": the sentence after the goal opens
    with its kind (Czechoslovakia–Costa Rica, 1990: Skuhravý's three headers). A sentence
    that names another player first stops the search."""
    from footkg.extract.assists import fill_kinds

    text, sentences = _commentary(
        ["Bílek wide on the right, he crosses - and Skuhravý!", "Header!", "One-nil!"])
    players = _mentions(text, "t:tch", "Bílek", "Skuhravý")
    goal = GoalFact("p:Skuhravý", "Tomáš Skuhravý", "t:tch", "Czechoslovakia", 12,
                    Evidence(0, sentences[0].end, "test"))  # fmt: skip
    fill_kinds([goal], text, players, sentences)
    assert goal.kind == "header"
    # the scorer named again in the next sentence, with the kind (Sweden–Senegal, 2002)
    text, sentences = _commentary(["Svensson to take it, inswinging... and LARSSON!",
                                   "Henrik Larsson, with his head, at the near post!"])
    players = _mentions(text, "t:swe", "Svensson", "Henrik Larsson")
    larsson = GoalFact("p:Henrik Larsson", "Henrik Larsson", "t:swe", "Sweden", 11,
                       Evidence(0, sentences[0].end, "test"))  # fmt: skip
    fill_kinds([larsson], text, players, sentences)
    assert larsson.kind == "header"
    text, sentences = _commentary(["Bílek scores from the right.", "Skuhravý!", "Header!"])
    players = _mentions(text, "t:tch", "Bílek", "Skuhravý")
    other = GoalFact("p:Bílek", "Michal Bílek", "t:tch", "Czechoslovakia", 30,
                     Evidence(0, sentences[0].end, "test"))  # fmt: skip
    fill_kinds([other], text, players, sentences)
    assert other.kind == "regular"


def test_reconcile_gives_a_pronouns_goals_to_the_fixture_scorer_the_report_names():
    """Argentina–Chile, 22 July 1930 (Fjelstul: Stábile 12' and 13', Subiabre 15'): "the
    captain Manuel Ferreira had gone home … In the twelfth minute he met a low ball …, and
    … he scored again, a minute later": the rules read "he" as Ferreira, who has no goal in
    the fixture. The report names Stábile, so both goals are his; a goal whose sentence
    names its scorer keeps him."""
    from footkg.extract.context import Sentence
    from footkg.extract.guided import FixtureGoal, reconcile

    text = ("Stábile came in because the captain Manuel Ferreira had gone home. In the twelfth "
            "minute he met a low ball, and he scored again a minute later.")  # fmt: skip
    first = text.index("In the")
    sentences = [Sentence(0, 0, first - 1, text[: first - 1]), Sentence(1, first, len(text),
                                                                         text[first:])]  # fmt: skip
    players = (_mentions(text, "t:argentina", "Stábile")
               + _mentions(text, "t:argentina", "Manuel Ferreira"))  # fmt: skip
    fixture = [FixtureGoal("p:Stábile", "t:argentina", 12, None, False, False),
               FixtureGoal("p:Stábile", "t:argentina", 13, None, False, False),
               FixtureGoal("p:Subiabre", "t:chile", 15, None, False, False)]  # fmt: skip
    goals = []
    for minute in (12, 13):
        goals.append(_goal("Manuel Ferreira", minute, team="argentina"))
        goals[-1].evidence = Evidence(first, len(text), "goal-clause")
    kept = reconcile(goals, fixture, sentences, lambda t: t[2:], players, lambda m: m.text)
    assert [(g.scorer_name, g.minute) for g in kept] == [("Stábile", 12), ("Stábile", 13)]
    named = _goal("Manuel Ferreira", 12, team="argentina")
    named.evidence = Evidence(0, first - 1, "goal-clause")  # his name is in that sentence
    kept = reconcile([named], fixture, sentences, lambda t: t[2:], players, lambda m: m.text)
    assert [g.scorer_name for g in kept] == ["Manuel Ferreira"]


def test_two_fixtures_in_one_clause_pair():
    """"T0 play T1 and T2 meet T3 in Foshan on Thursday" announces two fixtures (China–New
    Zealand and Denmark–Norway, 1991); "T0 and T1 kick off T2 round of 16 tie" (T2 being
    "their") is still one."""
    got = [st[:2] for st in _statements("T0 play T1 and T2 meet T3 in Foshan on Thursday.")]
    assert got == [("T0", "T1"), ("T2", "T3")]
    got = _statements("Over at the Stade de France, T0 and T1 kick off T2 round of 16 tie.")
    assert [st[:2] for st in got] == [("T0", "T1")]


@pytest.mark.parametrize(
    ("masked", "expected"),
    [
        # a German writer's result (Italy–Nigeria, 1991) and the fixture after it
        ("In the afternoon T0 won against T1 in the same stadium with 1-0, so the decision "
         "will come on Thursday, when T2 plays against T3 here.",
         [("T0", "T1", 1, 0), ("T2", "T3", None, None)]),
        ("T0 play the same day against T1 in Winnipeg.", [("T0", "T1", None, None)]),
        ("T0's next game is Saturday against T1, again at Foxboro Stadium.",
         [("T0", "T1", None, None)]),
        ("The other semi-final brings together T0 and T1.", [("T0", "T1", None, None)]),
        ("T0 had already held both T1 and T2 0-0 before yesterday.",
         [("T0", "T1", 0, 0), ("T0", "T2", 0, 0)]),
        ("T0 head for Barcelona, where Maradona's T1 lie in wait on Tuesday.",
         [("T0", "T1", None, None)]),
        ("With T0 having drawn 0-0 with T1 and T2 having edged T3 1-0 on the opening matchday.",
         [("T0", "T1", 0, 0), ("T2", "T3", 1, 0)]),
        ("In the other match of our group, T0 has won 2-0 against T1 in Marseille.",
         [("T0", "T1", 2, 0)]),
        ("She scored in that match, before T1 lost the final 2-0 to T2 in Shanghai.",
         [("T1", "T2", 0, 2)]),
        ("The final, T0 against T1, will therefore be played at Colombes on Sunday.",
         [("T0", "T1", None, None)]),
        ("With this result T0 will face the world champion T1 in the semi-final.",
         [("T0", "T1", None, None)]),
        ("T0 go to Munich for Sunday's final in the Olympiastadion against T1.",
         [("T0", "T1", None, None)]),
        ("T0 finish Group F against T1 in Porto Alegre on Wednesday.", [("T0", "T1", None, None)]),
        ("The next match of T0 will be on Thursday 18 June against T1 at the Stade de France.",
         [("T0", "T1", None, None)]),
        # a group one is in with others is no fixture
        ("T0 now take T1 place in the final pool with T2, T3 and T4.", []),
        # a list of wins with their places (Saudi Arabia, 1994)
        ("T0 had won fans with group-stage wins over T1, 2-1 at Giants Stadium, and T2, 1-0 in "
         "Washington.", [("T0", "T1", 2, 1), ("T0", "T2", 1, 0)]),
    ],
)
def test_results_and_fixtures_told_in_passing(masked: str, expected: list):
    """Other matches as writers mention them: (team, team, goals, goals), a fixture's goals
    ``None``."""
    assert [st[:4] for st in _statements(masked)] == expected


def test_a_team_right_before_its_verb_is_its_subject():
    """"…gave T0 a 1-0 win over T1 in Yekaterinburg, and T2 drew 1-1 with T3 in Samara":
    Denmark drew with Australia (2018), not France."""
    got = _statements("Earlier today: Mbappé's goal gave T0 a 1-0 win over T1 in Yekaterinburg, "
                      "and T2 drew 1-1 with T3 in Samara.")  # fmt: skip
    assert [st[:4] for st in got] == [("T0", "T1", 1, 0), ("T2", "T3", 1, 1)]


def test_a_finish_into_the_top_corner():
    """"curled it over the wall and into the top corner" finishes a goal (guided.FINISH);
    "into the corner" and "into the roof of the net" too."""
    from footkg.extract.guided import FINISH

    assert FINISH.search("curled it over the wall and into the top corner")
    assert FINISH.search("drove it low into the corner")
    assert FINISH.search("smashed it into the roof of the net")
    assert not FINISH.search("ran into the box")


def test_a_result_in_the_pluperfect_is_an_earlier_match():
    """"The Swedes had lost 2-1 to Brazil in Turin" is background to a diary of Scotland 2,
    Sweden 1 (Italia 90); "T0 had to beat T1" is no result at all."""
    got = _statements("T0 had lost 2-1 to T1 in Turin, so both sides walked out knowing it.")
    assert got == [("T0", "T1", 1, 2, None, True)]
    assert _statements("T0 lost 2-1 to T1 in Turin.")[0][5] is False


def test_the_goal_was_hers():
    """"… after Oshoala had dragged two defenders … Three minutes later it was level, and this
    time the goal was hers": "hers" refers back to Oshoala (Nigeria–Sweden, 2015)."""
    from footkg.extract.guided import _sightings

    text, sentences = _commentary([
        "Okobi pulled one back after Oshoala had dragged two defenders away.",
        "Three minutes later it was level, and this time the goal was hers."])  # fmt: skip
    players = _mentions(text, "nga", "Okobi", "Oshoala")
    assert (sentences[1], players[1]) in _sightings(sentences, players)


@pytest.mark.parametrize(
    ("text", "team", "place"),
    [
        ("Iran, 6-2 losers to England in their opener, meet the United States.", "England",
         False),
        ("Five-two to Scotland, three-nil to the Soviet Union.", "Scotland", False),
        ("The squad flew back to England on Sunday.", "England", True),
    ],
)
def test_a_team_after_a_score_is_no_place(text: str, team: str, place: bool):
    """"losers to England" and "five-two to Scotland" name teams; "flew back to England" a
    place."""
    from footkg.extract.context import TeamRef, is_place_use

    start = text.index(team)
    assert is_place_use(text, TeamRef(start, start + len(team), f"t:{team}", team, "name")) is place
