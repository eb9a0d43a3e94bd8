package site

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

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
}
