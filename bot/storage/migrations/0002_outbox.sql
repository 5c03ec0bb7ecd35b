-- A transactional outbox: what players must see after a change (the table, turn alerts, private news, short
-- lines, the final score, the lobby) is recorded in the change's own transaction and delivered afterwards.
CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY,
    match_id     INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    state_id     INTEGER NOT NULL,              -- the match's state_id once the change was saved
    kind         TEXT    NOT NULL,              -- lobby | table | private | line | final
    payload      TEXT    NOT NULL DEFAULT '{}',
    created_at   REAL    NOT NULL,
    delivered_at REAL
);
CREATE INDEX outbox_pending ON outbox(match_id, id) WHERE delivered_at IS NULL;

-- The name a player goes by at the table ("Yellow (Bruno)"), taken when they sit down.
ALTER TABLE seats ADD COLUMN name TEXT;
-- A step in words (a Message as JSON), so the log never shows notation.
ALTER TABLE actions ADD COLUMN label TEXT;
-- How a player hears that it is their move: a mention in the table message, or a direct message.
ALTER TABLE user_prefs ADD COLUMN turn_alert TEXT NOT NULL DEFAULT 'mention';
