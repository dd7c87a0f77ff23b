"""Issue 22, data side: one regression test per reported case, each with its small input inline
and what it guards against in its docstring (as pySHACL keeps ``test/issues/test_NNN.py``).

The facts are real (the 1930 World Cup, martj42's results); each input is a few rows written
into a temporary folder laid out like ``../shared/data``, and what reaches the graph is read
back with SPARQL.
"""

from __future__ import annotations

import csv
from datetime import date
from pathlib import Path

import pyoxigraph as ox
import pytest

from footkg import resources, vocab
from footkg.ingest.derive import derive
from footkg.ingest.integrate import Integrated, integrate
from footkg.ingest.mapping import map_all
from footkg.ingest.resolve import TeamNames, read_name_rules
from footkg.ingest.sources import fjelstul, intl_results, openfootball
from footkg.model import DatasetInfo, Goal, Match, Player, SourceData, SourceRef, SquadEntry
from footkg.query import catalogue as queries

FK = "https://w3id.org/footkg/ontology#"
RES = vocab.RES_NS

# --- tiny datasets --------------------------------------------------------------------------

#: The columns footkg reads from each Fjelstul table (the real files have more).
FJELSTUL_HEADERS = {
    "tournaments": "tournament_id,tournament_name,year,start_date,end_date,winner,count_teams",
    "host_countries": "tournament_id,team_name",
    "teams": "team_id,team_name,team_code,mens_team,womens_team,confederation_code,"
    "mens_team_wikipedia_link,womens_team_wikipedia_link",
    "players": "player_id,family_name,given_name,birth_date,female,player_wikipedia_link",
    "stadiums": "stadium_id,stadium_name,city_name,country_name,stadium_capacity,"
    "stadium_wikipedia_link",
    "penalty_kicks": "key_id,penalty_kick_id,match_id,team_name,player_id,family_name,"
    "given_name,converted",
    "matches": "tournament_id,tournament_name,match_id,stage_name,group_name,replayed,replay,"
    "match_date,stadium_name,city_name,country_name,home_team_name,away_team_name,"
    "home_team_score,away_team_score,extra_time,penalty_shootout,home_team_score_penalties,"
    "away_team_score_penalties",
    "goals": "goal_id,match_id,team_name,player_id,family_name,given_name,player_team_name,"
    "minute_regulation,minute_stoppage,own_goal,penalty",
    "squads": "tournament_id,tournament_name,team_name,player_id,shirt_number,position_name",
    "manager_appointments": "tournament_id,tournament_name,team_name,manager_id,family_name,"
    "given_name,country_name",
    # the tables issue 19 loads (header only here: none of their rows is needed)
    "player_appearances": "key_id,tournament_id,tournament_name,match_id,match_name,match_date,"
    "stage_name,group_name,team_id,team_name,team_code,home_team,away_team,player_id,"
    "family_name,given_name,shirt_number,position_name,position_code,starter,substitute",
    "substitutions": "key_id,substitution_id,tournament_id,tournament_name,match_id,match_name,"
    "match_date,stage_name,group_name,team_id,team_name,team_code,home_team,away_team,player_id,"
    "family_name,given_name,shirt_number,minute_label,minute_regulation,minute_stoppage,"
    "match_period,going_off,coming_on",
    "bookings": "key_id,booking_id,tournament_id,tournament_name,match_id,match_name,match_date,"
    "stage_name,group_name,team_id,team_name,team_code,home_team,away_team,player_id,"
    "family_name,given_name,shirt_number,minute_label,minute_regulation,minute_stoppage,"
    "match_period,yellow_card,red_card,second_yellow_card,sending_off",
    "confederations": "key_id,confederation_id,confederation_name,confederation_code,"
    "confederation_wikipedia_link",
    "referees": "key_id,referee_id,family_name,given_name,female,country_name,confederation_id,"
    "confederation_name,confederation_code,referee_wikipedia_link",
    "referee_appointments": "key_id,tournament_id,tournament_name,referee_id,family_name,"
    "given_name,country_name,confederation_id,confederation_name,confederation_code",
    "referee_appearances": "key_id,tournament_id,tournament_name,match_id,match_name,match_date,"
    "stage_name,group_name,referee_id,family_name,given_name,country_name,confederation_id,"
    "confederation_name,confederation_code",
    "manager_appearances": "key_id,tournament_id,tournament_name,match_id,match_name,match_date,"
    "stage_name,group_name,team_id,team_name,team_code,home_team,away_team,manager_id,"
    "family_name,given_name,country_name",
    "awards": "key_id,award_id,award_name,award_description,year_introduced",
    "award_winners": "key_id,tournament_id,tournament_name,award_id,award_name,shared,player_id,"
    "family_name,given_name,team_id,team_name,team_code",
    "group_standings": "key_id,tournament_id,tournament_name,stage_number,stage_name,group_name,"
    "position,team_id,team_name,team_code,played,wins,draws,losses,goals_for,goals_against,"
    "goal_difference,points,advanced",
    "tournament_standings": "key_id,tournament_id,tournament_name,position,team_id,team_name,"
    "team_code",
    "qualified_teams": "key_id,tournament_id,tournament_name,team_id,team_name,team_code,"
    "count_matches,performance",
    "team_appearances": "key_id,tournament_id,tournament_name,match_id,match_name,stage_name,"
    "group_name,group_stage,knockout_stage,replayed,replay,match_date,match_time,stadium_id,"
    "stadium_name,city_name,country_name,team_id,team_name,team_code,opponent_id,opponent_name,"
    "opponent_code,home_team,away_team,goals_for,goals_against,goal_differential,extra_time,"
    "penalty_shootout,penalties_for,penalties_against,result,win,lose,draw",
    "tournament_stages": "key_id,tournament_id,tournament_name,stage_number,stage_name,"
    "group_stage,knockout_stage,unbalanced_groups,start_date,end_date,count_matches,count_teams,"
    "count_scheduled,count_replays,count_playoffs,count_walkovers",
}
WC_1930 = "WC-1930,1930 FIFA Men's World Cup"
#: 1930, Group 1: France 4–1 Mexico (13 July) and Chile 1–0 France (19 July), as Fjelstul has them.
FRANCE_MEXICO = (f"{WC_1930},M-1930-01,group stage,Group 1,0,0,1930-07-13,Estadio Pocitos,"
                 "Montevideo,Uruguay,France,Mexico,4,1,0,0,0,0")  # fmt: skip
