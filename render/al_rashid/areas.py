"""The board an area at a time (`/board area:`), each cut from the whole board a half of its columns at a
time, the west half above the east (`layout.sections`): the four trading guilds, the court (the politics guild
and the caliph's palace), the territories with the barter table, the families, and the legend."""

from __future__ import annotations

from render.kit.areas import from_public_view, sections

from .board import render_board

AREAS = from_public_view({name: sections(render_board, f"{name} west", f"{name} east")
                          for name in ("guilds", "court", "territories", "families", "legend")})
