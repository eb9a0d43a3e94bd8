package site

import (
	"context"
	"slices"
	"strings"
	"time"
)

// NewUser is what an administrator gives to create a user.
type NewUser struct {
	Username string
	Password string
	Role     string
}

// Validate trims the username and checks each field; the message is the
// username's problem, else the password's, else the role's.
func (n *NewUser) Validate() error {
	n.Username = strings.TrimSpace(n.Username)
	var v fieldErrors
	for _, err := range []error{ValidateUsername(n.Username), ValidatePassword(n.Password), ValidateRole(n.Role)} {
		if se, ok := err.(*Error); ok {
			for f, msg := range se.Fields {
				v.add(f, msg)
			}
		}
	}
	return v.err()
}

// Validate checks the role and the status an administrator sets; the
// message is the role's problem, else the status's.
func (ch UserChange) Validate() error {
	var v fieldErrors
	if err, ok := ValidateRole(ch.Role).(*Error); ok {
		v.add("role", err.Fields["role"])
	}
	if ch.Status != UserActive && ch.Status != UserDisabled {
		v.add("status", "Status must be active or disabled.")
	}
	if ch.TakesLeads != nil && *ch.TakesLeads && !MayTakeLeads(ch.Role) {
		v.add("takesLeads", MsgTakesLeadsNot)
	}
	if len(ch.LeadInterests) > len(AIInterests) {
		v.add("leadInterests", "Choose each AI interest at most once.")
	}
	for _, i := range ch.LeadInterests {
		if !slices.Contains(AIInterests, i) || i == "" {
			v.add("leadInterests", "Choose AI interests from the lead form's list.")
			break
		}
	}
	return v.err()
}

// CheckUserChange refuses a change by the user by of the user id that
// would disable themselves: an account that locks its own holder out is
// ended by another administrator.
func CheckUserChange(by *User, id int64, ch UserChange) error {
	if id == by.ID && ch.Status == UserDisabled {
		return FieldError("status", "You cannot disable your own account; ask another administrator.")
	}
	return nil
}

// PasswordChange is a signed-in user's change of their own password.
type PasswordChange struct {
	Current string
	New     string
}

// Validate checks the change before the current password is: it is given,
// the new one is a valid password, and they differ.
func (c PasswordChange) Validate() error {
	if c.Current == "" {
		return FieldError("currentPassword", "Enter your current password.")
	}
	if err := ValidatePassword(c.New); err != nil {
		return FieldError("newPassword", ErrorMessage(err))
	}
	if c.New == c.Current {
		return FieldError("newPassword", "The new password is the current one; choose another.")
	}
	return nil
}

// MsgAccountDisabled answers a disabled user's sign-in and requests.
const MsgAccountDisabled = "Your account is disabled. Ask an administrator to enable it."

// SessionUser returns the user of a valid session when the user is
// active; otherwise what a request with the session is told. The user is
// read on every request, never from a cache: a role changed or an
// account disabled on any instance holds at once.
func SessionUser(ctx context.Context, st Store, sess *Session) (*User, string, error) {
	user, err := st.FindUserByID(ctx, sess.UserID)
	if ErrorCode(err) == ENOTFOUND {
		return nil, "Your session is not valid. Sign in again.", nil
	} else if err != nil {
		return nil, "", err
	}
	if user.Status != UserActive {
		return nil, MsgAccountDisabled, nil
	}
	return user, "", nil
}

// MaxEmailLength bounds a staff e-mail address (RFC 5321's path limit).
const MaxEmailLength = 254

// EmailLinkTTL is how long the link that verifies a new staff address
// works.
const EmailLinkTTL = 72 * time.Hour

// VerifyEmailPath is the admin's page a verification link opens; its
// token follows in the fragment, which no server or Referer sees.
const VerifyEmailPath = "/admin/verify-email"

// Messages of the staff e-mail address.
const (
	MsgBadStaffEmail = "Enter an e-mail address, such as name@example.com."
	MsgEmailLinkUsed = "This link is used or has expired: enter the address again in your account to get a new one."
)

// ValidateStaffEmail checks a staff member's new address ("" removes it).
func ValidateStaffEmail(email string) error {
	if email != "" && (len(email) > MaxEmailLength || !ValidEmail(email)) {
		return FieldError("email", MsgBadStaffEmail)
	}
	return nil
}

// EmailChange is a new address of a user: verified at VerifiedAt, or
// waiting for the link whose token's SHA-256 is TokenHash until ExpiresAt.
type EmailChange struct {
	Email      string
	VerifiedAt *time.Time
	TokenHash  string
	ExpiresAt  *time.Time
}
