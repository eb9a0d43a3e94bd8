-- One row that the health check writes, so that it tells whether a write
-- can commit (a full disk or a read-only file fails it), not only whether
-- the database answers a read.
CREATE TABLE heartbeat (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at TEXT    NOT NULL
);
