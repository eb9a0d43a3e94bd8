package httpd

import (
	"net/http"
	"strconv"
	"strings"
)

// writeEncoded writes a body that exists in up to three encodings, choosing
// the smallest the client accepts, and answers 304 when the client's copy
// is current.
func writeEncoded(w http.ResponseWriter, r *http.Request, status int, etag string, raw, gz, br []byte) {
	h := w.Header()
	body, tag := raw, etag
	if gz != nil || br != nil {
		h.Set("Vary", "Accept-Encoding")
		// Each encoding is a different representation, so it has its own tag.
		switch enc := r.Header.Get("Accept-Encoding"); {
		case br != nil && acceptsEncoding(enc, "br"):
			h.Set("Content-Encoding", "br")
			body, tag = br, encodedTag(etag, "br")
		case gz != nil && acceptsEncoding(enc, "gzip"):
			h.Set("Content-Encoding", "gzip")
			body, tag = gz, encodedTag(etag, "gz")
		}
	}
	h.Set("ETag", tag)
	if status == http.StatusOK && etagMatches(r.Header.Get("If-None-Match"), etag) {
		h.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// acceptsEncoding reports whether an Accept-Encoding header allows enc.
func acceptsEncoding(header, enc string) bool {
	for header != "" {
		var part string
		part, header, _ = strings.Cut(header, ",")
		name, params, _ := strings.Cut(part, ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) {
			continue
		}
		params = strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return params != "q=0" && params != "q=0.0" && params != "q=0.00" && params != "q=0.000"
	}
	return false
}

func encodedTag(etag, enc string) string {
	return strings.TrimSuffix(etag, `"`) + "-" + enc + `"`
}

// etagMatches reports whether If-None-Match names the body with tag etag in
// any of its encodings: they all carry the same content.
func etagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	base := strings.TrimSuffix(etag, `"`)
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag || t == base+`-br"` || t == base+`-gz"` {
			return true
		}
	}
	return false
}
