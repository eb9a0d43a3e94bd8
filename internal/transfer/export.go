package transfer

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"meridian/internal/backup"
	"meridian/internal/site"
)

// Export writes the content of the site of store to the archive file (a
// .tar.gz or .zip): every record of every kind, the page form's checks,
// and the media items the records name with their files (the original and
// its variants). m gives the manifest's version, database and schema; the
// manifest written is returned. A record that names a media item the
// library does not hold, or one that may not be shown (no alt text, not
// decorative), refuses the export: an import would refuse it.
func Export(ctx context.Context, store site.Store, file string, m backup.Manifest) (*backup.Manifest, error) {
	tmp, err := os.MkdirTemp(filepath.Dir(file), ".site-export-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	m.Kind = backup.KindContent
	m.Created = time.Now().UTC().Truncate(time.Second)
	m.Tables = nil
	m.Records = map[string]int64{}
	var names []string
	add := func(name string, records any, n int) error {
		b, err := json.MarshalIndent(records, "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(tmp, name+".json"), append(b, '\n'), 0o600); err != nil {
			return err
		}
		names = append(names, name+".json")
		m.Records[name] = int64(n)
		return nil
	}

	// Each record names the media items it uses by their ids on this
	// site, which media.json gives with the hash of each.
	used := map[int64][]string{}
	files := map[string][]string{}
	for _, k := range recordKinds {
		list, err := sortedRecords(ctx, store, k.e)
		if err != nil {
			return nil, err
		}
		out := make([]json.RawMessage, len(list))
		fields := k.fields()
		parents := k.parentKeys(list)
		for i, rec := range list {
			mediaRefs(rec, func(id int64) int64 {
				used[id] = append(used[id], k.describe(rec))
				return id
			})
			for _, h := range mediaFiles(rec) {
				files[h] = append(files[h], k.describe(rec))
			}
			if out[i], err = pick(rec, fields); err != nil {
				return nil, err
			}
			if id, ok := parentOf(rec); ok {
				if out[i], err = withParent(out[i], parents[id]); err != nil {
					return nil, err
				}
			}
		}
		if err := add(k.name, out, len(out)); err != nil {
			return nil, err
		}
	}
	checks, err := store.GetPageCheckSettings(ctx)
	if err != nil {
		return nil, err
	}
	if err := add(pageChecksName, []pageChecks{{Off: checks.Off}}, 1); err != nil {
		return nil, err
	}

	library, err := sortedRecords(ctx, store, site.Media)
	if err != nil {
		return nil, err
	}
	media := []json.RawMessage{}
	var problems []string
	blobs := map[string]bool{}
	for _, rec := range library {
		it := rec.(*site.MediaItem)
		var by []string
		for _, h := range variantHashes(it) {
			by = append(by, files[h]...)
			delete(files, h)
		}
		by = append(by, used[it.ID]...)
		if len(by) == 0 {
			continue
		}
		if _, ok := used[it.ID]; ok && !it.Usable {
			problems = append(problems, fmt.Sprintf("%s names the media item %q (media:%d), which has no alt text and is not marked decorative: give it alt text", by[0], it.Name, it.ID))
		}
		delete(used, it.ID)
		b, err := pick(it, mediaKind.fields())
		if err != nil {
			return nil, err
		}
		media = append(media, b)
		for _, h := range append([]string{it.Hash}, variantHashes(it)...) {
			if blobs[h] {
				continue
			}
			blobs[h] = true
			if err := exportBlob(ctx, store, tmp, h); err != nil {
				return nil, fmt.Errorf("the file %s of the media item %q: %w", h, it.Name, err)
			}
			names = append(names, mediaDir+h)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(used)) {
		problems = append(problems, fmt.Sprintf("%s names the media item media:%d, which the media library does not hold: choose another image", used[id][0], id))
	}
	for _, h := range slices.Sorted(maps.Keys(files)) {
		problems = append(problems, fmt.Sprintf("%s names the file /media/%s of the media library, which no item of the library has: choose another image", files[h][0], h))
	}
	if len(problems) > 0 {
		return nil, &Refused{What: "The content cannot be exported", Problems: problems}
	}
	if err := add(mediaKind.name, media, len(media)); err != nil {
		return nil, err
	}
	if err := backup.Write(file, m, tmp, names); err != nil {
		return nil, err
	}
	return &m, nil
}

// sortedRecords returns the records of e in the order of their ids, which
// is the order an import creates them in.
func sortedRecords(ctx context.Context, store site.RecordService, e *site.Entity) ([]site.Record, error) {
	list, err := store.FindRecords(ctx, e, site.ListFilter{})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(list, func(a, b site.Record) int { return cmp.Compare(site.RecordID(a), site.RecordID(b)) })
	return list, nil
}

// exportBlob writes the blob with hash into dir's media folder, after
// checking that its bytes are what the hash says.
func exportBlob(ctx context.Context, store site.MediaService, dir, hash string) error {
	b, err := store.ExportMediaBlob(ctx, hash)
	if err != nil {
		return err
	}
	if sum := sha256.Sum256(b.Data); hex.EncodeToString(sum[:]) != hash {
		return fmt.Errorf("its bytes are not those of its hash: the database is damaged")
	}
	if err := os.MkdirAll(filepath.Join(dir, mediaDir), 0o700); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, filepath.FromSlash(mediaDir+hash)), b.Data, 0o600)
}

// Refused is an archive or a site whose content cannot be moved: What
// says so, and each problem is one line for the operator.
type Refused struct {
	What     string
	Problems []string
}

func (e *Refused) Error() string {
	if len(e.Problems) == 0 {
		return e.What
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s (%d %s):", e.What, len(e.Problems), plural(len(e.Problems), "problem", "problems"))
	for _, p := range e.Problems {
		b.WriteString("\n  " + p)
	}
	return b.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// lowerFirst is s with its first letter in lower case, to go on a
// sentence.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
