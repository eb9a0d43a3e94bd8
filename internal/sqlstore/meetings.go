package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"meridian/internal/site"
)

// The meetings visitors book with the owners of their leads, and the
// booking settings of those owners. The rules of the slots are site's
// (site.OpenSlots, site.Availability.Check); these read and write.

const meetingColumns = `meetings.id, meetings.lead_id, contact_submissions.first_name || ' ' || contact_submissions.last_name,
	contact_submissions.company, meetings.owner_id, users.username, meetings.start_at, meetings.end_at, meetings.time_zone, meetings.status,
	meetings.sequence, meetings.created_at, meetings.updated_at`

const meetingFrom = ` FROM meetings JOIN contact_submissions ON contact_submissions.id = meetings.lead_id
	JOIN users ON users.id = meetings.owner_id`

func scanMeeting(r Row) (*site.Meeting, error) {
	var m site.Meeting
	err := r.Scan(&m.ID, &m.LeadID, &m.LeadName, &m.LeadCompany, &m.OwnerID, &m.OwnerName, ScanTime(&m.Start), ScanTime(&m.End),
		&m.TimeZone, &m.Status, &m.Sequence, ScanTime(&m.CreatedAt), ScanTime(&m.UpdatedAt))
	return &m, err
}

// GetAvailability returns the user's booking settings, the defaults when
// they saved none.
func (s *Store) GetAvailability(ctx context.Context, userID int64) (*site.Availability, error) {
	a, err := s.availability(ctx, s.read, userID)
	if err != nil {
		return nil, s.Fail(ctx, "get availability", "User", err)
	}
	return a, nil
}

// availability reads the booking settings of user id in q.
func (s *Store) availability(ctx context.Context, q Querier, id int64) (*site.Availability, error) {
	var data string
	err := q.QueryRowContext(ctx, s.rebind(`SELECT data FROM user_availability WHERE user_id = ?`), id).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		a := site.DefaultAvailability()
		return &a, nil
	}
	if err != nil {
		return nil, err
	}
	a := site.DefaultAvailability()
	if err := json.Unmarshal([]byte(data), &a); err != nil {
		return nil, fmt.Errorf("decode availability of user %d: %w", id, err)
	}
	return &a, nil
}

