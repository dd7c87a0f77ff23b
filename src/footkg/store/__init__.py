"""Where the graph lives: ``local`` (the embedded pyoxigraph store, atomic builds), ``remote``
(any SPARQL 1.1 server through the Graph Store and SPARQL Protocols) and ``export`` (Turtle,
TriG, N-Quads, JSON-LD files from a store).

:func:`is_url` is here, with no import, so that telling a store folder from a server's address
does not load the HTTP clients of ``remote``.
"""

from __future__ import annotations


def is_url(value: str) -> bool:
    """True when a ``--store`` value is an ``http(s)://`` address rather than a folder."""
    return value.startswith(("http://", "https://"))
