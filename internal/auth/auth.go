package auth

import (
	"context"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"time"
	"unicode/utf8"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

type ctxKey int

const userKey ctxKey = iota

// sessionUser is who made the request, and through which session.
type sessionUser struct {
	user    *site.User
	session *site.Session
}

func currentUser(ctx context.Context) *sessionUser {
	u, _ := ctx.Value(userKey).(*sessionUser)
	return u
}

// User is the signed-in user who made the request of ctx; nil on a route
// that needs no session.
func User(ctx context.Context) *site.User {
	if u := currentUser(ctx); u != nil {
		return u.user
	}
	return nil
}

// Actor is who makes the request, for the revisions.
func Actor(r *http.Request) site.Actor {
	u := User(r.Context())
	return site.Actor{UserID: u.ID, Username: u.Username}
}

// touchEvery limits how often a session's last use is written back. The
// idle timeout counts from the stored time, so a session can end this much
// early: a few seconds keep the timeout exact enough while a burst of
// requests still costs one write.
const touchEvery = 5 * time.Second

// bearerToken returns the token of an "Authorization: Bearer" header.
func bearerToken(r *http.Request) string {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// Authenticated lets a request through only with a valid, unexpired session
// token in the Authorization header.
func (s *Server) Authenticated(next httpx.Handler) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		token := bearerToken(r)
		if token == "" {
			return httpx.SignInAgain("Sign in to continue.")
		}
		ctx := r.Context()
		sess, err := s.Store.FindSessionByTokenHash(ctx, site.HashToken(token))
		if site.ErrorCode(err) == site.ENOTFOUND {
			return httpx.SignInAgain("Your session is not valid. Sign in again.")
		} else if err != nil {
			return err
		}
		now := s.Now()
		if !s.Sessions.Valid(sess, now) {
			if err := s.Store.DeleteSession(ctx, sess.ID); err != nil && site.ErrorCode(err) != site.ENOTFOUND {
				s.Logger.ErrorContext(ctx, "delete expired session", "err", err)
			}
			return httpx.SignInAgain("Your session has expired. Sign in again.")
		}
		user, refusal, err := site.SessionUser(ctx, s.Store, sess)
		if err != nil {
			return err
		}
		if refusal != "" {
			return httpx.SignInAgain(refusal)
		}
		if now.Sub(sess.LastSeenAt) >= touchEvery {
			err := s.Store.TouchSession(ctx, sess.ID, now)
			switch site.ErrorCode(err) {
			case site.ENOTFOUND:
			case site.EUNAVAILABLE:
				// A database that cannot save still answers reads: the
				// session is touched on a later request.
			default:
				if err != nil {
					return err
				}
				sess.LastSeenAt = now
			}
		}
		ctx = context.WithValue(ctx, userKey, &sessionUser{user: user, session: sess})
		return next(w, r.WithContext(s.withAudit(ctx, r, user)))
	}
}

// May lets a request through only for a signed-in user whose role holds
// the permission; any other signed-in user gets 403 with what it needs.
func (s *Server) May(p site.Permission, next httpx.Handler) httpx.Handler {
	return s.Authenticated(func(w http.ResponseWriter, r *http.Request) error {
		if !User(r.Context()).May(p) {
			return &site.Error{Code: site.EFORBIDDEN, Message: forbiddenMessages[p]}
		}
		return next(w, r)
	})
}

// forbiddenMessages say what a refused request needs.
var forbiddenMessages = map[site.Permission]string{
	site.PermContent:            "Changing the site's content needs the editor or administrator role.",
	site.PermLeads:              "The lead inbox is open to the sales and administrator roles only.",
	site.PermLeadSettings:       "This action needs administrator rights.",
	site.PermUsers:              "This action needs administrator rights.",
	site.PermLeadActivityDelete: "Only administrators can delete entries of a lead's activity.",
	site.PermSubscribers:        "The newsletter's subscribers are open to the editor and administrator roles only.",
	site.PermCareers:            "The careers are open to the recruiter and administrator roles only.",
	site.PermPublish:            "Only a publisher can send changes back: ask an administrator to make you one.",
}

// dummy returns a hash that unknown usernames are checked against, so that
// they cost the same time as known ones.
func (s *Server) dummy() string {
	s.dummyOnce.Do(func() {
		h, err := site.HashPassword("no user has this password; it only costs time")
		if err != nil {
			panic(fmt.Sprintf("hash dummy password: %v", err))
		}
		s.dummyHash = h
	})
	return s.dummyHash
}

// checkPassword compares pw with hash once a hashing slot is free.
func (s *Server) checkPassword(ctx context.Context, hash, pw string) (bool, error) {
	s.hashOnce.Do(func() { s.hashSlots = make(chan struct{}, max(2, runtime.GOMAXPROCS(0))) })
	select {
	case s.hashSlots <- struct{}{}:
	case <-ctx.Done():
		return false, ctx.Err()
	}
	defer func() { <-s.hashSlots }()
	return site.CheckPassword(hash, pw), nil
}

type loginInput struct {
	Username string `json:"username"`
	Password string `json:"password" text:"any"`
}

