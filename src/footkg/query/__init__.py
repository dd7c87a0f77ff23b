"""The SPARQL query catalogue (``queries/*.rq``): ``catalogue`` loads files and binds
parameters as RDF terms; ``results`` turns answers into typed rows, tables and the SPARQL 1.1
results formats."""
