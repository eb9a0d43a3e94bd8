package site

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
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
	{"Position", Position{}},
	{"PublicPosition", PublicPosition{}},
	{"Careers", Careers{}},
	{"CaseStudy", CaseStudy{}},
	{"CaseStudyCard", CaseStudyCard{}},
	{"PublicCaseStudy", PublicCaseStudy{}},
	{"Application", Application{}},
	{"ApplicationActivity", ApplicationActivity{}},
	{"CareersSettings", CareersSettings{}},
	{"NotFoundPath", NotFoundPath{}},
	{"MediaItem", MediaItem{}},
	{"MediaVariant", MediaVariant{}},
	{"MediaUse", MediaUse{}},
	{"PublicMedia", PublicMedia{}},
	{"PublicVariant", PublicVariant{}},
	{"PublicSettings", PublicSettings{}},
	{"PublicMenuItem", PublicMenuItem{}},
	{"PublicFooterLink", PublicFooterLink{}},
	{"PublicTestimonial", PublicTestimonial{}},
	{"Revision", Revision{}},
	{"Lead", Lead{}},
	{"Delivery", Delivery{}},
	{"LeadActivity", LeadActivity{}},
	{"LeadSettings", LeadSettings{}},
	{"MailSettings", MailSettings{}},
	{"MailTestResult", MailTestResult{}},
	{"LeadStats", LeadStats{}},
	{"WeekCount", WeekCount{}},
	{"InterestCount", InterestCount{}},
	{"ResponseStats", ResponseStats{}},
	{"Availability", Availability{}},
	{"WorkingHours", WorkingHours{}},
	{"Slot", Slot{}},
	{"BookedMeeting", BookedMeeting{}},
	{"MeetingOwner", MeetingOwner{}},
	{"ManagedMeeting", ManagedMeeting{}},
	{"Meeting", Meeting{}},
	{"CalendarFeed", CalendarFeed{}},
	{"CalendarFeedAddress", CalendarFeedAddress{}},
	{"AnalyticsTotals", AnalyticsTotals{}},
	{"AnalyticsPoint", AnalyticsPoint{}},
	{"AnalyticsRow", AnalyticsRow{}},
	{"FunnelStep", FunnelStep{}},
	{"VitalSummary", VitalSummary{}},
	{"VitalsRow", VitalsRow{}},
	{"AnalyticsReport", AnalyticsReport{}},
	{"HealthCheck", HealthCheck{}},
	{"StaffUser", StaffUser{}},
	{"Me", Me{}},
	{"AccountSession", AccountSession{}},
	{"TwoFactorStatus", TwoFactorStatus{}},
	{"TwoFactorEnrolment", TwoFactorEnrolment{}},
	{"SecuritySettings", SecuritySettings{}},
	{"PageCheck", PageCheck{}},
	{"PageCheckSettings", PageCheckSettings{}},
	{"PublishingSettings", PublishingSettings{}},
	{"ContentDraft", ContentDraft{}},
	{"DraftSelection", DraftSelection{}},
	{"DraftsPublished", DraftsPublished{}},
	{"DraftComment", DraftComment{}},
	{"ReleaseSchedule", ReleaseSchedule{}},
	{"DraftsReviewed", DraftsReviewed{}},
	{"SendBack", SendBack{}},
	{"NewComment", NewComment{}},
	{"CommentResolution", CommentResolution{}},
	{"DraftsDiscarded", DraftsDiscarded{}},
	{"Backup", Backup{}},
	{"BackupCounts", BackupCounts{}},
	{"BackupSettings", BackupSettings{}},
	{"Invitation", Invitation{}},
	{"InvitationLink", InvitationLink{}},
	{"InvitationCheck", InvitationCheck{}},
	{"PreviewLink", PreviewLink{}},
	{"PreviewLinkURL", PreviewLinkURL{}},
	{"PagePreview", PagePreview{}},
	{"AuditEntry", AuditEntry{}},
	{"Subscriber", Subscriber{}},
	{"Subscription", Subscription{}},
	{"NewsletterSettings", NewsletterSettings{}},
	{"PersonalData", PersonalData{}},
	{"Erasure", Erasure{}},
	{"Paged<T>", Paged[tsParam]{}},
	{"LoginUser", LoginUser{}},
	{"SignedIn", SignedIn{}},
	{"LoginStep", LoginStep{}},
	{"SignedInEnrolled", SignedInEnrolled{}},
	{"Choice", Choice{}},
	{"FieldRule", FieldRule{}},
	{"LeadFormRules", LeadFormRules{}},
	{"MailRules", MailRules{}},
	{"BackupRules", BackupRules{}},
}

