package storetest

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
	"time"

	"meridian/internal/site"
)

// allHours are booking settings open around the clock, every day, without
// notice: any half hour within the horizon is a slot.
func allHours() *site.Availability {
	a := site.DefaultAvailability()
	a.Weekly = nil
	for d := range 7 {
		a.Weekly = append(a.Weekly, site.WorkingHours{Weekday: d, Start: "00:00", End: "24:00"})
	}
	a.MinNoticeMinutes = 0
	a.MeetingLink = "https://meet.example.com/room"
	return &a
}

// bookingSetup makes a sales user who takes leads, with a verified
// address and allHours, and returns them with the start of a free slot a
// few hours after now.
func bookingSetup(t *testing.T, s site.Store, now time.Time) (*site.User, time.Time) {
	t.Helper()
	ctx := context.Background()
	sam := taker(t, s, "sam", site.RoleSales)
	sam = must(s.SetUserEmail(ctx, sam.ID, site.EmailChange{Email: "sam@staff.example", VerifiedAt: &now}))(t)
	must(s.SetAvailability(ctx, sam.ID, allHours()))(t)
	return sam, now.UTC().Truncate(time.Hour).Add(3 * time.Hour)
}

// bookingLead stores a lead whose booking token is token, good for a day
// from now.
func bookingLead(t *testing.T, s site.Store, email, token string, now time.Time) *site.Lead {
	t.Helper()
	l := lead(email)
	exp := now.Add(site.BookingTokenTTL)
	l.BookingTokenHash, l.BookingTokenExpiresAt = site.HashToken(token), &exp
	return create(t, s, l)
}

func book(s site.Store, token string, start, now time.Time) (*site.Meeting, error) {
	return s.BookMeeting(context.Background(), site.BookingRequest{TokenHash: site.HashToken(token), Start: start,
		TimeZone: "Europe/Berlin", ManageToken: "manage-" + token, Now: now})
}

// testAvailability: a user without settings has the defaults; settings
// saved are read back; invalid ones are refused and nothing is saved.
func testAvailability(t *testing.T, s site.Store) {
	ctx := context.Background()
	sam := taker(t, s, "sam", site.RoleSales)
	got := must(s.GetAvailability(ctx, sam.ID))(t)
	if def := site.DefaultAvailability(); fmt.Sprint(*got) != fmt.Sprint(def) {
		t.Errorf("availability of a user without = %+v, want the defaults %+v", got, def)
	}
	a := allHours()
	a.Phone = "+49 30 1234"
	must(s.SetAvailability(ctx, sam.ID, a))(t)
	if got := must(s.GetAvailability(ctx, sam.ID))(t); got.Phone != a.Phone || len(got.Weekly) != 7 || got.MinNoticeMinutes != 0 {
		t.Errorf("availability read back = %+v", got)
	}
	bad := allHours()
	bad.MeetingMinutes = 7
	_, err := s.SetAvailability(ctx, sam.ID, bad)
	wantCode(t, err, site.EINVALID)
	if got := must(s.GetAvailability(ctx, sam.ID))(t); got.MeetingMinutes != site.DefaultMeetingMinutes {
		t.Errorf("an invalid save changed the meeting length to %d", got.MeetingMinutes)
	}
}

