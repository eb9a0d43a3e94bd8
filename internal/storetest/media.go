package storetest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"meridian/internal/site"
)

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// mediaItem is an item as an upload stores it: a file's facts and one
// variant.
func mediaItem(name, alt string, content []byte) *site.MediaItem {
	h := sha(content)
	return &site.MediaItem{Name: name, AltText: alt, FocalX: 0.5, FocalY: 0.5, Width: 640, Height: 480,
		ContentType: "image/jpeg", Hash: h, Bytes: int64(len(content)),
		Variants: site.MediaVariants{{Width: 320, Height: 240, Format: site.MediaWebP, URL: "/media/" + sha(append(content, 'w')) + ".webp", Bytes: 10}}}
}

// testMedia: items are records with the file's facts kept by the rules,
// usable derived, one item per file, and pages searched by name and alt
// text; blobs are stored once by hash and only variants are found.
func testMedia(t *testing.T, s site.Store) {
	ctx := context.Background()
	in := mediaItem("Holiday.JPG", "", []byte("original one"))
	a := createRec[site.MediaItem](t, s, site.Media, in)
	if a.ID == 0 || a.Version != 1 || a.Hash != in.Hash || a.Width != 640 || a.Bytes != in.Bytes || a.Usable {
		t.Errorf("created = %+v", a)
	}
	if len(a.Variants) != 1 || a.Variants[0].URL != in.Variants[0].URL || a.Variants[0].Format != site.MediaWebP {
		t.Errorf("variants = %+v", a.Variants)
	}
	if a.FocalX != 0.5 || a.FocalY != 0.5 {
		t.Errorf("focal point = %v, %v", a.FocalX, a.FocalY)
	}
	recent(t, "createdAt", a.CreatedAt)

	// An update writes what an admin says; the file's facts stay as the
	// upload stored them, whatever the write carries.
	upd := any(must(s.UpdateRecord(ctx, site.Media, &site.MediaItem{ID: a.ID, Name: "Beach", AltText: "Two people on a beach at dusk",
		Caption: "Our offsite", Credit: "Photo: Maria", FocalX: 0.25, FocalY: 1, Width: 1, Hash: "forged", Variants: site.MediaVariants{}}, jonas))(t)).(*site.MediaItem)
	if upd.Name != "Beach" || upd.AltText != "Two people on a beach at dusk" || upd.Caption != "Our offsite" || upd.Credit != "Photo: Maria" ||
		upd.FocalX != 0.25 || upd.FocalY != 1 || !upd.Usable || upd.Version != 2 {
		t.Errorf("updated = %+v", upd)
	}
	if upd.Width != 640 || upd.Hash != in.Hash || len(upd.Variants) != 1 || upd.ContentType != "image/jpeg" {
		t.Errorf("the update changed the file's facts: %+v", upd)
	}
	got := any(must(s.FindRecord(ctx, site.Media, a.ID))(t)).(*site.MediaItem)
	if got.AltText != upd.AltText || got.Hash != in.Hash || len(got.Variants) != 1 || got.Variants[0] != in.Variants[0] || !got.Usable {
		t.Errorf("read back = %+v", got)
	}

	// Decorative without alt text is usable too.
	deco := mediaItem("divider.png", "", []byte("original two"))
	deco.Decorative = true
	d := createRec[site.MediaItem](t, s, site.Media, deco)
	if !d.Usable {
		t.Error("a decorative item is not usable")
	}
	plain := createRec[site.MediaItem](t, s, site.Media, mediaItem("Team photo", "", []byte("original three")))

	// One item per file.
	_, err := s.CreateRecord(ctx, site.Media, mediaItem("again.jpg", "", []byte("original one")), maria)
	wantCode(t, err, site.ECONFLICT)
	byHash := must(s.FindMediaByHash(ctx, in.Hash))(t)
	if byHash.ID != a.ID {
		t.Errorf("by hash = %d, want %d", byHash.ID, a.ID)
	}
	_, err = s.FindMediaByHash(ctx, sha([]byte("never")))
	wantCode(t, err, site.ENOTFOUND)

	// Pages, newest first, searched in name and alt text in any case.
	items, total := must2(s.FindMedia(ctx, site.MediaFilter{}))(t)
	if total != 3 || len(items) != 3 || items[0].ID != plain.ID || items[2].ID != a.ID {
		t.Errorf("all: total %d, %v", total, ids(items))
	}
	items, total = must2(s.FindMedia(ctx, site.MediaFilter{Limit: 2, Offset: 2}))(t)
	if total != 3 || len(items) != 1 || items[0].ID != a.ID {
		t.Errorf("page 2 of 2: total %d, %v", total, ids(items))
	}
	for q, want := range map[string][]int64{"BEACH": {a.ID}, "people on": {a.ID}, "TEAM": {plain.ID}, "divider": {d.ID}, "nothing": nil, "%": nil} {
		items, total := must2(s.FindMedia(ctx, site.MediaFilter{Query: q}))(t)
		if total != len(want) || fmt.Sprint(ids(items)) != fmt.Sprint(want) {
			t.Errorf("q=%q: total %d, %v; want %v", q, total, ids(items), want)
		}
	}
	items, total = must2(s.FindMedia(ctx, site.MediaFilter{UsableOnly: true}))(t)
	if total != 2 || items[0].ID != d.ID || items[1].ID != a.ID {
		t.Errorf("usable: total %d, %v", total, ids(items))
	}

	// History: delete and restore bring the item back with its facts.
	must(s.DeleteRecord(ctx, site.Media, a.ID, maria))(t)
	deleted := must(s.FindDeleted(ctx, site.Media))(t)
	if len(deleted) != 1 || deleted[0].RecordID != a.ID {
		t.Fatalf("deleted = %+v", deleted)
	}
	back := any(must(s.RestoreRevision(ctx, site.Media, a.ID, deleted[0].ID, maria))(t)).(*site.MediaItem)
	if back.ID != a.ID || back.Hash != in.Hash || back.AltText != upd.AltText || !back.Usable || len(back.Variants) != 1 {
		t.Errorf("restored = %+v", back)
	}
	if items, _ := must2(s.FindMedia(ctx, site.MediaFilter{Query: "beach"}))(t); len(items) != 1 {
		t.Error("the restored item is not found by its alt text")
	}
	// Restoring the first revision brings back its text, not its facts'
	// absence.
	revs := must(s.FindRevisions(ctx, site.Media, a.ID))(t)
	first := any(must(s.RestoreRevision(ctx, site.Media, a.ID, revs[len(revs)-1].ID, maria))(t)).(*site.MediaItem)
	if first.AltText != "" || first.Usable || first.Name != "Holiday.JPG" || first.Hash != in.Hash {
		t.Errorf("restored to the upload = %+v", first)
	}

	// A deleted file uploaded again is a new item; restoring the old one
	// then conflicts.
	must(s.DeleteRecord(ctx, site.Media, plain.ID, maria))(t)
	again := createRec[site.MediaItem](t, s, site.Media, mediaItem("Team again", "", []byte("original three")))
	gone := must(s.FindDeleted(ctx, site.Media))(t)
	_, err = s.RestoreRevision(ctx, site.Media, plain.ID, gone[0].ID, maria)
	wantCode(t, err, site.ECONFLICT)
	if again.ID == plain.ID {
		t.Error("the new item took the deleted one's id")
	}
}

