package site

import (
	"context"
	"net"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Kinds of redirect: made by the site when a live page changed its
// address, or added by staff.
const (
	RedirectAutomatic = "automatic"
	RedirectManual    = "manual"
)

// MaxRedirectSource is the longest source path of a redirect, in bytes.
const MaxRedirectSource = 500

// Redirect sends visitors of an address no page answers (Source, a path)
// on to Target (a path of the site or an http(s) address) with 301. A
// live page or a built-in route at Source wins over the redirect.
type Redirect struct {
	ID     int64  `json:"id" db:"id"`
	Source string `json:"source" db:"source"`
	Target string `json:"target" db:"target"`
	// Kind is automatic for the redirects the site keeps for pages that
	// moved, manual for those staff added.
	Kind      string    `json:"kind" db:"kind" ts:"RedirectKind"`
	CreatedAt time.Time `json:"createdAt" db:"created_at"`
	UpdatedAt time.Time `json:"updatedAt" db:"updated_at"`
	Version   int       `json:"version" db:"version"`
	// Hits is how often visitors followed the redirect, LastHitAt when
	// they last did: kept beside the record (RedirectHitService), not in
	// it or its revisions, and given in the admin's list only.
	Hits      int64      `json:"hits,omitempty" db:"-"`
	LastHitAt *time.Time `json:"lastHitAt,omitempty" db:"-"`
}

// RedirectHit is how often visitors followed a redirect, and when last:
// what one instance counted since it last wrote its counts, or (read
// back) every count written.
type RedirectHit struct {
	RedirectID int64
	Hits       int64
	Last       time.Time
}

// RedirectHitService keeps how often each redirect was followed. The
// counts are kept by the redirect's id, which is never reused, so that a
// deleted redirect brought back keeps its count.
type RedirectHitService interface {
	// RecordRedirectHits adds counted hits in one transaction: each
	// redirect's count grows and its last time moves on.
	RecordRedirectHits(ctx context.Context, hits []RedirectHit) error
	// FindRedirectHits returns the count of every redirect followed.
	FindRedirectHits(ctx context.Context) ([]RedirectHit, error)
}

// Redirects are the redirects of the site. Their writes move the content
// version on: the page cache answers them.
var Redirects = NewEntity(Entity{Name: "redirects", Table: "redirects", Noun: "Redirect",
	OrderBy: "source, id", Public: true,
	Unique:      map[string]string{"source": "A redirect from %s exists already."},
	ServerSet:   []string{"kind"},
	Prepare:     prepareRedirect,
	Check:       checkRedirect,
	CheckRoutes: func(rec Record, r *Routes) error { return rec.(*Redirect).CheckRoutes(r) }},
	func() *Redirect { return &Redirect{} })

// prepareRedirect marks a redirect staff create as manual; a write keeps
// the kind it had.
func prepareRedirect(rec, old Record, _ *Write) {
	r := rec.(*Redirect)
	r.Kind = RedirectManual
	if old != nil && old.(*Redirect).Kind != "" {
		r.Kind = old.(*Redirect).Kind
	}
}

// checkRedirect refuses a redirect whose target is its own source at one
// of the site's hosts (w.Hosts), or that would make a chain with another
// redirect: its target is another's source, or its source another's
// target. A chain is refused, not mended: the message says which redirect
// to point where, so that every redirect sends visitors to their page in
// one step. The redirect's own stored state is no other: it is replaced by
// the write.
func checkRedirect(ctx context.Context, tx RecordFinder, e *Entity, rec Record, w Write) error {
	rd := rec.(*Redirect)
	if msg := rd.SelfTarget(w.Hosts...); msg != "" {
		return FieldError("target", msg)
	}
	others := func(column, value string) (*Redirect, error) {
		list, err := Find[Redirect](ctx, tx, e, ListFilter{Equal: map[string]string{column: value}})
		for _, o := range list {
			if o.ID != rd.ID {
				return o, err
			}
		}
		return nil, err
	}
	if tp := rd.TargetPath(w.Hosts...); tp != "" {
		next, err := others("source", tp)
		if err != nil {
			return err
		}
		if next != nil {
			return FieldError("target", tp+" redirects to "+next.Target+" already; point this redirect at "+next.Target+" instead, so that visitors get there in one step.")
		}
	}
	prev, err := others("target", rd.Source)
	if err != nil {
		return err
	}
	if prev != nil {
		return FieldError("source", prev.Source+" redirects to "+rd.Source+" already; a redirect from "+rd.Source+" would make a chain. Point "+prev.Source+" at the new target instead.")
	}
	return nil
}

// CleanPath is a visitor's path as redirects key it: without a trailing
// slash, but for the root.
func CleanPath(p string) string {
	if len(p) > 1 {
		p = strings.TrimRight(p, "/")
		if p == "" {
			p = "/"
		}
	}
	return p
}

// TargetPath is the path of a redirect's target on this site, without its
// query; empty for an address elsewhere. hosts are the site's own hosts
// (host or host:port, as in its address): a target at an absolute address
// on one of them is a path of this site too, whatever its scheme, letter
// case or default port.
func (r *Redirect) TargetPath(hosts ...string) string {
	if !strings.HasPrefix(r.Target, "/") {
		u, err := url.Parse(r.Target)
		own := func(h string) bool { return hostKey(h) == hostKey(u.Host) }
		if err != nil || u.Host == "" || !slices.ContainsFunc(hosts, own) {
			return ""
		}
		return CleanPath("/" + strings.TrimLeft(u.Path, "/"))
	}
	p, _, _ := strings.Cut(r.Target, "?")
	p, _, _ = strings.Cut(p, "#")
	return CleanPath(p)
}

// hostKey is a host as a browser compares it: in lower case, without a
// trailing dot or a default port (80, 443).
func hostKey(host string) string {
	host = strings.ToLower(host)
	if h, port, err := net.SplitHostPort(host); err == nil && (port == "80" || port == "443") {
		host = h
		if strings.Contains(h, ":") {
			host = "[" + h + "]"
		}
	}
	return strings.TrimSuffix(host, ".")
}

// SelfTarget is the message that refuses a target leading back to the
// source, on this site reached at hosts (see TargetPath), or "" when the
// target leads elsewhere: visitors would be sent round in a loop.
func (r *Redirect) SelfTarget(hosts ...string) string {
	if r.Source == "" || r.TargetPath(hosts...) != r.Source {
		return ""
	}
	if !strings.HasPrefix(r.Target, "/") {
		return "A redirect cannot lead to its own source: " + r.Target + " is this site's address of " + r.Source + "."
	}
	return "A redirect cannot lead to its own source."
}

// Location is where the redirect sends a visitor who asked with the raw
// query: the target, with the visitor's query added to its own.
func (r *Redirect) Location(rawQuery string) string {
	if rawQuery == "" {
		return r.Target
	}
	base, frag, hasFrag := strings.Cut(r.Target, "#")
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	out := base + sep + rawQuery
	if hasFrag {
		out += "#" + frag
	}
	return out
}

// Validate checks the addresses: the source a path of this site (no query,
// no fragment, a trailing slash dropped), the target a path or an http(s)
// address, and not the source itself.
func (r *Redirect) Validate() error {
	trim(&r.Source, &r.Target)
	var v fieldErrors
	v.required("source", r.Source, "Source is required")
	v.required("target", r.Target, "Target is required")
	if r.Source != "" {
		switch {
		case !strings.HasPrefix(r.Source, "/") || strings.HasPrefix(r.Source, "//"):
			v.add("source", "Source must be a path of this site, starting with one /, such as /old-page.")
		case len(r.Source) > MaxRedirectSource:
			v.add("source", "Source must be at most "+itoa(MaxRedirectSource)+" characters.")
		case strings.ContainsAny(r.Source, "?#\\ \t\r\n"):
			v.add("source", "Source must be a path alone: no query (?), fragment (#), spaces or backslashes.")
		default:
			if u, err := url.Parse(r.Source); err != nil || u.Path == "" {
				v.add("source", "Source must be a path of this site, such as /old-page.")
			}
			r.Source = CleanPath(r.Source)
			if r.Source == "/" {
				v.add("source", "The home page cannot be redirected.")
			}
		}
	}
	if strings.HasPrefix(r.Target, "/") && !strings.ContainsAny(r.Target, "?#") {
		r.Target = CleanPath(r.Target)
	}
	if r.Target != "" {
		v.link("target", r.Target, "Target")
		if strings.HasPrefix(r.Target, "#") {
			v.add("target", "Target must be a path of this site or an http(s) address.")
		}
		if msg := r.SelfTarget(); msg != "" {
			v.add("target", msg)
		}
	}
	return v.err()
}

// CheckRoutes refuses a source under an address the server answers
// itself (SystemPaths: /admin, /api, /media, ...) or the blog's feed. The
// built-in pages and the files of the build are refused by the server,
// which knows them, with the live pages (the routes are not needed here:
// /careers/old-jobs, under a built-in page, is free to redirect).
func (r *Redirect) CheckRoutes(*Routes) error {
	seg, _, _ := strings.Cut(strings.TrimPrefix(r.Source, "/"), "/")
	if !systemRoutes.Reserved(seg) && r.Source != BlogPath+"/feed.xml" {
		return nil
	}
	var v fieldErrors
	v.add("source", "The address "+r.Source+" belongs to the site itself; it cannot be redirected.")
	return v.err()
}

// PathMove is what a write of a page does to the addresses visitors see:
// To is the page's address when it is live after the write, From its
// address before when it was live then and the page is live elsewhere now.
// The stores keep the redirects in step in the write's transaction (a live
// page's address is no redirect's source; a moved page leaves a redirect
// from its old address, and the redirects that led there lead on to the
// new one, so that no chain forms).
type PathMove struct {
	From, To string
}

// pageMove is the PathMove of a write of a page from old (nil on create)
// to rec at the write's time.
func pageMove(old, rec Record, at time.Time) PathMove {
	p := rec.(*Page)
	if !p.Live(at) {
		return PathMove{}
	}
	m := PathMove{To: p.Path()}
	if o, ok := old.(*Page); ok && o != nil && o.Live(at) && o.Path() != m.To {
		m.From = o.Path()
	}
	return m
}

// FieldError is the EINVALID error of one field, its message heading it.
func FieldError(field, msg string) error {
	return &Error{Code: EINVALID, Message: msg, Fields: map[string]string{field: msg}}
}
