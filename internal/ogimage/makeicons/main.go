// Command makeicons draws the site's icons in the default brand colour into
// a directory (web/public, whose files the build copies as they are):
//
//	go run ./internal/ogimage/makeicons web/public
//
// favicon.ico (16, 32 and 48 pixels), favicon.svg, apple-touch-icon.png
// (180), icon-192.png, icon-512.png and icon-maskable-512.png, and the web
// app manifest site.webmanifest that names them. The files are committed;
// TestIconsAreCurrent in internal/ogimage fails when they differ from what
// this command draws.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"meridian/internal/ogimage"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: makeicons DIR")
		os.Exit(2)
	}
	files, err := ogimage.IconFiles()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(os.Args[1], name), data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
