package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
)

// A kept statement gives the same answers as one prepared anew: while its
// rows are open, inside a loop over them, past the cache's size, and after
// the table it reads changed shape.
func TestStatementCache(t *testing.T) {
	ctx := context.Background()
	db, err := openCached("file:" + filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := db.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`)
	for i := 1; i <= 3; i++ {
		exec(`INSERT INTO t (id, name) VALUES (?, ?)`, i, fmt.Sprint("n", i))
	}
	const byID = `SELECT name FROM t WHERE id >= ? ORDER BY id`
	names := func(from int) (out []string) {
		t.Helper()
		rows, err := db.QueryContext(ctx, byID, from)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}

	// The same statement, again while its first rows are open, on the one
	// connection a transaction holds.
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := tx.QueryContext(ctx, byID, 1)
	if err != nil {
		t.Fatal(err)
	}
	var outer, inner []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		outer = append(outer, s)
		var n string
		if err := tx.QueryRowContext(ctx, byID, 3).Scan(&n); err != nil {
			t.Fatal(err)
		}
		inner = append(inner, n)
	}
	rows.Close()
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(outer) != "[n1 n2 n3]" || fmt.Sprint(inner) != "[n3 n3 n3]" {
		t.Fatalf("nested reads: outer %v, inner %v", outer, inner)
	}

	// More statements than the cache keeps: the first is prepared again.
	for i := range stmtCacheSize + 10 {
		var n int
		if err := db.QueryRowContext(ctx, fmt.Sprintf(`SELECT COUNT(*) + %d FROM t`, i)).Scan(&n); err != nil || n != 3+i {
			t.Fatalf("statement %d: %d, %v", i, n, err)
		}
	}
	if got := fmt.Sprint(names(2)); got != "[n2 n3]" {
		t.Fatalf("after eviction: %s", got)
	}

	// A kept statement over a table that changed shape.
	exec(`ALTER TABLE t ADD COLUMN extra TEXT NOT NULL DEFAULT ''`)
	exec(`UPDATE t SET name = ? WHERE id = ?`, "renamed", 2)
	if got := fmt.Sprint(names(1)); got != "[n1 renamed n3]" {
		t.Fatalf("after ALTER TABLE: %s", got)
	}

	// A statement that does not parse fails as before, and is not kept.
	if _, err := db.ExecContext(ctx, `INSERT INTO nowhere VALUES (?)`, 1); err == nil {
		t.Fatal("insert into a missing table succeeded")
	}
}
