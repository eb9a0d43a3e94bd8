package httpd

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"meridian/internal/outbox/icstest"
	"meridian/internal/site"
)

// bookedMeeting sets sam up to take leads around the clock, sends the
// form as email and books the slot n of its answer; it returns the
// meeting's id, start and end and the token of its link.
func bookedMeeting(t *testing.T, a *testAPI, samToken, email string, n int) (id int64, slot site.Slot, manage string) {
	t.Helper()
	expect := expecter(t, a)
	expect("PUT", "/api/admin/account/availability", samToken, openHours, nil, 200)
	var answer struct{ BookingToken string }
	json.Unmarshal([]byte(expect("POST", "/api/contact", "", leadJSON(email, ""), nil, 201)), &answer)
	var slots struct{ Data []site.Slot }
	json.Unmarshal([]byte(expect("GET", "/api/public/slots?days=2&lead="+answer.BookingToken, "", "", nil, 200)), &slots)
	slot = slots.Data[n]
	var booked struct {
		Data struct {
			ID        int64
			ManageURL string
		}
	}
	json.Unmarshal([]byte(expect("POST", "/api/public/bookings", "", `{"bookingToken":"`+answer.BookingToken+`","start":"`+
		slot.Start.Format(time.RFC3339)+`","timeZone":"Europe/Berlin"}`, nil, 201)), &booked)
	return booked.Data.ID, slot, booked.Data.ManageURL[strings.Index(booked.Data.ManageURL, "#")+1:]
}

// meetingStaff signs in the staff of signIn and sam, a sales user who
// takes leads; it returns their tokens, sam and sam's token.
func meetingStaff(a *testAPI) (tokens map[string]string, sam *site.User, samToken string) {
	a.t.Helper()
	tokens = a.signIn()
	sam, samToken = a.leadTaker("sam")
	return tokens, sam, samToken
}

// meetingIDs reads the ids of the meetings the list answers to q.
func meetingIDs(t *testing.T, a *testAPI, token, q string) []int64 {
	t.Helper()
	var out struct{ Data []site.Meeting }
	json.Unmarshal([]byte(expecter(t, a)("GET", "/api/admin/meetings"+q, token, "", nil, 200)), &out)
	ids := []int64{}
	for _, m := range out.Data {
		ids = append(ids, m.ID)
	}
	return ids
}

// TestMeetingList: the Meetings tab's list, by owner (me, an id) and by
// when (upcoming soonest first, past, cancelled), with its parameters
// checked; and the lead's timeline tells of the booking, the move and
// the cancellation.
func TestMeetingList(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		expect := expecter(t, a)
		tokens, sam, samToken := meetingStaff(a)
		later, _, _ := bookedMeeting(t, a, samToken, "ada@example.com", 6)
		soon, soonSlot, _ := bookedMeeting(t, a, samToken, "bob@example.com", 2)
		gone, _, goneManage := bookedMeeting(t, a, samToken, "cy@example.com", 4)
		expect("POST", "/api/public/meetings/cancel", "", `{"token":"`+goneManage+`"}`, nil, 200)

		for _, c := range []struct {
			q    string
			want []int64
		}{
			{"", []int64{later, gone, soon}},
			{"?when=upcoming", []int64{soon, later}},
			{"?when=upcoming&owner=me", []int64{soon, later}},
			{"?when=upcoming&owner=" + strconv.FormatInt(sam.ID, 10), []int64{soon, later}},
			{"?when=cancelled", []int64{gone}},
			{"?when=past", []int64{}},
		} {
			if got := meetingIDs(t, a, samToken, c.q); !slices.Equal(got, c.want) {
				t.Errorf("meetings%s = %v, want %v", c.q, got, c.want)
			}
		}
		// The viewer, another sales user, has none of their own; the
		// administrator sees everyone's.
		if got := meetingIDs(t, a, tokens["viewer"], "?owner=me"); len(got) != 0 {
			t.Errorf("the viewer's own meetings = %v", got)
		}
		if got := meetingIDs(t, a, tokens["admin"], "?when=upcoming"); !slices.Equal(got, []int64{soon, later}) {
			t.Errorf("the administrator's upcoming = %v", got)
		}
		expect("GET", "/api/admin/meetings?when=upcoming", tokens["admin"], "", nil, 200,
			`"leadName":"Ada Lovelace"`, `"leadCompany":"Analytical"`, `"ownerName":"sam"`, `"status":"booked"`, `"timeZone":"Europe/Berlin"`)
		expect("GET", "/api/admin/meetings?when=tomorrow", samToken, "", nil, 400, `Unknown when \"tomorrow\": use upcoming, past or cancelled.`)
		expect("GET", "/api/admin/meetings?owner=sam", samToken, "", nil, 400, "Unknown owner: use me or a user's id.")
		expect("GET", "/api/admin/meetings?owner=0", samToken, "", nil, 400, "Unknown owner: use me or a user's id.")
		expect("GET", "/api/admin/meetings", tokens["editor"], "", nil, 403, forbiddenMessages[site.PermLeads])

		// Once the first is over, it is past.
		a.clock.Advance(soonSlot.End.Add(time.Minute).Sub(a.clock.Now()))
		samToken = a.login("sam")
		if got := meetingIDs(t, a, samToken, "?when=past"); !slices.Equal(got, []int64{soon}) {
			t.Errorf("past = %v, want the first", got)
		}
		if got := meetingIDs(t, a, samToken, "?when=upcoming"); !slices.Equal(got, []int64{later}) {
			t.Errorf("upcoming = %v, want the last", got)
		}
	})
}