// SetAvailability saves the user's booking settings.
func (s *Store) SetAvailability(ctx context.Context, userID int64, a *site.Availability) (*site.Availability, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	data, err := json.Marshal(a)
	if err != nil {
		return nil, err
	}
	now := s.nowUTC()
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO user_availability (user_id, data, updated_at) VALUES (?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`), userID, string(data), s.d.Time(now))
		return err
	})
	if err != nil {
		return nil, s.Fail(ctx, "set availability", "User", err)
	}
	return a, nil
}

// FindBusy returns the booked meetings of the owner between from and to.
func (s *Store) FindBusy(ctx context.Context, ownerID int64, from, to time.Time) ([]site.Interval, error) {
	busy, err := s.busy(ctx, s.read, ownerID, from, to, 0)
	if err != nil {
		return nil, s.Fail(ctx, "find busy times", "Meeting", err)
	}
	return busy, nil
}

// busy reads the booked meetings of the owner that overlap from to to,
// but the meeting except (0 for none).
func (s *Store) busy(ctx context.Context, q Querier, ownerID int64, from, to time.Time, except int64) ([]site.Interval, error) {
	rows, err := q.QueryContext(ctx, s.rebind(`SELECT start_at, end_at FROM meetings WHERE owner_id = ? AND status = 'booked'
		AND end_at > ? AND start_at < ? AND id <> ? ORDER BY start_at`), ownerID, s.d.Time(from.UTC()), s.d.Time(to.UTC()), except)
	if err != nil {
		return nil, err
	}
	return ScanAll(rows, func(r Row) (i site.Interval, err error) {
		return i, r.Scan(ScanTime(&i.Start), ScanTime(&i.End))
	})
}

// busyWindow is the stretch around now whose meetings a check of a slot
// reads: the whole horizon, and the longest buffer on either side.
func busyWindow(now time.Time) (from, to time.Time) {
	pad := time.Duration(site.MaxBufferMinutes+site.MaxMeetingMinutes) * time.Minute
	return now.Add(-pad), now.Add(time.Duration(site.MaxHorizonDays)*24*time.Hour + pad)
}

// leadByBookingToken reads the lead whose booking token hashes to hash,
// good at now; EGONE when there is none, or it is spent or expired.
func (s *Store) leadByBookingToken(ctx context.Context, q Querier, hash string, now time.Time, lock string) (*site.Lead, error) {
	if hash == "" {
		return nil, site.Errorf(site.EGONE, "%s", site.MsgBookingGone)
	}
	var exp *time.Time
	row := q.QueryRowContext(ctx, s.rebind(`SELECT booking_token_expires_at, `+leadColumns+` FROM contact_submissions
		WHERE booking_token = ?`+lock), hash)
	l, err := s.scanLead(rowWithTime{row, &exp})
	if errors.Is(err, sql.ErrNoRows) || err == nil && (exp == nil || !now.Before(*exp)) {
		return nil, site.Errorf(site.EGONE, "%s", site.MsgBookingGone)
	}
	return l, err
}

// rowWithTime reads a nullable time before the columns of another scan.
type rowWithTime struct {
	r Row
	t **time.Time
}

func (r rowWithTime) Scan(dst ...any) error {
	return r.r.Scan(append([]any{ScanNullTime(r.t)}, dst...)...)
}

// FindBookingOwner returns the owner of the booking token's lead and
// their booking settings.
func (s *Store) FindBookingOwner(ctx context.Context, hash string, now time.Time) (int64, *site.Availability, error) {
	l, err := s.leadByBookingToken(ctx, s.read, hash, now, "")
	if err != nil {
		return 0, nil, s.Fail(ctx, "find booking owner", "Lead", err)
	}
	if l.OwnerID == nil {
		return 0, nil, site.Errorf(site.EINVALID, "%s", site.MsgNoMeetingOwner)
	}
	a, err := s.availability(ctx, s.read, *l.OwnerID)
	if err != nil {
		return 0, nil, s.Fail(ctx, "find booking owner", "User", err)
	}
	return *l.OwnerID, a, nil
}

// BookMeeting books a meeting with the owner of the token's lead, in one
// transaction. A lead without an owner is refused (MsgNoMeetingOwner):
// its owner is the one person the visitor meets, and no one takes leads
// when it has none. The owner's lock makes bookings of one owner take
// turns, and the unique index of a booked time refuses the second of two
// that get past the check at once.
func (s *Store) BookMeeting(ctx context.Context, in site.BookingRequest) (*site.Meeting, error) {
	now := in.Now.UTC().Truncate(s.d.Precision())
	if _, err := site.LoadTimeZone(in.TimeZone); err != nil || in.TimeZone == "" {
		return nil, site.FieldError("timeZone", site.MsgBadTimeZone)
	}
	var out *site.Meeting
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		l, err := s.leadByBookingToken(ctx, tx, in.TokenHash, now, s.d.ForUpdate())
		if err != nil {
			return err
		}
		if l.OwnerID == nil {
			return site.Errorf(site.EINVALID, "%s", site.MsgNoMeetingOwner)
		}
		owner := *l.OwnerID
		start, end, err := s.checkSlot(ctx, tx, owner, in.Start, now, 0)
		if err != nil {
			return err
		}
		var id int64
		err = tx.QueryRowContext(ctx, s.rebind(`INSERT INTO meetings (lead_id, owner_id, start_at, end_at, time_zone, status,
			manage_token, sequence, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'booked', ?, 0, ?, ?) RETURNING id`),
			l.ID, owner, s.d.Time(start), s.d.Time(end), in.TimeZone, site.HashToken(in.ManageToken), s.d.Time(now), s.d.Time(now)).Scan(&id)
		if err != nil {
			return s.slotTaken(err)
		}
		// The token is spent, and the booking is the lead's first response.
		if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE contact_submissions SET booking_token = '', booking_token_expires_at = NULL,
			first_response_at = COALESCE(first_response_at, ?) WHERE id = ?`), s.d.Time(now), l.ID); err != nil {
			return err
		}
		if err := s.withdrawReminders(ctx, tx, l.ID); err != nil {
			return err
		}
		if err := s.queueInvitations(ctx, tx, l, id, owner, in.ManageToken, now); err != nil {
			return err
		}
		if out, err = s.findMeeting(ctx, tx, id); err != nil {
			return err
		}
		return s.meetingActivity(ctx, tx, out, site.ActivityMeeting, time.Time{}, out.Start, now)
	})
	if err != nil {
		return nil, s.Fail(ctx, "book meeting", "Meeting", err)
	}
	return out, nil
}

