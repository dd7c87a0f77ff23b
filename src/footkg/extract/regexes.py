"""Faster regular expressions for the rule tables: long alternations of plain words
(``(?:tap|tapped|taps|…)``) rewritten as a trie (``(?:ta(?:p(?:ped|ping|s)?)…)``), which
Python's ``re`` walks letter by letter instead of trying every word at every position. The
language matched is the same."""

from __future__ import annotations

import re

#: a non-capturing group of ten or more plain lower-case words (letters and hyphens)
WORD_GROUP = re.compile(r"\(\?:((?:[a-z][a-z-]*\|){9,}[a-z][a-z-]*)\)")


def trie(words: list[str]) -> str:
    """One regular expression for ``words`` as a trie, without an enclosing group:
    ``["tap", "tapped", "taps"]`` → ``tap(?:ped|s)?``."""
    root: dict = {}
    for word in words:
        node = root
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}
    return _emit(root)


def _emit(node: dict) -> str:
    ends = "" in node
    branches = [re.escape(ch) + _emit(child) for ch, child in sorted(node.items()) if ch]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if ends:
        return (body if len(branches) > 1 else "(?:" + body + ")") + "?"
    return body


def compact(pattern: str) -> str:
    """``pattern`` with each long group of plain words rewritten as a trie (see module)."""
    return WORD_GROUP.sub(lambda m: "(?:" + trie(m.group(1).split("|")) + ")", pattern)
