package outbox

import (
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

// ICS returns the invitation as an iCalendar object (RFC 5545): a request
// for a booked meeting, a cancellation for a cancelled one, with its times
// in UTC, its lines ending in CRLF and folded at 75 octets.
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
	var b strings.Builder
	line := func(name, value string) { b.WriteString(fold(name + ":" + value)) }
	line("BEGIN", "VCALENDAR")
	line("VERSION", "2.0")
	line("PRODID", "-//Meridian//Consultation booking//EN")
	line("CALSCALE", "GREGORIAN")
	line("METHOD", method)
	line("BEGIN", "VEVENT")
	line("UID", "meeting-"+strconv.FormatInt(m.ID, 10)+"@"+inv.Host)
	line("SEQUENCE", strconv.Itoa(m.Sequence))
	line("DTSTAMP", inv.Stamp.UTC().Format(icsTime))
	line("DTSTART", m.Start.UTC().Format(icsTime))
	line("DTEND", m.End.UTC().Format(icsTime))
	line("SUMMARY", icsText("Free consultation with "+m.OwnerName))
	if len(desc) > 0 {
		line("DESCRIPTION", icsText(strings.Join(desc, "\n")))
	}
	if inv.Link != "" {
		line("LOCATION", icsText(inv.Link))
	}
	line("ORGANIZER", "mailto:"+inv.Organizer)
	line("ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=FALSE", "mailto:"+inv.Attendee)
	line("STATUS", status)
	line("END", "VEVENT")
	line("END", "VCALENDAR")
	return b.String()
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
