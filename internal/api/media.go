package api

import (
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"meridian/internal/auth"
	"meridian/internal/httpx"
	"meridian/internal/media"
	"meridian/internal/metrics"
	"meridian/internal/site"
)

// The media library's API: uploads (multipart) and the paged list; the
// files of the variants are served under /media/ by package serve. Edits, deletes, history and restore
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
	// processing of several photos outlast; while it is read, an upload
	// that sends nothing for UploadLimits.Idle is cut sooner.
	mediaReadTimeout  = 10 * time.Minute
	mediaWriteTimeout = 15 * time.Minute
	// Retry-After of an upload refused for the uploads in progress: the
	// site's, or the user's own.
	uploadBusyRetry    = 10 * time.Second
	uploadPerUserRetry = 5 * time.Second

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
	l.MemoryLimit = s.MediaLimits.MemoryLimit
	return l
}

// processor is the processor of uploads: the server's, or one with the
// default budget, made on first use with the WebP encoder prepared in the
// background.
func (s *Server) processor() *media.Processor {
	s.mediaOnce.Do(func() {
		if s.MediaProcessor == nil {
			s.MediaProcessor = media.NewProcessor(0)
		}
		go media.Warm()
	})
	return s.MediaProcessor
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

// readUploads reads the parts of a multipart upload of at most size
// bytes: every part a file named "file", each within the size limit, all
// into one buffer of that size.
func (s *Server) readUploads(w http.ResponseWriter, body io.Reader, boundary string, size int64, lim media.Limits) ([]uploadedFile, error) {
	maxBody := lim.MaxBytes*mediaBodyFactor + mediaBodySlack
	mr := multipart.NewReader(http.MaxBytesReader(w, io.NopCloser(body), size), boundary)
	// One buffer for the files, within the bytes reserved: a file is read
	// into what is left of it, and never copied as it grows.
	buf := make([]byte, 0, size)
	var files []uploadedFile
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, multipartError(err, maxBody)
		}
		if part.FormName() != "file" {
			return nil, site.Errorf(site.EINVALID, "Unknown part %q: send each file in a part named file.", part.FormName())
		}
		name := fileName(part.FileName())
		if len(files) == maxMediaFiles {
			return nil, site.Errorf(site.EINVALID, "Send at most %d files at once.", maxMediaFiles)
		}
		start := len(buf)
		for err == nil && len(buf) < cap(buf) && int64(len(buf)-start) <= lim.MaxBytes {
			var n int
			n, err = part.Read(buf[len(buf):min(cap(buf), start+int(lim.MaxBytes)+1)])
			buf = buf[:len(buf)+n]
		}
		if err != nil && err != io.EOF {
			return nil, multipartError(err, maxBody)
		}
		data := buf[start:len(buf):len(buf)]
		if int64(len(data)) > lim.MaxBytes {
			return nil, site.Errorf(site.ETOOLARGE, "%s: the file is larger than %s, the most the site accepts.", name, site.FormatBytes(lim.MaxBytes))
		}
		files = append(files, uploadedFile{name: name, contentType: part.Header.Get("Content-Type"), data: data})
	}
	if len(files) == 0 {
		return nil, site.Errorf(site.EINVALID, "Send at least one file, in a part named file.")
	}
	return files, nil
}

// multipartError says why a body could not be read as parts.
func multipartError(err error, maxBody int64) error {
	var maxErr *http.MaxBytesError
	switch {
	case errors.As(err, &maxErr):
		return site.Errorf(site.ETOOLARGE, "The upload is larger than %s in all; send fewer files at once.", site.FormatBytes(maxBody-mediaBodySlack))
	case errors.Is(err, os.ErrDeadlineExceeded):
		return site.Errorf(site.ETIMEOUT, "The upload stalled: nothing arrived for too long. Send it again.")
	}
	return site.Errorf(site.EINVALID, "The request body is not valid multipart/form-data.")
}

