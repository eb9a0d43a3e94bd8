package httpx

import (
	"encoding/csv"
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

// Handler is an API route's handler. It answers a success itself, through
// one of the response helpers below, and returns a failure, which serve
// answers: no handler chooses an error's status or body.
type Handler func(w http.ResponseWriter, r *http.Request) error

// Serve adapts h to net/http: an error h returns is answered by writeError.
func (s *Base) Serve(h Handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.WriteError(w, r, err)
		}
	}
}

// The answers of a success, one per outcome, so that no route chooses
// its own envelope.

// WriteOK answers 200 {data: v}.
func WriteOK(w http.ResponseWriter, v any) {
	WriteJSON(w, http.StatusOK, dataBody{Data: v})
}

// WriteCreated answers 201 {data: v}, for what the request made.
func WriteCreated(w http.ResponseWriter, v any) {
	WriteJSON(w, http.StatusCreated, dataBody{Data: v})
}

// WriteDone answers 200 {success: true}, for a delete or an action that
// has nothing to return.
func WriteDone(w http.ResponseWriter) {
	WriteJSON(w, http.StatusOK, successBody)
}

// Reply ends a handler whose last step read or wrote what it answers:
// 200 {data: v}, or err for Serve to answer.
func Reply(w http.ResponseWriter, v any, err error) error {
	if err != nil {
		return err
	}
	WriteOK(w, v)
	return nil
}

// ReplyCreated is Reply for what the request made (201).
func ReplyCreated(w http.ResponseWriter, v any, err error) error {
	if err != nil {
		return err
	}
	WriteCreated(w, v)
	return nil
}

// ReplyDone is Reply for a step with nothing to return: 200 {success:
// true}, or err.
func ReplyDone(w http.ResponseWriter, err error) error {
	if err != nil {
		return err
	}
	WriteDone(w)
	return nil
}

// WriteReceived answers 201 with v itself, without the data envelope:
// the answer of a public form ({message, …}) as SPEC section 7 has it.
func WriteReceived(w http.ResponseWriter, v any) {
	WriteJSON(w, http.StatusCreated, v)
}

// WriteAccepted answers 202, for what the server took in to handle later:
// with v itself as the body ({message} of a sign-up that waits for its
// confirmation), or none when v is nil (an event of the analytics).
func WriteAccepted(w http.ResponseWriter, v any) {
	if v == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	WriteJSON(w, http.StatusAccepted, v)
}

// WriteNoContent answers 204, for a delete whose client expects no body.
func WriteNoContent(w http.ResponseWriter) {
	w.WriteHeader(http.StatusNoContent)
}

// WritePage answers 200 {data, total, page, pageSize}: one page of a list
// of total items.
func WritePage[T any](w http.ResponseWriter, items []T, total, page, size int) {
	WriteJSON(w, http.StatusOK, site.Paged[T]{Data: items, Total: total, Page: page, PageSize: size})
}