// TestMeetingTimeline: the lead's timeline as the admin reads it tells of
// the visitor's booking, move and cancellation, with the owner and the
// times.
func TestMeetingTimeline(t *testing.T) {
	eachStore(t, func(t *testing.T, a *testAPI) {
		expect := expecter(t, a)
		tokens, _, samToken := meetingStaff(a)
		_, slot, manage := bookedMeeting(t, a, samToken, "ada@example.com", 3)
		moved := slot.Start.Add(2 * time.Hour)
		expect("POST", "/api/public/meetings/reschedule", "", `{"token":"`+manage+`","start":"`+moved.Format(time.RFC3339)+`"}`, nil, 200)
		expect("POST", "/api/public/meetings/cancel", "", `{"token":"`+manage+`"}`, nil, 200)
		got := a.leadActivity("1", tokens["admin"])
		var kinds []string
		for _, e := range got {
			kinds = append(kinds, e.Kind+" "+e.From+" "+e.To+" "+e.Text)
		}
		rfc := func(t time.Time) string { return t.UTC().Format(time.RFC3339) }
		want := []string{"meeting_cancelled " + rfc(moved) + "  sam", "meeting_moved " + rfc(slot.Start) + " " + rfc(moved) + " sam",
			"meeting  " + rfc(slot.Start) + " sam"}
		if strings.Join(kinds, "\n") != strings.Join(want, "\n") {
			t.Errorf("timeline =\n%s\nwant\n%s", strings.Join(kinds, "\n"), strings.Join(want, "\n"))
		}
	})
}

