package site

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/hex"
	"strconv"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// Two-factor sign-in: TOTP as RFC 6238 and every authenticator app read
// it by default (HMAC-SHA1, 30-second steps, 6 digits, a 160-bit secret).
const (
	TOTPPeriod = 30
	TOTPDigits = 6
	// TOTPSkew is how many steps either side of now a code is still taken,
	// for a phone's clock that is a little off.
	TOTPSkew = 1
	// RecoveryCodeCount is how many recovery codes an enrolment makes.
	RecoveryCodeCount = 10
	// LoginChallengeLife is how long the step between the password and the
	// code may take.
	LoginChallengeLife = 5 * time.Minute
	// MaxCodeLength bounds a code or recovery code sent in a request (a
	// recovery code is 19 characters with its dashes).
	MaxCodeLength = 64
	// MaxChallengeLength bounds a challenge sent in a request (43
	// characters as made).
	MaxChallengeLength = 128
)

// Purposes of a login challenge: the code of an enrolled user, or the
// enrolment of a user who must use two-factor sign-in and has not yet.
const (
	ChallengeCode  = "code"
	ChallengeEnrol = "enrol"
)

var totpOpts = totp.ValidateOpts{Period: TOTPPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// NewTOTPKey makes a fresh secret for account, named issuer in the app.
func NewTOTPKey(issuer, account string) (*otp.Key, error) {
	return totp.Generate(totp.GenerateOpts{Issuer: issuer, AccountName: account, Period: TOTPPeriod,
		Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1, SecretSize: 20})
}

// TOTPStep is the RFC 6238 time step of t.
func TOTPStep(t time.Time) int64 { return t.Unix() / TOTPPeriod }

// MatchTOTP returns the time step, within TOTPSkew steps of now, at which
// code is the secret's code, or 0 when it is none of them. The caller
// refuses a step not later than the last one accepted (a replayed code).
func MatchTOTP(secret, code string, now time.Time) int64 {
	if !IsTOTPCode(code) || secret == "" {
		return 0
	}
	step := TOTPStep(now)
	for s := step - TOTPSkew; s <= step+TOTPSkew; s++ {
		want, err := totp.GenerateCodeCustom(secret, time.Unix(s*TOTPPeriod, 0), totpOpts)
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return s
		}
	}
	return 0
}

// IsTOTPCode reports whether s has the form of a TOTP code: six digits.
func IsTOTPCode(s string) bool {
	if len(s) != TOTPDigits {
		return false
	}
	_, err := strconv.Atoi(s)
	return err == nil && !strings.ContainsAny(s, "+-")
}

// NormalizeCode is a code as typed, without spaces and dashes and in lower
// case: "123 456" is "123456", "ABCD-efgh" is "abcdefgh".
func NormalizeCode(s string) string {
	return strings.ToLower(strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '\t' {
			return -1
		}
		return r
	}, s))
}

var recoveryEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// NewRecoveryCodes makes RecoveryCodeCount recovery codes of 80 random bits
// each, written as four groups of four (abcd-efgh-ijkl-mnop).
func NewRecoveryCodes() ([]string, error) {
	out := make([]string, RecoveryCodeCount)
	for i := range out {
		b := make([]byte, 10)
		if _, err := rand.Read(b); err != nil {
			return nil, err
		}
		s := strings.ToLower(recoveryEncoding.EncodeToString(b))
		out[i] = s[0:4] + "-" + s[4:8] + "-" + s[8:12] + "-" + s[12:16]
	}
	return out, nil
}

// HashRecoveryCode is what the store keeps of a user's recovery code: the
// hex SHA-256 of the user's id and the normalized code. A fast hash is
// enough, as for session tokens: 80 random bits cannot be searched for
// offline, and a slow password hash would cost 19 MiB per code tried.
func HashRecoveryCode(userID int64, code string) string {
	sum := sha256.Sum256([]byte("recovery-code:" + strconv.FormatInt(userID, 10) + ":" + NormalizeCode(code)))
	return hex.EncodeToString(sum[:])
}

