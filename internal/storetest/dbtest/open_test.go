package dbtest_test

import (
	"context"
	"fmt"
	"testing"

	"meridian/internal/site"
	"meridian/internal/storetest"
	"meridian/internal/storetest/dbtest"
)

// Instances starting together on a new database apply each migration
// once: the seed rows would otherwise be there twice.
func TestOpenAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, open func(t *testing.T) site.Store) {
		t.Run("Together", func(t *testing.T) {
			for i := range 4 {
				t.Run(fmt.Sprint(i), func(t *testing.T) {
					t.Parallel()
					open(t)
				})
			}
		})
		s, ctx := open(t), context.Background()
		menu, err := site.Find[site.MenuItem](ctx, s, site.MenuItems, site.ListFilter{})
		// SPEC's four items, Company and the fourteen under AI Solutions and Company.
		if err != nil || len(menu) != 19 {
			t.Errorf("menu items = %d, %v; want 19 (the seed applied once)", len(menu), err)
		}
		footer, err := site.Find[site.FooterLink](ctx, s, site.FooterLinks, site.ListFilter{})
		if err != nil || len(footer) != 18 {
			t.Errorf("footer links = %d, %v; want 18", len(footer), err)
		}
	})
}

// An instance started again keeps an admin's changes: the seed does not
// run again.
func TestReopenKeepsChanges(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, open func(t *testing.T) site.Store) {
		s, ctx := open(t), context.Background()
		rec, err := s.FindRecord(ctx, site.Settings, site.SettingsID)
		if err != nil {
			t.Fatal(err)
		}
		rec.(*site.SiteSettings).LogoText = "Acme"
		if _, err := s.UpdateRecord(ctx, site.Settings, rec, site.Write{}); err != nil {
			t.Fatal(err)
		}
		menu, err := site.Find[site.MenuItem](ctx, s, site.MenuItems, site.ListFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.DeleteRecord(ctx, site.MenuItems, menu[0].ID, site.Write{}); err != nil {
			t.Fatal(err)
		}

		again := open(t)
		rec, err = again.FindRecord(ctx, site.Settings, site.SettingsID)
		if err != nil || rec.(*site.SiteSettings).LogoText != "Acme" || site.RecordVersion(rec) != 2 {
			t.Errorf("settings after a restart = %+v, %v; want Acme at version 2", rec, err)
		}
		menu, err = site.Find[site.MenuItem](ctx, again, site.MenuItems, site.ListFilter{})
		if err != nil || len(menu) != 18 {
			t.Errorf("menu items after a restart = %d, %v; want 18", len(menu), err)
		}
	})
}

// Two instances on one database (two handles of their own on one SQLite
// file, two pools on one PostgreSQL schema) book the same time at once:
// one booking succeeds.
func TestBookAtOnceTwoInstances(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, open func(t *testing.T) site.Store) {
		storetest.BookAtOnce(t, open(t), open(t))
	})
}
