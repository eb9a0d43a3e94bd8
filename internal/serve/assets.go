package serve

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"slices"
	"strings"

	"github.com/andybalholm/brotli"
)

// asset is one static file, held in memory with its compressed forms made
// once at start, so that serving it costs a map lookup and a write.
type asset struct {
	contentType string
	etag        string
	immutable   bool
	raw, gzip   []byte
	brotli      []byte
}

// Assets serves the files of the browser build.
type Assets struct {
	files map[string]*asset
}

// compressible lists the types worth compressing; images and fonts are
// compressed already.
var compressible = map[string]bool{
	".js": true, ".css": true, ".svg": true, ".json": true, ".txt": true, ".xml": true, ".map": true, ".webmanifest": true,
}

// assetTypes are the types of files that Go's own table lacks, which
// mime.TypeByExtension would otherwise take from the system's files, if any.
var assetTypes = map[string]string{
	".ico":         "image/x-icon",
	".webmanifest": "application/manifest+json",
	".woff2":       "font/woff2",
}

// LoadAssets reads every file of the browser build except the HTML shell
// and the build manifest.
func LoadAssets(dist fs.FS) (*Assets, error) {
	a := &Assets{files: make(map[string]*asset)}
	err := fs.WalkDir(dist, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".vite" {
				return fs.SkipDir
			}
			return nil
		}
		if p == "index.html" || strings.HasSuffix(p, ".gz") || strings.HasSuffix(p, ".br") {
			// The shell is the pages' business; compressed copies belong to
			// their originals.
			return nil
		}
		raw, err := fs.ReadFile(dist, p)
		if err != nil {
			return err
		}
		ext := path.Ext(p)
		ct := assetTypes[ext]
		if ct == "" {
			ct = mime.TypeByExtension(ext)
		}
		if ct == "" {
			ct = "application/octet-stream"
		}
		if strings.HasPrefix(ct, "text/") && !strings.Contains(ct, "charset") {
			ct += "; charset=utf-8"
		}
		sum := sha256.Sum256(raw)
		f := &asset{
			contentType: ct,
			etag:        `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`,
			immutable:   strings.HasPrefix(p, "assets/"),
			raw:         raw,
		}
		if compressible[ext] && len(raw) > 256 {
			// The build writes compressed copies beside each file; compress
			// here only what it did not (a quick level, to keep start-up fast).
			f.gzip, _ = fs.ReadFile(dist, p+".gz")
			f.brotli, _ = fs.ReadFile(dist, p+".br")
			if f.gzip == nil || f.brotli == nil {
				f.gzip, f.brotli = compress(raw)
			}
		}
		a.files["/"+p] = f
		return nil
	})
	return a, err
}

func compress(raw []byte) (gz, br []byte) {
	var g bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&g, gzip.DefaultCompression)
	zw.Write(raw)
	zw.Close()
	var b bytes.Buffer
	bw := brotli.NewWriterLevel(&b, 5)
	bw.Write(raw)
	bw.Close()
	return g.Bytes(), b.Bytes()
}

// Paths returns the URL paths of the files, such as /favicon.svg, sorted.
func (a *Assets) Paths() []string {
	out := make([]string, 0, len(a.files))
	for p := range a.files {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// lookup returns the file at the URL path p, if the build has one.
func (a *Assets) lookup(p string) *asset { return a.files[p] }

// Has reports whether the build has a file at the URL path p.
func (a *Assets) Has(p string) bool { return a != nil && a.files[p] != nil }

func (a *Assets) serve(w http.ResponseWriter, r *http.Request, f *asset) {
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	if f.immutable {
		// Hashed file names change with their content.
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "public, max-age=3600")
	}
	writeEncoded(w, r, http.StatusOK, encodedBody{
		etag: f.etag, gzTag: encodedTag(f.etag, "gz"), brTag: encodedTag(f.etag, "br"),
		raw: f.raw, gz: f.gzip, br: f.brotli,
	})
}
