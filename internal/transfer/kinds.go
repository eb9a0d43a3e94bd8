// Package transfer moves a site's content to another site, as from staging
// to production: Export writes it into one archive (the form of package
// backup's, of kind content), and Import brings such an archive into a
// site. The archive holds one JSON file per kind of record (NAME.json, an
// array), each record known by a natural key that is the same on every
// site (a text's section and key, a page's slug, a redirect's source, a
// media item's SHA-256), never by its id; and the media the records use,
// each file under media/ by the SHA-256 of its bytes. People, leads,
// sessions and logs are never in it.
//
// A new kind of content is one more entry of kinds: an entity, its natural
// key and its label.
package transfer

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"time"

	"meridian/internal/site"
)

// Actor is who an import's writes are made by, in the history of every
// record it writes and in the audit log: no user of the site, by a name no
// user can have (a username holds no spaces).
var Actor = site.Actor{Username: "site import"}

// kind is one kind of record of an export.
type kind struct {
	// name is the kind's name: its file is name + ".json", and it
	// starts the targets of its audit entries as the API's do.
	name string
	e    *site.Entity
	// key is a record's natural key: what names it on every site (a
	// link by where it leads, so that a link renamed is updated). Of
	// records with the same key (two menu items to one address), the
	// second is key#2, and so on, in the order of their ids.
	key func(site.Record) string
	// label names a record for people, in an import's listing.
	label func(site.Record) string
	// one says the kind has exactly one record, seeded on every site
	// (the settings): it is updated, never created or deleted.
	one bool
	// keep says what the target has and the export lacks stays: a media
	// item may be used by what the export does not know.
	keep bool
	// extra are the fields an export carries besides those a client
	// writes and updatedAt (the facts of a media file).
	extra []string
}

// The kinds of an export, in the order an import writes them: the media
// first, which the others name; the pages before the redirects, as a
// page's write moves the redirects of its address.
var (
	mediaKind = &kind{name: "media", e: site.Media, keep: true,
		key:   func(r site.Record) string { return r.(*site.MediaItem).Hash },
		label: func(r site.Record) string { m := r.(*site.MediaItem); return fmt.Sprintf("%s (%.12s)", m.Name, m.Hash) },
		extra: []string{"id", "width", "height", "contentType", "hash", "bytes", "variants"}}

	recordKinds = []*kind{
		{name: "site-settings", e: site.Settings, one: true,
			key:   func(site.Record) string { return "settings" },
			label: func(site.Record) string { return "the site settings" }},
		{name: "content", e: site.Content,
			key: func(r site.Record) string { c := r.(*site.ContentItem); return jsonKey(c.Section, c.Key) },
			label: func(r site.Record) string {
				c := r.(*site.ContentItem)
				return c.Section + " · " + c.Key
			}},
		{name: "pages", e: site.Pages,
			key:   func(r site.Record) string { return r.(*site.Page).Slug },
			label: func(r site.Record) string { return r.(*site.Page).Path() }},
		{name: "menu-items", e: site.MenuItems,
			key:   func(r site.Record) string { return r.(*site.MenuItem).URL },
			label: func(r site.Record) string { m := r.(*site.MenuItem); return fmt.Sprintf("%q → %s", m.Title, m.URL) }},
		{name: "footer-links", e: site.FooterLinks,
			key: func(r site.Record) string { l := r.(*site.FooterLink); return jsonKey(l.Category, l.URL) },
			label: func(r site.Record) string {
				l := r.(*site.FooterLink)
				return fmt.Sprintf("%s: %q → %s", l.Category, l.Title, l.URL)
			}},
		{name: "testimonials", e: site.Testimonials,
			key:   func(r site.Record) string { return r.(*site.Testimonial).Name },
			label: func(r site.Record) string { t := r.(*site.Testimonial); return t.Name + ", " + t.Title }},
		{name: "positions", e: site.Positions,
			key:   func(r site.Record) string { return r.(*site.Position).Slug },
			label: func(r site.Record) string { p := r.(*site.Position); return p.Path() + " (" + p.Title + ")" }},
		{name: "case-studies", e: site.CaseStudies,
			key:   func(r site.Record) string { return r.(*site.CaseStudy).Slug },
			label: func(r site.Record) string { s := r.(*site.CaseStudy); return s.Path() + " (" + s.Title + ")" }},
		{name: "images", e: site.Images,
			key:   func(r site.Record) string { return r.(*site.Image).URL },
			label: func(r site.Record) string { i := r.(*site.Image); return fmt.Sprintf("%q at %s", i.Name, i.URL) }},
		{name: "redirects", e: site.Redirects,
			key:   func(r site.Record) string { return r.(*site.Redirect).Source },
			label: func(r site.Record) string { d := r.(*site.Redirect); return d.Source + " → " + d.Target }},
	}
)

// pageChecksName is the kind of the page form's checks switched off: one
// record, {"off": [...]}, kept apart from the resources (it has no
// history).
const pageChecksName = "page-check-settings"

// pageChecks is the record of pageChecksName.
type pageChecks struct {
	Off []string `json:"off"`
}

// mediaDir holds the media files of an export, each named by the SHA-256
// of its bytes.
const mediaDir = "media/"

func jsonKey(parts ...string) string {
	b, _ := json.Marshal(parts)
	return string(b)
}

// keys returns the natural key of each of list (in the order of their
// ids): the second record of a key has key#2, and so on.
func (k *kind) keys(list []site.Record) []string {
	out := make([]string, len(list))
	seen := map[string]int{}
	for i, r := range list {
		key := k.key(r)
		seen[key]++
		if n := seen[key]; n > 1 {
			key += fmt.Sprintf("#%d", n)
		}
		out[i] = key
	}
	return out
}

