package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"meridian/internal/site"
)

func invitation(username, role, hash string, at time.Time) *site.Invitation {
	return &site.Invitation{Username: username, Role: role, TokenHash: hash, CreatedBy: "root", CreatedAt: at, ExpiresAt: at.Add(site.InvitationTTL)}
}

// testInvitations: an invitation made, listed, renewed, withdrawn and
// accepted once; a taken username, a waiting invitation, a used and an
// expired link refused.
func testInvitations(t *testing.T, s site.Store) {
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Millisecond)
	must(s.CreateUser(ctx, &site.User{Username: "root", PasswordHash: "h", Role: site.RoleAdmin}))(t)
	_, err := s.CreateInvitation(ctx, invitation("root", site.RoleEditor, "t0", now))
	wantCode(t, err, site.ECONFLICT)

	inv := must(s.CreateInvitation(ctx, invitation("ed", site.RoleEditor, "t1", now)))(t)
	if inv.ID == 0 || inv.Username != "ed" || inv.Role != site.RoleEditor || inv.CreatedBy != "root" || !inv.ExpiresAt.Equal(now.Add(site.InvitationTTL)) || inv.UsedAt != nil {
		t.Errorf("created = %+v", inv)
	}
	// One live invitation per username.
	_, err = s.CreateInvitation(ctx, invitation("ed", site.RoleSales, "t2", now))
	wantCode(t, err, site.ECONFLICT)
	if got := must(s.FindInvitationByToken(ctx, "t1"))(t); got.ID != inv.ID {
		t.Errorf("by token = %+v", got)
	}
	_, err = s.FindInvitationByToken(ctx, "nope")
	wantCode(t, err, site.ENOTFOUND)

	// A new link replaces the old token.
	renewed := must(s.RenewInvitation(ctx, inv.ID, "t3", now.Add(100*time.Hour)))(t)
	if renewed.TokenHash != "t3" || !renewed.ExpiresAt.Equal(now.Add(100*time.Hour)) {
		t.Errorf("renewed = %+v", renewed)
	}
	_, err = s.FindInvitationByToken(ctx, "t1")
	wantCode(t, err, site.ENOTFOUND)
	_, err = s.AcceptInvitation(ctx, "t1", "pw", now)
	wantCode(t, err, site.ENOTFOUND)

	// Accepted: the user exists with the invitation's role, the link is spent.
	u := must(s.AcceptInvitation(ctx, "t3", "pw-hash", now.Add(time.Hour)))(t)
	if u.Username != "ed" || u.Role != site.RoleEditor || u.Status != site.UserActive || u.PasswordHash != "pw-hash" {
		t.Errorf("user = %+v", u)
	}
	_, err = s.AcceptInvitation(ctx, "t3", "other", now.Add(2*time.Hour))
	wantCode(t, err, site.EGONE)
	if got := must(s.FindInvitationByToken(ctx, "t3"))(t); got.UsedAt == nil {
		t.Errorf("used at not set: %+v", got)
	}
	if list := must(s.FindInvitations(ctx))(t); len(list) != 0 {
		t.Errorf("pending after accept = %+v", list)
	}
	wantCode(t, s.DeleteInvitation(ctx, inv.ID), site.ENOTFOUND)
	_, err = s.RenewInvitation(ctx, inv.ID, "t4", now)
	wantCode(t, err, site.ENOTFOUND)

	// Expired: refused, listed until replaced by a new invitation.
	old := must(s.CreateInvitation(ctx, invitation("sam", site.RoleSales, "t5", now.Add(-80*time.Hour))))(t)
	_, err = s.AcceptInvitation(ctx, "t5", "pw", now)
	wantCode(t, err, site.EGONE)
	if site.ErrorMessage(err) != site.InvitationExpiredMessage {
		t.Errorf("expired message = %q", site.ErrorMessage(err))
	}
	must(s.CreateInvitation(ctx, invitation("zed", site.RoleSales, "t6", now)))(t)
	list := must(s.FindInvitations(ctx))(t)
	if len(list) != 2 || list[0].Username != "zed" || list[1].ID != old.ID {
		t.Errorf("pending = %+v", list)
	}
	fresh := must(s.CreateInvitation(ctx, invitation("sam", site.RoleAdmin, "t7", now)))(t)
	if fresh.ID == old.ID || fresh.Role != site.RoleAdmin {
		t.Errorf("replacement = %+v", fresh)
	}
	_, err = s.FindInvitationByToken(ctx, "t5")
	wantCode(t, err, site.ENOTFOUND)

	// Withdrawn: gone.
	if err := s.DeleteInvitation(ctx, fresh.ID); err != nil {
		t.Fatal(err)
	}
	_, err = s.AcceptInvitation(ctx, "t7", "pw", now)
	wantCode(t, err, site.ENOTFOUND)

	// A username taken after the invitation was sent.
	must(s.CreateUser(ctx, &site.User{Username: "zed", PasswordHash: "h", Role: site.RoleSales}))(t)
	_, err = s.AcceptInvitation(ctx, "t6", "pw", now)
	wantCode(t, err, site.ECONFLICT)
	if got := must(s.FindInvitationByToken(ctx, "t6"))(t); got.UsedAt != nil {
		t.Errorf("refused acceptance marked the link used: %+v", got)
	}
}

