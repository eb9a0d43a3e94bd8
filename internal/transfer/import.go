package transfer

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"meridian/internal/backup"
	"meridian/internal/media"
	"meridian/internal/site"
)

// Options are the choices of an import and what it needs to know of the
// site it writes to.
type Options struct {
	// DryRun finds what the import would change, and changes nothing.
	DryRun bool
	// Force writes the conflicts too (see Change.Conflict).
	Force bool
	// Routes are the addresses the site answers itself, which no page's
	// slug and no redirect's source may take; nil, SystemPaths alone.
	Routes *site.Routes
	// Serves, when set, reports whether the site answers a path itself
	// (a built-in page or a file of its build): no redirect may start
	// there.
	Serves func(path string) bool
	// Hosts are the site's own hosts, for the rules of the redirects.
	Hosts []string
	// Schema is the number of the site's last migration: an export of a
	// newer one may hold what this version does not know.
	Schema int
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

func (o Options) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// Change is one write an import makes.
type Change struct {
	// Kind is the kind of record (its file's name without .json).
	Kind string
	// Op is site.ActionCreate, site.ActionUpdate or site.ActionDelete.
	Op    string
	Label string
	// Conflict, when set, says what of the site the change would undo: a
	// record that someone changed on this site since it was last
	// imported (or that was never imported) would be overwritten or
	// deleted, or one someone deleted here would come back. An import
	// with conflicts writes nothing, unless forced.
	Conflict string
}

// Report is what an import found to change.
type Report struct {
	Manifest *backup.Manifest
	Changes  []Change
	// Unchanged counts the records of each kind that are the export's
	// already.
	Unchanged map[string]int
	// Written says the changes were made.
	Written bool
}

// Conflicts counts the changes that are conflicts.
func (r *Report) Conflicts() int {
	n := 0
	for _, c := range r.Changes {
		if c.Conflict != "" {
			n++
		}
	}
	return n
}

// Import brings the content exported in file into the site of store: it
// creates the records the site lacks, updates those that differ, by their
// natural keys, and deletes those of the kinds the export holds that it
// does not (the media library keeps every item); a record that is the
// export's already is not written, so that a second import changes
// nothing. Every write goes through the store as an edit in the admin
// does, with its revision and audit entry, by Actor, and keeps the time
// its record last changed on the site it came from.
//
// The whole archive and every record is checked first: a record that is
// wrong (an unknown field, a rule of its write broken, a media item
// neither the export nor the site holds) refuses the import with a
// *Refused listing each, and so do conflicts, unless opt.Force, with the
// report; either way nothing is written. The report says what was, or
// with opt.DryRun would be, changed, conflicts included.
func Import(ctx context.Context, store site.Store, file string, opt Options) (*Report, error) {
	tmp, err := os.MkdirTemp(filepath.Dir(file), ".site-import-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	m, err := backup.ExtractContent(file, tmp)
	if err != nil {
		return nil, err
	}
	a, problems, err := readArchive(tmp, m, opt)
	if err != nil {
		return nil, err
	}
	refused := func(problems []string) error {
		return &Refused{What: file + " cannot be imported; nothing was changed", Problems: problems}
	}
	if len(problems) > 0 {
		if m.Schema > opt.Schema {
			problems = append([]string{fmt.Sprintf("The export was made by a newer version of the site (schema %d; this one knows up to %d): import it with that version or a newer one", m.Schema, opt.Schema)}, problems...)
		}
		return &Report{Manifest: m}, refused(problems)
	}
	im := &importer{store: store, opt: opt, a: a, detail: "site import of " + filepath.Base(file)}
	report, problems, err := im.plan(ctx)
	if err != nil {
		return nil, err
	}
	report.Manifest = m
	if len(problems) > 0 {
		return &Report{Manifest: m}, refused(problems)
	}
	if opt.DryRun || len(report.Changes) == 0 {
		return report, nil
	}
	if n := report.Conflicts(); n > 0 && !opt.Force {
		return report, &Refused{What: fmt.Sprintf("%s was not imported, and nothing was changed: %d of its changes would undo what was changed on this site since its last import (each marked CONFLICT); add --force to import all the same",
			file, n)}
	}
	if err := im.apply(ctx); err != nil {
		return report, err
	}
	report.Written = true
	return report, nil
}

// importer brings one archive into one site.
type importer struct {
	store  site.Store
	opt    Options
	a      *archive
	detail string
	// ids are the ids on this site of the export's media items, by the
	// ids the export names them by.
	ids map[int64]int64
}

// step is a change of one record: cur is the site's (nil for a create),
// rec the export's with this site's media ids (nil for a delete).
type step struct {
	Change
	k        *kind
	cur, rec site.Record
	// parent is the natural key of the item a menu item is under.
	parent string
}

// plan finds the changes the import makes, with the conflicts, against
// the site as it is. Media items the site does not have yet get ids of
// their own, which no record of the site names.
func (im *importer) plan(ctx context.Context) (*Report, []string, error) {
	r := &Report{Unchanged: map[string]int{}}
	mediaSteps, problems, err := im.planMedia(ctx, true)
	if err != nil {
		return nil, nil, err
	}
	steps := mediaSteps
	for _, k := range recordKinds {
		if _, ok := im.a.records[k]; !ok {
			continue
		}
		p, err := im.filesOf(ctx, k)
		if err != nil {
			return nil, nil, err
		}
		problems = append(problems, p...)
		ks, unchanged, err := im.planKind(ctx, k, true)
		if err != nil {
			return nil, nil, err
		}
		steps = append(steps, ks...)
		r.Unchanged[k.name] = unchanged
	}
	if im.a.pageChecks != nil {
		cur, err := im.store.GetPageCheckSettings(ctx)
		if err != nil {
			return nil, nil, err
		}
		if slices.Equal(cur.Off, im.a.pageChecks.Off) {
			r.Unchanged[pageChecksName] = 1
		} else {
			steps = append(steps, step{Change: Change{Kind: pageChecksName, Op: site.ActionUpdate, Label: "the checks of the page form"}})
		}
	}
	for _, s := range steps {
		r.Changes = append(r.Changes, s.Change)
	}
	for _, s := range mediaSteps {
		if s.Op == "" {
			r.Unchanged[mediaKind.name]++
		}
	}
	r.Changes = slices.DeleteFunc(r.Changes, func(c Change) bool { return c.Op == "" })
	return r, problems, nil
}

// planMedia matches the export's media items with the site's by hash and
// fills im.ids, finding the conflicts when asked. An item the site lacks
// needs its files in the export. The steps of the items that are the
// site's already have no Op.
func (im *importer) planMedia(ctx context.Context, conflicts bool) ([]step, []string, error) {
	im.ids = map[int64]int64{}
	var steps []step
	var problems []string
	for _, id := range slices.Sorted(maps.Keys(im.a.media)) {
		m := im.a.media[id]
		cur, err := im.store.FindMediaByHash(ctx, m.Hash)
		switch {
		case site.ErrorCode(err) == site.ENOTFOUND:
			if !im.a.hasFiles(m) {
				problems = append(problems, fmt.Sprintf("%s: its files are not all in the export, of their sizes, and this site does not have it (a broken reference)", mediaKind.describe(m)))
				continue
			}
			// Its id once created; until then one no record has.
			im.ids[id] = -id
			steps = append(steps, step{Change: Change{Kind: mediaKind.name, Op: site.ActionCreate, Label: mediaKind.label(m)}, k: mediaKind, rec: m})
			continue
		case err != nil:
			return nil, nil, err
		}
		im.ids[id] = cur.ID
		s := step{Change: Change{Kind: mediaKind.name, Label: mediaKind.label(m)}, k: mediaKind, cur: cur, rec: m}
		if mediaKind.written(m) != mediaKind.written(cur) {
			s.Op = site.ActionUpdate
		}
		if s.Op != "" && conflicts {
			if s.Conflict, err = im.conflict(ctx, mediaKind, cur); err != nil {
				return nil, nil, err
			}
		}
		steps = append(steps, s)
	}
	return steps, problems, nil
}

// filesOf refuses a record of k that names a file of the media library by
// its address (a logo) that neither the export's media items nor the site
// serve.
func (im *importer) filesOf(ctx context.Context, k *kind) ([]string, error) {
	served := map[string]bool{}
	for _, m := range im.a.media {
		for _, h := range variantHashes(m) {
			served[h] = true
		}
	}
	var problems []string
	for _, rec := range im.a.records[k] {
		for _, h := range mediaFiles(rec) {
			if served[h] {
				continue
			}
			_, err := im.store.FindMediaBlob(ctx, h)
			if site.ErrorCode(err) == site.ENOTFOUND {
				problems = append(problems, fmt.Sprintf("%s names the file /media/%s, which neither the export nor this site has (a broken reference)", k.describe(rec), h))
			} else if err != nil {
				return nil, err
			}
		}
	}
	return problems, nil
}

// planKind matches the export's records of k with the site's by their
// natural keys: the steps are the deletes, then the updates, then the
// creates (in the export's order), with the conflicts when asked; it also
// counts the records that are the export's already.
func (im *importer) planKind(ctx context.Context, k *kind, conflicts bool) ([]step, int, error) {
	have, err := sortedRecords(ctx, im.store, k.e)
	if err != nil {
		return nil, 0, err
	}
	byKey := map[string]site.Record{}
	for i, key := range k.keys(have) {
		byKey[key] = have[i]
	}
	want := im.a.records[k]
	var deletes, updates, creates []step
	unchanged := 0
	matched := map[string]bool{}
	for i, key := range k.keys(want) {
		rec := clone(want[i])
		mediaRefs(rec, func(id int64) int64 { return im.ids[id] })
		parent := im.a.parents[want[i]]
		setParent(rec, parent, byKey)
		matched[key] = true
		cur := byKey[key]
		if cur == nil && k.one && len(have) == 1 {
			cur = have[0]
		}
		if cur == nil {
			creates = append(creates, step{Change: Change{Kind: k.name, Op: site.ActionCreate, Label: k.label(rec)}, k: k, rec: rec, parent: parent})
			continue
		}
		// What the store would write: its rules may keep some of what is
		// stored (a page's publication time).
		next := clone(rec)
		if k.e.Prepare != nil {
			k.e.Prepare(next, cur, &site.Write{Actor: Actor, At: im.opt.now()})
		}
		if k.written(next) == k.written(cur) {
			unchanged++
			continue
		}
		updates = append(updates, step{Change: Change{Kind: k.name, Op: site.ActionUpdate, Label: k.label(rec)}, k: k, cur: cur, rec: rec, parent: parent})
	}
	if !k.one {
		for i, key := range k.keys(have) {
			if !matched[key] {
				deletes = append(deletes, step{Change: Change{Kind: k.name, Op: site.ActionDelete, Label: k.label(have[i])}, k: k, cur: have[i]})
			}
		}
	}
	steps := slices.Concat(deletes, updates, creates)
	if !conflicts {
		return steps, unchanged, nil
	}
	var deleted map[string]*site.Revision
	if len(creates) > 0 {
		if deleted, err = im.deletedHere(ctx, k); err != nil {
			return nil, 0, err
		}
	}
	for i := range steps {
		switch s := &steps[i]; {
		case s.cur != nil:
			if s.Conflict, err = im.conflict(ctx, k, s.cur); err != nil {
				return nil, 0, err
			}
		case deleted[k.key(s.rec)] != nil:
			rev := deleted[k.key(s.rec)]
			s.Conflict = fmt.Sprintf("%s deleted it on this site at %s UTC, after its last import", who(rev), rev.CreatedAt.UTC().Format("2006-01-02 15:04"))
		}
	}
	return steps, unchanged, nil
}

// deletedHere returns the delete revisions of the records of k that were
// deleted on this site, not by an import, by their natural keys: the
// newest of each key.
func (im *importer) deletedHere(ctx context.Context, k *kind) (map[string]*site.Revision, error) {
	revs, err := im.store.FindDeleted(ctx, k.e)
	if err != nil {
		return nil, err
	}
	out := map[string]*site.Revision{}
	for _, rev := range revs {
		rec := k.e.New()
		if json.Unmarshal(rev.Data, rec) != nil || byImport(rev) {
			continue
		}
		if key := k.key(rec); out[key] == nil {
			out[key] = rev
		}
	}
	return out, nil
}

// byImport reports whether rev was written by an import.
func byImport(rev *site.Revision) bool {
	return rev.UserID == nil && rev.Username == Actor.Username
}

// who names the author of rev in a message.
func who(rev *site.Revision) string {
	if rev.Username == "" {
		return "someone"
	}
	return rev.Username
}

// conflict says why overwriting or deleting cur, a record of k on the
// site, would lose a change made there: its latest revision is not an
// import's. A record without history (as the site was made) has none.
func (im *importer) conflict(ctx context.Context, k *kind, cur site.Record) (string, error) {
	revs, err := im.store.FindRevisions(ctx, k.e, site.RecordID(cur))
	if err != nil || len(revs) == 0 {
		return "", err
	}
	last := revs[0]
	if byImport(last) {
		return "", nil
	}
	return fmt.Sprintf("%s %s it on this site at %s UTC, after its last import", who(last), pastTense(last.Action),
		last.CreatedAt.UTC().Format("2006-01-02 15:04")), nil
}

func pastTense(action string) string {
	switch action {
	case site.ActionCreate:
		return "created"
	case site.ActionDelete:
		return "deleted"
	case site.ActionPublish:
		return "published"
	case site.ActionRestore:
		return "restored"
	}
	return "changed"
}

// apply writes the changes: the media first, then each kind as the site
// is when its turn comes (a page's write moves the redirects of its
// address), so that every write starts from the record as it is.
func (im *importer) apply(ctx context.Context) error {
	mediaSteps, _, err := im.planMedia(ctx, false)
	if err != nil {
		return err
	}
	for _, s := range mediaSteps {
		if err := im.writeMedia(ctx, s); err != nil {
			return fmt.Errorf("%s %s: %w", s.Op, mediaKind.describe(s.rec), err)
		}
	}
	for _, k := range recordKinds {
		if _, ok := im.a.records[k]; !ok {
			continue
		}
		// The records are created in the export's order, which keeps
		// their natural keys; a menu item whose parent the export holds
		// after it goes under it in a second pass, once both are here.
		passes := 1
		if k.e == site.MenuItems {
			passes = 2
		}
		for range passes {
			steps, _, err := im.planKind(ctx, k, false)
			if err != nil {
				return err
			}
			for _, s := range steps {
				if err := im.write(ctx, s); err != nil {
					return fmt.Errorf("%s %s: %w", s.Op, k.describe(s.recOrCur()), err)
				}
			}
		}
	}
	if im.a.pageChecks != nil {
		cur, err := im.store.GetPageCheckSettings(ctx)
		if err != nil {
			return err
		}
		if !slices.Equal(cur.Off, im.a.pageChecks.Off) {
			ctx := im.audited(ctx, site.AuditPageChecks, pageChecksName)
			if _, err := im.store.UpdatePageCheckSettings(ctx, &site.PageCheckSettings{Off: im.a.pageChecks.Off}); err != nil {
				return fmt.Errorf("update the checks of the page form: %w", err)
			}
		}
	}
	return nil
}

func (s step) recOrCur() site.Record {
	if s.rec != nil {
		return s.rec
	}
	return s.cur
}

// writeFor is the write of a step: by the import, from the version of the
// record as planned, keeping the time the export's record last changed.
func (im *importer) writeFor(s step) site.Write {
	w := site.Write{Actor: Actor, Hosts: im.opt.Hosts}
	if s.cur != nil {
		w.Version = site.RecordVersion(s.cur)
	}
	if s.rec != nil {
		w.Changed = updatedAt(s.rec)
	}
	return w
}

// audited returns ctx with the audit entry of a write of the import, whose
// target is a kind ("pages", completed with the new record's id) or a
// record ("pages/7").
func (im *importer) audited(ctx context.Context, action, target string) context.Context {
	e := site.AuditEntry{Username: Actor.Username, Action: action, Target: target, Detail: im.detail}
	return site.WithPendingAudit(ctx, site.NewPendingAudit(e, action == site.ActionCreate))
}

func (im *importer) auditedStep(ctx context.Context, s step) context.Context {
	target := s.k.e.Name
	if s.cur != nil {
		target += "/" + strconv.FormatInt(site.RecordID(s.cur), 10)
	}
	return im.audited(ctx, s.Op, target)
}

// writeMedia creates an item with its files, or updates what an admin
// says of it; im.ids then holds its id.
func (im *importer) writeMedia(ctx context.Context, s step) error {
	m := s.rec.(*site.MediaItem)
	exportID := m.ID
	switch s.Op {
	case site.ActionCreate:
		blobs, err := im.blobsOf(m)
		if err != nil {
			return err
		}
		in := clone(m).(*site.MediaItem)
		in.ID = 0
		out, err := im.store.CreateMedia(im.auditedStep(ctx, s), in, blobs, im.writeFor(s))
		if err != nil {
			return err
		}
		im.ids[exportID] = out.ID
	case site.ActionUpdate:
		in := clone(m).(*site.MediaItem)
		in.ID = s.cur.(*site.MediaItem).ID
		if _, err := im.store.UpdateRecord(im.auditedStep(ctx, s), site.Media, in, im.writeFor(s)); err != nil {
			return err
		}
	}
	return nil
}

// blobsOf reads the files of m from the export: its original, kept as it
// came and never served, and its variants.
func (im *importer) blobsOf(m *site.MediaItem) ([]*site.MediaBlob, error) {
	read := func(hash, contentType string, public bool) (*site.MediaBlob, error) {
		b, err := os.ReadFile(filepath.Join(im.a.dir, filepath.FromSlash(mediaDir+hash)))
		return &site.MediaBlob{Hash: hash, ContentType: contentType, Data: b, Public: public}, err
	}
	orig, err := read(m.Hash, m.ContentType, false)
	if err != nil {
		return nil, err
	}
	blobs := []*site.MediaBlob{orig}
	for _, v := range m.Variants {
		h, _ := site.MediaFileHash(v.URL)
		b, err := read(h, media.Format(v.Format).ContentType(), true)
		if err != nil {
			return nil, err
		}
		blobs = append(blobs, b)
	}
	return blobs, nil
}

// write makes the change of s to a record of its kind, as the admin's
// write of it would: the same rules, the same store operation.
func (im *importer) write(ctx context.Context, s step) error {
	e := s.k.e
	w := im.writeFor(s)
	actx := im.auditedStep(ctx, s)
	if s.Op == site.ActionDelete {
		_, err := im.store.DeleteRecord(actx, e, site.RecordID(s.cur), w)
		if site.ErrorCode(err) == site.ENOTFOUND {
			// Gone with a write before it (a page's deletes the
			// redirects of its address).
			return nil
		}
		return err
	}
	if it, ok := s.rec.(*site.ContentItem); ok {
		if err := it.Validate(); err != nil {
			return err
		}
		// A text is saved by its section and key, which brings back the
		// history of one that was reset.
		_, err := site.SaveContent(actx, im.store, it, w, false)
		return err
	}
	if s.parent != "" {
		// The item it goes under, as the site has it now (created by a
		// step before this one, perhaps).
		have, err := sortedRecords(ctx, im.store, e)
		if err != nil {
			return err
		}
		byKey := map[string]site.Record{}
		for i, key := range s.k.keys(have) {
			byKey[key] = have[i]
		}
		setParent(s.rec, s.parent, byKey)
		if m := s.rec.(*site.MenuItem); *m.ParentID == 0 {
			// Its parent comes later in the export: top-level until
			// apply's second pass puts it under it.
			m.ParentID = nil
		}
	}
	if err := s.rec.Validate(); err != nil {
		return err
	}
	if err := site.CheckMediaRefs(ctx, im.store, e, s.rec); err != nil {
		return err
	}
	if s.Op == site.ActionCreate {
		_, err := im.store.CreateRecord(actx, e, s.rec, w)
		return err
	}
	site.SetRecordID(s.rec, site.RecordID(s.cur))
	_, err := im.store.UpdateRecord(actx, e, s.rec, w)
	return err
}

// setParent makes rec, a menu item of an export, name the item of the
// site with the natural key parent (of byKey) as the one it is under: none
// for an empty key; an id no item has (0) while the site has no such item
// yet, so that it differs from every record of the site.
func setParent(rec site.Record, parent string, byKey map[string]site.Record) {
	m, ok := rec.(*site.MenuItem)
	if !ok {
		return
	}
	m.ParentID = nil
	if parent == "" {
		return
	}
	var id int64
	if p := byKey[parent]; p != nil {
		id = site.RecordID(p)
	}
	m.ParentID = &id
}
