package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"meridian/internal/site"
)

// MaxBodyBytes bounds every request body; a page's content is the largest.
const MaxBodyBytes = 1 << 20

// FieldsOf returns the field messages of err, nil when it has none.
func FieldsOf(err error) map[string]string {
	var se *site.Error
	if errors.As(err, &se) {
		return se.Fields
	}
	return nil
}

// DecodeJSON reads the request body as one JSON object into dst, refusing
// unknown fields, wrong types and bodies over MaxBodyBytes.
func DecodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	return DecodeJSONMax(w, r, dst, MaxBodyBytes)
}

// DecodeJSONMax is DecodeJSON for a body of at most max bytes.
func DecodeJSONMax(w http.ResponseWriter, r *http.Request, dst any, max int64) error {
	// Only JSON is read: forms of other sites cannot send it without CORS.
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return site.Errorf(site.EUNSUPPORTED, "Send the request body as application/json.")
	}
	return DecodeBody(http.MaxBytesReader(w, r.Body, max), dst)
}

// DecodeBody decodes one JSON object from rd into dst and says what is
// wrong with it. Every string of the body then passes site.CheckText
// here, so that no handler can forget it: no control character reaches a
// store (PostgreSQL cannot keep a NUL) or a one-line field of a
// notification.
func DecodeBody(rd io.Reader, dst any) error {
	dec := json.NewDecoder(rd)
	dec.DisallowUnknownFields()
	err := dec.Decode(dst)
	if err == nil {
		if _, err2 := dec.Token(); err2 != io.EOF {
			return site.Errorf(site.EINVALID, "The request body must hold one JSON object.")
		}
		return site.CheckText(dst)
	}
	var maxErr *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &maxErr):
		if maxErr.Limit < 1<<10 {
			return site.Errorf(site.ETOOLARGE, "The request body is larger than %d bytes.", maxErr.Limit)
		}
		return site.Errorf(site.ETOOLARGE, "The request body is larger than %d KiB.", maxErr.Limit>>10)
	case errors.Is(err, io.EOF):
		return site.Errorf(site.EINVALID, "The request body is empty; send a JSON object.")
	case errors.As(err, &typeErr):
		if typeErr.Field == "" {
			return site.Errorf(site.EINVALID, "The request body must be a JSON object.")
		}
		field := bodyPath(typeErr.Field)
		return site.FieldError(field, FieldLabel(field)+" must be "+kindName(typeErr.Type.Kind().String())+".")
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return site.Errorf(site.EINVALID, "The request body is not valid JSON.")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return site.FieldError(field, "Unknown field "+strconv.Quote(field)+".")
	}
	return site.Errorf(site.EINVALID, "The request body is not valid JSON.")
}

// bodyPath is the path of a field as the body has it: encoding/json names
// the struct a field is embedded from by its Go type ("LeadFields.firstName"),
// which is no part of the body, and every JSON name of the API starts in
// lower case.
func bodyPath(field string) string {
	parts := strings.Split(field, ".")
	kept := parts[:0]
	for i, p := range parts {
		if i < len(parts)-1 && p != "" && p[0] >= 'A' && p[0] <= 'Z' {
			continue
		}
		kept = append(kept, p)
	}
	return strings.Join(kept, ".")
}

// FieldLabel turns a JSON field name (isActive) into words for a message.
func FieldLabel(field string) string {
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

// PathID reads the {id} of the route as a positive integer; an id that is
// not one cannot exist: what (the noun) is not found.
func PathID(r *http.Request, what string) (int64, error) {
	return IDParam(r, "id", what)
}

// IdParam reads the path value key as a positive integer, or answers that
// what is not found.
func IDParam(r *http.Request, key, what string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(key), 10, 64)
	if err != nil || id <= 0 {
		return 0, site.Errorf(site.ENOTFOUND, "%s not found.", what)
	}
	return id, nil
}

// PageOf reads ?page= (from 1, 1 by default) and ?pageSize= (1 to max,
// def by default) of a paged list.
func PageOf(q url.Values, def, max int) (page, size int, err error) {
	page, size = 1, def
	if v := q.Get("page"); v != "" {
		if page, err = strconv.Atoi(v); err != nil || page < 1 || page > 1_000_000 {
			return 0, 0, site.Errorf(site.EINVALID, "The page must be a whole number from 1 to 1000000.")
		}
	}
	if v := q.Get("pageSize"); v != "" {
		if size, err = strconv.Atoi(v); err != nil || size < 1 || size > max {
			return 0, 0, site.Errorf(site.EINVALID, "The page size must be a whole number from 1 to %d.", max)
		}
	}
	return page, size, nil
}

// QueryBool reads the query parameter name: "true", or "false" or none;
// label names it in the message of any other value.
func QueryBool(q url.Values, name, label string) (bool, error) {
	switch q.Get(name) {
	case "", "false":
		return false, nil
	case "true":
		return true, nil
	}
	return false, site.Errorf(site.EINVALID, "%s must be true or false.", label)
}

// maxSearch is the longest search text of a list, in characters.
const maxSearch = 200

// SearchText reads a list's search text, ?q=, trimmed; as the texts of a
// body, it reaches the database only once site.CheckText passed it.
func SearchText(q url.Values) (string, error) {
	if err := site.CheckText(&struct {
		Query string `json:"q" label:"Search text"`
	}{q.Get("q")}); err != nil {
		return "", err
	}
	v := strings.TrimSpace(q.Get("q"))
	if utf8.RuneCountInString(v) > maxSearch {
		return "", site.Errorf(site.EINVALID, "The search text must be at most %d characters.", maxSearch)
	}
	return v, nil
}