// handleMediaUpload stores the images of a multipart upload and answers
// 201 {data: [items]}, one item per file in the order sent. Every file is
// checked, and every new one processed, before anything is stored: one
// refused file refuses the whole request, and nothing of it is stored.
// A file already in the library (by the SHA-256 of its bytes) answers its
// item as it is, and is not processed or stored again.
func (s *Server) handleMediaUpload(w http.ResponseWriter, r *http.Request) (err error) {
	defer func() { s.Metrics.Upload(uploadResult(err)) }()
	s.processor()
	lim := s.mediaLimits()
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" || params["boundary"] == "" {
		return site.Errorf(site.EUNSUPPORTED, "Send the files as multipart/form-data, each in a part named file.")
	}
	size, release, err := s.admitUpload(r, lim)
	if err != nil {
		return err
	}
	defer release()
	rc := http.NewResponseController(w)
	end := time.Now().Add(mediaReadTimeout)
	rc.SetReadDeadline(end)                                // not every writer supports deadlines; then the server's hold
	rc.SetWriteDeadline(time.Now().Add(mediaWriteTimeout)) //
	files, err := s.readUploads(w, &idleBody{r: r.Body, rc: rc, idle: s.uploadLimits().Idle, end: end}, params["boundary"], size, lim)
	if err != nil {
		return err
	}
	// Read whole: the server's read of the next request, which cancels
	// this one's context when it fails, waits no less than before.
	rc.SetReadDeadline(end)
	ctx := r.Context()

	// The headers of all files first: no pixel is decoded while one of
	// them is refused.
	infos := make([]*media.Info, len(files))
	for i, f := range files {
		info, err := media.Inspect(f.name, f.contentType, f.data, lim)
		if err != nil {
			return err
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
			return err
		}
		start := time.Now()
		if j.variants, err = s.MediaProcessor.Process(ctx, infos[i], f.data); err != nil {
			return err
		}
		s.Metrics.MediaProcessed(string(infos[i].Format), time.Since(start))
	}

	// Then the bytes and the items, file by file.
	out := make([]*site.MediaItem, len(files))
	for i, f := range files {
		j := jobs[i]
		if j.item == nil {
			item, err := s.storeUpload(r, f, infos[i], j.hash, j.variants)
			if err != nil {
				return err
			}
			j.item, j.variants = item, nil
		}
		out[i] = j.item
	}
	httpx.WriteCreated(w, out)
	return nil
}

// uploadResult is the outcome, for the metrics, of an upload that ended
// with err.
func uploadResult(err error) string {
	if err == nil {
		return metrics.UploadStored
	}
	switch site.ErrorCode(err) {
	case site.EINTERNAL:
		return metrics.UploadError
	case site.EUNAVAILABLE:
		return metrics.UploadUnavailable
	}
	return metrics.UploadRefused
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
	out, err := s.Store.CreateMedia(ctx, item, blobs, site.Write{Actor: auth.Actor(r)})
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

// mediaFilter reads ?q=, ?usable=, ?page= and ?pageSize=.
func mediaFilter(q url.Values) (f site.MediaFilter, page, size int, err error) {
	if f.Query, err = httpx.SearchText(q); err != nil {
		return f, 0, 0, err
	}
	if f.UsableOnly, err = httpx.QueryBool(q, "usable", "usable"); err != nil {
		return f, 0, 0, err
	}
	if page, size, err = httpx.PageOf(q, defaultMediaPageSize, maxMediaPageSize); err != nil {
		return f, 0, 0, err
	}
	f.Offset, f.Limit = (page-1)*size, size
	return f, page, size, nil
}

// handleMediaList answers a page of the library, newest first:
// {data, total, page, pageSize}, each item with where it is used.
func (s *Server) handleMediaList(w http.ResponseWriter, r *http.Request) error {
	s.processor()
	f, page, size, err := mediaFilter(r.URL.Query())
	if err != nil {
		return err
	}
	list, total, err := s.Store.FindMedia(r.Context(), f)
	if err == nil {
		err = site.MediaUsage(r.Context(), s.Store, list)
	}
	if err != nil {
		return err
	}
	httpx.WritePage(w, list, total, page, size)
	return nil
}

// handleMediaItem answers one item of the library, with where it is used:
// {data: item}.
func (s *Server) handleMediaItem(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, site.Media.Noun)
	if err != nil {
		return err
	}
	rec, err := s.Store.FindRecord(r.Context(), site.Media, id)
	if err != nil {
		return err
	}
	item := rec.(*site.MediaItem)
	if err := site.MediaUsage(r.Context(), s.Store, []*site.MediaItem{item}); err != nil {
		return err
	}
	httpx.WriteOK(w, item)
	return nil
}
