package site

import (
	"context"
	"testing"
)

// redirectList is a RecordFinder over redirects held in memory, matching
// ListFilter.Equal on source and target.
type redirectList []*Redirect

func (l redirectList) FindRecords(_ context.Context, _ *Entity, f ListFilter) ([]Record, error) {
	var out []Record
	for _, rd := range l {
		if v, ok := f.Equal["source"]; ok && rd.Source != v {
			continue
		}
		if v, ok := f.Equal["target"]; ok && rd.Target != v {
			continue
		}
		out = append(out, rd)
	}
	return out, nil
}

func TestRedirectCheck(t *testing.T) {
	stored := redirectList{
		{ID: 1, Source: "/promo", Target: "/landing"},
		{ID: 2, Source: "/partners", Target: "https://partners.example.org/"},
	}
	w := Write{Hosts: []string{"www.example.com", "127.0.0.1:8080"}}
	check := func(rd *Redirect) error {
		return Redirects.Check(context.Background(), stored, Redirects, rd, w)
	}
	for _, tc := range []struct {
		name  string
		rd    *Redirect
		field string
		msg   string
	}{
		{"ErrTargetIsAnotherSource", &Redirect{Source: "/old", Target: "/promo?x=1"}, "target",
			"/promo redirects to /landing already; point this redirect at /landing instead, so that visitors get there in one step."},
		{"ErrTargetIsAnotherSourceAtOwnHost", &Redirect{Source: "/old", Target: "https://WWW.example.com/promo/"}, "target",
			"/promo redirects to /landing already; point this redirect at /landing instead, so that visitors get there in one step."},
		{"ErrSourceIsAnotherTarget", &Redirect{Source: "/landing", Target: "/next"}, "source",
			"/promo redirects to /landing already; a redirect from /landing would make a chain. Point /promo at the new target instead."},
		{"ErrLoop", &Redirect{Source: "/landing", Target: "/promo"}, "target",
			"/promo redirects to /landing already; point this redirect at /landing instead, so that visitors get there in one step."},
		{"ErrTargetItsSourceAtOwnHost", &Redirect{Source: "/old", Target: "http://127.0.0.1:8080/old?from=mail"}, "target",
			"A redirect cannot lead to its own source: http://127.0.0.1:8080/old?from=mail is this site's address of /old."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := check(tc.rd)
			se, ok := err.(*Error)
			if !ok || se.Code != EINVALID || se.Message != tc.msg || se.Fields[tc.field] != tc.msg {
				t.Errorf("err = %v, want %q on %s", err, tc.msg, tc.field)
			}
		})
	}
	t.Run("OtherHostIsNoChain", func(t *testing.T) {
		if err := check(&Redirect{Source: "/old", Target: "https://elsewhere.example.org/promo"}); err != nil {
			t.Error(err)
		}
	})
	t.Run("OwnStoredStateIsNoChain", func(t *testing.T) {
		// The redirect 1 moved on: its old addresses are replaced by the write.
		if err := check(&Redirect{ID: 1, Source: "/landing", Target: "/final"}); err != nil {
			t.Error(err)
		}
	})
}
