// Package auth is who may do what through the API: sign-in with its
// lockout and second factor, sessions, the own account, the users and
// their invitations, the permission each route needs, and the audit entry
// each write leaves.
package auth

import (
	"net/http"
	"sync"
	"time"

	"meridian/internal/httpx"
	"meridian/internal/site"
	"meridian/internal/ssr"
)

// Server holds what sign-in and the accounts need. Build it with its
// fields set, then register its routes with Routes.
type Server struct {
	*httpx.Base
	Store site.Store
	// Pages gives the site's base address to the links of invitations;
	// nil leaves them relative.
	Pages *ssr.PageCache
	// Secrets seals the two-factor secrets and signs the draft-view
	// cookie.
	Secrets *site.SecretBox
	// Sessions bounds the life of admin sessions.
	Sessions site.SessionPolicy
	// LoginLockout is the first lockout of a username from one address
	// after too many failed logins; each further one lasts twice as long,
	// up to a day. Zero means 15 minutes.
	LoginLockout time.Duration
	// SendMail mails a staff member now (the link of a new address).
	SendMail MailSender

	dummyOnce sync.Once
	dummyHash string
	// hashSlots bounds the password hashes computed at once: each takes
	// 19 MiB, and a flood of logins must not exhaust memory.
	hashOnce  sync.Once
	hashSlots chan struct{}
}

func (s *Server) lockoutPolicy() site.LockoutPolicy {
	p := site.DefaultLockoutPolicy
	if s.LoginLockout > 0 {
		p.First = s.LoginLockout
	}
	return p
}

// Routes registers the routes of sign-in, the own account and the users
// with handle. The permissions: s.Authenticated needs a valid session
// token (Authorization: Bearer) of an active user; s.May needs one of a
// user whose role holds the permission (site.PermUsers: administrators).
func (s *Server) Routes(handle func(pattern string, h httpx.Handler)) {
	// Hash the stand-in password now, so that the first login with an
	// unknown username costs no more than any other.
	s.dummy()

	// Public: the sign-in and its second step, with the challenge the
	// login answered, and an invitation's link: whose account it offers,
	// and its acceptance. The token travels in the body, never in a path
	// that logs keep.
	handle("POST /api/admin/login", s.handleLogin)
	handle("POST /api/admin/login/2fa", s.handleLoginCode)
	handle("POST /api/admin/login/2fa/enrol", s.handleLoginEnrol)
	handle("POST /api/admin/login/2fa/enrol/confirm", s.handleLoginEnrolConfirm)
	handle("POST /api/admin/invitations/check", s.handleInvitationCheck)
	handle("POST /api/admin/invitations/accept", s.handleInvitationAccept)
	handle("POST /api/public/verify-email", s.handleVerifyEmail)

	// Any signed-in user: the session and the own account.
	handle("POST /api/admin/logout", s.Authenticated(s.handleLogout))
	handle("GET /api/admin/me", s.Authenticated(s.handleMe))
	handle("PUT /api/admin/account/password", s.Authenticated(s.handleAccountPassword))
	handle("PUT /api/admin/account/email", s.Authenticated(s.handleAccountEmail))
	handle("GET /api/admin/account/sessions", s.Authenticated(s.handleAccountSessions))
	handle("DELETE /api/admin/account/sessions", s.Authenticated(s.handleAccountSessionsEnd))
	handle("DELETE /api/admin/account/sessions/{id}", s.Authenticated(s.handleAccountSessionEnd))
	handle("GET /api/admin/account/2fa", s.Authenticated(s.handleTwoFactorStatus))
	handle("POST /api/admin/account/2fa", s.Authenticated(s.handleTwoFactorEnrol))
	handle("POST /api/admin/account/2fa/confirm", s.Authenticated(s.handleTwoFactorConfirm))
	handle("DELETE /api/admin/account/2fa", s.Authenticated(s.handleTwoFactorDisable))
	handle("POST /api/admin/account/2fa/recovery-codes", s.Authenticated(s.handleRecoveryCodesRenew))

	// The users: administrators only.
	users := func(h httpx.Handler) httpx.Handler { return s.May(site.PermUsers, h) }
	handle("GET /api/admin/users", users(s.handleUserList))
	handle("POST /api/admin/users", users(s.handleUserCreate))
	handle("PUT /api/admin/users/{id}", users(s.handleUserUpdate))
	handle("DELETE /api/admin/users/{id}", users(s.handleUserDisable))
	handle("POST /api/admin/users/{id}/reset-password", users(s.handleUserResetPassword))
	handle("DELETE /api/admin/users/{id}/2fa", users(s.handleUserResetTwoFactor))
	handle("GET /api/admin/invitations", users(s.handleInvitationList))
	handle("POST /api/admin/invitations", users(s.handleInvitationCreate))
	handle("POST /api/admin/invitations/{id}/renew", users(s.handleInvitationRenew))
	handle("DELETE /api/admin/invitations/{id}", users(s.handleInvitationDelete))
	handle("GET /api/admin/security-settings", users(s.handleSecurityGet))
	handle("PUT /api/admin/security-settings", users(s.handleSecurityUpdate))
}

// Handle is how the API registers a route on mux: its audit entry
// (Audited) around its answer (Serve).
func (s *Server) Handle(mux *http.ServeMux, pattern string, h httpx.Handler) {
	mux.HandleFunc(pattern, s.Audited(pattern, s.Serve(h)))
}
