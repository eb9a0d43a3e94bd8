package storetest

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"meridian/internal/site"
)

// testMailSettings saves the mail server's row and reads it back: the
// password is stored sealed, kept by a save that sends none, removed by
// one that clears it, and never in the clear without a key.
func testMailSettings(t *testing.T, s site.Store) {
	ctx := context.Background()
	got := must(s.GetMailSettings(ctx))(t)
	if got.Host != "" || got.Port != 587 || got.TLS != site.MailTLSStartTLS || got.PasswordSet || got.UpdatedAt != nil {
		t.Errorf("default mail settings = %+v", got)
	}
	if m := must(site.EffectiveMail(ctx, nil, s, nil))(t); m.Source != site.MailFromNone || m.Configured() {
		t.Errorf("effective mail of a fresh site = %+v", m)
	}
	box, err := site.NewSecretBox(strings.Repeat("k", 40))
	if err != nil {
		t.Fatal(err)
	}
	const password = "s3cret-Mail-password"
	in := &site.MailSettings{Host: " smtp.example.com ", Port: 2525, Username: "alerts", Password: password,
		From: "alerts@example.com", TLS: site.MailTLSImplicit}
	saved := must(site.SaveMailSettings(ctx, s, box, in))(t)
	if saved.Host != "smtp.example.com" || saved.Port != 2525 || saved.Username != "alerts" || saved.From != "alerts@example.com" ||
		saved.TLS != site.MailTLSImplicit || !saved.PasswordSet || saved.Password != "" || saved.Source != site.MailFromSaved || saved.UpdatedAt == nil {
		t.Errorf("saved = %+v", saved)
	}
	recent(t, "updated_at", *saved.UpdatedAt)
	raw := func() string {
		var p string
		inTx(t, s, func(tx *sql.Tx) error {
			return tx.QueryRowContext(ctx, `SELECT password FROM mail_settings WHERE id = 1`).Scan(&p)
		})
		return p
	}
	if p := raw(); strings.Contains(p, password) || !site.IsSealed(p) {
		t.Errorf("stored password column = %q, want it sealed", p)
	}
	loaded := must(site.LoadMailSettings(ctx, s, box))(t)
	if loaded.Password != password || loaded.Host != "smtp.example.com" {
		t.Errorf("loaded = %+v", loaded)
	}
	if _, err := site.LoadMailSettings(ctx, s, nil); err == nil {
		t.Error("a sealed password was opened without the key")
	}

	// A save that sends no password keeps the stored one.
	next := &site.MailSettings{Host: "smtp2.example.com", Username: "alerts", From: "alerts@example.com", Password: "ignored"}
	if err := site.PrepareMailSettings(ctx, s, box, next, site.MailPasswordChange{}); err != nil || next.Password != password {
		t.Fatalf("prepared %+v, %v", next, err)
	}
	saved = must(site.SaveMailSettings(ctx, s, box, next))(t)
	before := raw()
	if !site.IsSealed(before) || !saved.PasswordSet || saved.Port != 587 || saved.TLS != site.MailTLSStartTLS {
		t.Errorf("a save without a password: %+v, column %q", saved, before)
	}
	if m := must(site.EffectiveMail(ctx, nil, s, box))(t); m.Source != site.MailFromSaved || m.Password != password || m.Host != "smtp2.example.com" {
		t.Errorf("effective = %+v", m)
	}
	env := &site.MailSettings{Host: "env.example.com", Port: 25, From: "env@example.com", TLS: site.MailTLSNone}
	if m := must(site.EffectiveMail(ctx, env, s, box))(t); m.Source != site.MailFromEnvironment || m.Host != "env.example.com" {
		t.Errorf("effective with the environment's = %+v", m)
	}

	// A bad save changes nothing.
	bad := &site.MailSettings{Host: "smtp3.example.com", Port: 70000, From: "not an address", TLS: "ssl"}
	if _, err := site.SaveMailSettings(ctx, s, box, bad); err == nil {
		t.Error("bad settings were saved")
	} else if fields := err.(*site.Error).Fields; fields["port"] == "" || fields["from"] == "" || fields["tls"] == "" {
		t.Errorf("fields = %v", fields)
	}
	// Without a key no password is stored in the clear.
	if _, err := site.SaveMailSettings(ctx, s, nil, &site.MailSettings{Host: "smtp3.example.com", Username: "u", Password: "p", From: "a@example.com"}); site.ErrorCode(err) != site.EINVALID {
		t.Errorf("a password saved without a key: %v", err)
	}
	if got := must(s.GetMailSettings(ctx))(t); got.Host != "smtp2.example.com" || raw() != before {
		t.Errorf("a refused save changed the row: %+v", got)
	}

	// Without the key the saved password cannot be kept; a new one may be
	// given.
	next = &site.MailSettings{Host: "smtp2.example.com", Username: "alerts", From: "alerts@example.com"}
	if err := site.PrepareMailSettings(ctx, s, nil, next, site.MailPasswordChange{}); site.ErrorCode(err) != site.EINVALID {
		t.Errorf("kept a password that cannot be read: %v", err)
	}
	// Clearing removes the password.
	if err := site.PrepareMailSettings(ctx, s, box, next, site.MailPasswordChange{Password: "x", Clear: true}); err == nil {
		t.Error("a new password and a clear were taken together")
	}
	if err := site.PrepareMailSettings(ctx, s, box, next, site.MailPasswordChange{Clear: true}); err != nil || next.Password != "" {
		t.Fatalf("prepared %+v, %v", next, err)
	}
	saved = must(site.SaveMailSettings(ctx, s, box, next))(t)
	if saved.PasswordSet || raw() != "" {
		t.Errorf("cleared: %+v, column %q", saved, raw())
	}
	// The database refuses a row the site never writes.
	if _, err := s.UpdateMailSettings(ctx, &site.MailSettings{Port: 0, TLS: "ssl"}); err == nil {
		t.Error("a port of 0 and an unknown TLS mode were stored")
	}
}
