-- The PostgreSQL twin of ../0013_room_for_updates.sql. Every step updates its match's row (some 2 KB with the
-- state compressed): with pages filled to 70%, the new version fits on the row's own page, so the update is
-- HOT (no new entries in the four indexes of `matches`, and the old version is reclaimed as the page is read)
-- instead of a fifth of the updates going to another page once the table has filled. Applies to the pages
-- written from now on.
ALTER TABLE matches SET (fillfactor = 70);
