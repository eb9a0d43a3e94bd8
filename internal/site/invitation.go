package site

import (
	"context"
	"time"
)

// InvitationTTL is how long an invitation link can be used.
const InvitationTTL = 72 * time.Hour

// Invitation is an administrator's offer of an account: the username and
// role are chosen when it is made, and the person who opens the link sets
// the password, which creates the user. The link's token is kept only as
// its SHA-256 hash, like a session's; it can be used once.
type Invitation struct {
	ID       int64  `json:"id"`
	Username string `json:"username"`
	Role     string `json:"role" ts:"Role"`
	// CreatedBy is the username of the administrator who sent it.
	CreatedBy string     `json:"createdBy"`
	CreatedAt time.Time  `json:"createdAt"`
	ExpiresAt time.Time  `json:"expiresAt"`
	UsedAt    *time.Time `json:"usedAt"`
	TokenHash string     `json:"-"`
	// Email is the address the link is mailed to ("" for none), and
	// MailedAt when a mail server took it; the account it makes has the
	// address, verified once it was mailed.
	Email    string     `json:"email"`
	MailedAt *time.Time `json:"mailedAt"`
}

// Expired reports whether the link can no longer be used at now.
func (inv *Invitation) Expired(now time.Time) bool { return !now.Before(inv.ExpiresAt) }

// InvitationLink is an invitation as its sender gets it, once: with the
// address that carries its token.
type InvitationLink struct {
	Invitation
	URL string `json:"url"`
	// MailError says why the link was not mailed to Email ("" when it was,
	// or there is no address): the sender copies the link instead.
	MailError string `json:"mailError"`
}

// InvitationCheck is what the person opening a link is told of it.
type InvitationCheck struct {
	Username  string    `json:"username"`
	Role      string    `json:"role" ts:"Role"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// Messages of a link that cannot be used.
const (
	InvitationUnknownMessage = "This invitation link is not valid: it was withdrawn, replaced by a newer one, or copied incompletely. Ask an administrator for a new link."
	InvitationUsedMessage    = "This invitation has been used already. Sign in with the password you chose, or ask an administrator for a new link."
	InvitationExpiredMessage = "This invitation link has expired. Ask an administrator for a new one."
)

// InvitationService stores invitations. An unknown one is ENOTFOUND with
// InvitationUnknownMessage.
type InvitationService interface {
	// CreateInvitation stores an invitation; ECONFLICT when a user has
	// the username or a live invitation waits for it (an expired unused
	// one is replaced).
	CreateInvitation(ctx context.Context, inv *Invitation) (*Invitation, error)
	// FindInvitations lists the invitations not used yet, expired ones
	// included, the newest first.
	FindInvitations(ctx context.Context) ([]*Invitation, error)
	// FindInvitationByToken returns the invitation of this token hash.
	FindInvitationByToken(ctx context.Context, hash string) (*Invitation, error)
	// RenewInvitation gives an unused invitation a new token and expiry.
	RenewInvitation(ctx context.Context, id int64, hash string, expiresAt time.Time) (*Invitation, error)
	// MarkInvitationMailed records that the link of invitation id was
	// mailed at at.
	MarkInvitationMailed(ctx context.Context, id int64, at time.Time) (*Invitation, error)
	// DeleteInvitation withdraws an unused invitation.
	DeleteInvitation(ctx context.Context, id int64) error
	// AcceptInvitation creates the invitation's user with this password
	// hash and marks it used, in one transaction: EGONE when it was used
	// or has expired at now, ECONFLICT when the username was taken since,
	// ENOTFOUND (as a withdrawn one) when its sender is disabled.
	AcceptInvitation(ctx context.Context, hash, passwordHash string, now time.Time) (*User, error)
}

// Usable returns nil when the link can still be used at now, and otherwise
// the EGONE error its opener is shown.
func (inv *Invitation) Usable(now time.Time) error {
	if inv.UsedAt != nil {
		return Errorf(EGONE, "%s", InvitationUsedMessage)
	}
	if inv.Expired(now) {
		return Errorf(EGONE, "%s", InvitationExpiredMessage)
	}
	return nil
}
