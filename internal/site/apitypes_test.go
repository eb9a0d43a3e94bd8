package site

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

// apiTypesFile is the TypeScript the web app reads the API's records with.
const apiTypesFile = "../../web/src/lib/api-types.ts"

// apiTypes are the types the API sends, in the order the file declares
// them, with their TypeScript names.
var apiTypes = []struct {
	name string
	v    any
}{
	{"SiteSettings", SiteSettings{}},
	{"ContentItem", ContentItem{}},
	{"MenuItem", MenuItem{}},
	{"FooterLink", FooterLink{}},
	{"Testimonial", Testimonial{}},
	{"WebsiteImage", Image{}},
	{"Page", Page{}},
	{"RichDoc", Doc{}},
	{"DocNode", Node{}},
	{"DocNodeAttrs", NodeAttrs{}},
	{"DocMark", Mark{}},
	{"DocMarkAttrs", MarkAttrs{}},
	{"PublicPage", PublicPage{}},
	{"ArticleLink", ArticleLink{}},
	{"ArticleCard", ArticleCard{}},
	{"PublicArticle", PublicArticle{}},
	{"BlogList", BlogList{}},
	{"Redirect", Redirect{}},
	{"NotFoundPath", NotFoundPath{}},
	{"MediaItem", MediaItem{}},
	{"MediaVariant", MediaVariant{}},
	{"MediaUse", MediaUse{}},
	{"PublicMedia", PublicMedia{}},
	{"PublicVariant", PublicVariant{}},
	{"Revision", Revision{}},
	{"Lead", Lead{}},
	{"Delivery", Delivery{}},
	{"LeadSettings", LeadSettings{}},
	{"LeadStats", LeadStats{}},
	{"WeekCount", WeekCount{}},
	{"InterestCount", InterestCount{}},
	{"StaffUser", StaffUser{}},
	{"Me", Me{}},
	{"AccountSession", AccountSession{}},
	{"TwoFactorStatus", TwoFactorStatus{}},
	{"TwoFactorEnrolment", TwoFactorEnrolment{}},
	{"SecuritySettings", SecuritySettings{}},
	{"Invitation", Invitation{}},
	{"InvitationLink", InvitationLink{}},
	{"InvitationCheck", InvitationCheck{}},
	{"PreviewLink", PreviewLink{}},
	{"PreviewLinkURL", PreviewLinkURL{}},
	{"PagePreview", PagePreview{}},
	{"AuditEntry", AuditEntry{}},
	{"PersonalData", PersonalData{}},
	{"Erasure", Erasure{}},
}

// apiUnions are the string fields that hold one of a few values; a field
// names its union with the tag ts:"Name".
var apiUnions = []struct {
	name   string
	values []string
}{
	{"LeadStatus", LeadStatuses},
	{"PageStatus", []string{PageDraft, PagePublished}},
	{"PageTemplate", Templates},
	{"RedirectKind", []string{RedirectAutomatic, RedirectManual}},
	{"DeliveryChannel", []string{ChannelEmail, ChannelWebhook}},
	{"DeliveryStatus", []string{DeliveryPending, DeliverySent, DeliveryRetrying, DeliveryFailed}},
	{"MediaFormat", []string{MediaWebP, MediaJPEG, MediaPNG}},
	{"MediaUseKind", []string{UseContent, UseSettings, UsePage, UseTestimonial}},
	{"RevisionAction", []string{ActionCreate, ActionUpdate, ActionDelete, ActionPublish, ActionRestore}},
	{"Role", Roles},
	{"UserStatus", UserStatuses},
	{"AuditAction", AuditActions},
	{"PreviewState", PreviewStates},
}

// TestAPITypes keeps web/src/lib/api-types.ts the image of the Go types:
// the web app's types are written once, here, and cannot drift. Run with
// UPDATE_API_TYPES=1 to write the file after changing a type.
func TestAPITypes(t *testing.T) {
	got := renderAPITypes(t)
	if os.Getenv("UPDATE_API_TYPES") != "" {
		if err := os.WriteFile(apiTypesFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(apiTypesFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != got {
		t.Fatalf("%s is not what the Go types make: run UPDATE_API_TYPES=1 go test ./internal/site -run TestAPITypes, then review the change", apiTypesFile)
	}
}

func renderAPITypes(t *testing.T) string {
	names := map[reflect.Type]string{}
	for _, at := range apiTypes {
		names[reflect.TypeOf(at.v)] = at.name
	}
	var b strings.Builder
	b.WriteString("// The records the API sends, made from the Go types of internal/site by\n")
	b.WriteString("// TestAPITypes: do not edit. After changing a Go type, run\n")
	b.WriteString("// UPDATE_API_TYPES=1 go test ./internal/site -run TestAPITypes\n")
	for _, u := range apiUnions {
		quoted := make([]string, len(u.values))
		for i, v := range u.values {
			quoted[i] = "'" + v + "'"
		}
		fmt.Fprintf(&b, "\nexport type %s = %s;\n", u.name, strings.Join(quoted, " | "))
	}
	for _, at := range apiTypes {
		fmt.Fprintf(&b, "\nexport type %s = {\n", at.name)
		writeFields(t, &b, reflect.TypeOf(at.v), names)
		b.WriteString("};\n")
	}
	return b.String()
}

func writeFields(t *testing.T, b *strings.Builder, rt reflect.Type, names map[reflect.Type]string) {
	for i := range rt.NumField() {
		f := rt.Field(i)
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if f.Anonymous && name == "" {
			writeFields(t, b, f.Type, names)
			continue
		}
		if name == "" {
			name = f.Name
		}
		optional := ""
		if strings.Contains(opts, "omitempty") {
			optional = "?"
		}
		ts := f.Tag.Get("ts")
		if ts == "" {
			ts = tsType(t, f.Type, names)
		}
		fmt.Fprintf(b, "  %s%s: %s;\n", name, optional, ts)
	}
}

var (
	timeType = reflect.TypeFor[time.Time]()
	rawType  = reflect.TypeFor[json.RawMessage]()
)

func tsType(t *testing.T, rt reflect.Type, names map[reflect.Type]string) string {
	switch {
	case rt == timeType:
		return "string"
	case rt == rawType:
		return "unknown"
	}
	if n, ok := names[rt]; ok {
		return n
	}
	switch rt.Kind() {
	case reflect.Pointer:
		if n, ok := names[rt.Elem()]; ok {
			return n // a pointer to a record is the record, as in a list
		}
		return tsType(t, rt.Elem(), names) + " | null"
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		return tsType(t, rt.Elem(), names) + "[]"
	case reflect.Map:
		return "Record<string, " + tsType(t, rt.Elem(), names) + ">"
	}
	t.Fatalf("no TypeScript for %s: add it to apiTypes", rt)
	return ""
}
