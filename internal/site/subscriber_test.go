package site

import (
	"strings"
	"testing"
	"time"
)

func TestSignUpValidate(t *testing.T) {
	t.Run("TrimsAndLowerCases", func(t *testing.T) {
		s := SignUp{Email: "  Ada@Example.COM ", Source: " /blog "}
		if err := s.Validate(); err != nil || s.Email != "ada@example.com" || s.Source != "/blog" {
			t.Errorf("validated = %+v, %v", s, err)
		}
	})
	t.Run("CutsALongPage", func(t *testing.T) {
		s := SignUp{Email: "ada@example.com", Source: "/" + strings.Repeat("p", 600)}
		if err := s.Validate(); err != nil || len(s.Source) != MaxSubscriberSource {
			t.Errorf("source of %d characters, %v", len(s.Source), err)
		}
	})
	t.Run("ErrBadEmail", func(t *testing.T) {
		for _, email := range []string{"", "  ", "not an address", "a@b", "<a@b.example>", strings.Repeat("a", 250) + "@b.example"} {
			s := SignUp{Email: email}
			if err := s.Validate(); err == nil || fieldsOf(t, err)["email"] != msgSubscriberEmail {
				t.Errorf("%q: %v", email, err)
			}
		}
	})
}

func TestSubscriberConfirm(t *testing.T) {
	now := time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC)
	later, earlier := now.Add(time.Hour), now.Add(-time.Second)
	for _, c := range []struct {
		name    string
		sub     Subscriber
		changed bool
		code    string
	}{
		{"PendingInItsWeek", Subscriber{Status: SubscriberPending, ExpiresAt: &later}, true, ""},
		{"ConfirmedAlready", Subscriber{Status: SubscriberConfirmed}, false, ""},
		{"ErrExpired", Subscriber{Status: SubscriberPending, ExpiresAt: &earlier}, false, EGONE},
		{"ErrUnsubscribed", Subscriber{Status: SubscriberUnsubscribed}, false, EGONE},
	} {
		t.Run(c.name, func(t *testing.T) {
			changed, err := c.sub.Confirm(now)
			if changed != c.changed || (c.code == "") != (err == nil) || err != nil && ErrorCode(err) != c.code {
				t.Errorf("Confirm = %v, %v; want %v, %q", changed, err, c.changed, c.code)
			}
		})
	}
}

func TestSubscriberNeedsConfirmation(t *testing.T) {
	for _, c := range []struct {
		sub  *Subscriber
		want bool
	}{
		{nil, true},
		{&Subscriber{Status: SubscriberPending}, true},
		{&Subscriber{Status: SubscriberUnsubscribed}, true},
		{&Subscriber{Status: SubscriberConfirmed}, false},
	} {
		if got := c.sub.NeedsConfirmation(); got != c.want {
			t.Errorf("%+v: %v, want %v", c.sub, got, c.want)
		}
	}
}

func TestNewsletterSettings(t *testing.T) {
	st := NewsletterSettings{WebhookURL: " https://mail.example.com/hook "}
	if err := st.Validate(); err != nil || st.WebhookURL != "https://mail.example.com/hook" {
		t.Fatalf("validated = %+v, %v", st, err)
	}
	st.EnsureSecret()
	if len(st.WebhookSecret) != 64 {
		t.Errorf("secret = %q, want 64 hex digits", st.WebhookSecret)
	}
	if d := st.Deliveries(KindSubscribed); len(d) != 1 || d[0].Channel != ChannelWebhook || d[0].Target != st.WebhookURL {
		t.Errorf("deliveries = %+v", d)
	}
	if d := (&NewsletterSettings{}).Deliveries(KindSubscribed); len(d) != 0 {
		t.Errorf("deliveries without a webhook = %+v", d)
	}
	for _, bad := range []string{"ftp://mail.example.com/x", "https://user:pw@mail.example.com/", "https://x/" + strings.Repeat("a", MaxWebhookURL)} {
		st := NewsletterSettings{WebhookURL: bad}
		if err := st.Validate(); err == nil || fieldsOf(t, err)["webhookUrl"] == "" {
			t.Errorf("%.40s: %v", bad, err)
		}
	}
}
