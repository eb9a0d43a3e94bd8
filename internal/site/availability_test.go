package site

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// utc reads "2006-01-02 15:04" as a time in UTC.
func utc(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.Parse("2006-01-02 15:04", s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// starts writes the slots' starts as "2006-01-02 15:04" in UTC.
func starts(slots []Slot) []string {
	out := []string{}
	for _, s := range slots {
		out = append(out, s.Start.UTC().Format("2006-01-02 15:04"))
	}
	return out
}

// onDate keeps the slots that start on the date in loc.
func onDate(slots []Slot, loc *time.Location, date string) []Slot {
	var out []Slot
	for _, s := range slots {
		if s.Start.In(loc).Format(time.DateOnly) == date {
			out = append(out, s)
		}
	}
	return out
}

func TestAvailabilityValidateRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, field, msg string
		change           func(a *Availability)
	}{
		{"time zone", "timeZone", MsgBadTimeZone, func(a *Availability) { a.TimeZone = "Mars/Olympus" }},
		{"local time zone", "timeZone", MsgBadTimeZone, func(a *Availability) { a.TimeZone = "Local" }},
		{"weekday", "weekly", "Working hours need a weekday from 0 (Sunday) to 6 (Saturday); 7 is not one.",
			func(a *Availability) { a.Weekly[0].Weekday = 7 }},
		{"negative weekday", "weekly", "Working hours need a weekday from 0 (Sunday) to 6 (Saturday); -1 is not one.",
			func(a *Availability) { a.Weekly[0].Weekday = -1 }},
		{"start not a time", "weekly", `The working hours of Monday start at "9am", which is not a time: write it as HH:MM in 24-hour form, such as 09:00.`,
			func(a *Availability) { a.Weekly[0].Start = "9am" }},
		{"start without a leading zero", "weekly", `The working hours of Monday start at "9:00", which is not a time: write it as HH:MM in 24-hour form, such as 09:00.`,
			func(a *Availability) { a.Weekly[0].Start = "9:00" }},
		{"minutes past 59", "weekly", `The working hours of Tuesday end at "17:60", which is not a time: write it as HH:MM in 24-hour form, such as 17:00.`,
			func(a *Availability) { a.Weekly[1].End = "17:60" }},
		{"hour past 24", "weekly", `The working hours of Tuesday end at "25:00", which is not a time: write it as HH:MM in 24-hour form, such as 17:00.`,
			func(a *Availability) { a.Weekly[1].End = "25:00" }},
		{"past 24:00", "weekly", `The working hours of Tuesday end at "24:30", which is not a time: write it as HH:MM in 24-hour form, such as 17:00.`,
			func(a *Availability) { a.Weekly[1].End = "24:30" }},
		{"start at 24:00", "weekly", "The working hours of Friday cannot start at 24:00: it is only the end of a day.",
			func(a *Availability) { a.Weekly[4].Start = "24:00"; a.Weekly[4].End = "24:00" }},
		{"end before start", "weekly", "The working hours of Monday end before they start (17:00–09:00).",
			func(a *Availability) { a.Weekly[0].Start, a.Weekly[0].End = "17:00", "09:00" }},
		{"end at start", "weekly", "The working hours of Wednesday end when they start (09:00–09:00).",
			func(a *Availability) { a.Weekly[2].End = "09:00" }},
		{"overlap", "weekly", "The working hours of Monday overlap: 09:00–17:00 and 12:00–13:00.",
			func(a *Availability) {
				a.Weekly = append(a.Weekly, WorkingHours{Weekday: 1, Start: "12:00", End: "13:00"})
			}},
		{"overlap of a range with two", "weekly", "The working hours of Thursday overlap: 08:00–18:00 and 10:00–11:00.",
			func(a *Availability) {
				a.Weekly = append(a.Weekly,
					WorkingHours{Weekday: 4, Start: "16:00", End: "17:00"},
					WorkingHours{Weekday: 4, Start: "08:00", End: "18:00"})
				a.Weekly[3] = WorkingHours{Weekday: 4, Start: "10:00", End: "11:00"}
			}},
		{"too many ranges", "weekly", "Saturday has more than 10 ranges of working hours.",
			func(a *Availability) {
				for h := range 11 {
					a.Weekly = append(a.Weekly, WorkingHours{Weekday: 6, Start: clock(h * 60), End: clock(h*60 + 30)})
				}
			}},
		{"day off not a date", "daysOff", `"2026-02-30" is not a date: write a day off as YYYY-MM-DD, such as 2026-12-24.`,
			func(a *Availability) { a.DaysOff = []string{"2026-12-24", "2026-02-30"} }},
		{"day off written otherwise", "daysOff", `"24.12.2026" is not a date: write a day off as YYYY-MM-DD, such as 2026-12-24.`,
			func(a *Availability) { a.DaysOff = []string{"24.12.2026"} }},
		{"too many days off", "daysOff", "At most 366 days off can be set; remove those that have passed.",
			func(a *Availability) {
				d := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
				for i := range 367 {
					a.DaysOff = append(a.DaysOff, d.AddDate(0, 0, i).Format(time.DateOnly))
				}
			}},
		{"negative buffer", "bufferMinutes", "The buffer around meetings must be 0 to 240 minutes.", func(a *Availability) { a.BufferMinutes = -5 }},
		{"long buffer", "bufferMinutes", "The buffer around meetings must be 0 to 240 minutes.", func(a *Availability) { a.BufferMinutes = 241 }},
		{"negative notice", "minNoticeMinutes", "The minimum notice must be 0 to 20160 minutes (14 days).", func(a *Availability) { a.MinNoticeMinutes = -1 }},
		{"long notice", "minNoticeMinutes", "The minimum notice must be 0 to 20160 minutes (14 days).", func(a *Availability) { a.MinNoticeMinutes = 20161 }},
		{"no horizon", "horizonDays", "Meetings can be offered 1 to 90 days ahead.", func(a *Availability) { a.HorizonDays = 0 }},
		{"far horizon", "horizonDays", "Meetings can be offered 1 to 90 days ahead.", func(a *Availability) { a.HorizonDays = 91 }},
		{"short meeting", "meetingMinutes", "A meeting must last 15 to 240 minutes, in steps of 15 minutes.", func(a *Availability) { a.MeetingMinutes = 10 }},
		{"odd meeting", "meetingMinutes", "A meeting must last 15 to 240 minutes, in steps of 15 minutes.", func(a *Availability) { a.MeetingMinutes = 50 }},
		{"long meeting", "meetingMinutes", "A meeting must last 15 to 240 minutes, in steps of 15 minutes.", func(a *Availability) { a.MeetingMinutes = 255 }},
		{"http link", "meetingLink", "The meeting link must be an https:// address, such as the link of a video meeting room.",
			func(a *Availability) { a.MeetingLink = "http://meet.example.com/abc" }},
		{"script link", "meetingLink", "The meeting link must be an https:// address, such as the link of a video meeting room.",
			func(a *Availability) { a.MeetingLink = "javascript:alert(1)" }},
		{"link with a user", "meetingLink", "The meeting link must be an https:// address, such as the link of a video meeting room.",
			func(a *Availability) { a.MeetingLink = "https://me:secret@meet.example.com/abc" }},
		{"long link", "meetingLink", "The meeting link must be at most 2000 characters.",
			func(a *Availability) { a.MeetingLink = "https://meet.example.com/" + strings.Repeat("a", 2000) }},
		{"phone with letters", "phone", "A phone number may contain only digits, spaces and the signs + - ( ).",
			func(a *Availability) { a.Phone = "+49 30 CALL-ME" }},
		{"phone without digits", "phone", "A phone number may contain only digits, spaces and the signs + - ( ).",
			func(a *Availability) { a.Phone = "(+)" }},
		{"long phone", "phone", "The phone number must be at most 40 characters.",
			func(a *Availability) { a.Phone = strings.Repeat("1", 41) }},
	} {
		a := DefaultAvailability()
		tc.change(&a)
		err := a.Validate()
		var e *Error
		if !errors.As(err, &e) || e.Code != EINVALID {
			t.Errorf("%s: got %v, want an invalid-input error", tc.name, err)
			continue
		}
		if got := e.Fields[tc.field]; got != tc.msg {
			t.Errorf("%s: %s says %q, want %q (all: %v)", tc.name, tc.field, got, tc.msg, e.Fields)
		}
	}
}

