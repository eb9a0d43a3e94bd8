package site

import (
	"testing"
	"time"
)

func TestAddBusinessTime(t *testing.T) {
	berlin, _ := time.LoadLocation("Europe/Berlin")
	ny, _ := time.LoadLocation("America/New_York")
	at := func(loc *time.Location, s string) time.Time {
		v, err := time.ParseInLocation("2006-01-02 15:04", s, loc)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, tc := range []struct {
		name      string
		loc       *time.Location
		from, due string
		hours     float64
	}{
		{"within a day", berlin, "2026-11-24 10:00", "2026-11-24 14:00", 4},
		{"before opening", berlin, "2026-11-24 06:30", "2026-11-24 11:00", 2},
		{"into the next day", berlin, "2026-11-24 15:00", "2026-11-25 11:00", 4},
		{"over a weekend", berlin, "2026-11-27 16:00", "2026-11-30 12:00", 4},
		{"sent on Saturday", berlin, "2026-11-28 12:00", "2026-11-30 17:00", 8},
		{"three days of hours", berlin, "2026-11-24 09:00", "2026-11-26 17:00", 24},
		// Daylight saving ends on Sunday 25 October 2026 in Berlin and on
		// Sunday 1 November in New York: Monday still opens at 09:00.
		{"over Berlin's change", berlin, "2026-10-23 15:00", "2026-10-26 11:00", 4},
		{"over New York's change", ny, "2026-10-30 16:30", "2026-11-02 12:30", 4},
		{"into Berlin's summer time", berlin, "2026-03-27 16:00", "2026-03-30 10:00", 2},
	} {
		got := AddBusinessTime(at(tc.loc, tc.from), time.Duration(tc.hours*float64(time.Hour)), tc.loc)
		if want := at(tc.loc, tc.due); !got.Equal(want) {
			t.Errorf("%s: %s + %vh = %s, want %s", tc.name, tc.from, tc.hours, got.In(tc.loc).Format("2006-01-02 15:04 MST"), tc.due)
		}
	}
}

func TestDueAt(t *testing.T) {
	created := time.Date(2026, 11, 27, 15, 0, 0, 0, time.UTC) // Friday, 16:00 in Berlin
	s := &LeadSettings{ResponseHours: 24}
	if got := s.DueAt(created); !got.Equal(created.Add(24 * time.Hour)) {
		t.Errorf("due in plain hours = %v", got)
	}
	if got := s.ReminderAt(created); !got.Equal(created.Add(12 * time.Hour)) {
		t.Errorf("reminder = %v", got)
	}
	s = &LeadSettings{ResponseHours: 8, BusinessHoursOnly: true, TimeZone: "Europe/Berlin"}
	// One hour on Friday, seven on Monday: due Monday 16:00 in Berlin.
	if got, want := s.DueAt(created), time.Date(2026, 11, 30, 15, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("due in business hours = %v, want %v", got, want)
	}
	for _, bad := range []string{"Mars/Olympus", "Local", "../etc/passwd", "/usr/share/zoneinfo/UTC"} {
		if _, err := LoadTimeZone(bad); ErrorMessage(err) != MsgBadTimeZone {
			t.Errorf("time zone %q: %v", bad, err)
		}
	}
}

func TestChooseOwner(t *testing.T) {
	takers := []LeadTaker{
		{ID: 1, Username: "ann", Turn: 5},
		{ID: 2, Username: "ben", Turn: 3},
		{ID: 3, Username: "cy", Interests: []string{"computer-vision"}, Turn: 9},
	}
	if got := ChooseOwner(takers, "nlp"); got.Username != "ben" {
		t.Errorf("nlp lead to %s, want ben (the longest without one)", got.Username)
	}
	if got := ChooseOwner(takers, "computer-vision"); got.Username != "cy" {
		t.Errorf("computer-vision lead to %s, want cy (its specialist)", got.Username)
	}
	if got := ChooseOwner(takers[2:], "nlp"); got.Username != "cy" {
		t.Errorf("with only a specialist, nlp lead to %s, want cy", got.Username)
	}
	if got := ChooseOwner(nil, "nlp"); got != nil {
		t.Errorf("no takers: %v", got)
	}
	takers[0].Turn = 3
	if got := ChooseOwner(takers, ""); got.Username != "ann" {
		t.Errorf("a tie goes to the smaller id: %s", got.Username)
	}
}

func TestResponseStatsOf(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	lead := func(ageH, dueH float64, answeredH float64) ResponseTimes {
		c := now.Add(-time.Duration(ageH * float64(time.Hour)))
		r := ResponseTimes{CreatedAt: c, DueAt: c.Add(time.Duration(dueH * float64(time.Hour)))}
		if answeredH >= 0 {
			a := c.Add(time.Duration(answeredH * float64(time.Hour)))
			r.FirstResponseAt = &a
		}
		return r
	}
	st := ResponseStatsOf([]ResponseTimes{
		lead(48, 24, 1),  // on time, 60 min
		lead(48, 24, 30), // late, 1800 min
		lead(30, 24, -1), // overdue
		lead(2, 24, -1),  // waiting
	}, 1, now)
	if st.Answered != 2 || st.Waiting != 1 || st.Overdue != 1 || *st.MedianMinutes != 930 || *st.WithinShare != 1.0/3 {
		t.Errorf("stats = %+v median %v share %v", st, *st.MedianMinutes, *st.WithinShare)
	}
	if st := ResponseStatsOf(nil, 0, now); st.MedianMinutes != nil || st.WithinShare != nil {
		t.Errorf("no leads: %+v", st)
	}
}
