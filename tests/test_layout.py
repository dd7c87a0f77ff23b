"""The package layout shows the pipeline: imports run one way, down the stages.

Each module of ``src/footkg`` belongs to a stage (:data:`STAGES`, lowest first). A module may
import from its own stage or a lower one, never a higher one, and the modules of one stage
import each other without a cycle. Function-level imports (deferred for start-up time) count
too; imports under ``if TYPE_CHECKING:`` (annotations only, never run) do not.
``python tests/test_layout.py`` prints the imports counted between packages.
"""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from pathlib import Path

import networkx as nx
import pytest

SRC = Path(__file__).resolve().parents[1] / "src"

#: Stages, lowest first: (name, module prefixes). A module's stage is its longest prefix.
STAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foundation", ("footkg._version", "footkg.errors", "footkg.model", "footkg.vocab",
                    "footkg.resources")),
    ("sources", ("footkg.ingest.datasets", "footkg.ingest.sources")),
    ("resolution", ("footkg.ingest.resolve", "footkg.ingest.clubs")),
    ("integration", ("footkg.ingest.integrate",)),
    ("derivation", ("footkg.ingest.derive", "footkg.ingest.tables")),
    ("mapping", ("footkg.ingest.mapping", "footkg.ingest.provenance")),
    ("query", ("footkg.query",)),
    ("store", ("footkg.store",)),
    ("validate", ("footkg.validate",)),
    ("extract", ("footkg.extract",)),
    ("link", ("footkg.link",)),
    ("analytics", ("footkg.analytics",)),
    ("build", ("footkg.ingest.reports", "footkg.ingest.pipeline", "footkg.ingest")),
    ("api", ("footkg.api", "footkg.docs", "footkg")),
    ("serve", ("footkg.serve",)),
    ("cli", ("footkg.cli",)),
)  # fmt: skip


def module_name(path: Path) -> str:
    """``src/footkg/ingest/mapping.py`` → ``footkg.ingest.mapping`` (a package: its name)."""
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def stage_of(module: str) -> int:
    """The rank of ``module``'s stage in :data:`STAGES` (by its longest matching prefix)."""
    best, rank = -1, None
    for i, (_, prefixes) in enumerate(STAGES):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, rank = len(prefix), i
    if rank is None:
        raise AssertionError(f"module {module} belongs to no stage of tests/test_layout.py")
    return rank


def imports_of(path: Path) -> set[str]:
    """The footkg modules ``path`` imports (``from footkg import x`` counts as ``footkg.x``
    when ``x`` is a module, else as ``footkg``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):  # annotations only: not an import at run time
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING",
                                                                  "typing.TYPE_CHECKING"):
            node.body = []
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.split(".")[0] == "footkg"}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] != "footkg":
                continue
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                is_module = (SRC / Path(*sub.split("."))).with_suffix(".py").exists() or (
                    SRC / Path(*sub.split("."))
                ).is_dir()
                out.add(sub if is_module else node.module)
    return out


def import_graph() -> nx.DiGraph:
    """Module → imported module, over every module of the package."""
    graph = nx.DiGraph()
    for path in sorted((SRC / "footkg").rglob("*.py")):
        name = module_name(path)
        graph.add_node(name)
        for imported in imports_of(path):
            if imported != name:
                graph.add_edge(name, imported)
    return graph


def test_every_module_has_a_stage() -> None:
    """A new module must be placed in a stage (its prefix listed in STAGES)."""
    for module in import_graph().nodes:
        stage_of(module)


def test_no_module_imports_a_later_stage() -> None:
    """Imports run down the pipeline: a stage never imports a later one (the CLI is imported
    by nothing, the sources know nothing of the store)."""
    graph = import_graph()
    upward = sorted(
        f"{a} ({STAGES[stage_of(a)][0]}) imports {b} ({STAGES[stage_of(b)][0]})"
        for a, b in graph.edges
        if stage_of(b) > stage_of(a)
    )
    assert upward == []


def test_no_import_cycles() -> None:
    """No two modules import each other, directly or through others (the package's
    ``__init__`` re-exports the public surface and is left out)."""
    graph = import_graph()
    graph.remove_nodes_from([n for n in graph if n == "footkg" or (n.count(".") == 1
                             and (SRC / Path(*n.split("."))).is_dir())])  # fmt: skip
    assert list(nx.simple_cycles(graph)) == []


def test_nothing_imports_the_cli() -> None:
    """The command is a thin layer on top: no module outside ``footkg.cli`` imports it."""
    graph = import_graph()
    outside = [a for a, b in graph.edges if b.startswith("footkg.cli")]
    assert sorted(a for a in outside if not a.startswith("footkg.cli")) == []


def package_edges() -> dict[tuple[str, str], int]:
    """Imports counted between top-level packages (``ingest``, ``store``, …)."""
    counts: dict[tuple[str, str], int] = defaultdict(int)
    for a, b in import_graph().edges:
        pa, pb = (".".join(m.split(".")[:2]) for m in (a, b))
        if pa != pb:
            counts[(pa, pb)] += 1
    return dict(counts)


@pytest.mark.parametrize("package", ["ingest", "store", "query", "serve", "analytics", "cli"])
def test_stage_packages_exist(package: str) -> None:
    """The stages the README names are folders of their own, each with a docstring."""
    init = SRC / "footkg" / package / "__init__.py"
    assert ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))


if __name__ == "__main__":  # the command docs/architecture.md gives
    for (a, b), n in sorted(package_edges().items(), key=lambda kv: stage_of(kv[0][0])):
        sys.stdout.write(f"{a:<20} → {b:<20} {n}\n")
