package outbox

import (
	"fmt"

	"meridian/internal/site"
)

// leadMail is the subject and plain text of the e-mail a delivery of lead
// l sends, by its kind: the notification of a new lead, the lead to its
// owner (or to the administrators while it has none), the owner's
// reminder and the administrators' alert of an overdue lead. inbox is the
// admin's address, linked from each.
func leadMail(d *site.Delivery, l *site.Lead, inbox string) (subject, body string) {
	who := fmt.Sprintf("%s %s, %s", l.FirstName, l.LastName, l.Company)
	due := ""
	if l.DueAt != nil {
		due = l.DueAt.UTC().Format("2 Jan 2006 15:04 UTC")
	}
	var intro string
	switch d.Kind {
	case site.KindOwner:
		if l.OwnerID != nil && d.UserID != nil && *l.OwnerID == *d.UserID {
			subject = "New lead for you: " + who
			intro = "A new lead is yours to answer"
		} else {
			subject = "New lead without an owner: " + who
			intro = "A new lead arrived, and no one takes leads: give it an owner in the inbox"
		}
		if due != "" {
			intro += ", by " + due
		}
		intro += "."
	case site.KindReminder:
		subject = "Reminder: " + who + " waits for your reply"
		intro = "Half the response time of this lead has passed without a reply. It is due by " + due + "."
	case site.KindOverdue:
		owner := "no one"
		if l.OwnerName != "" {
			owner = l.OwnerName
		}
		subject = "Overdue: " + who + " has no reply"
		intro = "The first reply to this lead was due by " + due + " and is late. Its owner is " + owner + "."
	default:
		return "New lead: " + who, mailBody(l, inbox)
	}
	return subject, intro + "\n\n" + mailBody(l, inbox)
}

// answered reports whether a staff e-mail of the lead has nothing left to
// tell: a reminder or an alert of a lead that was answered meanwhile.
func answered(d *site.Delivery, l *site.Lead) bool {
	return (d.Kind == site.KindReminder || d.Kind == site.KindOverdue) && l.FirstResponseAt != nil
}
