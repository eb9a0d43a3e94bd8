package auth

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// invitationLink is inv with the address that carries token.
func (s *Server) invitationLink(inv *site.Invitation, token string) site.InvitationLink {
	addr := site.InvitationPath + "#" + token
	if s.Pages != nil {
		addr = s.Pages.URL(addr)
	}
	return site.InvitationLink{Invitation: *inv, URL: addr}
}

// handleInvitationList lists the invitations not used yet.
func (s *Server) handleInvitationList(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Store.FindInvitations(r.Context())
	return httpx.Reply(w, list, err)
}

type invitationInput struct {
	Username string `json:"username"`
	Role     string `json:"role"`
	// Email, when given, is where the link is mailed.
	Email string `json:"email"`
}

// handleInvitationCreate makes an invitation and answers its link, the
// only time the token is told.
func (s *Server) handleInvitationCreate(w http.ResponseWriter, r *http.Request) error {
	var in invitationInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	in.Username, in.Email = strings.TrimSpace(in.Username), strings.TrimSpace(in.Email)
	errs := map[string]string{}
	for _, err := range []error{site.ValidateUsername(in.Username), site.ValidateRole(in.Role), site.ValidateStaffEmail(in.Email)} {
		for k, v := range httpx.FieldsOf(err) {
			errs[k] = v
		}
	}
	if len(errs) > 0 {
		return httpx.FieldErrors(errs, "username", "role", "email")
	}
	token, hash, err := site.NewSessionToken()
	if err != nil {
		return err
	}
	me := User(r.Context())
	now := s.Now()
	inv, err := s.Store.CreateInvitation(r.Context(), &site.Invitation{Username: in.Username, Role: in.Role, TokenHash: hash,
		CreatedBy: me.Username, CreatedAt: now, ExpiresAt: now.Add(site.InvitationTTL), Email: in.Email})
	if site.ErrorCode(err) == site.ECONFLICT {
		return httpx.FieldError(site.ECONFLICT, "username", site.ErrorMessage(err))
	} else if err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "invitation sent", "user", inv.Username, "role", inv.Role, "by", me.Username)
	link, err := s.mailInvitation(r, s.invitationLink(inv, token))
	return httpx.ReplyCreated(w, link, err)
}

// handleInvitationRenew gives an invitation a new link, valid for
// site.InvitationTTL from now; the old link stops working.
func (s *Server) handleInvitationRenew(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Invitation")
	if err != nil {
		return err
	}
	token, hash, err := site.NewSessionToken()
	if err != nil {
		return err
	}
	inv, err := s.Store.RenewInvitation(r.Context(), id, hash, s.Now().Add(site.InvitationTTL))
	if err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "invitation renewed", "user", inv.Username, "by", User(r.Context()).Username)
	link, err := s.mailInvitation(r, s.invitationLink(inv, token))
	return httpx.Reply(w, link, err)
}

// MsgInvitationNotMailed is why an invitation with an address was not
// mailed on a site without a mail server.
const MsgInvitationNotMailed = "E-mail is not set up on this site, so the link was not mailed: copy it and send it yourself."

// mailInvitation mails the link to the invitation's address, if it has
// one, and records that it did. A link that cannot be mailed is still
// answered, with the reason, for its sender to copy.
func (s *Server) mailInvitation(r *http.Request, link site.InvitationLink) (site.InvitationLink, error) {
	if link.Email == "" {
		return link, nil
	}
	body := "Hello " + link.Username + ",\n\n" + link.CreatedBy + " invites you to the admin of the website as " + link.Role +
		". Open this link to choose your password:\n\n" + link.URL + "\n\nThe link works once, until " +
		link.ExpiresAt.UTC().Format("2 Jan 2006 15:04 UTC") + ". If you did not expect it, ignore this e-mail.\n"
	switch err := s.SendMail(r.Context(), link.Email, "You are invited to the website's admin", body); {
	case errors.Is(err, site.ErrNoMailServer):
		link.MailError = MsgInvitationNotMailed
		return link, nil
	case err != nil:
		link.MailError = "The link was not mailed to " + link.Email + ": " + err.Error() + " Copy it and send it yourself."
		return link, nil
	}
	inv, err := s.Store.MarkInvitationMailed(r.Context(), link.ID, s.Now())
	if err != nil {
		return link, err
	}
	link.Invitation = *inv
	return link, nil
}

// handleInvitationDelete withdraws an invitation.
func (s *Server) handleInvitationDelete(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "Invitation")
	if err != nil {
		return err
	}
	if err := s.Store.DeleteInvitation(r.Context(), id); err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "invitation withdrawn", "invitation_id", id, "by", User(r.Context()).Username)
	httpx.WriteDone(w)
	return nil
}

// invitationTokenInput carries a link's token in the body, never in the
// path, which request logs and proxies keep.
type invitationTokenInput struct {
	Token string `json:"token"`
}

type invitationAcceptInput struct {
	Token    string `json:"token"`
	Password string `json:"password" text:"any"`
}

// usableInvitation finds the invitation of the token, or says why it
// cannot be used: ENOTFOUND unknown, EGONE used or expired.
func (s *Server) usableInvitation(r *http.Request, token string) (*site.Invitation, error) {
	if token == "" || len(token) > 100 {
		return nil, &site.Error{Code: site.ENOTFOUND, Message: site.InvitationUnknownMessage}
	}
	inv, err := s.Store.FindInvitationByToken(r.Context(), site.HashToken(token))
	if err != nil {
		return nil, err
	}
	return inv, inv.Usable(s.Now())
}

// handleInvitationCheck tells the person opening a link whose account it
// offers, or why it cannot be used.
func (s *Server) handleInvitationCheck(w http.ResponseWriter, r *http.Request) error {
	var in invitationTokenInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	inv, err := s.usableInvitation(r, in.Token)
	if err != nil {
		return err
	}
	httpx.WriteOK(w, site.InvitationCheck{Username: inv.Username, Role: inv.Role, ExpiresAt: inv.ExpiresAt})
	return nil
}

// handleInvitationAccept sets the password of the invited account, which
// creates it; the person then signs in as anyone does (two-factor
// enrolment included, when it is required).
func (s *Server) handleInvitationAccept(w http.ResponseWriter, r *http.Request) error {
	var in invitationAcceptInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := site.ValidatePassword(in.Password); err != nil {
		return err
	}
	if _, err := s.usableInvitation(r, in.Token); err != nil {
		return err
	}
	hash, err := s.hashPassword(r, in.Password)
	if err != nil {
		return err
	}
	u, err := s.Store.AcceptInvitation(r.Context(), site.HashToken(in.Token), hash, s.Now())
	if err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "invitation accepted", "user", u.Username, "role", u.Role)
	if err := s.audit(r, u, &site.AuditEntry{Action: site.AuditInvitationAccept, Target: "users/" + strconv.FormatInt(u.ID, 10)}); err != nil {
		s.LogFailure(r, "audit entry not written", "action", site.AuditInvitationAccept, "err", err)
	}
	httpx.WriteCreated(w, u.Staff())
	return nil
}
