-- What a fresh site shows with nothing configured. A migration runs once, so
-- an admin's later changes (even deleting these rows) are never overwritten.

INSERT INTO site_settings (id) VALUES (1);

INSERT INTO menu_items (title, url, "order") VALUES
    ('Home',         '/#home',         1),
    ('AI Solutions', '/#solutions',    2),
    ('Benefits',     '/#benefits',     3),
    ('Testimonials', '/#testimonials', 4);

INSERT INTO footer_links (category, title, url, "order") VALUES
    ('Solutions', 'Machine Learning',            '/machine-learning',            1),
    ('Solutions', 'Deep Learning',               '/deep-learning',               2),
    ('Solutions', 'Natural Language Processing', '/natural-language-processing', 3),
    ('Solutions', 'Computer Vision',             '/computer-vision',             4),
    ('Solutions', 'Predictive Analytics',        '/predictive-analytics',        5),
    ('Services',  'AI Consulting',               '/ai-consulting',               1),
    ('Services',  'Strategy Development',        '/strategy-development',        2),
    ('Services',  'Implementation',              '/implementation',              3),
    ('Services',  'Ongoing Support',             '/ongoing-support',             4),
    ('Services',  'Training & Education',        '/training-education',          5),
    ('Company',   'About Us',                    '/about-us',                    1),
    ('Company',   'Case Studies',                '/case-studies',                2),
    ('Company',   'Blog',                        '/blog',                        3),
    ('Company',   'Careers',                     '/careers',                     4),
    ('Company',   'Contact',                     '/#contact',                    5),
    ('Legal',     'Privacy Policy',              '/privacy-policy',              1),
    ('Legal',     'Terms of Service',            '/terms-of-service',            2),
    ('Legal',     'Cookie Policy',               '/cookie-policy',               3);
