package sqlite

import (
	"container/list"
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"

	"modernc.org/sqlite"
)

// stmtCacheSize is how many prepared statements each connection keeps. The
// store runs about a hundred distinct statements; those built for a number
// of ids (IDIn) vary, and the least recently used make room for them.
const stmtCacheSize = 256

// openCached opens dsn with connections that keep their prepared
// statements. database/sql prepares a statement anew for every call of
// ExecContext or QueryContext on a connection of this driver, and parsing
// and planning it took about 40 % of a lead's transaction; a statement
// prepared once is only reset and bound again.
func openCached(dsn string) (*sql.DB, error) {
	base, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(cachingConnector{base}), nil
}

type cachingConnector struct{ driver.Connector }

func (c cachingConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return newCachedConn(conn)
}

// driverConn is what the SQLite driver's connection does, which
// cachedConn passes on.
type driverConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// cachedConn is a connection that prepares each statement once and keeps
// it, up to stmtCacheSize, the least recently used going first.
// database/sql uses a connection from one goroutine at a time, so it needs
// no lock.
type cachedConn struct {
	driverConn
	stmts map[string]*list.Element // of *cachedStmt
	lru   list.List                // front: the most recently used
}

type cachedStmt struct {
	query string
	stmt  driver.Stmt
	// open is true while rows read from stmt are open: the statement
	// cannot run again until they are closed.
	open bool
}

func newCachedConn(c driver.Conn) (driver.Conn, error) {
	dc, ok := c.(driverConn)
	if !ok {
		c.Close()
		return nil, errors.New("sqlite: the driver's connection lacks a method the statement cache needs")
	}
	return &cachedConn{driverConn: dc, stmts: map[string]*list.Element{}}, nil
}

// cached is the kept statement of query, prepared now if need be; nil
// when it is in use by open rows.
func (c *cachedConn) cached(ctx context.Context, query string) (*cachedStmt, error) {
	if e, ok := c.stmts[query]; ok {
		cs := e.Value.(*cachedStmt)
		if cs.open {
			return nil, nil
		}
		c.lru.MoveToFront(e)
		return cs, nil
	}
	st, err := c.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	cs := &cachedStmt{query: query, stmt: st}
	c.stmts[query] = c.lru.PushFront(cs)
	for c.lru.Len() > stmtCacheSize {
		c.evict(c.lru.Back())
	}
	return cs, nil
}

// evict closes the statement of e and forgets it, or only forgets it while
// its rows are open (closing them closes it then).
func (c *cachedConn) evict(e *list.Element) {
	cs := c.lru.Remove(e).(*cachedStmt)
	delete(c.stmts, cs.query)
	if !cs.open {
		cs.stmt.Close()
	}
}

func (c *cachedConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	cs, err := c.cached(ctx, query)
	if err != nil {
		return nil, err
	}
	if cs == nil {
		return c.driverConn.ExecContext(ctx, query, args)
	}
	return cs.stmt.(driver.StmtExecContext).ExecContext(ctx, args)
}

func (c *cachedConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	cs, err := c.cached(ctx, query)
	if err != nil {
		return nil, err
	}
	if cs == nil {
		return c.driverConn.QueryContext(ctx, query, args)
	}
	rows, err := cs.stmt.(driver.StmtQueryContext).QueryContext(ctx, args)
	if err != nil {
		return nil, err
	}
	cs.open = true
	return &cachedRows{Rows: rows, c: c, cs: cs}, nil
}

// Close closes the kept statements, then the connection.
func (c *cachedConn) Close() error {
	for e := c.lru.Front(); e != nil; e = e.Next() {
		if cs := e.Value.(*cachedStmt); !cs.open {
			cs.stmt.Close()
		}
	}
	c.stmts, c.lru = nil, list.List{}
	return c.driverConn.Close()
}

// cachedRows gives the statement back when the rows are closed.
type cachedRows struct {
	driver.Rows
	c  *cachedConn
	cs *cachedStmt
}

func (r *cachedRows) Close() error {
	err := r.Rows.Close()
	if r.cs.open {
		r.cs.open = false
		if e, ok := r.c.stmts[r.cs.query]; !ok || e.Value != r.cs {
			// Evicted while its rows were read.
			r.cs.stmt.Close()
		}
	}
	return err
}
