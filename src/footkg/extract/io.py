"""Reading match reports robustly: bytes on disk → checked text, or a clear error.

A report is plain text, UTF-8 preferred. UTF-8 with a few invalid bytes (a stray byte, a cut
character) stays UTF-8, each bad byte replaced by U+FFFD (``ReportText.encoding`` says so and
``ReportText.replaced`` lists the byte offsets): decoding the whole report as cp1252 would turn
every "é" into "Ã©" and lose the names the rules look for. Only text that is not UTF-8 (no
valid multi-byte characters, as legacy single-byte text has) is read as cp1252, then Latin-1.
UTF-16 with a BOM is decoded too; binary data, empty files and files larger than
:data:`MAX_BYTES` are refused with :class:`ReportError` (a :class:`footkg.model.FootkgError`).
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
    given id), ``encoding`` used, ``sha256`` of the normalised text (hex), which is the
    report's identity (the same text gives the same named graph), and ``replaced``: the byte
    offsets of invalid UTF-8 bytes replaced by U+FFFD (empty for clean text)."""

    name: str
    text: str
    encoding: str
    sha256: str
    replaced: tuple[int, ...] = ()

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
    replaced = tuple(invalid_utf8_offsets(data)) if encoding.startswith("utf-8 (") else ()
    return ReportText(name=name, text=text, encoding=encoding, sha256=digest, replaced=replaced)


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
    if _mostly_utf8(data):
        return data.decode("utf-8", errors="replace"), "utf-8 (invalid bytes replaced)"
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def invalid_utf8_offsets(data: bytes) -> list[int]:
    """The byte offsets where ``data`` is not UTF-8 (each byte a decoder must replace)."""
    out, pos = [], 0
    while pos < len(data):
        try:
            data[pos:].decode("utf-8")
            break
        except UnicodeDecodeError as exc:
            out.extend(range(pos + exc.start, pos + exc.end))
            pos += exc.end
    return out


def _mostly_utf8(data: bytes) -> bool:
    """True when ``data`` is UTF-8 with a few bad bytes (a stray byte from a copy, a cut
    character): it holds valid multi-byte UTF-8 characters ("é" as C3 A9), at least as many
    as the bytes that are not UTF-8. Text in a legacy single-byte encoding (cp1252 "Pelé" is
    50 65 6C E9) has bad bytes and no such characters."""
    bad = len(invalid_utf8_offsets(data))
    good = sum(1 for ch in data.decode("utf-8", errors="replace") if ord(ch) > 127) - bad
    return good >= max(1, bad)


def _looks_binary(text: str) -> bool:
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\n\t\f\v")
    return controls > max(2, len(text) // 100)
