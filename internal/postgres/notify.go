package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

// Bounds of the wait between attempts to reconnect the listener.
const (
	minReconnectWait = 100 * time.Millisecond
	maxReconnectWait = 10 * time.Second
)

func newInstanceID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Watcher listens for the changes other instances announce, until Close.
type Watcher struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// Close stops listening and waits until the listener has let go of its
// connection.
func (w *Watcher) Close() {
	w.cancel()
	<-w.done
}

// WatchContentVersion moves v on whenever another instance announces a
// change. It returns once it listens; see ListenContentChanges.
func (db *DB) WatchContentVersion(ctx context.Context, v *site.ContentVersion, logger *slog.Logger) (*Watcher, error) {
	return db.ListenContentChanges(ctx, logger, func() { v.Bump() })
}

// ListenContentChanges calls onChange for every change another instance
// announces, on a connection of its own. It returns once that connection
// listens, so that no later announcement is missed, and keeps listening until
// ctx ends or the Watcher is closed. When the connection drops it reconnects,
// waiting longer after each failed attempt, and then calls onChange once,
// since announcements made in between are lost.
func (db *DB) ListenContentChanges(ctx context.Context, logger *slog.Logger, onChange func()) (*Watcher, error) {
	conn, err := db.listen(ctx)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	w := &Watcher{cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(w.done)
		db.watch(ctx, conn, logger, onChange)
	}()
	return w, nil
}

// listen opens a connection outside the pool and listens on the channel.
func (db *DB) listen(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, db.connConfig.Copy())
	if err != nil {
		return nil, fmt.Errorf("postgres: listen: %w", err)
	}
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{db.channel}.Sanitize()); err != nil {
		conn.Close(context.Background())
		return nil, fmt.Errorf("postgres: listen: %w", err)
	}
	return conn, nil
}

func (db *DB) watch(ctx context.Context, conn *pgx.Conn, logger *slog.Logger, onChange func()) {
	for {
		n, err := conn.WaitForNotification(ctx)
		if err == nil {
			if n.Payload != db.instance {
				onChange()
			}
			continue
		}
		conn.Close(context.Background())
		if ctx.Err() != nil {
			return
		}
		logger.Warn("postgres: lost the connection that listens for content changes; reconnecting", "error", err)
		if conn = db.reconnect(ctx, logger); conn == nil {
			return
		}
		logger.Info("postgres: listening for content changes again")
		onChange()
	}
}

// reconnect tries to listen again until it succeeds or ctx ends (nil).
func (db *DB) reconnect(ctx context.Context, logger *slog.Logger) *pgx.Conn {
	wait := minReconnectWait
	for {
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
		conn, err := db.listen(ctx)
		if err == nil {
			return conn
		}
		if ctx.Err() != nil {
			return nil
		}
		wait = min(2*wait, maxReconnectWait)
		logger.Warn("postgres: reconnecting the listener failed", "error", err, "retryIn", wait.String())
	}
}
