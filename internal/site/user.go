package site

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Roles of the staff. An administrator may do everything; an editor the
// site's content (texts, pages, media, menu, footer, testimonials, site
// settings) but not the leads, the lead settings or the users; sales the
// lead inbox (its list, notes, statuses, resend and export) but no content
// writes; a recruiter the careers (the positions and the applications to
// them) only.
const (
	RoleAdmin     = "admin"
	RoleEditor    = "editor"
	RoleSales     = "sales"
	RoleRecruiter = "recruiter"
)

// Roles lists every role, in the order the admin offers them.
var Roles = []string{RoleAdmin, RoleEditor, RoleSales, RoleRecruiter}

// A user's status: a disabled user cannot sign in, and their sessions end.
const (
	UserActive   = "active"
	UserDisabled = "disabled"
)

// UserStatuses lists every status.
var UserStatuses = []string{UserActive, UserDisabled}

// Permissions a role may hold.
type Permission int

const (
	// PermContent writes the site's content: texts, pages, media, menu,
	// footer, testimonials, images, site settings, and their restores.
	PermContent Permission = iota
	// PermLeads reads the lead inbox and its figures, changes a lead's
	// status and notes, resends its notifications and exports it.
	PermLeads
	// PermLeadSettings changes the lead settings.
	PermLeadSettings
	// PermUsers manages the staff accounts.
	PermUsers
	// PermLeadActivityDelete deletes entries of a lead's timeline.
	PermLeadActivityDelete
	// PermSubscribers reads the newsletter's subscribers and exports them:
	// the newsletter is the site's marketing, as its content is.
	PermSubscribers
	// PermCareers writes the positions of /careers and reads and moves on
	// the applications to them.
	PermCareers
	// PermPublish publishes the pending drafts in the approval publishing
	// mode, and sends them back with a comment. Administrators hold it by
	// their role; an administrator may grant it to an editor (the user's
	// Publisher flag), whose role then holds content too.
	PermPublish
)

// Permissions lists every permission by the name the admin app knows it
// by.
var Permissions = []struct {
	Perm Permission
	Name string
}{
	{PermContent, "content"},
	{PermLeads, "leads"},
	{PermLeadSettings, "leadSettings"},
	{PermUsers, "users"},
	{PermLeadActivityDelete, "leadActivityDelete"},
	{PermSubscribers, "subscribers"},
	{PermCareers, "careers"},
	{PermPublish, "publish"},
}

// RolePermissions is what each role may do: the one matrix the server
// enforces and the admin app reads (generated into web/src/admin/lib/admin-contracts.ts).
var RolePermissions = map[string][]Permission{
	RoleAdmin:     {PermContent, PermLeads, PermLeadSettings, PermUsers, PermLeadActivityDelete, PermSubscribers, PermCareers, PermPublish},
	RoleEditor:    {PermContent, PermSubscribers},
	RoleSales:     {PermLeads},
	RoleRecruiter: {PermCareers},
}

// RoleMay reports whether the role holds the permission.
func RoleMay(role string, p Permission) bool {
	return slices.Contains(RolePermissions[role], p)
}

// Username limits.
const MaxUsernameLength = 64

// User is a person who can sign in to the admin portal.
type User struct {
	ID           int64
	Username     string
	PasswordHash string
	Role         string
	Status       string
	LastLoginAt  *time.Time
	CreatedAt    time.Time
	// TOTPSecret is the confirmed two-factor secret ("" without one);
	// TOTPPending a new one waiting for its first code.
	TOTPSecret    string
	TOTPPending   string
	TOTPEnabledAt *time.Time
	// TOTPLastStep is the last time step whose code was accepted.
	TOTPLastStep int64
	// TakesLeads says whether new leads may be given to the user, and
	// LeadInterests the AI interests they take (none: every one).
	TakesLeads    bool
	LeadInterests []string
	// Email is the user's address for the lead e-mails of staff, "" for
	// none; EmailVerifiedAt when its holder proved it theirs, nil until
	// then: only a verified address is written to.
	Email           string
	EmailVerifiedAt *time.Time
	// Publisher is the publish permission an administrator granted the
	// user beyond their role (PermPublish); it counts only for a role that
	// may change the content.
	Publisher bool
}

// Recipient is the user as the lead e-mails of staff reach them; nil
// without a verified address.
func (u *User) Recipient() *Recipient {
	if u.Email == "" || u.EmailVerifiedAt == nil {
		return nil
	}
	return &Recipient{UserID: u.ID, Email: u.Email}
}

// TwoFactor reports whether the user signs in with a second factor.
func (u *User) TwoFactor() bool { return u.TOTPSecret != "" }