// tsParam stands for the type parameter T of a generic type.
type tsParam struct{}

// apiUnions are the string fields that hold one of a few values; a field
// names its union with the tag ts:"Name".
var apiUnions = []struct {
	name   string
	values []string
}{
	{"LeadStatus", LeadStatuses},
	{"LeadActivityKind", ActivityKinds},
	{"MeetingStatus", MeetingStatuses},
	{"PageStatus", []string{PageDraft, PagePublished}},
	{"PageCheckID", PageCheckIDs()},
	{"PublishMode", PublishModes},
	{"PageTemplate", Templates},
	{"RedirectKind", []string{RedirectAutomatic, RedirectManual}},
	{"PositionStatus", PositionStatuses},
	{"EmploymentType", EmploymentTypes},
	{"ApplicationStatus", ApplicationStatuses},
	{"ApplicationActivityKind", ApplicationActivityKinds},
	{"DeliveryChannel", []string{ChannelEmail, ChannelWebhook}},
	{"DeliveryKind", []string{KindLead, KindOwner, KindReminder, KindOverdue, KindMeeting, KindConfirm, KindSubscribed, KindUnsubscribed, KindApplication, KindApplicationAck}},
	{"SubscriberStatus", SubscriberStatuses},
	{"DeliveryStatus", []string{DeliveryPending, DeliverySent, DeliveryRetrying, DeliveryFailed}},
	{"MediaFormat", []string{MediaWebP, MediaJPEG, MediaPNG}},
	{"MediaUseKind", []string{UseContent, UseSettings, UsePage, UseTestimonial}},
	{"RevisionAction", []string{ActionCreate, ActionUpdate, ActionDelete, ActionPublish, ActionRestore}},
	{"Role", Roles},
	{"UserStatus", UserStatuses},
	{"AuditAction", AuditActions},
	{"PreviewState", PreviewStates},
	{"Permission", permissionNames(nil)},
	{"MailTLS", choiceValues(MailTLSModes)},
	{"MailSource", MailSources},
	{"BackupStatus", BackupStatuses},
}

// permissionNames are the names of ps, or of every permission for nil.
func permissionNames(ps []Permission) []string {
	var names []string
	for _, p := range Permissions {
		if ps == nil || slices.Contains(ps, p.Perm) {
			names = append(names, p.Name)
		}
	}
	return names
}

// apiContractsFile holds the rules the API checks that the web app checks
// or shows too: choice lists, limits and messages, and who may do what.
const apiContractsFile = "../../web/src/lib/api-contracts.ts"

// adminContractsFile holds those only the admin reads. They are a file
// of their own because a module the site's first visit and the admin's
// chunk share is loaded whole with the first visit.
const adminContractsFile = "../../web/src/admin/lib/admin-contracts.ts"