// TestCalendarFeed: a sales user's private feed: made, told once, read
// by a calendar (Python's icalendar) with the meetings' UIDs and UTC
// times, replaced and turned off (the old address then 404), and logged
// in the audit log.
func TestCalendarFeed(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, a *testAPI) {
		expect := expecter(t, a)
		tokens, _, samToken := meetingStaff(a)
		expect("GET", "/api/admin/account/calendar-feed", samToken, "", nil, 200, `{"data":{"enabled":false}}`)
		expect("GET", "/api/admin/account/calendar-feed", tokens["editor"], "", nil, 403)
		first, firstSlot, _ := bookedMeeting(t, a, samToken, "ada@example.com", 2)
		second, secondSlot, _ := bookedMeeting(t, a, samToken, "bob@example.com", 5)
		_, _, goneManage := bookedMeeting(t, a, samToken, "cy@example.com", 7)
		expect("POST", "/api/public/meetings/cancel", "", `{"token":"`+goneManage+`"}`, nil, 200)
		// Another user's meeting is not in sam's feed.
		a.user("tia", site.RoleSales)

		var made struct{ Data site.CalendarFeedAddress }
		json.Unmarshal([]byte(expect("POST", "/api/admin/account/calendar-feed", samToken, "", nil, 201)), &made)
		if !strings.HasPrefix(made.Data.URL, site.CalendarFeedPath) || !strings.HasSuffix(made.Data.URL, ".ics") {
			t.Fatalf("feed address = %q", made.Data.URL)
		}
		expect("GET", "/api/admin/account/calendar-feed", samToken, "", nil, 200, `{"data":{"enabled":true}}`)
		res, ics := a.do("GET", made.Data.URL, "", "", nil)
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/calendar; charset=utf-8" || res.Header.Get("Cache-Control") != "private, no-store" {
			t.Fatalf("feed: %d %q %q\n%s", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"), ics)
		}
		py := func(id int64, s site.Slot, who string) string {
			return "meeting-" + strconv.FormatInt(id, 10) + "@meridian|" + s.Start.UTC().Format("2006-01-02 15:04:05+00:00") + "|" +
				s.End.UTC().Format("2006-01-02 15:04:05+00:00") + "|0|CONFIRMED|Consultation: " + who + ", Analytical|Lead: " +
				site.LeadFormURL(leadOf(t, a, id)) + " / Join: https://meet.example.com/sam"
		}
		got := icstest.Events(t, ics)
		want := []string{py(first, firstSlot, "Ada Lovelace"), py(second, secondSlot, "Ada Lovelace")}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("feed events =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}

		// A new address: the old one stops working.
		var again struct{ Data site.CalendarFeedAddress }
		json.Unmarshal([]byte(expect("POST", "/api/admin/account/calendar-feed", samToken, "", nil, 201)), &again)
		if again.Data.URL == made.Data.URL {
			t.Fatal("the new address is the old one")
		}
		if res, _ := a.do("GET", made.Data.URL, "", "", nil); res.StatusCode != 404 {
			t.Errorf("old address: %d, want 404", res.StatusCode)
		}
		if res, _ := a.do("GET", again.Data.URL, "", "", nil); res.StatusCode != 200 {
			t.Errorf("new address: %d, want 200", res.StatusCode)
		}
		for _, p := range []string{"/calendar/forged.ics", "/calendar/" + strings.TrimSuffix(strings.TrimPrefix(again.Data.URL, "/calendar/"), ".ics"), "/calendar/.ics"} {
			if res, _ := a.do("GET", p, "", "", nil); res.StatusCode != 404 {
				t.Errorf("%s: %d, want 404", p, res.StatusCode)
			}
		}
		// Turned off: no address works.
		expect("DELETE", "/api/admin/account/calendar-feed", samToken, "", nil, 200)
		expect("GET", "/api/admin/account/calendar-feed", samToken, "", nil, 200, `{"data":{"enabled":false}}`)
		if res, _ := a.do("GET", again.Data.URL, "", "", nil); res.StatusCode != 404 {
			t.Errorf("address turned off: %d, want 404", res.StatusCode)
		}
		log := auditList(t, a, tokens["admin"], "?user=sam")
		var actions []string
		for _, e := range log.Data {
			if strings.HasPrefix(e.Action, "calendar-feed") {
				actions = append(actions, e.Action)
			}
		}
		if strings.Join(actions, " ") != "calendar-feed-revoke calendar-feed-create calendar-feed-create" {
			t.Errorf("audit actions = %v", actions)
		}
	})
}

// leadOf is the lead of meeting id.
func leadOf(t *testing.T, a *testAPI, id int64) int64 {
	t.Helper()
	list, err := a.store.FindMeetings(context.Background(), site.MeetingFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range list {
		if m.ID == id {
			return m.LeadID
		}
	}
	t.Fatalf("no meeting %d", id)
	return 0
}
