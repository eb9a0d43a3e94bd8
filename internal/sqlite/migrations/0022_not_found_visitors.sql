-- How many distinct client addresses opened each path that answered 404,
-- as the instances counted them: the log keeps the paths with the most
-- visitors, so that one address asking for thousands of random paths
-- cannot push out the broken links many people follow. A path logged
-- before counts as one visitor.
ALTER TABLE not_found ADD COLUMN visitors INTEGER NOT NULL DEFAULT 1;
CREATE INDEX not_found_least_seen ON not_found (visitors, last_seen);
