-- The PostgreSQL twin of ../0020_breaks.sql.
ALTER TABLE user_prefs ADD COLUMN away_since DOUBLE PRECISION;
ALTER TABLE user_prefs ADD COLUMN away_until DOUBLE PRECISION;
