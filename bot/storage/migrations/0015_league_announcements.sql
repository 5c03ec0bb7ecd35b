-- League announcements (a round opened or closed, a final seated, a season ended) are saved with the league's
-- change and posted afterwards, tried again as the match outbox is: a crash in between loses none.
CREATE TABLE league_outbox (
    id           INTEGER PRIMARY KEY,
    league_id    INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
    what         TEXT    NOT NULL,              -- round_opened | final_opened | round_closed | season_ended
    params       TEXT    NOT NULL DEFAULT '{}',
    created_at   REAL    NOT NULL,
    delivered_at REAL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    next_try_at  REAL,
    dead_at      REAL,
    failure      TEXT
);
CREATE INDEX league_outbox_pending ON league_outbox(league_id, id) WHERE delivered_at IS NULL;
