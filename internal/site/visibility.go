package site

import "net/url"

// MsgDeliveryFailed stands for the error of a delivery attempt when a user
// who may not set the lead settings reads it. The error may quote the
// receiver's answer, and what an address answers is for those who may set
// it.
const MsgDeliveryFailed = "Delivery failed."

// SeesDeliveryDetails reports whether the role may read what the lead
// settings hold and what their addresses answered: the webhook's secret
// and whole URL, and the errors of deliveries. It is the role that may set
// them.
func SeesDeliveryDetails(role string) bool { return RoleMay(role, PermLeadSettings) }

// ShownTo hides from a role that may not see them (SeesDeliveryDetails)
// the errors of the lead's deliveries, each replaced with
// MsgDeliveryFailed, and a webhook's address, replaced with its origin
// (WebhookOrigin).
func (l *Lead) ShownTo(role string) { deliveriesShownTo(l.Deliveries, role) }

// ShownTo hides from a role that may not see them the errors and webhook
// addresses of the subscriber's deliveries, as for a lead's.
func (sub *Subscriber) ShownTo(role string) { deliveriesShownTo(sub.Deliveries, role) }

func deliveriesShownTo(ds []*Delivery, role string) {
	if SeesDeliveryDetails(role) {
		return
	}
	for _, d := range ds {
		if d.LastError != "" {
			d.LastError = MsgDeliveryFailed
		}
		if d.Channel == ChannelWebhook {
			d.Target = WebhookOrigin(d.Target)
		}
	}
}

// ShownTo hides the last delivery error from a role that may not see it
// (SeesDeliveryDetails).
func (st *LeadStats) ShownTo(role string) {
	if st.LastDeliveryError != "" && !SeesDeliveryDetails(role) {
		st.LastDeliveryError = MsgDeliveryFailed
	}
}

// ShownTo fills WebhookSecretSet and hides from a role that may not see
// them (SeesDeliveryDetails) the webhook's secret, which signs webhooks so
// that whoever knows it can forge one, and its URL but for its origin.
func (st *LeadSettings) ShownTo(role string) {
	st.WebhookSecretSet = st.WebhookSecret != ""
	if !SeesDeliveryDetails(role) {
		st.WebhookSecret = ""
		st.WebhookURL = WebhookOrigin(st.WebhookURL)
	}
}

// ShownTo fills WebhookSecretSet and hides the secret and the URL's path
// from a role that may not see them, as for the lead settings.
func (st *NewsletterSettings) ShownTo(role string) {
	st.WebhookSecretSet = st.WebhookSecret != ""
	if !SeesDeliveryDetails(role) {
		st.WebhookSecret = ""
		st.WebhookURL = WebhookOrigin(st.WebhookURL)
	}
}

// WebhookOrigin is what a webhook URL tells those who may not change it:
// its scheme and host. Its path and query often hold the receiver's token
// (a chat service's hook address is its own password), which is for
// administrators only.
func WebhookOrigin(rawURL string) string {
	u, err := url.Parse(rawURL)
	if rawURL == "" || err != nil || u.Host == "" {
		return ""
	}
	origin := u.Scheme + "://" + u.Host
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		origin += "/…"
	}
	return origin
}
