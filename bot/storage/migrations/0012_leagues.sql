-- Leagues (their settings, members and this season's rounds as one JSON document, saved whole and guarded
-- by a version like a match's state), archived seasons, a server's own defaults, and voided results.
CREATE TABLE leagues (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    data       TEXT    NOT NULL,                -- bot.leagues.League as JSON
    version    INTEGER NOT NULL DEFAULT 0,
    created_at REAL    NOT NULL,
    updated_at REAL    NOT NULL
);
CREATE UNIQUE INDEX leagues_name ON leagues(guild_id, name COLLATE NOCASE);

CREATE TABLE league_seasons (
    league_id  INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
    season     INTEGER NOT NULL,
    archive    TEXT    NOT NULL,                -- bot.leagues.season.SeasonArchive as JSON
    PRIMARY KEY (league_id, season)
);

CREATE TABLE servers (
    guild_id   INTEGER PRIMARY KEY,
    locale     TEXT                             -- the language of the server's public messages
);

-- A voided match counts for nothing: ratings, statistics and standings are recomputed without it.
ALTER TABLE results ADD COLUMN voided INTEGER NOT NULL DEFAULT 0;
CREATE INDEX matches_guild_finished ON matches(guild_id) WHERE status IN ('over', 'abandoned');
