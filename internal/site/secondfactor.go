package site

import (
	"context"
	"fmt"
	"time"
)

// Messages of two-factor sign-in, its enrolment and its codes.
const (
	MsgCodeRequired      = "Enter the 6-digit code from your authenticator app, or a recovery code."
	MsgCodeTooLong       = "That is not a code: the app's code has 6 digits, a recovery code 16 letters and digits."
	MsgCodeWrong         = "The code is not right. Type the code your authenticator app shows now, or a recovery code."
	MsgCodeReplayed      = "This code was used already. Wait for the next code in your app (a new one comes every 30 seconds)."
	MsgRecoveryUsed      = "This recovery code was used already: each works once. Use another recovery code, or the code from your app."
	MsgTwoFactorOn       = "Two-factor sign-in is on already. Turn it off first to move it to another device."
	MsgNoEnrolment       = "Start the set-up first: the QR code to scan has not been made, or was replaced."
	MsgTwoFactorRequired = "Two-factor sign-in is required for all staff, so it cannot be turned off. An administrator can reset it if you lose your device."

	msgEnrolCodeRequired = "Enter the 6-digit code your authenticator app shows."
	msgEnrolCodeForm     = "The code has 6 digits, as your authenticator app shows it."
	msgEnrolCodeWrong    = "The code is not right. Check that the app shows this site's account and that the phone's clock is right, then type the code it shows now."
)

// CheckCodeLength refuses a code, as sent, longer than MaxCodeLength: it is
// neither an app's code nor a recovery code.
func CheckCodeLength(raw string) error {
	if len(raw) > MaxCodeLength {
		return FieldError("code", MsgCodeTooLong)
	}
	return nil
}

// SignInCode is the code of a sign-in's second step, as sent, normalized
// (NormalizeCode); EINVALID when there is none or it is too long.
func SignInCode(raw string) (string, error) {
	code := NormalizeCode(raw)
	if code == "" {
		return "", FieldError("code", MsgCodeRequired)
	}
	return code, CheckCodeLength(raw)
}

// SecondFactorStore is what TwoFactor needs of the store: a
// TwoFactorService has it.
type SecondFactorStore interface {
	UseTOTPStep(ctx context.Context, userID, step int64) (bool, error)
	UseRecoveryCode(ctx context.Context, userID int64, hash string, at time.Time) (RecoveryCodeUse, error)
	EnableTOTP(ctx context.Context, userID int64, secret string, step int64, codeHashes []string, at time.Time) error
}

// TwoFactor checks the second factor of users and turns it on: the rules
// of TOTP codes, their replay and the recovery codes, over the store that
// keeps them and the box that seals the secrets.
type TwoFactor struct {
	Store   SecondFactorStore
	Secrets *SecretBox
}

// Verify checks a normalized code of u's at now: a TOTP code once (a code
// of a time step not later than the last accepted is refused, so that a
// code seen over a shoulder cannot be used again), or one of u's recovery
// codes, which it marks used. It returns "" when the code is accepted,
// else why not, and whether it was a recovery code.
func (f TwoFactor) Verify(ctx context.Context, u *User, code string, now time.Time) (why string, recovery bool, err error) {
	if IsTOTPCode(code) {
		secret, err := f.Secrets.Open(u.TOTPSecret)
		if err != nil {
			return "", false, fmt.Errorf("two-factor secret of user %d: %w", u.ID, err)
		}
		step := MatchTOTP(secret, code, now)
		if step == 0 {
			return MsgCodeWrong, false, nil
		}
		ok, err := f.Store.UseTOTPStep(ctx, u.ID, step)
		if err != nil {
			return "", false, err
		}
		if !ok {
			return MsgCodeReplayed, false, nil
		}
		return "", false, nil
	}
	use, err := f.Store.UseRecoveryCode(ctx, u.ID, HashRecoveryCode(u.ID, code), now)
	if err != nil {
		return "", false, err
	}
	switch use {
	case RecoveryCodeOK:
		return "", true, nil
	case RecoveryCodeUsed:
		return MsgRecoveryUsed, false, nil
	}
	return MsgCodeWrong, false, nil
}

// Confirm turns u's two-factor sign-in on with the first code (as sent)
// of the pending secret at now, and returns the new recovery codes. The
// code's time step counts as used. A wrong code is an error of wrongCode
// (the sign-in's: EUNAUTHORIZED; the account's: EINVALID); without a
// pending secret, ECONFLICT.
func (f TwoFactor) Confirm(ctx context.Context, u *User, raw string, now time.Time, wrongCode string) ([]string, error) {
	if u.TOTPPending == "" {
		return nil, Errorf(ECONFLICT, MsgNoEnrolment)
	}
	code := NormalizeCode(raw)
	if code == "" {
		return nil, FieldError("code", msgEnrolCodeRequired)
	}
	if !IsTOTPCode(code) {
		return nil, FieldError("code", msgEnrolCodeForm)
	}
	pending, err := f.Secrets.Open(u.TOTPPending)
	if err != nil {
		return nil, fmt.Errorf("pending two-factor secret of user %d: %w", u.ID, err)
	}
	step := MatchTOTP(pending, code, now)
	if step == 0 {
		return nil, &Error{Code: wrongCode, Message: msgEnrolCodeWrong, Fields: map[string]string{"code": msgEnrolCodeWrong}}
	}
	codes, err := NewRecoveryCodes()
	if err != nil {
		return nil, err
	}
	if err := f.Store.EnableTOTP(ctx, u.ID, u.TOTPPending, step, RecoveryCodeHashes(u.ID, codes), now); err != nil {
		return nil, err
	}
	return codes, nil
}
