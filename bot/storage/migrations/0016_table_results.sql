-- Results of games played face to face (/result record). Each is a match row with no state, never live: status
-- 'recorded' until another player at the table or an admin confirms it, then 'over' with its results row, so
-- it counts like an online result from then on. A correction waits here for its confirmation while the result
-- it corrects still counts.
CREATE TABLE table_results (
    match_id     INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
    recorded_by  INTEGER NOT NULL,              -- who recorded the result (or its latest correction)
    players      TEXT    NOT NULL,              -- as recorded, in the order given: [{user_id, score, tiebreak, name}]
    outcome      TEXT    NOT NULL,              -- the places they give, as an online match's outcome
    recorded_at  REAL    NOT NULL,
    confirmed_by INTEGER,                       -- NULL while the record waits for its confirmation
    confirmed_at REAL,
    message_id   INTEGER                        -- the message with its Confirm button
);