// clock writes minutes after midnight as HH:MM.
func clock(m int) string {
	return time.Date(2026, 1, 1, 0, m, 0, 0, time.UTC).Format("15:04")
}

func TestAvailabilityValidateNormalises(t *testing.T) {
	def := DefaultAvailability()
	if err := def.Validate(); err != nil {
		t.Fatalf("the defaults are refused: %v", err)
	}
	a := Availability{
		TimeZone: " Europe/Berlin ",
		Weekly: []WorkingHours{
			{Weekday: 3, Start: "13:00", End: "24:00"},
			{Weekday: 1, Start: " 14:00", End: "17:00 "},
			{Weekday: 3, Start: "09:00", End: "12:00"},
			{Weekday: 1, Start: "09:00", End: "14:00"}, // touches 14:00–17:00
			{Weekday: 0, Start: "00:00", End: "04:00"},
		},
		DaysOff:          []string{"2026-12-31", " 2026-12-24", "", "2026-12-31", "2026-12-25"},
		BufferMinutes:    240,
		MinNoticeMinutes: 20160,
		HorizonDays:      90,
		MeetingMinutes:   240,
		MeetingLink:      " https://meet.example.com/abc-defg-hij ",
		Phone:            " +49 (30) 123-456 ",
	}
	if err := a.Validate(); err != nil {
		t.Fatalf("refused: %v", err)
	}
	want := Availability{
		TimeZone: "Europe/Berlin",
		Weekly: []WorkingHours{
			{Weekday: 0, Start: "00:00", End: "04:00"},
			{Weekday: 1, Start: "09:00", End: "14:00"},
			{Weekday: 1, Start: "14:00", End: "17:00"},
			{Weekday: 3, Start: "09:00", End: "12:00"},
			{Weekday: 3, Start: "13:00", End: "24:00"},
		},
		DaysOff:          []string{"2026-12-24", "2026-12-25", "2026-12-31"},
		BufferMinutes:    240,
		MinNoticeMinutes: 20160,
		HorizonDays:      90,
		MeetingMinutes:   240,
		MeetingLink:      "https://meet.example.com/abc-defg-hij",
		Phone:            "+49 (30) 123-456",
	}
	got, _ := json.Marshal(a)
	exp, _ := json.Marshal(want)
	if string(got) != string(exp) {
		t.Errorf("normalised to\n%s\nwant\n%s", got, exp)
	}

	empty := Availability{HorizonDays: 1, MeetingMinutes: 15}
	if err := empty.Validate(); err != nil {
		t.Fatalf("settings without hours refused: %v", err)
	}
	if empty.TimeZone != "UTC" || empty.Weekly == nil || empty.DaysOff == nil {
		t.Errorf("empty settings normalised to %+v, want UTC and empty lists", empty)
	}
}

