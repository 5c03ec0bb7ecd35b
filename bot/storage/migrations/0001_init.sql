-- Matches, their seats, the append-only action log, results, reminders and player preferences.
CREATE TABLE matches (
    id               INTEGER PRIMARY KEY,
    game             TEXT    NOT NULL,
    params           TEXT    NOT NULL DEFAULT '{}',
    seed             INTEGER NOT NULL,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    place_id         INTEGER NOT NULL,          -- the channel or thread the match lives in
    host_id          INTEGER NOT NULL,
    settings         TEXT    NOT NULL DEFAULT '{}',
    status           TEXT    NOT NULL,          -- lobby | running | over | cancelled | abandoned
    state            TEXT,                      -- the game state as JSON once started
    state_id         INTEGER NOT NULL DEFAULT 0,
    lobby_message_id INTEGER,
    table_message_id INTEGER,
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);
-- One live match per channel or thread.
CREATE UNIQUE INDEX matches_one_live_per_place ON matches(place_id) WHERE status IN ('lobby', 'running');
CREATE INDEX matches_guild ON matches(guild_id, status);

CREATE TABLE seats (
    match_id      INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    user_id       INTEGER,                      -- NULL for an AI seat
    ai            TEXT,                         -- AI policy name, also set when an AI took over the seat
    awaited_since REAL,                         -- when this seat last became one the game waits for
    resigned      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX seats_user ON seats(user_id);

-- Append-only: replaying the 'step' rows (minus those cancelled by a later 'undo') from the seed
-- reproduces the stored state exactly.
CREATE TABLE actions (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    state_id  INTEGER NOT NULL,                 -- the match's state_id after this entry
    kind      TEXT    NOT NULL,                 -- step | undo
    seat      INTEGER,
    notation  TEXT,
    undoable  INTEGER NOT NULL DEFAULT 0,
    by_ai     INTEGER NOT NULL DEFAULT 0,
    events    TEXT    NOT NULL DEFAULT '[]',
    at        REAL    NOT NULL
);
CREATE INDEX actions_match ON actions(match_id, id);

CREATE TABLE results (
    match_id    INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
    game        TEXT    NOT NULL,
    status      TEXT    NOT NULL,               -- over | abandoned
    outcome     TEXT,                           -- the engine's Outcome as JSON, when the game ended normally
    seats       TEXT    NOT NULL,               -- [{seat, user_id, ai, resigned}]
    finished_at REAL    NOT NULL
);

CREATE TABLE reminders (
    id       INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    kind     TEXT    NOT NULL,                  -- nudge | expire
    level    INTEGER NOT NULL DEFAULT 0,        -- nudges escalate: 0, 1, 2, ...
    due_at   REAL    NOT NULL
);
CREATE INDEX reminders_due ON reminders(due_at);

CREATE TABLE user_prefs (
    user_id      INTEGER PRIMARY KEY,
    dms_enabled  INTEGER NOT NULL DEFAULT 1,    -- the player's choice
    dm_closed    INTEGER NOT NULL DEFAULT 0,    -- Discord refused a DM (50007): don't retry until asked
    snooze_until REAL,
    locale       TEXT
);

-- Private notices a player could not receive by DM, handed over on their next interaction.
CREATE TABLE mailbox (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL,
    match_id   INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    payload    TEXT    NOT NULL,
    created_at REAL    NOT NULL
);
CREATE INDEX mailbox_user ON mailbox(user_id);
