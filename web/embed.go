// Package web embeds the built frontend: the browser build in dist/client and
// the server bundle in dist/server. Build it with `make web` first.
package web

import "embed"

// Dist holds dist/client and dist/server.
//
//go:embed all:dist
var Dist embed.FS
