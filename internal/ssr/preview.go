package ssr

import "meridian/internal/site"

// previewWidth is the width link previews show best (Open Graph's
// recommended 1200 × 630).
const previewWidth = 1200

// previewVariant is the file of a cover for link previews: a JPEG or PNG
// (which every preview reads; WebP not everywhere), the narrowest at least
// previewWidth wide, else the widest; false without a cover or such a file.
func previewVariant(cover *site.PublicMedia) (site.PublicVariant, bool) {
	var best site.PublicVariant
	found := false
	if cover == nil {
		return best, false
	}
	for _, v := range cover.Variants {
		if v.Format != site.MediaJPEG && v.Format != site.MediaPNG {
			continue
		}
		switch {
		case !found:
		case best.Width < previewWidth && v.Width > best.Width:
		case v.Width >= previewWidth && v.Width < best.Width:
		default:
			continue
		}
		best, found = v, true
	}
	return best, found
}
