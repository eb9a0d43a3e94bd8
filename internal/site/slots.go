package site

import (
	"slices"
	"strings"
	"time"
)

// The slots a visitor may book, laid on the wall clock of the booking
// settings (availability.go), and the check of a chosen time.

// Messages of a time that cannot be booked.
const (
	MsgSlotPast    = "This time has passed: choose a later one."
	MsgSlotTaken   = "This time was just taken: choose another."
	MsgSlotOutside = "This time is outside the working hours: choose one of the times offered."
	MsgSlotOffGrid = "Meetings start only at the times offered: choose one of them."
)

// OpenSlots is every slot a visitor may book at now, on the dates from
// today (in the availability's time zone) to days later; days of 0 or less,
// or more than HorizonDays, mean the whole horizon. They are sorted by
// start, in UTC.
//
// A slot is MeetingMinutes long and lies inside a range of working hours
// of its weekday. The first slot of a range starts at the range's start,
// and each next one MeetingMinutes of wall-clock time later; none runs
// past the range's end. The ranges are read on the wall clock of each
// date, so that 09:00–17:00 stays 09:00–17:00 on the days the clocks
// change. On those days a time the clocks skip is not a slot's start (a
// range's end in the skip is the moment of the skip), and a time they read
// twice is the first time they read it. A slot that would start before
// the one before it ends, which only happens when the clocks go forward
// inside a range, is left out.
//
// A slot is offered when its date is not a day off, it starts at least
// MinNoticeMinutes after now, it ends at most HorizonDays × 24 hours after
// now, and no busy interval lies within BufferMinutes of it.
func OpenSlots(a *Availability, busy []Interval, now time.Time, days int) []Slot {
	r := a.rules(busy, now)
	y, m, d := r.now.Date()
	last := r.horizon
	if days > 0 && days < r.horizonDays {
		last = wallEnd(y, m, d+days+1, 0, r.loc)
	}
	slots := []Slot{}
	for i := 0; wallEnd(y, m, d+i, 0, r.loc).Before(last); i++ {
		for _, s := range r.grid(y, m, d+i) {
			if r.timing(s) == nil && r.conflict(s) == nil {
				slots = append(slots, s)
			}
		}
	}
	return slots
}

// Check returns nil when a meeting may be booked at start at now, that is
// when OpenSlots offers a slot that starts then. Otherwise it says why
// not: an EINVALID error for a time that is past, too soon, too far ahead,
// on a day off, outside the working hours or off the slots' times, and an
// ECONFLICT error for one too close to a busy interval.
func (a *Availability) Check(start time.Time, busy []Interval, now time.Time) error {
	r := a.rules(busy, now)
	s := Slot{Start: start.UTC(), End: start.UTC().Add(r.meeting)}
	if err := r.timing(s); err != nil {
		return err
	}
	y, m, d := s.Start.In(r.loc).Date()
	if !slices.ContainsFunc(r.grid(y, m, d), func(g Slot) bool { return g.Start.Equal(s.Start) }) {
		if r.inRange(s) {
			return Errorf(EINVALID, "%s", MsgSlotOffGrid)
		}
		return Errorf(EINVALID, "%s", MsgSlotOutside)
	}
	return r.conflict(s)
}

// slotRules are the booking settings made ready to decide on slots at a
// moment.
type slotRules struct {
	a           *Availability
	loc         *time.Location
	now         time.Time // in loc
	horizon     time.Time
	horizonDays int
	meeting     time.Duration
	notice      time.Duration
	buffer      time.Duration
	daysOff     map[string]bool
	busy        []Interval
}