func TestAvailabilityJSON(t *testing.T) {
	a := DefaultAvailability()
	b, _ := json.Marshal(a)
	want := `{"timeZone":"UTC","weekly":[{"weekday":1,"start":"09:00","end":"17:00"},{"weekday":2,"start":"09:00","end":"17:00"},` +
		`{"weekday":3,"start":"09:00","end":"17:00"},{"weekday":4,"start":"09:00","end":"17:00"},{"weekday":5,"start":"09:00","end":"17:00"}],` +
		`"daysOff":[],"bufferMinutes":0,"minNoticeMinutes":240,"horizonDays":14,"meetingMinutes":30,"meetingLink":"","phone":""}`
	if string(b) != want {
		t.Errorf("defaults marshal to\n%s\nwant\n%s", b, want)
	}
	berlin, _ := time.LoadLocation("Europe/Berlin")
	slots := OpenSlots(&Availability{TimeZone: "Europe/Berlin", HorizonDays: 2, MeetingMinutes: 30,
		Weekly: []WorkingHours{{Weekday: 2, Start: "09:00", End: "09:30"}}}, nil,
		time.Date(2026, 12, 1, 0, 0, 0, 0, berlin), 0)
	b, _ = json.Marshal(slots)
	if want := `[{"start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:30:00Z"}]`; string(b) != want {
		t.Errorf("slots marshal to %s, want %s", b, want)
	}
}

