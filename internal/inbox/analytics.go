package inbox

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"meridian/internal/analytics"
	"meridian/internal/httpx"
	"meridian/internal/site"
)

// eventsPerMinute is how many events one client address (an IPv6 /64) may
// send in a minute: a reader sends a page view, its speed and a click or
// two per page.
const eventsPerMinute = 120

// eventsTooMany is the answer to a client over the events' limit.
const eventsTooMany = "Too many events from you in a short time."

// handleEvent counts one event of the site's script and answers 202 with
// no body. Nothing is counted for a crawler's or a script's user agent,
// for staff (whose browser carries the draft-view cookie, as a signed-in
// admin's does), or for a malformed event (400) or one over its size
// (413). The visitor's address and user agent make the day's visitor id
// and are not kept; a visitor who asks not to be tracked (Sec-GPC or DNT)
// counts in the totals of page views and events, with no visitor id.
func (s *Server) handleEvent(w http.ResponseWriter, r *http.Request) error {
	var e site.Event
	if err := httpx.DecodeJSONMax(w, r, &e, site.MaxEventBytes); err != nil {
		return err
	}
	if err := e.Validate(); err != nil {
		return err
	}
	// Crawlers and staff are answered before the limit: counting nothing,
	// they cost no more than their check, and a crawler reading fast
	// is told nothing it would retry.
	if site.IsBot(r.UserAgent()) || hasCookie(r, httpx.DraftCookie) {
		httpx.WriteAccepted(w, nil)
		return nil
	}
	if err := s.allowEvent(r); err != nil {
		return err
	}
	if s.Pages != nil {
		serves, err := s.Pages.Serves(r.Context(), e.Path)
		if err != nil {
			return err
		}
		if !serves {
			e.Path = analytics.NotFoundPath
		}
	}
	visit := analytics.Visit{Addr: s.ClientAddr(r), UserAgent: r.UserAgent(),
		Anonymous: r.Header.Get("Sec-GPC") == "1" || r.Header.Get("DNT") == "1"}
	if err := s.Analytics.Count(r.Context(), &e, visit); err != nil {
		return err
	}
	httpx.WriteAccepted(w, nil)
	return nil
}

func hasCookie(r *http.Request, name string) bool {
	_, err := r.Cookie(name)
	return err == nil
}

// allowEvent applies the limit of events per client address.
func (s *Server) allowEvent(r *http.Request) error {
	s.eventLimitOnce.Do(func() { s.eventLimit = httpx.NewRateLimiter(eventsPerMinute, time.Minute) })
	if ok, wait := s.eventLimit.Allow(s.LimitAddr(r), s.Now()); !ok {
		return httpx.RetryAfter(site.Errorf(site.ETOOMANY, eventsTooMany), wait)
	}
	return nil
}

// handleAnalytics answers the report of ?from= to ?to= (dates, both
// included; the last 30 days by default), this instance's latest counts
// written first; with ?format=csv, one of its tables (?table=pages,
// landingPages, sources, campaigns, devices, vitals or series) as a CSV
// file.
func (s *Server) handleAnalytics(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	start, end, err := site.AnalyticsSpan(q.Get("from"), q.Get("to"), s.Now())
	if err != nil {
		return err
	}
	table := q.Get("table")
	csv := q.Get("format") == "csv"
	if csv && analyticsCSV[table] == nil {
		return httpx.FieldError(site.EINVALID, "table", "Table must be one of pages, landingPages, sources, campaigns, devices, vitals or series.")
	}
	ctx := r.Context()
	s.Analytics.Flush(ctx)
	stop := end.AddDate(0, 0, 1)
	cur, err := s.Store.FindAnalytics(ctx, start, stop)
	if err != nil {
		return err
	}
	prev, err := s.Store.FindAnalytics(ctx, start.Add(-stop.Sub(start)), start)
	if err != nil {
		return err
	}
	report := site.NewAnalyticsReport(start, end, cur, prev, s.Pages.Host())
	if !csv {
		httpx.WriteOK(w, report)
		return nil
	}
	t := analyticsCSV[table]
	return s.WriteCSV(w, r, fmt.Sprintf("analytics-%s-%s-%s.csv", table, report.From, report.To), t.header, func(row func(...string) error) error {
		for _, cells := range t.rows(report) {
			if err := row(cells...); err != nil {
				return err
			}
		}
		return nil
	})
}

// analyticsTable is a table of the report as CSV: its header and rows.
type analyticsTable struct {
	header []string
	rows   func(*site.AnalyticsReport) [][]string
}

var rowHeader = []string{"Visitors", "Page views", "Leads", "Conversion rate"}

func rowCells(first []string, r site.AnalyticsRow) []string {
	return append(first, itoa(r.Visitors), itoa(r.Pageviews), itoa(r.Leads), strconv.FormatFloat(r.ConversionRate, 'f', 4, 64))
}

func rowsOf(list []site.AnalyticsRow, first func(site.AnalyticsRow) []string) [][]string {
	out := make([][]string, len(list))
	for i, r := range list {
		out[i] = rowCells(first(r), r)
	}
	return out
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// analyticsCSV are the report's tables by their ?table= name.
var analyticsCSV = map[string]*analyticsTable{
	"pages": {append([]string{"Path"}, rowHeader...), func(r *site.AnalyticsReport) [][]string {
		return rowsOf(r.Pages, func(x site.AnalyticsRow) []string { return []string{x.Path} })
	}},
	"landingPages": {append([]string{"Landing page"}, rowHeader...), func(r *site.AnalyticsReport) [][]string {
		return rowsOf(r.LandingPages, func(x site.AnalyticsRow) []string { return []string{x.Path} })
	}},
	"sources": {append([]string{"Source", "Group"}, rowHeader...), func(r *site.AnalyticsReport) [][]string {
		return rowsOf(r.Sources, func(x site.AnalyticsRow) []string { return []string{x.Source, x.Group} })
	}},
	"campaigns": {append([]string{"Campaign"}, rowHeader...), func(r *site.AnalyticsReport) [][]string {
		return rowsOf(r.Campaigns, func(x site.AnalyticsRow) []string { return []string{x.Campaign} })
	}},
	"devices": {append([]string{"Device"}, rowHeader...), func(r *site.AnalyticsReport) [][]string {
		return rowsOf(r.Devices, func(x site.AnalyticsRow) []string { return []string{x.Device} })
	}},
	"series": {[]string{"Time", "Visitors", "Page views", "Leads"}, func(r *site.AnalyticsReport) [][]string {
		out := make([][]string, len(r.Series))
		for i, p := range r.Series {
			out[i] = []string{p.At.Format(time.RFC3339), itoa(p.Visitors), itoa(p.Pageviews), itoa(p.Leads)}
		}
		return out
	}},
	"vitals": {[]string{"Path", "Samples", "LCP p75 (ms)", "INP p75 (ms)", "CLS p75", "TTFB p75 (ms)"}, func(r *site.AnalyticsReport) [][]string {
		p75 := func(v *site.VitalSummary, prec int) string {
			if v == nil || v.Samples == 0 {
				return ""
			}
			return strconv.FormatFloat(v.P75, 'f', prec, 64)
		}
		out := make([][]string, len(r.Vitals))
		for i, v := range r.Vitals {
			out[i] = []string{v.Path, itoa(v.Samples), p75(v.LCP, 0), p75(v.INP, 0), p75(v.CLS, 3), p75(v.TTFB, 0)}
		}
		return out
	}},
}
