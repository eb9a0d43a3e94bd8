package httpd

import (
	"context"
	"errors"
	"strings"
	"testing"

	"meridian/internal/auth"
	"meridian/internal/site"
)

// lostOwnEntries is a store whose entries written in a transaction of
// their own are lost, as they were by a crash between a write's commit and
// its entry's.
type lostOwnEntries struct {
	site.Store
}

func (lostOwnEntries) AddAuditEntry(context.Context, *site.AuditEntry) error {
	return errors.New("the process was killed before the entry was written")
}

// TestEveryAuditedWriteHasOneEntry walks every write of the admin as an
// administrator, on a site whose entries written apart from their write
// are lost: each write that succeeds leaves exactly one entry, of its
// action, added in its own transaction; each refused one leaves none.
func TestEveryAuditedWriteHasOneEntry(t *testing.T) {
	t.Parallel()
	for _, o := range stores(t) {
		t.Run(o.name, func(t *testing.T) {
			a, vars := roleSite(t, o)
			token := a.login("root")
			// A second instance of the site on the same database.
			b := serveStore(t, lostOwnEntries{a.store}, a.clock)
			ctx := context.Background()
			count := func() int {
				t.Helper()
				_, n, err := a.store.FindAuditEntries(ctx, site.AuditFilter{})
				if err != nil {
					t.Fatal(err)
				}
				return n
			}
			for _, rt := range roleRoutes {
				if !auth.IsAuditedWrite(rt.pattern) || auth.SelfAudited(rt.pattern) {
					continue
				}
				path := rt.path
				for k, v := range vars {
					path = strings.ReplaceAll(path, k, v)
				}
				before := count()
				method, _, _ := strings.Cut(rt.pattern, " ")
				res, body := b.do(method, path, token, rt.body, nil)
				if res.StatusCode != rt.ok {
					t.Errorf("%s: %d %s, want %d", rt.pattern, res.StatusCode, body, rt.ok)
					continue
				}
				want := 0
				if rt.ok < 300 {
					want = 1
				}
				list, n, err := a.store.FindAuditEntries(ctx, site.AuditFilter{Limit: 1})
				if err != nil {
					t.Fatal(err)
				}
				if n-before != want {
					t.Errorf("%s (%d): %d entries added, want %d", rt.pattern, rt.ok, n-before, want)
					continue
				}
				if want == 1 && list[0].Action != auth.WriteAction(rt.pattern) {
					t.Errorf("%s: entry %+v, want action %s", rt.pattern, list[0], auth.WriteAction(rt.pattern))
				}
			}
		})
	}
}
