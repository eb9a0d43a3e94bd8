package site

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"
)

// Actions a revision records.
const (
	ActionCreate  = "create"
	ActionUpdate  = "update"
	ActionDelete  = "delete"
	ActionPublish = "publish"
	ActionRestore = "restore"
)

// Record is one row of a resource: a pointer to a struct whose fields carry
// `db:"column"` tags. Every record has the columns id, version, created_at
// and updated_at, which the stores set; the other tagged fields are what a
// client writes.
type Record interface {
	// Validate trims and defaults the fields a client wrote and checks them.
	Validate() error
}

// Entity describes one resource to the stores and the API: its table, how
// its lists are ordered and filtered, and the rules of its writes. Every
// store serves every entity through the same few operations (RecordService),
// and every write of one appends a Revision.
type Entity struct {
	// Name is the resource's name in API paths and revisions (menu-items).
	Name string
	// Table is the SQL table.
	Table string
	// Noun names one record in messages ("Menu item" not found).
	Noun string
	// OrderBy is the SQL order of a list, the same in both databases.
	OrderBy string
	// ActiveColumn is the boolean column that ListFilter.ActiveOnly
	// requires to be true; empty when the entity has none.
	ActiveColumn string
	// Unique maps a column with a unique constraint to the message of a
	// value already taken, formatted with the value (%q).
	Unique map[string]string
	// Public says whether a write changes what visitors see.
	Public bool
	// ServerSet are the columns besides id, version and the times that the
	// server sets and a client's value of is ignored (a page's author).
	ServerSet []string
	// Prepare, when set, applies the entity's business rules to a record
	// about to be written, inside the write's transaction: old is the
	// record as last stored (nil on create; for the restore of a deleted
	// record, the revision's own data). The stores call it on every create,
	// update and restore.
	Prepare func(rec, old Record, w *Write)
	// Check, when set, is a rule of a write that reads other records: the
	// stores call it after Prepare on every create, update and restore,
	// inside the write's transaction, with tx reading in it, so that what
	// it judged is what the write commits with. An error refuses the
	// write. e is the entity itself, for the rule to read its records.
	Check func(ctx context.Context, tx RecordFinder, e *Entity, rec Record, w Write) error
	// CheckRoutes, when set, is a rule that needs the routes of the
	// running site, which only the server knows (a page's slug may not
	// take one): the API checks it after Validate on every create and
	// update, and on publish.
	CheckRoutes func(rec Record, routes *Routes) error
	// MediaRefs, when set, returns the fields of rec that may name an image
	// of the media library (MediaRef), by their JSON names, with their
	// values; a write may name only a usable image (CheckMediaRefs). A
	// field with several images names each as "field#i".
	MediaRefs func(rec Record) map[string]string
	// Drafted, when set, says whether an update of old (the record as
	// stored), asked for as a draft (PublishDraftHeader) in a publishing
	// mode that keeps drafts, waits in the record's pending draft for the
	// Publish panel instead of going live; nil: the entity's updates are
	// always live.
	Drafted func(old Record) bool
	// Moves, when set, says what a write from old (nil on create) to rec
	// at the write's time does to the addresses visitors see; the stores
	// keep the redirects in step with it in the write's transaction.
	Moves func(old, rec Record, at time.Time) PathMove

	new    func() Record
	fields []Field
}

// Field is a column of an entity, found from its record type's tags.
type Field struct {
	Column string
	// JSON is the field's name in the API.
	JSON string
	// Index is the field's index in the record struct.
	Index int
	Type  reflect.Type
	// Generated fields (id, version, created_at, updated_at) are set by
	// the stores, never by a client.
	Generated bool
	// Server fields are the generated ones and the entity's ServerSet: a
	// client may send them back as it read them, and they are ignored.
	Server bool
}

// generatedColumns are the columns every record has and the stores set.
var generatedColumns = map[string]bool{"id": true, "version": true, "created_at": true, "updated_at": true}

