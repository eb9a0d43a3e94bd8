package main

import (
	"log/slog"
	"net"
	"net/http"
	"time"

	"meridian/internal/httpd"
	"meridian/internal/httpx"
	"meridian/internal/metrics"
	"meridian/internal/outbox"
	"meridian/internal/postgres"
	"meridian/internal/site"
	"meridian/internal/sqlite"
)

// Both stores tell the metrics their pools, their time and their outbox.
var (
	_ metrics.Store = (*sqlite.DB)(nil)
	_ metrics.Store = (*postgres.DB)(nil)
)

// minMetricsToken is the shortest token the metrics take on the main
// address.
const minMetricsToken = 16

// serveMetrics makes the metrics when -metrics-addr or -metrics-token asks
// for them, and gives them to the parts that count: the handler (with the
// token, it answers them on the main address), its page cache, the outbox
// worker and the store. With -metrics-addr it serves them there, alone.
// Call it before srv.Handler and before the worker runs; stop closes the
// address of the metrics.
func serveMetrics(cfg *config, srv *httpd.Server, db site.Store, worker *outbox.Worker, logger *slog.Logger) (stop func(), err error) {
	if cfg.metricsAddr == "" && cfg.metricsToken == "" {
		return func() {}, nil
	}
	m := metrics.New()
	srv.Metrics, srv.MetricsToken = m, cfg.metricsToken
	srv.Pages.Metrics = m
	m.WatchEngines(srv.Pages.Engines)
	worker.Metrics = m
	if st, ok := db.(metrics.Store); ok {
		m.WatchStore(st)
	}
	if pg, ok := db.(*postgres.DB); ok {
		m.WatchPool("postgres", func() metrics.PoolStats {
			st := pg.PoolStat()
			return metrics.PoolStats{Max: int(st.MaxConns()), Open: int(st.TotalConns()), InUse: int(st.AcquiredConns()),
				Waits: st.EmptyAcquireCount(), WaitTime: st.EmptyAcquireWaitTime()}
		})
	}
	if cfg.metricsAddr == "" {
		return func() {}, nil
	}
	ln, err := net.Listen("tcp", cfg.metricsAddr)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET "+httpx.MetricsPath, m.Handler(logger))
	server := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      30 * time.Second,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	go server.Serve(ln)
	logger.Info("metrics served", "address", "http://"+displayAddr(ln.Addr())+httpx.MetricsPath)
	return func() { server.Close() }, nil
}
