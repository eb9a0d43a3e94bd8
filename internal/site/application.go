package site

import (
	"archive/zip"
	"bytes"
	"context"
	"net/url"
	"path"
	"strings"
	"time"
	"unicode/utf8"
)

// Application statuses, in the order an application moves through them.
const (
	ApplicationNew       = "new"
	ApplicationScreening = "screening"
	ApplicationInterview = "interview"
	ApplicationOffer     = "offer"
	ApplicationHired     = "hired"
	ApplicationRejected  = "rejected"
)

// ApplicationStatuses lists every status.
var ApplicationStatuses = []string{ApplicationNew, ApplicationScreening, ApplicationInterview, ApplicationOffer, ApplicationHired, ApplicationRejected}

// Kinds of the outbox's deliveries of an application: the notification to
// the recruiters, and the acknowledgement to the applicant.
const (
	KindApplication    = "application"
	KindApplicationAck = "application-ack"
)

// Limits of an application.
const (
	MaxCoverNote = 5000
	// MaxCVBytes is the largest CV accepted: 10 MB.
	MaxCVBytes = 10 << 20
	// MaxApplicationBytes bounds the whole multipart body: the CV and the
	// form's fields around it. A larger body is refused before it is read.
	MaxApplicationBytes = MaxCVBytes + 64<<10
)

// The types of CV accepted, found from the file's bytes.
const (
	CVTypePDF  = "application/pdf"
	CVTypeDOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
)

// The messages of an application.
const (
	MsgApplicationThanks = "Thank you for your application. We have sent you a confirmation by e-mail and will be in touch."
	MsgCVRequired        = "Attach your CV as a PDF or Word (DOCX) file."
	MsgCVType            = "Your CV must be a PDF or Word (DOCX) file."
	MsgCVTooLarge        = "Your CV must be at most 10 MB."
	MsgPositionClosed    = "This position has closed and no longer takes applications."
)