// checkSlot takes the owner's lock and checks that a meeting may start at
// start at now, clear of the owner's other meetings but except; it returns
// the meeting's start and end as stored.
func (s *Store) checkSlot(ctx context.Context, tx *sql.Tx, owner int64, start, now time.Time, except int64) (time.Time, time.Time, error) {
	if err := s.d.Lock(ctx, tx, fmt.Sprintf("meetings %d", owner), false); err != nil {
		return time.Time{}, time.Time{}, err
	}
	a, err := s.availability(ctx, tx, owner)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	from, to := busyWindow(now)
	busy, err := s.busy(ctx, tx, owner, from, to, except)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	if err := a.Check(start, busy, now); err != nil {
		return time.Time{}, time.Time{}, err
	}
	start = start.UTC().Truncate(s.d.Precision())
	return start, start.Add(time.Duration(a.MeetingMinutes) * time.Minute), nil
}

// slotTaken turns the refusal of a second booking of a time into the
// conflict a visitor is told of.
func (s *Store) slotTaken(err error) error {
	if s.isUnique(err) {
		return site.Errorf(site.ECONFLICT, "%s", site.MsgSlotTaken)
	}
	return err
}

// queueInvitations queues the invitation of meeting id of lead l, as it is
// now: to the visitor, with the token of their link, and to the owner when
// their address is verified.
func (s *Store) queueInvitations(ctx context.Context, tx *sql.Tx, l *site.Lead, id, owner int64, token string, now time.Time) error {
	rcpt, _, err := s.recipients(ctx, tx, &owner)
	if err != nil {
		return err
	}
	type invitation struct {
		target string
		user   *int64
		token  string
	}
	list := []invitation{{target: l.Email, token: token}}
	if rcpt != nil {
		list = append(list, invitation{target: rcpt.Email, user: &rcpt.UserID})
	}
	for _, inv := range list {
		if _, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO lead_deliveries (lead_id, kind, channel, target, user_id,
			status, next_attempt_at, created_at, meeting_id, manage_token) VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)`),
			l.ID, site.KindMeeting, site.ChannelEmail, inv.target, inv.user, s.d.Time(now), s.d.Time(now), id, inv.token); err != nil {
			return err
		}
	}
	return nil
}

// meetingActivity adds the entry of kind about meeting m to its lead's
// timeline in tx: written by the site (the visitor booked, moved or
// cancelled it), with the start it had (from) and has (to), zero for
// none, and the owner's name.
func (s *Store) meetingActivity(ctx context.Context, tx *sql.Tx, m *site.Meeting, kind string, from, to, now time.Time) error {
	at := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format(time.RFC3339)
	}
	_, err := s.insertActivity(ctx, tx, &site.LeadActivity{LeadID: m.LeadID, Kind: kind,
		ActivityEntry: site.ActivityEntry{Text: m.OwnerName, From: at(from), To: at(to)}}, now)
	return err
}

// findMeeting reads meeting id in q.
func (s *Store) findMeeting(ctx context.Context, q Querier, id int64) (*site.Meeting, error) {
	return scanMeeting(q.QueryRowContext(ctx, s.rebind(`SELECT `+meetingColumns+meetingFrom+` WHERE meetings.id = ?`), id))
}

// FindMeetingByToken returns the meeting whose token hashes to hash.
func (s *Store) FindMeetingByToken(ctx context.Context, hash string) (*site.Meeting, error) {
	m, err := scanMeeting(s.read.QueryRowContext(ctx, s.rebind(`SELECT `+meetingColumns+meetingFrom+` WHERE meetings.manage_token = ?`), hash))
	if err != nil {
		return nil, s.Fail(ctx, "find meeting", "Meeting", err)
	}
	return m, nil
}

// changeableMeeting reads, locked, the booked meeting of token that has not
// started at now; EGONE otherwise.
func (s *Store) changeableMeeting(ctx context.Context, tx *sql.Tx, token string, now time.Time) (*site.Meeting, *site.Lead, error) {
	gone := site.Errorf(site.EGONE, "%s", site.MsgMeetingGone)
	if token == "" {
		return nil, nil, gone
	}
	var id int64
	err := tx.QueryRowContext(ctx, s.rebind(`SELECT id FROM meetings WHERE manage_token = ?`+s.d.ForUpdate()), site.HashToken(token)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, gone
	}
	if err != nil {
		return nil, nil, err
	}
	m, err := s.findMeeting(ctx, tx, id)
	if err != nil {
		return nil, nil, err
	}
	if !m.Changeable(now) {
		return nil, nil, gone
	}
	l, err := s.findLead(ctx, tx, m.LeadID, "")
	return m, l, err
}

// RescheduleMeeting moves the meeting of token to start; a time refused
// leaves it as it was.
func (s *Store) RescheduleMeeting(ctx context.Context, token string, start, now time.Time) (*site.Meeting, error) {
	now = now.UTC().Truncate(s.d.Precision())
	var out *site.Meeting
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		m, l, err := s.changeableMeeting(ctx, tx, token, now)
		if err != nil {
			return err
		}
		start, end, err := s.checkSlot(ctx, tx, m.OwnerID, start, now, m.ID)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE meetings SET start_at = ?, end_at = ?, sequence = sequence + 1,
			updated_at = ? WHERE id = ?`), s.d.Time(start), s.d.Time(end), s.d.Time(now), m.ID); err != nil {
			return s.slotTaken(err)
		}
		if err := s.queueInvitations(ctx, tx, l, m.ID, m.OwnerID, token, now); err != nil {
			return err
		}
		if out, err = s.findMeeting(ctx, tx, m.ID); err != nil {
			return err
		}
		return s.meetingActivity(ctx, tx, out, site.ActivityMeetingMoved, m.Start, out.Start, now)
	})
	if err != nil {
		return nil, s.Fail(ctx, "reschedule meeting", "Meeting", err)
	}
	return out, nil
}

