package ssr

import (
	"encoding/json"
	"fmt"
	"slices"
)

// Manifest is the browser build's manifest (.vite/manifest.json): which file
// each source module became and which chunks it imports.
type Manifest struct {
	chunks map[string]manifestChunk
	// entry holds the files the HTML shell already loads.
	entry map[string]bool
}

type manifestChunk struct {
	File    string   `json:"file"`
	Imports []string `json:"imports"`
}

// ParseManifest reads the manifest; the shell's entry is index.html.
func ParseManifest(b []byte) (*Manifest, error) {
	m := &Manifest{entry: map[string]bool{}}
	if err := json.Unmarshal(b, &m.chunks); err != nil {
		return nil, fmt.Errorf("ssr: build manifest: %w", err)
	}
	if _, ok := m.chunks["index.html"]; !ok {
		return nil, fmt.Errorf("ssr: build manifest has no index.html entry")
	}
	m.walk("index.html", func(file string) { m.entry[file] = true })
	return m, nil
}

func (m *Manifest) walk(key string, visit func(file string)) {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(k string) {
		c, ok := m.chunks[k]
		if !ok || seen[k] {
			return
		}
		seen[k] = true
		visit(c.File)
		for _, i := range c.Imports {
			walk(i)
		}
	}
	walk(key)
}

// Preloads returns the URL paths of the files a page whose code lives in
// the chunk of source module key needs beyond what the shell loads: the
// chunk and everything it imports statically. The page names them as module
// preloads, so the browser fetches them with the HTML's other scripts
// instead of after the main script has run. It fails for a key the build
// does not know, so that a renamed page cannot silently lose its preload.
func (m *Manifest) Preloads(key string) ([]string, error) {
	if _, ok := m.chunks[key]; !ok {
		return nil, fmt.Errorf("ssr: the build manifest has no chunk for %s", key)
	}
	var files []string
	m.walk(key, func(file string) {
		if !m.entry[file] {
			files = append(files, "/"+file)
		}
	})
	slices.Sort(files)
	return files, nil
}
