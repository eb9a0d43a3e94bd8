package site

import (
	"slices"
	"time"
)

// The rules of a lead's owner and of its response clock: who a new lead
// goes to, when its first response is due, and what counts as one. The
// stores read and write; these decide.

// Defaults and limits of the response clock in the lead settings.
const (
	// DefaultResponseHours is the site's promise: a senior consultant
	// replies within 24 hours.
	DefaultResponseHours = 24
	MaxResponseHours     = 720
	DefaultTimeZone      = "UTC"
	MaxTimeZoneLength    = 64
)

// Business hours, when only they count towards a lead's due time: Monday
// to Friday, 09:00 to 17:00 in the lead settings' time zone.
const (
	BusinessDayStart = 9
	BusinessDayEnd   = 17
)

// MsgBadTimeZone answers a time zone that is not an IANA name.
const MsgBadTimeZone = "Choose a time zone by its IANA name, such as Europe/Berlin or America/New_York."

// LoadTimeZone returns the location of an IANA time zone name; "" is UTC.
func LoadTimeZone(name string) (*time.Location, error) {
	if name == "" {
		return time.UTC, nil
	}
	// time.LoadLocation also takes "Local" and paths; only names are zones.
	if name == "Local" || len(name) > MaxTimeZoneLength || name[0] == '/' || slices.Contains([]byte(name), '.') {
		return nil, Errorf(EINVALID, "%s", MsgBadTimeZone)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, Errorf(EINVALID, "%s", MsgBadTimeZone)
	}
	return loc, nil
}

// DueAt is when the first response to a lead that arrived at created is
// due: ResponseHours later, counting only business hours in the settings'
// time zone when BusinessHoursOnly is set.
func (s *LeadSettings) DueAt(created time.Time) time.Time {
	return s.after(created, time.Duration(s.responseHours())*time.Hour)
}

// ReminderAt is when the owner of a lead that arrived at created is
// reminded of it: half its response time later.
func (s *LeadSettings) ReminderAt(created time.Time) time.Time {
	return s.after(created, time.Duration(s.responseHours())*time.Hour/2)
}

func (s *LeadSettings) responseHours() int {
	if s.ResponseHours <= 0 {
		return DefaultResponseHours
	}
	return s.ResponseHours
}

