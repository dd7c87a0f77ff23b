"""footkg: a football knowledge graph (World Cup and international fixtures, match reports)
mapped to RDF under the footkg ontology, validated with SHACL and queried with SPARQL."""

__version__ = "0.1.0"