// tooMany is the refusal of a sign-in attempt while locked out for wait.
func tooMany(wait time.Duration) error {
	mins := (httpx.RetrySeconds(wait) + 59) / 60
	unit := "minutes"
	if mins == 1 {
		unit = "minute"
	}
	return httpx.RetryAfter(site.Errorf(site.ETOOMANY, "Too many failed sign-in attempts. Try again in %d %s.", mins, unit), wait)
}

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) error {
	var in loginInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	in.Username = strings.TrimSpace(in.Username)
	errs := map[string]string{}
	if in.Username == "" {
		errs["username"] = "Username is required"
	}
	if in.Password == "" {
		errs["password"] = "Password is required"
	}
	if len(errs) > 0 {
		return httpx.FieldErrors(errs, "username", "password")
	}
	ctx := r.Context()
	addr := s.LimitAddr(r)
	now := s.Now()
	// The attempt is counted before the password is checked, in one atomic
	// step in the database, so that guesses sent at once to any number of
	// instances cannot pass the limit together.
	claim, err := s.Store.ClaimLoginAttempt(ctx, in.Username, addr, now, s.lockoutPolicy())
	if err != nil {
		return err
	}
	if !claim.Allowed {
		s.auditSignInFailed(r, in.Username, "locked out: too many failed attempts")
		return tooMany(claim.RetryAt.Sub(now))
	}

	user, err := s.Store.FindUserByUsername(ctx, in.Username)
	if err != nil && site.ErrorCode(err) != site.ENOTFOUND {
		return err
	}
	hash := s.dummy()
	if user != nil {
		hash = user.PasswordHash
	}
	// The hash is compared whether or not the user exists, and the password
	// is never cut: the time taken tells nothing about which names exist.
	match, err := s.checkPassword(ctx, hash, in.Password)
	if err != nil {
		return err
	}
	ok := match && user != nil && len(in.Password) <= site.MaxPasswordLength*4
	if !ok {
		// The claimed attempt stays counted as a failure.
		s.Logger.InfoContext(ctx, "login failed", "client", s.ClientAddr(r))
		s.auditSignInFailed(r, in.Username, "wrong username or password")
		return site.Errorf(site.EUNAUTHORIZED, "Invalid username or password.")
	}
	// A user with a second step keeps the attempt counted until that step
	// succeeds, so that wrong codes count toward the same lockout.
	step, err := s.secondStep(ctx, user)
	if err != nil {
		return err
	}
	if step == "" {
		if err := s.Store.ResetLoginThrottle(ctx, in.Username, addr, claim.Attempt); err != nil {
			return err
		}
	}
	// Told only to whoever knows the password.
	if user.Status != site.UserActive {
		s.auditSignInFailed(r, in.Username, "account disabled")
		return site.Errorf(site.EUNAUTHORIZED, site.MsgAccountDisabled)
	}
	if step != "" {
		return s.startChallenge(w, r, user, step)
	}
	out, err := s.newSession(w, r, user)
	if err != nil {
		return err
	}
	httpx.WriteSigned(w, out)
	return nil
}

// reauthenticate asks the signed-in user u for proof that they are the
// account's owner before a change to its security, and counts it as a
// sign-in attempt: check runs only when the login limits allow one, and
// answers "" when the proof is right, otherwise why not. A wrong proof
// stays counted toward the same lockout as a wrong password at sign-in and
// is recorded in the audit log; a right one forgets the failures, as a
// sign-in does. what names the change in the entry ("password change").
// It returns ETOOMANY when locked out, else EINVALID on field with
// check's reason.
func (s *Server) reauthenticate(r *http.Request, u *site.User, what, field string, check func() (string, error)) error {
	ctx := r.Context()
	addr := s.LimitAddr(r)
	now := s.Now()
	claim, err := s.Store.ClaimLoginAttempt(ctx, u.Username, addr, now, s.lockoutPolicy())
	if err != nil {
		return err
	}
	if !claim.Allowed {
		s.auditReauthFailed(r, u, what+": locked out: too many failed attempts")
		return tooMany(claim.RetryAt.Sub(now))
	}
	why, err := check()
	if err != nil {
		return err
	}
	if why != "" {
		// The claimed attempt stays counted as a failure.
		wrong := "wrong password"
		if field == "code" {
			wrong = "code not accepted"
		}
		s.auditReauthFailed(r, u, what+": "+wrong)
		return site.FieldError(field, why)
	}
	return s.Store.ResetLoginThrottle(ctx, u.Username, addr, claim.Attempt)
}

// userAgent is the request's User-Agent as a session keeps it: valid UTF-8
// without control characters, at most site.MaxUserAgentLength bytes.
func userAgent(r *http.Request) string {
	ua := strings.Map(func(c rune) rune {
		if c < 0x20 || c == 0x7f || c == utf8.RuneError {
			return -1
		}
		return c
	}, strings.ToValidUTF8(r.UserAgent(), ""))
	for len(ua) > site.MaxUserAgentLength {
		_, n := utf8.DecodeLastRuneInString(ua)
		ua = ua[:len(ua)-n]
	}
	return ua
}

// handleLogout revokes the session that made the request, and its
// draft-view cookie with it.
func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) error {
	su := currentUser(r.Context())
	if err := s.Store.DeleteSession(r.Context(), su.session.ID); err != nil && site.ErrorCode(err) != site.ENOTFOUND {
		return err
	}
	s.ClearDraftCookie(w, r)
	httpx.WriteDone(w)
	return nil
}