// IsAdmin reports whether the user is an administrator.
func (u *User) IsAdmin() bool { return u.Role == RoleAdmin }

// May reports whether the user's role holds the permission, or, for
// PermPublish, whether it was granted to a user whose role may change the
// content.
func (u *User) May(p Permission) bool {
	if p == PermPublish && u.Publisher && RoleMay(u.Role, PermContent) {
		return true
	}
	return RoleMay(u.Role, p)
}

// StaffUser is a user as the admin's Users tab shows it.
type StaffUser struct {
	ID          int64      `json:"id"`
	Username    string     `json:"username"`
	Role        string     `json:"role" ts:"Role"`
	Status      string     `json:"status" ts:"UserStatus"`
	LastLoginAt *time.Time `json:"lastLoginAt"`
	CreatedAt   time.Time  `json:"createdAt"`
	// TwoFactor says whether the user signs in with a second factor.
	TwoFactor bool `json:"twoFactor"`
	// TakesLeads and LeadInterests are as in User.
	TakesLeads    bool     `json:"takesLeads"`
	LeadInterests []string `json:"leadInterests"`
	// Email and whether it is verified.
	Email         string `json:"email"`
	EmailVerified bool   `json:"emailVerified"`
	// Publisher is the publish permission granted beyond the role;
	// MayPublish whether the user may publish in approval mode (by role or
	// by that grant).
	Publisher  bool `json:"publisher"`
	MayPublish bool `json:"mayPublish"`
}

// Staff is the user without its password hash.
func (u *User) Staff() StaffUser {
	interests := u.LeadInterests
	if interests == nil {
		interests = []string{}
	}
	return StaffUser{ID: u.ID, Username: u.Username, Role: u.Role, Status: u.Status, LastLoginAt: u.LastLoginAt, CreatedAt: u.CreatedAt,
		TwoFactor: u.TwoFactor(), TakesLeads: u.TakesLeads, LeadInterests: interests, Email: u.Email, EmailVerified: u.EmailVerifiedAt != nil,
		Publisher: u.Publisher, MayPublish: u.May(PermPublish)}
}

// Me is the signed-in user, as the admin app reads it to show what the role
// may use. IsAdmin has the meaning of the login answer's.
type Me struct {
	ID       int64  `json:"id"`
	Username string `json:"username"`
	Role     string `json:"role" ts:"Role"`
	IsAdmin  bool   `json:"isAdmin"`
	// Email is the user's address, and EmailVerified whether its link
	// was opened.
	Email         string `json:"email"`
	EmailVerified bool   `json:"emailVerified"`
	// MayPublish says whether the user may publish the pending drafts in
	// the approval publishing mode (PermPublish).
	MayPublish bool `json:"mayPublish"`
}

// MayEditSite is the login answer's isAdmin: whether the user may edit the
// site (in place, and in the content tabs), which is what SPEC clients use
// it for.
func (u *User) MayEditSite() bool { return u.May(PermContent) }

// ValidateUsername checks a new user's name: 1 to 64 characters, letters,
// digits and . _ - @ only, so that it reads the same everywhere it is shown.
func ValidateUsername(name string) error {
	bad := func(msg string) error {
		return &Error{Code: EINVALID, Message: msg, Fields: map[string]string{"username": msg}}
	}
	if name == "" {
		return bad("Username is required.")
	}
	if utf8.RuneCountInString(name) > MaxUsernameLength {
		return bad(fmt.Sprintf("Username must be at most %d characters.", MaxUsernameLength))
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._-@", r)) {
			return bad("Username may hold only letters, digits and . _ - @ (no spaces).")
		}
	}
	return nil
}

// ValidateRole checks a role named in a request.
func ValidateRole(role string) error {
	for _, r := range Roles {
		if r == role {
			return nil
		}
	}
	msg := "Choose a role: admin, editor, sales or recruiter."
	return &Error{Code: EINVALID, Message: msg, Fields: map[string]string{"role": msg}}
}

// UserChange is what an administrator changes of another user.
type UserChange struct {
	Role   string
	Status string
	// TakesLeads and LeadInterests, when not nil, set those of the user.
	// A role that may not work on leads takes none.
	TakesLeads    *bool
	LeadInterests []string
	// Publisher, when not nil, grants or withdraws the publish permission
	// beyond the role; a role that may not change the content holds none.
	Publisher *bool
	// KeepSession is a session of the user not to end when the change ends
	// their sessions (0: end all).
	KeepSession int64
}

