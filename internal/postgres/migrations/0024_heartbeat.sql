-- One row that the health check writes, so that it tells whether a write
-- can commit (a full disk, a read-only server fail it), not only whether
-- the database answers a read. The instances share it.
CREATE TABLE heartbeat (
    id integer     PRIMARY KEY CHECK (id = 1),
    at timestamptz NOT NULL
);
