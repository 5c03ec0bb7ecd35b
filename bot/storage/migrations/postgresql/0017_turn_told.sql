-- The PostgreSQL twin of ../0017_turn_told.sql.
ALTER TABLE seats ADD COLUMN told BIGINT;
