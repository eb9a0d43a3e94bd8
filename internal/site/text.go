package site

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Rules of the text of a string field, chosen by the struct tag `text`.
// Without the tag a field is one line: it refuses every control character
// (C0, DEL, C1, tab and line breaks included) and the Unicode line and
// paragraph separators, because a line break in a name or title becomes a
// false line of the notification e-mail and a NUL cannot be stored in
// PostgreSQL at all.
const (
	// TextMultiline allows line feeds, carriage returns and tabs, for the
	// fields people write paragraphs in.
	TextMultiline = "multiline"
	// TextStrip replaces control characters with spaces instead of
	// refusing them, for fields the browser records rather than a person
	// types: a lead must not fail on a strange referrer or UTM parameter.
	TextStrip = "strip"
	// TextAny checks nothing, for a password: it is only ever hashed, and
	// refusing characters could lock out someone whose password has them.
	TextAny = "any"
)

type textMode int

const (
	textLine textMode = iota
	textMultiline
	textStrip
	textAny
)

// maxTextDepth bounds the nesting CheckText follows, against cycles.
const maxTextDepth = 32

// CheckText checks every string in v, a decoded request (a pointer to a
// struct, a struct, or a map read as a JSON object), against the rule of its
// field: strings, pointers to them, slices, arrays, maps and nested or
// embedded structs are followed. A field is named by its JSON name (a map
// entry by its key, nested ones joined with dots) and labelled by its
// `label` tag or its name in words. Invalid UTF-8 is refused in every field
// that is checked. Fields tagged strip are cleaned in place when v is a
// pointer. Problems are one EINVALID error with the message of each field.
func CheckText(v any) error {
	var fe fieldErrors
	checkText(reflect.ValueOf(v), "", "Text", textLine, &fe, 0)
	return fe.err()
}

func checkText(rv reflect.Value, field, label string, mode textMode, fe *fieldErrors, depth int) {
	if depth > maxTextDepth || !rv.IsValid() {
		return
	}
	switch rv.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !rv.IsNil() {
			checkText(rv.Elem(), field, label, mode, fe, depth+1)
		}
	case reflect.String:
		s := rv.String()
		switch mode {
		case textAny:
			return
		case textStrip:
			if rv.CanSet() {
				rv.SetString(stripControl(s))
				return
			}
		}
		if msg := textProblem(s, mode == textMultiline); msg != "" {
			fe.add(field, label+msg)
		}
	case reflect.Slice, reflect.Array:
		if rv.Type().Elem().Kind() == reflect.Uint8 {
			return // bytes (json.RawMessage) are not text
		}
		for i := range rv.Len() {
			checkText(rv.Index(i), field, label, mode, fe, depth+1)
		}
	case reflect.Map:
		// A map is read as a JSON object: its keys name its fields, and are
		// one line themselves.
		keys := rv.MapKeys()
		names := make([]string, len(keys))
		for i, k := range keys {
			switch {
			case k.Kind() == reflect.String:
				names[i] = k.String()
			case k.CanInterface():
				names[i] = fmt.Sprint(k.Interface())
			default:
				names[i] = k.Type().String()
			}
		}
		sort.Sort(byName{names, keys})
		for i, k := range keys {
			if k.Kind() == reflect.String {
				if msg := textProblem(names[i], false); msg != "" {
					fe.add(field, label+msg)
					continue
				}
			}
			checkText(rv.MapIndex(k), joinField(field, names[i]), textLabel(names[i]), mode, fe, depth+1)
		}
	case reflect.Struct:
		for _, f := range textPlan(rv.Type()) {
			fv := rv.Field(f.index)
			switch {
			case f.embedded:
				// An embedded struct's fields are the outer object's, as
				// in JSON.
				checkText(fv, field, label, f.mode, fe, depth+1)
			case fv.Kind() == reflect.String && f.mode != textStrip:
				// Most fields: the path is made only for a problem.
				if f.mode != textAny {
					if msg := textProblem(fv.String(), f.mode == textMultiline); msg != "" {
						fe.add(joinField(field, f.name), f.label+msg)
					}
				}
			default:
				checkText(fv, joinField(field, f.name), f.label, f.mode, fe, depth+1)
			}
		}
	}
}

