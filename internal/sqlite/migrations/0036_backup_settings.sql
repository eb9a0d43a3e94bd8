-- One row: the schedule of the backups the server makes itself into its
-- backup directory (every_hours, 0 for none; keep the newest keep), and
-- the last scheduled run, which the instances claim here so that one of
-- them makes each: when it started, and how it ended.
CREATE TABLE backup_settings (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    every_hours  INTEGER NOT NULL DEFAULT 0 CHECK (every_hours BETWEEN 0 AND 168),
    keep         INTEGER NOT NULL DEFAULT 7 CHECK (keep BETWEEN 1 AND 100),
    last_run     TEXT,
    last_status  TEXT    NOT NULL DEFAULT '' CHECK (last_status IN ('', 'running', 'ok', 'failed')),
    last_message TEXT    NOT NULL DEFAULT '',
    last_done    TEXT
);
INSERT INTO backup_settings (id) VALUES (1);
