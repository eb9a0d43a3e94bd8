package site

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
)

// A list kept in one JSON column of both stores (a page's tags, an image's
// variants) reads and writes through these: [] for none, never NULL.

// jsonListValue is the column value of list.
func jsonListValue[T any](list []T) (driver.Value, error) {
	if list == nil {
		return "[]", nil
	}
	b, err := json.Marshal(list)
	return string(b), err
}

// scanJSONList reads a column written by jsonListValue; what names the list
// in errors.
func scanJSONList[T any](src any, what string) ([]T, error) {
	var b []byte
	switch x := src.(type) {
	case nil:
		return []T{}, nil
	case string:
		b = []byte(x)
	case []byte:
		b = x
	default:
		return nil, fmt.Errorf("site: cannot scan %T into %s", src, what)
	}
	out := []T{}
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("site: %s: %w", what, err)
	}
	return out, nil
}
