// Package metrics counts what the site does, for Prometheus: requests by
// route and status, the page cache and the engines that render pages, the
// outbox of notifications, leads, the database and uploads, beside the Go
// runtime's own figures. Each fact is counted where the code that knows it
// runs; a nil *Metrics counts nothing, so that a site without metrics (and
// each test that needs none) pays nothing for them.
package metrics

import (
	"context"
	"database/sql"
	"log/slog"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"meridian/internal/site"
)

// Route is the class of an address the site answers. Requests are counted
// by class, not by path, so that the series stay few whatever the visitors
// ask for.
type Route uint8

// The classes of routes.
const (
	RoutePage Route = iota
	RouteAsset
	RouteMedia
	RouteAPIPublic
	RouteAPIAdmin
	RouteHealth
	RouteOther
	numRoutes
)

var routeNames = [numRoutes]string{"page", "asset", "media", "api_public", "api_admin", "health", "other"}

func (r Route) String() string { return routeNames[r] }

// LeadRefusal is why a lead sent to the contact form did not become a new
// lead of the inbox.
type LeadRefusal uint8

// The reasons a lead is refused. Spam and a repeat are answered as a lead
// is, so that a script learns nothing, but they add no lead to the inbox.
const (
	// LeadInvalid is a lead whose fields or body the site refused.
	LeadInvalid LeadRefusal = iota
	// LeadRateLimited is one over the limits per address or e-mail.
	LeadRateLimited
	// LeadSpam is one stored flagged as spam (the honeypot, too fast, links).
	LeadSpam
	// LeadDuplicate is a repeat of a lead sent minutes before, stored once.
	LeadDuplicate
	// LeadCannotSave is one the database could not save.
	LeadCannotSave
	// LeadError is one that failed for any other reason.
	LeadError
	numLeadRefusals
)

var leadRefusalNames = [numLeadRefusals]string{"invalid", "rate_limit", "spam", "duplicate", "cannot_save", "error"}

// The outcomes of an attempt to send a notification of the outbox.
const (
	DeliverySent  = "sent"
	DeliveryRetry = "retry"
	// DeliveryFailed is an attempt after which the delivery is given up.
	DeliveryFailed = "failed"
)

// The outcomes of an upload to the media library.
const (
	UploadStored = "stored"
	// UploadRefused is an upload refused for what it is or for its
	// sender's uploads at once (a 4xx answer).
	UploadRefused = "refused"
	// UploadUnavailable is one the site could not take for now: the
	// budget of uploads at once is spent, or the database cannot save.
	UploadUnavailable = "unavailable"
	UploadError       = "error"
)

// minStatus and maxStatus bound the status codes counted by their own
// series without a lookup by label; net/http refuses any outside 100-999.
const (
	minStatus = 100
	maxStatus = 599
)

// Buckets of the histograms, in seconds.
var (
	// A cached page takes tens of microseconds, a first render tens of
	// milliseconds, an upload seconds.
	requestBuckets = []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}
	renderBuckets  = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5}
	queryBuckets   = []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5}
	processBuckets = []float64{.05, .1, .25, .5, 1, 2.5, 5, 10, 20, 40, 80}
)

// Metrics is the registry of one server and every metric in it. Make it
// with New; its methods may be called on nil.
type Metrics struct {
	reg *prometheus.Registry

	requests *prometheus.CounterVec
	// byStatus holds the counter of each route and status once used, so
	// that the hot path finds it with an index instead of a lookup by
	// label.
	byStatus  [numRoutes][maxStatus - minStatus + 1]atomic.Pointer[counter]
	durations [numRoutes]prometheus.Observer

	cacheHits   prometheus.Counter
	cacheMisses prometheus.Counter
	stalePages  prometheus.Counter
	renders     prometheus.Histogram

	leadsAccepted prometheus.Counter
	leadsRefused  [numLeadRefusals]prometheus.Counter

	attempts *prometheus.CounterVec

	queries [2]prometheus.Observer // read, write

	uploads *prometheus.CounterVec
	process *prometheus.HistogramVec
}

// counter is a counter kept behind an atomic pointer.
type counter struct{ prometheus.Counter }

