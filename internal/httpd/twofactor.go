package httpd

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image/png"
	"net/http"
	"strconv"
	"strings"

	"meridian/internal/site"
)

// Messages of the second step of the sign-in.
const (
	msgChallengeGone = "This sign-in has expired or was finished already. Enter your username and password again."
	msgCodeRequired  = "Enter the 6-digit code from your authenticator app, or a recovery code."
	msgCodeTooLong   = "That is not a code: the app's code has 6 digits, a recovery code 16 letters and digits."
	msgCodeWrong     = "The code is not right. Type the code your authenticator app shows now, or a recovery code."
	msgCodeReplayed  = "This code was used already. Wait for the next code in your app (a new one comes every 30 seconds)."
	msgRecoveryUsed  = "This recovery code was used already: each works once. Use another recovery code, or the code from your app."
	msgTwoFactorOn   = "Two-factor sign-in is on already. Turn it off first to move it to another device."
	msgNoEnrolment   = "Start the set-up first: the QR code to scan has not been made, or was replaced."
	msgRequired      = "Two-factor sign-in is required for all staff, so it cannot be turned off. An administrator can reset it if you lose your device."
)

// secondStep says what a user whose password was right must do before a
// session starts: "" (nothing), site.ChallengeCode or site.ChallengeEnrol.
func (s *Server) secondStep(ctx context.Context, u *site.User) (string, error) {
	if u.TwoFactor() {
		return site.ChallengeCode, nil
	}
	st, err := s.Store.GetSecuritySettings(ctx)
	if err != nil {
		return "", err
	}
	if st.RequireTwoFactor {
		return site.ChallengeEnrol, nil
	}
	return "", nil
}

// startChallenge answers the second step of the sign-in with a fresh
// single-use challenge.
func (s *Server) startChallenge(w http.ResponseWriter, r *http.Request, u *site.User, purpose string) {
	ctx := r.Context()
	now := s.now()
	if err := s.Store.DeleteExpiredLoginChallenges(ctx, now); err != nil {
		s.Logger.ErrorContext(ctx, "delete expired login challenges", "err", err)
	}
	token, hash, err := site.NewSessionToken()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.Store.CreateLoginChallenge(ctx, &site.LoginChallenge{TokenHash: hash, UserID: u.ID, Purpose: purpose,
		ExpiresAt: now.Add(site.LoginChallengeLife)}); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, site.LoginStep{TwoFactorRequired: purpose == site.ChallengeCode,
		TwoFactorSetupRequired: purpose == site.ChallengeEnrol, Challenge: token})
}

// newSession signs the user in and returns the SPEC's login answer; on
// failure it has answered the request.
func (s *Server) newSession(w http.ResponseWriter, r *http.Request, user *site.User) (*site.SignedIn, bool) {
	ctx := r.Context()
	now := s.now()
	if err := s.Store.RecordLogin(ctx, user.ID, now); err != nil {
		s.writeError(w, r, err)
		return nil, false
	}
	// Sweeping ended sessions at each login keeps the table small.
	if err := s.Store.DeleteExpiredSessions(ctx, now); err != nil {
		s.Logger.ErrorContext(ctx, "delete expired sessions", "err", err)
	}
	token, tokenHash, err := site.NewSessionToken()
	if err != nil {
		s.writeError(w, r, err)
		return nil, false
	}
	sess, err := s.Store.CreateSession(ctx, &site.Session{UserID: user.ID, TokenHash: tokenHash, UserAgent: userAgent(r),
		ExpiresAt: now.Add(s.sessionPolicy().Absolute), LastSeenAt: now, CreatedAt: now})
	if err != nil {
		s.writeError(w, r, err)
		return nil, false
	}
	s.setDraftCookie(w, r, sess)
	if err := s.audit(r, user, &site.AuditEntry{Action: site.AuditSignIn}); err != nil {
		s.logFailure(r, "audit entry not written", "action", site.AuditSignIn, "err", err)
	}
	w.Header().Set("Cache-Control", "no-store")
	return &site.SignedIn{Success: true, SessionToken: token,
		User: site.LoginUser{ID: user.ID, Username: user.Username, IsAdmin: user.MayEditSite()}}, true
}

