-- The PostgreSQL twin of ../0016_turn_told.sql.
ALTER TABLE seats ADD COLUMN told BIGINT;
