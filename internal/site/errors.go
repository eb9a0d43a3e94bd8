// Package site holds the domain of the website: its types, validation rules,
// error codes and the service interfaces that the stores implement. It does
// no I/O of its own.
package site

import (
	"errors"
	"fmt"
)

// Error codes. Only the HTTP layer turns them into statuses.
const (
	ECONFLICT     = "conflict"
	EINTERNAL     = "internal"
	EINVALID      = "invalid"
	ENOTFOUND     = "not_found"
	EUNAUTHORIZED = "unauthorized"
	EFORBIDDEN    = "forbidden"
	ETOOMANY      = "too_many_requests"
	// EGONE is a single-use link that was used already or has expired.
	EGONE = "gone"
	// EUNAVAILABLE is a request that could not be served for now and may be
	// sent again, such as one that arrives while the server stops.
	EUNAVAILABLE = "unavailable"
	// ETOOLARGE is a request body larger than the site accepts.
	ETOOLARGE = "too_large"
	// EUNSUPPORTED is a request body of a type the endpoint does not read.
	EUNSUPPORTED = "unsupported_media_type"
	// ETIMEOUT is a request whose body stopped arriving.
	ETIMEOUT = "timeout"
	// EUPSTREAM is a server the site talked to on the request's behalf
	// (a mail server) that failed or refused it.
	EUPSTREAM = "bad_gateway"
)

// errCannotSave is what a client is told of a write the database refused
// for a reason of its own.
var errCannotSave = &Error{Code: EUNAVAILABLE, Message: "The site cannot save right now; please try again in a few minutes."}

// CannotSave wraps cause, the database's refusal of a write for a reason
// that is no one's request (its disk is full, it is read-only, it cannot
// be reached), as an EUNAVAILABLE error: the client is told to try again
// later, and the log keeps cause.
func CannotSave(cause error) error {
	return fmt.Errorf("%w: %w", errCannotSave, cause)
}

// Error is an error a person can be shown: a code and a message, and for
// invalid input the message of each offending field.
type Error struct {
	Code    string
	Message string
	Fields  map[string]string
}

func (e *Error) Error() string {
	return fmt.Sprintf("site error: code=%s message=%s", e.Code, e.Message)
}

// Errorf returns an *Error with the given code and formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of err, or EINTERNAL when it carries none.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the message of err that is safe to show, or
// "Internal error." when err is not an *Error.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "Internal error."
}
