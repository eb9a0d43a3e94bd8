-- A testimonial may show its author's photo, an image of the media library
-- named as media:{id}; empty keeps the initials.
ALTER TABLE cms_testimonials ADD COLUMN photo TEXT NOT NULL DEFAULT '';