// rules makes the settings ready; settings out of their limits (never
// validated) are brought within them, so that the slots stay few.
func (a *Availability) rules(busy []Interval, now time.Time) *slotRules {
	loc, err := LoadTimeZone(a.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	horizon := min(max(a.HorizonDays, MinHorizonDays), MaxHorizonDays)
	meeting := a.MeetingMinutes
	if meeting < MinMeetingMinutes || meeting > MaxMeetingMinutes {
		meeting = DefaultMeetingMinutes
	}
	r := &slotRules{
		a:           a,
		loc:         loc,
		now:         now.In(loc),
		horizon:     now.Add(time.Duration(horizon) * 24 * time.Hour),
		horizonDays: horizon,
		meeting:     time.Duration(meeting) * time.Minute,
		notice:      time.Duration(max(a.MinNoticeMinutes, 0)) * time.Minute,
		buffer:      time.Duration(max(a.BufferMinutes, 0)) * time.Minute,
		daysOff:     map[string]bool{},
		busy:        busy,
	}
	for _, d := range a.DaysOff {
		r.daysOff[strings.TrimSpace(d)] = true
	}
	return r
}

// grid is the slots of the working hours of the date (d may be past the
// month's end), before any other rule: see OpenSlots.
func (r *slotRules) grid(y int, m time.Month, d int) []Slot {
	var slots []Slot
	// The weekday of the date, read at noon in UTC: a zone's midnight may
	// not exist.
	weekday := int(time.Date(y, m, d, 12, 0, 0, 0, time.UTC).Weekday())
	step := int(r.meeting / time.Minute)
	for _, w := range r.a.Weekly {
		from, okFrom := clockMinutes(w.Start)
		to, okTo := clockMinutes(w.End)
		if w.Weekday != weekday || !okFrom || !okTo || from >= to {
			continue
		}
		end := wallEnd(y, m, d, to, r.loc)
		var prev Slot
		for at := from; at < to; at += step {
			start, ok := wallTime(y, m, d, at, r.loc)
			if !ok {
				continue
			}
			s := Slot{Start: start.UTC(), End: start.Add(r.meeting).UTC()}
			if s.End.After(end) {
				break
			}
			if s.Start.Before(prev.End) {
				continue
			}
			slots = append(slots, s)
			prev = s
		}
	}
	slices.SortFunc(slots, func(x, y Slot) int { return x.Start.Compare(y.Start) })
	return slots
}

// inRange reports whether s starts inside a range of working hours of its
// date, on the slots' times or not.
func (r *slotRules) inRange(s Slot) bool {
	local := s.Start.In(r.loc)
	y, m, d := local.Date()
	for _, w := range r.a.Weekly {
		from, okFrom := clockMinutes(w.Start)
		to, okTo := clockMinutes(w.End)
		if w.Weekday != int(local.Weekday()) || !okFrom || !okTo {
			continue
		}
		if start := wallEnd(y, m, d, from, r.loc); !s.Start.Before(start) && s.Start.Before(wallEnd(y, m, d, to, r.loc)) {
			return true
		}
	}
	return false
}

// timing is why s cannot be booked at now for its time alone: it is past,
// too soon, too far ahead or on a day off; nil when none is so.
func (r *slotRules) timing(s Slot) error {
	switch {
	case s.Start.Before(r.now):
		return Errorf(EINVALID, "%s", MsgSlotPast)
	case s.Start.Before(r.now.Add(r.notice)):
		return Errorf(EINVALID, "This time is too soon: a meeting must be booked at least %s ahead.", minutesText(int(r.notice/time.Minute)))
	case s.End.After(r.horizon):
		return Errorf(EINVALID, "This time is too far ahead: a meeting can be booked at most %s ahead.", minutesText(r.horizonDays*minutesPerDay))
	}
	if local := s.Start.In(r.loc); r.daysOff[local.Format(time.DateOnly)] {
		return Errorf(EINVALID, "%s is a day off: choose another day.", local.Format("Monday 2 January 2006"))
	}
	return nil
}

// conflict is an ECONFLICT error when a busy interval lies within the
// buffer of s, and nil when none does.
func (r *slotRules) conflict(s Slot) error {
	for _, b := range r.busy {
		if s.Start.Before(b.End.Add(r.buffer)) && b.Start.Add(-r.buffer).Before(s.End) {
			return Errorf(ECONFLICT, "%s", MsgSlotTaken)
		}
	}
	return nil
}

// wallTime is the moment the clocks of loc read the minute of the day on
// the date, and false when they never do (they go forward over it). When
// they read it twice (they go back over it), it is the first time.
func wallTime(y int, m time.Month, d, minute int, loc *time.Location) (time.Time, bool) {
	wall := time.Date(y, m, d, 0, minute, 0, 0, time.UTC)
	var first time.Time
	found := false
	// The offsets in force around that wall time; a zone changes its
	// offset at most once in two days.
	for _, probe := range []time.Duration{-24 * time.Hour, 0, 24 * time.Hour} {
		_, offset := wall.Add(probe).In(loc).Zone()
		t := wall.Add(-time.Duration(offset) * time.Second)
		if _, o := t.In(loc).Zone(); o != offset {
			continue
		}
		if !found || t.Before(first) {
			first, found = t, true
		}
	}
	return first.In(loc), found
}

// wallEnd is the moment the clocks of loc reach the minute of the day on
// the date: wallTime, or, when the clocks go forward over it, the moment
// they do.
func wallEnd(y int, m time.Month, d, minute int, loc *time.Location) time.Time {
	if t, ok := wallTime(y, m, d, minute, loc); ok {
		return t
	}
	// Read with the offset before the change, the wall time falls after
	// it, in the zone that starts with the change.
	wall := time.Date(y, m, d, 0, minute, 0, 0, time.UTC)
	_, before := wall.Add(-24 * time.Hour).In(loc).Zone()
	start, _ := wall.Add(-time.Duration(before) * time.Second).In(loc).ZoneBounds()
	return start
}
