"""Matching what a player types against names in any language."""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """Lower case without accents, so "perche" finds "Perché" and "dean" finds "Dean"."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
