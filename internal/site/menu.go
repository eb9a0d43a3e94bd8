package site

import (
	"context"
	"time"
)

// MenuItem is one link of the public header navigation.
type MenuItem struct {
	ID       int64  `json:"id" db:"id"`
	Title    string `json:"title" db:"title"`
	URL      string `json:"url" db:"url"`
	Order    int    `json:"order" db:"order"`
	IsActive bool   `json:"isActive" db:"is_active"`
	// ParentID, when set, is the top-level item this one sits under in
	// the header (its dropdown); nil for a top-level item. One level only.
	ParentID  *int64    `json:"parentId,omitempty" db:"parent_id"`
	CreatedAt time.Time `json:"createdAt" db:"created_at"`
	UpdatedAt time.Time `json:"updatedAt" db:"updated_at"`
	Version   int       `json:"version" db:"version"`
}

// PublicMenuItem is what visitors' pages get of a menu item: what the
// header shows, without the admin's bookkeeping (its id, version and
// times), so that two sites of the same content serve the same pages.
type PublicMenuItem struct {
	Title string `json:"title"`
	URL   string `json:"url"`
	Order int    `json:"order"`
	// Children are the active items under it, in their order; a parent
	// opens them in a dropdown. Absent for an item without any.
	Children []*PublicMenuItem `json:"children,omitempty"`
}

// Public returns what visitors' pages get of it.
func (it *MenuItem) Public() *PublicMenuItem {
	return &PublicMenuItem{Title: it.Title, URL: it.URL, Order: it.Order}
}

// MenuOpensOnly is the URL of a parent that only opens its items (it
// leads nowhere itself).
const MenuOpensOnly = "#"

// PublicMenu returns the header's tree of the active items (in their
// order): the top-level items, each with its children. A child whose
// parent is inactive or gone is not shown, nor a parent that only opens
// its items (URL #) when none of them is active.
func PublicMenu(items []*MenuItem) []*PublicMenuItem {
	byID := map[int64]*PublicMenuItem{}
	var top []*PublicMenuItem
	for _, it := range items {
		if it.ParentID == nil {
			p := it.Public()
			byID[it.ID] = p
			top = append(top, p)
		}
	}
	for _, it := range items {
		if it.ParentID != nil {
			if p := byID[*it.ParentID]; p != nil {
				p.Children = append(p.Children, it.Public())
			}
		}
	}
	out := make([]*PublicMenuItem, 0, len(top))
	for _, p := range top {
		if p.URL == MenuOpensOnly && len(p.Children) == 0 {
			continue
		}
		out = append(out, p)
	}
	return out
}

// checkMenuItem is the rule of a menu item's write that reads the others:
// its parent exists and is a top-level item, and an item that has items
// under it stays top-level (one level only).
func checkMenuItem(ctx context.Context, tx RecordFinder, e *Entity, rec Record, _ Write) error {
	it := rec.(*MenuItem)
	if it.ParentID == nil {
		return nil
	}
	if *it.ParentID == it.ID {
		return FieldError("parentId", "A menu item cannot be under itself.")
	}
	all, err := Find[MenuItem](ctx, tx, e, ListFilter{})
	if err != nil {
		return err
	}
	var parent *MenuItem
	for _, o := range all {
		switch {
		case o.ID == *it.ParentID:
			parent = o
		case it.ID != 0 && o.ParentID != nil && *o.ParentID == it.ID:
			return FieldError("parentId", "This item has items under it, so it stays a top-level item: move its items first.")
		}
	}
	if parent == nil {
		return FieldError("parentId", "The parent menu item does not exist (it may have been deleted): choose another one.")
	}
	if parent.ParentID != nil {
		return FieldError("parentId", "Menu items go one level deep: "+parent.Title+" is itself under another item; choose a top-level item.")
	}
	return nil
}

// ListFilter narrows a list of records.
type ListFilter struct {
	// ActiveOnly keeps only the items marked active, as visitors see them.
	ActiveOnly bool
	// Equal keeps only the records whose text columns hold the given
	// values, by column name ("status": "published"). A column that is
	// not a text column of the entity is an error.
	Equal map[string]string
	// IDs, when not nil, keeps only the records with these ids (none for
	// an empty list), in the entity's order.
	IDs []int64
	// Omit are columns left out of the read, by name: their fields keep
	// their zero value. Lists that show no record's text read without it
	// (PageTextColumns). A column the entity lacks, or one every record
	// has (id, version, the times), is an error.
	Omit []string
}
