package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"path"
	"regexp"
	"strings"
)

// firstLoad is what a first visit to a page downloads, gzip-encoded, by
// kind of resource.
type firstLoad struct {
	html, js, css, other int
	requests             int
	files                []string
}

var (
	// Assets a page names: scripts, stylesheets, module preloads, images.
	htmlRefs     = regexp.MustCompile(`(?:src|href)="(/(?:assets|images)/[^"]+)"`)
	inlineStyles = regexp.MustCompile(`(?s)<style>(.*?)</style>`)
	// The modules the after-paint loader starts, once the page has painted:
	// <script defer src="/assets/after-paint-….js" data-load="/assets/a.js /assets/b.js">.
	afterPaint = regexp.MustCompile(`data-load="([^"]+)"`)
	// Static imports inside a module: import{..}from"./x.js" and import"./x.js".
	jsImports = regexp.MustCompile(`(?:from|import)\s*"(\./[^"]+\.js)"`)
)

// measureFirstLoad fetches a page and, as a browser would before it can run
// the page, every asset the HTML names, the modules its after-paint loader
// starts, and every module those statically import, all with
// Accept-Encoding: gzip.
func measureFirstLoad(baseURL, page string) (*firstLoad, error) {
	ctx := context.Background()
	body, _, status, err := get(ctx, baseURL+page, "gzip")
	if err != nil {
		return nil, err
	}
	if status != 200 {
		return nil, fmt.Errorf("%s: status %d", page, status)
	}
	plain, err := gunzip(body)
	if err != nil {
		return nil, err
	}
	fl := &firstLoad{html: len(body), requests: 1}
	// Stylesheets inlined in the HTML count as CSS too (they are also in html).
	for _, m := range inlineStyles.FindAllSubmatch(plain, -1) {
		fl.css += gzipLen(m[1])
	}
	seen := map[string]bool{}
	var queue []string
	for _, m := range htmlRefs.FindAllStringSubmatch(string(plain), -1) {
		queue = append(queue, m[1])
	}
	for _, m := range afterPaint.FindAllStringSubmatch(string(plain), -1) {
		queue = append(queue, strings.Fields(m[1])...)
	}
	for len(queue) > 0 {
		ref := queue[0]
		queue = queue[1:]
		if seen[ref] {
			continue
		}
		seen[ref] = true
		b, h, status, err := get(ctx, baseURL+ref, "gzip")
		if err != nil {
			return nil, err
		}
		if status != 200 {
			return nil, fmt.Errorf("%s: status %d", ref, status)
		}
		fl.requests++
		fl.files = append(fl.files, ref)
		switch {
		case strings.HasSuffix(ref, ".js"):
			fl.js += len(b)
			src := b
			if h.Get("Content-Encoding") == "gzip" {
				if src, err = gunzip(b); err != nil {
					return nil, err
				}
			}
			for _, m := range jsImports.FindAllStringSubmatch(string(src), -1) {
				queue = append(queue, path.Join(path.Dir(ref), m[1]))
			}
		case strings.HasSuffix(ref, ".css"):
			fl.css += len(b)
		default:
			fl.other += len(b)
		}
	}
	return fl, nil
}

func gzipLen(b []byte) int {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(b)
	zw.Close()
	return buf.Len()
}
