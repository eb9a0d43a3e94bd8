package auth

import (
	"net/http"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// The own account's two-factor sign-in: its status, enrolment and
// confirmation, turning it off, and new recovery codes. The sign-in's
// steps and an administrator's reset are in twofactor.go.

type recoveryCodesOutput struct {
	RecoveryCodes []string `json:"recoveryCodes"`
}

// handleTwoFactorStatus answers the own account's two-factor sign-in.
func (s *Server) handleTwoFactorStatus(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	u := User(ctx)
	st, err := s.Store.GetSecuritySettings(ctx)
	if err != nil {
		return err
	}
	out := site.TwoFactorStatus{Enabled: u.TwoFactor(), Required: st.RequireTwoFactor}
	if u.TwoFactor() {
		out.Since = u.TOTPEnabledAt
		if out.RecoveryCodesLeft, err = s.Store.CountRecoveryCodes(ctx, u.ID); err != nil {
			return err
		}
	}
	httpx.WriteOK(w, out)
	return nil
}

// handleTwoFactorEnrol starts the own account's enrolment.
func (s *Server) handleTwoFactorEnrol(w http.ResponseWriter, r *http.Request) error {
	u := User(r.Context())
	if u.TwoFactor() {
		return site.Errorf(site.ECONFLICT, site.MsgTwoFactorOn)
	}
	return s.enrol(w, r, u)
}

type codeInput struct {
	Code string `json:"code"`
}

// handleTwoFactorConfirm turns the own account's two-factor sign-in on
// with the first code of the new secret, and answers the recovery codes,
// which are never shown again.
func (s *Server) handleTwoFactorConfirm(w http.ResponseWriter, r *http.Request) error {
	var in codeInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := site.CheckCodeLength(in.Code); err != nil {
		return err
	}
	u := User(r.Context())
	if u.TwoFactor() {
		return site.Errorf(site.ECONFLICT, site.MsgTwoFactorOn)
	}
	codes, err := s.confirm(r, u, in.Code, site.EINVALID)
	if err != nil {
		return err
	}
	httpx.WriteOK(w, recoveryCodesOutput{RecoveryCodes: codes})
	return nil
}

type ownerProof struct {
	Password string `json:"password" text:"any"`
	Code     string `json:"code"`
}

// handleTwoFactorDisable turns the own account's two-factor sign-in off,
// given the password or a code.
func (s *Server) handleTwoFactorDisable(w http.ResponseWriter, r *http.Request) error {
	var in ownerProof
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	u := User(ctx)
	if !u.TwoFactor() {
		return site.Errorf(site.ECONFLICT, "Two-factor sign-in is off already.")
	}
	st, err := s.Store.GetSecuritySettings(ctx)
	if err != nil {
		return err
	}
	if st.RequireTwoFactor {
		return site.Errorf(site.ECONFLICT, site.MsgTwoFactorRequired)
	}
	if err := s.proveOwner(r, u, in, "to turn two-factor sign-in off", "two-factor off"); err != nil {
		return err
	}
	if err := s.Store.DisableTOTP(ctx, u.ID); err != nil {
		return err
	}
	s.Logger.InfoContext(ctx, "two-factor disabled", "user", u.Username)
	httpx.WriteDone(w)
	return nil
}

// proveOwner checks that the signed-in user is the account's owner, by its
// password or a code of its second factor, before a change to that factor
// (see reauthenticate); it returns why not when they are not. purpose ends
// the message of a request with neither ("... to turn two-factor sign-in
// off"), what names the change in the audit log.
func (s *Server) proveOwner(r *http.Request, u *site.User, in ownerProof, purpose, what string) error {
	switch {
	case in.Password != "":
		return s.reauthenticate(r, u, what, "password", func() (string, error) {
			match, err := s.checkPassword(r.Context(), u.PasswordHash, in.Password)
			if err != nil || match {
				return "", err
			}
			return "The password is not right.", nil
		})
	case in.Code != "":
		if err := site.CheckCodeLength(in.Code); err != nil {
			return err
		}
		return s.reauthenticate(r, u, what, "code", func() (string, error) {
			return s.checkSecondFactor(r, u, site.NormalizeCode(in.Code))
		})
	}
	return site.FieldError("password", "Enter your password, or a code from your authenticator app, "+purpose+".")
}

// handleRecoveryCodesRenew replaces the own account's recovery codes with
// ten new ones, given the password or a code, and answers them; the old
// ones stop working.
func (s *Server) handleRecoveryCodesRenew(w http.ResponseWriter, r *http.Request) error {
	var in ownerProof
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	u := User(ctx)
	if !u.TwoFactor() {
		return site.Errorf(site.ECONFLICT, "Two-factor sign-in is off: recovery codes come with it.")
	}
	if err := s.proveOwner(r, u, in, "to make new recovery codes", "new recovery codes"); err != nil {
		return err
	}
	codes, err := site.NewRecoveryCodes()
	if err != nil {
		return err
	}
	hashes := site.RecoveryCodeHashes(u.ID, codes)
	if err := s.Store.ReplaceRecoveryCodes(ctx, u.ID, hashes); err != nil {
		return err
	}
	s.Logger.InfoContext(ctx, "recovery codes renewed", "user", u.Username)
	httpx.WriteOK(w, recoveryCodesOutput{RecoveryCodes: codes})
	return nil
}