// New returns the metrics of one server, in a registry of its own (so that
// several servers in one process do not clash), with the Go runtime's and
// the process's collectors.
func New() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "site_http_requests_total",
		Help: "HTTP requests answered, by route class and status code.",
	}, []string{"route", "code"})
	durations := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "site_http_request_duration_seconds",
		Help:    "Time from a request's arrival at the handler to the end of its answer, by route class.",
		Buckets: requestBuckets,
	}, []string{"route"})
	for r := range numRoutes {
		m.durations[r] = durations.WithLabelValues(r.String())
	}
	m.cacheHits = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "site_page_cache_hits_total",
		Help: "Pages answered from the page cache.",
	})
	m.cacheMisses = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "site_page_cache_misses_total",
		Help: "Pages not in the page cache: rendered for the request, or by another request it waited for.",
	})
	m.stalePages = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "site_page_stale_total",
		Help: "Pages answered with their last good render because their data could not be read.",
	})
	m.renders = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "site_ssr_render_seconds",
		Help:    "Time of each server render of a page (or preview) in a JavaScript engine, waiting for a free engine included.",
		Buckets: renderBuckets,
	})
	m.leadsAccepted = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "site_leads_accepted_total",
		Help: "Leads of the contact form stored as new leads of the inbox.",
	})
	refused := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "site_leads_refused_total",
		Help: "Leads of the contact form that added no lead to the inbox, by reason.",
	}, []string{"reason"})
	for r := range numLeadRefusals {
		m.leadsRefused[r] = refused.WithLabelValues(leadRefusalNames[r])
	}
	m.attempts = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "site_outbox_attempts_total",
		Help: "Attempts of this instance to send a notification of the outbox, by channel and outcome (sent, retry, failed: given up).",
	}, []string{"channel", "result"})
	queries := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "site_db_query_seconds",
		Help:    "Time of each read of the store (its retry included) and of each write transaction (from waiting for the writer to the commit).",
		Buckets: queryBuckets,
	}, []string{"kind"})
	m.queries = [2]prometheus.Observer{queries.WithLabelValues("read"), queries.WithLabelValues("write")}
	m.uploads = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "site_uploads_total",
		Help: "Uploads to the media library, by outcome (stored, refused, unavailable, error).",
	}, []string{"result"})
	for _, r := range []string{UploadStored, UploadRefused, UploadUnavailable, UploadError} {
		m.uploads.WithLabelValues(r)
	}
	m.process = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "site_media_process_seconds",
		Help:    "Time to make the variants of one uploaded image, by its format.",
		Buckets: processBuckets,
	}, []string{"format"})
	m.reg.MustRegister(m.requests, durations, m.cacheHits, m.cacheMisses, m.stalePages, m.renders,
		m.leadsAccepted, refused, m.attempts, queries, m.uploads, m.process)
	return m
}

// Handler answers the metrics in the Prometheus text format (or
// OpenMetrics, when the scraper asks for it). A collector that fails is
// logged and left out; the others are still answered.
func (m *Metrics) Handler(logger *slog.Logger) http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelError),
		ErrorHandling:     promhttp.ContinueOnError,
		EnableOpenMetrics: true,
	})
}

// Request counts an answered request of route with status, which took d.
func (m *Metrics) Request(route Route, status int, d time.Duration) {
	if m == nil {
		return
	}
	m.durations[route].Observe(d.Seconds())
	if status < minStatus || status > maxStatus {
		m.requests.WithLabelValues(route.String(), strconv.Itoa(status)).Inc()
		return
	}
	slot := &m.byStatus[route][status-minStatus]
	c := slot.Load()
	if c == nil {
		// Two requests may get here at once: both find the same series.
		c = &counter{m.requests.WithLabelValues(route.String(), strconv.Itoa(status))}
		slot.Store(c)
	}
	c.Inc()
}

// PageCacheHit counts a page answered from the page cache.
func (m *Metrics) PageCacheHit() {
	if m != nil {
		m.cacheHits.Inc()
	}
}

// PageCacheMiss counts a page that was not in the page cache.
func (m *Metrics) PageCacheMiss() {
	if m != nil {
		m.cacheMisses.Inc()
	}
}

// PageStale counts a page answered with its last good render.
func (m *Metrics) PageStale() {
	if m != nil {
		m.stalePages.Inc()
	}
}

// Rendered counts a server render that took d.
func (m *Metrics) Rendered(d time.Duration) {
	if m != nil {
		m.renders.Observe(d.Seconds())
	}
}

// LeadAccepted counts a new lead of the inbox.
func (m *Metrics) LeadAccepted() {
	if m != nil {
		m.leadsAccepted.Inc()
	}
}

// LeadRefused counts a lead refused for reason.
func (m *Metrics) LeadRefused(reason LeadRefusal) {
	if m != nil {
		m.leadsRefused[reason].Inc()
	}
}

// DeliveryAttempt counts an attempt to send a notification on channel
// (email, webhook) with its result (DeliverySent, DeliveryRetry,
// DeliveryFailed).
func (m *Metrics) DeliveryAttempt(channel, result string) {
	if m != nil {
		m.attempts.WithLabelValues(channel, result).Inc()
	}
}

// query counts a read or a write transaction of the store that took d.
func (m *Metrics) query(write bool, d time.Duration) {
	i := 0
	if write {
		i = 1
	}
	m.queries[i].Observe(d.Seconds())
}

// Upload counts an upload to the media library with its result.
func (m *Metrics) Upload(result string) {
	if m != nil {
		m.uploads.WithLabelValues(result).Inc()
	}
}

// MediaProcessed counts an image of format whose variants took d to make.
func (m *Metrics) MediaProcessed(format string, d time.Duration) {
	if m != nil {
		m.process.WithLabelValues(format).Observe(d.Seconds())
	}
}

