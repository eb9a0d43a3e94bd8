-- Usernames are unique regardless of case: "Admin" beside "admin" would be
-- two accounts that read as one (sign-in and the audit filter match names
-- in any case). Users whose names already differ only in case stop the
-- migration with their names, for the operator to rename all but one of
-- each.
DO $$
DECLARE
    clash text;
BEGIN
    SELECT string_agg(username || ' (id ' || id || ')', ', ' ORDER BY lower(username), id) INTO clash
    FROM users
    WHERE lower(username) IN (SELECT lower(username) FROM users GROUP BY lower(username) HAVING count(*) > 1);
    IF clash IS NOT NULL THEN
        RAISE EXCEPTION 'usernames must be unique regardless of case, but these differ only in case: %. Rename all but one of each (UPDATE users SET username = ''new-name'' WHERE id = ...), then start the site again.', clash;
    END IF;
END
$$;

CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
DROP INDEX invitations_username;
CREATE INDEX invitations_username ON invitations (lower(username));
