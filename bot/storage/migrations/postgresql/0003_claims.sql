-- The PostgreSQL twin of ../0003_claims.sql.
ALTER TABLE reminders ADD COLUMN claimed_by TEXT;
ALTER TABLE reminders ADD COLUMN claimed_until DOUBLE PRECISION;
CREATE TABLE leases (
    name  TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    until DOUBLE PRECISION NOT NULL
);
