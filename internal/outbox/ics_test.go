package outbox

import (
	"strings"
	"testing"
	"time"

	"meridian/internal/outbox/icstest"
	"meridian/internal/site"
)

func testInvitation(status string, seq int) *invitation {
	start := time.Date(2026, 3, 30, 7, 0, 0, 0, time.UTC)
	return &invitation{
		Meeting: &site.Meeting{ID: 42, OwnerName: "Sam, the; consultant", Start: start, End: start.Add(30 * time.Minute),
			TimeZone: "Europe/Berlin", Status: status, Sequence: seq},
		Host: "www.example.com", Organizer: "site@example.com", Attendee: "ada@example.com",
		Link:   "https://meet.example.com/a-very-long-room-name-that-makes-the-line-longer-than-seventy-five-octets",
		Phone:  "+49 30 1234567",
		Manage: "https://www.example.com/book/manage#tok",
		Stamp:  time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC),
	}
}

// TestICS: the invitation is an iCalendar request with UTC times, CRLF
// lines of at most 75 octets and escaped text; a cancelled meeting's is a
// cancellation.
func TestICS(t *testing.T) {
	ics := testInvitation(site.MeetingBooked, 0).ICS()
	for _, want := range []string{"METHOD:REQUEST\r\n", "UID:meeting-42@www.example.com\r\n", "SEQUENCE:0\r\n",
		"DTSTART:20260330T070000Z\r\n", "DTEND:20260330T073000Z\r\n", "DTSTAMP:20260301T120000Z\r\n",
		`SUMMARY:Free consultation with Sam\, the\; consultant` + "\r\n", "STATUS:CONFIRMED\r\n",
		"ORGANIZER:mailto:site@example.com\r\n", "ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:ada@example.com\r\n"} {
		if !strings.Contains(ics, want) {
			t.Errorf("no %q in\n%s", want, ics)
		}
	}
	if !strings.HasSuffix(ics, "END:VCALENDAR\r\n") || strings.Contains(strings.ReplaceAll(ics, "\r\n", ""), "\n") {
		t.Errorf("lines do not end in CRLF:\n%q", ics)
	}
	for _, l := range strings.Split(strings.TrimSuffix(ics, "\r\n"), "\r\n") {
		if len(l) > 75 {
			t.Errorf("line of %d octets: %q", len(l), l)
		}
	}
	if !strings.Contains(strings.ReplaceAll(ics, "\r\n ", ""), `Phone: +49 30 1234567\nMove or cancel`) {
		t.Errorf("description's newlines not escaped:\n%s", ics)
	}
	cancel := testInvitation(site.MeetingCancelled, 2).ICS()
	if !strings.Contains(cancel, "METHOD:CANCEL\r\n") || !strings.Contains(cancel, "STATUS:CANCELLED\r\n") || !strings.Contains(cancel, "SEQUENCE:2\r\n") {
		t.Errorf("cancellation:\n%s", cancel)
	}
	if got := fold(strings.Repeat("é", 50)); strings.Contains(got, "\xc3\r\n") {
		t.Errorf("fold cut a character: %q", got)
	}
	t.Run("python icalendar", func(t *testing.T) {
		out := icstest.Parse(t, ics)
		want := "REQUEST|2026-03-30 07:00:00+00:00|2026-03-30 07:30:00+00:00|0|Free consultation with Sam, the; consultant|" + testInvitation("", 0).Link
		if out != want {
			t.Errorf("python read\n%s\nwant\n%s", out, want)
		}
	})
}

// TestMeetingFeed: a user's feed lists the booked meetings, each with the
// UID of its invitations, UTC times, the lead and company and the link to
// the lead in the admin; a cancelled meeting is left out.
func TestMeetingFeed(t *testing.T) {
	start := time.Date(2026, 3, 30, 7, 0, 0, 0, time.UTC)
	booked := &site.Meeting{ID: 42, LeadID: 7, LeadName: "Ada Lovelace", LeadCompany: "Engines, Ltd", OwnerName: "sam",
		Start: start, End: start.Add(45 * time.Minute), Status: site.MeetingBooked, Sequence: 1, UpdatedAt: start.Add(-time.Hour)}
	gone := &site.Meeting{ID: 43, LeadID: 8, LeadName: "Bob", Start: start.Add(time.Hour), End: start.Add(90 * time.Minute),
		Status: site.MeetingCancelled, Sequence: 1}
	feed := MeetingFeed(Feed{Owner: "sam", Meetings: []*site.Meeting{booked, gone}, Link: "https://meet.example.com/sam",
		Base: "https://www.example.com:8443/"})
	for _, want := range []string{"X-WR-CALNAME:Consultations of sam\r\n", "UID:meeting-42@www.example.com\r\n"} {
		if !strings.Contains(feed, want) {
			t.Errorf("no %q in\n%s", want, feed)
		}
	}
	if strings.Contains(feed, "METHOD:") || strings.Contains(feed, "meeting-43@") {
		t.Errorf("a feed with a method or the cancelled meeting:\n%s", feed)
	}
	// The invitation of the same meeting on the same site has the same UID.
	inv := testInvitation(site.MeetingBooked, 0)
	inv.Host = meetingHost("https://www.example.com:8443/")
	if !strings.Contains(inv.ICS(), "UID:meeting-42@www.example.com\r\n") {
		t.Errorf("the invitation's UID differs:\n%s", inv.ICS())
	}
	t.Run("python icalendar", func(t *testing.T) {
		got := icstest.Events(t, feed)
		want := "meeting-42@www.example.com|2026-03-30 07:00:00+00:00|2026-03-30 07:45:00+00:00|1|CONFIRMED|" +
			"Consultation: Ada Lovelace, Engines, Ltd|Lead: https://www.example.com:8443/admin?tab=contacts&lead=7 / Join: https://meet.example.com/sam"
		if len(got) != 1 || got[0] != want {
			t.Errorf("python read\n%v\nwant\n%s", got, want)
		}
	})
	if got := MeetingFeed(Feed{Owner: "sam"}); strings.Contains(got, "VEVENT") || !strings.HasSuffix(got, "END:VCALENDAR\r\n") {
		t.Errorf("empty feed:\n%s", got)
	}
}
