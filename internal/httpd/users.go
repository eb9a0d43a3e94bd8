package httpd

import (
	"net/http"
	"runtime"
	"strings"

	"meridian/internal/site"
)

// handleMe answers who is signed in and with what role, for the admin app
// to show only what the role may use. As the admin loads with it, it also
// renews the session's draft-view cookie, which a session begun before
// the cookie existed, or a browser that dropped it, lacks.
func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) {
	su := currentUser(r.Context())
	s.setDraftCookie(w, r, su.session)
	u := su.user
	writeJSON(w, http.StatusOK, dataBody{Data: site.Me{ID: u.ID, Username: u.Username, Role: u.Role, IsAdmin: u.MayEditSite()}})
}

// handleUserList lists the staff.
func (s *Server) handleUserList(w http.ResponseWriter, r *http.Request) {
	users, err := s.Store.FindUsers(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]site.StaffUser, len(users))
	for i, u := range users {
		out[i] = u.Staff()
	}
	writeJSON(w, http.StatusOK, dataBody{Data: out})
}

type userCreateInput struct {
	Username string `json:"username"`
	Password string `json:"password" text:"any"`
	Role     string `json:"role"`
}

// handleUserCreate creates an active user with the password given.
func (s *Server) handleUserCreate(w http.ResponseWriter, r *http.Request) {
	var in userCreateInput
	if !decodeJSON(w, r, &in) {
		return
	}
	in.Username = strings.TrimSpace(in.Username)
	errs := map[string]string{}
	for _, err := range []error{site.ValidateUsername(in.Username), site.ValidatePassword(in.Password), site.ValidateRole(in.Role)} {
		for k, v := range fieldsOf(err) {
			errs[k] = v
		}
	}
	if len(errs) > 0 {
		writeFieldErrors(w, errs, "username", "password", "role")
		return
	}
	hash, err := s.hashPassword(r, in.Password)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	u, err := s.Store.CreateUser(r.Context(), &site.User{Username: in.Username, PasswordHash: hash, Role: in.Role, Status: site.UserActive})
	if site.ErrorCode(err) == site.ECONFLICT {
		writeFieldError(w, http.StatusConflict, "username", "The username "+in.Username+" is taken; choose another.")
		return
	} else if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.Logger.InfoContext(r.Context(), "user created", "user", u.Username, "role", u.Role, "by", currentUser(r.Context()).user.Username)
	writeJSON(w, http.StatusCreated, dataBody{Data: u.Staff()})
}

type userUpdateInput struct {
	Role   string `json:"role"`
	Status string `json:"status"`
}

// handleUserUpdate sets a user's role and status (the username stays).
func (s *Server) handleUserUpdate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "User")
	if !ok {
		return
	}
	var in userUpdateInput
	if !decodeJSON(w, r, &in) {
		return
	}
	errs := fieldsOf(site.ValidateRole(in.Role))
	if in.Status != site.UserActive && in.Status != site.UserDisabled {
		if errs == nil {
			errs = map[string]string{}
		}
		errs["status"] = "Status must be active or disabled."
	}
	if len(errs) > 0 {
		writeFieldErrors(w, errs, "role", "status")
		return
	}
	s.updateUser(w, r, id, in.Role, in.Status)
}

// handleUserDisable disables a user rather than removing them: their
// sign-ins and the revisions they wrote keep naming them, and an
// administrator can enable them again.
func (s *Server) handleUserDisable(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "User")
	if !ok {
		return
	}
	u, err := s.Store.FindUserByID(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.updateUser(w, r, id, u.Role, site.UserDisabled)
}

func (s *Server) updateUser(w http.ResponseWriter, r *http.Request, id int64, role, status string) {
	me := currentUser(r.Context())
	if id == me.user.ID && status == site.UserDisabled {
		writeFieldError(w, http.StatusBadRequest, "status", "You cannot disable your own account; ask another administrator.")
		return
	}
	u, err := s.Store.UpdateUser(r.Context(), id, site.UserChange{Role: role, Status: status})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.Logger.InfoContext(r.Context(), "user changed", "user", u.Username, "role", u.Role, "status", u.Status, "by", me.user.Username)
	writeJSON(w, http.StatusOK, dataBody{Data: u.Staff()})
}

type passwordInput struct {
	Password string `json:"password" text:"any"`
}