CHILE_FRANCE = (f"{WC_1930},M-1930-10,group stage,Group 1,0,0,1930-07-19,Estadio Centenario,"
                "Montevideo,Uruguay,Chile,France,1,0,0,0,0,0")  # fmt: skip
#: The first World Cup goal: Lucien Laurent, 19', France v Mexico.
LAURENT = "G-0001,M-1930-01,France,P-05470,Laurent,Lucien,France,19,0,0,0"
INTL_HEADERS = {
    "results.csv": "date,home_team,away_team,home_score,away_score,tournament,city,country,"
    "neutral",
    "goalscorers.csv": "date,home_team,away_team,team,scorer,minute,own_goal,penalty",
    "shootouts.csv": "date,home_team,away_team,winner,first_shooter",
    "former_names.csv": "current,former,start_date,end_date",
}


def write_fjelstul(root: Path, **rows: list[str]) -> Path:
    """A Fjelstul folder under ``root`` with the 1930 tournament, its teams, and ``rows`` per
    table (header: :data:`FJELSTUL_HEADERS`)."""
    folder = root / "fjelstul-worldcup" / "data-csv"
    folder.mkdir(parents=True)
    defaults = {
        "tournaments": [f"{WC_1930},1930,1930-07-13,1930-07-30,Uruguay,13"],
        "teams": [
            f"T-{n},{name},{code},1,0,{conf},not available,not applicable"
            for n, name, code, conf in (
                (13, "Chile", "CHL", "CONMEBOL"),
                (30, "France", "FRA", "UEFA"),
                (46, "Mexico", "MEX", "CONCACAF"),
                (82, "Uruguay", "URY", "CONMEBOL"),
            )
        ],
        "players": ["P-05470,Laurent,Lucien,1907-12-10,0,not available"],
    }
    for table, header in FJELSTUL_HEADERS.items():
        lines = [header, *rows.get(table, defaults.get(table, []))]
        (folder / f"{table}.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def write_intl(root: Path, **rows: list[str]) -> Path:
    """A martj42 folder under ``root`` with ``rows`` per file (``results``, ``goalscorers``…)."""
    folder = root / "intl-results"
    folder.mkdir(parents=True)
    for name, header in INTL_HEADERS.items():
        lines = [header, *rows.get(name.removesuffix(".csv"), [])]
        (folder / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def integrated_and_graph(*sources: SourceData) -> tuple[Integrated, ox.Store]:
    """What footkg makes of ``sources``: the integrated records, and the store built from them
    (integrated, derived, mapped, loaded)."""
    rules_file = resources.data_dir() / "team-names.csv"
    known = {name for s in sources for m in s.matches for name in (m.home, m.away)}
    integrated = integrate(sources, TeamNames(read_name_rules(rules_file), known_names=known))
    store = ox.Store()
    store.load(map_all(integrated, derive(integrated)).to_nquads(), format=ox.RdfFormat.N_QUADS)
    return integrated, store


def graph_of(*sources: SourceData) -> ox.Store:
    """The store footkg would build from ``sources``."""
    return integrated_and_graph(*sources)[1]


def select(store: ox.Store, query: str) -> list[dict[str, str]]:
    """Rows of a SELECT over the union of the graphs, as plain strings."""
    prefixes = f"PREFIX fk: <{FK}>\nPREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n"
    rows = store.query(prefixes + query, use_default_graph_as_union=True)
    names = [v.value for v in rows.variables]
    return [{n: r[n].value for n in names if r[n] is not None} for r in rows]


def head_to_head(store: ox.Store, team_a: str, team_b: str) -> dict[str, str]:
    """The catalogue's ``head-to-head`` row for two team names (empty when they never met)."""
    q = queries.load_catalogue(resources.queries_dir()).get("head-to-head")
    iri = lambda name: RES + "team/" + vocab.slug(name)  # noqa: E731
    bindings = queries.bind_params(q, {"team_a": team_a, "team_b": team_b}, resolve_team=iri)
    rows = queries.run(store, q, bindings).records()
    return {k: str(v) for k, v in rows[0].items()} if rows else {}


def reasons(data: SourceData) -> list[tuple[str, int, str]]:
    """``(file, line, reason)`` of every skipped row."""
    return [(s.ref.file, s.ref.line, s.reason) for s in data.skipped]


# --- item 2: a duplicated match row is not a phantom match ------------------------------------


def test_a_copied_fjelstul_match_row_is_skipped_not_a_phantom_match(tmp_path: Path) -> None:
    """M-1930-10 (Chile 1–0 France) copied in matches.csv minted a second match
    ``…-chile-france-2``: head-to-head read played 2, 2–0, with nothing skipped or warned."""
    root = write_fjelstul(tmp_path, matches=[FRANCE_MEXICO, CHILE_FRANCE, CHILE_FRANCE])
    data = fjelstul.load(root)
    assert [m.key for m in data.matches] == ["M-1930-01", "M-1930-10"]
    assert reasons(data) == [("data-csv/matches.csv", 4, "duplicate-key")]
    assert "match_id 'M-1930-10' is already loaded from line 3" in data.skipped[0].detail
    store = graph_of(data)
    record = head_to_head(store, "Chile", "France")
    assert (record["played"], record["wins"], record["goalsFor"], record["goalsAgainst"]) == (
        "1", "1", "1", "0"
    )  # fmt: skip
    matches = select(store, "SELECT ?m WHERE { ?m a fk:Match ; fk:date ?d } ")
    assert sorted(r["m"].rsplit("/", 1)[1] for r in matches) == [
        "1930-07-13-france-mexico", "1930-07-19-chile-france"
    ]  # fmt: skip


def test_a_copied_intl_results_row_is_skipped_and_named(tmp_path: Path) -> None:
    """The same copy in martj42's results.csv: the row is skipped (it names the first), and
    only the real second meeting of a day (Tahiti v New Caledonia 1974-02-17, 2–1 and 1–2)
    stays two matches."""
    root = write_intl(tmp_path, results=[
        "1930-07-19,Chile,France,1,0,FIFA World Cup,Montevideo,Uruguay,TRUE",
        "1930-07-19,Chile,France,1,0,FIFA World Cup,Montevideo,Uruguay,TRUE",
        "1974-02-17,Tahiti,New Caledonia,2,1,Friendly,Papeete,Tahiti,FALSE",
        "1974-02-17,Tahiti,New Caledonia,1,2,Friendly,Papeete,Tahiti,FALSE",
    ])  # fmt: skip
    data = intl_results.load(root)
    assert reasons(data) == [("results.csv", 3, "duplicate-row")]
    store = graph_of(data)
    assert head_to_head(store, "Chile", "France")["played"] == "1"
    assert head_to_head(store, "Tahiti", "New Caledonia")["played"] == "2"


def test_a_copied_openfootball_match_is_skipped(tmp_path: Path) -> None:
    """openfootball keys matches by their place in the file, so a copied item was a new key:
    the (date, team1, team2) key now refuses it."""
    folder = tmp_path / "openfootball-worldcup" / "1930"
    folder.mkdir(parents=True)
    item = ('{"round": "Matchday 2", "group": "Group 1", "date": "1930-07-19", "team1": "Chile",'
            ' "team2": "France", "score": {"ft": [1, 0]},'
            ' "goals1": [{"name": "Guillermo Subiabre", "minute": 65}], "goals2": []}')  # fmt: skip
    (folder / "worldcup.json").write_text(
        f'{{"name": "World Cup 1930", "matches": [{item}, {item}]}}', encoding="utf-8"
    )
    data = openfootball.load(tmp_path)
    assert len(data.matches) == 1 and len(data.goals) == 1
    assert reasons(data) == [("1930/worldcup.json", 2, "duplicate-key")]
    assert "already loaded from item 1" in data.skipped[0].detail


# --- item 3: a duplicated goal row adds no goal -----------------------------------------------


def test_a_copied_fjelstul_goal_row_adds_no_goal(tmp_path: Path) -> None:
    """G-0001 twice made Lucien Laurent score twice; the only signal was a SHACL warning."""
    root = write_fjelstul(tmp_path, matches=[FRANCE_MEXICO], goals=[LAURENT, LAURENT])
    data = fjelstul.load(root)
    assert reasons(data) == [("data-csv/goals.csv", 3, "duplicate-key")]
    goals = select(graph_of(data), """SELECT ?g ?minute WHERE {
        ?g a fk:Goal ; fk:scorer/rdfs:label "Lucien Laurent" ; fk:minute ?minute }""")
    assert [g["minute"] for g in goals] == ["19"]


def test_a_copied_intl_goal_row_beyond_the_score_is_skipped(tmp_path: Path) -> None:
    """martj42 has no goal IDs: a goal row twice was loaded twice. Chile 1–0 France has one goal
    (Guillermo Subiabre, 65'); its copy would give Chile 2 and is skipped, naming the first."""
    root = write_intl(
        tmp_path,
        results=["1930-07-19,Chile,France,1,0,FIFA World Cup,Montevideo,Uruguay,TRUE"],
        goalscorers=["1930-07-19,Chile,France,Chile,Guillermo Subiabre,65,FALSE,FALSE"] * 2,
    )
    data = intl_results.load(root)
    assert len(data.goals) == 1
    assert reasons(data) == [("goalscorers.csv", 3, "duplicate-row")]
    assert "same goal as line 2" in data.skipped[0].detail
    goals = select(graph_of(data), "SELECT ?g WHERE { ?g a fk:Goal }")
    assert len(goals) == 1


def test_two_equal_goal_rows_within_the_score_are_two_goals(tmp_path: Path) -> None:
    """The natural key is not unique in real data: Fatih Tekke scored twice in stoppage time of
    Turkey 4–0 Kazakhstan (2004-10-09), both folded into minute 90 by martj42, so two equal
    rows are two goals while the score allows them."""
    result = "2004-10-09,Turkey,Kazakhstan,4,0,FIFA World Cup qualification,Istanbul,Turkey,FALSE"
    rows = ["2004-10-09,Turkey,Kazakhstan,Turkey,Fatih Tekke,90,FALSE,FALSE"] * 2
    data = intl_results.load(write_intl(tmp_path, results=[result], goalscorers=rows))
    assert len(data.goals) == 2 and data.skipped == []


# --- item 4: one player, one IRI ----------------------------------------------------------------


def _info(key: str) -> DatasetInfo:
    return DatasetInfo(key, key, f"https://example.org/{key}", "1", "http://x/licence")


def test_letters_without_a_decomposition_fold_so_one_player_keeps_one_iri() -> None:
    """``ł``, ``ı``, ``Þ``/``ð`` were not folded: Paweł Janas of Fjelstul's 1982 Poland squad and
    "Pawel Janas" who scored for Poland in martj42 were two players, and so were the 2026 squad's
    Barış Alper Yılmaz and martj42's "Baris Alper Yilmaz" (Croatia 0–1 Turkey, 2023-10-12)."""
    at = SourceRef("squads", "players.csv", 2)
    wc = vocab.MENS_WORLD_CUP
    squads = SourceData(
        info=_info("squads"),
        players=[
            Player(at, "P-1", "Paweł Janas", birth_date=date(1953, 3, 4), gender="men"),
            Player(at, "P-2", "Barış Alper Yılmaz", birth_date=date(2000, 5, 23), gender="men"),
        ],
        squads=[
            SquadEntry(at, wc, 1982, "Poland", "P-1"),
            SquadEntry(at, wc, 2026, "Turkey", "P-2"),
        ],
    )
    ref = SourceRef("results", "results.csv", 2)
    euro = "UEFA Euro qualification"
    results = SourceData(
        info=_info("results"),
        matches=[
            Match(ref, "a", date(1983, 4, 17), "Poland", "Finland", 1, 1, euro),
            Match(ref, "b", date(2023, 10, 12), "Croatia", "Turkey", 0, 1, euro),
        ],
        goals=[
            Goal(ref, "a", "Poland", "Pawel Janas", 35),
            Goal(ref, "b", "Turkey", "Baris Alper Yilmaz", 21),
        ],
    )
    store = graph_of(squads, results)
    scorers = select(store, "SELECT DISTINCT ?p WHERE { ?g a fk:Goal ; fk:scorer ?p }")
    assert sorted(r["p"].rsplit("/", 1)[1] for r in scorers) == [
        "baris-alper-yilmaz", "pawel-janas"
    ]  # fmt: skip
    players = select(store, "SELECT ?p WHERE { ?p a fk:Player }")
    assert len(players) == 2


def test_ascii_symbols_keep_names_apart() -> None:
    """``C+``, ``C#`` and ``C`` were one identity key, and ``C#`` and ``C`` one IRI, though
    vocab.py promises that distinct names never collide; spaces and punctuation still fold."""
    keys = {name: vocab.identity_key(name) for name in ("C", "C#", "C+")}
    assert keys == {"C": "c", "C#": "c-number-sign", "C+": "c-plus-sign"}
    assert len({vocab.player_iri(name) for name in keys}) == 3
    assert vocab.slug("C") == "c"
    assert vocab.identity_key("Guinea-Bissau") == vocab.identity_key("Guinea Bissau")
    assert vocab.slug("Paweł Janas") == "pawel-janas"
    assert vocab.slug("Đorđe Vujadinović") == "dorde-vujadinovic"
    assert vocab.slug("Æ Ø Å") == "ae-o-a"
    assert vocab.slug("孫興慜").startswith("sunxingmin-")  # transliterated, and kept apart
    assert vocab.slug("孫興慜") != vocab.slug("孫興敏")


def _read_skipped(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


# --- item 5: cases from public bug reports against football data -----------------------------


def test_shootout_kicks_added_to_the_score_are_not_kept_as_the_result(tmp_path: Path) -> None:
    """A results row 7–5 with a shoot-out row kept 7–5 and dropped the shoot-out as a
    "two-legged tie". The 2022 final was 3–3 and 4–2 on penalties: written 7–5, with no first
    leg to make a tie, the row is skipped (``shootout-in-score``), never kept as the result,
    with its goal rows. A real two-legged tie keeps its second leg's score: Uruguay 1–0 and
    Australia 1–0 (2005), Australia through on penalties."""
    root = write_intl(
        tmp_path,
        results=[
            "2022-12-18,Argentina,France,7,5,FIFA World Cup,Lusail,Qatar,TRUE",
            "2005-11-12,Uruguay,Australia,1,0,FIFA World Cup qualification,Montevideo,,FALSE",
            "2005-11-16,Australia,Uruguay,1,0,FIFA World Cup qualification,Sydney,,FALSE",
        ],
        goalscorers=["2022-12-18,Argentina,France,Argentina,Lionel Messi,23,FALSE,TRUE"],
        shootouts=[
            "2022-12-18,Argentina,France,Argentina,France",
            "2005-11-16,Australia,Uruguay,Australia,Australia",
        ],
    )
    data = intl_results.load(root)
    assert reasons(data) == [
        ("results.csv", 2, "shootout-in-score"),
        ("shootouts.csv", 2, "shootout-in-score"),
        ("shootouts.csv", 3, "shootout-not-level"),
        ("goalscorers.csv", 2, "no-match"),
    ]
    assert "kicks look added to the score" in data.skipped[0].detail
    store = graph_of(data)
    assert head_to_head(store, "Argentina", "France") == {}
    record = head_to_head(store, "Australia", "Uruguay")
    assert (record["played"], record["wins"], record["losses"]) == ("2", "1", "1")


def test_a_former_name_outside_its_period_is_flagged_not_resolved(tmp_path: Path) -> None:
    """martj42's ``Ireland`` is Northern Ireland from 1882 to 1956; a 2024 row naming Ireland
    (Republic of Ireland 0–1 Switzerland, Dublin) resolved to Northern Ireland. It is skipped
    as ``name-out-of-period``; Wales 0–0 Ireland in 1950 is still Northern Ireland's."""
    root = write_intl(
        tmp_path,
        results=[
            "1950-03-15,Wales,Ireland,0,0,British Home Championship,Wrexham,Wales,FALSE",
            "2024-03-26,Ireland,Switzerland,0,1,Friendly,Dublin,Republic of Ireland,FALSE",
        ],
        former_names=["Northern Ireland,Ireland,1882-02-18,1956-04-11"],
    )
    integrated, store = integrated_and_graph(intl_results.load(root))
    assert [(r.ref.line, r.reason) for r in integrated.skipped] == [(3, "name-out-of-period")]
    assert "not on 2024-03-26" in integrated.skipped[0].detail
    assert head_to_head(store, "Wales", "Northern Ireland")["played"] == "1"
    assert head_to_head(store, "Northern Ireland", "Switzerland") == {}


def test_an_unknown_near_miss_team_is_reported_not_minted(tmp_path: Path) -> None:
    """``Uruguray`` (one row) became a new team. A name no table and no other source knows,
    within a typo of a known team, is now skipped as ``unknown-team`` with the suggestion."""
    write_fjelstul(tmp_path, matches=[FRANCE_MEXICO])
    write_intl(tmp_path, results=[
        "1930-07-30,Uruguray,Argentina,4,2,FIFA World Cup,Montevideo,Uruguay,FALSE",
    ])  # fmt: skip
    sources = (fjelstul.load(tmp_path), intl_results.load(tmp_path))
    integrated, store = integrated_and_graph(*sources)
    assert [r.reason for r in integrated.skipped] == ["unknown-team"]
    assert "did you mean 'Uruguay'?" in integrated.skipped[0].detail
    teams = select(store, "SELECT ?t WHERE { ?t a fk:NationalTeam }")
    assert not [t for t in teams if "uruguray" in t["t"]]


def test_a_neutral_flag_against_the_venue_country_is_flagged(tmp_path: Path) -> None:
    """``neutral`` was never checked against the venue's country: martj42 marks the Soviet
    Union's 3–0 against Poland in Moscow (1957) neutral. Played in the home team's own country
    (its name at the time), the row loads without the flag and is listed as flagged."""
    root = write_intl(
        tmp_path,
        results=[
            "1957-06-23,Russia,Poland,3,0,FIFA World Cup qualification,Moscow,Soviet Union,TRUE",
            "1957-10-20,Poland,Russia,2,1,FIFA World Cup qualification,Chorzów,Poland,FALSE",
        ],
        former_names=["Russia,Soviet Union,1924-11-16,1991-11-13"],
    )
    data = intl_results.load(root)
    assert [(f.ref.line, f.reason) for f in data.flagged] == [(2, "neutral-at-home")]
    assert [m.neutral for m in data.matches] == [None, False]
    rows = select(graph_of(data), "SELECT ?m ?n WHERE { ?m fk:neutralVenue ?n }")
    assert [(r["m"].rsplit("/", 1)[1], r["n"]) for r in rows] == [
        ("1957-10-20-poland-russia", "false")
    ]


#: Five 2016 World Cup qualifiers with their goal rows (martj42), and Bolivia 0–3 Peru, which
#: Bolivia won 2–0 on the pitch: FIFA awarded it to Peru (Bolivia fielded an ineligible player).
QUALIFIERS_2016 = [
    ("2016-03-29,Uruguay,Peru,1,0", "Uruguay,Edinson Cavani,51,FALSE"),
    ("2016-09-01,Argentina,Uruguay,1,0", "Argentina,Lionel Messi,43,FALSE"),
    ("2016-10-06,Paraguay,Colombia,0,1", "Colombia,Edwin Cardona,90,FALSE"),
    ("2016-10-11,Argentina,Paraguay,0,1", "Paraguay,Derlis González,17,FALSE"),
    ("2016-11-15,Bolivia,Paraguay,1,0", "Bolivia,Gustavo Gómez,77,TRUE"),
]


def test_an_awarded_result_is_typed_awarded_and_not_counted_as_played(tmp_path: Path) -> None:
    """Awarded results were treated as played and ``fk:awarded`` was never set. A 3–0 with no
    goal row, among qualifiers whose goal lists are complete, is awarded: typed so, with its
    winner, and in no head-to-head record; the 1938 Sweden–Austria walkover too."""
    where = "FIFA World Cup qualification,South America,,FALSE"
    results = [f"{row},{where}" for row, _ in QUALIFIERS_2016]
    goals = [f"{row.rsplit(',', 2)[0]},{goal},FALSE" for row, goal in QUALIFIERS_2016]
    results.append(f"2016-09-01,Bolivia,Peru,0,3,{where}")
    data = intl_results.load(write_intl(tmp_path, results=results, goalscorers=goals))
    assert [m.key for m in data.matches if m.awarded] == ["2016-09-01|Bolivia|Peru"]
    folder = tmp_path / "openfootball-worldcup" / "1938"
    folder.mkdir(parents=True)
    (folder / "worldcup.json").write_text("""{"name": "World Cup 1938", "matches": [
        {"round": "Round of 16", "date": "1938-06-05", "team1": "Sweden", "team2": "Austria",
         "status": "canceled"},
        {"round": "Quarter-finals", "date": "1938-06-12", "team1": "Sweden", "team2": "Cuba",
         "score": {"ft": [8, 0]}}]}""", encoding="utf-8")
    store = graph_of(data, openfootball.load(tmp_path))
    awarded = select(store, "SELECT ?m ?w WHERE { ?m fk:awarded true ; fk:winner ?w }")
    assert sorted((r["m"].rsplit("/", 1)[1], r["w"].rsplit("/", 1)[1]) for r in awarded) == [
        ("1938-06-05-sweden-austria", "sweden"), ("2016-09-01-bolivia-peru", "peru")
    ]  # fmt: skip
    assert head_to_head(store, "Bolivia", "Peru") == {}
    assert head_to_head(store, "Bolivia", "Paraguay")["played"] == "1"
    records = select(store, "SELECT ?r WHERE { ?r a fk:HeadToHead ; fk:team1|fk:team2 ?t }"
                     f" VALUES ?t {{ <{RES}team/peru> }}")  # fmt: skip
    assert len(records) == 1  # Peru's only record is with Uruguay


# --- item 8: every skipped row listed; a broken source file does not abort the build ---------


def _build(data_dir: Path, store: Path):
    from footkg.ingest.pipeline import BuildOptions, build

    options = BuildOptions(store_path=store, data_dir=data_dir, cache_dir=store.parent / "cache",
                           validate=False, demo_articles=False)  # fmt: skip
    return build(options)


def test_every_skipped_row_is_listed_beside_the_store(tmp_path: Path) -> None:
    """The build named only the first 3 skipped rows per source; now all go to
    ``STORE/skipped-rows.csv`` (counted by reason in the summary)."""
    bad = [f"1930-07-{d:02d},Chile,France,x,0,Friendly,Montevideo,,TRUE" for d in range(1, 6)]
    write_fjelstul(tmp_path / "data", matches=[FRANCE_MEXICO, CHILE_FRANCE, CHILE_FRANCE])
    write_intl(tmp_path / "data", results=bad)
    report = _build(tmp_path / "data", tmp_path / "store")
    listed = _read_skipped(tmp_path / "store" / "skipped-rows.csv")
    assert report.skipped_file == tmp_path / "store" / "skipped-rows.csv"
    assert [(r["dataset"], r["file"], r["line"], r["reason"], r["action"]) for r in listed] == [
        ("fjelstul-worldcup", "data-csv/matches.csv", "4", "duplicate-key", "skipped"),
        *[("intl-results", "results.csv", str(n), "bad-score", "skipped") for n in range(2, 7)],
    ]
    assert "'x' is not a number of goals" in listed[1]["detail"]
    by_source = {s.key: dict(s.skipped_by_reason) for s in report.sources}
    assert by_source["intl-results"] == {"bad-score": 5}


def _break(path: Path, how: str) -> None:
    if how == "missing":
        path.unlink()
    elif how == "empty":
        path.write_text("", encoding="utf-8")
    else:  # a renamed column
        path.write_text(path.read_text(encoding="utf-8").replace("home_score", "home_goals"))


@pytest.mark.parametrize("how", ["missing", "empty", "renamed-header"])
def test_a_broken_source_file_does_not_abort_the_build(tmp_path: Path, how: str) -> None:
    """A missing, empty or renamed-header file aborted the whole build: now every other source
    is built, the one that failed is reported, and the store answers from the rest."""
    data = write_fjelstul(tmp_path / "data", matches=[FRANCE_MEXICO, CHILE_FRANCE])
    write_intl(data, results=["1930-07-19,Chile,France,1,0,FIFA World Cup,Montevideo,Uruguay,TRUE"])
    _break(data / "intl-results" / "results.csv", how)
    report = _build(data, tmp_path / "store")
    # the broken one, and the datasets this folder does not hold (openfootball, the club data)
    assert set(report.failed) == {"intl-results", "openfootball-worldcup", "engsoccerdata-england",
                                  "openfootball-football", "openfootball-euro"}  # fmt: skip
    assert "results.csv" in report.failed["intl-results"]
    from footkg.store.local import open_store

    assert head_to_head(open_store(tmp_path / "store"), "Chile", "France")["played"] == "1"


def test_footkg_build_exits_2_naming_the_source_that_failed(tmp_path: Path) -> None:
    """The command reports the failed source and exits non-zero, though the store was built."""
    from typer.testing import CliRunner

    from footkg.cli.app import app

    data = write_fjelstul(tmp_path / "data", matches=[FRANCE_MEXICO, CHILE_FRANCE])
    write_intl(data)
    _break(data / "intl-results" / "results.csv", "renamed-header")
    store = tmp_path / "store"
    result = CliRunner().invoke(app, ["build", "--store", str(store), "--data-dir", str(data),
                                      "--no-export", "--no-validate"])  # fmt: skip
    assert result.exit_code == 2, result.output
    output = " ".join(result.output.split())  # rich wraps long lines
    assert "source intl-results FAILED" in output
    assert "missing required column(s) home_score" in output
    assert (store / "current").is_dir()


# --- item 7: kill -9 leaves nothing behind --------------------------------------------------

_KILLED_WHILE_LOADING = """
import os, signal, sys
from pathlib import Path
from footkg.store.local import StoreBuild
build = StoreBuild(Path(sys.argv[1]))
with build.load_path.open("wb") as handle:
    handle.write(b"<http://example.org/s> <http://example.org/p> \\"killed\\" .\\n" * 100_000)
build.load_nquads_file(build.load_path)
print(build.folder.name, flush=True)
os.kill(os.getpid(), signal.SIGKILL)  # as `kill -9` would, while the load file is open
"""


def test_a_build_killed_while_loading_leaves_no_load_file_and_is_swept(tmp_path: Path) -> None:
    """A build killed while writing, loading or validating left ``STORE/.load-<stamp>.nq``
    (104–312 MB) that nothing removed. The load file is now unlinked once opened, so a kill
    frees it; the killed build's folder is removed by the next build, and ``current`` answers
    throughout."""
    import subprocess
    import sys

    from footkg.store.local import open_store

    data = write_fjelstul(tmp_path / "data", matches=[FRANCE_MEXICO, CHILE_FRANCE])
    store = tmp_path / "store"
    _build(data, store)
    good = sorted(p.name for p in store.iterdir())
    (store / ".load-20260101T000000000000Z.nq").write_bytes(b"left by an older footkg")
    killed = subprocess.run([sys.executable, "-c", _KILLED_WHILE_LOADING, str(store)],
                            capture_output=True, text=True)  # fmt: skip
    assert killed.returncode == -9, killed.stderr
    partial = store / "builds" / killed.stdout.strip()
    assert partial.is_dir()  # the killed build's folder: the only thing it leaves
    assert sorted(p.name for p in store.iterdir()) == good  # no load file of its own
    assert head_to_head(open_store(store), "Chile", "France")["played"] == "1"
    _build(data, store)
    assert not partial.exists()
    assert sorted(p.name for p in store.iterdir()) == sorted({*good, "previous"})
    assert len(list((store / "builds").iterdir())) == 2  # current and previous
    assert head_to_head(open_store(store), "Chile", "France")["played"] == "1"


_KILLED_BEFORE_COMMIT = """
import os, signal, sys
from pathlib import Path
from footkg.ingest.pipeline import BuildOptions, build
from footkg.store.local import StoreBuild
def killed(self, *args, **kwargs):  # the exports are written; `kill -9` before the commit
    os.kill(os.getpid(), signal.SIGKILL)
StoreBuild.commit = killed
store = Path(sys.argv[2])
build(BuildOptions(store_path=store, data_dir=Path(sys.argv[1]), cache_dir=store.parent / "cache",
                   out_dir=store / "exports", formats=("nquads",), validate=False,
                   demo_articles=False))
"""


def test_a_build_killed_before_its_commit_leaves_the_exports_of_the_current_build(
    tmp_path: Path,
) -> None:
    """A build killed after writing its exports but before it became current replaced
    ``STORE/exports`` with files of a graph no store holds. Exports are now staged in
    ``exports/.staging-<stamp>/`` and moved into place only after the commit: the killed build
    leaves the old files as they were, and the next build sweeps its staging folder."""
    import subprocess
    import sys

    from footkg.ingest.pipeline import BuildOptions, build

    data = write_fjelstul(tmp_path / "data", matches=[FRANCE_MEXICO])
    store = tmp_path / "store"

    def good_build(data: Path) -> bytes:
        build(BuildOptions(store_path=store, data_dir=data, cache_dir=tmp_path / "cache",
                           out_dir=store / "exports", formats=("nquads",), validate=False,
                           demo_articles=False))  # fmt: skip
        assert sorted(p.name for p in (store / "exports").iterdir()) == ["footkg.nq"]
        return (store / "exports" / "footkg.nq").read_bytes()

    first = good_build(data)
    chile_france = f"<{RES}match/1930-07-19-chile-france>".encode()
    assert chile_france not in first
    data = write_fjelstul(tmp_path / "more", matches=[FRANCE_MEXICO, CHILE_FRANCE])
    killed = subprocess.run([sys.executable, "-c", _KILLED_BEFORE_COMMIT, str(data), str(store)],
                            capture_output=True, text=True)  # fmt: skip
    assert killed.returncode == -9, killed.stderr
    staged = list((store / "exports").glob(".staging-*"))
    assert [p.name for p in staged[0].iterdir()] == ["footkg.nq"]  # written, never published
    assert (store / "exports" / "footkg.nq").read_bytes() == first
    second = good_build(data)  # sweeps the staging folder, publishes its own exports
    assert chile_france in second
    assert not staged[0].exists()


def test_a_second_build_of_the_same_store_is_refused_while_one_runs(tmp_path: Path) -> None:
    """Two builds of one folder at once would sweep each other's files: the second is refused
    while the first holds the build lock (the kernel frees it if the first is killed)."""
    from footkg.errors import StoreBusyError
    from footkg.store.local import StoreBuild

    first = StoreBuild(tmp_path / "store")
    with pytest.raises(StoreBusyError, match="another footkg build"):
        StoreBuild(tmp_path / "store")
    first.abort()
    StoreBuild(tmp_path / "store").abort()  # free again


# --- item 8: pySHACL misses a dateTime text typed as xsd:date ------------------------------


def test_pyshacl_reports_a_datetime_text_typed_as_a_date_like_turbo(tmp_path: Path) -> None:
    """``"2022-12-18T00:00:00"^^xsd:date`` is outside xsd:date's lexical space: pyshacl-turbo
    reported it, but rdflib read it as the date 2022-12-18 (rewriting its text), so
    ``validate --engine pyshacl`` passed it (pySHACL issue #151). Both engines report it now,
    with the text as written; rdflib reads dates as before outside validation."""
    from rdflib import XSD, Literal

    from footkg.validate import validate

    root = write_intl(tmp_path, results=[
        "2022-12-18,Argentina,France,3,3,FIFA World Cup,Lusail,Qatar,TRUE",
    ])  # fmt: skip
    store = graph_of(intl_results.load(root))
    match = f"<{RES}match/2022-12-18-argentina-france>"
    store.update(f"""PREFIX fk: <{FK}> PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
        DELETE {{ GRAPH ?g {{ {match} fk:date ?d }} }}
        INSERT {{ GRAPH ?g {{ {match} fk:date "2022-12-18T00:00:00"^^xsd:date }} }}
        WHERE {{ GRAPH ?g {{ {match} fk:date ?d }} }}""")
    for engine in ("turbo", "pyshacl"):
        report = validate(store, engine=engine)
        on_date = [r for r in report.results if r.path == FK + "date"]
        assert [(r.severity, r.component, r.value) for r in on_date] == [(
            "Violation", "DatatypeConstraintComponent",
            '"2022-12-18T00:00:00"^^<http://www.w3.org/2001/XMLSchema#date>',
        )], engine  # fmt: skip
        assert not report.conforms
    assert Literal("2022-12-18T00:00:00", datatype=XSD.date).ill_typed is False  # rdflib's own