// WriteCSV answers 200 with the CSV file filename, with the byte order
// mark that spreadsheets need to read it as UTF-8: the header, then the
// rows that each gives to row, every cell made safe for a spreadsheet
// (spreadsheetSafe). A failure once the answer has begun is only logged:
// the truncated file is all the client gets.
func (b *Base) WriteCSV(w http.ResponseWriter, r *http.Request, filename string, header []string, each func(row func(cells ...string) error) error) error {
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="`+filename+`"`)
	w.WriteHeader(http.StatusOK)
	w.Write([]byte("\uFEFF"))
	cw := csv.NewWriter(w)
	cw.Write(header)
	err := each(func(cells ...string) error {
		for i := range cells {
			cells[i] = spreadsheetSafe(cells[i])
		}
		return cw.Write(cells)
	})
	cw.Flush()
	if err == nil {
		err = cw.Error()
	}
	if err != nil {
		b.LogFailure(r, "export failed", "file", filename, "err", err)
	}
	return nil
}

// DatedFile is the name of today's CSV export of name:
// name-YYYY-MM-DD.csv.
func (b *Base) DatedFile(name string) string {
	return name + "-" + b.Now().Format("2006-01-02") + ".csv"
}

// formulaStart are the characters with which a spreadsheet reads a cell
// as a formula.
const formulaStart = "=+-@\t\r"

// spreadsheetSafe keeps a spreadsheet from reading a cell as a formula:
// one that starts with = + - @, a tab or a carriage return gets a leading
// quote. So does the text after each semicolon that such a character
// follows: a spreadsheet of a locale whose separator is the semicolon
// splits the cell there, and the piece after it would start a formula.
func spreadsheetSafe(v string) string {
	if v != "" && strings.ContainsRune(formulaStart, rune(v[0])) {
		v = "'" + v
	}
	if !strings.Contains(v, ";") {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		b.WriteByte(v[i])
		if v[i] == ';' && i+1 < len(v) && strings.IndexByte(formulaStart, v[i+1]) >= 0 {
			b.WriteByte('\'')
		}
	}
	return b.String()
}

// WriteDownload answers content as a file to save as name, never shown in
// the browser nor kept in a cache (a CV, a backup archive), with ranges
// and conditional requests as http.ServeContent answers them.
func WriteDownload(w http.ResponseWriter, r *http.Request, name, contentType string, modified time.Time, content io.ReadSeeker) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	http.ServeContent(w, r, name, modified, content)
}

// WriteSigned answers 200 with a step of the sign-in as SPEC section 7 has
// it (success, sessionToken, user; or the second step it asks for): the
// object itself, without the data envelope.
func WriteSigned(w http.ResponseWriter, v any) {
	WriteJSON(w, http.StatusOK, v)
}

// WriteJSON writes v as JSON with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
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

// errorStatuses are the HTTP statuses of the error codes; any other code
// is a 500.
var errorStatuses = map[string]int{
	site.EINVALID:      http.StatusBadRequest,
	site.EUNAUTHORIZED: http.StatusUnauthorized,
	site.EFORBIDDEN:    http.StatusForbidden,
	site.ENOTFOUND:     http.StatusNotFound,
	site.ECONFLICT:     http.StatusConflict,
	site.ETOOMANY:      http.StatusTooManyRequests,
	site.EGONE:         http.StatusGone,
	site.EUNAVAILABLE:  http.StatusServiceUnavailable,
	site.ETOOLARGE:     http.StatusRequestEntityTooLarge,
	site.EUNSUPPORTED:  http.StatusUnsupportedMediaType,
	site.ETIMEOUT:      http.StatusRequestTimeout,
	site.EUPSTREAM:     http.StatusBadGateway,
}

func errorStatus(code string) int {
	if st, ok := errorStatuses[code]; ok {
		return st
	}
	return http.StatusInternalServerError
}

// WriteError answers err as JSON: a write's conflict with the record as it
// is now, a *site.Error with its message and field messages (and the
// headers it carries), and anything else as "Internal error." with the
// details logged.
func (s *Base) WriteError(w http.ResponseWriter, r *http.Request, err error) {
	var c *site.Conflict
	if errors.As(err, &c) {
		body := conflictBody{Message: c.Message(), Current: c.Current}
		if c.Latest != nil {
			body.ChangedBy = c.Latest.Username
			at := c.Latest.CreatedAt
			body.ChangedAt = &at
		}
		WriteJSON(w, http.StatusConflict, body)
		return
	}
	var se *site.Error
	if !errors.As(err, &se) || errorStatus(se.Code) == http.StatusInternalServerError {
		s.InternalError(w, r, err)
		return
	}
	var b *bodyError
	if errors.As(err, &b) {
		WriteJSON(w, errorStatus(se.Code), b.body)
		return
	}
	if !setErrorHeaders(w, err) && se.Code == site.EUNAVAILABLE {
		s.Unavailable(w, r, err)
	}
	WriteJSON(w, errorStatus(se.Code), errorBody{Message: se.Message, Errors: se.Fields})
}

// WriteTextError answers err, a coded error, in plain text as the
// page-serving side answers its failures: its status, the headers it
// carries (Retry-After) and its message; anything else as InternalError.
func (s *Base) WriteTextError(w http.ResponseWriter, r *http.Request, err error) {
	var se *site.Error
	if !errors.As(err, &se) || errorStatus(se.Code) == http.StatusInternalServerError {
		s.InternalError(w, r, err)
		return
	}
	setErrorHeaders(w, err)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(errorStatus(se.Code))
	w.Write([]byte(se.Message + "\n"))
}

// setErrorHeaders sets the headers err carries, and reports whether one
// is Retry-After.
func setErrorHeaders(w http.ResponseWriter, err error) (waits bool) {
	var h *headerError
	for e := err; errors.As(e, &h); e = h.err {
		w.Header().Set(h.key, h.value)
		waits = waits || h.key == "Retry-After"
	}
	return waits
}

// WriteHealth answers a health check with body, never kept by a cache:
// 200 while healthy, 503 otherwise.
func WriteHealth(w http.ResponseWriter, healthy bool, body map[string]string) {
	w.Header().Set("Cache-Control", "no-store")
	status := http.StatusOK
	if !healthy {
		status = http.StatusServiceUnavailable
	}
	WriteJSON(w, status, body)
}

// InternalError logs err and answers 500 without details.
func (s *Base) InternalError(w http.ResponseWriter, r *http.Request, err error) {
	s.LogFailure(r, "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	if r.URL.Path == "/healthz" || len(r.URL.Path) > 4 && r.URL.Path[:5] == "/api/" {
		WriteJSON(w, http.StatusInternalServerError, map[string]string{"message": "Internal error."})
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
		WriteJSON(w.ResponseWriter, status, errorBody{Message: msg})
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

// bodyError is a coded error whose answer is a body of its own rather
// than {message, errors}: a failure that tells the client more.
type bodyError struct {
	err  error
	body any
}

func (e *bodyError) Error() string { return e.err.Error() }
func (e *bodyError) Unwrap() error { return e.err }

// WithBody returns err, answered with its code's status and body (a time
// taken meanwhile, with the slots still open).
func WithBody(err error, body any) error { return &bodyError{err: err, body: body} }

// RetryAfter returns err answered with Retry-After: wait, in whole
// seconds. An unavailable error without it is the database's or the
// server's, which writeError logs and answers with retryAfterUnavailable.
func RetryAfter(err error, wait time.Duration) error {
	return &headerError{err: err, key: "Retry-After", value: strconv.Itoa(RetrySeconds(wait))}
}

// SignInAgain is the 401 of a request without a valid session or
// challenge: its answer names the scheme to sign in with.
func SignInAgain(msg string) error { return bearerRequired("admin", msg) }

// bearerRequired is the 401 of a request without the bearer token of
// realm.
func bearerRequired(realm, msg string) error {
	return &headerError{err: &site.Error{Code: site.EUNAUTHORIZED, Message: msg},
		key: "WWW-Authenticate", value: `Bearer realm="` + realm + `"`}
}

// FieldError is an error of code about one field, whose message is the
// field's too.
func FieldError(code, field, msg string) error {
	return &site.Error{Code: code, Message: msg, Fields: map[string]string{field: msg}}
}

// FieldErrors is a 400 with every field's message, the first of order as
// the message.
func FieldErrors(errs map[string]string, order ...string) error {
	msg := ""
	for _, f := range order {
		if m, ok := errs[f]; ok {
			msg = m
			break
		}
	}
	return &site.Error{Code: site.EINVALID, Message: msg, Fields: errs}
}

// retryAfterUnavailable is the Retry-After of an answer the
// site could not give for now.
const retryAfterUnavailable = time.Minute

// unavailableLogLine is the message of the log line of unavailable.
const unavailableLogLine = "requests refused: the site cannot serve them for now"

// Unavailable sets Retry-After on the answer to a request the site cannot
// Serve for now (its database cannot save, or the server stops), and logs
// why: at most once a minute for each reason, since every request fails
// alike until the operator has mended it.
func (s *Base) Unavailable(w http.ResponseWriter, r *http.Request, err error) {
	setRetryAfter(w, retryAfterUnavailable)
	if r.Context().Err() != nil {
		// The client left first: at debug, and not counted.
		s.LogFailure(r, unavailableLogLine, "err", err, "path", r.URL.Path)
		return
	}
	if n := s.unavailableLog.Note(site.ErrorMessage(err), s.Now()); n > 0 {
		s.LogFailure(r, unavailableLogLine, "err", err, "refused", n, "path", r.URL.Path)
	}
}
