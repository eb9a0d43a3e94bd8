package site

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"
)

// factorStore keeps in memory what TwoFactor reads and writes of a user:
// the last step accepted, the recovery codes' hashes and their use.
type factorStore struct {
	lastStep int64
	codes    map[string]bool // hash → used
	enabled  string
}

func (f *factorStore) UseTOTPStep(_ context.Context, _ int64, step int64) (bool, error) {
	if step <= f.lastStep {
		return false, nil
	}
	f.lastStep = step
	return true, nil
}

func (f *factorStore) UseRecoveryCode(_ context.Context, _ int64, hash string, _ time.Time) (RecoveryCodeUse, error) {
	used, ok := f.codes[hash]
	switch {
	case !ok:
		return RecoveryCodeUnknown, nil
	case used:
		return RecoveryCodeUsed, nil
	}
	f.codes[hash] = true
	return RecoveryCodeOK, nil
}

func (f *factorStore) EnableTOTP(_ context.Context, _ int64, secret string, step int64, hashes []string, _ time.Time) error {
	f.enabled, f.lastStep, f.codes = secret, step, map[string]bool{}
	for _, h := range hashes {
		f.codes[h] = false
	}
	return nil
}

func totpCode(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	c, err := totp.GenerateCodeCustom(secret, at, totpOpts)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestTwoFactor(t *testing.T) {
	ctx := context.Background()
	box, err := NewSecretBox(strings.Repeat("k", 32))
	if err != nil {
		t.Fatal(err)
	}
	key, err := NewTOTPKey("Meridian", "ana")
	if err != nil {
		t.Fatal(err)
	}
	sealed, err := box.Seal(key.Secret())
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	newUser := func() (*User, *factorStore, TwoFactor) {
		st := &factorStore{}
		return &User{ID: 3, TOTPPending: sealed}, st, TwoFactor{Store: st, Secrets: box}
	}
	enrolled := func(t *testing.T) (*User, *factorStore, TwoFactor, []string) {
		t.Helper()
		u, st, f := newUser()
		codes, err := f.Confirm(ctx, u, totpCode(t, key.Secret(), now), now, EINVALID)
		if err != nil {
			t.Fatal(err)
		}
		u.TOTPSecret, u.TOTPPending = st.enabled, ""
		return u, st, f, codes
	}
	wantErr := func(t *testing.T, err error, code, msg string) {
		t.Helper()
		se, ok := err.(*Error)
		if !ok || se.Code != code || se.Message != msg {
			t.Errorf("err = %v, want %s %q", err, code, msg)
		}
	}

	t.Run("ConfirmEnablesWithRecoveryCodes", func(t *testing.T) {
		u, st, _, codes := enrolled(t)
		if st.enabled != sealed || st.lastStep != TOTPStep(now) || len(codes) != RecoveryCodeCount || len(st.codes) != RecoveryCodeCount {
			t.Errorf("enabled %q at step %d with %d codes (%d kept)", st.enabled, st.lastStep, len(codes), len(st.codes))
		}
		for _, c := range codes {
			if len(c) != 19 || strings.Count(c, "-") != 3 || c != strings.ToLower(c) {
				t.Errorf("recovery code %q is not four groups of four", c)
			}
			if _, ok := st.codes[HashRecoveryCode(u.ID, c)]; !ok {
				t.Errorf("recovery code %q not kept", c)
			}
		}
	})
	t.Run("ConfirmRefusals", func(t *testing.T) {
		u, _, f := newUser()
		_, err := f.Confirm(ctx, &User{ID: 3}, "123456", now, EINVALID)
		wantErr(t, err, ECONFLICT, MsgNoEnrolment)
		_, err = f.Confirm(ctx, u, " - ", now, EINVALID)
		wantErr(t, err, EINVALID, msgEnrolCodeRequired)
		_, err = f.Confirm(ctx, u, "abcd-efgh", now, EINVALID)
		wantErr(t, err, EINVALID, msgEnrolCodeForm)
		_, err = f.Confirm(ctx, u, totpCode(t, key.Secret(), now.Add(-5*time.Minute)), now, EUNAUTHORIZED)
		wantErr(t, err, EUNAUTHORIZED, msgEnrolCodeWrong)
	})
	t.Run("CodeAcceptedOnce", func(t *testing.T) {
		u, _, f, _ := enrolled(t)
		later := now.Add(time.Minute)
		c := totpCode(t, key.Secret(), later)
		if why, rec, err := f.Verify(ctx, u, c, later); why != "" || rec || err != nil {
			t.Fatalf("first use: %q %v %v", why, rec, err)
		}
		if why, _, _ := f.Verify(ctx, u, c, later); why != MsgCodeReplayed {
			t.Errorf("replayed: %q, want %q", why, MsgCodeReplayed)
		}
		// An earlier step, still within the skew, is a replay too.
		if why, _, _ := f.Verify(ctx, u, totpCode(t, key.Secret(), later.Add(-TOTPPeriod*time.Second)), later); why != MsgCodeReplayed {
			t.Errorf("earlier step: %q, want %q", why, MsgCodeReplayed)
		}
	})
	t.Run("ErrCodeWrong", func(t *testing.T) {
		u, _, f, _ := enrolled(t)
		for _, c := range []string{totpCode(t, key.Secret(), now.Add(time.Hour)), "zzzzzzzzzzzzzzzz"} {
			if why, _, err := f.Verify(ctx, u, c, now.Add(2*time.Minute)); why != MsgCodeWrong || err != nil {
				t.Errorf("%s: %q %v, want %q", c, why, err, MsgCodeWrong)
			}
		}
	})
	t.Run("RecoveryCodeOnce", func(t *testing.T) {
		u, _, f, codes := enrolled(t)
		typed := strings.ToUpper(strings.ReplaceAll(codes[2], "-", " "))
		if why, rec, err := f.Verify(ctx, u, NormalizeCode(typed), now); why != "" || !rec || err != nil {
			t.Fatalf("recovery code: %q %v %v", why, rec, err)
		}
		if why, rec, _ := f.Verify(ctx, u, NormalizeCode(codes[2]), now); why != MsgRecoveryUsed || rec {
			t.Errorf("again: %q %v, want %q", why, rec, MsgRecoveryUsed)
		}
	})
	t.Run("SignInCodeForm", func(t *testing.T) {
		if c, err := SignInCode(" 123 456 "); c != "123456" || err != nil {
			t.Errorf("SignInCode = %q, %v", c, err)
		}
		_, err := SignInCode(" -- ")
		wantErr(t, err, EINVALID, MsgCodeRequired)
		_, err = SignInCode(strings.Repeat("1", MaxCodeLength+1))
		wantErr(t, err, EINVALID, MsgCodeTooLong)
	})
}