// NewEntity completes e for the record type T, whose zero value with the
// defaults of newRecord is what a create starts from. It panics when T
// lacks one of the columns every record has: that is a mistake in the code.
func NewEntity[T any, PT interface {
	*T
	Record
}](e Entity, newRecord func() PT) *Entity {
	t := reflect.TypeFor[T]()
	seen := map[string]bool{}
	for i := range t.NumField() {
		f := t.Field(i)
		col, _, _ := strings.Cut(f.Tag.Get("db"), ",")
		if col == "" || col == "-" {
			continue
		}
		seen[col] = true
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		server := generatedColumns[col]
		for _, c := range e.ServerSet {
			server = server || c == col
		}
		e.fields = append(e.fields, Field{Column: col, JSON: name, Index: i, Type: f.Type, Generated: generatedColumns[col], Server: server})
	}
	for col := range generatedColumns {
		if !seen[col] {
			panic(fmt.Sprintf("site: record type %s has no %s column", t, col))
		}
	}
	e.new = func() Record { return newRecord() }
	return &e
}

// Match is one condition of a ListFilter's Equal: the column holds Value.
type Match struct {
	Column string
	Value  string
}

// Matches returns the conditions of f.Equal ordered by column, so that
// both stores build the same statement, after checking that each is a text
// column of e (the names go into SQL).
func (e *Entity) Matches(f ListFilter) ([]Match, error) {
	out := make([]Match, 0, len(f.Equal))
	for col, v := range f.Equal {
		ok := false
		for _, fl := range e.fields {
			ok = ok || fl.Column == col && fl.Type.Kind() == reflect.String
		}
		if !ok {
			return nil, fmt.Errorf("site: %s has no text column %q to filter by", e.Name, col)
		}
		out = append(out, Match{Column: col, Value: v})
	}
	slices.SortFunc(out, func(a, b Match) int { return strings.Compare(a.Column, b.Column) })
	return out, nil
}

// ListFields returns the fields a list read with f fills: every field of
// e but those f.Omit names, after checking that each names a column of e
// that a client writes or the server sets (the names go into SQL).
func (e *Entity) ListFields(f ListFilter) ([]Field, error) {
	if len(f.Omit) == 0 {
		return e.fields, nil
	}
	for _, col := range f.Omit {
		ok := false
		for _, fl := range e.fields {
			ok = ok || fl.Column == col && !fl.Generated
		}
		if !ok {
			return nil, fmt.Errorf("site: %s has no column %q to leave out", e.Name, col)
		}
	}
	out := make([]Field, 0, len(e.fields))
	for _, fl := range e.fields {
		if !slices.Contains(f.Omit, fl.Column) {
			out = append(out, fl)
		}
	}
	return out, nil
}

// Fields are the entity's columns, in the order of the record struct.
func (e *Entity) Fields() []Field { return e.fields }

// New returns a new record of the entity with its defaults.
func (e *Entity) New() Record { return e.new() }

// FieldValue returns a pointer to the field of rec (for scanning into it).
func FieldValue(rec Record, f Field) any {
	return reflect.ValueOf(rec).Elem().Field(f.Index).Addr().Interface()
}

// field returns the value of rec's column col.
func field(rec Record, col string) reflect.Value {
	v := reflect.ValueOf(rec).Elem()
	t := v.Type()
	for i := range t.NumField() {
		if c, _, _ := strings.Cut(t.Field(i).Tag.Get("db"), ","); c == col {
			return v.Field(i)
		}
	}
	panic("site: no column " + col + " in " + t.String())
}

// RecordID returns the id of rec.
func RecordID(rec Record) int64 { return field(rec, "id").Int() }

// SetRecordID sets the id of rec.
func SetRecordID(rec Record, id int64) { field(rec, "id").SetInt(id) }

// RecordVersion returns the version of rec: the number of writes it has
// seen, from 1 at its creation.
func RecordVersion(rec Record) int { return int(field(rec, "version").Int()) }

// SetRecordVersion sets the version of rec.
func SetRecordVersion(rec Record, v int) { field(rec, "version").SetInt(int64(v)) }

// Actor is who makes a change.
type Actor struct {
	UserID   int64
	Username string
}

// Write is what a store needs to know of a change besides the record.
type Write struct {
	Actor Actor
	// Action is recorded in the revision; empty means the operation's own
	// (create, update). A delete is always recorded as a delete, so that
	// it shows among the recently deleted.
	Action string
	// Version is the version the client started from. A write to a record
	// whose version is another fails with ECONFLICT (a *Conflict). Zero
	// writes whatever the version is: the SPEC's clients send none.
	Version int
	// At is the time of the write; the store fills it from its clock.
	At time.Time
	// Changed, when set, is the time the record keeps as its last change
	// (and, when the write creates it, as its creation) instead of At: an
	// import keeps the time its content last changed on the site it came
	// from, which visitors see (an article's date of change, the
	// sitemap's). The revision is At's all the same.
	Changed time.Time
	// Hosts are the site's own hosts (host or host:port, as in its
	// address and as the request reached it), for the rules that judge
	// whether an absolute address leads back into the site (a
	// redirect's target).
	Hosts []string
}

