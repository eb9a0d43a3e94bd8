-- A page's text as a structured document (the JSON of the admin's editor,
-- checked by the server), beside content, which stays its plain text.
-- Pages stored before have no document (NULL) and are read as the
-- paragraphs of their content, as they were shown.
ALTER TABLE pages ADD COLUMN body TEXT;
