package main

import (
	"context"
	"database/sql"
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
		runRetention(jobCtx, db, 365*24*time.Hour, site.DefaultAnalyticsRetention, time.Hour, slog.New(slog.DiscardHandler))
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

// TestRetentionSweepsOrphanMediaBlobs: the retention job's first round
// deletes the blobs no media item names (left by an upload cut off before
// its item was stored) and keeps those of the items, deleted ones too.
func TestRetentionSweepsOrphanMediaBlobs(t *testing.T) {
	ctx := context.Background()
	path := t.TempDir() + "/site.db"
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	kept := strings.Repeat("a", 64)
	item := &site.MediaItem{Name: "kept.jpg", FocalX: 0.5, FocalY: 0.5, Width: 10, Height: 10, ContentType: "image/jpeg",
		Hash: strings.Repeat("b", 64), Bytes: 8, Variants: site.MediaVariants{{Width: 10, Height: 10, Format: site.MediaWebP, URL: "/media/" + kept + ".webp", Bytes: 7}}}
	item, err = db.CreateMedia(ctx, item, []*site.MediaBlob{
		{Hash: item.Hash, ContentType: "image/jpeg", Data: []byte("original")},
		{Hash: kept, ContentType: "image/webp", Data: []byte("variant"), Public: true},
	}, site.Write{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.DeleteRecord(ctx, site.Media, item.ID, site.Write{}); err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	orphan := strings.Repeat("c", 64)
	if _, err := raw.Exec(`INSERT INTO media_blobs (hash, content_type, public, data) VALUES (?, 'image/webp', 1, x'00')`, orphan); err != nil {
		t.Fatal(err)
	}

	jobCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		runRetention(jobCtx, db, 365*24*time.Hour, site.DefaultAnalyticsRetention, time.Hour, slog.New(slog.DiscardHandler))
		close(done)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, err := db.FindMediaBlob(ctx, orphan)
		if site.ErrorCode(err) == site.ENOTFOUND {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the orphan blob is still served: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	stop()
	<-done
	if _, err := db.FindMediaBlob(ctx, kept); err != nil {
		t.Errorf("the deleted item's variant went: %v", err)
	}
	var n int
	if err := raw.QueryRow(`SELECT count(*) FROM media_blobs`).Scan(&n); err != nil || n != 2 {
		t.Errorf("blobs left = %d, %v; want the deleted item's 2", n, err)
	}
}
