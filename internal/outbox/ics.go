package outbox

import (
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"meridian/internal/site"
)

// invitation is what a meeting's calendar invitation tells.
type invitation struct {
	Meeting *site.Meeting
	// Host names the site in the event's UID, which stays the same for
	// every change of the meeting, so that a calendar updates its event.
	Host string
	// Organizer is the site's sending address; Attendee the visitor's.
	Organizer, Attendee string
	// Link and Phone are how the meeting is held (the owner's booking
	// settings); Manage is the visitor's page to move or cancel it.
	Link, Phone, Manage string
	// Stamp is when the invitation is made.
	Stamp time.Time
}

// icsTime is a time in UTC as iCalendar writes it.
const icsTime = "20060102T150405Z"

// event is one VEVENT of a calendar object.
type event struct {
	UID      string
	Sequence int
	// Stamp is when the event was made or last changed.
	Stamp, Start, End              time.Time
	Summary, Description, Location string
	// Organizer and Attendee are e-mail addresses, "" for none.
	Organizer, Attendee string
	// Status is CONFIRMED or CANCELLED.
	Status string
}

// property is a content line's name (with its parameters) and value.
type property struct{ name, value string }

// calendar returns an iCalendar object (RFC 5545) with the properties
// head after its version and product, and the events: times in UTC,
// lines ending in CRLF and folded at 75 octets. It is the one writer of
// the site's calendar data, for the invitations and the feeds.
func calendar(head []property, events []event) string {
	var b strings.Builder
	line := func(name, value string) { b.WriteString(fold(name + ":" + value)) }
	line("BEGIN", "VCALENDAR")
	line("VERSION", "2.0")
	line("PRODID", "-//Meridian//Consultation booking//EN")
	line("CALSCALE", "GREGORIAN")
	for _, p := range head {
		line(p.name, p.value)
	}
	for _, e := range events {
		line("BEGIN", "VEVENT")
		line("UID", e.UID)
		line("SEQUENCE", strconv.Itoa(e.Sequence))
		line("DTSTAMP", e.Stamp.UTC().Format(icsTime))
		line("DTSTART", e.Start.UTC().Format(icsTime))
		line("DTEND", e.End.UTC().Format(icsTime))
		line("SUMMARY", icsText(e.Summary))
		if e.Description != "" {
			line("DESCRIPTION", icsText(e.Description))
		}
		if e.Location != "" {
			line("LOCATION", icsText(e.Location))
		}
		if e.Organizer != "" {
			line("ORGANIZER", "mailto:"+e.Organizer)
		}
		if e.Attendee != "" {
			line("ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=FALSE", "mailto:"+e.Attendee)
		}
		line("STATUS", e.Status)
		line("END", "VEVENT")
	}
	line("END", "VCALENDAR")
	return b.String()
}

// meetingHost is the host name of the site's public address base, which
// names the site in the UIDs of its meetings.
func meetingHost(base string) string {
	if u, err := url.Parse(base); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return "meridian"
}

// meetingUID is the UID of meeting id's event on the site of host: the
// same for every change of the meeting, in its invitations and in the
// feeds, so that a calendar updates its one event.
func meetingUID(id int64, host string) string {
	return "meeting-" + strconv.FormatInt(id, 10) + "@" + host
}

// ICS returns the invitation as an iCalendar object: a request for a
// booked meeting, a cancellation for a cancelled one.
func (inv *invitation) ICS() string {
	m := inv.Meeting
	method, status := "REQUEST", "CONFIRMED"
	if m.Status == site.MeetingCancelled {
		method, status = "CANCEL", "CANCELLED"
	}
	var desc []string
	if inv.Link != "" {
		desc = append(desc, "Join: "+inv.Link)
	}
	if inv.Phone != "" {
		desc = append(desc, "Phone: "+inv.Phone)
	}
	if inv.Manage != "" {
		desc = append(desc, "Move or cancel: "+inv.Manage)
	}
	return calendar([]property{{"METHOD", method}}, []event{{
		UID: meetingUID(m.ID, inv.Host), Sequence: m.Sequence, Stamp: inv.Stamp, Start: m.Start, End: m.End,
		Summary: "Free consultation with " + m.OwnerName, Description: strings.Join(desc, "\n"), Location: inv.Link,
		Organizer: inv.Organizer, Attendee: inv.Attendee, Status: status,
	}})
}

// Feed is what a user's calendar feed shows: the meetings booked with
// them, and how they are held (their booking settings).
type Feed struct {
	Owner    string
	Meetings []*site.Meeting
	// Link and Phone are the owner's meeting link and phone, "" for none.
	Link, Phone string
	// Base is the site's public address, for the UIDs and the links to
	// the leads in the admin.
	Base string
}

// MeetingFeed returns the calendar feed (RFC 5545, without a METHOD) of
// f: each booked meeting an event with the UID of its invitations, its
// times in UTC, the lead and their company as its summary and the link to
// the lead in the admin in its description. Cancelled meetings are left
// out: a subscribed calendar drops an event its feed no longer has.
func MeetingFeed(f Feed) string {
	host := meetingHost(f.Base)
	base := strings.TrimSuffix(f.Base, "/")
	events := []event{}
	for _, m := range f.Meetings {
		if m.Status != site.MeetingBooked {
			continue
		}
		who := m.LeadName
		if m.LeadCompany != "" {
			who += ", " + m.LeadCompany
		}
		desc := []string{"Lead: " + base + site.LeadFormURL(m.LeadID)}
		if f.Link != "" {
			desc = append(desc, "Join: "+f.Link)
		}
		if f.Phone != "" {
			desc = append(desc, "Phone: "+f.Phone)
		}
		events = append(events, event{UID: meetingUID(m.ID, host), Sequence: m.Sequence, Stamp: m.UpdatedAt,
			Start: m.Start, End: m.End, Summary: "Consultation: " + who, Description: strings.Join(desc, "\n"),
			Location: f.Link, Status: "CONFIRMED"})
	}
	return calendar([]property{
		{"X-WR-CALNAME", icsText("Consultations of " + f.Owner)},
		{"REFRESH-INTERVAL;VALUE=DURATION", "PT15M"},
		{"X-PUBLISHED-TTL", "PT15M"},
	}, events)
}

// icsText escapes a TEXT value: backslash, semicolon, comma and newline.
func icsText(s string) string {
	return strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`).Replace(s)
}

// fold ends a content line with CRLF, folded so that no line is longer
// than 75 octets, never inside a character: each continuation begins with
// a space.
func fold(s string) string {
	var b strings.Builder
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		b.WriteString(s[:cut])
		b.WriteString("\r\n ")
		s = s[cut:]
		limit = 74 // the space counts
	}
	b.WriteString(s)
	b.WriteString("\r\n")
	return b.String()
}
