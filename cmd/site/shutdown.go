package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"meridian/internal/outbox"
)

// loggedError is an error run already wrote to the JSON log.
type loggedError struct{ err error }

func (e *loggedError) Error() string { return e.err.Error() }
func (e *loggedError) Unwrap() error { return e.err }

// shutdown stops the server and the jobs within timeout. Requests and
// notification attempts in flight may take all of it but a tenth, kept to
// release the claims of the attempts then cut (another instance or the
// next start sends them again).
func shutdown(srv *http.Server, worker *outbox.Worker, stopJobs func(), jobs <-chan struct{}, timeout time.Duration, logger *slog.Logger) error {
	deadline := time.Now().Add(timeout)
	grace, cancel := context.WithDeadline(context.Background(), deadline.Add(-timeout/10))
	defer cancel()
	// The jobs stop claiming now; their attempts end while requests do.
	stopJobs()
	jobsDone := make(chan struct{})
	go func() {
		for range cap(jobs) {
			<-jobs
		}
		close(jobsDone)
	}()
	var errs []error
	if err := srv.Shutdown(grace); err != nil {
		srv.Close()
		errs = append(errs, fmt.Errorf("shutdown: requests still in flight after %v were cut: %w", timeout-timeout/10, err))
	}
	select {
	case <-jobsDone:
	case <-grace.Done():
		logger.Warn("shutdown: cutting lead notifications in flight")
		worker.Abort()
		select {
		case <-jobsDone:
		case <-time.After(time.Until(deadline)):
			errs = append(errs, fmt.Errorf("shutdown: lead notifications still in flight after %v", timeout))
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	logger.Info("stopped")
	return nil
}
