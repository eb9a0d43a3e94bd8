-- The entities of the site (SPEC section 3), as internal/sqlite/migrations
-- defines them. Timestamps are timestamptz and read back in UTC.

CREATE TABLE users (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    username   text        NOT NULL UNIQUE,
    password   text        NOT NULL,
    is_admin   boolean     NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE admin_sessions (
    id            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id       bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    session_token text        NOT NULL UNIQUE, -- SHA-256 of the token, never the token
    expires_at    timestamptz NOT NULL,
    last_seen_at  timestamptz NOT NULL DEFAULT now(),
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_sessions_user_id ON admin_sessions (user_id);

CREATE TABLE contact_submissions (
    id                   bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    first_name           text        NOT NULL,
    last_name            text        NOT NULL,
    email                text        NOT NULL,
    company              text        NOT NULL,
    job_title            text        NOT NULL DEFAULT '',
    ai_solution_interest text        NOT NULL DEFAULT '',
    project_details      text        NOT NULL DEFAULT '',
    created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_submissions_created_at ON contact_submissions (created_at);

CREATE TABLE website_content (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    section    text        NOT NULL,
    key        text        NOT NULL,
    value      text        NOT NULL DEFAULT '',
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (section, key)
);

CREATE TABLE menu_items (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title      text        NOT NULL,
    url        text        NOT NULL,
    "order"    integer     NOT NULL DEFAULT 0,
    is_active  boolean     NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE website_images (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       text        NOT NULL,
    url        text        NOT NULL,
    alt_text   text        NOT NULL DEFAULT '',
    section    text        NOT NULL DEFAULT '',
    usage      text        NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cms_testimonials (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       text        NOT NULL,
    title      text        NOT NULL,
    content    text        NOT NULL,
    initials   text        NOT NULL,
    avatar_bg  text        NOT NULL DEFAULT 'bg-blue-600',
    "order"    integer     NOT NULL DEFAULT 0,
    is_active  boolean     NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE footer_links (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    category   text        NOT NULL DEFAULT 'Solutions',
    title      text        NOT NULL,
    url        text        NOT NULL DEFAULT '',
    "order"    integer     NOT NULL DEFAULT 0,
    is_active  boolean     NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE pages (
    id               bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title            text        NOT NULL,
    slug             text        NOT NULL UNIQUE,
    content          text        NOT NULL,
    excerpt          text        NOT NULL DEFAULT '',
    meta_title       text        NOT NULL DEFAULT '',
    meta_description text        NOT NULL DEFAULT '',
    status           text        NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
    template         text        NOT NULL DEFAULT 'default',
    featured_image   text        NOT NULL DEFAULT '',
    author_id        bigint      REFERENCES users (id) ON DELETE SET NULL,
    published_at     timestamptz,
    is_active        boolean     NOT NULL DEFAULT true,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

-- The id is given, not generated, so that the seed can name the one row.
CREATE TABLE site_settings (
    id              bigint      PRIMARY KEY,
    logo_text       text        NOT NULL DEFAULT 'Meridian AI',
    logo_image_url  text        NOT NULL DEFAULT '',
    logo_image_alt  text        NOT NULL DEFAULT 'Company Logo',
    use_image_logo  boolean     NOT NULL DEFAULT false,
    primary_color   text        NOT NULL DEFAULT '#2563eb',
    secondary_color text        NOT NULL DEFAULT '#1e40af',
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
