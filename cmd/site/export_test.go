package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"meridian/internal/backup"
	"meridian/internal/media/mediatest"
)

// uploadedImage is an item of the media library as an upload answers it.
type uploadedImage struct {
	ID       int64  `json:"id"`
	Hash     string `json:"hash"`
	Variants []struct {
		URL string `json:"url"`
	} `json:"variants"`
}

// uploadImage uploads a PNG of w by h pixels to the media library and
// returns the item.
func uploadImage(t *testing.T, base, token string, w, h int) uploadedImage {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	part, _ := mw.CreateFormFile("file", "photo.png")
	part.Write(mediatest.PNG(t, mediatest.Photo(w, h)))
	mw.Close()
	req, _ := http.NewRequest("POST", base+"/api/admin/media", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var got struct {
		Data []uploadedImage `json:"data"`
	}
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 201 || json.Unmarshal(b, &got) != nil || len(got.Data) != 1 || len(got.Data[0].Variants) == 0 {
		t.Fatalf("upload: %d %s", res.StatusCode, b)
	}
	return got.Data[0]
}

// mustWrite sends a write of the admin's API and fails the test unless it
// succeeds.
func mustWrite(t *testing.T, base, token, method, path, body string) []byte {
	t.Helper()
	code, got := postJSON(t, base+path, token, method, body)
	if code < 200 || code > 299 {
		t.Fatalf("%s %s: %d %s", method, path, code, got)
	}
	return got
}

// publicPage is what a visitor gets at an address: its status, where it
// redirects and its body.
type publicPage struct {
	status   int
	location string
	body     string
}

// publicPages fetches every page the sitemap lists, the sitemap itself,
// robots.txt, the feed and the other addresses given, from the site at
// base whose public address is siteURL.
func publicPages(t *testing.T, base, siteURL string, more ...string) map[string]publicPage {
	t.Helper()
	_, sitemap := get(t, base+"/sitemap.xml", nil)
	paths := append([]string{"/sitemap.xml", "/robots.txt", "/blog/feed.xml"}, more...)
	for _, m := range regexp.MustCompile(`<loc>([^<]+)</loc>`).FindAllStringSubmatch(sitemap, -1) {
		paths = append(paths, strings.TrimPrefix(m[1], siteURL))
	}
	if len(paths) < 10 {
		t.Fatalf("the sitemap lists few pages:\n%s", sitemap)
	}
	out := map[string]publicPage{}
	for _, p := range paths {
		res, body := get(t, base+p, nil)
		out[p] = publicPage{res.StatusCode, res.Header.Get("Location"), body}
	}
	return out
}

// firstDifference shows where a and b part.
func firstDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-80)
	return fmt.Sprintf("at byte %d:\n  %q\nwant\n  %q", i, a[from:min(len(a), i+80)], b[from:min(len(b), i+80)])
}