// handleUserResetPassword sets another user's password and ends their
// sessions (an administrator resetting their own keeps the session that
// asked).
func (s *Server) handleUserResetPassword(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "User")
	if !ok {
		return
	}
	var in passwordInput
	if !decodeJSON(w, r, &in) {
		return
	}
	if err := site.ValidatePassword(in.Password); err != nil {
		s.writeError(w, r, err)
		return
	}
	hash, err := s.hashPassword(r, in.Password)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	me := currentUser(r.Context())
	var keep int64
	if id == me.user.ID {
		keep = me.session.ID
	}
	if err := s.Store.SetPassword(r.Context(), id, hash, keep); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.Logger.InfoContext(r.Context(), "password reset", "user_id", id, "by", me.user.Username)
	writeJSON(w, http.StatusOK, successBody)
}

type accountPasswordInput struct {
	CurrentPassword string `json:"currentPassword" text:"any"`
	NewPassword     string `json:"newPassword" text:"any"`
}

// handleAccountPassword changes the signed-in user's own password, given
// the current one, and ends their other sessions.
func (s *Server) handleAccountPassword(w http.ResponseWriter, r *http.Request) {
	var in accountPasswordInput
	if !decodeJSON(w, r, &in) {
		return
	}
	me := currentUser(r.Context())
	if in.CurrentPassword == "" {
		writeFieldError(w, http.StatusBadRequest, "currentPassword", "Enter your current password.")
		return
	}
	if err := site.ValidatePassword(in.NewPassword); err != nil {
		writeFieldError(w, http.StatusBadRequest, "newPassword", site.ErrorMessage(err))
		return
	}
	if in.NewPassword == in.CurrentPassword {
		writeFieldError(w, http.StatusBadRequest, "newPassword", "The new password is the current one; choose another.")
		return
	}
	ok := s.reauthenticate(w, r, me.user, "password change", "currentPassword", func() (string, error) {
		match, err := s.checkPassword(r.Context(), me.user.PasswordHash, in.CurrentPassword)
		if err != nil || match {
			return "", err
		}
		return "The current password is not right.", nil
	})
	if !ok {
		return
	}
	hash, err := s.hashPassword(r, in.NewPassword)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.Store.SetPassword(r.Context(), me.user.ID, hash, me.session.ID); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.Logger.InfoContext(r.Context(), "password changed", "user", me.user.Username)
	writeJSON(w, http.StatusOK, successBody)
}

// handleAccountSessions lists the signed-in user's sessions that are still
// valid, the last used first.
func (s *Server) handleAccountSessions(w http.ResponseWriter, r *http.Request) {
	me := currentUser(r.Context())
	list, err := s.Store.FindUserSessions(r.Context(), me.user.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	now := s.now()
	out := []site.AccountSession{}
	for _, sess := range list {
		if !s.sessionPolicy().Valid(sess, now) {
			continue
		}
		out = append(out, site.AccountSession{ID: sess.ID, Device: site.DeviceName(sess.UserAgent),
			LastSeenAt: sess.LastSeenAt.UTC(), CreatedAt: sess.CreatedAt.UTC(), Current: sess.ID == me.session.ID})
	}
	writeJSON(w, http.StatusOK, dataBody{Data: out})
}

// handleAccountSessionEnd signs the user out of one of their sessions.
func (s *Server) handleAccountSessionEnd(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "Session")
	if !ok {
		return
	}
	me := currentUser(r.Context())
	if err := s.Store.DeleteUserSession(r.Context(), me.user.ID, id); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, successBody)
}

// handleAccountSessionsEnd signs the user out everywhere but here.
func (s *Server) handleAccountSessionsEnd(w http.ResponseWriter, r *http.Request) {
	me := currentUser(r.Context())
	if err := s.Store.DeleteUserSessions(r.Context(), me.user.ID, me.session.ID); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, successBody)
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

// writeFieldError answers status with one field's message.
func writeFieldError(w http.ResponseWriter, status int, field, msg string) {
	code, body := fieldError(status, field, msg)
	writeJSON(w, code, body)
}

// writeFieldErrors answers 400 with every field's message, the first of
// order as the message.
func writeFieldErrors(w http.ResponseWriter, errs map[string]string, order ...string) {
	msg := ""
	for _, f := range order {
		if m, ok := errs[f]; ok {
			msg = m
			break
		}
	}
	writeJSON(w, http.StatusBadRequest, errorBody{Message: msg, Errors: errs})
}
