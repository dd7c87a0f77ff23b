"""Facts footkg derives at build time (so queries don't recompute them on every call).

* The winner and loser of each match: the side with more goals after regulation or extra time;
  when level, the winner of the penalty shootout; a walkover's winner. A drawn match without a
  shootout (a group match, or a drawn game that was replayed) has neither.
* The champion and runner-up of each tournament edition: the winner and loser of its final
  (the replay, when the final was replayed); for an edition without a final (1950), the first
  and second of the final round by points (2 for a win, 1 for a draw, as in 1950), then goal
  difference.
* ``previousEdition``: the edition of the same competition held before (by year).

Every derived value is compared with what a source states (Fjelstul's ``winner`` of a
tournament); a disagreement becomes a :class:`footkg.integrate.Conflict`.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from dataclasses import dataclass, field

from footkg import vocab
from footkg.integrate import Conflict, Integrated, RMatch

DERIVED_GRAPH = vocab.graph_iri("derived")


@dataclass(slots=True)
class Derived:
    """Derived facts, keyed by IRI: match → (winner, loser); edition → champion / runner-up;
    edition → previous edition."""

    match_result: dict[str, tuple[str, str]] = field(default_factory=dict)
    champion: dict[str, str] = field(default_factory=dict)
    runner_up: dict[str, str] = field(default_factory=dict)
    previous_edition: dict[str, str] = field(default_factory=dict)


def match_result(m: RMatch) -> tuple[str, str] | None:
    """``(winner IRI, loser IRI)`` of a match, or ``None`` for a draw (see module docstring)."""
    if m.walkover_winner_iri:
        loser = m.away_iri if m.walkover_winner_iri == m.home_iri else m.home_iri
        return m.walkover_winner_iri, loser
    if m.home_score is None or m.away_score is None:
        return None
    if m.home_score > m.away_score:
        return m.home_iri, m.away_iri
    if m.away_score > m.home_score:
        return m.away_iri, m.home_iri
    if m.shootout and m.shootout.winner_iri:
        winner = m.shootout.winner_iri
        return winner, (m.away_iri if winner == m.home_iri else m.home_iri)
    return None


def _final_round_table(matches: list[RMatch]) -> list[str]:
    points: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for m in matches:
        if m.home_score is None or m.away_score is None:
            continue
        for team, gf, ga in (
            (m.home_iri, m.home_score, m.away_score),
            (m.away_iri, m.away_score, m.home_score),
        ):
            row = points[team]
            row[0] += 2 if gf > ga else 1 if gf == ga else 0
            row[1] += gf - ga
            row[2] += gf
    return sorted(points, key=lambda t: tuple(points[t]), reverse=True)


def derive(data: Integrated) -> Derived:
    """Compute the derived facts of ``data``; appends conflicts to ``data.conflicts`` where a
    source's stated champion differs from the derived one."""
    out = Derived()
    by_edition: dict[str, list[RMatch]] = defaultdict(list)
    for m in data.matches.values():
        result = match_result(m)
        if result:
            out.match_result[m.iri] = result
        if m.edition_iri:
            by_edition[m.edition_iri].append(m)
    for edition_iri, matches in by_edition.items():
        finals = sorted((m for m in matches if m.stage == "final"), key=lambda m: m.date)
        if finals:
            decided = [m for m in finals if m.iri in out.match_result]
            if decided:
                out.champion[edition_iri], out.runner_up[edition_iri] = out.match_result[
                    decided[-1].iri
                ]
        else:
            table = _final_round_table([m for m in matches if m.stage == "final round"])
            if len(table) >= 2:
                out.champion[edition_iri], out.runner_up[edition_iri] = table[0], table[1]
    _check_stated_champions(data, out)
    by_competition: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for edition in data.editions.values():
        by_competition[edition.competition_iri].append((edition.year, edition.iri))
    for editions in by_competition.values():
        editions.sort()
        for (_, before), (_, after) in itertools.pairwise(editions):
            out.previous_edition[after] = before
    return out


def _check_stated_champions(data: Integrated, out: Derived) -> None:
    for edition in data.editions.values():
        stated = edition.stated_champion_iri
        derived = out.champion.get(edition.iri)
        if stated and derived and stated != derived:
            data.conflicts.append(
                Conflict(
                    edition.iri,
                    "champion",
                    derived,
                    DERIVED_GRAPH,
                    stated,
                    edition.graph,
                    f"champion of {edition.label}",
                )
            )
