"""Links from footkg resources to Wikidata and DBpedia (``owl:sameAs``), with provenance.

* :mod:`footkg.link.dbpedia` derives DBpedia resource IRIs from the English Wikipedia addresses
  in the graph (no network);
* :mod:`footkg.link.wikidata` finds Wikidata items with a polite SPARQL client (sitelink
  look-ups in batches, then reconciliation by label, type and context);
* :mod:`footkg.link.cache` keeps Wikidata answers on disk so reruns do not query again;
* :mod:`footkg.link.linkset` writes the links as VoID linksets, one named graph per linking
  method, and swaps them into a store in one transaction.
"""
