package site

import "testing"

func TestShownTo(t *testing.T) {
	newLead := func() *Lead {
		return &Lead{Deliveries: []*Delivery{
			{Channel: ChannelEmail, Target: "a@example.com", LastError: "550 mailbox unavailable"},
			{Channel: ChannelWebhook, Target: "https://hooks.example.com/T123/secret-token?x=1", LastError: "401 token revoked"},
			{Channel: ChannelWebhook, Target: "https://hooks.example.com/"},
		}}
	}
	t.Run("LeadDeliveryErrorsAndWebhookPathHiddenFromNonAdmins", func(t *testing.T) {
		for _, role := range []string{RoleEditor, RoleSales, ""} {
			l := newLead()
			l.ShownTo(role)
			got := []string{l.Deliveries[0].LastError, l.Deliveries[0].Target, l.Deliveries[1].LastError, l.Deliveries[1].Target, l.Deliveries[2].LastError, l.Deliveries[2].Target}
			want := []string{MsgDeliveryFailed, "a@example.com", MsgDeliveryFailed, "https://hooks.example.com/…", "", "https://hooks.example.com"}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("role %q: field %d = %q, want %q", role, i, got[i], want[i])
				}
			}
		}
	})
	t.Run("LeadShownWholeToAdmins", func(t *testing.T) {
		l := newLead()
		l.ShownTo(RoleAdmin)
		if got, want := l.Deliveries[1].LastError, "401 token revoked"; got != want {
			t.Errorf("LastError = %q, want %q", got, want)
		}
		if got, want := l.Deliveries[1].Target, "https://hooks.example.com/T123/secret-token?x=1"; got != want {
			t.Errorf("Target = %q, want %q", got, want)
		}
	})
	t.Run("StatsLastDeliveryErrorHiddenFromNonAdmins", func(t *testing.T) {
		st := &LeadStats{LastDeliveryError: "401 token revoked"}
		st.ShownTo(RoleSales)
		if st.LastDeliveryError != MsgDeliveryFailed {
			t.Errorf("sales: LastDeliveryError = %q", st.LastDeliveryError)
		}
		st = &LeadStats{}
		st.ShownTo(RoleSales)
		if st.LastDeliveryError != "" {
			t.Errorf("sales, no error: LastDeliveryError = %q, want none", st.LastDeliveryError)
		}
		st = &LeadStats{LastDeliveryError: "401 token revoked"}
		st.ShownTo(RoleAdmin)
		if st.LastDeliveryError != "401 token revoked" {
			t.Errorf("admin: LastDeliveryError = %q", st.LastDeliveryError)
		}
	})
	t.Run("SettingsSecretAndWebhookPathHiddenFromNonAdmins", func(t *testing.T) {
		st := &LeadSettings{WebhookURL: "https://hooks.example.com/T123/token", WebhookSecret: "s3cret"}
		st.ShownTo(RoleSales)
		if st.WebhookSecret != "" || !st.WebhookSecretSet || st.WebhookURL != "https://hooks.example.com/…" {
			t.Errorf("sales: %+v", st)
		}
		st = &LeadSettings{WebhookURL: "https://hooks.example.com/T123/token", WebhookSecret: "s3cret"}
		st.ShownTo(RoleAdmin)
		if st.WebhookSecret != "s3cret" || !st.WebhookSecretSet || st.WebhookURL != "https://hooks.example.com/T123/token" {
			t.Errorf("admin: %+v", st)
		}
		st = &LeadSettings{}
		st.ShownTo(RoleAdmin)
		if st.WebhookSecretSet {
			t.Errorf("no secret: WebhookSecretSet = true")
		}
	})
}

func TestWebhookOrigin(t *testing.T) {
	wantEach(t, "WebhookOrigin", WebhookOrigin, map[string]string{
		"":                                   "",
		"not a url":                          "",
		"https://hooks.example.com":          "https://hooks.example.com",
		"https://hooks.example.com/":         "https://hooks.example.com",
		"https://hooks.example.com/T1/tok":   "https://hooks.example.com/…",
		"https://hooks.example.com/?token=1": "https://hooks.example.com/…",
		"https://user:pw@hooks.example.com/": "https://hooks.example.com/…",
		"http://hooks.example.com:8080/#x":   "http://hooks.example.com:8080/…",
	})
}
