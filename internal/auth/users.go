package auth

import (
	"net/http"
	"runtime"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// handleMe answers who is signed in and with what role, for the admin app
// to show only what the role may use. As the admin loads with it, it also
// renews the session's draft-view cookie, which a session begun before
// the cookie existed, or a browser that dropped it, lacks.
func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) error {
	su := currentUser(r.Context())
	s.SetDraftCookie(w, r, s.Secrets, su.session)
	u := su.user
	httpx.WriteOK(w, me(u))
	return nil
}

// handleUserList lists the staff.
func (s *Server) handleUserList(w http.ResponseWriter, r *http.Request) error {
	users, err := s.Store.FindUsers(r.Context())
	if err != nil {
		return err
	}
	out := make([]site.StaffUser, len(users))
	for i, u := range users {
		out[i] = u.Staff()
	}
	httpx.WriteOK(w, out)
	return nil
}

type userCreateInput struct {
	Username string `json:"username"`
	Password string `json:"password" text:"any"`
	Role     string `json:"role"`
}

// handleUserCreate creates an active user with the password given.
func (s *Server) handleUserCreate(w http.ResponseWriter, r *http.Request) error {
	var in userCreateInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	nu := site.NewUser{Username: in.Username, Password: in.Password, Role: in.Role}
	if err := nu.Validate(); err != nil {
		return err
	}
	hash, err := s.hashPassword(r, nu.Password)
	if err != nil {
		return err
	}
	u, err := s.Store.CreateUser(r.Context(), &site.User{Username: nu.Username, PasswordHash: hash, Role: nu.Role, Status: site.UserActive})
	if site.ErrorCode(err) == site.ECONFLICT {
		return httpx.FieldError(site.ECONFLICT, "username", "The username "+nu.Username+" is taken; choose another.")
	} else if err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "user created", "user", u.Username, "role", u.Role, "by", User(r.Context()).Username)
	httpx.WriteCreated(w, u.Staff())
	return nil
}

type userUpdateInput struct {
	Role   string `json:"role"`
	Status string `json:"status"`
	// Left out, they stay as they are.
	TakesLeads    *bool    `json:"takesLeads"`
	LeadInterests []string `json:"leadInterests"`
	Publisher     *bool    `json:"publisher"`
}

// handleUserUpdate sets a user's role and status (the username stays).
func (s *Server) handleUserUpdate(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "User")
	if err != nil {
		return err
	}
	var in userUpdateInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	ch := site.UserChange{Role: in.Role, Status: in.Status, TakesLeads: in.TakesLeads, LeadInterests: in.LeadInterests, Publisher: in.Publisher}
	if err := ch.Validate(); err != nil {
		return err
	}
	return s.updateUser(w, r, id, ch)
}

// handleUserDisable disables a user rather than removing them: their
// sign-ins and the revisions they wrote keep naming them, and an
// administrator can enable them again.
func (s *Server) handleUserDisable(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "User")
	if err != nil {
		return err
	}
	u, err := s.Store.FindUserByID(r.Context(), id)
	if err != nil {
		return err
	}
	return s.updateUser(w, r, id, site.UserChange{Role: u.Role, Status: site.UserDisabled})
}

func (s *Server) updateUser(w http.ResponseWriter, r *http.Request, id int64, ch site.UserChange) error {
	me := currentUser(r.Context())
	if err := site.CheckUserChange(me.user, id, ch); err != nil {
		return err
	}
	u, err := s.Store.UpdateUser(r.Context(), id, ch)
	if err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "user changed", "user", u.Username, "role", u.Role, "status", u.Status, "by", me.user.Username)
	httpx.WriteOK(w, u.Staff())
	return nil
}

type passwordInput struct {
	Password string `json:"password" text:"any"`
}

// handleUserResetPassword sets another user's password and ends their
// sessions (an administrator resetting their own keeps the session that
// asked).
func (s *Server) handleUserResetPassword(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "User")
	if err != nil {
		return err
	}
	var in passwordInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := site.ValidatePassword(in.Password); err != nil {
		return err
	}
	hash, err := s.hashPassword(r, in.Password)
	if err != nil {
		return err
	}
	me := currentUser(r.Context())
	var keep int64
	if id == me.user.ID {
		keep = me.session.ID
	}
	if err := s.Store.SetPassword(r.Context(), id, hash, keep); err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "password reset", "user_id", id, "by", me.user.Username)
	httpx.WriteDone(w)
	return nil
}

type accountPasswordInput struct {
	CurrentPassword string `json:"currentPassword" text:"any"`
	NewPassword     string `json:"newPassword" text:"any"`
}

// handleAccountPassword changes the signed-in user's own password, given
// the current one, and ends their other sessions.
func (s *Server) handleAccountPassword(w http.ResponseWriter, r *http.Request) error {
	var in accountPasswordInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := (site.PasswordChange{Current: in.CurrentPassword, New: in.NewPassword}).Validate(); err != nil {
		return err
	}
	me := currentUser(r.Context())
	err := s.reauthenticate(r, me.user, "password change", "currentPassword", func() (string, error) {
		match, err := s.checkPassword(r.Context(), me.user.PasswordHash, in.CurrentPassword)
		if err != nil || match {
			return "", err
		}
		return "The current password is not right.", nil
	})
	if err != nil {
		return err
	}
	hash, err := s.hashPassword(r, in.NewPassword)
	if err != nil {
		return err
	}
	if err := s.Store.SetPassword(r.Context(), me.user.ID, hash, me.session.ID); err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "password changed", "user", me.user.Username)
	httpx.WriteDone(w)
	return nil
}

// handleAccountSessions lists the signed-in user's sessions that are still
// valid, the last used first.
func (s *Server) handleAccountSessions(w http.ResponseWriter, r *http.Request) error {
	me := currentUser(r.Context())
	list, err := s.Store.FindUserSessions(r.Context(), me.user.ID)
	if err != nil {
		return err
	}
	now := s.Now()
	out := []site.AccountSession{}
	for _, sess := range list {
		if !s.Sessions.Valid(sess, now) {
			continue
		}
		out = append(out, site.AccountSession{ID: sess.ID, Device: site.DeviceName(sess.UserAgent),
			LastSeenAt: sess.LastSeenAt.UTC(), CreatedAt: sess.CreatedAt.UTC(), Current: sess.ID == me.session.ID})
	}
	httpx.WriteOK(w, out)
	return nil
}

// handleAccountSessionEnd signs the user out of one of their sessions.
func (s *Server) handleAccountSessionEnd(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Session")
	if err != nil {
		return err
	}
	me := currentUser(r.Context())
	return httpx.ReplyDone(w, s.Store.DeleteUserSession(r.Context(), me.user.ID, id))
}

// handleAccountSessionsEnd signs the user out everywhere but here.
func (s *Server) handleAccountSessionsEnd(w http.ResponseWriter, r *http.Request) error {
	me := currentUser(r.Context())
	return httpx.ReplyDone(w, s.Store.DeleteUserSessions(r.Context(), me.user.ID, me.session.ID))
}

// hashPassword hashes pw once a hashing slot is free.
func (s *Server) hashPassword(r *http.Request, pw string) (string, error) {
	s.hashOnce.Do(func() { s.hashSlots = make(chan struct{}, max(2, runtime.GOMAXPROCS(0))) })
	select {
	case s.hashSlots <- struct{}{}:
	case <-r.Context().Done():
		return "", r.Context().Err()
	}
	defer func() { <-s.hashSlots }()
	return site.HashPassword(pw)
}