// testInvitationAcceptedAtOnce: a link opened in several places at once
// makes one user.
func testInvitationAcceptedAtOnce(t *testing.T, s site.Store) {
	ctx := context.Background()
	now := time.Now().UTC()
	must(s.CreateInvitation(ctx, invitation("twice", site.RoleEditor, "tok", now)))(t)
	errs := atOnce(8, func(i int) error {
		_, err := s.AcceptInvitation(ctx, "tok", fmt.Sprint("pw", i), now)
		return err
	})
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else if c := site.ErrorCode(err); c != site.EGONE && c != site.ECONFLICT {
			t.Errorf("error = %v", err)
		}
	}
	if ok != 1 {
		t.Errorf("%d acceptances succeeded, want 1 (%v)", ok, errs)
	}
	if n := must(s.CountUsers(ctx))(t); n != 1 {
		t.Errorf("users = %d, want 1", n)
	}
}

// testMakerDisabled: disabling a user withdraws the invitations they sent
// and revokes the preview links they made, in the same step, as does a
// role that no longer may send or make them; an
// invitation or a link of a disabled maker is refused however it came to
// be.
func testMakerDisabled(t *testing.T, s site.Store) {
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Millisecond)
	must(s.CreateUser(ctx, &site.User{Username: "root", PasswordHash: "h", Role: site.RoleAdmin}))(t)
	ada := must(s.CreateUser(ctx, &site.User{Username: "ada", PasswordHash: "h", Role: site.RoleAdmin}))(t)
	ed := must(s.CreateUser(ctx, &site.User{Username: "ed", PasswordHash: "h", Role: site.RoleEditor}))(t)
	w := site.Write{Actor: site.Actor{Username: "ed"}}
	p := any(must(s.CreateRecord(ctx, site.Pages, &site.Page{Title: "Draft", Slug: "draft", Content: "x", Status: site.PageDraft, Template: "default", IsActive: true}, w))(t)).(*site.Page)
	link := func(hash, by string) *site.PreviewLink {
		return &site.PreviewLink{PageID: p.ID, TokenHash: hash, CreatedBy: by, CreatedAt: now, ExpiresAt: now.AddDate(0, 0, 7)}
	}
	byAda := invitation("newbie", site.RoleAdmin, "ada-1", now)
	byAda.CreatedBy = "ada"
	must(s.CreateInvitation(ctx, byAda))(t)
	must(s.CreateInvitation(ctx, invitation("other", site.RoleSales, "root-1", now)))(t)
	must(s.CreatePreviewLink(ctx, link("ed-1", "ed")))(t)
	must(s.CreatePreviewLink(ctx, link("root-1", "root")))(t)

	must(s.UpdateUser(ctx, ada.ID, site.UserChange{Role: site.RoleAdmin, Status: site.UserDisabled}))(t)
	list := must(s.FindInvitations(ctx))(t)
	if len(list) != 1 || list[0].CreatedBy != "root" {
		t.Errorf("pending after the sender was disabled = %+v", list)
	}
	_, err := s.AcceptInvitation(ctx, "ada-1", "pw", now)
	wantCode(t, err, site.ENOTFOUND)
	if _, err := s.FindUserByUsername(ctx, "newbie"); site.ErrorCode(err) != site.ENOTFOUND {
		t.Errorf("the withdrawn invitation's user: %v", err)
	}

	must(s.UpdateUser(ctx, ed.ID, site.UserChange{Role: site.RoleEditor, Status: site.UserDisabled}))(t)
	_, err = s.FindPreviewLinkByToken(ctx, "ed-1", now)
	wantCode(t, err, site.ENOTFOUND)
	must(s.FindPreviewLinkByToken(ctx, "root-1", now))(t)

	// Made (or left) while the maker is disabled: refused all the same.
	late := invitation("late", site.RoleAdmin, "ada-2", now)
	late.CreatedBy = "ada"
	must(s.CreateInvitation(ctx, late))(t)
	_, err = s.AcceptInvitation(ctx, "ada-2", "pw", now)
	wantCode(t, err, site.ENOTFOUND)
	must(s.CreatePreviewLink(ctx, link("ed-2", "ed")))(t)
	_, err = s.FindPreviewLinkByToken(ctx, "ed-2", now)
	wantCode(t, err, site.ENOTFOUND)

	// Enabled again: what they make from then on works.
	must(s.UpdateUser(ctx, ed.ID, site.UserChange{Role: site.RoleEditor, Status: site.UserActive}))(t)
	must(s.FindPreviewLinkByToken(ctx, "ed-2", now))(t)

	// A role that may no longer invite, or edit, withdraws what it opened.
	cy := must(s.CreateUser(ctx, &site.User{Username: "cy", PasswordHash: "h", Role: site.RoleAdmin}))(t)
	byCy := invitation("cy-guest", site.RoleEditor, "cy-1", now)
	byCy.CreatedBy = "cy"
	must(s.CreateInvitation(ctx, byCy))(t)
	must(s.CreatePreviewLink(ctx, link("cy-1", "cy")))(t)
	must(s.UpdateUser(ctx, cy.ID, site.UserChange{Role: site.RoleEditor, Status: site.UserActive}))(t)
	for _, inv := range must(s.FindInvitations(ctx))(t) {
		if inv.CreatedBy == "cy" {
			t.Errorf("an invitation of a user no longer administrator is pending: %+v", inv)
		}
	}
	must(s.FindPreviewLinkByToken(ctx, "cy-1", now))(t)
	must(s.UpdateUser(ctx, cy.ID, site.UserChange{Role: site.RoleSales, Status: site.UserActive}))(t)
	_, err = s.FindPreviewLinkByToken(ctx, "cy-1", now)
	wantCode(t, err, site.ENOTFOUND)
}

