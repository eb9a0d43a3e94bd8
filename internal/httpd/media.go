package httpd

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"meridian/internal/media"
	"meridian/internal/site"
)

// The media library's API: uploads (multipart), the paged list, and the
// files of the variants under /media/. Edits, deletes, history and restore
// are the generic handlers of records.go.

const (
	// maxMediaFiles is the most files one upload request carries.
	maxMediaFiles = 10
	// mediaBodyFactor times the per-file limit bounds an upload request's
	// body (plus mediaBodySlack for the parts' headers).
	mediaBodyFactor = 5
	mediaBodySlack  = 1 << 20
	// mediaReadTimeout and mediaWriteTimeout replace the server's
	// deadlines for an upload, which a large body on a slow line and the
	// processing of several photos outlast.
	mediaReadTimeout  = 10 * time.Minute
	mediaWriteTimeout = 15 * time.Minute

	defaultMediaPageSize = 24
	maxMediaPageSize     = 100
)

// mediaLimits are the limits of uploads: the server's, or the defaults.
func (s *Server) mediaLimits() media.Limits {
	l := media.DefaultLimits
	if s.MediaLimits.MaxBytes > 0 {
		l.MaxBytes = s.MediaLimits.MaxBytes
	}
	if s.MediaLimits.MaxPixels > 0 {
		l.MaxPixels = s.MediaLimits.MaxPixels
	}
	if s.MediaLimits.MaxSide > 0 {
		l.MaxSide = s.MediaLimits.MaxSide
	}
	return l
}

// mediaInit makes the processor and the cache of served files, and
// prepares the WebP encoder in the background, on first use.
func (s *Server) mediaInit() {
	s.mediaOnce.Do(func() {
		if s.MediaProcessor == nil {
			s.MediaProcessor = media.NewProcessor(0)
		}
		s.mediaCache = newBlobCache(mediaCacheBytes)
		go media.Warm()
	})
}

// FormatBytes writes a size in bytes as people read it (20 MB, 512 KB).
func FormatBytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MB"
	case n >= 1<<20:
		return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// uploadedFile is one part of an upload.
type uploadedFile struct {
	name, contentType string
	data              []byte
}

