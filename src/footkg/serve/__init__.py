"""The read-only SPARQL 1.1 Protocol endpoint: ``app`` (routes, configuration), ``protocol``
(content negotiation, query checks), ``workers`` (the killable worker processes), ``pages``
(the query page and the Linked Data pages in HTML)."""