type challengeInput struct {
	Challenge string `json:"challenge"`
	Code      string `json:"code"`
}

// claimChallenge reads the challenge of a second step, and counts the
// attempt against the user's login limits as a password attempt is. On
// failure it has answered the request.
func (s *Server) claimChallenge(w http.ResponseWriter, r *http.Request, in challengeInput, purpose string, needCode bool) (*site.User, *site.LoginClaim, string, bool) {
	ctx := r.Context()
	now := s.now()
	if in.Challenge == "" || len(in.Challenge) > site.MaxChallengeLength {
		unauthorized(w, msgChallengeGone)
		return nil, nil, "", false
	}
	code := site.NormalizeCode(in.Code)
	if needCode {
		if code == "" {
			writeFieldError(w, http.StatusBadRequest, "code", msgCodeRequired)
			return nil, nil, "", false
		}
		if len(in.Code) > site.MaxCodeLength {
			writeFieldError(w, http.StatusBadRequest, "code", msgCodeTooLong)
			return nil, nil, "", false
		}
	}
	c, err := s.Store.FindLoginChallenge(ctx, site.HashToken(in.Challenge))
	if site.ErrorCode(err) == site.ENOTFOUND || err == nil && (c.Purpose != purpose || !now.Before(c.ExpiresAt)) {
		unauthorized(w, msgChallengeGone)
		return nil, nil, "", false
	} else if err != nil {
		s.writeError(w, r, err)
		return nil, nil, "", false
	}
	user, err := s.Store.FindUserByID(ctx, c.UserID)
	if site.ErrorCode(err) == site.ENOTFOUND {
		unauthorized(w, msgChallengeGone)
		return nil, nil, "", false
	} else if err != nil {
		s.writeError(w, r, err)
		return nil, nil, "", false
	}
	var claim *site.LoginClaim
	if needCode {
		claim, err = s.Store.ClaimLoginAttempt(ctx, user.Username, s.limitAddr(r), now, s.lockoutPolicy())
		if err != nil {
			s.writeError(w, r, err)
			return nil, nil, "", false
		}
		if !claim.Allowed {
			tooMany(w, claim.RetryAt.Sub(now))
			return nil, nil, "", false
		}
	}
	if user.Status != site.UserActive {
		unauthorized(w, msgDisabled)
		return nil, nil, "", false
	}
	return user, claim, code, true
}

// checkSecondFactor checks a TOTP code (once: a code of a time step not
// later than the last accepted is refused) or one of the user's recovery
// codes (marked used). It answers "" when the code is right, else why not.
func (s *Server) checkSecondFactor(r *http.Request, u *site.User, code string) (string, error) {
	ctx := r.Context()
	now := s.now()
	if site.IsTOTPCode(code) {
		secret, err := s.Secrets.Open(u.TOTPSecret)
		if err != nil {
			return "", fmt.Errorf("two-factor secret of user %d: %w", u.ID, err)
		}
		step := site.MatchTOTP(secret, code, now)
		if step == 0 {
			return msgCodeWrong, nil
		}
		ok, err := s.Store.UseTOTPStep(ctx, u.ID, step)
		if err != nil {
			return "", err
		}
		if !ok {
			return msgCodeReplayed, nil
		}
		return "", nil
	}
	use, err := s.Store.UseRecoveryCode(ctx, u.ID, site.HashRecoveryCode(u.ID, code), now)
	if err != nil {
		return "", err
	}
	switch use {
	case site.RecoveryCodeOK:
		e := &site.AuditEntry{Action: site.AuditRecoveryCodeUsed, Target: "users/" + strconv.FormatInt(u.ID, 10)}
		if err := s.audit(r, u, e); err != nil {
			s.logFailure(r, "audit entry not written", "action", e.Action, "err", err)
		}
		return "", nil
	case site.RecoveryCodeUsed:
		return msgRecoveryUsed, nil
	}
	return msgCodeWrong, nil
}

