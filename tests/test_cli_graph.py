"""The ``footkg graph`` and ``footkg plot`` commands on the full graph (real values)."""

from __future__ import annotations

import networkx as nx
import pytest
from typer.testing import CliRunner

from footkg.cli.app import app
from footkg.cli.graph import register

pytestmark = pytest.mark.slow
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def invoke(full_build):
    register(app)
    runner = CliRunner()
    store = str(full_build.store_path)

    def run(*args: str):
        return runner.invoke(app, [*args, "--store", store])

    return run


def test_register_is_idempotent():
    register(app)
    register(app)
    names = [g.name for g in app.registered_groups]
    assert names.count("graph") == 1 and names.count("plot") == 1


def test_graph_rivalries_png_and_exports(invoke, tmp_path):
    out = tmp_path / "wc.png"
    result = invoke("graph", "rivalries", "--competition", "FIFA World Cup", "--top", "40",
                    "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(PNG)
    assert "Argentina – Germany" in result.output and "40 pairs" in result.output
    gexf = tmp_path / "ko.gexf"
    result = invoke("graph", "rivalries", "--competition", "FIFA World Cup", "--stage",
                    "knockout", "--until", "2022-12-31", "--out", str(gexf))  # fmt: skip
    assert result.exit_code == 0, result.output
    graph = nx.read_gexf(gexf)
    edge = graph.edges["https://w3id.org/footkg/resource/team/argentina",
                       "https://w3id.org/footkg/resource/team/england"]  # fmt: skip
    assert edge["played"] == 3  # 1966, 1986, 1998


def test_graph_rivalries_rejects_bad_input(invoke, tmp_path):
    result = invoke("graph", "rivalries", "--out", str(tmp_path / "x.txt"))
    assert result.exit_code == 2 and ".graphml" in result.output
    result = invoke("graph", "rivalries", "--stage", "quarterfinal", "--out",
                    str(tmp_path / "x.png"))  # fmt: skip
    assert result.exit_code == 2 and "unknown stage" in result.output
    assert not (tmp_path / "x.png").exists()


def test_graph_team_prints_the_table_and_writes_html(invoke, tmp_path):
    out = tmp_path / "germany.html"
    result = invoke("graph", "team", "West Germany", "--competition", "FIFA World Cup",
                    "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    line = next(li for li in result.output.splitlines() if "Argentina" in li)
    assert [c.strip() for c in line.split("│")[1:8]] == ["Argentina", "7", "4", "2", "1", "12", "5"]
    text = out.read_text(encoding="utf-8")
    assert "<svg" in text and "<script src" not in text and "Argentina" in text
    assert invoke("graph", "team", "Atlantis").exit_code == 2


def test_graph_path(invoke, tmp_path):
    out = tmp_path / "path.png"
    result = invoke("graph", "path", "Pelé", "Neymar", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "5 links" in result.output
    assert "Pelé and Leão: Brazil, 1970 FIFA World Cup" in result.output
    assert out.read_bytes().startswith(PNG)
    result = invoke("graph", "path", "Pelé", "Lionel Messi")
    assert result.exit_code == 0 and "No chain" in result.output
    result = invoke("graph", "path", "Fred", "Pelé")
    assert result.exit_code == 2
    assert "1983-10-03" in result.output and "1993-03-05" in result.output


def test_plot_head_to_head(invoke, tmp_path):
    out = tmp_path / "h2h.png"
    result = invoke("plot", "head-to-head", "Argentina", "England", "--competition",
                    "FIFA World Cup", "--until", "2022-12-31", "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "5 meetings, W 1 D 1 L 3" in result.output
    assert out.read_bytes().startswith(PNG)
    result = invoke("plot", "head-to-head", "Argentina", "Atlantis", "--out", str(out))
    assert result.exit_code == 2 and "Atlantis" in result.output
