package postgres_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"meridian/internal/postgres"
	"meridian/internal/site"
)

// waitFor blocks until ch delivers, or fails the test when the test's
// deadline is near.
func waitFor(t *testing.T, ctx context.Context, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-ctx.Done():
		t.Fatalf("gave up waiting for %s", what)
	}
}

func testContext(t *testing.T) context.Context {
	t.Helper()
	ctx := t.Context()
	if dl, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, dl)
		t.Cleanup(cancel)
	}
	return ctx
}

// writeContent makes a write the public site shows, as an admin would.
func writeContent(t testing.TB, ctx context.Context, db site.RecordService) {
	t.Helper()
	if _, err := site.SaveContent(ctx, db, &site.ContentItem{Section: "hero", Key: "title", Value: "Changed"}, site.Write{}, false); err != nil {
		t.Fatal(err)
	}
}

// twoInstances opens instances a and b on one fresh schema, b listening
// to the changes the others announce: each it hears calls also, when set,
// and is sent on changed.
func twoInstances(t testing.TB, ctx context.Context, also func()) (dsn string, a, b *postgres.DB, changed chan struct{}) {
	t.Helper()
	dsn = testSchema(t)
	a, b = openAt(t, dsn), openAt(t, dsn)
	changed = make(chan struct{}, 10)
	w, err := b.ListenContentChanges(ctx, slog.New(slog.DiscardHandler), func() {
		if also != nil {
			also()
		}
		changed <- struct{}{}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return dsn, a, b, changed
}

func TestNotify(t *testing.T) {
	t.Parallel()

	t.Run("BumpsTheOtherInstance", func(t *testing.T) {
		t.Parallel()
		ctx := testContext(t)
		var va, vb site.ContentVersion
		_, a, b, changed := twoInstances(t, ctx, func() { vb.Bump() })
		wa, err := a.WatchContentVersion(ctx, &va, slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		defer wa.Close()

		// b's own write reaches b first and is ignored; a's follows. Each
		// write announces itself in its transaction: nothing is sent apart.
		writeContent(t, ctx, b)
		writeContent(t, ctx, a)
		waitFor(t, ctx, changed, "the notification of the other instance")
		if got, want := vb.Current(), uint64(1); got != want {
			t.Errorf("version of b = %d, want %d (its own notification must not count)", got, want)
		}
		// WatchContentVersion has no hook to wait on: look again until the
		// version moves on or the test's deadline comes.
		for va.Current() != 1 {
			select {
			case <-ctx.Done():
				t.Fatal("version of a never moved on after b's notification")
			case <-time.After(10 * time.Millisecond):
			}
		}
	})

	t.Run("ReconnectsAfterTheConnectionDrops", func(t *testing.T) {
		t.Parallel()
		ctx := testContext(t)
		dsn, a, _, changed := twoInstances(t, ctx, nil)
		var killed int
		err := connect(t, ctx, dsn).QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
			WHERE query = 'LISTEN "site_content.' || current_schema() || '"'`).Scan(&killed)
		if err != nil {
			t.Fatal(err)
		}
		if killed != 1 {
			t.Fatalf("terminated %d listening connections, want 1", killed)
		}
		// After reconnecting, the listener reports a change, since it may
		// have missed some; from then on it hears announcements again.
		waitFor(t, ctx, changed, "the change reported after reconnecting")
		writeContent(t, ctx, a)
		waitFor(t, ctx, changed, "a notification after reconnecting")
	})
	t.Run("DraftsAreSilentAndTheirPublishIsOneAnnouncement", func(t *testing.T) {
		t.Parallel()
		ctx := testContext(t)
		_, a, _, changed := twoInstances(t, ctx, nil)
		rec, err := a.CreateRecord(ctx, site.Testimonials, &site.Testimonial{Name: "Ann", Title: "CTO", Content: "Good", Initials: "AN", IsActive: true}, site.Write{})
		if err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, changed, "the notification of the testimonial's creation")
		for _, key := range []string{"main_title", "subtitle"} {
			if _, err := site.SaveContentDraft(ctx, a, &site.ContentItem{Section: "hero", Key: key, Value: "Drafted"}, site.Write{}, true); err != nil {
				t.Fatal(err)
			}
		}
		edit := *rec.(*site.Testimonial)
		edit.Content = "Drafted"
		if _, d, err := a.SaveRecordDraft(ctx, site.Testimonials, &edit, site.Write{Version: edit.Version}); err != nil || d == nil || d.ID == 0 {
			t.Fatalf("record draft: %v %v", d, err)
		}
		if out, err := a.PublishContentDrafts(ctx, site.DraftSelection{All: true}, site.Write{}); err != nil || len(out.Published) != 2 || out.Records != 1 {
			t.Fatalf("publish: %v %v", out, err)
		}
		// The notifications come in the order of the commits: once the
		// next write's is heard, everything before it was.
		writeContent(t, ctx, a)
		waitFor(t, ctx, changed, "the notification of the publish")
		waitFor(t, ctx, changed, "the notification of the write after it")
		if n := len(changed); n != 0 {
			t.Errorf("%d more notifications: the drafts, or the publish's texts and record one by one, were announced", n)
		}
	})
	t.Run("ARedirectIsAnnounced", func(t *testing.T) {
		t.Parallel()
		ctx := testContext(t)
		_, a, _, changed := twoInstances(t, ctx, nil)
		if _, err := a.CreateRecord(ctx, site.Redirects, &site.Redirect{Source: "/old", Target: "/new"}, site.Write{}); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, changed, "the notification of a redirect written by the other instance")
	})
	t.Run("AFailedWriteAnnouncesNothing", func(t *testing.T) {
		t.Parallel()
		ctx := testContext(t)
		dsn, a, _, changed := twoInstances(t, ctx, nil)
		// A write that fails rolls its notification back with it; the write
		// that follows is the first thing b hears.
		if _, err := a.UpdateRecord(ctx, site.MenuItems, &site.MenuItem{ID: 1 << 40, Title: "Gone", URL: "/gone"}, site.Write{}); site.ErrorCode(err) != site.ENOTFOUND {
			t.Fatalf("update of a missing item: err = %v, want ENOTFOUND", err)
		}
		tx, err := connect(t, ctx, dsn).Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(ctx, `UPDATE site_settings SET logo_text = 'Rolled back'`); err != nil {
			t.Fatal(err)
		}
		if err := tx.Rollback(ctx); err != nil {
			t.Fatal(err)
		}
		select {
		case <-changed:
			t.Fatal("a change was announced for writes that did not happen")
		case <-time.After(300 * time.Millisecond):
		}
		writeContent(t, ctx, a)
		waitFor(t, ctx, changed, "the notification of a committed write")
	})
}