// testMeetings: a booking spends its token, answers the lead and queues
// the invitations; the same time is not booked twice, not even past the
// check; a move into a taken time keeps the meeting; a cancel frees it.
func testMeetings(t *testing.T, s site.Store) {
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Second)
	sam, start := bookingSetup(t, s, now)
	l := bookingLead(t, s, "ada@example.com", "tok-ada", now)
	if owner, _, err := s.FindBookingOwner(ctx, site.HashToken("tok-ada"), now); err != nil || owner != sam.ID {
		t.Fatalf("booking owner = %d, %v; want sam", owner, err)
	}
	// A time outside the slots is refused, and the token stays good.
	_, err := book(s, "tok-ada", start.Add(10*time.Minute), now)
	wantError(t, err, site.EINVALID, site.MsgSlotOffGrid)
	m := must(book(s, "tok-ada", start, now))(t)
	if m.OwnerID != sam.ID || m.OwnerName != "sam" || !m.Start.Equal(start) || !m.End.Equal(start.Add(30*time.Minute)) ||
		m.Status != site.MeetingBooked || m.Sequence != 0 || m.TimeZone != "Europe/Berlin" || m.LeadID != l.ID {
		t.Errorf("meeting = %+v", m)
	}
	_, err = book(s, "tok-ada", start.Add(time.Hour), now)
	wantError(t, err, site.EGONE, site.MsgBookingGone)
	answered := must(s.FindLeadByID(ctx, l.ID))(t)
	if answered.FirstResponseAt == nil {
		t.Errorf("a booked meeting did not answer the lead")
	}
	var invites []string
	for _, d := range answered.Deliveries {
		if d.Kind == site.KindMeeting {
			invites = append(invites, d.Target)
		}
	}
	if fmt.Sprint(invites) != "[ada@example.com sam@staff.example]" {
		t.Errorf("invitations to %v, want the visitor and the owner", invites)
	}
	if got := must(s.FindMeetingByToken(ctx, site.HashToken("manage-tok-ada")))(t); got.ID != m.ID {
		t.Errorf("meeting by token = %d, want %d", got.ID, m.ID)
	}
	if busy := must(s.FindBusy(ctx, sam.ID, now, now.Add(48*time.Hour)))(t); len(busy) != 1 || !busy[0].Start.Equal(start) {
		t.Errorf("busy = %v", busy)
	}

	// The same time for another lead: refused by the check...
	bookingLead(t, s, "bob@example.com", "tok-bob", now)
	_, err = book(s, "tok-bob", start, now)
	wantError(t, err, site.ECONFLICT, site.MsgSlotTaken)
	// ...and by the index, for a second row written past it.
	err = s.(sqlStore).InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO meetings (lead_id, owner_id, start_at, end_at, time_zone, status, manage_token,
			sequence, created_at, updated_at) SELECT lead_id, owner_id, start_at, end_at, time_zone, status, 'another', 0,
			created_at, updated_at FROM meetings WHERE status = 'booked'`)
		return err
	})
	if err == nil {
		t.Errorf("a second booking of the same time was stored")
	}

	// Bob books the next hour; Ada cannot move into it, and keeps hers.
	bob := must(book(s, "tok-bob", start.Add(time.Hour), now))(t)
	_, err = s.RescheduleMeeting(ctx, "manage-tok-ada", start.Add(time.Hour), now)
	wantError(t, err, site.ECONFLICT, site.MsgSlotTaken)
	if got := must(s.FindMeetingByToken(ctx, site.HashToken("manage-tok-ada")))(t); !got.Start.Equal(start) || got.Sequence != 0 {
		t.Errorf("a refused move changed the meeting: %+v", got)
	}
	// She moves half an hour on: her own old time is no obstacle.
	moved := must(s.RescheduleMeeting(ctx, "manage-tok-ada", start.Add(30*time.Minute), now))(t)
	if !moved.Start.Equal(start.Add(30*time.Minute)) || moved.Sequence != 1 {
		t.Errorf("moved = %+v", moved)
	}
	// Bob cancels; his time is free again, and his link is spent.
	cancelled := must(s.CancelMeeting(ctx, "manage-tok-bob", now))(t)
	if cancelled.Status != site.MeetingCancelled || cancelled.Sequence != 1 || cancelled.ID != bob.ID {
		t.Errorf("cancelled = %+v", cancelled)
	}
	_, err = s.CancelMeeting(ctx, "manage-tok-bob", now)
	wantError(t, err, site.EGONE, site.MsgMeetingGone)
	// Once a meeting has started, its link is spent.
	_, err = s.RescheduleMeeting(ctx, "manage-tok-ada", start.Add(2*time.Hour), moved.Start)
	wantError(t, err, site.EGONE, site.MsgMeetingGone)
	list := must(s.FindMeetings(ctx, site.MeetingFilter{}))(t)
	if len(list) != 2 || list[0].ID != bob.ID || list[0].LeadName != "Ada Lovelace" {
		t.Errorf("meetings = %+v, want Bob's (latest start) first", list)
	}

	// An expired token is spent too.
	bookingLead(t, s, "cy@example.com", "tok-cy", now)
	_, err = book(s, "tok-cy", start.Add(3*time.Hour), now.Add(site.BookingTokenTTL))
	wantError(t, err, site.EGONE, site.MsgBookingGone)
	_, err = book(s, "no-such-token", start.Add(3*time.Hour), now)
	wantCode(t, err, site.EGONE)

	// A repeat of the form is answered with a new token, which replaces
	// the earlier one.
	bookingLead(t, s, "dan@example.com", "tok-dan1", now)
	again := lead("dan@example.com")
	exp := now.Add(site.BookingTokenTTL)
	again.BookingTokenHash, again.BookingTokenExpiresAt = site.HashToken("tok-dan2"), &exp
	if _, created, err := s.CreateLead(ctx, again); err != nil || created {
		t.Fatalf("repeat: created %v, %v", created, err)
	}
	_, err = book(s, "tok-dan1", start.Add(3*time.Hour), now)
	wantCode(t, err, site.EGONE)
	must(book(s, "tok-dan2", start.Add(3*time.Hour), now))(t)
}

// testMeetingsAtOnce is BookAtOnce on one store.
func testMeetingsAtOnce(t *testing.T, s site.Store) { BookAtOnce(t, s) }

// BookAtOnce: of 20 bookings of one time at once, through the stores in
// turn (handles of their own on one database, as instances are), exactly
// one succeeds and every other is told the time was taken.
func BookAtOnce(t *testing.T, stores ...site.Store) {
	s := stores[0]
	now := time.Now().UTC().Truncate(time.Second)
	_, start := bookingSetup(t, s, now)
	const n = 20
	for i := range n {
		bookingLead(t, s, fmt.Sprintf("visitor%d@example.com", i), fmt.Sprintf("tok%d", i), now)
	}
	errs := atOnce(n, func(i int) error {
		_, err := book(stores[i%len(stores)], fmt.Sprintf("tok%d", i), start, now)
		return err
	})
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case site.ErrorCode(err) != site.ECONFLICT || site.ErrorMessage(err) != site.MsgSlotTaken:
			t.Errorf("booking at once: %v", err)
		}
	}
	if won != 1 {
		t.Errorf("%d of %d bookings of one time succeeded, want 1", won, n)
	}
	if list := must(s.FindMeetings(context.Background(), site.MeetingFilter{}))(t); len(list) != 1 {
		t.Errorf("%d meetings stored, want 1", len(list))
	}
}

// testMeetingTimeline: a booking, a move and a cancellation each write an
// entry to the lead's timeline, in their own transaction: the site's,
// with the owner and the meeting's times; a refused move writes none.
func testMeetingTimeline(t *testing.T, s site.Store) {
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Second)
	_, start := bookingSetup(t, s, now)
	l := bookingLead(t, s, "ada@example.com", "tok-ada", now)
	bookingLead(t, s, "bob@example.com", "tok-bob", now)
	must(book(s, "tok-ada", start, now))(t)
	must(book(s, "tok-bob", start.Add(time.Hour), now))(t)
	_, err := s.RescheduleMeeting(ctx, "manage-tok-ada", start.Add(time.Hour), now.Add(time.Minute))
	wantCode(t, err, site.ECONFLICT)
	moved := start.Add(90 * time.Minute)
	must(s.RescheduleMeeting(ctx, "manage-tok-ada", moved, now.Add(2*time.Minute)))(t)
	must(s.CancelMeeting(ctx, "manage-tok-ada", now.Add(3*time.Minute)))(t)

	got := must(s.FindLeadByID(ctx, l.ID))(t).Activity
	rfc := func(t time.Time) string { return t.UTC().Format(time.RFC3339) }
	want := []struct {
		kind, from, to string
		at             time.Time
	}{
		{site.ActivityMeetingCancelled, rfc(moved), "", now.Add(3 * time.Minute)},
		{site.ActivityMeetingMoved, rfc(start), rfc(moved), now.Add(2 * time.Minute)},
		{site.ActivityMeeting, "", rfc(start), now},
	}
	if len(got) != len(want) {
		t.Fatalf("timeline = %d entries %+v, want %d", len(got), got, len(want))
	}
	for i, w := range want {
		a := got[i]
		if a.Kind != w.kind || a.From != w.from || a.To != w.to || a.Text != "sam" || a.UserID != nil || a.Username != "" ||
			!a.CreatedAt.Equal(w.at) || a.LeadID != l.ID {
			t.Errorf("entry %d = %+v, want %s from %q to %q at %v by the site, owner sam", i, a, w.kind, w.from, w.to, w.at)
		}
	}
	// The site's entries are not staff's to edit.
	_, err = s.UpdateLeadActivity(ctx, l.ID, got[0].ID, "x", site.Actor{UserID: 1, Username: "admin"}, now)
	wantCode(t, err, site.EFORBIDDEN)
}

// testMeetingFilter: the admin's list by owner and by when: the upcoming
// booked meetings soonest first, the past ones and the cancelled ones
// latest first.
func testMeetingFilter(t *testing.T, s site.Store) {
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Second)
	sam, start := bookingSetup(t, s, now)
	// A meeting booked two days ago for the day before yesterday is past.
	before := now.Add(-48 * time.Hour)
	bookingLead(t, s, "old@example.com", "tok-old", before)
	past := must(book(s, "tok-old", before.Truncate(time.Hour).Add(2*time.Hour), before))(t)
	bookingLead(t, s, "ada@example.com", "tok-ada", now)
	bookingLead(t, s, "bob@example.com", "tok-bob", now)
	bookingLead(t, s, "cy@example.com", "tok-cy", now)
	later := must(book(s, "tok-ada", start.Add(2*time.Hour), now))(t)
	soon := must(book(s, "tok-bob", start, now))(t)
	gone := must(book(s, "tok-cy", start.Add(time.Hour), now))(t)
	must(s.CancelMeeting(ctx, "manage-tok-cy", now))(t)

	ids := func(f site.MeetingFilter) []int64 {
		var out []int64
		for _, m := range must(s.FindMeetings(ctx, f))(t) {
			out = append(out, m.ID)
		}
		return out
	}
	for _, c := range []struct {
		when  string
		owner int64
		want  []int64
	}{
		{site.MeetingsUpcoming, 0, []int64{soon.ID, later.ID}},
		{site.MeetingsPast, 0, []int64{past.ID}},
		{site.MeetingsCancelled, 0, []int64{gone.ID}},
		{"", 0, []int64{later.ID, gone.ID, soon.ID, past.ID}},
		{site.MeetingsUpcoming, sam.ID, []int64{soon.ID, later.ID}},
		{site.MeetingsUpcoming, sam.ID + 1000, nil},
	} {
		if got := ids(site.MeetingsFilter(c.when, c.owner, now)); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("meetings %q of owner %d = %v, want %v", c.when, c.owner, got, c.want)
		}
	}
	// A meeting under way is upcoming until it ends.
	if got := ids(site.MeetingsFilter(site.MeetingsUpcoming, 0, soon.Start.Add(time.Minute))); len(got) == 0 || got[0] != soon.ID {
		t.Errorf("upcoming during the first meeting = %v, want it first", got)
	}
	if m := must(s.FindMeetings(ctx, site.MeetingsFilter(site.MeetingsUpcoming, 0, now)))(t)[0]; m.LeadCompany != "Engines Ltd" || m.LeadName != "Ada Lovelace" {
		t.Errorf("meeting's lead = %q of %q", m.LeadName, m.LeadCompany)
	}
}

// testCalendarFeed: a user's feed token finds them until it is replaced
// or turned off, and no longer once they are disabled or lose the role
// that works on leads.
func testCalendarFeed(t *testing.T, s site.Store) {
	ctx := context.Background()
	sam := taker(t, s, "sam", site.RoleSales)
	if on := must(s.CalendarFeedOn(ctx, sam.ID))(t); on {
		t.Error("a new user has a feed")
	}
	_, err := s.FindCalendarFeedUser(ctx, "")
	wantCode(t, err, site.ENOTFOUND)
	must(0, s.SetCalendarFeed(ctx, sam.ID, site.HashToken("one")))(t)
	if u := must(s.FindCalendarFeedUser(ctx, site.HashToken("one")))(t); u.ID != sam.ID {
		t.Errorf("feed user = %d, want sam", u.ID)
	}
	if on := must(s.CalendarFeedOn(ctx, sam.ID))(t); !on {
		t.Error("the feed is not on")
	}
	// A new address revokes the old one.
	must(0, s.SetCalendarFeed(ctx, sam.ID, site.HashToken("two")))(t)
	_, err = s.FindCalendarFeedUser(ctx, site.HashToken("one"))
	wantCode(t, err, site.ENOTFOUND)
	must(s.FindCalendarFeedUser(ctx, site.HashToken("two")))(t)
	// Off.
	must(0, s.SetCalendarFeed(ctx, sam.ID, ""))(t)
	_, err = s.FindCalendarFeedUser(ctx, site.HashToken("two"))
	wantCode(t, err, site.ENOTFOUND)
	if on := must(s.CalendarFeedOn(ctx, sam.ID))(t); on {
		t.Error("the feed is still on")
	}
	wantCode(t, s.SetCalendarFeed(ctx, 999999, "x"), site.ENOTFOUND)
	// An editor has no meetings: the role change ends the feed, as does
	// disabling the user.
	must(0, s.SetCalendarFeed(ctx, sam.ID, site.HashToken("three")))(t)
	must(s.UpdateUser(ctx, sam.ID, site.UserChange{Role: site.RoleEditor, Status: site.UserActive}))(t)
	if on := must(s.CalendarFeedOn(ctx, sam.ID))(t); on {
		t.Error("an editor keeps the feed")
	}
	must(s.UpdateUser(ctx, sam.ID, site.UserChange{Role: site.RoleSales, Status: site.UserActive}))(t)
	must(0, s.SetCalendarFeed(ctx, sam.ID, site.HashToken("four")))(t)
	must(s.UpdateUser(ctx, sam.ID, site.UserChange{Role: site.RoleSales, Status: site.UserDisabled}))(t)
	_, err = s.FindCalendarFeedUser(ctx, site.HashToken("four"))
	wantCode(t, err, site.ENOTFOUND)
}
