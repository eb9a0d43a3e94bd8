package site

import "testing"

func TestCheckLastAdmin(t *testing.T) {
	demote := UserChange{Role: RoleEditor, Status: UserActive}
	disable := UserChange{Role: RoleAdmin, Status: UserDisabled}
	keep := UserChange{Role: RoleAdmin, Status: UserActive}
	for _, tc := range []struct {
		name   string
		admins []int64
		id     int64
		ch     UserChange
		refuse bool
	}{
		{"the last administrator demoted", []int64{1}, 1, demote, true},
		{"the last administrator disabled", []int64{1}, 1, disable, true},
		{"the last administrator kept an active administrator", []int64{1}, 1, keep, false},
		{"one of two administrators demoted", []int64{1, 2}, 1, demote, false},
		{"one of two administrators disabled", []int64{1, 2}, 2, disable, false},
		{"another user changed beside the last administrator", []int64{1}, 3, disable, false},
		{"a change when no administrator is active", nil, 3, demote, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckLastAdmin(tc.admins, tc.id, tc.ch)
			if !tc.refuse {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if ErrorCode(err) != ECONFLICT || ErrorMessage(err) != LastAdminMessage {
				t.Fatalf("got %v (%s), want ECONFLICT %q", err, ErrorCode(err), LastAdminMessage)
			}
		})
	}
}
