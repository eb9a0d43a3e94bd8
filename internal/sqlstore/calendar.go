package sqlstore

import (
	"context"

	"meridian/internal/site"
)

// The private calendar feeds of the users who take meetings: the column
// users.calendar_feed holds the SHA-256 of the token of a user's feed
// address, '' while it is off.

// SetCalendarFeed sets the feed token of user id; "" turns the feed off.
func (s *Store) SetCalendarFeed(ctx context.Context, id int64, hash string) error {
	return s.changeOne(ctx, "set calendar feed", "User", `UPDATE users SET calendar_feed = ? WHERE id = ?`, hash, id)
}

// CalendarFeedOn reports whether user id has a feed.
func (s *Store) CalendarFeedOn(ctx context.Context, id int64) (bool, error) {
	var on bool
	err := s.read.QueryRowContext(ctx, s.rebind(`SELECT calendar_feed <> '' FROM users WHERE id = ?`), id).Scan(&on)
	if err != nil {
		return false, s.Fail(ctx, "find calendar feed", "User", err)
	}
	return on, nil
}

// FindCalendarFeedUser returns the user whose feed token hashes to hash,
// while they are active and their role works on leads.
func (s *Store) FindCalendarFeedUser(ctx context.Context, hash string) (*site.User, error) {
	if hash == "" {
		return nil, site.Errorf(site.ENOTFOUND, "Calendar feed not found.")
	}
	u, err := s.scanUser(s.read.QueryRowContext(ctx, s.rebind(`SELECT `+userColumns+` FROM users WHERE calendar_feed = ?`), hash))
	if err != nil {
		return nil, s.Fail(ctx, "find calendar feed", "Calendar feed", err)
	}
	if u.Status != site.UserActive || !site.RoleMay(u.Role, site.PermLeads) {
		return nil, site.Errorf(site.ENOTFOUND, "Calendar feed not found.")
	}
	return u, nil
}