// RecoveryCodeHashes returns what the store keeps of the user's codes.
func RecoveryCodeHashes(userID int64, codes []string) []string {
	hashes := make([]string, len(codes))
	for i, c := range codes {
		hashes[i] = HashRecoveryCode(userID, c)
	}
	return hashes
}

// LoginChallenge is the step between a right password and the second
// factor: its token goes to the client, the store keeps its SHA-256.
type LoginChallenge struct {
	TokenHash string
	UserID    int64
	Purpose   string
	ExpiresAt time.Time
}

// RecoveryCodeUse is the outcome of a recovery code.
type RecoveryCodeUse int

const (
	RecoveryCodeUnknown RecoveryCodeUse = iota // not one of the user's codes
	RecoveryCodeUsed                           // one of them, used already
	RecoveryCodeOK                             // used now
)

// TwoFactorStatus is the own account's two-factor sign-in, as the Account
// tab shows it.
type TwoFactorStatus struct {
	Enabled bool       `json:"enabled"`
	Since   *time.Time `json:"since"`
	// RecoveryCodesLeft counts the recovery codes not used yet.
	RecoveryCodesLeft int `json:"recoveryCodesLeft"`
	// Required says whether the administrators require it of all staff
	// (it cannot then be turned off).
	Required bool `json:"required"`
}

// TwoFactorEnrolment is a new secret, shown once to be scanned or typed.
type TwoFactorEnrolment struct {
	Secret string `json:"secret"`
	URI    string `json:"uri"`
	// QRCode is the URI as a QR code, a PNG data URL.
	QRCode string `json:"qrCode"`
}

// SecuritySettings are the sign-in rules of all staff.
type SecuritySettings struct {
	RequireTwoFactor bool `json:"requireTwoFactor"`
}

// TwoFactorService stores the second factor of users and the login
// challenges. An unknown user is ENOTFOUND.
type TwoFactorService interface {
	// SetPendingTOTP keeps a secret waiting for its first code.
	SetPendingTOTP(ctx context.Context, userID int64, secret string) error
	// EnableTOTP makes the pending secret the user's, if it is still
	// secret (ECONFLICT otherwise), with step as the last step used, and
	// replaces the recovery codes with these hashes, in one transaction.
	EnableTOTP(ctx context.Context, userID int64, secret string, step int64, codeHashes []string, at time.Time) error
	// DisableTOTP forgets the user's secrets and recovery codes.
	DisableTOTP(ctx context.Context, userID int64) error
	// UseTOTPStep records step as the last used if it is later than the
	// last; false means it is not (the code was used already).
	UseTOTPStep(ctx context.Context, userID, step int64) (bool, error)
	// UseRecoveryCode marks the user's code of this hash used, at once for
	// any number of requests.
	UseRecoveryCode(ctx context.Context, userID int64, hash string, at time.Time) (RecoveryCodeUse, error)
	// ReplaceRecoveryCodes makes these hashes the user's recovery codes,
	// the old ones forgotten, in one transaction.
	ReplaceRecoveryCodes(ctx context.Context, userID int64, codeHashes []string) error
	// CountRecoveryCodes counts the user's unused recovery codes.
	CountRecoveryCodes(ctx context.Context, userID int64) (int, error)

	CreateLoginChallenge(ctx context.Context, c *LoginChallenge) error
	// FindLoginChallenge returns ENOTFOUND when no challenge has this hash.
	FindLoginChallenge(ctx context.Context, hash string) (*LoginChallenge, error)
	// DeleteLoginChallenge ends a challenge; false when it was gone already
	// (another request used it).
	DeleteLoginChallenge(ctx context.Context, hash string) (bool, error)
	DeleteExpiredLoginChallenges(ctx context.Context, now time.Time) error

	GetSecuritySettings(ctx context.Context) (*SecuritySettings, error)
	UpdateSecuritySettings(ctx context.Context, s *SecuritySettings) (*SecuritySettings, error)
}