// apiContracts are the values of apiContractsFile and, marked admin, of
// adminContractsFile, in the order each file declares them, with their
// TypeScript names, types and doc comments.
var apiContracts = []struct {
	name, ts, doc string
	v             any
	admin         bool
}{
	{"jobTitles", "Choice[]", "The job titles both lead forms offer.", JobTitleChoices, false},
	{"landingInterests", "Choice[]", "The AI solution interests the contact form of the home page offers.", LandingInterests, false},
	{"journeyInterests", "Choice[]", "The AI solution interests the consultation form of /ai-journey offers.", JourneyInterests, false},
	{"interestChoices", "Choice[]", "Every interest a lead may have: those of either form, the home page's first.",
		tsUnion{[]string{"landingInterests", "journeyInterests"}, InterestChoices}, false},
	{"leadForm", "LeadFormRules", "What the lead forms ask of each field, with the server's messages.", LeadForm, false},
	{"activityKinds", "Choice[]", "The kinds of a lead's activity entry staff write.", ActivityKindChoices, true},
	{"applicationActivityKinds", "Choice[]", "The kinds of an application's activity entry staff write.", staffChoices(ApplicationTimeline), true},
	{"activityRule", "FieldRule", "What the text of an activity entry (a lead's, an application's) must be, with the server's messages.", ActivityRule, true},
	{"activityEditMinutes", "number", "How many minutes after writing it the author may edit an activity entry.", int(ActivityEditWindow / time.Minute), true},
	{"rolePermissions", "Record<Role, Permission[]>", "What each role may do, as the server enforces it.", rolePermissions(), true},
	{"draftedResources", "string[]", "The resources whose updates wait as drafts for the Publish panel when the publishing mode keeps drafts (of the pages, only a published one's).", draftedResources, true},
	{"mailForm", "MailRules", "What the mail server's settings ask of each field, with the server's messages.", MailForm, true},
	{"backupForm", "BackupRules", "The limits of the backup schedule, with the server's messages.", BackupForm, true},
}

// staffChoices are the kinds staff write on the timeline tl, with their
// labels.
func staffChoices(tl Timeline) []Choice {
	var out []Choice
	for _, c := range ActivityKindChoices {
		if tl.StaffWritten(c.Value) {
			out = append(out, c)
		}
	}
	return out
}

// rolePermissions is site's matrix as TypeScript reads it: each role, in
// the order of Roles, with the names of its permissions.
func rolePermissions() tsObject {
	var o tsObject
	for _, r := range Roles {
		o = append(o, tsProp{r, permissionNames(RolePermissions[r])})
	}
	return o
}

