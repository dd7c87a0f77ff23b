"""footkg's version, in one place (read by the package, the CLI and the provenance it writes)."""

__version__ = "0.1.0"