// weekdays is Monday to Friday, 09:00 to 17:00 in the zone, booked
// without notice.
func weekdays(zone string) *Availability {
	a := DefaultAvailability()
	a.TimeZone = zone
	a.MinNoticeMinutes = 0
	return &a
}

func TestOpenSlotsOverDaylightSaving(t *testing.T) {
	for _, tc := range []struct {
		name, zone        string
		now               time.Time
		friday, monday    string
		fridayUTC, monUTC string
	}{
		// Clocks go back: 09:00 is an hour later in UTC on Monday.
		{"Berlin in autumn", "Europe/Berlin", utc(t, "2026-10-22 00:00"), "2026-10-23", "2026-10-26", "2026-10-23 07:00", "2026-10-26 08:00"},
		{"New York in autumn", "America/New_York", utc(t, "2026-10-29 00:00"), "2026-10-30", "2026-11-02", "2026-10-30 13:00", "2026-11-02 14:00"},
		// Clocks go forward: an hour earlier.
		{"Berlin in spring", "Europe/Berlin", utc(t, "2026-03-26 00:00"), "2026-03-27", "2026-03-30", "2026-03-27 08:00", "2026-03-30 07:00"},
		{"New York in spring", "America/New_York", utc(t, "2026-03-05 00:00"), "2026-03-06", "2026-03-09", "2026-03-06 14:00", "2026-03-09 13:00"},
	} {
		loc, _ := time.LoadLocation(tc.zone)
		slots := OpenSlots(weekdays(tc.zone), nil, tc.now, 7)
		for _, day := range []struct{ date, first string }{{tc.friday, tc.fridayUTC}, {tc.monday, tc.monUTC}} {
			got := onDate(slots, loc, day.date)
			if len(got) != 16 {
				t.Errorf("%s: %s has %d slots, want 16: %v", tc.name, day.date, len(got), starts(got))
				continue
			}
			if s := starts(got)[0]; s != day.first {
				t.Errorf("%s: %s starts at %s UTC, want %s", tc.name, day.date, s, day.first)
			}
			first, last := got[0].Start.In(loc).Format("15:04"), got[15].End.In(loc).Format("15:04")
			if first != "09:00" || last != "17:00" {
				t.Errorf("%s: %s runs %s–%s local, want 09:00–17:00", tc.name, day.date, first, last)
			}
		}
		for _, s := range slots {
			if s.Start.Location() != time.UTC || s.End.Location() != time.UTC {
				t.Errorf("%s: slot %v is not in UTC", tc.name, s)
			}
		}
		if !slices.IsSortedFunc(slots, func(x, y Slot) int { return x.Start.Compare(y.Start) }) {
			t.Errorf("%s: slots not sorted: %v", tc.name, starts(slots))
		}
	}
}

