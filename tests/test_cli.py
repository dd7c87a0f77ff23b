"""The ``footkg`` command as a new user meets it: help text, ``--version``, the options the README
promises, parameter checks with suggestions, exit codes, notices, readable output.

Exit codes are checked on real processes (the installed ``footkg`` script: its ``main`` maps
errors to codes); help and output on the sample store, in process, with typer's runner.
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pyoxigraph as ox
import pytest
import typer
from typer.testing import CliRunner

from footkg import resources
from footkg.cli.app import app
from footkg.cli.options import EXPORT_FORMAT_NAMES
from footkg.query import catalogue as queries
from footkg.query.results import QueryResult
from footkg.store import export

FOOTKG = Path(sys.executable).with_name("footkg")
runner = CliRunner()


def footkg(*args: str, store: Path | None = None, **env: str) -> subprocess.CompletedProcess:
    """Run the installed ``footkg`` command (a real process, so exit codes are main()'s)."""
    argv = [str(FOOTKG), *args]
    if store is not None:
        argv += ["--store", str(store)]
    environ = {"PATH": "/usr/bin:/bin", "HOME": str(Path.home()), **env}
    return subprocess.run(argv, capture_output=True, text=True, env=environ, timeout=300)


def leaf_commands() -> dict[str, typer.core.TyperCommand]:
    """Every runnable command of the app by its path (``"data fetch"``)."""
    root = typer.main.get_command(app)
    found: dict[str, typer.core.TyperCommand] = {}

    def walk(group, prefix: str) -> None:
        for name, cmd in group.commands.items():
            path = f"{prefix} {name}".strip()
            if hasattr(cmd, "commands"):
                walk(cmd, path)
            else:
                found[path] = cmd

    walk(root, "")
    return found


def options_of(cmd) -> set[str]:
    return {opt for p in cmd.params for opt in (*p.opts, *p.secondary_opts)}


# --- help and version ---------------------------------------------------------------------------


def test_version_prints_the_package_version() -> None:
    from footkg import __version__

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"footkg {__version__}"


@pytest.mark.parametrize("path", sorted(leaf_commands()))
def test_help_reads_as_plain_text(path: str) -> None:
    """No typer type tags (``<bool>``, ``<str>``), no reStructuredText backticks, no single
    flag listed with a ``--no-`` twin it does not have, and a line per option."""
    result = runner.invoke(
        app, [*path.split(), "--help"], prog_name="footkg", terminal_width=100
    )
    assert result.exit_code == 0, result.output
    text = result.output
    assert not re.search(r"<(bool|str|int|float|path|Path|list\[[^\]]*\])>", text), text
    assert "``" not in text
    assert "--offline / --no-offline" not in text and "--no-offline" not in text
    assert text.startswith(f"Usage: footkg {path}")


#: What start-up must not pay for (issue 20): the RDF toolkit, the build, graphs and plots.
HEAVY = ("rdflib", "pyshacl", "networkx", "matplotlib", "pooch", "spacy", "footkg.ingest")
LOADED = """
import sys
from footkg.cli.app import main
sys.argv = ["footkg", *sys.argv[1:]]
try:
    main()
finally:
    print("LOADED", *sorted({m for m in sys.modules if m.startswith(HEAVY)}), file=sys.stderr)
"""


@pytest.mark.parametrize(
    "argv",
    [["--help"], ["query", "--list"], ["query", "champions"],
     ["query", "head-to-head", "-p", "team_a=Argentina", "-p", "team_b=England"]],
)  # fmt: skip
def test_start_up_imports_only_what_the_command_needs(argv: list[str], sample_store: Path) -> None:
    """Counted, not timed: ``--help`` and a catalogue query import neither rdflib nor the build
    (the catalogue's default competition is bound without a store lookup; a team name needs
    the team resolver, which is light)."""
    done = subprocess.run(
        [sys.executable, "-c", f"HEAVY = {HEAVY!r}\n{LOADED}", *argv], capture_output=True,
        text=True, env={"PATH": "/usr/bin:/bin", "HOME": str(Path.home()),
                        "FOOTKG_STORE": str(sample_store)}, timeout=300,
    )  # fmt: skip
    loaded = done.stderr.rsplit("LOADED", 1)[-1].split()
    assert done.returncode == 0, done.stderr
    assert loaded == [] or loaded == ["footkg.ingest", "footkg.ingest.resolve"], loaded


def test_the_export_formats_in_help_are_the_exporters() -> None:
    assert set(EXPORT_FORMAT_NAMES) == set(export.FORMATS)


def test_store_and_data_dir_options_are_where_the_readme_says() -> None:
    """README: every command that reads a store takes --store (push: --from, and --store for the
    server it writes to); build, data verify and link wikidata read the datasets and take
    --data-dir; no other command takes a --data-dir it cannot use."""
    commands = leaf_commands()
    readers_of_data = {"build", "data verify", "link wikidata"}
    for path, cmd in commands.items():
        opts = options_of(cmd)
        assert ("--data-dir" in opts) == (path in readers_of_data), path
        if path not in ("data fetch", "data verify"):
            assert "--store" in opts, path
    assert "--from" in options_of(commands["push"])
    readme = (resources.repo_root() / "README.md").read_text(encoding="utf-8")
    assert "`build`, `data verify` and `link wikidata`" in readme


# --- parameters (issue 22 item 8) -----------------------------------------------------------------


def test_unknown_order_is_refused_with_the_valid_values(sample_store: Path) -> None:
    done = footkg("query", "rivalries", "-p", "order=bogus", store=sample_store)
    assert done.returncode == 2
    assert "error: parameter 'order': unknown 'bogus' (valid: played, score)" in done.stderr
    done = footkg("query", "rivalries", "-p", "order=scor", store=sample_store)
    assert done.returncode == 2 and "did you mean 'score'?" in done.stderr


@pytest.mark.parametrize(
    ("typed", "suggested"),
    [("World Cup", "FIFA World Cup"), ("FIFA Worl Cup", "FIFA World Cup")],
)
def test_unknown_competition_is_refused_with_suggestions(
    sample_store: Path, typed: str, suggested: str
) -> None:
    done = footkg("query", "champions", "-p", f"competition={typed}", store=sample_store)
    assert done.returncode == 2
    assert f"unknown competition {typed!r}; did you mean {suggested}" in done.stderr
    assert done.stdout == ""


def test_a_lower_case_competition_means_the_competition(sample_store: Path) -> None:
    """Competition names resolve as team names do: case and accents do not matter."""
    lower = footkg("query", "champions", "-p", "competition=fifa world cup", "--format", "csv",
                   store=sample_store)  # fmt: skip
    proper = footkg("query", "champions", "--format", "csv", store=sample_store)
    assert lower.returncode == proper.returncode == 0
    assert lower.stdout == proper.stdout
    assert "brazil,Brazil,5" in lower.stdout.replace("https://w3id.org/footkg/resource/team/", "")


def test_a_name_with_a_byte_that_is_not_utf8_is_refused(sample_store: Path) -> None:
    """``Argentin\\xff`` must not be folded into Argentina (the identity key drops non-ASCII)."""
    done = subprocess.run(
        [FOOTKG, "query", "head-to-head", "-p", b"team_a=Argentin\xff", "-p", "team_b=England",
         "--store", str(sample_store)],
        capture_output=True, env={"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"}, timeout=300,
    )  # fmt: skip
    assert done.returncode == 2
    assert b"byte 0xff that is not UTF-8 (at offset 8)" in done.stderr


def test_a_parameter_given_twice_is_refused(sample_store: Path) -> None:
    done = footkg("query", "head-to-head", "-p", "team_a=Argentina", "-p", "team_a=England",
                  "-p", "team_b=Germany", store=sample_store)  # fmt: skip
    assert done.returncode == 2
    assert "parameter 'team_a' given twice" in done.stderr


def test_a_binary_query_file_is_bad_input_not_an_internal_error(
    sample_store: Path, tmp_path: Path
) -> None:
    binary = tmp_path / "picture.rq"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    done = footkg("query", str(binary), store=sample_store)
    assert done.returncode == 2, done.stderr
    assert "internal error" not in done.stderr
    assert f"{binary}: not a UTF-8 text file (byte 0x89 at offset 0" in done.stderr


def test_a_syntax_error_is_reported_on_its_line(sample_store: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.rq"
    bad.write_text("SELECT * WHERE {\n  ?s ?p ?o . FILTER(?x = )\n}\n")
    done = footkg("query", str(bad), store=sample_store)
    assert done.returncode == 2
    assert "line 2, column 14" in done.stderr and "4:1" not in done.stderr


# --- notices, exit codes, output ------------------------------------------------------------------


def test_no_rows_and_sample_only_are_said(sample_store: Path) -> None:
    done = footkg("query", "champions", "-p", "competition=FIFA Women's World Cup",
                  store=sample_store)  # fmt: skip
    assert done.returncode == 0
    assert "no rows for competition=FIFA Women's World Cup" in done.stderr
    assert "built from the built-in sample only" in done.stderr
    quiet = footkg("query", "champions", "-p", "competition=FIFA Women's World Cup", "--quiet",
                   store=sample_store)  # fmt: skip
    assert quiet.returncode == 0 and quiet.stderr == ""


def _closed_port() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{sock.getsockname()[1]}"


def test_no_network_is_an_environment_error_everywhere(sample_store: Path, tmp_path: Path) -> None:
    """A server that cannot be reached exits 2 with one line, for data fetch and link alike."""
    url = _closed_port()
    fetch = footkg("data", "fetch", "--base-url", url, "--cache-dir", str(tmp_path / "cache"))
    assert fetch.returncode == 2
    assert f"cannot reach {url.removeprefix('http://')}" in fetch.stderr
    assert "urllib3" not in fetch.stderr and "Traceback" not in fetch.stderr
    store = tmp_path / "store"
    shutil.copytree(sample_store, store, symlinks=True)
    link = footkg("link", "wikidata", "--endpoint", url + "/sparql", "--retries", "0",
                  "--cache", str(tmp_path / "c.sqlite"), store=store)  # fmt: skip
    assert link.returncode == 2, link.stderr
    assert "internal error" not in link.stderr


def test_tables_round_doubles_and_do_not_wrap_when_piped(sample_store: Path) -> None:
    result = QueryResult(
        ["team", "score"],
        [(ox.Literal("Federal Republic of Germany national football team"),
          ox.Literal("303.9054682408382", datatype=ox.NamedNode(queries.XSD + "double")))],
    )  # fmt: skip
    from rich.console import Console

    console = Console(width=40, soft_wrap=True, record=True)
    console.print(result.to_table())
    text = console.export_text()
    assert "303.91" in text and "303.905" not in text
    piped = footkg("query", "finals", store=sample_store)
    assert piped.returncode == 0
    assert "West Germany" in piped.stdout  # a row is one line: a name is never cut
    assert max(map(len, piped.stdout.splitlines())) > 100


def test_turtle_export_has_a_prefix_per_kind_of_resource(
    sample_store: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    done = footkg("export", "--out", str(out), "-f", "turtle", store=sample_store)
    assert done.returncode == 0, done.stderr
    text = (out / "footkg.ttl").read_text(encoding="utf-8")
    assert "team:uruguay fk:gender \"men\"" in text and "country:uruguay a fk:Country" in text
    assert "fkr:team\\/" not in text
    store = ox.Store.read_only(str(sample_store / "current"))
    kinds = {
        q.subject.value.removeprefix("https://w3id.org/footkg/resource/").split("/")[0]
        for q in store.quads_for_pattern(None, None, None)
        if isinstance(q.subject, ox.NamedNode)
        and q.subject.value.startswith("https://w3id.org/footkg/resource/")
    }
    assert kinds <= set(export.RESOURCE_KINDS), kinds - set(export.RESOURCE_KINDS)
    assert len(list(ox.parse(path=out / "footkg.ttl", format=ox.RdfFormat.TURTLE))) > 3000


def test_link_writes_only_its_linkset_and_a_build_drops_it(tmp_path: Path) -> None:
    """``footkg link dbpedia`` exports its own graph beside the build's files (which it does
    not rewrite); the next build, holding no links, removes the stale link files."""
    store = tmp_path / "store"
    env = {"FOOTKG_CACHE_DIR": str(tmp_path / "cache")}
    assert footkg("build", "--offline", "--no-validate", store=store, **env).returncode == 0
    exports = store / "exports"
    before = {p.name: p.stat().st_mtime_ns for p in exports.iterdir()}
    done = footkg("link", "dbpedia", store=store)
    assert done.returncode == 0, done.stderr
    after = {p.name: p.stat().st_mtime_ns for p in exports.iterdir()}
    assert {k: after[k] for k in before} == before
    assert {"links-dbpedia.ttl", "links-dbpedia.trig", "links-dbpedia.nq"} <= set(after)
    assert footkg("build", "--offline", "--no-validate", store=store, **env).returncode == 0
    assert not list(exports.glob("links-*"))


def test_build_progress_is_printed_when_piped_and_quiet_silences_it(tmp_path: Path) -> None:
    env = {"FOOTKG_CACHE_DIR": str(tmp_path / "cache")}
    done = footkg("build", "--offline", "--no-export", store=tmp_path / "s", **env)
    assert done.returncode == 0
    for step in ("load sources…", "load store: done in", "validate (SHACL): done in"):
        assert step in done.stderr
    assert "SHACL: conforms" in done.stdout
    quiet = footkg("build", "--offline", "--no-export", "--quiet", store=tmp_path / "s", **env)
    assert quiet.returncode == 0 and quiet.stderr == "" and "SHACL: conforms" in quiet.stdout


# --- the catalogue --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", queries.load_catalogue(resources.queries_dir()).names())
def test_every_catalogue_query_orders_its_rows(name: str) -> None:
    """Stable row order: the outermost query ends in ORDER BY (under a LIMIT, a DISTINCT or the
    projection), so a user, a diff or a test sees the rows in the same order every run."""
    from rdflib.plugins.sparql import prepareQuery

    q = queries.load_catalogue(resources.queries_dir()).get(name)
    algebra = prepareQuery(q.text).algebra.p
    while algebra.name in ("Slice", "Distinct", "Reduced", "Project", "ToMultiSet"):
        algebra = algebra.p
    assert algebra.name == "OrderBy", f"{name}: no ORDER BY on the outermost query"


# --- the README's commands ------------------------------------------------------------------------

#: Commands the README shows that need what a test on the sample store cannot give: a server
#: listening (serve), a server to write to (push, --store URL), the network (data fetch, link
#: wikidata without --offline, wikidata-enrich's SERVICE). Their options are still checked.
NEEDS_SERVER_OR_NETWORK = re.compile(
    r"^footkg (serve|push|data fetch)\b|http://|^footkg link wikidata(?!.*--offline)"
    r"|wikidata-enrich"
)
PLACEHOLDERS = {"DIR": "dir-{n}", "FILE": "picture-{n}.png", "REPORT.txt": "{report}"}


def readme_commands() -> list[str]:
    """Every ``footkg …`` line of the README's ``sh`` blocks (continuation lines joined,
    comments dropped)."""
    readme = (resources.repo_root() / "README.md").read_text(encoding="utf-8")
    lines: list[str] = []
    for block in re.findall(r"```sh\n(.*?)```", readme, flags=re.DOTALL):
        for raw in block.splitlines():
            line = re.sub(r"\s+#\s.*$", "", raw).rstrip()
            line = re.sub(r"^\.venv/bin/footkg\b", "footkg", line.split("&& ")[-1])
            if line.startswith("footkg "):
                lines.append(line)
            elif line.startswith(" ") and lines and line.strip().startswith(("[", "--")):
                lines[-1] += " " + line.strip()
    return lines


def _command_of(words: list[str]) -> tuple[str, list[str]]:
    commands = leaf_commands()
    for size in (2, 1):
        path = " ".join(words[:size])
        if path in commands:
            return path, words[size:]
    raise AssertionError(f"the README shows an unknown command: footkg {' '.join(words)}")


def test_the_readme_shows_commands() -> None:
    lines = readme_commands()
    assert len(lines) >= 30
    assert "footkg query champions" in lines and "footkg build" in lines


@pytest.mark.parametrize("line", readme_commands())
def test_every_readme_command_has_its_options(line: str) -> None:
    """Each option a README line names (also inside ``[…]``) is an option of that command."""
    import shlex

    path, _ = _command_of(shlex.split(re.sub(r"[\[\]]", " ", line))[1:])
    named = set(re.findall(r"(?<![\w-])(--?[a-zA-Z][\w-]*)", line.removeprefix("footkg ")))
    missing = named - options_of(leaf_commands()[path]) - {"--help", "--version"}
    assert not missing, f"{line}: {sorted(missing)} not options of footkg {path}"


@pytest.mark.parametrize(
    "line", [li for li in readme_commands() if not NEEDS_SERVER_OR_NETWORK.search(li)]
)
def test_every_readme_command_runs_on_the_sample_store(
    line: str, sample_store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The line as shown (optional ``[…]`` parts left out, ``DIR``/``FILE``/``REPORT.txt``
    filled in) exits 0 on a copy of the sample store, without network."""
    import shlex

    store = tmp_path / "store"
    shutil.copytree(sample_store, store, symlinks=True)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FOOTKG_STORE", str(store))
    monkeypatch.setenv("FOOTKG_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FOOTKG_DATA_URL", _closed_port())  # a download fails at once: sample
    monkeypatch.delenv("FOOTKG_DATA_DIR", raising=False)
    (tmp_path / "my-question.rq").write_text(
        "PREFIX fk: <https://w3id.org/footkg/ontology#>\n"
        "SELECT ?match ?date WHERE { ?match a fk:Match ; fk:date ?date } ORDER BY ?date\n"
    )
    report = resources.data_dir() / "articles" / "lusail-2022-final.txt"
    runnable = line
    while re.search(r"\[[^\[\]]*\]", runnable):
        runnable = re.sub(r"\s*\[[^\[\]]*\]", "", runnable)
    words = shlex.split(runnable)[1:]
    for i, word in enumerate(words):
        if word in PLACEHOLDERS:
            words[i] = PLACEHOLDERS[word].format(n=i, report=report)
    if words[:1] == ["build"]:
        words += ["--no-validate"]  # the SHACL run is a test of its own
    if words[:2] == ["data", "verify"]:  # it checks a copy of the datasets, not the store
        from conftest import SHARED_DATA

        if not SHARED_DATA.is_dir():
            pytest.skip(f"no copy of the datasets at {SHARED_DATA} to verify")
        monkeypatch.setenv("FOOTKG_DATA_DIR", str(SHARED_DATA))
    result = runner.invoke(app, words, prog_name="footkg")
    assert result.exit_code == 0, f"footkg {' '.join(words)}\n{result.output}\n{result.exception}"
