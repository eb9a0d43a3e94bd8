package site

import "time"

// Live reports whether visitors see p at now: published, active, and its
// publication time reached. A published page whose publication time is
// still to come is scheduled (Scheduled): its address answers 404, and it
// is in no list, sitemap or feed, until then.
func (p *Page) Live(now time.Time) bool {
	return p.Status == PagePublished && p.IsActive && !p.Scheduled(now)
}

// Scheduled reports whether p is published with a publication time after now.
func (p *Page) Scheduled(now time.Time) bool {
	return p.Status == PagePublished && p.PublishedAt != nil && p.PublishedAt.After(now)
}

// SplitScheduled returns the pages among published (PublishedPages) that
// are live at now, in their order, and the earliest publication time still
// to come: zero when no page is scheduled. Passing it changes what visitors
// see without any write, so the page cache treats it as a change of content.
func SplitScheduled(published []*Page, now time.Time) (live []*Page, next time.Time) {
	live = make([]*Page, 0, len(published))
	for _, p := range published {
		if !p.Scheduled(now) {
			live = append(live, p)
			continue
		}
		if next.IsZero() || p.PublishedAt.Before(next) {
			next = *p.PublishedAt
		}
	}
	return live, next
}
