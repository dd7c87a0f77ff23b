"""Team-name resolution with footkg's own table (data/team-names.csv) and martj42's former
names; and the user-facing lookup by the labels in the graph."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from footkg import resources
from footkg.errors import SourceFormatError, UnknownTeamError
from footkg.ingest.resolve import NameRule, TeamIndex, TeamNames, read_name_rules


@pytest.fixture(scope="module")
def names() -> TeamNames:
    rules = read_name_rules(resources.data_dir() / "team-names.csv")
    extra = [NameRule("Bohemia", "Czechoslovakia", "former", date(1903, 4, 5), date(1919, 1, 1))]
    return TeamNames([*rules, *extra], known_names=["Argentina", "Netherlands", "Germany"])


@pytest.mark.parametrize(
    ("name", "canonical"),
    [
        ("West Germany", "Germany"),
        ("Soviet Union", "Russia"),
        ("Yugoslavia", "Serbia"),
        ("Serbia and Montenegro", "Serbia"),
        ("Czechoslovakia", "Czech Republic"),
        ("Bohemia", "Czech Republic"),  # a chain: Bohemia → Czechoslovakia → Czech Republic
        ("Zaire", "DR Congo"),
        ("Dutch East Indies", "Indonesia"),
        ("USA", "United States"),
        ("Holland", "Netherlands"),
        ("Côte d'Ivoire", "Ivory Coast"),
        ("German DR", "East Germany"),
        ("Argentina", "Argentina"),
    ],
)
def test_canonical_names(names: TeamNames, name: str, canonical: str) -> None:
    assert names.canonical(name) == canonical


def test_source_specific_alias(names: TeamNames) -> None:
    """openfootball's "Ireland" is the Republic of Ireland; elsewhere the name stays."""
    assert names.canonical("Ireland", "openfootball-worldcup") == "Republic of Ireland"
    assert names.canonical("Ireland", "intl-results") == "Ireland"


def test_name_used_at_the_time(names: TeamNames) -> None:
    assert names.name_at("Germany", date(1974, 7, 7)) == "West Germany"
    assert names.name_at("Germany", date(2014, 7, 13)) == "Germany"
    assert names.name_at("Russia", date(1966, 7, 25)) == "Soviet Union"
    # martj42 writes "Germany" for West Germany; an alias becomes the dated name
    assert names.display_name("Germany", date(1954, 7, 4), "intl-results") == "West Germany"
    assert names.display_name("West Germany", date(1990, 7, 8), "fjelstul-worldcup") == (
        "West Germany"
    )
    assert names.display_name("USA", date(1994, 7, 4), "openfootball-worldcup") == "United States"


def test_former_names_deduplicated(names: TeamNames) -> None:
    former = names.former_names("DR Congo")
    assert [n for n, _, _ in former] == ["Zaire"]


def test_bad_rule_file_names_line(tmp_path: Path) -> None:
    path = tmp_path / "names.csv"
    path.write_text(
        "# comment\nname,canonical,kind,start,end,source,note\nA,B,alias,,,,\nC,D,formr,,,,\n",
        encoding="utf-8",
    )
    with pytest.raises(SourceFormatError, match=r"names.csv:4: .*formr"):
        read_name_rules(path)


def test_team_index_lookup_and_suggestions() -> None:
    index = TeamIndex(
        [
            ("urn:ger", "Germany", "men"),
            ("urn:ger", "West Germany", "men"),
            ("urn:nl", "Netherlands", "men"),
            ("urn:nl", "Holland", "men"),
            ("urn:gerw", "Germany women", "women"),
        ]
    )
    assert index.lookup("west germany") == "urn:ger"
    assert index.lookup("HOLLAND") == "urn:nl"
    assert index.lookup("Germany women") == "urn:gerw"
    assert index.lookup("https://example.org/x") == "https://example.org/x"
    with pytest.raises(UnknownTeamError) as err:
        index.lookup("Netherland")
    assert err.value.suggestions == ["Netherlands"]