// handleLoginCode finishes a sign-in with a TOTP code or a recovery code,
// answering as a successful login does.
func (s *Server) handleLoginCode(w http.ResponseWriter, r *http.Request) {
	var in challengeInput
	if !decodeJSON(w, r, &in) {
		return
	}
	user, claim, code, ok := s.claimChallenge(w, r, in, site.ChallengeCode, true)
	if !ok {
		return
	}
	ctx := r.Context()
	if !user.TwoFactor() {
		// Reset by an administrator since the password was checked.
		unauthorized(w, msgChallengeGone)
		return
	}
	why, err := s.checkSecondFactor(r, user, code)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if why != "" {
		// The claimed attempt stays counted as a failure.
		s.Logger.InfoContext(ctx, "login code failed", "client", s.clientAddr(r))
		s.auditSignInFailed(r, user.Username, "two-factor code not accepted")
		writeFieldError(w, http.StatusUnauthorized, "code", why)
		return
	}
	if s.finishChallenge(w, r, user, claim, in.Challenge) {
		if out, ok := s.newSession(w, r, user); ok {
			writeJSON(w, http.StatusOK, out)
		}
	}
}

// finishChallenge ends the challenge (once: of two requests with it, one
// fails) and forgets the login failures; on failure it has answered.
func (s *Server) finishChallenge(w http.ResponseWriter, r *http.Request, user *site.User, claim *site.LoginClaim, challenge string) bool {
	ctx := r.Context()
	used, err := s.Store.DeleteLoginChallenge(ctx, site.HashToken(challenge))
	if err != nil {
		s.writeError(w, r, err)
		return false
	}
	if !used {
		unauthorized(w, msgChallengeGone)
		return false
	}
	if err := s.Store.ResetLoginThrottle(ctx, user.Username, s.limitAddr(r), claim.Attempt); err != nil {
		s.writeError(w, r, err)
		return false
	}
	return true
}

// issuer is the name an authenticator app shows beside the account: the
// site's company name.
func (s *Server) issuer(ctx context.Context) string {
	rec, err := s.Store.FindRecord(ctx, site.Settings, site.SettingsID)
	if err == nil {
		if st, ok := rec.(*site.SiteSettings); ok && strings.TrimSpace(st.LogoText) != "" {
			return strings.TrimSpace(st.LogoText)
		}
	}
	return site.DefaultCompanyName
}