// Application is what a visitor sends for a position: who they are, their
// note and their CV.
type Application struct {
	ID            int64  `json:"id"`
	PositionID    int64  `json:"positionId"`
	PositionTitle string `json:"positionTitle"`
	FirstName     string `json:"firstName"`
	LastName      string `json:"lastName"`
	Email         string `json:"email"`
	Phone         string `json:"phone"`
	URL           string `json:"url"`
	CoverNote     string `json:"coverNote"`
	CVName        string `json:"cvName"`
	CVType        string `json:"cvType"`
	CVSize        int    `json:"cvSize"`
	// CV is the file itself, read only where it is downloaded and in a
	// privacy export, where JSON carries it in base64.
	CV          []byte    `json:"cv,omitempty"`
	ConsentText string    `json:"consentText"`
	Status      string    `json:"status" ts:"ApplicationStatus"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
	// Activity is the application's timeline, newest first: its notes and
	// changes of status; only in the answers about one application (its
	// details, a privacy request), never in the list.
	Activity []*ApplicationActivity `json:"activity,omitempty"`
}

// CVType returns the type of a CV from its bytes: a PDF starts with
// "%PDF-", a DOCX is a zip holding word/document.xml. Anything else, and a
// file over MaxCVBytes, is refused with its message.
func CVType(data []byte) (string, error) {
	bad := func(msg string) error { return FieldError("cv", msg) }
	switch {
	case len(data) == 0:
		return "", bad(MsgCVRequired)
	case len(data) > MaxCVBytes:
		return "", &Error{Code: ETOOLARGE, Message: MsgCVTooLarge, Fields: map[string]string{"cv": MsgCVTooLarge}}
	case bytes.HasPrefix(data, []byte("%PDF-")):
		return CVTypePDF, nil
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return "", bad(MsgCVType)
		}
		for _, f := range z.File {
			if f.Name == "word/document.xml" {
				return CVTypeDOCX, nil
			}
		}
	}
	return "", bad(MsgCVType)
}

// cvName keeps the last element of a file name, without control
// characters, at most 200 characters, with the extension of its type.
func cvName(name, typ string) string {
	name = path.Base(strings.ReplaceAll(name, "\\", "/"))
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '"' {
			return -1
		}
		return r
	}, name)
	ext := ".pdf"
	if typ == CVTypeDOCX {
		ext = ".docx"
	}
	base := strings.TrimSuffix(name, path.Ext(name))
	if base == "" || base == "." || base == "/" {
		base = "cv"
	}
	if utf8.RuneCountInString(base) > MaxShortText {
		base = string([]rune(base)[:MaxShortText])
	}
	return base + ext
}

// Validate trims the application, checks it and its CV, and sets the CV's
// type, size and name from its bytes. The form's rules are the lead's
// where they ask the same.
func (a *Application) Validate() error {
	trim(&a.FirstName, &a.LastName, &a.Email, &a.Phone, &a.URL, &a.CoverNote)
	a.ConsentText = strings.Join(strings.Fields(a.ConsentText), " ")
	f := LeadForm
	var v fieldErrors
	v.text("firstName", a.FirstName, f.FirstName)
	v.text("lastName", a.LastName, f.LastName)
	v.required("email", a.Email, f.Email.Required)
	if a.Email != "" && !ValidEmail(a.Email) {
		v.add("email", f.Email.Invalid)
	}
	v.maxLen("email", a.Email, f.Email.Max, "Email")
	v.maxLen("phone", a.Phone, 40, "Phone")
	if a.URL != "" {
		u, err := url.Parse(a.URL)
		if err != nil || u.Scheme != "https" || u.Host == "" || strings.ContainsAny(a.URL, " \t\n\r\\") {
			v.add("url", "The link must be an https:// address, such as https://www.linkedin.com/in/you.")
		}
		v.maxLen("url", a.URL, MaxURL, "Link")
	}
	v.maxLen("coverNote", a.CoverNote, MaxCoverNote, "Cover note")
	if a.ConsentText == "" {
		v.add("consent", "Agree to the processing of your application to send it.")
	}
	v.maxLen("consent", a.ConsentText, MaxConsentText, "Consent wording")
	typ, err := CVType(a.CV)
	if err != nil {
		if e, ok := err.(*Error); ok && e.Code == ETOOLARGE && len(v.order) == 0 {
			return err
		}
		v.add("cv", ErrorMessage(err))
	}
	if err := v.err(); err != nil {
		return err
	}
	a.CVType, a.CVSize, a.CVName = typ, len(a.CV), cvName(a.CVName, typ)
	if a.Status == "" {
		a.Status = ApplicationNew
	}
	return nil
}

// CareersSettings are the careers' own settings: how many months the
// applications are kept (0: for ever), at most MaxRetentionMonths.
type CareersSettings struct {
	RetentionMonths int `json:"retentionMonths"`
}

// Validate checks the settings.
func (s *CareersSettings) Validate() error {
	if s.RetentionMonths < 0 || s.RetentionMonths > MaxRetentionMonths {
		return FieldError("retentionMonths", "Retention must be 0 (keep forever) or 1 to "+itoa(MaxRetentionMonths)+" months.")
	}
	return nil
}

// ExpireApplications deletes the applications sent more than the
// retention setting's months before now, with their CVs; a setting of 0
// keeps every one.
func ExpireApplications(ctx context.Context, store ApplicationService, now time.Time) (int, error) {
	st, err := store.GetCareersSettings(ctx)
	if err != nil || st.RetentionMonths == 0 {
		return 0, err
	}
	return store.DeleteApplicationsBefore(ctx, now.AddDate(0, -st.RetentionMonths, 0))
}

// ApplicationFilter narrows the list of applications: to one position, one
// status (zero values: all).
type ApplicationFilter struct {
	PositionID int64
	Status     string
}

// ApplicationService stores the applications and their timelines. A
// missing one is ENOTFOUND. An application's entries go with it
// (retention, erasure).
type ApplicationService interface {
	// CreateApplication stores a, CV and all, for the position (which
	// must be open: EGONE otherwise, ENOTFOUND when there is none), with
	// the acknowledgement to the applicant and a notification to each
	// recruiter with a verified address, in one transaction: each is
	// queued exactly once.
	CreateApplication(ctx context.Context, a *Application) (*Application, error)
	// FindApplications lists the applications, newest first, without
	// their CVs.
	FindApplications(ctx context.Context, f ApplicationFilter) ([]*Application, error)
	// FindApplication returns one application with its timeline, without
	// its CV.
	FindApplication(ctx context.Context, id int64) (*Application, error)
	// FindApplicationCV returns one application with its CV.
	FindApplicationCV(ctx context.Context, id int64) (*Application, error)
	// SetApplicationStatus moves an application to status, by, and
	// records the change in its timeline when it is one.
	SetApplicationStatus(ctx context.Context, id int64, status string, by Actor) (*Application, error)
	// AddApplicationActivity adds an entry staff wrote to application id,
	// by and at now (the store's clock when zero).
	AddApplicationActivity(ctx context.Context, id int64, in ActivityInput, by Actor, now time.Time) (*ApplicationActivity, error)
	// UpdateApplicationActivity changes the text of entry entryID of
	// application id when ApplicationTimeline.CheckEdit allows the user by
	// at now.
	UpdateApplicationActivity(ctx context.Context, id, entryID int64, text string, by Actor, now time.Time) (*ApplicationActivity, error)
	// DeleteApplicationsBefore deletes the applications sent before t,
	// with their deliveries, and counts them.
	DeleteApplicationsBefore(ctx context.Context, t time.Time) (int, error)
	GetCareersSettings(ctx context.Context) (*CareersSettings, error)
	UpdateCareersSettings(ctx context.Context, st *CareersSettings) (*CareersSettings, error)
}
