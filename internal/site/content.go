package site

import (
	"context"
	"encoding/json"
	"time"
)

// ContentItem is one editable text of the public site, addressed by section
// and key (for example hero / main_title): a saved value that replaces the
// built-in copy. Deleting it resets the text to that copy.
type ContentItem struct {
	ID        int64     `json:"id" db:"id"`
	Section   string    `json:"section" db:"section"`
	Key       string    `json:"key" db:"key"`
	Value     string    `json:"value" db:"value" text:"multiline"`
	CreatedAt time.Time `json:"createdAt" db:"created_at"`
	UpdatedAt time.Time `json:"updatedAt" db:"updated_at"`
	Version   int       `json:"version" db:"version"`
}

// Content is the resource of the editable texts. A text is saved by its
// section and key (SaveContent), reset by deleting it, and has the history
// of every other resource.
var Content = NewEntity(Entity{Name: "content", Table: "website_content", Noun: "Text",
	OrderBy: "section, key", Public: true,
	Unique: map[string]string{"section": "This text was saved again since it was reset (section %q): reload to see its value."}},
	func() *ContentItem { return &ContentItem{} })

// SaveContent stores it as the value of its section and key: it updates the
// saved text there, or creates one. w.Version, when set, is the version the
// editor started from; expectNone says the editor saw no saved text (the
// built-in copy), so that a text saved by someone else in the meantime is a
// *Conflict rather than overwritten.
//
// A text keeps one id and one history across resets: a save of a text that
// was reset brings its deleted record back (RestoreRevision keeps the id),
// then writes the new value over it.
func SaveContent(ctx context.Context, s RecordService, it *ContentItem, w Write, expectNone bool) (*ContentItem, error) {
	if err := checkMediaRef(ctx, s, "value", it.Value); err != nil {
		return nil, err
	}
	old, err := findText(ctx, s, it.Section, it.Key)
	if err != nil {
		return nil, err
	}
	revived := false
	if old == nil {
		if w.Version != 0 {
			// Reset to the built-in copy by someone else since.
			return nil, &Conflict{Noun: Content.Noun}
		}
		if old, revived, err = reviveText(ctx, s, it.Section, it.Key, w.Actor); err != nil {
			return nil, err
		}
		if old == nil {
			return createText(ctx, s, it, w)
		}
		if !revived && expectNone {
			// Another editor's save brought the text back meanwhile.
			return nil, textConflict(ctx, s, old)
		}
	} else if expectNone {
		return nil, textConflict(ctx, s, old)
	}
	it.ID = old.ID
	if revived {
		// The new value goes over the record as it was brought back, and
		// nothing else: a save by someone else in between is a conflict.
		// Once revived, the save is carried through even when the client
		// goes, so that the text does not stay at its value before the reset.
		w.Version = old.Version
		ctx = context.WithoutCancel(ctx)
	}
	rec, err := s.UpdateRecord(ctx, Content, it, w)
	if err != nil {
		if revived && ErrorCode(err) != ECONFLICT {
			// Put the text back to its built-in copy, as it was before
			// this save; what the editor typed is still in their field.
			_, _ = s.DeleteRecord(ctx, Content, old.ID, Write{Actor: w.Actor, Version: old.Version})
		}
		return nil, err
	}
	return rec.(*ContentItem), nil
}

// createText makes the first saved text of its section and key.
func createText(ctx context.Context, s RecordService, it *ContentItem, w Write) (*ContentItem, error) {
	rec, err := s.CreateRecord(ctx, Content, it, w)
	if err == nil {
		return rec.(*ContentItem), nil
	}
	// Another editor's first save of the same text won the race.
	if again, ferr := findText(ctx, s, it.Section, it.Key); ferr == nil && again != nil {
		return nil, textConflict(ctx, s, again)
	}
	return nil, err
}

// reviveText brings back the record of the text at (section, key) that a
// reset deleted, with the value it had then, under its own id; nil when the
// text was never saved. revived is false when someone else's save brought
// it back first: the text is then theirs, as it is now.
func reviveText(ctx context.Context, s RecordService, section, key string, by Actor) (text *ContentItem, revived bool, err error) {
	gone, err := deletedText(ctx, s, section, key)
	if err != nil || gone == nil {
		return nil, false, err
	}
	// The delete's version guards against a record that is back already
	// (a deleted one has no version to check; one brought back has a
	// later version than its delete).
	rec, err := s.RestoreRevision(ctx, Content, gone.RecordID, gone.ID, Write{Actor: by, Version: gone.Version})
	if err == nil {
		return rec.(*ContentItem), true, nil
	}
	if ErrorCode(err) == ECONFLICT {
		// Brought back, or saved anew, by another editor meanwhile.
		if again, ferr := findText(ctx, s, section, key); ferr == nil && again != nil {
			return again, false, nil
		}
	}
	return nil, false, err
}

// deletedText returns the delete revision of the newest record of the text
// at (section, key) that is deleted now, or nil.
func deletedText(ctx context.Context, s RecordService, section, key string) (*Revision, error) {
	revs, err := s.FindDeleted(ctx, Content)
	if err != nil {
		return nil, err
	}
	for _, r := range revs {
		var c ContentItem
		if json.Unmarshal(r.Data, &c) == nil && c.Section == section && c.Key == key {
			return r, nil
		}
	}
	return nil, nil
}

// findText returns the saved text at (section, key), or nil.
func findText(ctx context.Context, s RecordService, section, key string) (*ContentItem, error) {
	list, err := Find[ContentItem](ctx, s, Content, ListFilter{Equal: map[string]string{"section": section, "key": key}})
	if err != nil || len(list) == 0 {
		return nil, err
	}
	return list[0], nil
}

// textConflict is the conflict of a save that expected no saved text and
// met cur, with who saved it.
func textConflict(ctx context.Context, s RecordService, cur *ContentItem) error {
	c := &Conflict{Noun: Content.Noun, Current: cur}
	revs, err := s.FindRevisions(ctx, Content, cur.ID)
	if err != nil {
		return err
	}
	if len(revs) > 0 {
		c.Latest = revs[0]
	}
	return c
}
