package serve

import (
	"net/http"
	"strconv"
	"strings"
)

// encodedBody is a body in up to three encodings. Each encoding is a
// representation of its own, so each has its own tag.
type encodedBody struct {
	etag, gzTag, brTag string
	raw, gz, br        []byte
}

// Header values that never change, ready to assign: Header().Set would
// allocate them on every request of the hot path.
var (
	varyAcceptEncoding = []string{"Accept-Encoding"}
	encodingBrotli     = []string{"br"}
	encodingGzip       = []string{"gzip"}
)

// writeEncoded writes a body, choosing the smallest encoding the client
// accepts, and answers 304 when the client's copy is current.
func writeEncoded(w http.ResponseWriter, r *http.Request, status int, b encodedBody) {
	h := w.Header()
	body, tag := b.raw, b.etag
	if b.gz != nil || b.br != nil {
		h["Vary"] = varyAcceptEncoding
		switch enc := r.Header.Get("Accept-Encoding"); {
		case b.br != nil && acceptsEncoding(enc, "br"):
			h["Content-Encoding"] = encodingBrotli
			body, tag = b.br, b.brTag
		case b.gz != nil && acceptsEncoding(enc, "gzip"):
			h["Content-Encoding"] = encodingGzip
			body, tag = b.gz, b.gzTag
		}
	}
	h["Etag"] = []string{tag}
	if status == http.StatusOK && etagMatches(r.Header.Get("If-None-Match"), b.etag) {
		delete(h, "Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
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