func ids(items []*site.MediaItem) []int64 {
	var out []int64
	for _, it := range items {
		out = append(out, it.ID)
	}
	return out
}

// upload is what an upload stores: an item of an original and one WebP
// variant, and their blobs.
func upload(name string, original, variant []byte) (*site.MediaItem, []*site.MediaBlob) {
	it := &site.MediaItem{Name: name, FocalX: 0.5, FocalY: 0.5, Width: 640, Height: 480,
		ContentType: "image/jpeg", Hash: sha(original), Bytes: int64(len(original)),
		Variants: site.MediaVariants{{Width: 640, Height: 480, Format: site.MediaWebP, URL: "/media/" + sha(variant) + ".webp", Bytes: len(variant)}}}
	return it, []*site.MediaBlob{
		{Hash: sha(original), ContentType: "image/jpeg", Data: original},
		{Hash: sha(variant), ContentType: "image/webp", Data: variant, Public: true},
	}
}

// testMediaBlobs: an upload stores its blobs with its item; bytes are
// stored once by hash, found only when public, made public by a later
// upload whose variant they are, and stored at once by several uploads
// without error.
func testMediaBlobs(t *testing.T, s site.Store) {
	ctx := context.Background()
	orig := bytes.Repeat([]byte("original "), 1000)
	variant := []byte("RIFF\x00\x00\x00\x00WEBPVP8 variant bytes \x00\x01\x02\xff")
	in, blobs := upload("one.jpg", orig, variant)
	a := must(s.CreateMedia(ctx, in, blobs, maria))(t)
	if a.ID == 0 || a.Version != 1 || a.Hash != sha(orig) || len(a.Variants) != 1 {
		t.Errorf("created = %+v", a)
	}
	if revs := must(s.FindRevisions(ctx, site.Media, a.ID))(t); len(revs) != 1 || revs[0].Action != site.ActionCreate {
		t.Errorf("revisions = %+v, want its creation", revs)
	}
	got := must(s.FindMediaBlob(ctx, sha(variant)))(t)
	if !bytes.Equal(got.Data, variant) || got.ContentType != "image/webp" || got.Hash != sha(variant) {
		t.Errorf("variant = %q %q", got.ContentType, got.Data)
	}
	// Originals are never found: they may carry metadata.
	_, err := s.FindMediaBlob(ctx, sha(orig))
	wantCode(t, err, site.ENOTFOUND)
	_, err = s.FindMediaBlob(ctx, sha([]byte("unknown")))
	wantCode(t, err, site.ENOTFOUND)
	// An export reads both, and says which is served.
	if got := must(s.ExportMediaBlob(ctx, sha(orig)))(t); !bytes.Equal(got.Data, orig) || got.Public || got.ContentType != "image/jpeg" {
		t.Errorf("original for an export = %q public %v, %d bytes", got.ContentType, got.Public, len(got.Data))
	}
	if got := must(s.ExportMediaBlob(ctx, sha(variant)))(t); !bytes.Equal(got.Data, variant) || !got.Public {
		t.Errorf("variant for an export = public %v, %d bytes", got.Public, len(got.Data))
	}
	_, err = s.ExportMediaBlob(ctx, sha([]byte("unknown")))
	wantCode(t, err, site.ENOTFOUND)

	// Bytes stored again as a variant: nothing duplicated, public wins.
	in, blobs = upload("two.jpg", []byte("original two"), orig)
	must(s.CreateMedia(ctx, in, blobs, maria))(t)
	if got := must(s.FindMediaBlob(ctx, sha(orig)))(t); !bytes.Equal(got.Data, orig) {
		t.Error("a blob made public lost its bytes")
	}
	// A later private put (an original equal to a variant) does not hide
	// it again.
	in, blobs = upload("three.webp", variant, []byte("variant three"))
	must(s.CreateMedia(ctx, in, blobs, maria))(t)
	must(s.FindMediaBlob(ctx, sha(variant)))(t)

	// Several uploads of the same variant bytes at once.
	same := []byte("same bytes from two uploads")
	noneFailed(t, "concurrent upload", atOnce(4, func(i int) error {
		return uploadAs(s, fmt.Sprint("same ", i), []byte(fmt.Sprint("original of ", i)), same)
	}))
	must(s.FindMediaBlob(ctx, sha(same)))(t)
}