// fileName makes the name a part was sent with fit for a record and a
// message: its base name, valid UTF-8 without control characters, at most
// 200 characters; "image" when nothing is left.
func fileName(raw string) string {
	raw = strings.ToValidUTF8(raw, "\uFFFD")
	raw = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, raw)
	if i := strings.LastIndexAny(raw, `/\`); i >= 0 {
		raw = raw[i+1:]
	}
	raw = strings.TrimSpace(raw)
	if utf8.RuneCountInString(raw) > site.MaxShortText {
		raw = string([]rune(raw)[:site.MaxShortText])
	}
	if raw == "" {
		return "image"
	}
	return raw
}

// readUploads reads the parts of a multipart upload: every part a file
// named "file", each within the size limit. On failure it has answered.
func (s *Server) readUploads(w http.ResponseWriter, r *http.Request, lim media.Limits) ([]uploadedFile, bool) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" || params["boundary"] == "" {
		writeJSON(w, http.StatusUnsupportedMediaType, errorBody{Message: "Send the files as multipart/form-data, each in a part named file."})
		return nil, false
	}
	maxBody := lim.MaxBytes*mediaBodyFactor + mediaBodySlack
	mr := multipart.NewReader(http.MaxBytesReader(w, r.Body, maxBody), params["boundary"])
	var files []uploadedFile
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			s.multipartError(w, err, maxBody)
			return nil, false
		}
		if part.FormName() != "file" {
			writeJSON(w, http.StatusBadRequest, errorBody{Message: fmt.Sprintf("Unknown part %q: send each file in a part named file.", part.FormName())})
			return nil, false
		}
		name := fileName(part.FileName())
		if len(files) == maxMediaFiles {
			writeJSON(w, http.StatusBadRequest, errorBody{Message: fmt.Sprintf("Send at most %d files at once.", maxMediaFiles)})
			return nil, false
		}
		data, err := io.ReadAll(io.LimitReader(part, lim.MaxBytes+1))
		if err != nil {
			s.multipartError(w, err, maxBody)
			return nil, false
		}
		if int64(len(data)) > lim.MaxBytes {
			writeJSON(w, http.StatusRequestEntityTooLarge, errorBody{Message: fmt.Sprintf("%s: the file is larger than %s, the most the site accepts.", name, FormatBytes(lim.MaxBytes))})
			return nil, false
		}
		files = append(files, uploadedFile{name: name, contentType: part.Header.Get("Content-Type"), data: data})
	}
	if len(files) == 0 {
		writeJSON(w, http.StatusBadRequest, errorBody{Message: "Send at least one file, in a part named file."})
		return nil, false
	}
	return files, true
}

// multipartError answers a body that could not be read as parts.
func (s *Server) multipartError(w http.ResponseWriter, err error, maxBody int64) {
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		writeJSON(w, http.StatusRequestEntityTooLarge, errorBody{Message: fmt.Sprintf("The upload is larger than %s in all; send fewer files at once.", FormatBytes(maxBody-mediaBodySlack))})
		return
	}
	writeJSON(w, http.StatusBadRequest, errorBody{Message: "The request body is not valid multipart/form-data."})
}

// handleMediaUpload stores the images of a multipart upload and answers
// 201 {data: [items]}, one item per file in the order sent. Every file is
// checked, and every new one processed, before anything is stored: one
// refused file refuses the whole request, and nothing of it is stored.
// A file already in the library (by the SHA-256 of its bytes) answers its
// item as it is, and is not processed or stored again.
func (s *Server) handleMediaUpload(w http.ResponseWriter, r *http.Request) {
	s.mediaInit()
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Now().Add(mediaReadTimeout))   // not every writer supports deadlines; then the server's hold
	rc.SetWriteDeadline(time.Now().Add(mediaWriteTimeout)) //
	lim := s.mediaLimits()
	files, ok := s.readUploads(w, r, lim)
	if !ok {
		return
	}
	ctx := r.Context()

	// The headers of all files first: no pixel is decoded while one of
	// them is refused.
	infos := make([]*media.Info, len(files))
	for i, f := range files {
		info, err := media.Inspect(f.name, f.contentType, f.data, lim)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		infos[i] = info
	}

	// Then the pixels, of the files not in the library yet.
	type job struct {
		hash     string
		item     *site.MediaItem
		variants []media.Variant
	}
	jobs := make([]*job, len(files))
	byHash := map[string]*job{}
	for i, f := range files {
		hash := media.Hash(f.data)
		if j := byHash[hash]; j != nil {
			jobs[i] = j // the same file twice in one request
			continue
		}
		j := &job{hash: hash}
		byHash[hash], jobs[i] = j, j
		existing, err := s.Store.FindMediaByHash(ctx, hash)
		if err == nil {
			j.item = existing
			continue
		}
		if site.ErrorCode(err) != site.ENOTFOUND {
			s.writeError(w, r, err)
			return
		}
		if j.variants, err = s.MediaProcessor.Process(ctx, infos[i], f.data); err != nil {
			s.writeError(w, r, err)
			return
		}
	}

	// Then the bytes and the items, file by file.
	out := make([]*site.MediaItem, len(files))
	for i, f := range files {
		j := jobs[i]
		if j.item == nil {
			item, err := s.storeUpload(r, f, infos[i], j.hash, j.variants)
			if err != nil {
				s.writeRecordError(w, r, err)
				return
			}
			j.item, j.variants = item, nil
		}
		out[i] = j.item
	}
	writeJSON(w, http.StatusCreated, dataBody{out})
}

// storeUpload stores the original and variants of a processed file and its
// item, in one transaction. Should another request have stored the same file meanwhile,
// its item is the answer.
func (s *Server) storeUpload(r *http.Request, f uploadedFile, info *media.Info, hash string, variants []media.Variant) (*site.MediaItem, error) {
	ctx := r.Context()
	blobs := []*site.MediaBlob{{Hash: hash, ContentType: info.Format.ContentType(), Data: f.data}}
	item := &site.MediaItem{Name: f.name, FocalX: 0.5, FocalY: 0.5, Width: info.Width, Height: info.Height,
		ContentType: info.Format.ContentType(), Hash: hash, Bytes: int64(len(f.data)), Variants: site.MediaVariants{}}
	for _, v := range variants {
		blobs = append(blobs, &site.MediaBlob{Hash: v.Hash, ContentType: v.Format.ContentType(), Data: v.Data, Public: true})
		item.Variants = append(item.Variants, site.MediaVariant{Width: v.Width, Height: v.Height, Format: string(v.Format),
			URL: mediaURL(v.Hash, v.Format), Bytes: len(v.Data)})
	}
	if err := item.Validate(); err != nil {
		return nil, err
	}
	out, err := s.Store.CreateMedia(ctx, item, blobs, site.Write{Actor: actor(r)})
	if site.ErrorCode(err) == site.ECONFLICT {
		if existing, err2 := s.Store.FindMediaByHash(ctx, hash); err2 == nil {
			return existing, nil
		}
	}
	return out, err
}

// mediaURL is the address of a variant: its own content's hash, so that
// it is stable and can be cached for good.
func mediaURL(hash string, f media.Format) string {
	return "/media/" + hash + "." + f.Ext()
}

// mediaPage is the answer of the media list.
type mediaPage struct {
	Data     []*site.MediaItem `json:"data"`
	Total    int               `json:"total"`
	Page     int               `json:"page"`
	PageSize int               `json:"pageSize"`
}

// mediaFilter reads ?q=, ?usable=, ?page= and ?pageSize=.
func mediaFilter(q url.Values) (f site.MediaFilter, page, size int, err error) {
	if err := site.CheckText(&struct {
		Query string `json:"q" label:"Search text"`
	}{q.Get("q")}); err != nil {
		return f, 0, 0, err
	}
	f.Query = strings.TrimSpace(q.Get("q"))
	if utf8.RuneCountInString(f.Query) > maxLeadQuery {
		return f, 0, 0, site.Errorf(site.EINVALID, "The search text must be at most %d characters.", maxLeadQuery)
	}
	switch v := q.Get("usable"); v {
	case "", "false":
	case "true":
		f.UsableOnly = true
	default:
		return f, 0, 0, site.Errorf(site.EINVALID, "usable must be true or false.")
	}
	page, size = 1, defaultMediaPageSize
	if v := q.Get("page"); v != "" {
		if page, err = strconv.Atoi(v); err != nil || page < 1 || page > 1_000_000 {
			return f, 0, 0, site.Errorf(site.EINVALID, "The page must be a whole number from 1 to 1000000.")
		}
	}
	if v := q.Get("pageSize"); v != "" {
		if size, err = strconv.Atoi(v); err != nil || size < 1 || size > maxMediaPageSize {
			return f, 0, 0, site.Errorf(site.EINVALID, "The page size must be a whole number from 1 to %d.", maxMediaPageSize)
		}
	}
	f.Offset, f.Limit = (page-1)*size, size
	return f, page, size, nil
}

// handleMediaList answers a page of the library, newest first:
// {data, total, page, pageSize}, each item with where it is used.
func (s *Server) handleMediaList(w http.ResponseWriter, r *http.Request) {
	s.mediaInit()
	f, page, size, err := mediaFilter(r.URL.Query())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, total, err := s.Store.FindMedia(r.Context(), f)
	if err == nil {
		err = site.MediaUsage(r.Context(), s.Store, list)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, mediaPage{Data: list, Total: total, Page: page, PageSize: size})
}

// handleMediaItem answers one item of the library, with where it is used:
// {data: item}.
func (s *Server) handleMediaItem(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, site.Media.Noun)
	if !ok {
		return
	}
	rec, err := s.Store.FindRecord(r.Context(), site.Media, id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	item := rec.(*site.MediaItem)
	if err := site.MediaUsage(r.Context(), s.Store, []*site.MediaItem{item}); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, dataBody{item})
}
