-- One row: the checks of the page form that the site's administrators
-- switched off, by name, one per line; none by default.
CREATE TABLE page_check_settings (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    switched_off TEXT    NOT NULL DEFAULT ''
);
INSERT INTO page_check_settings (id) VALUES (1);
