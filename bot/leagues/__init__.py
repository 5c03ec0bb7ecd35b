"""Community leagues, pure: settings, forming the tables of a round, closing rounds, standings and seasons.

No Discord and no storage here: the league service feeds these functions the members, the round's matches
and their results (`bot.results.MatchResult`) and acts on what they return. The rules they apply, with
every default, are written in docs/leagues.md.
"""

from .errors import LeagueRefusal
from .league import League, Member, Round, SeatedTable
from .pods import Table, form_tables, meetings, repeats, table_shapes
from .rounds import Decision, PlayOut, RoundCheck, RoundTable, TableStatus, Void, check_round, next_round_due
from .season import SeasonArchive, archive_season, final_table, season_ranking
from .settings import AiPlaces, AtDeadline, Format, LeagueSettings, Shortfall, default_points
from .standings import Score, Standing, ladder_results, match_scores, standings

__all__ = [
    "AiPlaces", "AtDeadline", "Decision", "Format", "League", "LeagueRefusal", "LeagueSettings", "TableStatus",
    "Member", "PlayOut", "Round", "RoundCheck", "RoundTable", "Score", "SeasonArchive", "SeatedTable", "Shortfall",
    "Standing", "Table", "Void",
    "archive_season", "check_round", "default_points", "final_table", "form_tables", "ladder_results",
    "match_scores", "meetings", "next_round_due", "repeats", "season_ranking", "standings", "table_shapes",
]
