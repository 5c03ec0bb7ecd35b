"""Results of games played face to face: recorded with `/result record`, confirmed by another player at the
table or an admin, then counted in ratings, statistics, history and (where a league allows it) standings like
an online result."""
