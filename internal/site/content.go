package site

import (
	"context"
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
func SaveContent(ctx context.Context, s RecordService, it *ContentItem, w Write, expectNone bool) (*ContentItem, error) {
	old, err := findText(ctx, s, it.Section, it.Key)
	if err != nil {
		return nil, err
	}
	if old == nil {
		if w.Version != 0 {
			// Reset to the built-in copy by someone else since.
			return nil, &Conflict{Noun: Content.Noun}
		}
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
	if expectNone {
		return nil, textConflict(ctx, s, old)
	}
	it.ID = old.ID
	rec, err := s.UpdateRecord(ctx, Content, it, w)
	if err != nil {
		return nil, err
	}
	return rec.(*ContentItem), nil
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
