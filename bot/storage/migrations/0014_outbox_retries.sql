-- An outbox item that keeps failing is tried again later and later (next_try_at), and after a bounded number
-- of tries, or at once when its channel is gone or closed to the bot, set aside as dead with the reason.
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_try_at REAL;
ALTER TABLE outbox ADD COLUMN dead_at REAL;
ALTER TABLE outbox ADD COLUMN failure TEXT;
