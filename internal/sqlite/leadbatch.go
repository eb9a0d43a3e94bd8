package sqlite

import (
	"context"
	"database/sql"
	"sync"
	"time"

	"meridian/internal/site"
)

// maxLeadBatch bounds how many leads share one commit.
const maxLeadBatch = 64

// leadRequest is one lead waiting for the committer.
type leadRequest struct {
	in      *site.Lead
	out     *site.Lead
	created bool
	err     error
	done    chan struct{}
}

// leadCommitter writes leads in group commits: the leads that arrive while
// a commit is being synced to disk are written together, each in a
// savepoint of its own, and made durable by the next single sync. With one
// writer and a sync per commit, this is what lets many visitors send
// leads at once without queueing behind each other's syncs.
type leadCommitter struct {
	queue chan *leadRequest
	stop  chan struct{}
	// exited is closed once the committer has answered every lead it took
	// and will take no more.
	exited chan struct{}
	wg     sync.WaitGroup
	once   sync.Once
}

// CreateLead stores a lead and its pending deliveries in one transaction
// (a savepoint of a group commit); the commit is synced to disk before it
// returns. The shared store writes the lead; what is SQLite's is the group
// commit on the single writer.
func (db *DB) CreateLead(ctx context.Context, in *site.Lead) (*site.Lead, bool, error) {
	out, created, err := db.createLeadBatched(ctx, in)
	if err != nil {
		return nil, false, db.Fail(ctx, "create lead", "Lead", err)
	}
	return out, created, nil
}

// errClosed answers a lead that arrives as the database closes: it was not
// written, and the visitor's form offers to send it again.
var errClosed = site.Errorf(site.EUNAVAILABLE, "The site is restarting and could not take your request. Please send it again in a moment.")

func (db *DB) startLeadCommitter() {
	c := &leadCommitter{queue: make(chan *leadRequest, maxLeadBatch), stop: make(chan struct{}), exited: make(chan struct{})}
	db.leads = c
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		defer close(c.exited)
		for {
			var first *leadRequest
			select {
			case first = <-c.queue:
			case <-c.stop:
				// Leads queued before the stop are still written.
				select {
				case first = <-c.queue:
				default:
					return
				}
			}
			batch := []*leadRequest{first}
		gather:
			for len(batch) < maxLeadBatch {
				select {
				case r := <-c.queue:
					batch = append(batch, r)
				default:
					break gather
				}
			}
			db.commitLeads(batch)
			for _, r := range batch {
				close(r.done)
			}
		}
	}()
}

func (c *leadCommitter) close() {
	c.once.Do(func() { close(c.stop) })
	c.wg.Wait()
}

// createLeadBatched hands the lead to the committer and waits for its
// commit.
func (db *DB) createLeadBatched(ctx context.Context, in *site.Lead) (*site.Lead, bool, error) {
	c := db.leads
	r := &leadRequest{in: in, done: make(chan struct{})}
	select {
	case <-c.stop:
		return nil, false, errClosed
	default:
	}
	select {
	case c.queue <- r:
	case <-c.stop:
		return nil, false, errClosed
	case <-ctx.Done():
		return nil, false, ctx.Err()
	}
	// Once queued, the lead is written whatever becomes of ctx: the answer
	// must not claim a failure for a lead that is stored. A lead queued
	// just as the committer ended its last drain is never taken: it was
	// not written, and is answered so.
	select {
	case <-r.done:
	case <-c.exited:
		select {
		case <-r.done:
		default:
			return nil, false, errClosed
		}
	}
	return r.out, r.created, r.err
}

// commitLeads writes a batch of leads in one transaction, each in its own
// savepoint, so that one bad lead fails alone; a failed commit fails all.
func (db *DB) commitLeads(batch []*leadRequest) {
	// The requests' contexts do not cancel the batch: it holds others' leads.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	now := db.Now()
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		for _, r := range batch {
			if _, err := tx.ExecContext(ctx, `SAVEPOINT lead`); err != nil {
				return err
			}
			r.out, r.created, r.err = db.CreateLeadTx(ctx, tx, r.in, now)
			r.err = db.CannotSave(r.err)
			stmt := `RELEASE lead`
			if r.err != nil {
				stmt = `ROLLBACK TO lead; RELEASE lead`
			}
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		for _, r := range batch {
			r.out, r.created = nil, false
			if r.err == nil {
				r.err = err
			}
		}
	}
}