// draftedResources are the names of the entities that hold drafts of
// their records (Entity.Drafted), in the order of their names.
func draftedResources() []string {
	var out []string
	for name, e := range Entities {
		if e.Drafted != nil {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// TestAPITypes keeps web/src/lib/api-types.ts the image of the Go types, and
// web/src/lib/api-contracts.ts that of the choices, limits, messages and
// permissions: the web app's copies are written once, here, and cannot
// drift. Run with UPDATE_API_TYPES=1 to write the files after a change.
func TestAPITypes(t *testing.T) {
	for _, f := range []struct{ path, text string }{
		{apiTypesFile, renderAPITypes(t)},
		{apiContractsFile, renderAPIContracts(t, false)},
		{adminContractsFile, renderAPIContracts(t, true)},
	} {
		if os.Getenv("UPDATE_API_TYPES") != "" {
			if err := os.WriteFile(f.path, []byte(f.text), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		if string(want) != f.text {
			t.Errorf("%s is not what the Go of internal/site makes: run UPDATE_API_TYPES=1 go test ./internal/site -run TestAPITypes, then review the change", f.path)
		}
	}
}

func renderAPITypes(t *testing.T) string {
	names := map[reflect.Type]string{reflect.TypeFor[tsParam](): "T"}
	for _, at := range apiTypes {
		names[reflect.TypeOf(at.v)] = at.name
	}
	var b strings.Builder
	b.WriteString("// The records the API sends and takes, made from the Go types of\n")
	b.WriteString("// internal/site by TestAPITypes: do not edit. After changing a Go type, run\n")
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
	case rt == reflect.TypeFor[[]byte]():
		return "string" // base64, as encoding/json writes it
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

func renderAPIContracts(t *testing.T, admin bool) string {
	var b strings.Builder
	b.WriteString("// The choices, limits, messages and permissions the API checks, for the web\n")
	b.WriteString("// app to check and show the same, made from the Go of internal/site by\n")
	b.WriteString("// TestAPITypes: do not edit. After changing them in Go, run\n")
	b.WriteString("// UPDATE_API_TYPES=1 go test ./internal/site -run TestAPITypes\n")
	if admin {
		b.WriteString("// Those only the admin reads; the site's are in web/src/lib/api-contracts.ts.\n")
		b.WriteString("import type { BackupRules, Choice, FieldRule, MailRules, Permission, Role } from '@/lib/api-types';\n")
	} else {
		b.WriteString("import type { Choice, LeadFormRules } from '@/lib/api-types';\n")
	}
	declared := map[string]any{}
	for _, c := range apiContracts {
		if c.admin != admin {
			continue
		}
		fmt.Fprintf(&b, "\n/** %s */\nexport const %s: %s = ", c.doc, c.name, c.ts)
		v := c.v
		if f, ok := v.(func() []string); ok {
			// Made when the file is: from what package init registers.
			v = f()
		}
		if u, ok := v.(tsUnion); ok {
			u.write(t, &b, declared)
		} else {
			writeValue(t, &b, reflect.ValueOf(v), "")
		}
		b.WriteString(";\n")
		declared[c.name] = c.v
	}
	return b.String()
}

// tsUnion is a list of choices written as the union of lists the file
// declares before it, by value, the first list's first: the web app
// derives it, as the Go does, rather than repeating its choices.
type tsUnion struct {
	of []string
	v  []Choice
}

// write writes the union, after checking that it makes v.
func (u tsUnion) write(t *testing.T, b *strings.Builder, declared map[string]any) {
	var lists [][]Choice
	spread := make([]string, len(u.of))
	for i, name := range u.of {
		l, ok := declared[name].([]Choice)
		if !ok {
			t.Fatalf("%s is not a list of choices declared before its union", name)
		}
		lists, spread[i] = append(lists, l), "..."+name
	}
	if !slices.Equal(unionChoices(lists...), u.v) {
		t.Fatalf("the union of %v is not the list it stands for", u.of)
	}
	fmt.Fprintf(b, "[%s].filter(\n  (c, i, all) => all.findIndex((d) => d.value === c.value) === i,\n)", strings.Join(spread, ", "))
}

// tsObject is an object literal whose properties keep their order.
type tsObject []tsProp

type tsProp struct {
	key string
	v   any
}

// writeValue writes v as a TypeScript literal, indented by indent.
func writeValue(t *testing.T, b *strings.Builder, v reflect.Value, indent string) {
	in := indent + "  "
	if o, ok := v.Interface().(tsObject); ok {
		b.WriteString("{\n")
		for _, p := range o {
			fmt.Fprintf(b, "%s%s: ", in, p.key)
			writeValue(t, b, reflect.ValueOf(p.v), in)
			b.WriteString(",\n")
		}
		b.WriteString(indent + "}")
		return
	}
	switch v.Kind() {
	case reflect.String:
		b.WriteString(tsString(v.String()))
	case reflect.Bool:
		fmt.Fprint(b, v.Bool())
	case reflect.Int, reflect.Int64:
		fmt.Fprint(b, v.Int())
	case reflect.Slice:
		// A list of scalars on one line, of objects one a line.
		if v.Type().Elem().Kind() != reflect.Struct {
			b.WriteString("[")
			for i := range v.Len() {
				if i > 0 {
					b.WriteString(", ")
				}
				writeValue(t, b, v.Index(i), in)
			}
			b.WriteString("]")
			return
		}
		b.WriteString("[\n")
		for i := range v.Len() {
			b.WriteString(in)
			writeValue(t, b, v.Index(i), in)
			b.WriteString(",\n")
		}
		b.WriteString(indent + "]")
	case reflect.Struct:
		// A struct of scalars on one line, of structs one field a line.
		var props []string
		nested := false
		for i := range v.NumField() {
			f := v.Type().Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if strings.Contains(opts, "omitempty") && v.Field(i).IsZero() {
				continue
			}
			nested = nested || f.Type.Kind() == reflect.Struct
			var pb strings.Builder
			writeValue(t, &pb, v.Field(i), in)
			props = append(props, name+": "+pb.String())
		}
		if nested {
			b.WriteString("{\n")
			for _, p := range props {
				b.WriteString(in + p + ",\n")
			}
			b.WriteString(indent + "}")
			return
		}
		b.WriteString("{ " + strings.Join(props, ", ") + " }")
	default:
		t.Fatalf("no TypeScript literal for %s", v.Type())
	}
}

// tsString quotes s in single quotes, as the web app's code is written.
func tsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`).Replace(s) + "'"
}
