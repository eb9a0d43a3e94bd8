package transfer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"meridian/internal/backup"
	"meridian/internal/httpx"
	"meridian/internal/media"
	"meridian/internal/site"
)

// archive is the content of an export, read and checked.
type archive struct {
	dir string
	// records are the records of each kind whose file the export holds,
	// in its order; a kind without a file is left as it is.
	records map[*kind][]site.Record
	// media are the media items, by the ids the records name them by.
	media map[int64]*site.MediaItem
	// files are the sizes of the media files the export holds, by hash.
	files      map[string]int64
	pageChecks *pageChecks
	// parents are the natural keys of the items the export's menu items
	// are under (parentField), by record; absent for a top-level item.
	parents map[site.Record]string
}

// readArchive reads the files of the export extracted in dir, which m
// describes, and checks every record as a write of it would be checked.
// What is wrong is returned as problems, one line each.
func readArchive(dir string, m *backup.Manifest, opt Options) (*archive, []string, error) {
	a := &archive{dir: dir, records: map[*kind][]site.Record{}, media: map[int64]*site.MediaItem{}, files: map[string]int64{}, parents: map[site.Record]string{}}
	var problems []string
	known := map[string]*kind{mediaKind.name + ".json": mediaKind}
	for _, k := range recordKinds {
		known[k.name+".json"] = k
	}
	present := map[*kind]bool{}
	hasChecks := false
	for _, f := range m.Files {
		switch hash, isMedia := strings.CutPrefix(f.Name, mediaDir); {
		case isMedia && site.IsSHA256(hash) && f.SHA256 == hash:
			a.files[hash] = f.Size
		case isMedia:
			problems = append(problems, fmt.Sprintf("%s is not named by the SHA-256 of its bytes", f.Name))
		case f.Name == pageChecksName+".json":
			hasChecks = true
		case known[f.Name] != nil:
			present[known[f.Name]] = true
		default:
			problems = append(problems, fmt.Sprintf("%s is a kind of content this version does not know (the export was made by version %s): import it with that version or a newer one", f.Name, m.Version))
		}
	}
	if present[mediaKind] {
		list, p, err := readKind(dir, mediaKind, opt, a.parents)
		if err != nil {
			return nil, nil, err
		}
		problems = append(problems, p...)
		problems = append(problems, a.readMedia(list)...)
	}
	for _, k := range recordKinds {
		if !present[k] {
			continue
		}
		list, p, err := readKind(dir, k, opt, a.parents)
		if err != nil {
			return nil, nil, err
		}
		problems = append(problems, p...)
		if k.one && len(list) != 1 && len(p) == 0 {
			problems = append(problems, fmt.Sprintf("%s.json must hold one record, not %d", k.name, len(list)))
		}
		a.records[k] = list
		problems = append(problems, a.checkRefs(k, list)...)
	}
	if hasChecks {
		p, err := a.readPageChecks(dir)
		if err != nil {
			return nil, nil, err
		}
		problems = append(problems, p...)
	}
	problems = append(problems, a.checkRedirects(opt)...)
	return a, problems, nil
}

// readKind decodes the records of k's file in dir, each as a request body
// of its write is decoded (no unknown field, no control character), and
// checks them: their own rules, those of the site's addresses, and that
// no two have the same natural key where the site keeps it unique. The
// parent a menu item names (parentField) goes into parents.
func readKind(dir string, k *kind, opt Options, parents map[site.Record]string) ([]site.Record, []string, error) {
	name := k.name + ".json"
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return nil, nil, err
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(b, &raws); err != nil {
		return nil, []string{name + " is not a JSON array of records"}, nil
	}
	allowed := k.fields()
	var list []site.Record
	var problems []string
	for i, raw := range raws {
		where := fmt.Sprintf("%s, record %d", name, i+1)
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil || fields == nil {
			problems = append(problems, where+": not a JSON object")
			continue
		}
		var unknown []string
		for _, f := range slices.Sorted(maps.Keys(fields)) {
			if !allowed[f] {
				unknown = append(unknown, fmt.Sprintf("%q", f))
			}
		}
		if len(unknown) > 0 {
			problems = append(problems, fmt.Sprintf("%s: unknown %s %s", where, plural(len(unknown), "field", "fields"), strings.Join(unknown, ", ")))
			continue
		}
		parent := ""
		if v, ok := fields[parentField]; ok {
			if err := json.Unmarshal(v, &parent); err != nil || parent == "" {
				problems = append(problems, where+": "+parentField+" must be the natural key of a menu item (its URL)")
				continue
			}
			delete(fields, parentField)
			if raw, err = json.Marshal(fields); err != nil {
				return nil, nil, err
			}
		}
		rec := k.e.New()
		if err := httpx.DecodeBody(bytes.NewReader(raw), rec); err != nil {
			problems = append(problems, where+": "+fieldMessages(err))
			continue
		}
		err := rec.Validate()
		if err == nil && k.e.CheckRoutes != nil {
			err = k.e.CheckRoutes(rec, opt.Routes)
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s (%s): %s", where, k.label(rec), fieldMessages(err)))
			continue
		}
		if parent != "" {
			parents[rec] = parent
		}
		list = append(list, rec)
	}
	if len(k.e.Unique) > 0 || k == mediaKind {
		seen := map[string]bool{}
		for _, rec := range list {
			if key := k.key(rec); seen[key] {
				problems = append(problems, fmt.Sprintf("%s holds %s twice", name, k.label(rec)))
			} else {
				seen[key] = true
			}
		}
	}
	return list, problems, nil
}

