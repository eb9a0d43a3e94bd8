package site

import (
	"strings"
	"testing"
)

// checkFieldError fails unless err is EINVALID with the message msg,
// naming field with it.
func checkFieldError(t *testing.T, err error, field, msg string) {
	t.Helper()
	se, ok := err.(*Error)
	if !ok || se.Code != EINVALID || se.Message != msg || se.Fields[field] != msg {
		t.Errorf("err = %#v, want EINVALID %q on %s", err, msg, field)
	}
}

func TestNewUserValidate(t *testing.T) {
	t.Run("TrimsUsername", func(t *testing.T) {
		n := NewUser{Username: "  ana ", Password: strings.Repeat("x", MinPasswordLength), Role: RoleSales}
		if err := n.Validate(); err != nil {
			t.Fatal(err)
		}
		if n.Username != "ana" {
			t.Errorf("Username = %q, want ana", n.Username)
		}
	})
	t.Run("ErrEveryFieldUsernameFirst", func(t *testing.T) {
		err := (&NewUser{Username: "a b", Password: "short", Role: "owner"}).Validate()
		checkFieldError(t, err, "username", "Username may hold only letters, digits and . _ - @ (no spaces).")
		if f := err.(*Error).Fields; f["password"] == "" || f["role"] != "Choose a role: admin, editor, sales or recruiter." {
			t.Errorf("fields = %v", f)
		}
	})
	t.Run("ErrPasswordBeforeRole", func(t *testing.T) {
		err := (&NewUser{Username: "ana", Password: "short", Role: "owner"}).Validate()
		if se := err.(*Error); !strings.HasPrefix(se.Message, "Password must be at least") {
			t.Errorf("message = %q", se.Message)
		}
	})
}

func TestUserChangeValidate(t *testing.T) {
	t.Run("ActiveAndDisabledOnly", func(t *testing.T) {
		for _, st := range UserStatuses {
			if err := (UserChange{Role: RoleEditor, Status: st}).Validate(); err != nil {
				t.Errorf("%s: %v", st, err)
			}
		}
		for _, st := range []string{"", "Active", "deleted"} {
			checkFieldError(t, UserChange{Role: RoleEditor, Status: st}.Validate(), "status", "Status must be active or disabled.")
		}
	})
	t.Run("ErrUnknownRoleBeforeStatus", func(t *testing.T) {
		err := UserChange{Role: "owner", Status: "gone"}.Validate()
		checkFieldError(t, err, "role", "Choose a role: admin, editor, sales or recruiter.")
		if got := err.(*Error).Fields["status"]; got != "Status must be active or disabled." {
			t.Errorf("status field = %q", got)
		}
	})
}

func TestCheckUserChange(t *testing.T) {
	me := &User{ID: 7, Role: RoleAdmin}
	t.Run("ErrDisableYourself", func(t *testing.T) {
		checkFieldError(t, CheckUserChange(me, 7, UserChange{Role: RoleAdmin, Status: UserDisabled}),
			"status", "You cannot disable your own account; ask another administrator.")
	})
	t.Run("OwnRoleAndOthersStatus", func(t *testing.T) {
		if err := CheckUserChange(me, 7, UserChange{Role: RoleEditor, Status: UserActive}); err != nil {
			t.Errorf("own role: %v", err)
		}
		if err := CheckUserChange(me, 8, UserChange{Role: RoleAdmin, Status: UserDisabled}); err != nil {
			t.Errorf("another user: %v", err)
		}
	})
}

func TestPasswordChangeValidate(t *testing.T) {
	good := strings.Repeat("n", MinPasswordLength)
	t.Run("ErrCurrentMissing", func(t *testing.T) {
		checkFieldError(t, PasswordChange{New: good}.Validate(), "currentPassword", "Enter your current password.")
	})
	t.Run("ErrNewTooShort", func(t *testing.T) {
		err := PasswordChange{Current: "old", New: "short"}.Validate()
		se, _ := err.(*Error)
		if se == nil || se.Fields["newPassword"] == "" || se.Fields["password"] != "" || !strings.HasPrefix(se.Message, "Password must be at least") {
			t.Errorf("err = %#v", err)
		}
	})
	t.Run("ErrNewSameAsCurrent", func(t *testing.T) {
		checkFieldError(t, PasswordChange{Current: good, New: good}.Validate(), "newPassword", "The new password is the current one; choose another.")
	})
	t.Run("Valid", func(t *testing.T) {
		if err := (PasswordChange{Current: "old password", New: good}).Validate(); err != nil {
			t.Error(err)
		}
	})
}
