package storetest

import (
	"context"
	"testing"

	"meridian/internal/site"
)

// testMenuTree: a menu item may sit under a top-level item, one level
// deep; the store refuses an unknown parent, a child of a child, and a
// parent that would go under another; deleting a parent makes its items
// top-level; the public menu nests the active children under their parent.
func testMenuTree(t *testing.T, s site.Store) {
	ctx := context.Background()
	parent := createRec[site.MenuItem](t, s, site.MenuItems, &site.MenuItem{Title: "Products", URL: "#", Order: 7, IsActive: true})
	child := createRec[site.MenuItem](t, s, site.MenuItems, &site.MenuItem{Title: "Widgets", URL: "/widgets", Order: 1, IsActive: true, ParentID: &parent.ID})
	if child.ParentID == nil || *child.ParentID != parent.ID {
		t.Fatalf("child = %+v, want under %d", child, parent.ID)
	}
	got := any(must(s.FindRecord(ctx, site.MenuItems, child.ID))(t)).(*site.MenuItem)
	if got.ParentID == nil || *got.ParentID != parent.ID {
		t.Errorf("child as read = %+v", got)
	}

	_, err := s.CreateRecord(ctx, site.MenuItems, &site.MenuItem{Title: "Deep", URL: "/deep", IsActive: true, ParentID: &child.ID}, maria)
	wantError(t, err, site.EINVALID, "Menu items go one level deep: Widgets is itself under another item; choose a top-level item.")
	unknown := int64(1 << 40)
	_, err = s.CreateRecord(ctx, site.MenuItems, &site.MenuItem{Title: "Lost", URL: "/lost", IsActive: true, ParentID: &unknown}, maria)
	wantError(t, err, site.EINVALID, "The parent menu item does not exist (it may have been deleted): choose another one.")
	other := createRec[site.MenuItem](t, s, site.MenuItems, &site.MenuItem{Title: "Other", URL: "/other", Order: 8, IsActive: true})
	parent.ParentID = &other.ID
	_, err = s.UpdateRecord(ctx, site.MenuItems, parent, maria)
	wantError(t, err, site.EINVALID, "This item has items under it, so it stays a top-level item: move its items first.")

	var public *site.PublicMenuItem
	for _, m := range site.PublicMenu(find[site.MenuItem](t, s, site.MenuItems, site.ListFilter{ActiveOnly: true})) {
		if m.Title == "Products" {
			public = m
		}
		if m.Title == "Widgets" {
			t.Error("a child is listed at the top level")
		}
	}
	if public == nil || len(public.Children) != 1 || public.Children[0].Title != "Widgets" || public.Children[0].URL != "/widgets" {
		t.Errorf("public Products = %+v", public)
	}

	// Deleting the parent makes its item top-level.
	must(s.DeleteRecord(ctx, site.MenuItems, parent.ID, maria))(t)
	got = any(must(s.FindRecord(ctx, site.MenuItems, child.ID))(t)).(*site.MenuItem)
	if got.ParentID != nil {
		t.Errorf("child of a deleted parent = %+v, want top-level", got)
	}
}
