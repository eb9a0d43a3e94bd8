package httpd

import (
	"io"
	"net/http"
	"strings"
	"testing"
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
				`<script type="module"`,
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
