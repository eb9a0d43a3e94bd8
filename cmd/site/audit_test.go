package main

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
	"meridian/internal/sqlite"
)

func TestAuditRetentionConfig(t *testing.T) {
	c, err := parseConfig(nil, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.auditRetention != 365*24*time.Hour {
		t.Errorf("default = %v, want 365 days", c.auditRetention)
	}
	c, err = parseConfig(nil, func(k string) string { return map[string]string{"SITE_AUDIT_RETENTION_DAYS": "30"}[k] }, io.Discard)
	if err != nil || c.auditRetention != 30*24*time.Hour {
		t.Errorf("30 days: %v, %v", c, err)
	}
	for _, v := range []string{"0", "-3", "a year", "36501"} {
		_, err := parseConfig(nil, func(k string) string { return map[string]string{"SITE_AUDIT_RETENTION_DAYS": v}[k] }, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "SITE_AUDIT_RETENTION_DAYS") {
			t.Errorf("%q: err = %v, want one naming the variable", v, err)
		}
	}
}

// TestRetentionDeletesOldAuditEntries runs the retention job once: the
// entries older than the retention go, the others stay.
func TestRetentionDeletesOldAuditEntries(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, t.TempDir()+"/site.db")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Now().UTC()
	for _, age := range []time.Duration{400 * 24 * time.Hour, 366 * 24 * time.Hour, 364 * 24 * time.Hour, time.Hour} {
		if err := db.AddAuditEntry(ctx, &site.AuditEntry{At: now.Add(-age), Action: site.AuditSignIn, Username: "root"}); err != nil {
			t.Fatal(err)
		}
	}
	jobCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		runRetention(jobCtx, db, 365*24*time.Hour, time.Hour, slog.New(slog.DiscardHandler))
		close(done)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, n, err := db.FindAuditEntries(ctx, site.AuditFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if n == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d entries left, want 2", n)
		}
		time.Sleep(20 * time.Millisecond)
	}
	stop()
	<-done
}
