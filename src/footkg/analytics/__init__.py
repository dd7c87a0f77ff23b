"""Graph analytics over SPARQL results: ``network`` (networkx views: rivalries, squads,
centrality, communities, paths) and ``plots`` (pictures: PNG/SVG with matplotlib, HTML)."""