// enrol makes a new secret for the user, kept until its first code
// confirms it, and answers it with its URI and QR code.
func (s *Server) enrol(w http.ResponseWriter, r *http.Request, u *site.User) {
	ctx := r.Context()
	key, err := site.NewTOTPKey(s.issuer(ctx), u.Username)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	img, err := key.Image(264, 264)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		s.writeError(w, r, err)
		return
	}
	sealed, err := s.Secrets.Seal(key.Secret())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.Store.SetPendingTOTP(ctx, u.ID, sealed); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, dataBody{Data: site.TwoFactorEnrolment{Secret: key.Secret(), URI: key.URL(),
		QRCode: "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())}})
}

// confirm checks the first code of the pending secret, makes it the
// user's and answers the new recovery codes; "" and false when it has
// answered the request.
func (s *Server) confirm(w http.ResponseWriter, r *http.Request, u *site.User, code string, status int) ([]string, bool) {
	ctx := r.Context()
	if u.TOTPPending == "" {
		writeJSON(w, http.StatusConflict, errorBody{Message: msgNoEnrolment})
		return nil, false
	}
	code = site.NormalizeCode(code)
	if code == "" {
		writeFieldError(w, http.StatusBadRequest, "code", "Enter the 6-digit code your authenticator app shows.")
		return nil, false
	}
	if !site.IsTOTPCode(code) {
		writeFieldError(w, http.StatusBadRequest, "code", "The code has 6 digits, as your authenticator app shows it.")
		return nil, false
	}
	now := s.now()
	pending, err := s.Secrets.Open(u.TOTPPending)
	if err != nil {
		s.writeError(w, r, fmt.Errorf("pending two-factor secret of user %d: %w", u.ID, err))
		return nil, false
	}
	step := site.MatchTOTP(pending, code, now)
	if step == 0 {
		writeFieldError(w, status, "code", "The code is not right. Check that the app shows this site's account and that the phone's clock is right, then type the code it shows now.")
		return nil, false
	}
	codes, err := site.NewRecoveryCodes()
	if err != nil {
		s.writeError(w, r, err)
		return nil, false
	}
	hashes := site.RecoveryCodeHashes(u.ID, codes)
	if err := s.Store.EnableTOTP(ctx, u.ID, u.TOTPPending, step, hashes, now); err != nil {
		s.writeError(w, r, err)
		return nil, false
	}
	s.Logger.InfoContext(ctx, "two-factor enabled", "user", u.Username)
	return codes, true
}

// handleUserResetTwoFactor turns another user's two-factor sign-in off,
// for one who lost their device, and ends their sessions: they sign in
// with the password alone (or are sent to enrol again, when two-factor is
// required).
func (s *Server) handleUserResetTwoFactor(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "User")
	if !ok {
		return
	}
	ctx := r.Context()
	if err := s.Store.DisableTOTP(ctx, id); err != nil {
		s.writeError(w, r, err)
		return
	}
	// A lost device may be a stolen one: the user's sessions end with it,
	// as with a password reset (the administrator's own session stays).
	var keep int64
	if me := currentUser(ctx); id == me.user.ID {
		keep = me.session.ID
	}
	if err := s.Store.DeleteUserSessions(ctx, id, keep); err != nil {
		s.writeError(w, r, err)
		return
	}
	u, err := s.Store.FindUserByID(ctx, id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.Logger.InfoContext(ctx, "two-factor reset", "user", u.Username, "by", currentUser(ctx).user.Username)
	writeJSON(w, http.StatusOK, dataBody{Data: u.Staff()})
}

// handleSecurityGet answers the sign-in rules of all staff.
func (s *Server) handleSecurityGet(w http.ResponseWriter, r *http.Request) {
	st, err := s.Store.GetSecuritySettings(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, dataBody{Data: st})
}

// handleSecurityUpdate sets the sign-in rules of all staff. Requiring
// two-factor sign-in sends everyone without it to enrol at their next
// sign-in; open sessions go on.
func (s *Server) handleSecurityUpdate(w http.ResponseWriter, r *http.Request) {
	var in site.SecuritySettings
	if !decodeJSON(w, r, &in) {
		return
	}
	st, err := s.Store.UpdateSecuritySettings(r.Context(), &in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.Logger.InfoContext(r.Context(), "security settings changed", "require_two_factor", st.RequireTwoFactor, "by", currentUser(r.Context()).user.Username)
	writeJSON(w, http.StatusOK, dataBody{Data: st})
}

// handleLoginEnrol starts the enrolment of a user who must use two-factor
// sign-in, between their password and their first session.
func (s *Server) handleLoginEnrol(w http.ResponseWriter, r *http.Request) {
	var in challengeInput
	if !decodeJSON(w, r, &in) {
		return
	}
	user, _, _, ok := s.claimChallenge(w, r, in, site.ChallengeEnrol, false)
	if !ok {
		return
	}
	if user.TwoFactor() {
		writeJSON(w, http.StatusConflict, errorBody{Message: msgTwoFactorOn})
		return
	}
	s.enrol(w, r, user)
}

// handleLoginEnrolConfirm confirms that enrolment with its first code,
// and signs the user in, answering the recovery codes beside the login's
// answer. A wrong code counts against the login limits.
func (s *Server) handleLoginEnrolConfirm(w http.ResponseWriter, r *http.Request) {
	var in challengeInput
	if !decodeJSON(w, r, &in) {
		return
	}
	user, claim, _, ok := s.claimChallenge(w, r, in, site.ChallengeEnrol, true)
	if !ok {
		return
	}
	if user.TwoFactor() {
		writeJSON(w, http.StatusConflict, errorBody{Message: msgTwoFactorOn})
		return
	}
	codes, ok := s.confirm(w, r, user, in.Code, http.StatusUnauthorized)
	if !ok {
		return
	}
	if !s.finishChallenge(w, r, user, claim, in.Challenge) {
		return
	}
	if out, ok := s.newSession(w, r, user); ok {
		writeJSON(w, http.StatusOK, site.SignedInEnrolled{SignedIn: *out, RecoveryCodes: codes})
	}
}