func TestOpenSlotsOnTheDayTheClocksChange(t *testing.T) {
	for _, tc := range []struct {
		name, zone, date string
		start, end       string
		meeting          int
		want             []string
	}{
		// 02:00–03:00 does not exist: three real hours, all offered.
		{"Berlin goes forward", "Europe/Berlin", "2026-03-29", "00:00", "04:00", 30,
			[]string{"2026-03-28 23:00", "2026-03-28 23:30", "2026-03-29 00:00", "2026-03-29 00:30", "2026-03-29 01:00", "2026-03-29 01:30"}},
		{"New York goes forward", "America/New_York", "2026-03-08", "00:00", "04:00", 30,
			[]string{"2026-03-08 05:00", "2026-03-08 05:30", "2026-03-08 06:00", "2026-03-08 06:30", "2026-03-08 07:00", "2026-03-08 07:30"}},
		// 02:00–03:00 comes twice: the first time is on the grid, and the
		// hour of the second time (01:00–02:00 UTC) is not offered.
		{"Berlin goes back", "Europe/Berlin", "2026-10-25", "00:00", "04:00", 30,
			[]string{"2026-10-24 22:00", "2026-10-24 22:30", "2026-10-24 23:00", "2026-10-24 23:30",
				"2026-10-25 00:00", "2026-10-25 00:30", "2026-10-25 02:00", "2026-10-25 02:30"}},
		// 01:00–02:00 comes twice.
		{"New York goes back", "America/New_York", "2026-11-01", "00:00", "04:00", 30,
			[]string{"2026-11-01 04:00", "2026-11-01 04:30", "2026-11-01 05:00", "2026-11-01 05:30",
				"2026-11-01 07:00", "2026-11-01 07:30", "2026-11-01 08:00", "2026-11-01 08:30"}},
		// A range that ends in the skipped hour ends when the clocks jump.
		{"Berlin ends in the gap", "Europe/Berlin", "2026-03-29", "00:00", "02:30", 30,
			[]string{"2026-03-28 23:00", "2026-03-28 23:30", "2026-03-29 00:00", "2026-03-29 00:30"}},
		// 01:30 CET to 03:15 CEST runs past 02:30.
		{"Berlin ends in the gap, 45 minutes", "Europe/Berlin", "2026-03-29", "00:00", "02:30", 45,
			[]string{"2026-03-28 23:00", "2026-03-28 23:45"}},
		// A range that ends in the repeated hour ends the first time.
		{"Berlin ends in the repeat", "Europe/Berlin", "2026-10-25", "01:00", "02:30", 30,
			[]string{"2026-10-24 23:00", "2026-10-24 23:30", "2026-10-25 00:00"}},
		// 45 minutes: 03:00 CEST would start before 01:30 CET ends.
		{"slots never overlap", "Europe/Berlin", "2026-03-29", "00:00", "06:00", 45,
			[]string{"2026-03-28 23:00", "2026-03-28 23:45", "2026-03-29 00:30", "2026-03-29 01:45", "2026-03-29 02:30", "2026-03-29 03:15"}},
	} {
		a := &Availability{TimeZone: tc.zone, HorizonDays: 14, MeetingMinutes: tc.meeting,
			Weekly: []WorkingHours{{Weekday: 0, Start: tc.start, End: tc.end}}}
		if err := a.Validate(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		loc, _ := time.LoadLocation(tc.zone)
		day, _ := time.ParseInLocation(time.DateOnly, tc.date, loc)
		slots := OpenSlots(a, nil, day.AddDate(0, 0, -2), 0)
		got := onDate(slots, loc, tc.date)
		if !slices.Equal(starts(got), tc.want) {
			t.Errorf("%s: slots %v, want %v", tc.name, starts(got), tc.want)
		}
		for i, s := range got {
			if s.End.Sub(s.Start) != time.Duration(tc.meeting)*time.Minute {
				t.Errorf("%s: slot %v lasts %v", tc.name, s, s.End.Sub(s.Start))
			}
			if i > 0 && s.Start.Before(got[i-1].End) {
				t.Errorf("%s: slot at %v overlaps the one before", tc.name, s.Start)
			}
		}
	}
}

// tuesday is Tuesday 1 December 2026.
const tuesday = "2026-12-01"

func TestOpenSlotsNotice(t *testing.T) {
	a := weekdays("UTC")
	a.MinNoticeMinutes = 240
	slots := OpenSlots(a, nil, utc(t, tuesday+" 10:10"), 1)
	want := []string{"2026-12-01 14:30", "2026-12-01 15:00", "2026-12-01 15:30", "2026-12-01 16:00", "2026-12-01 16:30"}
	if got := starts(onDate(slots, time.UTC, tuesday)); !slices.Equal(got, want) {
		t.Errorf("slots today %v, want %v", got, want)
	}
	// days counts the dates after today: 1 is today and tomorrow.
	if got := len(onDate(slots, time.UTC, "2026-12-02")); got != 16 {
		t.Errorf("%d slots tomorrow, want 16", got)
	}
	if got := len(slots); got != 21 {
		t.Errorf("%d slots in two days, want 21: %v", got, starts(slots))
	}
}

func TestOpenSlotsHorizon(t *testing.T) {
	a := weekdays("UTC")
	a.HorizonDays = 1
	slots := OpenSlots(a, nil, utc(t, tuesday+" 10:10"), 0)
	got := starts(slots)
	want := []string{"2026-12-01 10:30", "2026-12-01 11:00", "2026-12-01 11:30", "2026-12-01 12:00", "2026-12-01 12:30",
		"2026-12-01 13:00", "2026-12-01 13:30", "2026-12-01 14:00", "2026-12-01 14:30", "2026-12-01 15:00", "2026-12-01 15:30",
		"2026-12-01 16:00", "2026-12-01 16:30", "2026-12-02 09:00", "2026-12-02 09:30"}
	if !slices.Equal(got, want) {
		t.Errorf("slots %v, want %v", got, want)
	}
	// More days than the horizon are the horizon.
	if more := starts(OpenSlots(a, nil, utc(t, tuesday+" 10:10"), 30)); !slices.Equal(more, want) {
		t.Errorf("30 days of a 1-day horizon: %v", more)
	}
	// The default horizon, 14 days: the last slot ends by Tuesday 15
	// December at 10:10.
	b := weekdays("UTC")
	slots = OpenSlots(b, nil, utc(t, tuesday+" 10:10"), 0)
	if last := starts(slots)[len(slots)-1]; last != "2026-12-15 09:30" {
		t.Errorf("last slot of the horizon at %s, want 2026-12-15 09:30", last)
	}
	if got := len(slots); got != 13+9*16+2 {
		t.Errorf("%d slots in 14 days, want %d", got, 13+9*16+2)
	}
}

func TestOpenSlotsDaysOff(t *testing.T) {
	// Wednesday 2 December in New York, 20:00–24:00: Thursday in UTC.
	a := weekdays("America/New_York")
	a.Weekly = []WorkingHours{{Weekday: 3, Start: "20:00", End: "24:00"}, {Weekday: 4, Start: "20:00", End: "21:00"}}
	now := utc(t, tuesday+" 00:00")
	if got := len(OpenSlots(a, nil, now, 3)); got != 10 {
		t.Fatalf("%d slots before the day off, want 10", got)
	}
	a.DaysOff = []string{"2026-12-02"}
	want := []string{"2026-12-04 01:00", "2026-12-04 01:30"}
	if got := starts(OpenSlots(a, nil, now, 3)); !slices.Equal(got, want) {
		t.Errorf("slots %v, want %v", got, want)
	}
}

func TestOpenSlotsBuffer(t *testing.T) {
	a := weekdays("UTC")
	busy := []Interval{{Start: utc(t, tuesday+" 11:00"), End: utc(t, tuesday+" 11:30")}}
	now := utc(t, tuesday+" 00:00")
	today := func() []string {
		return starts(onDate(OpenSlots(a, busy, now, 1), time.UTC, tuesday))
	}
	all := []string{"09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30"}
	except := func(out ...string) []string {
		var keep []string
		for _, c := range all {
			if !slices.Contains(out, c) {
				keep = append(keep, tuesday+" "+c)
			}
		}
		return keep
	}
	if got, want := today(), except("11:00"); !slices.Equal(got, want) {
		t.Errorf("without a buffer: %v, want %v", got, want)
	}
	a.BufferMinutes = 15
	if got, want := today(), except("10:30", "11:00", "11:30"); !slices.Equal(got, want) {
		t.Errorf("with 15 minutes: %v, want %v", got, want)
	}
	a.BufferMinutes = 30
	if got, want := today(), except("10:30", "11:00", "11:30"); !slices.Equal(got, want) {
		t.Errorf("with 30 minutes (touching is free): %v, want %v", got, want)
	}
	a.BufferMinutes = 31
	if got, want := today(), except("10:00", "10:30", "11:00", "11:30", "12:00"); !slices.Equal(got, want) {
		t.Errorf("with 31 minutes: %v, want %v", got, want)
	}
	// A busy time that is not on the grid.
	a.BufferMinutes = 0
	busy = []Interval{{Start: utc(t, tuesday+" 13:10"), End: utc(t, tuesday+" 13:20")}}
	if got, want := today(), except("13:00"); !slices.Equal(got, want) {
		t.Errorf("busy 13:10–13:20: %v, want %v", got, want)
	}
}

func TestOpenSlotsRanges(t *testing.T) {
	a := weekdays("Europe/Berlin")
	a.MeetingMinutes = 45
	a.Weekly = []WorkingHours{
		{Weekday: 2, Start: "13:00", End: "15:00"},
		{Weekday: 2, Start: "09:00", End: "10:00"},
		{Weekday: 2, Start: "18:00", End: "18:45"},
	}
	// 45 minutes divide neither 1 nor 2 hours: no slot runs past a
	// range's end.
	want := []string{"2026-12-01 08:00", "2026-12-01 12:00", "2026-12-01 12:45", "2026-12-01 17:00"}
	slots := OpenSlots(a, nil, utc(t, "2026-11-30 12:00"), 2)
	if got := starts(slots); !slices.Equal(got, want) {
		t.Errorf("slots %v, want %v", got, want)
	}
	if len(slots) == 4 && !slots[3].End.Equal(utc(t, tuesday+" 17:45")) {
		t.Errorf("the last slot ends at %v, want 17:45 UTC", slots[3].End)
	}
	// A range shorter than a meeting has none.
	a.Weekly = []WorkingHours{{Weekday: 2, Start: "09:00", End: "09:30"}}
	if got := OpenSlots(a, nil, utc(t, "2026-11-30 12:00"), 2); len(got) != 0 {
		t.Errorf("slots %v in a range shorter than a meeting", starts(got))
	}
}

func TestCheckSlot(t *testing.T) {
	a := weekdays("Europe/Berlin")
	a.MinNoticeMinutes = 240
	a.BufferMinutes = 15
	a.DaysOff = []string{"2026-12-03"}
	now := utc(t, tuesday+" 07:00") // 08:00 in Berlin
	busy := []Interval{{Start: utc(t, "2026-12-02 10:00"), End: utc(t, "2026-12-02 10:30")}}
	day := func(loc string) time.Time {
		berlin, _ := time.LoadLocation("Europe/Berlin")
		v, err := time.ParseInLocation("2006-01-02 15:04", loc, berlin)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, tc := range []struct {
		name, start, code, msg string
	}{
		{"open", "2026-12-02 09:00", "", ""},
		{"open after the notice", "2026-12-01 12:00", "", ""},
		{"past", "2026-12-01 07:30", EINVALID, "This time has passed: choose a later one."},
		{"within the notice", "2026-12-01 11:30", EINVALID, "This time is too soon: a meeting must be booked at least 4 hours ahead."},
		{"beyond the horizon", "2026-12-15 09:00", EINVALID, "This time is too far ahead: a meeting can be booked at most 14 days ahead."},
		{"a slot that ends past the horizon", "2026-12-15 07:45", EINVALID, "This time is too far ahead: a meeting can be booked at most 14 days ahead."},
		{"day off", "2026-12-03 10:00", EINVALID, "Thursday 3 December 2026 is a day off: choose another day."},
		{"weekend", "2026-12-05 10:00", EINVALID, MsgSlotOutside},
		{"before the hours", "2026-12-02 08:30", EINVALID, MsgSlotOutside},
		{"at the end of the hours", "2026-12-02 17:00", EINVALID, MsgSlotOutside},
		{"off the grid", "2026-12-02 09:15", EINVALID, MsgSlotOffGrid},
		{"off the minute", "2026-12-02 09:00:30", EINVALID, MsgSlotOffGrid},
		{"taken", "2026-12-02 11:00", ECONFLICT, "This time was just taken: choose another."},
		{"within the buffer", "2026-12-02 11:30", ECONFLICT, "This time was just taken: choose another."},
		{"after the buffer", "2026-12-02 12:00", "", ""},
	} {
		var start time.Time
		if len(tc.start) > 16 {
			berlin, _ := time.LoadLocation("Europe/Berlin")
			start, _ = time.ParseInLocation("2006-01-02 15:04:05", tc.start, berlin)
		} else {
			start = day(tc.start)
		}
		err := a.Check(start, busy, now)
		if tc.code == "" {
			if err != nil {
				t.Errorf("%s: %s refused: %v", tc.name, tc.start, err)
			}
			continue
		}
		if ErrorCode(err) != tc.code || ErrorMessage(err) != tc.msg {
			t.Errorf("%s: %s gives %s %q, want %s %q", tc.name, tc.start, ErrorCode(err), ErrorMessage(err), tc.code, tc.msg)
		}
	}
}

// TestCheckAgreesWithOpenSlots checks every quarter hour of the horizon,
// over both changes of the clocks in Berlin: Check takes those OpenSlots
// offers, and only those.
func TestCheckAgreesWithOpenSlots(t *testing.T) {
	for _, now := range []time.Time{utc(t, "2026-03-20 10:05"), utc(t, "2026-10-18 23:59")} {
		a := weekdays("Europe/Berlin")
		a.MinNoticeMinutes = 90
		a.BufferMinutes = 10
		a.MeetingMinutes = 45
		a.Weekly = append(a.Weekly, WorkingHours{Weekday: 0, Start: "00:00", End: "06:00"}, WorkingHours{Weekday: 6, Start: "22:00", End: "24:00"})
		a.DaysOff = []string{"2026-03-25", "2026-10-21"}
		if err := a.Validate(); err != nil {
			t.Fatal(err)
		}
		busy := []Interval{
			{Start: now.Add(30 * time.Hour), End: now.Add(31 * time.Hour)},
			{Start: now.Add(75 * time.Hour), End: now.Add(75*time.Hour + 10*time.Minute)},
		}
		open := OpenSlots(a, busy, now, 0)
		if len(open) < 100 {
			t.Fatalf("only %d slots", len(open))
		}
		offered := map[int64]bool{}
		for _, s := range open {
			offered[s.Start.Unix()] = true
		}
		from := now.Truncate(15 * time.Minute).Add(-time.Hour)
		for at := from; at.Before(now.Add(15 * 24 * time.Hour)); at = at.Add(15 * time.Minute) {
			err := a.Check(at, busy, now)
			if (err == nil) != offered[at.Unix()] {
				t.Errorf("from %v: %v is offered: %v, but Check says %v", now, at, offered[at.Unix()], err)
			}
		}
	}
}