// after is d after t, in business hours only when the settings say so.
func (s *LeadSettings) after(t time.Time, d time.Duration) time.Time {
	if !s.BusinessHoursOnly {
		return t.Add(d).UTC()
	}
	loc, err := LoadTimeZone(s.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	return AddBusinessTime(t, d, loc).UTC()
}

// AddBusinessTime is d of business hours (BusinessDayStart to
// BusinessDayEnd, Monday to Friday, in loc) after t. Time outside them
// does not count: a lead of Friday evening with 4 hours to go is due on
// Monday at 13:00.
func AddBusinessTime(t time.Time, d time.Duration, loc *time.Location) time.Time {
	t = t.In(loc)
	for {
		y, m, day := t.Date()
		start := time.Date(y, m, day, BusinessDayStart, 0, 0, 0, loc)
		end := time.Date(y, m, day, BusinessDayEnd, 0, 0, 0, loc)
		weekend := t.Weekday() == time.Saturday || t.Weekday() == time.Sunday
		switch {
		case weekend || !t.Before(end):
			// On to the next day's start: by date, so that a day of 23 or
			// 25 hours is one day.
			t = time.Date(y, m, day+1, BusinessDayStart, 0, 0, 0, loc)
			continue
		case t.Before(start):
			t = start
		}
		if left := end.Sub(t); d <= left {
			return t.Add(d)
		} else {
			d -= left
			t = end
		}
	}
}

// LeadTaker is a user who may be given new leads, as the assignment sees
// them.
type LeadTaker struct {
	ID       int64
	Username string
	// Interests are the AI interests the user takes leads of; none takes
	// every interest.
	Interests []string
	// Turn is the turn of the last lead given to the user, 0 for none:
	// each lead given takes the next turn.
	Turn int64
}

// ChooseOwner is the owner of a new lead with the AI interest, from the
// users who take leads: among those whose interests name it, or, when none
// does, those who take every interest (all of them when none does), the
// one whose last lead was given longest ago (never first, then by id). So
// leads go round, and an interest rule sends its leads to its specialists.
// nil when no one takes leads.
func ChooseOwner(takers []LeadTaker, interest string) *LeadTaker {
	var named, any []LeadTaker
	for _, t := range takers {
		switch {
		case len(t.Interests) == 0:
			any = append(any, t)
		case slices.Contains(t.Interests, interest):
			named = append(named, t)
		}
	}
	pool := named
	if len(pool) == 0 {
		pool = any
	}
	if len(pool) == 0 {
		pool = takers
	}
	var best *LeadTaker
	for i := range pool {
		t := &pool[i]
		if best == nil || assignedBefore(t, best) {
			best = t
		}
	}
	return best
}

// assignedBefore reports whether a comes before b in the round: given its
// last lead longer ago, then the smaller id.
func assignedBefore(a, b *LeadTaker) bool {
	if a.Turn != b.Turn {
		return a.Turn < b.Turn
	}
	return a.ID < b.ID
}

// MayTakeLeads reports whether a user of role may be marked as taking
// leads, or be made a lead's owner: those who may work the inbox.
func MayTakeLeads(role string) bool { return RoleMay(role, PermLeads) }

// Messages of the owner of a lead.
const (
	MsgOwnerUnknown  = "Choose an owner among the active users who may work on leads."
	MsgTakesLeadsNot = "Only users who may work on leads (sales and administrators) can take leads."
)

// IsOverdue reports whether the lead's first response is late at now: due
// before now and not given, for a lead that is not spam.
func (l *Lead) IsOverdue(now time.Time) bool {
	return !l.Spam && l.FirstResponseAt == nil && l.DueAt != nil && l.DueAt.Before(now)
}

// Responds reports whether a change of the lead by user is its first
// response: a change of status from New by its owner, or by anyone while
// it has none, before any response was recorded.
func (l *Lead) Responds(userID int64, upd LeadUpdate) bool {
	return upd.Status != nil && *upd.Status != LeadNew && l.Status == LeadNew && l.awaits(userID)
}

// RespondsWith reports whether an entry of the kind user adds to the
// lead's timeline is its first response: a note, call or e-mail of its
// owner, or of anyone while it has none, before any response.
func (l *Lead) RespondsWith(userID int64, kind string) bool {
	return slices.Contains(StaffActivityKinds, kind) && l.awaits(userID)
}

// awaits reports whether the lead waits for a first response that user
// may give.
func (l *Lead) awaits(userID int64) bool {
	return l.FirstResponseAt == nil && (l.OwnerID == nil || *l.OwnerID == userID)
}

// ResponseDays is how many days back the dashboard's response figures
// look: the leads that arrived in them.
const ResponseDays = 30

// ResponseStats are the response figures of the leads of the last
// ResponseDays days, spam aside.
type ResponseStats struct {
	Days int `json:"days"`
	// Answered is how many were given a first response, and
	// MedianMinutes the median time it took (nil for none).
	Answered      int      `json:"answered"`
	MedianMinutes *float64 `json:"medianMinutes"`
	// WithinShare is the share of those whose time is up (answered, or
	// overdue) that were answered by their due time; nil for none.
	WithinShare *float64 `json:"withinShare"`
	// Waiting is how many wait for a first response that is not yet due;
	// Overdue how many wait past it (of any age).
	Waiting int `json:"waiting"`
	Overdue int `json:"overdue"`
}

// ResponseTimes is what the response figures read of one lead.
type ResponseTimes struct {
	CreatedAt, DueAt time.Time
	FirstResponseAt  *time.Time
}

// ResponseStatsOf counts the response figures at now of the leads of the
// last ResponseDays days; overdue is the count of overdue leads of any age.
func ResponseStatsOf(leads []ResponseTimes, overdue int, now time.Time) ResponseStats {
	st := ResponseStats{Days: ResponseDays, Overdue: overdue}
	var minutes []float64
	var settled, onTime int
	for _, l := range leads {
		switch {
		case l.FirstResponseAt != nil:
			minutes = append(minutes, l.FirstResponseAt.Sub(l.CreatedAt).Minutes())
			settled++
			if !l.FirstResponseAt.After(l.DueAt) {
				onTime++
			}
		case l.DueAt.Before(now):
			settled++
		default:
			st.Waiting++
		}
	}
	st.Answered = len(minutes)
	if len(minutes) > 0 {
		slices.Sort(minutes)
		m := minutes[len(minutes)/2]
		if len(minutes)%2 == 0 {
			m = (minutes[len(minutes)/2-1] + m) / 2
		}
		st.MedianMinutes = &m
	}
	if settled > 0 {
		share := float64(onTime) / float64(settled)
		st.WithinShare = &share
	}
	return st
}
