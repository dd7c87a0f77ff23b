"""One module per source dataset; each turns its files into :mod:`footkg.model` records."""