// dbRows reads every row of every table of the site's database, as text,
// sorted, by table: what a test compares to see that nothing changed.
func dbRows(t *testing.T, env map[string]string) map[string][]string {
	t.Helper()
	var raw *sql.DB
	var err error
	list := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	if u := env["DATABASE_URL"]; u != "" {
		raw, err = sql.Open("pgx", u)
		list = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`
	} else {
		raw, err = sql.Open("sqlite", filepath.Join(env["SITE_DATA_DIR"], "site.db"))
	}
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	rows, err := raw.Query(list)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		rows.Scan(&name)
		tables = append(tables, name)
	}
	rows.Close()
	out := map[string][]string{}
	for _, table := range tables {
		rows, err := raw.Query(`SELECT * FROM "` + table + `"`)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for i, v := range vals {
				if s, ok := v.([]byte); ok {
					v = string(s)
				}
				fmt.Fprintf(&b, "%s=%v ", cols[i], v)
			}
			out[table] = append(out[table], b.String())
		}
		rows.Close()
		slices.Sort(out[table])
	}
	return out
}

// sameRows fails the test for each table whose rows differ between a and
// b, among tables (all when none are named).
func sameRows(t *testing.T, what string, a, b map[string][]string, tables ...string) {
	t.Helper()
	if len(tables) == 0 {
		for table := range a {
			tables = append(tables, table)
		}
		for table := range b {
			if _, ok := a[table]; !ok {
				tables = append(tables, table)
			}
		}
	}
	for _, table := range tables {
		if slices.Equal(a[table], b[table]) {
			continue
		}
		var gone, added []string
		for _, r := range a[table] {
			if !slices.Contains(b[table], r) {
				gone = append(gone, r)
			}
		}
		for _, r := range b[table] {
			if !slices.Contains(a[table], r) {
				added = append(added, r)
			}
		}
		t.Errorf("%s changed the rows of %s:\nbefore:\n%s\nafter:\n%s", what, table, strings.Join(gone, "\n"), strings.Join(added, "\n"))
	}
}

// A site's content exported and imported into a fresh site gives a site
// that serves every public page as the first did, to the byte; the import
// leaves the new site's leads, users, sessions and audit log as they were,
// and a second import changes nothing.
func TestContentExportImport(t *testing.T) {
	t.Parallel()
	for _, db := range backupSites() {
		t.Run(db.name, func(t *testing.T) {
			const siteURL = "https://www.example.com"
			src := db.fresh(t)
			src["SITE_ADMIN_PASSWORD"], src["SITE_URL"] = testPassword, siteURL
			base, _, stop, done := runSite(t, []string{"-addr", "127.0.0.1:0"}, src)
			token := loginAs(t, base, "admin", testPassword)

			// Texts, a picture on a page, an article, a testimonial and the
			// share image, the menu, the settings' logo and colours, a
			// redirect and the page form's checks.
			pic := uploadImage(t, base, token, 320, 200)
			logo := uploadImage(t, base, token, 240, 80)
			mustWrite(t, base, token, "PUT", fmt.Sprintf("/api/admin/media/%d", pic.ID), `{"name":"team.png","altText":"The team at work","caption":"Our office","focalX":0.4,"focalY":0.6}`)
			mustWrite(t, base, token, "PUT", fmt.Sprintf("/api/admin/media/%d", logo.ID), `{"name":"logo.png","decorative":true,"focalX":0.5,"focalY":0.5}`)
			mustWrite(t, base, token, "POST", "/api/admin/content", `{"section":"hero","key":"main_title","value":"Moved from staging"}`)
			mustWrite(t, base, token, "POST", "/api/admin/content", fmt.Sprintf(`{"section":"share","key":"/","value":"media:%d"}`, pic.ID))
			mustWrite(t, base, token, "POST", "/api/admin/pages", fmt.Sprintf(`{"title":"Our approach","slug":"our-approach","status":"published",
				"metaDescription":"How we work with our clients.","featuredImage":"media:%d",
				"body":{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"We start with the decision a model should change."}]},
				{"type":"image","attrs":{"mediaId":%d,"alt":"The team"}}]}}`, pic.ID, pic.ID))
			mustWrite(t, base, token, "POST", "/api/admin/pages", fmt.Sprintf(`{"title":"From pilot to production","slug":"pilot-to-production","status":"published","template":"article",
				"author":"Ada Lovelace","category":"AI Strategy","tags":["mlops","strategy"],"excerpt":"Five gaps between a pilot and a product.","featuredImage":"media:%d",
				"content":"Most pilots never reach production. Here is why, and what to do about it."}`, pic.ID))
			mustWrite(t, base, token, "POST", "/api/admin/pages", `{"title":"Not yet","slug":"not-yet","content":"A draft."}`)
			mustWrite(t, base, token, "PUT", "/api/admin/menu-items/3", `{"title":"Why us","url":"/#benefits","order":3,"isActive":true}`)
			mustWrite(t, base, token, "DELETE", "/api/admin/menu-items/4", "")
			mustWrite(t, base, token, "POST", "/api/admin/menu-items", `{"title":"Blog","url":"/blog","order":5,"isActive":true}`)
			mustWrite(t, base, token, "POST", "/api/admin/menu-items", `{"title":"News","url":"/blog","order":6,"isActive":true}`)
			// A new parent (22) with an item under it, and Blog under Company (5):
			// the export names each parent by its natural key.
			mustWrite(t, base, token, "POST", "/api/admin/menu-items", `{"title":"Resources","url":"#","order":7,"isActive":true}`)
			mustWrite(t, base, token, "POST", "/api/admin/menu-items", `{"title":"Guides","url":"/guides","order":1,"isActive":true,"parentId":22}`)
			mustWrite(t, base, token, "PUT", "/api/admin/menu-items/20", `{"title":"Blog","url":"/blog","order":5,"isActive":true,"parentId":5}`)
			mustWrite(t, base, token, "POST", "/api/admin/testimonials", fmt.Sprintf(`{"name":"Grace Hopper","title":"CTO, Compilers Inc","content":"They shipped.","initials":"GH","photo":"media:%d","order":1,"isActive":true}`, pic.ID))
			mustWrite(t, base, token, "PUT", "/api/admin/site-settings", fmt.Sprintf(`{"logoText":"Meridian","logoImageUrl":%q,"logoImageAlt":"Meridian","useImageLogo":true,"primaryColor":"#0f766e","secondaryColor":"#115e59"}`, logo.Variants[0].URL))
			mustWrite(t, base, token, "POST", "/api/admin/redirects", `{"source":"/old-news","target":"/blog/pilot-to-production"}`)
			mustWrite(t, base, token, "PUT", "/api/admin/page-check-settings", `{"off":["altText"]}`)
			mustWrite(t, base, token, "POST", "/api/admin/positions", `{"title":"Technical Writer","department":"Delivery","location":"Berlin","summary":"Writes what we build.",
				"description":{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Guides, notes and talks."}]}]},"postedOn":"2026-11-01"}`)
			extra := []string{"/old-news", "/no-such-page", "/our-approach?utm_source=x", pic.Variants[0].URL, logo.Variants[0].URL}
			want := publicPages(t, base, siteURL, extra...)
			if !strings.Contains(want["/our-approach"].body, "We start with the decision") || !strings.Contains(want["/"].body, "Moved from staging") {
				t.Fatal("the source site does not show its content")
			}
			stop()
			<-done

			file := filepath.Join(t.TempDir(), "content.tar.gz")
			out, err := siteCommand(src, "export", "--content", file)
			if err != nil || !strings.Contains(out, "2 media items") || !strings.Contains(out, "1 testimonial") {
				t.Fatalf("export: %v\n%s", err, out)
			}

			// The new site has people of its own: a lead, a second user, a
			// session, the audit log of their sign-in.
			dst := db.fresh(t)
			dst["SITE_ADMIN_PASSWORD"], dst["SITE_URL"] = testPassword, siteURL
			base2, _, stop2, done2 := runSite(t, []string{"-addr", "127.0.0.1:0"}, dst)
			loginAs(t, base2, "admin", testPassword)
			if code, body := postJSON(t, base2+"/api/contact", "", "POST", `{"firstName":"Ada","lastName":"Lovelace","email":"ada@example.com","company":"Engines","fillMs":5000}`); code != 201 {
				t.Fatalf("lead: %d %s", code, body)
			}
			stop2()
			<-done2
			if out, err := siteCommand(dst, "admin", "create", "--username", "maria"); err != nil {
				t.Fatalf("admin create: %v\n%s", err, out)
			}
			before := dbRows(t, dst)

			// A dry run lists the changes and makes none.
			out, err = siteCommand(dst, "import", "--dry-run", file)
			if err != nil {
				t.Fatalf("dry run: %v\n%s", err, out)
			}
			words := strings.Join(strings.Fields(out), " ")
			for _, line := range []string{"create media team.png", "create media logo.png", "create pages /our-approach", "create pages /blog/pilot-to-production",
				"create pages /not-yet", "update menu-items \"Why us\" → /#benefits", "delete menu-items \"Testimonials\" → /#testimonials",
				"create menu-items \"Blog\" → /blog", "create menu-items \"News\" → /blog", "create menu-items \"Resources\" → #", "create menu-items \"Guides\" → /guides", "update site-settings", "create content hero · main_title", "create testimonials Grace Hopper",
				"create redirects /old-news → /blog/pilot-to-production", "update page-check-settings",
				"create positions /careers/technical-writer (Technical Writer)", "Nothing was changed (--dry-run)."} {
				if !strings.Contains(words, line) {
					t.Errorf("the dry run does not say %q:\n%s", line, out)
				}
			}
			sameRows(t, "the dry run", before, dbRows(t, dst))

			out, err = siteCommand(dst, "import", file)
			if err != nil || !strings.Contains(out, "Imported: ") {
				t.Fatalf("import: %v\n%s", err, out)
			}
			imported := dbRows(t, dst)
			sameRows(t, "the import", before, imported, "contact_submissions", "lead_deliveries", "users", "admin_sessions", "login_throttle", "analytics_hourly")
			// The audit log keeps its entries and gains the import's.
			for _, e := range before["audit_log"] {
				if !slices.Contains(imported["audit_log"], e) {
					t.Errorf("the import changed or removed the audit entry %s", e)
				}
			}
			added := len(imported["audit_log"]) - len(before["audit_log"])
			if added < 10 {
				t.Errorf("the import added %d audit entries", added)
			}
			for _, e := range imported["audit_log"] {
				if !slices.Contains(before["audit_log"], e) && !strings.Contains(e, "username=site import") {
					t.Errorf("an audit entry of the import not by the import: %s", e)
				}
			}

			// Once more: nothing to do, and no row changes.
			out, err = siteCommand(dst, "import", file)
			if err != nil || !strings.Contains(out, "Nothing to import") {
				t.Errorf("second import: %v\n%s", err, out)
			}
			sameRows(t, "the second import", imported, dbRows(t, dst))

			base2, _, stop2, done2 = runSite(t, []string{"-addr", "127.0.0.1:0"}, dst)
			got := publicPages(t, base2, siteURL, extra...)
			for _, p := range slices.Sorted(func(yield func(string) bool) {
				for p := range want {
					if !yield(p) {
						return
					}
				}
			}) {
				w, g := want[p], got[p]
				switch {
				case g.status != w.status || g.location != w.location:
					t.Errorf("%s: %d %s, want %d %s", p, g.status, g.location, w.status, w.location)
				case g.body != w.body:
					t.Errorf("%s differs from the source site's %s", p, firstDifference(g.body, w.body))
				}
			}
			if len(got) != len(want) {
				t.Errorf("the new site's sitemap lists %d addresses, the source's %d", len(got), len(want))
			}
			stop2()
			<-done2
		})
	}
}

