package site

import (
	"context"
	"slices"
	"strings"
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
