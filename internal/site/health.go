package site

import (
	"fmt"
	"strconv"
	"strings"
)

// HealthCheck is one line of the dashboard's checklist of what keeps the
// site from working: whether it is fine, what is wrong, and the admin tab
// where it is mended ("" when it is mended on the server), with "#" and
// the id of the part of the tab that mends it when there is one
// ("settings#mail-settings").
type HealthCheck struct {
	ID     string `json:"id"`
	OK     bool   `json:"ok"`
	Title  string `json:"title"`
	Detail string `json:"detail"`
	Tab    string `json:"tab"`
}

// HealthFacts are what the checklist is decided from.
type HealthFacts struct {
	Leads LeadSettings
	// MediaWithoutAlt counts the media items with neither alt text nor
	// the mark of a decorative image.
	MediaWithoutAlt int
	// PagesWithoutDescription are the paths of the live pages with
	// neither a meta description nor an excerpt.
	PagesWithoutDescription []string
	FailingDeliveries       int
	LastDeliveryError       string
	// StaffRecipients counts the active users with a verified address who
	// are mailed new leads: the administrators, and those who take leads.
	StaffRecipients int
	// OpenPositions counts the positions taking applications, and
	// RecruiterRecipients the active recruiters with a verified address,
	// whom new applications are mailed to.
	OpenPositions       int
	RecruiterRecipients int
	// DiskFree and DiskTotal are the bytes of the database's disk; 0 when
	// the site does not know them (a database on another machine).
	DiskFree, DiskTotal uint64
}

// DiskLow is the free share of the disk under which the checklist warns.
const DiskLow = 0.10

// HealthChecks decides the checklist, the problems first.
func HealthChecks(f HealthFacts) []HealthCheck {
	told := (f.Leads.SMTPConfigured && (len(f.Leads.NotificationEmails) > 0 || f.StaffRecipients > 0)) || f.Leads.WebhookURL != ""
	checks := []HealthCheck{
		check("lead-alerts", told, "Someone is told of each new lead", "No one is told of new leads",
			"Leads wait in the inbox until someone looks: with e-mail set up, verify your address in the Account tab (new leads go to their owner, or to the administrators), or add a notification address or a webhook in the lead settings.", "contacts"),
		check("email", f.Leads.SMTPConfigured, "E-mail is set up", "E-mail is not set up",
			"Notifications cannot be mailed until a mail server is set up: fill in the Mail server card in the settings (or SMTP_HOST and the others on the server, see the operations guide).", "settings#mail-settings"),
		check("deliveries", f.FailingDeliveries == 0, "Notifications are delivered", plural(f.FailingDeliveries, "notification is failing", "notifications are failing"),
			"Last error: "+f.LastDeliveryError, "contacts"),
		check("alt-text", f.MediaWithoutAlt == 0, "Every image has alt text", plural(f.MediaWithoutAlt, "image has no alt text", "images have no alt text"),
			"An image without alt text cannot be placed on a page: describe it, or mark it decorative, in the media library.", "images"),
		check("meta-description", len(f.PagesWithoutDescription) == 0, "Every page has a meta description",
			plural(len(f.PagesWithoutDescription), "page has no meta description", "pages have no meta description"),
			"Search engines and link previews show the start of the page's text instead: "+strings.Join(first(f.PagesWithoutDescription, 5), ", ")+".", "pages"),
	}
	if f.OpenPositions > 0 {
		checks = append(checks, check("application-alerts", f.Leads.SMTPConfigured && f.RecruiterRecipients > 0,
			"Someone is told of each new application", "No one is told of new applications",
			plural(f.OpenPositions, "position takes", "positions take")+" applications, and they wait in the Applications section until someone looks: give a recruiter account a verified e-mail address (the recruiter verifies it in their Account tab) and set up e-mail.", "users"))
	}
	if f.DiskTotal > 0 {
		low := float64(f.DiskFree) < DiskLow*float64(f.DiskTotal)
		checks = append(checks, check("disk", !low, "The database's disk has room", "The database's disk is nearly full",
			fmt.Sprintf("%s free of %s: when it is full, no lead or edit can be saved.", FormatBytes(int64(f.DiskFree)), FormatBytes(int64(f.DiskTotal))), ""))
	}
	var out []HealthCheck
	for _, ok := range []bool{false, true} {
		for _, c := range checks {
			if c.OK == ok {
				out = append(out, c)
			}
		}
	}
	return out
}

func check(id string, ok bool, good, bad, detail, tab string) HealthCheck {
	if ok {
		return HealthCheck{ID: id, OK: true, Title: good, Tab: tab}
	}
	return HealthCheck{ID: id, Title: bad, Detail: detail, Tab: tab}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func first(list []string, n int) []string {
	if len(list) > n {
		return append(list[:n:n], "…")
	}
	return list
}

// FormatBytes writes a size in bytes as people read it (20 MB, 512 KB,
// 3.2 GB).
func FormatBytes(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return strconv.FormatInt(n>>30, 10) + " GB"
	case n >= 1<<30:
		return strconv.FormatFloat(float64(n)/(1<<30), 'f', 1, 64) + " GB"
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MB"
	case n >= 1<<20:
		return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
