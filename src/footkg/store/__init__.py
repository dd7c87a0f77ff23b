"""Where the graph lives: ``local`` (the embedded pyoxigraph store, atomic builds), ``remote``
(any SPARQL 1.1 server through the Graph Store and SPARQL Protocols) and ``export`` (Turtle,
TriG, N-Quads, JSON-LD files from a store)."""
