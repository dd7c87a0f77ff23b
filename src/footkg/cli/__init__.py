"""The ``footkg`` command, one module per command group, a thin layer over the library
(:mod:`footkg.api`, the pipeline, the catalogue, the server). Nothing else imports it."""
