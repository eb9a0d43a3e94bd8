package site

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The rules of a sales user's bookable slots: the weekly working hours, the
// days off and the other booking settings, and which times a visitor may
// book a meeting at. The stores read and write; these decide.

// Defaults and limits of the booking settings.
const (
	DefaultBufferMinutes    = 0
	MaxBufferMinutes        = 240
	DefaultMinNoticeMinutes = 240
	MaxMinNoticeMinutes     = 20160
	DefaultHorizonDays      = 14
	MinHorizonDays          = 1
	MaxHorizonDays          = 90
	DefaultMeetingMinutes   = 30
	MinMeetingMinutes       = 15
	MaxMeetingMinutes       = 240
	// MeetingStepMinutes is what a meeting's length is a multiple of.
	MeetingStepMinutes = 15
	MaxRangesPerDay    = 10
	MaxDaysOff         = 366
	MaxMeetingLink     = 2000
	MaxPhone           = 40
)

// Availability is a sales user's booking settings: when a visitor may
// book a meeting with them, and how the meeting is held.
type Availability struct {
	// TimeZone is the IANA name of the zone the working hours and the
	// days off are in; "" is UTC.
	TimeZone string `json:"timeZone"`
	// Weekly are the working hours of each weekday; a day may have
	// several ranges, and a day with none takes no meetings.
	Weekly []WorkingHours `json:"weekly"`
	// DaysOff are dates (YYYY-MM-DD, in TimeZone) without meetings.
	DaysOff []string `json:"daysOff"`
	// BufferMinutes is the time kept free before and after each meeting.
	BufferMinutes int `json:"bufferMinutes"`
	// MinNoticeMinutes is how long ahead of its start a meeting must be
	// booked.
	MinNoticeMinutes int `json:"minNoticeMinutes"`
	// HorizonDays is how far ahead meetings may be booked.
	HorizonDays int `json:"horizonDays"`
	// MeetingMinutes is the length of a meeting.
	MeetingMinutes int `json:"meetingMinutes"`
	// MeetingLink is the https address of the video meeting, if any.
	MeetingLink string `json:"meetingLink"`
	// Phone is the number to call instead, if any.
	Phone string `json:"phone"`
}

// WorkingHours is one range of working hours on a weekday, from Start to
// End, each written HH:MM (24-hour) in the availability's time zone. End
// may be 24:00, the end of the day.
type WorkingHours struct {
	// Weekday is 0 for Sunday to 6 for Saturday, as time.Weekday.
	Weekday int    `json:"weekday"`
	Start   string `json:"start"`
	End     string `json:"end"`
}

// Interval is a time that is taken already, such as a meeting booked
// before: no slot is offered within the buffer of it.
type Interval struct {
	Start, End time.Time
}

// Slot is a time a visitor may book a meeting at, in UTC; in JSON its
// times are RFC 3339.
type Slot struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
}

// DefaultAvailability is the booking settings of a user who has set none:
// Monday to Friday, 09:00 to 17:00 UTC, meetings of 30 minutes booked at
// least 4 hours and at most 14 days ahead, without a buffer.
func DefaultAvailability() Availability {
	a := Availability{
		TimeZone:         DefaultTimeZone,
		DaysOff:          []string{},
		BufferMinutes:    DefaultBufferMinutes,
		MinNoticeMinutes: DefaultMinNoticeMinutes,
		HorizonDays:      DefaultHorizonDays,
		MeetingMinutes:   DefaultMeetingMinutes,
	}
	for d := time.Monday; d <= time.Friday; d++ {
		a.Weekly = append(a.Weekly, WorkingHours{Weekday: int(d), Start: "09:00", End: "17:00"})
	}
	return a
}

// Validate trims and checks the booking settings, and puts them in order:
// the working hours by weekday and start, the days off by date without
// repeats. An empty time zone becomes UTC.
func (a *Availability) Validate() error {
	var v fieldErrors
	trim(&a.TimeZone, &a.MeetingLink, &a.Phone)
	if a.TimeZone == "" {
		a.TimeZone = DefaultTimeZone
	}
	if _, err := LoadTimeZone(a.TimeZone); err != nil {
		v.add("timeZone", ErrorMessage(err))
	}
	a.validateWeekly(&v)
	a.validateDaysOff(&v)
	if a.BufferMinutes < 0 || a.BufferMinutes > MaxBufferMinutes {
		v.add("bufferMinutes", "The buffer around meetings must be 0 to "+itoa(MaxBufferMinutes)+" minutes.")
	}
	if a.MinNoticeMinutes < 0 || a.MinNoticeMinutes > MaxMinNoticeMinutes {
		v.add("minNoticeMinutes", "The minimum notice must be 0 to "+itoa(MaxMinNoticeMinutes)+" minutes ("+minutesText(MaxMinNoticeMinutes)+").")
	}
	if a.HorizonDays < MinHorizonDays || a.HorizonDays > MaxHorizonDays {
		v.add("horizonDays", "Meetings can be offered 1 to "+itoa(MaxHorizonDays)+" days ahead.")
	}
	if a.MeetingMinutes < MinMeetingMinutes || a.MeetingMinutes > MaxMeetingMinutes || a.MeetingMinutes%MeetingStepMinutes != 0 {
		v.add("meetingMinutes", "A meeting must last 15 to "+itoa(MaxMeetingMinutes)+" minutes, in steps of 15 minutes.")
	}
	if a.MeetingLink != "" {
		v.maxLen("meetingLink", a.MeetingLink, MaxMeetingLink, "The meeting link")
		u, err := url.Parse(a.MeetingLink)
		if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil || strings.ContainsAny(a.MeetingLink, " \t\r\n\\") {
			v.add("meetingLink", "The meeting link must be an https:// address, such as the link of a video meeting room.")
		}
	}
	if a.Phone != "" {
		v.maxLen("phone", a.Phone, MaxPhone, "The phone number")
		if strings.Trim(a.Phone, "0123456789 +-()") != "" || !strings.ContainsAny(a.Phone, "0123456789") {
			v.add("phone", "A phone number may contain only digits, spaces and the signs + - ( ).")
		}
	}
	return v.err()
}

