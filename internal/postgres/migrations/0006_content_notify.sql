-- Every write to a table the public site shows announces itself inside its
-- own transaction: pg_notify is delivered when the transaction commits and
-- dropped when it rolls back, so another instance never misses a change
-- that was made, nor hears of one that was not. The payload is the writing
-- connection's instance (set by the application at connect), so that the
-- writer's own listener can ignore it. Row triggers, so that a write that
-- matches no row announces nothing; PostgreSQL folds the repeats of one
-- transaction into one notification.
CREATE FUNCTION notify_content_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify(
        CASE WHEN TG_TABLE_SCHEMA = 'public' THEN 'site_content' ELSE 'site_content.' || TG_TABLE_SCHEMA END,
        coalesce(current_setting('meridian.instance', true), ''));
    RETURN NULL;
END;
$$;

CREATE TRIGGER website_content_changed AFTER INSERT OR UPDATE OR DELETE ON website_content
    FOR EACH ROW EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER menu_items_changed AFTER INSERT OR UPDATE OR DELETE ON menu_items
    FOR EACH ROW EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER website_images_changed AFTER INSERT OR UPDATE OR DELETE ON website_images
    FOR EACH ROW EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER cms_testimonials_changed AFTER INSERT OR UPDATE OR DELETE ON cms_testimonials
    FOR EACH ROW EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER footer_links_changed AFTER INSERT OR UPDATE OR DELETE ON footer_links
    FOR EACH ROW EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER pages_changed AFTER INSERT OR UPDATE OR DELETE ON pages
    FOR EACH ROW EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER site_settings_changed AFTER INSERT OR UPDATE OR DELETE ON site_settings
    FOR EACH ROW EXECUTE FUNCTION notify_content_changed();
