# ruff: noqa: E501 - a few SPARQL strings and fmt-skipped calls are long
"""Where a report and the fixture data disagree: score, scorer, minute, venue, stage.

A minute written two ways is not a disagreement: ``92`` (as written), ``90+2`` (regulation
minute and stoppage) and ``90`` (stoppage folded into the base minute, as the international
results dataset does) all say the same; so does "stoppage time" without a number and any
``90+n``. :func:`same_minute` decides; :func:`compare` lists the real disagreements.
"""

from __future__ import annotations

from dataclasses import dataclass

from footkg.extract.facts import Extraction, MatchFact
from footkg.extract.gazetteer import Gazetteer
from footkg.extract.linking import Fixture, best_fixture, fixture_goals, fixtures_between

BASES = (45, 90, 105, 120)


@dataclass(frozen=True, slots=True)
class Conflict:
    """One disagreement: the match (IRI), the field (``score``, ``scorer``, ``minute``,
    ``venue``, ``stage``), what the report says and what the fixture data says (with the source
    graph when known), and a one-line explanation."""

    match: str
    field: str
    report_value: str
    fixture_value: str
    note: str


def same_minute(report: tuple[int, int | None, bool], fixture: tuple[int, int | None]) -> bool:
    """True when a report minute ``(minute, stoppage, vague)`` and a fixture minute
    ``(minute, stoppage)`` are the same moment written differently (all in minutes)."""
    rm, rs, vague = report
    fm, fs = fixture
    r_total, f_total = rm + (rs or 0), fm + (fs or 0)
    if r_total == f_total:
        return True
    if vague:  # "in stoppage time": any minute after the base
        return rm <= f_total < rm + 16
    if fs is None and fm in BASES and fm < r_total < fm + 16:
        return True  # the fixture folded 90+n into 90
    return rs is None and rm in BASES and f_total > rm and f_total < rm + 16 and fs is not None


def _fmt(minute: int, stoppage: int | None) -> str:
    return f"{minute}+{stoppage}" if stoppage else str(minute)


def compare(gaz: Gazetteer, ex: Extraction) -> list[Conflict]:
    """The disagreements between report ``ex`` and the graph's fixture data: the main match
    (score, stage, venue, each goal's scorer and minute) and other matches with a stated
    score. Returns ``[]`` when the report's matches are not in the graph."""
    out: list[Conflict] = []
    if ex.match is not None and ex.match.iri:
        out += _main(gaz, ex)
    for other in ex.others:
        fixture = _fixture(gaz, other)
        if fixture is not None and other.home_score is not None:
            out += _score(fixture, other)
    return out


def _fixture(gaz: Gazetteer, m: MatchFact) -> Fixture | None:
    cands = fixtures_between(gaz, m.home, m.away)
    return best_fixture(cands, [m.year] if m.year else [], {}, m.stage)


def _score(f: Fixture, m: MatchFact) -> list[Conflict]:
    got = f.goals_by_team
    if got.get(m.home) == m.home_score and got.get(m.away) == m.away_score:
        return []
    return [Conflict(f.iri, "score", f"{m.home_name} {m.home_score}-{m.away_score} {m.away_name}",
                     f"{got.get(m.home)}-{got.get(m.away)}",
                     "the report states a different result")]  # fmt: skip


def _main(gaz: Gazetteer, ex: Extraction) -> list[Conflict]:
    m = ex.match
    assert m is not None and m.iri
    f = next((x for x in fixtures_between(gaz, m.home, m.away) if x.iri == m.iri), None)
    if f is None:
        return []
    out = _score(f, m)
    if m.stage_stated and m.stage and f.stage and m.stage != f.stage:
        out.append(Conflict(f.iri, "stage", m.stage, f.stage, "different stage"))
    if m.venue_iri and f.venue and m.venue_iri != f.venue:
        out.append(Conflict(f.iri, "venue", m.venue or "", f.venue_label or f.venue,
                            "different venue"))  # fmt: skip
    fixture = fixture_goals(gaz, f.iri)
    for g in ex.goals:
        if g.minute is None:
            continue
        mine = [x for x in fixture if x["scorer"] == g.scorer]
        if not mine:
            near = [x for x in fixture if x["team"] == g.team and x["minute"] is not None and
                    same_minute((g.minute, g.stoppage, g.minute_vague), (x["minute"], x["stoppage"]))]  # fmt: skip
            if near:
                out.append(Conflict(f.iri, "scorer", f"{g.scorer_name} {_fmt(g.minute, g.stoppage)}",
                                    str(near[0]["name"]), "different scorer"))  # fmt: skip
            continue
        if not any(x["minute"] is not None and same_minute(
                (g.minute, g.stoppage, g.minute_vague), (x["minute"], x["stoppage"])) for x in mine):  # fmt: skip
            values = ", ".join(_fmt(x["minute"], x["stoppage"]) for x in mine if x["minute"])
            out.append(Conflict(f.iri, "minute", f"{g.scorer_name} {_fmt(g.minute, g.stoppage)}",
                                f"{g.scorer_name} {values}", "different minute"))  # fmt: skip
    return out
