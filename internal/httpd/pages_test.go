package httpd

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"meridian/internal/site"
)

func TestAdminShell(t *testing.T) {
	ts, _, _ := assetServer(t)

	for _, path := range []string{"/admin", "/admin/login"} {
		t.Run("Serves"+strings.ReplaceAll(path, "/", "_"), func(t *testing.T) {
			res, err := http.Get(ts.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, _ := io.ReadAll(res.Body)
			body := string(b)
			if got, want := res.StatusCode, http.StatusOK; got != want {
				t.Fatalf("status = %d, want %d", got, want)
			}
			if got, want := res.Header.Get("Content-Type"), "text/html; charset=utf-8"; got != want {
				t.Errorf("content type = %q, want %q", got, want)
			}
			for _, want := range []string{
				"<title>Admin Panel</title>",
				`<meta name="robots" content="noindex" />`,
				`<div id="root"></div>`,
				`<script defer src="/assets/after-paint-`,
			} {
				if !strings.Contains(body, want) {
					t.Errorf("page lacks %q:\n%s", want, body)
				}
			}
			if strings.Contains(body, "<!--ssr-") {
				t.Errorf("page keeps a shell marker:\n%s", body)
			}
		})
	}
}

// The admin's shell is in the brand colours of the settings, as the public
// pages are: the admin's primary colour follows them.
func TestAdminShellBrandColours(t *testing.T) {
	for _, o := range stores(t) {
		t.Run(o.name, func(t *testing.T) {
			a := newTestAPI(t, o)
			_, assets, _ := assetServer(t)
			a.configure(func(s *Server) { s.Assets = assets })
			a.user("root", site.RoleAdmin)
			token := a.login("root")
			for _, c := range []struct{ name, body, want string }{
				{"Defaults", "", `<html lang="en" style="--brand-primary:#2563eb;--brand-secondary:#1e40af">`},
				{"Saved", `{"logoText":"Acme AI","primaryColor":"#0f766e","secondaryColor":"#facc15"}`, `<html lang="en" style="--brand-primary:#0f766e;--brand-secondary:#facc15">`},
			} {
				t.Run(c.name, func(t *testing.T) {
					if c.body != "" {
						if res, body := a.do("PUT", "/api/admin/site-settings", token, c.body, nil); res.StatusCode != http.StatusOK {
							t.Fatalf("saving the settings: %d %s", res.StatusCode, body)
						}
					}
					for _, path := range []string{"/admin", "/admin/login"} {
						res, body := a.do("GET", path, "", "", nil)
						if res.StatusCode != http.StatusOK || !strings.Contains(body, c.want) {
							t.Errorf("GET %s: %d, want 200 with %q:\n%.400s", path, res.StatusCode, c.want, body)
						}
					}
				})
			}
		})
	}
}