// uploadAs uploads a file and its variant as maria.
func uploadAs(s site.Store, name string, original, variant []byte) error {
	in, blobs := upload(name, original, variant)
	_, err := s.CreateMedia(context.Background(), in, blobs, maria)
	return err
}

func blobHashes(t *testing.T, s site.Store) string {
	t.Helper()
	var list []string
	inTx(t, s, func(tx *sql.Tx) error {
		rows, err := tx.Query(`SELECT hash FROM media_blobs`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var h string
			if err := rows.Scan(&h); err != nil {
				return err
			}
			list = append(list, h)
		}
		return rows.Err()
	})
	slices.Sort(list)
	return strings.Join(list, " ")
}

func hashList(bs ...[]byte) string {
	var list []string
	for _, b := range bs {
		list = append(list, sha(b))
	}
	slices.Sort(list)
	return strings.Join(list, " ")
}

// testMediaUploadOneTransaction: an upload whose item cannot be stored
// (here: its original is an item already) leaves none of its blobs.
func testMediaUploadOneTransaction(t *testing.T, s site.Store) {
	ctx := context.Background()
	in, blobs := upload("first.jpg", []byte("original"), []byte("variant"))
	must(s.CreateMedia(ctx, in, blobs, maria))(t)
	// The same original, with bytes of its own: the blobs are written
	// first, then the item fails.
	in, blobs = upload("again.jpg", []byte("original"), []byte("another variant"))
	blobs = append(blobs, &site.MediaBlob{Hash: sha([]byte("a private extra")), ContentType: "image/png", Data: []byte("a private extra")})
	_, err := s.CreateMedia(ctx, in, blobs, maria)
	wantCode(t, err, site.ECONFLICT)
	if _, err := s.FindMediaBlob(ctx, sha([]byte("another variant"))); site.ErrorCode(err) != site.ENOTFOUND {
		t.Errorf("the variant of the refused upload is served: %v", err)
	}
	if got, want := blobHashes(t, s), hashList([]byte("original"), []byte("variant")); got != want {
		t.Errorf("blobs after the refused upload = %s, want the first upload's alone, %s", got, want)
	}
	if _, total := must2(s.FindMedia(ctx, site.MediaFilter{}))(t); total != 1 {
		t.Errorf("%d items, want 1", total)
	}
}

