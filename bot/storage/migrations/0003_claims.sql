-- Background work shared by several bot processes, each piece done by one of them: a claim is a lease that
-- lapses when its process dies, so another picks the work up.
ALTER TABLE reminders ADD COLUMN claimed_by TEXT;
ALTER TABLE reminders ADD COLUMN claimed_until REAL;
-- Named work (a match's outbox delivery, a league round, ...): who holds it and until when.
CREATE TABLE leases (
    name  TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    until REAL NOT NULL
);
