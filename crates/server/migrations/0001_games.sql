-- The first schema of the boomchess server's store (PRAGMA user_version 0 -> 1).
--
-- A game is its settings (`games.info`, the JSON of boomchess_online::GameInfo) and its public
-- record (`events`, one row per entry, `body` the JSON of the entry's `What`). `result` repeats
-- what the record decides (the JSON of GameResult) once the game is over, so finished games can be
-- found without replaying them. A seat holds only the SHA-256 of its token, never the token.

CREATE TABLE games (
    id BLOB PRIMARY KEY,
    info TEXT NOT NULL,
    created INTEGER NOT NULL,
    result TEXT NULL
);

CREATE TABLE seats (
    game BLOB NOT NULL REFERENCES games (id),
    side TEXT NOT NULL,
    token_hash BLOB NOT NULL,
    PRIMARY KEY (game, side)
);

-- `side` is the side the entry concerns; `seq` is the seat's sequence number of an action (NULL for
-- a seat taken or a judgement of time), unique per seat so an action is never stored twice.
CREATE TABLE events (
    game BLOB NOT NULL REFERENCES games (id),
    n INTEGER NOT NULL,
    at INTEGER NOT NULL,
    side TEXT NULL,
    seq INTEGER NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game, n),
    UNIQUE (game, side, seq)
);