// textField is what checkText reads of a struct's field: where it is, its
// JSON name, its label and its text mode.
type textField struct {
	index       int
	name, label string
	mode        textMode
	embedded    bool
}

// textPlans holds the fields of each struct type checkText has met, read
// from their tags once.
var textPlans sync.Map // reflect.Type → []textField

func textPlan(t reflect.Type) []textField {
	if p, ok := textPlans.Load(t); ok {
		return p.([]textField)
	}
	var plan []textField
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() && !f.Anonymous {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		tf := textField{index: i, mode: fieldTextMode(f), embedded: f.Anonymous && name == ""}
		if !tf.embedded {
			if name == "" {
				name = f.Name
			}
			tf.name, tf.label = name, f.Tag.Get("label")
			if tf.label == "" {
				tf.label = textLabel(name)
			}
		}
		plan = append(plan, tf)
	}
	textPlans.Store(t, plan)
	return plan
}

// fieldTextMode reads the `text` tag of a field. An unknown value is a
// mistake in the code, not in a request: it panics, so that a misspelt tag
// fails the tests instead of quietly making a field one line.
func fieldTextMode(f reflect.StructField) textMode {
	switch tag := f.Tag.Get("text"); tag {
	case "":
		return textLine
	case TextMultiline:
		return textMultiline
	case TextStrip:
		return textStrip
	case TextAny:
		return textAny
	default:
		panic("site: field " + f.Name + ` has an unknown text tag "` + tag + `"`)
	}
}

// textProblem returns what is wrong with s, to follow the field's label, or
// "" when nothing is.
func textProblem(s string, multiline bool) string {
	const control = " must not contain control characters."
	if !utf8.ValidString(s) {
		return " must be valid UTF-8 text."
	}
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r':
			if !multiline {
				return " must be a single line."
			}
		case r == '\t':
			if !multiline {
				return control
			}
		case r == '\u2028' || r == '\u2029':
			// Some JavaScript and e-mail readers break lines at them.
			if !multiline {
				return " must be a single line."
			}
			return " must not contain Unicode line or paragraph separators; use ordinary line breaks."
		case unicode.IsControl(r):
			return control
		}
	}
	return ""
}

// stripControl makes s valid UTF-8 and replaces each control character and
// line or paragraph separator with a space.
func stripControl(s string) string {
	if textProblem(s, false) == "" {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

// byName sorts map keys by their names, so that the first problem of a
// map is always the same.
type byName struct {
	names []string
	keys  []reflect.Value
}

func (b byName) Len() int           { return len(b.names) }
func (b byName) Less(i, j int) bool { return b.names[i] < b.names[j] }
func (b byName) Swap(i, j int) {
	b.names[i], b.names[j] = b.names[j], b.names[i]
	b.keys[i], b.keys[j] = b.keys[j], b.keys[i]
}

func joinField(parent, name string) string {
	if parent == "" {
		return name
	}
	return parent + "." + name
}

// textLabel turns a field name (firstName, webhookUrl) into words for a
// message (First name, Webhook URL).
func textLabel(name string) string {
	var words []string
	start := 0
	for i, r := range name {
		if i > 0 && unicode.IsUpper(r) {
			words = append(words, name[start:i])
			start = i
		}
	}
	words = append(words, name[start:])
	for i, w := range words {
		switch lw := strings.ToLower(w); lw {
		case "url", "ai", "utm", "id", "smtp":
			words[i] = strings.ToUpper(lw)
		default:
			words[i] = lw
		}
	}
	if w := words[0]; w != "" {
		r, n := utf8.DecodeRuneInString(w)
		words[0] = string(unicode.ToUpper(r)) + w[n:]
	}
	return strings.Join(words, " ")
}