// fieldMessages says what err says of each field, or its message.
func fieldMessages(err error) string {
	fields := httpx.FieldsOf(err)
	if len(fields) == 0 {
		return site.ErrorMessage(err)
	}
	var msgs []string
	for _, f := range slices.Sorted(maps.Keys(fields)) {
		msg := strings.TrimSuffix(fields[f], ".")
		if !slices.Contains(msgs, msg) {
			msgs = append(msgs, msg)
		}
	}
	return strings.Join(msgs, "; ") + "."
}

// readMedia keeps the media items of list by the ids the records name
// them by, after checking the facts of each file and that the export
// holds its files, of their sizes.
func (a *archive) readMedia(list []site.Record) []string {
	var problems []string
	for _, rec := range list {
		m := rec.(*site.MediaItem)
		where := mediaKind.describe(m)
		switch {
		case m.ID < 1:
			problems = append(problems, where+": its id must be a whole number from 1, as the other records name it (media:{id})")
			continue
		case a.media[m.ID] != nil:
			problems = append(problems, fmt.Sprintf("%s: the id %d is another item's too", where, m.ID))
			continue
		}
		if p := mediaFacts(m); p != "" {
			problems = append(problems, where+": "+p)
			continue
		}
		a.media[m.ID] = m
	}
	return problems
}

// mediaFacts says what is wrong with the facts of the file of m, as an
// upload would have stored them, or "".
func mediaFacts(m *site.MediaItem) string {
	formats := map[string]bool{}
	for _, f := range []media.Format{media.JPEG, media.PNG, media.WebP, media.AVIF} {
		formats[f.ContentType()] = true
	}
	switch {
	case !site.IsSHA256(m.Hash):
		return "its hash must be the SHA-256 of its file, in lower-case hex"
	case !formats[m.ContentType]:
		return fmt.Sprintf("its content type %q is none the media library takes", m.ContentType)
	case m.Width < 1 || m.Height < 1 || m.Bytes < 1:
		return "its width, height and size must be positive"
	case len(m.Variants) == 0:
		return "it has no variant to serve"
	}
	for _, v := range m.Variants {
		f := media.Format(v.Format)
		if v.Format != site.MediaWebP && v.Format != site.MediaJPEG && v.Format != site.MediaPNG {
			return fmt.Sprintf("a variant's format %q is none the site serves", v.Format)
		}
		if h, ok := site.MediaFileHash(v.URL); !ok || v.URL != "/media/"+h+"."+f.Ext() {
			return fmt.Sprintf("a variant's address %q is not /media/{sha256}.%s", v.URL, f.Ext())
		}
		if v.Width < 1 || v.Height < 1 || v.Bytes < 1 {
			return "a variant's width, height and size must be positive"
		}
	}
	return ""
}

// hasFiles reports whether the export holds every file of m, of the sizes
// m gives.
func (a *archive) hasFiles(m *site.MediaItem) bool {
	if a.files[m.Hash] != m.Bytes {
		return false
	}
	for _, v := range m.Variants {
		h, _ := site.MediaFileHash(v.URL)
		if a.files[h] != int64(v.Bytes) {
			return false
		}
	}
	return true
}

