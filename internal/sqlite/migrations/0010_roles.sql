-- Roles replace the one administrator flag: every existing account becomes
-- an administrator (so no one loses what they could do). A user may be
-- disabled (the session check reads the status on every request), and the
-- last sign-in is kept for the Users tab. A session keeps the User-Agent it
-- signed in with, shortened for the account page's list of sessions.
ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'editor', 'sales'));
ALTER TABLE users ADD COLUMN status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled'));
ALTER TABLE users ADD COLUMN last_login_at TEXT;
ALTER TABLE users DROP COLUMN is_admin;
ALTER TABLE admin_sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
