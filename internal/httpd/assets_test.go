package httpd

import (
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"meridian/web"
)

// The site's icons and manifest are files of the build, each served with
// its type whatever the system's MIME tables say.
func TestIconTypes(t *testing.T) {
	client, err := fs.Sub(web.Dist, "dist/client")
	if err != nil {
		t.Fatal(err)
	}
	assets, err := LoadAssets(client)
	if err != nil {
		t.Fatal(err)
	}
	srv := &Server{Assets: assets, Logger: slog.New(slog.DiscardHandler)}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()

	for path, want := range map[string]string{
		"/favicon.ico":           "image/x-icon",
		"/favicon.svg":           "image/svg+xml",
		"/apple-touch-icon.png":  "image/png",
		"/icon-192.png":          "image/png",
		"/icon-512.png":          "image/png",
		"/icon-maskable-512.png": "image/png",
		"/site.webmanifest":      "application/manifest+json",
	} {
		res, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("GET %s: status %d", path, res.StatusCode)
		}
		if got := res.Header.Get("Content-Type"); got != want {
			t.Errorf("GET %s: Content-Type %q, want %q", path, got, want)
		}
	}
}