// testUsernameCase: usernames are unique regardless of case, found in any
// case, and their login attempts counted together.
func testUsernameCase(t *testing.T, s site.Store) {
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Millisecond)
	alice := must(s.CreateUser(ctx, &site.User{Username: "Alice", PasswordHash: "h", Role: site.RoleAdmin}))(t)
	_, err := s.CreateUser(ctx, &site.User{Username: "alice", PasswordHash: "h"})
	wantCode(t, err, site.ECONFLICT)
	if got := must(s.FindUserByUsername(ctx, "ALICE"))(t); got.ID != alice.ID || got.Username != "Alice" {
		t.Errorf("ALICE found %+v", got)
	}

	// Invitations: for a user's name in another case, or beside one that
	// waits in another case, refused; accepted after a user took the name
	// in another case, refused.
	_, err = s.CreateInvitation(ctx, invitation("aLiCe", site.RoleEditor, "c1", now))
	wantCode(t, err, site.ECONFLICT)
	must(s.CreateInvitation(ctx, invitation("Ed", site.RoleEditor, "c2", now)))(t)
	_, err = s.CreateInvitation(ctx, invitation("ed", site.RoleEditor, "c3", now))
	wantCode(t, err, site.ECONFLICT)
	must(s.CreateUser(ctx, &site.User{Username: "ED", PasswordHash: "h", Role: site.RoleEditor}))(t)
	_, err = s.AcceptInvitation(ctx, "c2", "pw", now)
	wantCode(t, err, site.ECONFLICT)

	// Four failures as "Alice" and one as "alice" from one address lock
	// the account out from there.
	for i, name := range []string{"Alice", "ALICE", "alice", "aLice", "alicE"} {
		if c := must(s.ClaimLoginAttempt(ctx, name, "192.0.2.9", now, site.DefaultLockoutPolicy))(t); !c.Allowed {
			t.Fatalf("attempt %d refused", i+1)
		}
	}
	if c := must(s.ClaimLoginAttempt(ctx, "alice", "192.0.2.9", now, site.DefaultLockoutPolicy))(t); c.Allowed {
		t.Errorf("sixth attempt in another case allowed")
	}
}
