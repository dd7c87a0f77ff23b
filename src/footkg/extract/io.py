"""Reading match reports robustly: bytes on disk → checked text, or a clear error.

A report is plain text, UTF-8 preferred. UTF-16 with a BOM and legacy single-byte text (cp1252,
Latin-1) are decoded too; binary data, empty files and files larger than :data:`MAX_BYTES`
are refused with :class:`ReportError` (a :class:`footkg.model.FootkgError`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from footkg.errors import FootkgError

#: Largest report accepted, in bytes (a long feature is ~50 KB; 1 MB leaves ample room).
MAX_BYTES = 1_000_000


class ReportError(FootkgError):
    """A report cannot be read as text (empty, binary, too large, undecodable, missing)."""


@dataclass(frozen=True, slots=True)
class ReportText:
    """A decoded report: ``text`` (newlines normalised to ``\\n``), ``name`` (file stem or a
    given id), ``encoding`` used, and ``sha256`` of the normalised text (hex), which is the
    report's identity: the same text gives the same named graph."""

    name: str
    text: str
    encoding: str
    sha256: str

    @property
    def title(self) -> str:
        """The first non-empty line, shortened to 200 characters."""
        for line in self.text.splitlines():
            if line.strip():
                return line.strip()[:200]
        return ""


def decode_report(data: bytes, name: str = "report") -> ReportText:
    """Decode report bytes. Raises :class:`ReportError` with the reason."""
    if not data.strip():
        raise ReportError(f"{name}: the report is empty")
    if len(data) > MAX_BYTES:
        raise ReportError(
            f"{name}: the report is {len(data):,} bytes; reports larger than {MAX_BYTES:,} "
            "bytes are refused"
        )
    text, encoding = _decode(data, name)
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    if _looks_binary(text):
        raise ReportError(f"{name}: this looks like a binary file, not a text report")
    if not any(ch.isalpha() for ch in text):
        raise ReportError(f"{name}: the report has no words in it")
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return ReportText(name=name, text=text, encoding=encoding, sha256=digest)


def read_report(path: Path) -> ReportText:
    """Read and decode the report at ``path``. Raises :class:`ReportError` when the file is
    missing or unreadable, empty, binary, too large or in no encoding footkg can read."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise ReportError(
                f"{path}: the report is {size:,} bytes; reports larger than {MAX_BYTES:,} "
                "bytes are refused"
            )
        data = path.read_bytes()
    except OSError as exc:
        raise ReportError(f"{path}: cannot read the report ({exc.strerror or exc})") from exc
    return decode_report(data, path.stem)


def _decode(data: bytes, name: str) -> tuple[str, str]:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16"), "utf-16"
        except UnicodeDecodeError as exc:
            raise ReportError(f"{name}: invalid UTF-16 text ({exc.reason})") from exc
    if b"\x00" in data:
        raise ReportError(f"{name}: this looks like a binary file, not a text report")
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def _looks_binary(text: str) -> bool:
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\n\t\f\v")
    return controls > max(2, len(text) // 100)