// validateWeekly checks the working hours and sorts them by weekday and
// start.
func (a *Availability) validateWeekly(v *fieldErrors) {
	if a.Weekly == nil {
		a.Weekly = []WorkingHours{}
	}
	valid := true
	perDay := map[int]int{}
	for i := range a.Weekly {
		w := &a.Weekly[i]
		trim(&w.Start, &w.End)
		if w.Weekday < 0 || w.Weekday > 6 {
			v.add("weekly", "Working hours need a weekday from 0 (Sunday) to 6 (Saturday); "+strconv.Itoa(w.Weekday)+" is not one.")
			valid = false
			continue
		}
		day := dayName(w.Weekday)
		start, okStart := clockMinutes(w.Start)
		end, okEnd := clockMinutes(w.End)
		switch {
		case !okStart:
			v.add("weekly", "The working hours of "+day+" start at "+strconv.Quote(w.Start)+", which is not a time: write it as HH:MM in 24-hour form, such as 09:00.")
		case !okEnd:
			v.add("weekly", "The working hours of "+day+" end at "+strconv.Quote(w.End)+", which is not a time: write it as HH:MM in 24-hour form, such as 17:00.")
		case start == minutesPerDay:
			v.add("weekly", "The working hours of "+day+" cannot start at 24:00: it is only the end of a day.")
		case end < start:
			v.add("weekly", "The working hours of "+day+" end before they start ("+w.Start+"–"+w.End+").")
		case end == start:
			v.add("weekly", "The working hours of "+day+" end when they start ("+w.Start+"–"+w.End+").")
		}
		if !okStart || !okEnd || start >= end {
			valid = false
		}
		if perDay[w.Weekday]++; perDay[w.Weekday] == MaxRangesPerDay+1 {
			v.add("weekly", day+" has more than "+itoa(MaxRangesPerDay)+" ranges of working hours.")
		}
	}
	if !valid {
		return
	}
	// Every range is whole: sort them and look for overlaps.
	slices.SortStableFunc(a.Weekly, func(x, y WorkingHours) int {
		if x.Weekday != y.Weekday {
			return x.Weekday - y.Weekday
		}
		xs, _ := clockMinutes(x.Start)
		ys, _ := clockMinutes(y.Start)
		return xs - ys
	})
	for i := 1; i < len(a.Weekly); i++ {
		// Sorted by start, a range that overlaps any later one overlaps
		// the next.
		prev, cur := a.Weekly[i-1], a.Weekly[i]
		if prev.Weekday == cur.Weekday && later(prev.End, cur.Start) {
			v.add("weekly", "The working hours of "+dayName(cur.Weekday)+" overlap: "+prev.Start+"–"+prev.End+" and "+cur.Start+"–"+cur.End+".")
			return
		}
	}
}

// later reports whether the clock time x is after y; both are valid.
func later(x, y string) bool {
	xm, _ := clockMinutes(x)
	ym, _ := clockMinutes(y)
	return xm > ym
}

// validateDaysOff checks the days off and sorts them, without repeats.
func (a *Availability) validateDaysOff(v *fieldErrors) {
	days := []string{}
	for _, d := range a.DaysOff {
		d = strings.TrimSpace(d)
		if d == "" {
			continue
		}
		if t, err := time.Parse(time.DateOnly, d); err != nil || t.Format(time.DateOnly) != d {
			v.add("daysOff", strconv.Quote(truncate(d, 40))+" is not a date: write a day off as YYYY-MM-DD, such as 2026-12-24.")
			continue
		}
		days = append(days, d)
	}
	slices.Sort(days)
	days = slices.Compact(days)
	if len(days) > MaxDaysOff {
		v.add("daysOff", "At most "+itoa(MaxDaysOff)+" days off can be set; remove those that have passed.")
	}
	a.DaysOff = days
}

const minutesPerDay = 24 * 60

// clockMinutes reads a time of day written HH:MM (00:00 to 24:00) as
// minutes after midnight.
func clockMinutes(s string) (int, bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	h, m := 0, 0
	for i, c := range []byte(s) {
		switch {
		case i == 2:
		case c < '0' || c > '9':
			return 0, false
		case i < 2:
			h = h*10 + int(c-'0')
		default:
			m = m*10 + int(c-'0')
		}
	}
	if h > 24 || m > 59 || h == 24 && m != 0 {
		return 0, false
	}
	return h*60 + m, true
}

// dayName is the English name of a weekday, 0 being Sunday.
func dayName(d int) string { return time.Weekday(d).String() }

// minutesText writes a number of minutes the way a person says it: in
// days, hours or minutes.
func minutesText(n int) string {
	unit := func(n int, one string) string {
		if n == 1 {
			return "1 " + one
		}
		return itoa(n) + " " + one + "s"
	}
	switch {
	case n > 0 && n%minutesPerDay == 0:
		return unit(n/minutesPerDay, "day")
	case n > 0 && n%60 == 0:
		return unit(n/60, "hour")
	}
	return unit(n, "minute")
}
