-- A menu item may sit under a top-level item (one level only; the rules
-- are the API's): parent_id. Deleting a parent makes its items top-level.
ALTER TABLE menu_items ADD COLUMN parent_id INTEGER REFERENCES menu_items (id) ON DELETE SET NULL;
CREATE INDEX menu_items_parent ON menu_items (parent_id);

-- The default menu gets its dropdowns: AI Solutions opens the solution
-- and service pages, a new Company item (# opens its items only) the
-- company pages. Only on a site whose menu is still the four seeded items
-- as seeded (a fresh site, or one whose menu was never changed): a menu
-- someone edited is left as it is.
INSERT INTO menu_items (title, url, "order")
SELECT 'Company', '#', 5
WHERE (SELECT count(*) FROM menu_items) = 4
  AND EXISTS (SELECT 1 FROM menu_items WHERE title = 'Home' AND url = '/#home' AND "order" = 1 AND is_active = 1)
  AND EXISTS (SELECT 1 FROM menu_items WHERE title = 'AI Solutions' AND url = '/#solutions' AND "order" = 2 AND is_active = 1)
  AND EXISTS (SELECT 1 FROM menu_items WHERE title = 'Benefits' AND url = '/#benefits' AND "order" = 3 AND is_active = 1)
  AND EXISTS (SELECT 1 FROM menu_items WHERE title = 'Testimonials' AND url = '/#testimonials' AND "order" = 4 AND is_active = 1);

INSERT INTO menu_items (title, url, "order", parent_id)
SELECT v.column2, v.column3, v.column4, p.id
FROM (VALUES
    ('AI Solutions', 'Machine Learning',            '/machine-learning',            1),
    ('AI Solutions', 'Deep Learning',               '/deep-learning',               2),
    ('AI Solutions', 'Natural Language Processing', '/natural-language-processing', 3),
    ('AI Solutions', 'Computer Vision',             '/computer-vision',             4),
    ('AI Solutions', 'Predictive Analytics',        '/predictive-analytics',        5),
    ('AI Solutions', 'AI Consulting',               '/ai-consulting',               6),
    ('AI Solutions', 'Strategy Development',        '/strategy-development',        7),
    ('AI Solutions', 'Implementation',              '/implementation',              8),
    ('AI Solutions', 'Ongoing Support',             '/ongoing-support',             9),
    ('AI Solutions', 'Training & Education',        '/training-education',          10),
    ('Company',      'About',                       '/about-us',                    1),
    ('Company',      'Case Studies',                '/case-studies',                2),
    ('Company',      'Blog',                        '/blog',                        3),
    ('Company',      'Careers',                     '/careers',                     4)
) AS v
JOIN menu_items p ON p.title = v.column1 AND p.parent_id IS NULL
WHERE (SELECT count(*) FROM menu_items) = 5
  AND EXISTS (SELECT 1 FROM menu_items WHERE title = 'Company' AND url = '#' AND "order" = 5)
ORDER BY p."order", v.column4;
