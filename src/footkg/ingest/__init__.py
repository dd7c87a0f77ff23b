"""The build pipeline, one module per stage, in the order data flows through them.

``datasets`` (download, manifest, local copies) → ``sources/<provider>`` (files → typed records
of :mod:`footkg.model`) → ``resolve`` (names, successions, one identity per team and player) →
``integrate`` (one match across sources, source conflicts) → ``derive`` (winners, champions,
head-to-head records) → ``mapping`` (records → N-Quads) and ``provenance`` (the metadata
graph); ``pipeline`` runs them, loads the store, ingests match reports (``reports``), validates
and exports.
"""