// Revision is the state of a record after one write: created, updated,
// published, restored, or (for a delete) as it was when deleted.
type Revision struct {
	ID       int64  `json:"id"`
	Resource string `json:"resource"`
	RecordID int64  `json:"recordId"`
	// Version is the record's version after the write; a delete counts
	// as one more.
	Version   int             `json:"version"`
	Action    string          `json:"action" ts:"RevisionAction"`
	Data      json.RawMessage `json:"data"`
	UserID    *int64          `json:"userId"`
	Username  string          `json:"username"`
	CreatedAt time.Time       `json:"createdAt"`
}

// Conflict is the error of a write that started from a version other than
// the record's: it carries the record as it is and its latest revision, so
// that the client can show who changed it, and when.
type Conflict struct {
	Noun    string
	Current Record
	// Latest is the latest revision of the record (a delete, when Current
	// is nil); nil when there is none, for a record older than the history.
	Latest *Revision
}

func (c *Conflict) Error() string {
	return "site: conflict: " + c.Message()
}

// Unwrap makes a Conflict an ECONFLICT error for ErrorCode and ErrorMessage.
func (c *Conflict) Unwrap() error {
	return &Error{Code: ECONFLICT, Message: c.Message()}
}

// Message says what happened, for a person.
func (c *Conflict) Message() string {
	if c.Current == nil {
		return c.Noun + " deleted by someone else after you opened it."
	}
	if c.Latest != nil && c.Latest.Username != "" {
		return fmt.Sprintf("%s changed by %s at %s UTC after you opened it.", c.Noun, c.Latest.Username,
			c.Latest.CreatedAt.UTC().Format("15:04 on 2 January"))
	}
	return c.Noun + " changed by someone else after you opened it."
}

// RecordService stores the records of every entity and their revisions.
// Every write runs in one transaction with its revision.
type RecordService interface {
	// FindRecords returns the entity's records in its order.
	FindRecords(ctx context.Context, e *Entity, f ListFilter) ([]Record, error)
	// FindRecord returns one record; ENOTFOUND when there is none.
	FindRecord(ctx context.Context, e *Entity, id int64) (Record, error)
	// CreateRecord stores a new record (version 1) and its revision.
	CreateRecord(ctx context.Context, e *Entity, rec Record, w Write) (Record, error)
	// UpdateRecord replaces the client's fields of the record with rec's id
	// and moves its version on; ENOTFOUND when there is none, a *Conflict
	// when w.Version is set and stale.
	UpdateRecord(ctx context.Context, e *Entity, rec Record, w Write) (Record, error)
	// DeleteRecord deletes the record and returns it as it was; ENOTFOUND
	// when there is none, a *Conflict when w.Version is set and stale.
	DeleteRecord(ctx context.Context, e *Entity, id int64, w Write) (Record, error)
	// FindRevisions returns the revisions of one record, newest first.
	FindRevisions(ctx context.Context, e *Entity, id int64) ([]*Revision, error)
	// FindDeleted returns the delete revision of each record of the entity
	// that does not exist now, newest first.
	FindDeleted(ctx context.Context, e *Entity) ([]*Revision, error)
	// RestoreRevision brings the record back to the state of one of its
	// revisions, re-creating it with its id when it was deleted; the
	// restore is itself a revision. ENOTFOUND when the revision is not one
	// of the record's; w.Version, when set, guards a record that exists
	// (a deleted one has no version left to be stale against).
	RestoreRevision(ctx context.Context, e *Entity, id, revisionID int64, w Write) (Record, error)
}

// RecordFinder reads the records of an entity: a RecordService, or a
// store's transaction for the rules of a write (Entity.Check).
type RecordFinder interface {
	FindRecords(ctx context.Context, e *Entity, f ListFilter) ([]Record, error)
}

// Find returns the records of e as their type T (the entity's record type).
func Find[T any](ctx context.Context, s RecordFinder, e *Entity, f ListFilter) ([]*T, error) {
	recs, err := s.FindRecords(ctx, e, f)
	if err != nil {
		return nil, err
	}
	out := make([]*T, len(recs))
	for i, r := range recs {
		out[i] = any(r).(*T)
	}
	return out, nil
}