// UserService stores users. A username already taken is ECONFLICT; an
// unknown user is ENOTFOUND.
type UserService interface {
	// CreateUser stores a user; ECONFLICT when the username is taken, in
	// any case: usernames are unique regardless of case.
	CreateUser(ctx context.Context, u *User) (*User, error)
	// FindUserByUsername returns the user with this username, in any case.
	FindUserByUsername(ctx context.Context, username string) (*User, error)
	FindUserByID(ctx context.Context, id int64) (*User, error)
	// FindUsers lists every user by username.
	FindUsers(ctx context.Context) ([]*User, error)
	// UpdateUser sets a user's role and status in one transaction that
	// refuses (ECONFLICT) to leave no active administrator, and ends every
	// session of a user it disables, withdraws the invitations they sent
	// that wait and revokes their preview links.
	UpdateUser(ctx context.Context, id int64, ch UserChange) (*User, error)
	// SetPassword stores a new hash and revokes every session of the user
	// but keepSession (0: every one), in one transaction.
	SetPassword(ctx context.Context, userID int64, hash string, keepSession int64) error
	// SetUserEmail sets the user's e-mail address, verified or waiting
	// for its link.
	SetUserEmail(ctx context.Context, id int64, ch EmailChange) (*User, error)
	// VerifyUserEmail verifies the address waiting for the link of the
	// token whose SHA-256 is hash, at now; ENOTFOUND when no address waits
	// for it, or its link ended.
	VerifyUserEmail(ctx context.Context, hash string, now time.Time) (*User, error)
	// RecordLogin sets the user's last sign-in.
	RecordLogin(ctx context.Context, userID int64, at time.Time) error
	CountUsers(ctx context.Context) (int, error)
}

// LastAdminMessage is the answer to a change that would leave no active
// administrator.
const LastAdminMessage = "This is the last active administrator: make another user an administrator first."

// Session is a signed-in admin session. Only the SHA-256 of its token is
// stored, so a copy of the database holds no working token.
type Session struct {
	ID         int64
	UserID     int64
	TokenHash  string
	UserAgent  string    // as sent at sign-in, at most MaxUserAgentLength bytes
	ExpiresAt  time.Time // the absolute end of the session
	LastSeenAt time.Time // for the idle timeout
	CreatedAt  time.Time
}

// MaxUserAgentLength bounds the User-Agent kept with a session.
const MaxUserAgentLength = 512

// SessionService stores admin sessions.
type SessionService interface {
	CreateSession(ctx context.Context, s *Session) (*Session, error)
	// FindSessionByTokenHash returns ENOTFOUND when no session has this hash.
	FindSessionByTokenHash(ctx context.Context, hash string) (*Session, error)
	// FindSession returns the session with id, expired or not; ENOTFOUND
	// when there is none.
	FindSession(ctx context.Context, id int64) (*Session, error)
	// FindUserSessions lists the user's sessions, the last used first.
	FindUserSessions(ctx context.Context, userID int64) ([]*Session, error)
	TouchSession(ctx context.Context, id int64, lastSeen time.Time) error
	DeleteSession(ctx context.Context, id int64) error
	// DeleteUserSession ends the user's session id; ENOTFOUND when the user
	// has no such session.
	DeleteUserSession(ctx context.Context, userID, id int64) error
	// DeleteUserSessions ends every session of the user but keep (0: every one).
	DeleteUserSessions(ctx context.Context, userID, keep int64) error
	DeleteExpiredSessions(ctx context.Context, now time.Time) error
}

// LoginClaim is the answer to a claimed login attempt.
type LoginClaim struct {
	// Allowed says whether the password may be checked. The attempt is then
	// counted as a failure until ResetLoginThrottle says it succeeded.
	Allowed bool
	// Attempt identifies the counted attempt, for ResetLoginThrottle.
	Attempt int64
	// RetryAt is, for a refused attempt, when the next may be allowed.
	RetryAt time.Time
}

// LoginThrottleService counts login attempts in the database, so that the
// limits hold across restarts and any number of instances. Each claim is
// atomic: attempts made at once are counted one after the other. A
// username is counted in any case, as sign-in matches it.
type LoginThrottleService interface {
	// ClaimLoginAttempt counts an attempt of username from addr at now,
	// before its password is checked, unless the pair is locked out or the
	// username has MaxHourlyLoginFailures failures within the hour. The
	// MaxLoginFailures-th attempt since the last lockout or success starts a
	// lockout at once (the nth lasting lockout.Duration(n)), so attempts in
	// flight never let a further one through.
	ClaimLoginAttempt(ctx context.Context, username, addr string, now time.Time, lockout LockoutPolicy) (*LoginClaim, error)
	// ResetLoginThrottle records that the attempt succeeded: it is no longer
	// a failure, and the pair's failures and lockouts are forgotten.
	ResetLoginThrottle(ctx context.Context, username, addr string, attempt int64) error
}