// contentArchive rewrites the export in file with edit, which may change,
// add or remove its files (by name, nil to remove), and returns the new
// archive's path.
func contentArchive(t *testing.T, file string, edit func(files map[string][]byte)) string {
	t.Helper()
	dir := t.TempDir()
	m, err := backup.ExtractContent(file, dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range m.Files {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Name)))
		if err != nil {
			t.Fatal(err)
		}
		files[f.Name] = b
	}
	edit(files)
	out := t.TempDir()
	var names []string
	for name, b := range files {
		if b == nil {
			continue
		}
		path := filepath.Join(out, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(path), 0o700)
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	slices.Sort(names)
	path := filepath.Join(t.TempDir(), "edited.tar.gz")
	if err := backup.Write(path, *m, out, names); err != nil {
		t.Fatal(err)
	}
	return path
}

// editRecords changes the records of one file of an export.
func editRecords(t *testing.T, files map[string][]byte, name string, edit func(records []map[string]any) []map[string]any) {
	t.Helper()
	var records []map[string]any
	if err := json.Unmarshal(files[name], &records); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(edit(records))
	if err != nil {
		t.Fatal(err)
	}
	files[name] = b
}

// An import with unknown fields, a broken reference to a media item, of a
// kind of content this version does not know, or of a backup is refused
// with what is wrong, and changes nothing; a backup is not restored from
// an export either. An import over what was changed on the site since its
// last import lists the conflicts and changes nothing, unless forced.
func TestContentImportRefuses(t *testing.T) {
	t.Parallel()
	for _, db := range backupSites() {
		t.Run(db.name, func(t *testing.T) {
			src := db.fresh(t)
			src["SITE_ADMIN_PASSWORD"] = testPassword
			base, _, stop, done := runSite(t, []string{"-addr", "127.0.0.1:0"}, src)
			token := loginAs(t, base, "admin", testPassword)
			pic := uploadImage(t, base, token, 160, 100)
			mustWrite(t, base, token, "PUT", fmt.Sprintf("/api/admin/media/%d", pic.ID), `{"name":"team.png","altText":"The team","focalX":0.5,"focalY":0.5}`)
			mustWrite(t, base, token, "POST", "/api/admin/pages", fmt.Sprintf(`{"title":"Team","slug":"team","status":"published","featuredImage":"media:%d","content":"Who we are."}`, pic.ID))
			mustWrite(t, base, token, "POST", "/api/admin/content", `{"section":"hero","key":"main_title","value":"From the export"}`)
			stop()
			<-done
			good := filepath.Join(t.TempDir(), "content.zip")
			if out, err := siteCommand(src, "export", "--content", good); err != nil {
				t.Fatalf("export: %v\n%s", err, out)
			}
			backupFile := filepath.Join(t.TempDir(), "backup.tar.gz")
			if out, err := siteCommand(src, "backup", backupFile); err != nil {
				t.Fatalf("backup: %v\n%s", err, out)
			}

			dst := db.fresh(t)
			dst["SITE_ADMIN_PASSWORD"] = testPassword
			_, _, stop2, done2 := runSite(t, []string{"-addr", "127.0.0.1:0"}, dst)
			stop2()
			<-done2
			before := dbRows(t, dst)

			unknown := contentArchive(t, good, func(files map[string][]byte) {
				editRecords(t, files, "pages.json", func(rs []map[string]any) []map[string]any {
					rs[len(rs)-1]["colour"] = "teal"
					rs[len(rs)-1]["id"] = 7
					return rs
				})
			})
			broken := contentArchive(t, good, func(files map[string][]byte) {
				editRecords(t, files, "content.json", func(rs []map[string]any) []map[string]any {
					return append(rs, map[string]any{"section": "share", "key": "/", "value": "media:999"})
				})
			})
			noFiles := contentArchive(t, good, func(files map[string][]byte) {
				files["media/"+pic.Hash] = nil
			})
			newer := contentArchive(t, good, func(files map[string][]byte) {
				files["webinars.json"] = []byte(`[{"title":"Engineer"}]`)
			})
			for _, c := range []struct {
				name, file string
				want       []string
			}{
				{"unknown fields", unknown, []string{`pages.json, record`, `unknown fields "colour", "id"`, "nothing was changed"}},
				{"a broken reference", broken, []string{"content share · / names the media item media:999, which the export does not hold (a broken reference)"}},
				{"media files missing", noFiles, []string{"team.png", "its files are not all in the export", "this site does not have it (a broken reference)"}},
				{"a newer kind", newer, []string{"webinars.json is a kind of content this version does not know"}},
				{"a backup", backupFile, []string{"is a backup of a whole site, not an export of its content: restore it with site restore"}},
			} {
				out, err := siteCommand(dst, "import", c.file)
				for _, w := range c.want {
					if err == nil || !strings.Contains(out+err.Error(), w) {
						t.Errorf("%s: %v, want a refusal saying %q\n%s", c.name, err, w, out)
					}
				}
				sameRows(t, c.name, before, dbRows(t, dst))
			}
			// Nor is an export restored as a backup.
			empty := db.fresh(t)
			if out, err := siteCommand(empty, "restore", good); err == nil || !strings.Contains(err.Error(), "is an export of a site's content, not a backup") {
				t.Errorf("restore of an export: %v\n%s", err, out)
			}

			// Imported, then changed here: the next import of another
			// version of the text is a conflict.
			if out, err := siteCommand(dst, "import", good); err != nil {
				t.Fatalf("import: %v\n%s", err, out)
			}
			base2, _, stop2, done2 := runSite(t, []string{"-addr", "127.0.0.1:0"}, dst)
			token2 := loginAs(t, base2, "admin", testPassword)
			mustWrite(t, base2, token2, "POST", "/api/admin/content", `{"section":"hero","key":"main_title","value":"Changed in production"}`)
			var pages struct {
				Data []struct {
					ID   int64  `json:"id"`
					Slug string `json:"slug"`
				} `json:"data"`
			}
			_, list := get(t, base2+"/api/admin/pages", map[string]string{"Authorization": "Bearer " + token2})
			if err := json.Unmarshal([]byte(list), &pages); err != nil {
				t.Fatal(err)
			}
			for _, p := range pages.Data {
				if p.Slug == "team" {
					mustWrite(t, base2, token2, "DELETE", fmt.Sprintf("/api/admin/pages/%d", p.ID), "")
				}
			}
			stop2()
			<-done2
			changed := contentArchive(t, good, func(files map[string][]byte) {
				editRecords(t, files, "content.json", func(rs []map[string]any) []map[string]any {
					rs[0]["value"] = "From the second export"
					return rs
				})
			})
			edited := dbRows(t, dst)
			out, err := siteCommand(dst, "import", "--dry-run", changed)
			if err != nil || !strings.Contains(out, "(2 conflicts)") || !strings.Contains(out, "The import stops at the conflicts, unless --force.") {
				t.Errorf("a dry run with conflicts: %v\n%s", err, out)
			}
			sameRows(t, "the dry run with conflicts", edited, dbRows(t, dst))
			out, err = siteCommand(dst, "import", changed)
			words := strings.Join(strings.Fields(out), " ")
			if err == nil || !strings.Contains(words, "update content hero · main_title CONFLICT: admin changed it on this site at") ||
				!strings.Contains(words, "create pages /team CONFLICT: admin deleted it on this site at") || !strings.Contains(err.Error(), "2 of its changes would undo what was changed on this site") ||
				!strings.Contains(err.Error(), "--force") {
				t.Errorf("an import over changes made here: %v\n%s", err, out)
			}
			sameRows(t, "the refused import", edited, dbRows(t, dst))
			if out, err := siteCommand(dst, "import", "--force", changed); err != nil || !strings.Contains(out, "Imported: 1 created, 1 updated (2 conflicts)") {
				t.Errorf("import --force: %v\n%s", err, out)
			}
			base2, _, stop2, done2 = runSite(t, []string{"-addr", "127.0.0.1:0"}, dst)
			if _, home := get(t, base2+"/", nil); !strings.Contains(home, "From the second export") {
				t.Error("the forced import did not write the text")
			}
			if res, _ := get(t, base2+"/team", nil); res.StatusCode != 200 {
				t.Errorf("the forced import did not bring the page back: /team answers %d", res.StatusCode)
			}
			stop2()
			<-done2
		})
	}
}
