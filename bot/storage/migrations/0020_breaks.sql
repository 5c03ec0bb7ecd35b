-- A player's break ("away until"): their turn clocks stand still while it lasts (bot/services/timekeeper.py).
ALTER TABLE user_prefs ADD COLUMN away_since REAL;
ALTER TABLE user_prefs ADD COLUMN away_until REAL;
