-- The PostgreSQL twin of ../0016_table_results.sql.
CREATE TABLE table_results (
    match_id     BIGINT  PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
    recorded_by  BIGINT  NOT NULL,
    players      TEXT    NOT NULL,
    outcome      TEXT    NOT NULL,
    recorded_at  DOUBLE PRECISION NOT NULL,
    confirmed_by BIGINT,
    confirmed_at DOUBLE PRECISION,
    message_id   BIGINT
);
