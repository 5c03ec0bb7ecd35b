-- Whether a seat was told of the turn it is in (or, after an undo, the turn taken back from it): the message
-- that told it, a direct message's id or 0 for the table; NULL once it has taken a step. A turn taken back and
-- played again is then not announced twice.
ALTER TABLE seats ADD COLUMN told INTEGER;
