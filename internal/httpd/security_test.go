package httpd

import (
	"strings"
	"testing"
)

func TestSecurityHeaders(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	res, _ := a.do("GET", "/api/public/site-settings", "", "", nil)
	csp := res.Header.Get("Content-Security-Policy")
	for _, want := range []string{"script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe-inline'; object") || strings.Contains(strings.SplitN(strings.SplitN(csp, "script-src", 2)[1], ";", 2)[0], "unsafe") {
		t.Errorf("CSP allows inline script: %q", csp)
	}
	for h, want := range map[string]string{
		"X-Content-Type-Options": "nosniff",
		"Referrer-Policy":        "strict-origin-when-cross-origin",
		"Content-Type":           "application/json; charset=utf-8",
	} {
		if got := res.Header.Get(h); got != want {
			t.Errorf("%s = %q, want %q", h, got, want)
		}
	}
	if got := res.Header.Get("Strict-Transport-Security"); got != "" {
		t.Errorf("HSTS over plain HTTP without configuration: %q", got)
	}
	a.configure(func(s *Server) { s.HSTS = true })
	res, _ = a.do("GET", "/api/public/site-settings", "", "", nil)
	if got := res.Header.Get("Strict-Transport-Security"); !strings.HasPrefix(got, "max-age=") {
		t.Errorf("HSTS configured: %q", got)
	}
}

func TestCrossOriginWritesRefused(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	body := `{"firstName":"A","lastName":"B","email":"a@b.co","company":"C"}`
	res, got := a.do("POST", "/api/contact", "", body, map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"})
	if res.StatusCode != 403 || !strings.Contains(got, "Cross-origin request refused.") {
		t.Errorf("cross-site POST: %d %s, want 403", res.StatusCode, got)
	}
	if acao := res.Header.Get("Access-Control-Allow-Origin"); acao != "" {
		t.Errorf("Access-Control-Allow-Origin = %q", acao)
	}
	res, _ = a.do("POST", "/api/contact", "", body, map[string]string{"Origin": "https://evil.example"})
	if res.StatusCode != 403 {
		t.Errorf("POST with a foreign Origin: %d, want 403", res.StatusCode)
	}
	res, _ = a.do("POST", "/api/contact", "", body, map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": a.ts.URL})
	if res.StatusCode != 201 {
		t.Errorf("same-origin POST: %d, want 201", res.StatusCode)
	}
	n, _ := a.store.CountLeads(t.Context())
	if n != 1 {
		t.Errorf("leads = %d, want 1 (only the same-origin one)", n)
	}
	res, _ = a.do("OPTIONS", "/api/contact", "", "", map[string]string{"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"})
	if acao := res.Header.Get("Access-Control-Allow-Origin"); acao != "" {
		t.Errorf("preflight allowed a foreign origin: %q", acao)
	}
}

func TestBodyNeedsJSONContentType(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	res, body := a.do("POST", "/api/contact", "", `{"firstName":"A"}`, map[string]string{"Content-Type": "text/plain"})
	if res.StatusCode != 415 || !strings.Contains(body, "application/json") {
		t.Errorf("text/plain body: %d %s, want 415", res.StatusCode, body)
	}
}

func TestInternalErrorHidesDetails(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	a.store.Close()
	res, body := a.do("GET", "/api/public/site-settings", "", "", nil)
	if res.StatusCode != 500 || strings.TrimSpace(body) != `{"message":"Internal error."}` {
		t.Errorf("closed database: %d %s", res.StatusCode, body)
	}
}
