package auth

import (
	"bytes"
	"context"
	"encoding/base64"
	"image/png"
	"net/http"
	"strconv"
	"strings"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// msgChallengeGone answers a second step of the sign-in whose challenge
// is no longer one.
const msgChallengeGone = "This sign-in has expired or was finished already. Enter your username and password again."

// twoFactor is the rules of the second factor over the server's store and
// secret box.
func (s *Server) twoFactor() site.TwoFactor {
	return site.TwoFactor{Store: s.Store, Secrets: s.Secrets}
}

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
func (s *Server) startChallenge(w http.ResponseWriter, r *http.Request, u *site.User, purpose string) error {
	ctx := r.Context()
	now := s.Now()
	if err := s.Store.DeleteExpiredLoginChallenges(ctx, now); err != nil {
		s.Logger.ErrorContext(ctx, "delete expired login challenges", "err", err)
	}
	token, hash, err := site.NewSessionToken()
	if err != nil {
		return err
	}
	if err := s.Store.CreateLoginChallenge(ctx, &site.LoginChallenge{TokenHash: hash, UserID: u.ID, Purpose: purpose,
		ExpiresAt: now.Add(site.LoginChallengeLife)}); err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteSigned(w, site.LoginStep{TwoFactorRequired: purpose == site.ChallengeCode,
		TwoFactorSetupRequired: purpose == site.ChallengeEnrol, Challenge: token})
	return nil
}

// newSession signs the user in and returns the SPEC's login answer.
func (s *Server) newSession(w http.ResponseWriter, r *http.Request, user *site.User) (*site.SignedIn, error) {
	ctx := r.Context()
	now := s.Now()
	if err := s.Store.RecordLogin(ctx, user.ID, now); err != nil {
		return nil, err
	}
	// Sweeping ended sessions at each login keeps the table small.
	if err := s.Store.DeleteExpiredSessions(ctx, now); err != nil {
		s.Logger.ErrorContext(ctx, "delete expired sessions", "err", err)
	}
	token, tokenHash, err := site.NewSessionToken()
	if err != nil {
		return nil, err
	}
	sess, err := s.Store.CreateSession(ctx, &site.Session{UserID: user.ID, TokenHash: tokenHash, UserAgent: userAgent(r),
		ExpiresAt: now.Add(s.Sessions.Absolute), LastSeenAt: now, CreatedAt: now})
	if err != nil {
		return nil, err
	}
	s.SetDraftCookie(w, r, s.Secrets, sess)
	if err := s.audit(r, user, &site.AuditEntry{Action: site.AuditSignIn}); err != nil {
		s.LogFailure(r, "audit entry not written", "action", site.AuditSignIn, "err", err)
	}
	w.Header().Set("Cache-Control", "no-store")
	return &site.SignedIn{Success: true, SessionToken: token,
		User: site.LoginUser{ID: user.ID, Username: user.Username, IsAdmin: user.MayEditSite()}}, nil
}

type challengeInput struct {
	Challenge string `json:"challenge"`
	Code      string `json:"code"`
}

// claimChallenge reads the challenge of a second step, and counts the
// attempt against the user's login limits as a password attempt is.
func (s *Server) claimChallenge(r *http.Request, in challengeInput, purpose string, needCode bool) (*site.User, *site.LoginClaim, string, error) {
	ctx := r.Context()
	now := s.Now()
	if in.Challenge == "" || len(in.Challenge) > site.MaxChallengeLength {
		return nil, nil, "", httpx.SignInAgain(msgChallengeGone)
	}
	code := site.NormalizeCode(in.Code)
	if needCode {
		var err error
		if code, err = site.SignInCode(in.Code); err != nil {
			return nil, nil, "", err
		}
	}
	c, err := s.Store.FindLoginChallenge(ctx, site.HashToken(in.Challenge))
	if site.ErrorCode(err) == site.ENOTFOUND || err == nil && (c.Purpose != purpose || !now.Before(c.ExpiresAt)) {
		return nil, nil, "", httpx.SignInAgain(msgChallengeGone)
	} else if err != nil {
		return nil, nil, "", err
	}
	user, err := s.Store.FindUserByID(ctx, c.UserID)
	if site.ErrorCode(err) == site.ENOTFOUND {
		return nil, nil, "", httpx.SignInAgain(msgChallengeGone)
	} else if err != nil {
		return nil, nil, "", err
	}
	var claim *site.LoginClaim
	if needCode {
		claim, err = s.Store.ClaimLoginAttempt(ctx, user.Username, s.LimitAddr(r), now, s.lockoutPolicy())
		if err != nil {
			return nil, nil, "", err
		}
		if !claim.Allowed {
			return nil, nil, "", tooMany(claim.RetryAt.Sub(now))
		}
	}
	if user.Status != site.UserActive {
		return nil, nil, "", httpx.SignInAgain(site.MsgAccountDisabled)
	}
	return user, claim, code, nil
}

// checkSecondFactor checks a code of u's (site.TwoFactor.Verify) and
// records the use of a recovery code in the audit log. It answers "" when
// the code is right, else why not.
func (s *Server) checkSecondFactor(r *http.Request, u *site.User, code string) (string, error) {
	why, recovery, err := s.twoFactor().Verify(r.Context(), u, code, s.Now())
	if err != nil || !recovery {
		return why, err
	}
	e := &site.AuditEntry{Action: site.AuditRecoveryCodeUsed, Target: "users/" + strconv.FormatInt(u.ID, 10)}
	if err := s.audit(r, u, e); err != nil {
		s.LogFailure(r, "audit entry not written", "action", e.Action, "err", err)
	}
	return "", nil
}

// handleLoginCode finishes a sign-in with a TOTP code or a recovery code,
// answering as a successful login does.
func (s *Server) handleLoginCode(w http.ResponseWriter, r *http.Request) error {
	var in challengeInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	user, claim, code, err := s.claimChallenge(r, in, site.ChallengeCode, true)
	if err != nil {
		return err
	}
	ctx := r.Context()
	if !user.TwoFactor() {
		// Reset by an administrator since the password was checked.
		return httpx.SignInAgain(msgChallengeGone)
	}
	why, err := s.checkSecondFactor(r, user, code)
	if err != nil {
		return err
	}
	if why != "" {
		// The claimed attempt stays counted as a failure.
		s.Logger.InfoContext(ctx, "login code failed", "client", s.ClientAddr(r))
		s.auditSignInFailed(r, user.Username, "two-factor code not accepted")
		return httpx.FieldError(site.EUNAUTHORIZED, "code", why)
	}
	if err := s.finishChallenge(r, user, claim, in.Challenge); err != nil {
		return err
	}
	out, err := s.newSession(w, r, user)
	if err != nil {
		return err
	}
	httpx.WriteSigned(w, out)
	return nil
}

// finishChallenge ends the challenge (once: of two requests with it, one
// fails) and forgets the login failures.
func (s *Server) finishChallenge(r *http.Request, user *site.User, claim *site.LoginClaim, challenge string) error {
	ctx := r.Context()
	used, err := s.Store.DeleteLoginChallenge(ctx, site.HashToken(challenge))
	if err != nil {
		return err
	}
	if !used {
		return httpx.SignInAgain(msgChallengeGone)
	}
	return s.Store.ResetLoginThrottle(ctx, user.Username, s.LimitAddr(r), claim.Attempt)
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
func (s *Server) enrol(w http.ResponseWriter, r *http.Request, u *site.User) error {
	ctx := r.Context()
	key, err := site.NewTOTPKey(s.issuer(ctx), u.Username)
	if err != nil {
		return err
	}
	img, err := key.Image(264, 264)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	sealed, err := s.Secrets.Seal(key.Secret())
	if err != nil {
		return err
	}
	if err := s.Store.SetPendingTOTP(ctx, u.ID, sealed); err != nil {
		return err
	}
	httpx.WriteOK(w, site.TwoFactorEnrolment{Secret: key.Secret(), URI: key.URL(),
		QRCode: "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())})
	return nil
}

// confirm turns u's two-factor sign-in on with the first code of the
// pending secret (site.TwoFactor.Confirm) and returns the new recovery
// codes.
func (s *Server) confirm(r *http.Request, u *site.User, code string, wrongCode string) ([]string, error) {
	codes, err := s.twoFactor().Confirm(r.Context(), u, code, s.Now(), wrongCode)
	if err != nil {
		return nil, err
	}
	s.Logger.InfoContext(r.Context(), "two-factor enabled", "user", u.Username)
	return codes, nil
}

// handleUserResetTwoFactor turns another user's two-factor sign-in off,
// for one who lost their device, and ends their sessions: they sign in
// with the password alone (or are sent to enrol again, when two-factor is
// required).
func (s *Server) handleUserResetTwoFactor(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "User")
	if err != nil {
		return err
	}
	ctx := r.Context()
	if err := s.Store.DisableTOTP(ctx, id); err != nil {
		return err
	}
	// A lost device may be a stolen one: the user's sessions end with it,
	// as with a password reset (the administrator's own session stays).
	var keep int64
	if me := currentUser(ctx); id == me.user.ID {
		keep = me.session.ID
	}
	if err := s.Store.DeleteUserSessions(ctx, id, keep); err != nil {
		return err
	}
	u, err := s.Store.FindUserByID(ctx, id)
	if err != nil {
		return err
	}
	s.Logger.InfoContext(ctx, "two-factor reset", "user", u.Username, "by", User(ctx).Username)
	httpx.WriteOK(w, u.Staff())
	return nil
}

// handleSecurityGet answers the sign-in rules of all staff.
func (s *Server) handleSecurityGet(w http.ResponseWriter, r *http.Request) error {
	st, err := s.Store.GetSecuritySettings(r.Context())
	return httpx.Reply(w, st, err)
}

// handleSecurityUpdate sets the sign-in rules of all staff. Requiring
// two-factor sign-in sends everyone without it to enrol at their next
// sign-in; open sessions go on.
func (s *Server) handleSecurityUpdate(w http.ResponseWriter, r *http.Request) error {
	var in site.SecuritySettings
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	st, err := s.Store.UpdateSecuritySettings(r.Context(), &in)
	if err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "security settings changed", "require_two_factor", st.RequireTwoFactor, "by", User(r.Context()).Username)
	httpx.WriteOK(w, st)
	return nil
}

// handleLoginEnrol starts the enrolment of a user who must use two-factor
// sign-in, between their password and their first session.
func (s *Server) handleLoginEnrol(w http.ResponseWriter, r *http.Request) error {
	var in challengeInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	user, _, _, err := s.claimChallenge(r, in, site.ChallengeEnrol, false)
	if err != nil {
		return err
	}
	if user.TwoFactor() {
		return site.Errorf(site.ECONFLICT, site.MsgTwoFactorOn)
	}
	return s.enrol(w, r, user)
}

// handleLoginEnrolConfirm confirms that enrolment with its first code,
// and signs the user in, answering the recovery codes beside the login's
// answer. A wrong code counts against the login limits.
func (s *Server) handleLoginEnrolConfirm(w http.ResponseWriter, r *http.Request) error {
	var in challengeInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	user, claim, _, err := s.claimChallenge(r, in, site.ChallengeEnrol, true)
	if err != nil {
		return err
	}
	if user.TwoFactor() {
		return site.Errorf(site.ECONFLICT, site.MsgTwoFactorOn)
	}
	codes, err := s.confirm(r, user, in.Code, site.EUNAUTHORIZED)
	if err != nil {
		return err
	}
	if err := s.finishChallenge(r, user, claim, in.Challenge); err != nil {
		return err
	}
	out, err := s.newSession(w, r, user)
	if err != nil {
		return err
	}
	httpx.WriteSigned(w, site.SignedInEnrolled{SignedIn: *out, RecoveryCodes: codes})
	return nil
}
