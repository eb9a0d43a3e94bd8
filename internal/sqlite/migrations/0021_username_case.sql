-- Usernames are unique regardless of case: "Admin" beside "admin" would be
-- two accounts that read as one (sign-in and the audit filter match names
-- in any case). Users whose names already differ only in case stop the
-- migration with their names, for the operator to rename all but one of
-- each; SQLite raises a message only from a trigger, hence the temporary
-- table whose insert refuses.
CREATE TEMP TABLE username_clash (names TEXT NOT NULL);
CREATE TEMP TRIGGER username_clash_refused BEFORE INSERT ON username_clash BEGIN
    SELECT RAISE(ABORT, 'usernames must be unique regardless of case, but these differ only in case: ' || NEW.names
        || '. Rename all but one of each (UPDATE users SET username = ''new-name'' WHERE id = ...), then start the site again.');
END;
INSERT INTO username_clash
SELECT group_concat(username || ' (id ' || id || ')', ', ')
FROM (SELECT id, username FROM users
      WHERE lower(username) IN (SELECT lower(username) FROM users GROUP BY lower(username) HAVING count(*) > 1)
      ORDER BY lower(username), id)
HAVING count(*) > 0;
DROP TABLE username_clash;

CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
DROP INDEX invitations_username;
CREATE INDEX invitations_username ON invitations (lower(username));