// fields are the JSON names of the fields an export carries of a record
// of k: those a client writes, its time of change and k's extra ones.
func (k *kind) fields() map[string]bool {
	out := map[string]bool{"updatedAt": true}
	for _, f := range k.e.Fields() {
		if !f.Server && f.JSON != "" && f.JSON != "-" {
			out[f.JSON] = true
		}
	}
	if k.e == site.MenuItems {
		// A menu item names its parent by its natural key, not its id.
		delete(out, "parentId")
		out[parentField] = true
	}
	for _, f := range k.extra {
		out[f] = true
	}
	return out
}

// parentField is the field of a menu item of an export that names the
// item it is under by that item's natural key (never by its id, which is
// another on every site); absent for a top-level item.
const parentField = "parent"

// parentKeys returns the natural keys of list, records of k (in the order
// of their ids), by their ids: what their items name them by.
func (k *kind) parentKeys(list []site.Record) map[int64]string {
	out := map[int64]string{}
	for i, key := range k.keys(list) {
		out[site.RecordID(list[i])] = key
	}
	return out
}

// parentOf returns the id of the item rec is under, when rec is a menu
// item under another.
func parentOf(rec site.Record) (int64, bool) {
	if m, ok := rec.(*site.MenuItem); ok && m.ParentID != nil {
		return *m.ParentID, true
	}
	return 0, false
}

// withParent returns b, a record as an export holds it, with its parent's
// natural key in parentField.
func withParent(b json.RawMessage, key string) (json.RawMessage, error) {
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, err
	}
	v, err := json.Marshal(key)
	if err != nil {
		return nil, err
	}
	all[parentField] = v
	return json.Marshal(all)
}

// pick returns the JSON object of rec's fields that are in names, with its
// keys in order.
func pick(rec any, names map[string]bool) (json.RawMessage, error) {
	b, err := json.Marshal(rec)
	if err != nil {
		return nil, err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, err
	}
	for name := range all {
		if !names[name] {
			delete(all, name)
		}
	}
	return json.Marshal(all)
}

// written is what of rec a write of k stores from a client: the fields
// that a comparison of two records looks at.
func (k *kind) written(rec site.Record) string {
	names := map[string]bool{}
	for _, f := range k.e.Fields() {
		if !f.Server {
			names[f.JSON] = true
		}
	}
	b, err := pick(rec, names)
	if err != nil {
		// A record that cannot be written as JSON equals nothing.
		return err.Error()
	}
	return string(b)
}

// clone returns a copy of rec that a change of its fields or of a page's
// body (its media references, the rules of a write) leaves rec as it is.
func clone(rec site.Record) site.Record {
	v := reflect.New(reflect.TypeOf(rec).Elem())
	v.Elem().Set(reflect.ValueOf(rec).Elem())
	out := v.Interface().(site.Record)
	if p, ok := out.(*site.Page); ok && p.Body != nil {
		b, err := json.Marshal(p.Body)
		body := &site.Doc{}
		if err == nil && json.Unmarshal(b, body) == nil {
			p.Body = body
		}
	}
	return out
}

// updatedAt is when rec last changed.
func updatedAt(rec site.Record) time.Time {
	v := reflect.ValueOf(rec).Elem().FieldByName("UpdatedAt")
	t, _ := v.Interface().(time.Time)
	return t
}

// mediaRefs calls f with the id of each item of the media library that rec
// names (media:{id}, and the images of a page's body) and makes rec name
// the id f returns instead.
func mediaRefs(rec site.Record, f func(id int64) int64) {
	ref := func(p *string) {
		if id, ok := site.MediaRef(*p); ok {
			*p = site.MediaRefOf(f(id))
		}
	}
	switch r := rec.(type) {
	case *site.ContentItem:
		ref(&r.Value)
	case *site.Testimonial:
		ref(&r.Photo)
	case *site.SiteSettings:
		ref(&r.LogoImageURL)
	case *site.Page:
		ref(&r.FeaturedImage)
		if r.Body != nil {
			var walk func(nodes []*site.Node)
			walk = func(nodes []*site.Node) {
				for _, n := range nodes {
					if n == nil {
						continue
					}
					if n.Type == site.NodeImage && n.Attrs != nil && n.Attrs.MediaID > 0 {
						n.Attrs.MediaID = f(n.Attrs.MediaID)
					}
					walk(n.Content)
				}
			}
			walk(r.Body.Content)
		}
	}
}

// mediaFiles returns the hashes of the files of the media library that rec
// names by their address (/media/{sha256}.{ext}): a logo, an image's or a
// page's cover given as an address.
func mediaFiles(rec site.Record) []string {
	var urls []string
	switch r := rec.(type) {
	case *site.SiteSettings:
		urls = []string{r.LogoImageURL}
	case *site.Page:
		urls = []string{r.FeaturedImage}
	case *site.Image:
		urls = []string{r.URL}
	}
	var out []string
	for _, u := range urls {
		if h, ok := site.MediaFileHash(u); ok {
			out = append(out, h)
		}
	}
	return out
}

// variantHashes are the hashes of the variants of m, from their addresses.
func variantHashes(m *site.MediaItem) []string {
	out := make([]string, 0, len(m.Variants))
	for _, v := range m.Variants {
		h, _ := site.MediaFileHash(v.URL)
		out = append(out, h)
	}
	return out
}

// describe names a record of k for a message about it.
func (k *kind) describe(rec site.Record) string {
	return strings.TrimSpace(k.name + " " + k.label(rec))
}
