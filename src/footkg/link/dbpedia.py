"""English Wikipedia addresses → DBpedia resource IRIs and Wikidata sitelink IRIs (no network).

A Wikipedia address names a page by its *title*. Sources write the same title several ways
(Fjelstul has ``José_Amalfitani_Stadium`` raw and ``Jos%C3%A9_…`` percent-encoded, sometimes
both in one address), so every address is first reduced to its title: the path after
``/wiki/`` is percent-decoded as UTF-8 by :func:`urllib.parse.unquote`, normalised to NFC,
underscores read as spaces, runs of spaces collapsed, and the first letter upper-cased (English
Wikipedia capitalises it). Two spellings of one page give one title, hence one link.

The title is then re-encoded, with :func:`urllib.parse.quote`, in the form each target uses:

* DBpedia (``http://dbpedia.org/resource/<title>``): DBpedia publishes IRIs (since its 2016
  releases): spaces become ``_``, non-ASCII letters stay as they are, and only the ASCII
  characters that an IRI may not hold or that would change its meaning are percent-encoded:
  ``" # % < > ? [ \\ ] ^ ` { | }`` and controls (``Samuel Eto'o`` →
  ``http://dbpedia.org/resource/Samuel_Eto'o``, ``Pelé`` → ``…/resource/Pelé``).
* Wikidata sitelinks (``schema:about`` subjects, e.g. ``<https://en.wikipedia.org/wiki/Pel%C3%A9>``):
  MediaWiki's URL encoding: UTF-8 percent-encoding of everything except letters, digits and
  ``-_.~;@$!*(),/:`` (``'`` → ``%27``, ``&`` → ``%26``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import parse_qs, quote, unquote, urlsplit

import pyoxigraph as ox

from footkg.errors import FootkgError
from footkg.vocab import DBR, FK_NS

__all__ = [
    "WIKIPEDIA_HOSTS",
    "LinkableEntity",
    "WikipediaUrlError",
    "dbpedia_iri",
    "dbpedia_links",
    "link_quads",
    "linkable_entities",
    "wikipedia_article_iri",
    "wikipedia_title",
]

#: Hosts accepted as the English Wikipedia (desktop and mobile).
WIKIPEDIA_HOSTS = frozenset({"en.wikipedia.org", "en.m.wikipedia.org"})
ENWIKI = "https://en.wikipedia.org/"

# ASCII characters DBpedia keeps percent-encoded in its resource IRIs.
_DBPEDIA_ESCAPED = frozenset('"#%<>?[\\]^`{|}')
# MediaWiki's wfUrlencode leaves these unescaped besides letters, digits and -_.~
_MEDIAWIKI_SAFE = ";@$!*(),/:"


class WikipediaUrlError(FootkgError, ValueError):
    """An address that is not an English Wikipedia page (other host, no title, bad escapes)."""


def wikipedia_title(url: str) -> str:
    """The normalised page title of an English Wikipedia address.

    Accepts ``http(s)://en.wikipedia.org/wiki/<title>`` (raw or percent-encoded, ``#section``
    ignored) and ``…/w/index.php?title=<title>``. Returns the title with spaces (``"Lionel
    Messi"``). Raises :class:`WikipediaUrlError` for another host, a missing title, a title
    whose escapes are not UTF-8, or characters MediaWiki forbids in titles.
    """
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or parts.hostname not in WIKIPEDIA_HOSTS:
        raise WikipediaUrlError(f"not an English Wikipedia address: {url!r}")
    if parts.path.startswith("/wiki/"):
        raw = parts.path[len("/wiki/") :]
    elif parts.path == "/w/index.php":
        raw = (parse_qs(parts.query).get("title") or [""])[0]
    else:
        raise WikipediaUrlError(f"no page title in {url!r}")
    try:
        title = unquote(raw, encoding="utf-8", errors="strict")
    except UnicodeDecodeError as exc:
        raise WikipediaUrlError(f"percent-escapes in {url!r} are not UTF-8") from exc
    title = " ".join(unicodedata.normalize("NFC", title).replace("_", " ").split())
    if not title or any(c in "<>[]{}|#" or unicodedata.category(c) == "Cc" for c in title):
        raise WikipediaUrlError(f"not a valid page title in {url!r}: {title!r}")
    return title[0].upper() + title[1:]


# RFC 3987 ``ucschar``: the non-ASCII code points an IRI may hold unescaped.
_UCSCHAR = (
    (0xA0, 0xD7FF), (0xF900, 0xFDCF), (0xFDF0, 0xFFEF), (0x10000, 0x1FFFD),
    (0x20000, 0x2FFFD), (0x30000, 0x3FFFD), (0x40000, 0x4FFFD), (0x50000, 0x5FFFD),
    (0x60000, 0x6FFFD), (0x70000, 0x7FFFD), (0x80000, 0x8FFFD), (0x90000, 0x9FFFD),
    (0xA0000, 0xAFFFD), (0xB0000, 0xBFFFD), (0xC0000, 0xCFFFD), (0xD0000, 0xDFFFD),
    (0xE1000, 0xEFFFD),
)  # fmt: skip


def _iri_char(char: str) -> str:
    """One title character as DBpedia writes it in an IRI (percent-encoded by urllib when
    DBpedia escapes it or RFC 3987 does not allow it unescaped)."""
    if char.isascii():
        return quote(char, safe="") if char in _DBPEDIA_ESCAPED or not char.isprintable() else char
    code = ord(char)
    if any(low <= code <= high for low, high in _UCSCHAR):
        return char
    return quote(char, safe="")


def dbpedia_iri(url: str) -> str:
    """The DBpedia resource IRI of an English Wikipedia address.

    ``https://en.wikipedia.org/wiki/Lionel_Messi`` → ``http://dbpedia.org/resource/Lionel_Messi``;
    ``…/wiki/Ra%C3%AFs_M%27Bolhi`` → ``http://dbpedia.org/resource/Raïs_M'Bolhi``. Raises
    :class:`WikipediaUrlError` (see :func:`wikipedia_title`).
    """
    title = wikipedia_title(url).replace(" ", "_")
    return str(DBR) + "".join(_iri_char(c) for c in title)


def wikipedia_article_iri(url: str) -> str:
    """The address of a page as Wikidata's RDF writes sitelinks (``schema:about`` subjects):
    ``https://en.wikipedia.org/wiki/`` + the title, underscores for spaces, MediaWiki URL
    encoding (``Samuel_Eto%27o``, ``Pel%C3%A9``). Raises :class:`WikipediaUrlError`."""
    title = wikipedia_title(url).replace(" ", "_")
    return ENWIKI + "wiki/" + quote(title, safe=_MEDIAWIKI_SAFE)


# --- entities of the store --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LinkableEntity:
    """A footkg resource with an English Wikipedia address: ``iri``, ``kind`` (``"team"``,
    ``"player"`` or ``"stadium"``), ``page`` (the address as stored)."""

    iri: str
    kind: str
    page: str


KINDS: dict[str, str] = {
    FK_NS + "NationalTeam": "team",
    FK_NS + "Player": "player",
    FK_NS + "Stadium": "stadium",
}

_PAGES = """PREFIX fk: <https://w3id.org/footkg/ontology#>
SELECT DISTINCT ?s ?class ?page WHERE {
  VALUES ?class { fk:NationalTeam fk:Player fk:Stadium }
  ?s a ?class ; fk:wikipediaPage ?page .
} ORDER BY ?s ?page"""


def linkable_entities(store: ox.Store) -> Iterator[LinkableEntity]:
    """Teams, players and stadiums of ``store`` (union of its graphs) with their
    ``fk:wikipediaPage``, sorted by IRI; an entity with two spellings of its page comes twice."""
    for row in store.query(_PAGES, use_default_graph_as_union=True):
        page = row["page"]
        if isinstance(page, ox.NamedNode):
            yield LinkableEntity(row["s"].value, KINDS[row["class"].value], page.value)


def dbpedia_links(
    store: ox.Store, *, on_error: list[tuple[LinkableEntity, str]] | None = None
) -> dict[str, str]:
    """``{footkg IRI: DBpedia IRI}`` for every linkable entity of ``store``.

    An entity whose address cannot be read is left out and, when ``on_error`` is given,
    appended to it with the reason. If one entity has two addresses naming different pages,
    the first (by address order) wins and the other is reported in ``on_error``.
    """
    links: dict[str, str] = {}
    for entity in linkable_entities(store):
        try:
            target = dbpedia_iri(entity.page)
        except WikipediaUrlError as exc:
            if on_error is not None:
                on_error.append((entity, str(exc)))
            continue
        known = links.setdefault(entity.iri, target)
        if known != target and on_error is not None:
            on_error.append((entity, f"second page {target} ignored, kept {known}"))
    return links


def link_quads(store: ox.Store, *, created: str | None = None) -> bytes:
    """The DBpedia linkset of ``store`` as N-Quads: ``owl:sameAs`` links plus their VoID and
    provenance description, in the named graph :data:`footkg.link.linkset.DBPEDIA_GRAPH`.
    ``created`` is an ``xsd:dateTime`` lexical form (default: now, UTC)."""
    from footkg.link import linkset

    links = dbpedia_links(store)
    spec = linkset.LinksetSpec(
        graph=linkset.DBPEDIA_GRAPH,
        target="dbpedia",
        method="wikipedia-title",
        description="DBpedia resource IRI derived from the English Wikipedia address "
        "(fk:wikipediaPage) of the resource: title percent-decoded, normalised and re-encoded "
        "as a DBpedia IRI; no network.",
        endpoint=None,
    )
    return linkset.linkset_nquads(spec, sorted(links.items()), created=created)