// testMediaSweep: the sweep deletes the blobs no item names, and keeps
// those of live items and of deleted ones, which a restore brings back
// working; sweeps at once, beside uploads, are safe.
func testMediaSweep(t *testing.T, s site.Store) {
	ctx := context.Background()
	in, blobs := upload("live.jpg", []byte("live original"), []byte("live variant"))
	must(s.CreateMedia(ctx, in, blobs, maria))(t)
	in, blobs = upload("gone.jpg", []byte("deleted original"), []byte("deleted variant"))
	gone := must(s.CreateMedia(ctx, in, blobs, maria))(t)
	must(s.DeleteRecord(ctx, site.Media, gone.ID, maria))(t)
	orphans := []*site.MediaBlob{
		{Hash: sha([]byte("orphan original")), ContentType: "image/jpeg", Data: []byte("orphan original")},
		{Hash: sha([]byte("orphan variant")), ContentType: "image/webp", Data: []byte("orphan variant"), Public: true},
	}
	// Blobs without an item, as an upload cut off between its blobs and
	// its item left them while they were two transactions.
	inTx(t, s, func(tx *sql.Tx) error { return s.(sqlStore).PutMediaBlobs(ctx, tx, orphans, time.Now()) })
	must(s.FindMediaBlob(ctx, sha([]byte("orphan variant"))))(t)

	if n := must(s.SweepMediaBlobs(ctx))(t); n != 2 {
		t.Errorf("swept %d blobs, want the 2 orphans", n)
	}
	kept := hashList([]byte("live original"), []byte("live variant"), []byte("deleted original"), []byte("deleted variant"))
	if got := blobHashes(t, s); got != kept {
		t.Errorf("blobs after the sweep = %s, want %s", got, kept)
	}
	_, err := s.FindMediaBlob(ctx, sha([]byte("orphan variant")))
	wantCode(t, err, site.ENOTFOUND)
	if n := must(s.SweepMediaBlobs(ctx))(t); n != 0 {
		t.Errorf("a second sweep deleted %d blobs", n)
	}

	// The deleted item comes back with its files.
	deleted := must(s.FindDeleted(ctx, site.Media))(t)
	back := any(must(s.RestoreRevision(ctx, site.Media, gone.ID, deleted[0].ID, maria))(t)).(*site.MediaItem)
	if got := must(s.FindMediaBlob(ctx, strings.TrimSuffix(strings.TrimPrefix(back.Variants[0].URL, "/media/"), ".webp")))(t); string(got.Data) != "deleted variant" {
		t.Errorf("the restored item's variant = %q", got.Data)
	}

	// Sweeps at once, and uploads beside them: every upload keeps its
	// blobs, and no sweep fails.
	noneFailed(t, "sweep or upload at once", atOnce(8, func(i int) error {
		if i%2 == 0 {
			_, err := s.SweepMediaBlobs(ctx)
			return err
		}
		return uploadAs(s, fmt.Sprint("during ", i/2), []byte(fmt.Sprint("original during ", i/2)), []byte(fmt.Sprint("variant during ", i/2)))
	}))
	for i := range 4 {
		must(s.FindMediaBlob(ctx, sha([]byte(fmt.Sprint("variant during ", i)))))(t)
	}
	if n := must(s.SweepMediaBlobs(ctx))(t); n != 0 {
		t.Errorf("the sweep after the uploads deleted %d blobs", n)
	}
}