// CancelMeeting cancels the meeting of token and queues the cancellations.
func (s *Store) CancelMeeting(ctx context.Context, token string, now time.Time) (*site.Meeting, error) {
	now = now.UTC().Truncate(s.d.Precision())
	var out *site.Meeting
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		m, l, err := s.changeableMeeting(ctx, tx, token, now)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE meetings SET status = 'cancelled', sequence = sequence + 1,
			updated_at = ? WHERE id = ?`), s.d.Time(now), m.ID); err != nil {
			return err
		}
		if err := s.queueInvitations(ctx, tx, l, m.ID, m.OwnerID, "", now); err != nil {
			return err
		}
		if out, err = s.findMeeting(ctx, tx, m.ID); err != nil {
			return err
		}
		return s.meetingActivity(ctx, tx, out, site.ActivityMeetingCancelled, m.Start, time.Time{}, now)
	})
	if err != nil {
		return nil, s.Fail(ctx, "cancel meeting", "Meeting", err)
	}
	return out, nil
}

// FindMeetings returns the meetings of f, the latest start first, or the
// earliest with f.Soonest.
func (s *Store) FindMeetings(ctx context.Context, f site.MeetingFilter) ([]*site.Meeting, error) {
	q := `SELECT ` + meetingColumns + meetingFrom + ` WHERE 1 = 1`
	var args []any
	if f.OwnerID != 0 {
		q += ` AND meetings.owner_id = ?`
		args = append(args, f.OwnerID)
	}
	if f.Status != "" {
		q += ` AND meetings.status = ?`
		args = append(args, f.Status)
	}
	if !f.From.IsZero() {
		q += ` AND meetings.end_at > ?`
		args = append(args, s.d.Time(f.From.UTC()))
	}
	if !f.Until.IsZero() {
		q += ` AND meetings.end_at <= ?`
		args = append(args, s.d.Time(f.Until.UTC()))
	}
	order := ` ORDER BY meetings.start_at DESC, meetings.id DESC`
	if f.Soonest {
		order = ` ORDER BY meetings.start_at, meetings.id`
	}
	rows, err := s.read.QueryContext(ctx, s.rebind(q+order), args...)
	if err != nil {
		return nil, s.Fail(ctx, "find meetings", "Meeting", err)
	}
	list, err := ScanAll(rows, scanMeeting)
	if err != nil {
		return nil, s.Fail(ctx, "find meetings", "Meeting", err)
	}
	return list, nil
}
