package httpd

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"meridian/internal/site"
)

// maxBodyBytes bounds every request body; a page's content is the largest.
const maxBodyBytes = 1 << 20

// errorBody is the JSON answer to every failed API call.
type errorBody struct {
	Message string            `json:"message"`
	Errors  map[string]string `json:"errors,omitempty"`
}

// dataBody wraps what an API call returns.
type dataBody struct {
	Data any `json:"data"`
}

var successBody = map[string]bool{"success": true}

func errorStatus(code string) int {
	switch code {
	case site.EINVALID:
		return http.StatusBadRequest
	case site.EUNAUTHORIZED:
		return http.StatusUnauthorized
	case site.EFORBIDDEN:
		return http.StatusForbidden
	case site.ENOTFOUND:
		return http.StatusNotFound
	case site.ECONFLICT:
		return http.StatusConflict
	case site.ETOOMANY:
		return http.StatusTooManyRequests
	case site.EGONE:
		return http.StatusGone
	case site.EUNAVAILABLE:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// writeError answers err as JSON: its message and field messages when it is
// a *site.Error, and "Internal error." (with the details logged) otherwise.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var se *site.Error
	if !errors.As(err, &se) || errorStatus(se.Code) == http.StatusInternalServerError {
		s.internalError(w, r, err)
		return
	}
	if se.Code == site.EUNAVAILABLE {
		s.unavailable(w, r, err)
	}
	writeJSON(w, errorStatus(se.Code), errorBody{Message: se.Message, Errors: se.Fields})
}

// retryAfterUnavailable is the Retry-After of an answer the
// site could not give for now.
const retryAfterUnavailable = time.Minute

// unavailableLogLine is the message of the log line of unavailable.
const unavailableLogLine = "requests refused: the site cannot serve them for now"

// unavailable sets Retry-After on the answer to a request the site cannot
// serve for now (its database cannot save, or the server stops), and logs
// why: at most once a minute for each reason, since every request fails
// alike until the operator has mended it.
func (s *Server) unavailable(w http.ResponseWriter, r *http.Request, err error) {
	setRetryAfter(w, retryAfterUnavailable)
	if r.Context().Err() != nil {
		// The client left first: at debug, and not counted.
		s.logFailure(r, unavailableLogLine, "err", err, "path", r.URL.Path)
		return
	}
	if n := s.unavailableLog.note(site.ErrorMessage(err), s.now()); n > 0 {
		s.logFailure(r, unavailableLogLine, "err", err, "refused", n, "path", r.URL.Path)
	}
}

// fieldsOf returns the field messages of err, nil when it has none.
func fieldsOf(err error) map[string]string {
	var se *site.Error
	if errors.As(err, &se) {
		return se.Fields
	}
	return nil
}

func fieldError(status int, field, msg string) (int, errorBody) {
	return status, errorBody{Message: msg, Errors: map[string]string{field: msg}}
}

// decodeJSON reads the request body as one JSON object into dst, refusing
// unknown fields, wrong types and bodies over maxBodyBytes. On failure it
// has answered the request and returns false.
func decodeJSON(w http.ResponseWriter, r *http.Request, dst any) bool {
	// Only JSON is read: forms of other sites cannot send it without CORS.
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		writeJSON(w, http.StatusUnsupportedMediaType, errorBody{Message: "Send the request body as application/json."})
		return false
	}
	status, body := decodeBody(http.MaxBytesReader(w, r.Body, maxBodyBytes), dst)
	if status != 0 {
		writeJSON(w, status, body)
		return false
	}
	return true
}

// decodeBody decodes one JSON object from rd into dst and describes what
// is wrong with it; status is 0 when all is well. Every string of the body
// then passes site.CheckText here, so that no handler can forget it: no
// control character reaches a store (PostgreSQL cannot keep a NUL) or a
// one-line field of a notification.
func decodeBody(rd io.Reader, dst any) (int, errorBody) {
	dec := json.NewDecoder(rd)
	dec.DisallowUnknownFields()
	err := dec.Decode(dst)
	if err == nil {
		if _, err2 := dec.Token(); err2 != io.EOF {
			return http.StatusBadRequest, errorBody{Message: "The request body must hold one JSON object."}
		}
		if err := site.CheckText(dst); err != nil {
			return errorStatus(site.ErrorCode(err)), errorBody{Message: site.ErrorMessage(err), Errors: fieldsOf(err)}
		}
		return 0, errorBody{}
	}
	var maxErr *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &maxErr):
		return http.StatusRequestEntityTooLarge, errorBody{Message: "The request body is larger than " + strconv.FormatInt(maxErr.Limit>>10, 10) + " KiB."}
	case errors.Is(err, io.EOF):
		return http.StatusBadRequest, errorBody{Message: "The request body is empty; send a JSON object."}
	case errors.As(err, &typeErr):
		if typeErr.Field == "" {
			return http.StatusBadRequest, errorBody{Message: "The request body must be a JSON object."}
		}
		return fieldError(http.StatusBadRequest, typeErr.Field, fieldLabel(typeErr.Field)+" must be "+kindName(typeErr.Type.Kind().String())+".")
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return http.StatusBadRequest, errorBody{Message: "The request body is not valid JSON."}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return fieldError(http.StatusBadRequest, field, "Unknown field "+strconv.Quote(field)+".")
	}
	return http.StatusBadRequest, errorBody{Message: "The request body is not valid JSON."}
}

// fieldLabel turns a JSON field name (isActive) into words for a message.
func fieldLabel(field string) string {
	var b strings.Builder
	for i, r := range field {
		switch {
		case i == 0 && r >= 'a' && r <= 'z':
			b.WriteRune(r - 'a' + 'A')
		case r >= 'A' && r <= 'Z':
			b.WriteByte(' ')
			b.WriteRune(r - 'A' + 'a')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func kindName(kind string) string {
	switch {
	case strings.HasPrefix(kind, "int"), strings.HasPrefix(kind, "uint"):
		return "a whole number"
	case kind == "bool":
		return "true or false"
	case kind == "string":
		return "text"
	case strings.HasPrefix(kind, "float"):
		return "a number"
	}
	return "of another type"
}

// pathID reads the {id} of the route as a positive integer; an id that is
// not one cannot exist, so it answers 404.
func pathID(w http.ResponseWriter, r *http.Request, what string) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		writeJSON(w, http.StatusNotFound, errorBody{Message: what + " not found."})
		return 0, false
	}
	return id, true
}

// contentChanged moves the content version on after a write the public
// site shows. A shared store tells the other instances itself, inside the
// write's transaction.
func (s *Server) contentChanged(r *http.Request) {
	s.Version.Bump()
}

// jsonFallback turns the mux's plain-text 404 and 405 answers on API paths
// into JSON, so that every API answer has the same shape.
type jsonFallback struct {
	http.ResponseWriter
	swallow bool
}

func (w *jsonFallback) WriteHeader(status int) {
	if (status == http.StatusNotFound || status == http.StatusMethodNotAllowed) &&
		strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		msg := "No such API endpoint."
		if status == http.StatusMethodNotAllowed {
			msg = "Method not allowed; this endpoint accepts " + w.Header().Get("Allow") + "."
		}
		w.swallow = true
		writeJSON(w.ResponseWriter, status, errorBody{Message: msg})
		return
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *jsonFallback) Write(b []byte) (int, error) {
	if w.swallow {
		return len(b), nil
	}
	return w.ResponseWriter.Write(b)
}

func (w *jsonFallback) Unwrap() http.ResponseWriter { return w.ResponseWriter }
