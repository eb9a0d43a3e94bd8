package httpd

import (
	"net/http"

	"meridian/internal/site"
)

// The own account's two-factor sign-in: its status, enrolment and
// confirmation, turning it off, and new recovery codes. The sign-in's
// steps and an administrator's reset are in twofactor.go.

type recoveryCodesOutput struct {
	RecoveryCodes []string `json:"recoveryCodes"`
}

// handleTwoFactorStatus answers the own account's two-factor sign-in.
func (s *Server) handleTwoFactorStatus(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	u := currentUser(ctx).user
	st, err := s.Store.GetSecuritySettings(ctx)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := site.TwoFactorStatus{Enabled: u.TwoFactor(), Required: st.RequireTwoFactor}
	if u.TwoFactor() {
		out.Since = u.TOTPEnabledAt
		if out.RecoveryCodesLeft, err = s.Store.CountRecoveryCodes(ctx, u.ID); err != nil {
			s.writeError(w, r, err)
			return
		}
	}
	writeJSON(w, http.StatusOK, dataBody{Data: out})
}

// handleTwoFactorEnrol starts the own account's enrolment.
func (s *Server) handleTwoFactorEnrol(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r.Context()).user
	if u.TwoFactor() {
		writeJSON(w, http.StatusConflict, errorBody{Message: msgTwoFactorOn})
		return
	}
	s.enrol(w, r, u)
}

type codeInput struct {
	Code string `json:"code"`
}

// handleTwoFactorConfirm turns the own account's two-factor sign-in on
// with the first code of the new secret, and answers the recovery codes,
// which are never shown again.
func (s *Server) handleTwoFactorConfirm(w http.ResponseWriter, r *http.Request) {
	var in codeInput
	if !decodeJSON(w, r, &in) {
		return
	}
	if len(in.Code) > site.MaxCodeLength {
		writeFieldError(w, http.StatusBadRequest, "code", msgCodeTooLong)
		return
	}
	u := currentUser(r.Context()).user
	if u.TwoFactor() {
		writeJSON(w, http.StatusConflict, errorBody{Message: msgTwoFactorOn})
		return
	}
	codes, ok := s.confirm(w, r, u, in.Code, http.StatusBadRequest)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, dataBody{Data: recoveryCodesOutput{RecoveryCodes: codes}})
}

type ownerProof struct {
	Password string `json:"password" text:"any"`
	Code     string `json:"code"`
}

// handleTwoFactorDisable turns the own account's two-factor sign-in off,
// given the password or a code.
func (s *Server) handleTwoFactorDisable(w http.ResponseWriter, r *http.Request) {
	var in ownerProof
	if !decodeJSON(w, r, &in) {
		return
	}
	ctx := r.Context()
	u := currentUser(ctx).user
	if !u.TwoFactor() {
		writeJSON(w, http.StatusConflict, errorBody{Message: "Two-factor sign-in is off already."})
		return
	}
	st, err := s.Store.GetSecuritySettings(ctx)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if st.RequireTwoFactor {
		writeJSON(w, http.StatusConflict, errorBody{Message: msgRequired})
		return
	}
	if !s.proveOwner(w, r, u, in, "to turn two-factor sign-in off", "two-factor off") {
		return
	}
	if err := s.Store.DisableTOTP(ctx, u.ID); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.Logger.InfoContext(ctx, "two-factor disabled", "user", u.Username)
	writeJSON(w, http.StatusOK, successBody)
}

// proveOwner checks that the signed-in user is the account's owner, by its
// password or a code of its second factor, before a change to that factor
// (see reauthenticate); it answers why not when they are not. purpose ends
// the message of a request with neither ("... to turn two-factor sign-in
// off"), what names the change in the audit log.
func (s *Server) proveOwner(w http.ResponseWriter, r *http.Request, u *site.User, in ownerProof, purpose, what string) bool {
	switch {
	case in.Password != "":
		return s.reauthenticate(w, r, u, what, "password", func() (string, error) {
			match, err := s.checkPassword(r.Context(), u.PasswordHash, in.Password)
			if err != nil || match {
				return "", err
			}
			return "The password is not right.", nil
		})
	case in.Code != "":
		if len(in.Code) > site.MaxCodeLength {
			writeFieldError(w, http.StatusBadRequest, "code", msgCodeTooLong)
			return false
		}
		return s.reauthenticate(w, r, u, what, "code", func() (string, error) {
			return s.checkSecondFactor(r, u, site.NormalizeCode(in.Code))
		})
	}
	writeFieldError(w, http.StatusBadRequest, "password", "Enter your password, or a code from your authenticator app, "+purpose+".")
	return false
}

// handleRecoveryCodesRenew replaces the own account's recovery codes with
// ten new ones, given the password or a code, and answers them; the old
// ones stop working.
func (s *Server) handleRecoveryCodesRenew(w http.ResponseWriter, r *http.Request) {
	var in ownerProof
	if !decodeJSON(w, r, &in) {
		return
	}
	ctx := r.Context()
	u := currentUser(ctx).user
	if !u.TwoFactor() {
		writeJSON(w, http.StatusConflict, errorBody{Message: "Two-factor sign-in is off: recovery codes come with it."})
		return
	}
	if !s.proveOwner(w, r, u, in, "to make new recovery codes", "new recovery codes") {
		return
	}
	codes, err := site.NewRecoveryCodes()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	hashes := site.RecoveryCodeHashes(u.ID, codes)
	if err := s.Store.ReplaceRecoveryCodes(ctx, u.ID, hashes); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.Logger.InfoContext(ctx, "recovery codes renewed", "user", u.Username)
	writeJSON(w, http.StatusOK, dataBody{Data: recoveryCodesOutput{RecoveryCodes: codes}})
}