// checkRefs refuses a record of k that names a media item the export does
// not hold, or one visitors may not be shown (no alt text, not marked
// decorative), which a write of the record would refuse.
func (a *archive) checkRefs(k *kind, list []site.Record) []string {
	var problems []string
	for _, rec := range list {
		mediaRefs(rec, func(id int64) int64 {
			m := a.media[id]
			switch {
			case m == nil:
				problems = append(problems, fmt.Sprintf("%s names the media item media:%d, which the export does not hold (a broken reference)", k.describe(rec), id))
			case m.AltText == "" && !m.Decorative:
				problems = append(problems, fmt.Sprintf("%s names the media item %q, which has no alt text and is not marked decorative", k.describe(rec), m.Name))
			}
			return id
		})
	}
	// A menu item's parent is a top-level item of the export.
	byKey := map[string]site.Record{}
	for i, key := range k.keys(list) {
		byKey[key] = list[i]
	}
	for _, rec := range list {
		key, ok := a.parents[rec]
		if !ok {
			continue
		}
		switch p := byKey[key]; {
		case p == nil:
			problems = append(problems, fmt.Sprintf("%s is under %s, which the export does not hold (a broken reference)", k.describe(rec), key))
		case a.parents[p] != "":
			problems = append(problems, fmt.Sprintf("%s is under %s, which is itself under another item: menu items go one level deep", k.describe(rec), k.label(p)))
		}
	}
	return problems
}

// readPageChecks reads the checks of the page form switched off.
func (a *archive) readPageChecks(dir string) ([]string, error) {
	name := pageChecksName + ".json"
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return nil, err
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(b, &raws); err != nil || len(raws) != 1 {
		return []string{name + " must be a JSON array of one record"}, nil
	}
	var pc pageChecks
	if err := httpx.DecodeBody(bytes.NewReader(raws[0]), &pc); err != nil {
		return []string{name + ": " + lowerFirst(fieldMessages(err))}, nil
	}
	s := site.PageCheckSettings{Off: pc.Off}
	if err := s.Validate(); err != nil {
		return []string{name + ": " + fieldMessages(err)}, nil
	}
	a.pageChecks = &pageChecks{Off: s.Off}
	return nil, nil
}

// checkRedirects applies the rules of the redirects to the export's, as
// they will be once imported: none from an address the site shows a page
// at, and none that makes a chain with another or leads to itself.
func (a *archive) checkRedirects(opt Options) []string {
	list, ok := a.records[redirectsKind()]
	if !ok {
		return nil
	}
	live := map[string]bool{}
	for _, rec := range a.records[pagesKind()] {
		if p := rec.(*site.Page); p.Live(opt.now()) {
			live[p.Path()] = true
		}
	}
	set := make(recordSet, len(list))
	for i, rec := range list {
		c := clone(rec)
		site.SetRecordID(c, int64(i+1))
		set[i] = c
	}
	var problems []string
	for _, rec := range set {
		rd := rec.(*site.Redirect)
		where := redirectsKind().describe(rd)
		if live[rd.Source] || opt.Serves != nil && opt.Serves(rd.Source) {
			problems = append(problems, fmt.Sprintf("%s: the site shows a page at %s, which wins over a redirect", where, rd.Source))
			continue
		}
		if err := site.Redirects.Check(context.Background(), set, site.Redirects, rd, site.Write{Hosts: opt.Hosts}); err != nil {
			problems = append(problems, where+": "+fieldMessages(err))
		}
	}
	return problems
}

// recordSet is records held in memory, read as a store's are, for the
// rules of a write to judge a set of records as they will be.
type recordSet []site.Record

// FindRecords returns the records of the set that f.Equal keeps.
func (s recordSet) FindRecords(_ context.Context, e *site.Entity, f site.ListFilter) ([]site.Record, error) {
	matches, err := e.Matches(f)
	if err != nil {
		return nil, err
	}
	var out []site.Record
	for _, rec := range s {
		ok := true
		for _, m := range matches {
			for _, fl := range e.Fields() {
				if fl.Column == m.Column {
					ok = ok && *site.FieldValue(rec, fl).(*string) == m.Value
				}
			}
		}
		if ok {
			out = append(out, rec)
		}
	}
	return out, nil
}

func pagesKind() *kind     { return kindOf(site.Pages) }
func redirectsKind() *kind { return kindOf(site.Redirects) }

func kindOf(e *site.Entity) *kind {
	for _, k := range recordKinds {
		if k.e == e {
			return k
		}
	}
	panic("transfer: no kind of " + e.Name)
}
