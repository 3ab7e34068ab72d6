-- The first schema of the boomchess server's PostgreSQL store (boomchess_schema.version 0 -> 1),
-- the same tables as SQLite's (migrations/0001_games.sql) in PostgreSQL's types.
--
-- A game is its settings (`games.info`, the JSON of boomchess_online::GameInfo) and its public
-- record (`events`, one row per entry, `body` the JSON of the entry's `What`). `result` repeats
-- what the record decides (the JSON of GameResult) once the game is over. A seat holds only the
-- SHA-256 of its token, never the token.
--
-- The keys are what lets several servers share the games: an entry's number, an action's sequence
-- number per seat and a seat's side can each be taken once, so of two servers that add the same
-- thing the second is refused (unique_violation) and reads what the first stored.

CREATE TABLE games (
    id BYTEA PRIMARY KEY,
    info TEXT NOT NULL,
    created BIGINT NOT NULL,
    result TEXT NULL
);

CREATE TABLE seats (
    game BYTEA NOT NULL REFERENCES games (id),
    side TEXT NOT NULL,
    token_hash BYTEA NOT NULL,
    PRIMARY KEY (game, side)
);

-- `side` is the side the entry concerns; `seq` is the seat's sequence number of an action (NULL for
-- a seat taken or a judgement of time), unique per seat so an action is never stored twice.
CREATE TABLE events (
    game BYTEA NOT NULL REFERENCES games (id),
    n INTEGER NOT NULL,
    at BIGINT NOT NULL,
    side TEXT NOT NULL,
    seq INTEGER NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game, n),
    UNIQUE (game, side, seq)
);
