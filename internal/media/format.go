// Package media checks uploaded images and makes the variants the site
// serves: it finds the type from the bytes, refuses what it cannot or must
// not take, reads the dimensions from the header before decoding anything,
// and then decodes, orients and scales the image into responsive variants
// in WebP and in the original's format (JPEG or PNG for AVIF), re-encoded from pixels so that no
// metadata of the original (EXIF, GPS, XMP, ICC) reaches a visitor.
package media

import (
	"bytes"
	"path"
	"strings"
)

// Format is an image format the site stores.
type Format string

// The formats of originals and variants.
const (
	JPEG Format = "jpeg"
	PNG  Format = "png"
	WebP Format = "webp"
	// AVIF is taken as an original only: its variants are WebP and JPEG
	// (PNG when it has transparency).
	AVIF Format = "avif"
)

// ContentType is the media type of the format.
func (f Format) ContentType() string { return "image/" + string(f) }

// Ext is the file extension of the format's variants, without the dot.
func (f Format) Ext() string {
	if f == JPEG {
		return "jpg"
	}
	return string(f)
}

// Label names the format in messages.
func (f Format) Label() string {
	switch f {
	case WebP:
		return "WebP"
	case AVIF:
		return "AVIF"
	}
	return strings.ToUpper(string(f))
}

// FormatOfExt returns the format whose variants carry the extension ext
// (without the dot).
func FormatOfExt(ext string) (Format, bool) {
	switch ext {
	case "jpg":
		return JPEG, true
	case "png":
		return PNG, true
	case "webp":
		return WebP, true
	}
	return "", false
}

// kind is what the first bytes of a file say it is: one of the accepted
// formats, or another kind that is named in the refusal.
type kind string

const (
	kindJPEG    kind = "JPEG"
	kindPNG     kind = "PNG"
	kindWebP    kind = "WebP"
	kindAVIF    kind = "AVIF"
	kindHEIC    kind = "HEIC"
	kindGIF     kind = "GIF"
	kindSVG     kind = "SVG"
	kindBMP     kind = "BMP"
	kindTIFF    kind = "TIFF"
	kindUnknown kind = ""
)

// format is the accepted format of k; empty when k is not accepted.
func (k kind) format() Format {
	switch k {
	case kindJPEG:
		return JPEG
	case kindPNG:
		return PNG
	case kindWebP:
		return WebP
	case kindAVIF:
		return AVIF
	}
	return ""
}

// withArticle is the kind with "a" or "an" before it, as a message says it.
func (k kind) withArticle() string {
	if k == kindAVIF {
		return "an " + string(k)
	}
	return "a " + string(k)
}

// sniff reads the kind of a file from its first bytes.
func sniff(b []byte) kind {
	switch {
	case bytes.HasPrefix(b, []byte{0xFF, 0xD8, 0xFF}):
		return kindJPEG
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return kindPNG
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return kindWebP
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		return kindGIF
	case bytes.HasPrefix(b, []byte("BM")) && len(b) >= 26:
		return kindBMP
	case bytes.HasPrefix(b, []byte("II*\x00")), bytes.HasPrefix(b, []byte("MM\x00*")):
		return kindTIFF
	}
	if len(b) >= 12 && string(b[4:8]) == "ftyp" {
		// An ISO base media file: the brands say which.
		end := min(len(b), 64)
		brands := string(b[8:end])
		switch {
		case strings.Contains(brands, "avif"), strings.Contains(brands, "avis"):
			return kindAVIF
		case strings.Contains(brands, "heic"), strings.Contains(brands, "heix"), strings.Contains(brands, "mif1"), strings.Contains(brands, "heif"):
			return kindHEIC
		}
	}
	if looksLikeSVG(b) {
		return kindSVG
	}
	return kindUnknown
}

// looksLikeSVG reports whether b starts like an XML or SVG document
// (possibly gzipped, as .svgz is).
func looksLikeSVG(b []byte) bool {
	if bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
		return false // gzip: unknown, refused as such
	}
	head := b[:min(len(b), 4096)]
	head = bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF"))
	head = bytes.TrimLeft(head, " \t\r\n")
	lower := bytes.ToLower(head)
	return bytes.HasPrefix(lower, []byte("<?xml")) && bytes.Contains(lower, []byte("<svg")) ||
		bytes.HasPrefix(lower, []byte("<svg")) ||
		bytes.HasPrefix(lower, []byte("<!doctype svg")) ||
		bytes.HasPrefix(lower, []byte("<!--")) && bytes.Contains(lower, []byte("<svg"))
}

// extKinds maps the file extensions of images to the kind they claim.
var extKinds = map[string]kind{
	"jpg": kindJPEG, "jpeg": kindJPEG, "jpe": kindJPEG, "jfif": kindJPEG, "pjpeg": kindJPEG, "pjp": kindJPEG,
	"png": kindPNG, "apng": kindPNG,
	"webp": kindWebP,
	"avif": kindAVIF,
	"heic": kindHEIC, "heif": kindHEIC,
	"gif": kindGIF,
	"svg": kindSVG, "svgz": kindSVG,
	"bmp": kindBMP,
	"tif": kindTIFF, "tiff": kindTIFF,
}

// typeKinds maps the media types a browser or client may send to the kind
// they claim.
var typeKinds = map[string]kind{
	"image/jpeg": kindJPEG, "image/jpg": kindJPEG, "image/pjpeg": kindJPEG,
	"image/png": kindPNG, "image/apng": kindPNG, "image/x-png": kindPNG,
	"image/webp": kindWebP,
	"image/avif": kindAVIF,
	"image/heic": kindHEIC, "image/heif": kindHEIC,
	"image/gif":     kindGIF,
	"image/svg+xml": kindSVG,
	"image/bmp":     kindBMP, "image/x-ms-bmp": kindBMP,
	"image/tiff": kindTIFF,
}

// claimedKinds returns what the file's name and its sent type claim it
// is, each empty when it claims no image type. A sent type that says
// nothing (application/octet-stream, none) claims nothing; any other type
// claims to be something, and when it is no image kind it is returned as
// it was sent.
func claimedKinds(name, contentType string) (byName kind, byType string) {
	if ext := strings.ToLower(strings.TrimPrefix(path.Ext(name), ".")); ext != "" {
		byName = extKinds[ext]
	}
	ct := strings.ToLower(strings.TrimSpace(contentType))
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = strings.TrimSpace(ct[:i])
	}
	switch ct {
	case "", "application/octet-stream", "binary/octet-stream", "application/unknown":
		return byName, ""
	}
	return byName, ct
}
