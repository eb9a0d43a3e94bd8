package httpd

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"meridian/internal/site"
)

// handler is an API route's handler. It answers a success itself, through
// one of the response helpers below, and returns a failure, which serve
// answers: no handler chooses an error's status or body.
type handler func(w http.ResponseWriter, r *http.Request) error

// serve adapts h to net/http: an error h returns is answered by writeError.
func (s *Server) serve(h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.writeError(w, r, err)
		}
	}
}

// The answers of a success, one per outcome, so that no route chooses
// its own envelope.

// writeOK answers 200 {data: v}.
func writeOK(w http.ResponseWriter, v any) {
	writeJSON(w, http.StatusOK, dataBody{Data: v})
}

// writeCreated answers 201 {data: v}, for what the request made.
func writeCreated(w http.ResponseWriter, v any) {
	writeJSON(w, http.StatusCreated, dataBody{Data: v})
}

// writeDone answers 200 {success: true}, for a delete or an action that
// has nothing to return.
func writeDone(w http.ResponseWriter) {
	writeJSON(w, http.StatusOK, successBody)
}

// writePage answers 200 {data, total, page, pageSize}: one page of a list
// of total items.
func writePage[T any](w http.ResponseWriter, items []T, total, page, size int) {
	writeJSON(w, http.StatusOK, site.Paged[T]{Data: items, Total: total, Page: page, PageSize: size})
}

// writeCSV starts a 200 answer of a CSV file to save as filename, with
// the byte order mark that spreadsheets need to read it as UTF-8, and
// returns the writer of its rows. A failure after it is only logged: the
// answer has begun.
func writeCSV(w http.ResponseWriter, filename string) *csv.Writer {
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="`+filename+`"`)
	w.WriteHeader(http.StatusOK)
	w.Write([]byte("\uFEFF"))
	return csv.NewWriter(w)
}

// writeSigned answers 200 with a step of the sign-in as SPEC section 7 has
// it (success, sessionToken, user; or the second step it asks for): the
// object itself, without the data envelope.
func writeSigned(w http.ResponseWriter, v any) {
	writeJSON(w, http.StatusOK, v)
}

// writeThanks answers 201 {message} to the contact form, as SPEC section
// 7 has it: the message its success toast shows.
func writeThanks(w http.ResponseWriter, msg string) {
	writeJSON(w, http.StatusCreated, map[string]string{"message": msg})
}

// writeJSON writes v as JSON with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

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

// conflictBody is the answer to a write that started from an old version:
// the record as it is now (null when it was deleted), and who changed it.
type conflictBody struct {
	Message   string      `json:"message"`
	Current   site.Record `json:"current"`
	ChangedBy string      `json:"changedBy,omitempty"`
	ChangedAt *time.Time  `json:"changedAt,omitempty"`
}

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
	case site.ETOOLARGE:
		return http.StatusRequestEntityTooLarge
	case site.EUNSUPPORTED:
		return http.StatusUnsupportedMediaType
	case site.ETIMEOUT:
		return http.StatusRequestTimeout
	}
	return http.StatusInternalServerError
}

// writeError answers err as JSON: a write's conflict with the record as it
// is now, a *site.Error with its message and field messages (and the
// headers it carries), and anything else as "Internal error." with the
// details logged.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var c *site.Conflict
	if errors.As(err, &c) {
		body := conflictBody{Message: c.Message(), Current: c.Current}
		if c.Latest != nil {
			body.ChangedBy = c.Latest.Username
			at := c.Latest.CreatedAt
			body.ChangedAt = &at
		}
		writeJSON(w, http.StatusConflict, body)
		return
	}
	var se *site.Error
	if !errors.As(err, &se) || errorStatus(se.Code) == http.StatusInternalServerError {
		s.internalError(w, r, err)
		return
	}
	waits := false
	var h *headerError
	for e := err; errors.As(e, &h); e = h.err {
		w.Header().Set(h.key, h.value)
		waits = waits || h.key == "Retry-After"
	}
	if se.Code == site.EUNAVAILABLE && !waits {
		s.unavailable(w, r, err)
	}
	writeJSON(w, errorStatus(se.Code), errorBody{Message: se.Message, Errors: se.Fields})
}

// internalError logs err and answers 500 without details.
func (s *Server) internalError(w http.ResponseWriter, r *http.Request, err error) {
	s.logFailure(r, "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	if r.URL.Path == "/healthz" || len(r.URL.Path) > 4 && r.URL.Path[:5] == "/api/" {
		writeJSON(w, http.StatusInternalServerError, map[string]string{"message": "Internal error."})
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusInternalServerError)
	w.Write([]byte("Internal error.\n"))
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

// headerError is a coded error whose answer carries a header besides its
// body.
type headerError struct {
	err        error
	key, value string
}

func (e *headerError) Error() string { return e.err.Error() }
func (e *headerError) Unwrap() error { return e.err }

// retryAfter returns err answered with Retry-After: wait, in whole
// seconds. An unavailable error without it is the database's or the
// server's, which writeError logs and answers with retryAfterUnavailable.
func retryAfter(err error, wait time.Duration) error {
	return &headerError{err: err, key: "Retry-After", value: strconv.Itoa(retrySeconds(wait))}
}

// signInAgain is the 401 of a request without a valid session or
// challenge: its answer names the scheme to sign in with.
func signInAgain(msg string) error {
	return &headerError{err: &site.Error{Code: site.EUNAUTHORIZED, Message: msg},
		key: "WWW-Authenticate", value: `Bearer realm="admin"`}
}

// fieldError is an error of code about one field, whose message is the
// field's too.
func fieldError(code, field, msg string) error {
	return &site.Error{Code: code, Message: msg, Fields: map[string]string{field: msg}}
}

// fieldErrors is a 400 with every field's message, the first of order as
// the message.
func fieldErrors(errs map[string]string, order ...string) error {
	msg := ""
	for _, f := range order {
		if m, ok := errs[f]; ok {
			msg = m
			break
		}
	}
	return &site.Error{Code: site.EINVALID, Message: msg, Fields: errs}
}
