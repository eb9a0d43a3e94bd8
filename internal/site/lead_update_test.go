package site

import "testing"

func TestLeadUpdateApply(t *testing.T) {
	yes, no, status := true, false, LeadWon
	t.Run("MarkSpam", func(t *testing.T) {
		l := &Lead{Status: LeadNew}
		if unspam := (LeadUpdate{Spam: &yes}).Apply(l); unspam || !l.Spam || l.SpamReason != SpamMarkedByStaff {
			t.Errorf("lead %+v, unspam %v", l, unspam)
		}
	})
	t.Run("NotSpamQueues", func(t *testing.T) {
		l := &Lead{Spam: true, SpamReason: "honeypot"}
		if unspam := (LeadUpdate{Spam: &no, Status: &status}).Apply(l); !unspam || l.Spam || l.SpamReason != "" || l.Status != LeadWon {
			t.Errorf("lead %+v, unspam %v", l, unspam)
		}
	})
	t.Run("SameSpamChangesNothing", func(t *testing.T) {
		l := &Lead{Spam: true, SpamReason: "honeypot"}
		if unspam := (LeadUpdate{Spam: &yes}).Apply(l); unspam || l.SpamReason != "honeypot" {
			t.Errorf("lead %+v, unspam %v", l, unspam)
		}
		l = &Lead{}
		if unspam := (LeadUpdate{Spam: &no}).Apply(l); unspam {
			t.Error("a lead never spam was taken out of spam")
		}
	})
}

func TestEnsureSecret(t *testing.T) {
	s := LeadSettings{WebhookURL: "https://hooks.example.com/x"}
	s.EnsureSecret()
	if len(s.WebhookSecret) != 64 {
		t.Errorf("secret %q, want 64 hex digits", s.WebhookSecret)
	}
	kept := LeadSettings{WebhookURL: "https://hooks.example.com/x", WebhookSecret: "mine"}
	kept.EnsureSecret()
	none := LeadSettings{}
	none.EnsureSecret()
	if kept.WebhookSecret != "mine" || none.WebhookSecret != "" {
		t.Errorf("secrets %q and %q, want mine and none", kept.WebhookSecret, none.WebhookSecret)
	}
}

func TestConsentVersionOf(t *testing.T) {
	// The browser's consentVersion (create-lead.test.ts) expects the same.
	if got, want := ConsentVersionOf("I agree."), "826ff0dab649a97f"; got != want {
		t.Errorf("ConsentVersionOf = %q, want %q", got, want)
	}
	if got := ConsentVersionOf(""); got != "" {
		t.Errorf("ConsentVersionOf(\"\") = %q, want none", got)
	}
}