// WatchEngines reports, at each scrape, the engines of the pool that
// renders pages: how many there are and how many render now.
func (m *Metrics) WatchEngines(engines func() (busy, size int)) {
	if m == nil {
		return
	}
	m.reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "site_ssr_engines",
			Help: "JavaScript engines of the pool that renders pages.",
		}, func() float64 { _, size := engines(); return float64(size) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "site_ssr_engines_busy",
			Help: "JavaScript engines rendering a page now.",
		}, func() float64 { busy, _ := engines(); return float64(busy) }),
	)
}

// Store is what the metrics read of the site's store.
type Store interface {
	// Pools are the store's connection pools by name.
	Pools() map[string]*sql.DB
	// ObserveQueries has f told the time of each read and each write
	// transaction.
	ObserveQueries(f func(write bool, d time.Duration))
	CountDeliveries(ctx context.Context) (site.DeliveryCounts, error)
}

// WatchStore times the reads and the write transactions of st, and
// reports at each scrape its connection pools (sql.DBStats, as the
// go_sql_* metrics labelled db_name) and the notifications of its outbox
// by status (a count of the whole database, so every instance tells the
// same).
func (m *Metrics) WatchStore(st Store) {
	if m == nil {
		return
	}
	st.ObserveQueries(m.query)
	for name, db := range st.Pools() {
		m.reg.MustRegister(collectors.NewDBStatsCollector(db, name))
	}
	m.reg.MustRegister(&outboxCollector{count: st.CountDeliveries})
}

// PoolStats are the figures of a connection pool beneath a database/sql
// handle: pgx's, beneath PostgreSQL's, which hands each connection back to
// it at once, so that the handle's own go_sql_* figures show only the
// connections in use.
type PoolStats struct {
	// Max is the most connections the pool opens; Open are those open now,
	// InUse those of them taken.
	Max, Open, InUse int
	// Waits counts the connections taken that had to wait for one, and
	// WaitTime is the time they waited.
	Waits    int64
	WaitTime time.Duration
}

// WatchPool reports, at each scrape, the connection pool stats tells of,
// labelled db_name=name.
func (m *Metrics) WatchPool(name string, stats func() PoolStats) {
	if m == nil {
		return
	}
	labels := prometheus.Labels{"db_name": name}
	desc := func(metric, help string) *prometheus.Desc {
		return prometheus.NewDesc("site_db_pool_"+metric, help+" of the pool beneath the database handle.", nil, labels)
	}
	m.reg.MustRegister(&poolCollector{stats: stats,
		max:      desc("max_connections", "Most connections"),
		open:     desc("open_connections", "Connections open now"),
		inUse:    desc("in_use_connections", "Connections taken now"),
		waits:    desc("waits_total", "Connections taken that had to wait for one"),
		waitTime: desc("wait_seconds_total", "Time spent waiting for a connection"),
	})
}

// poolCollector reads a connection pool at each scrape.
type poolCollector struct {
	stats                             func() PoolStats
	max, open, inUse, waits, waitTime *prometheus.Desc
}

func (c *poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.max, c.open, c.inUse, c.waits, c.waitTime} {
		ch <- d
	}
}

func (c *poolCollector) Collect(ch chan<- prometheus.Metric) {
	st := c.stats()
	ch <- prometheus.MustNewConstMetric(c.max, prometheus.GaugeValue, float64(st.Max))
	ch <- prometheus.MustNewConstMetric(c.open, prometheus.GaugeValue, float64(st.Open))
	ch <- prometheus.MustNewConstMetric(c.inUse, prometheus.GaugeValue, float64(st.InUse))
	ch <- prometheus.MustNewConstMetric(c.waits, prometheus.CounterValue, float64(st.Waits))
	ch <- prometheus.MustNewConstMetric(c.waitTime, prometheus.CounterValue, st.WaitTime.Seconds())
}

// countTimeout bounds the count of the outbox at a scrape.
const countTimeout = 5 * time.Second

var outboxDesc = prometheus.NewDesc("site_outbox_deliveries",
	"Notifications of the outbox by status: pending (not tried yet), retrying (failed, to be tried again) and failed (given up); of the whole database.",
	[]string{"status"}, nil)

// outboxCollector counts the outbox at each scrape.
type outboxCollector struct {
	count func(ctx context.Context) (site.DeliveryCounts, error)
}

func (c *outboxCollector) Describe(ch chan<- *prometheus.Desc) { ch <- outboxDesc }

func (c *outboxCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), countTimeout)
	defer cancel()
	n, err := c.count(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(outboxDesc, err)
		return
	}
	for _, s := range []struct {
		status string
		n      int
	}{{"pending", n.Pending}, {"retrying", n.Retrying}, {"failed", n.Failed}} {
		ch <- prometheus.MustNewConstMetric(outboxDesc, prometheus.GaugeValue, float64(s.n), s.status)
	}
}
