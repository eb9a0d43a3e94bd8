package auth

import (
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
	if err != nil {
		return err
	}
	httpx.WriteOK(w, list)
	return nil
}

type invitationInput struct {
	Username string `json:"username"`
	Role     string `json:"role"`
}

// handleInvitationCreate makes an invitation and answers its link, the
// only time the token is told.
func (s *Server) handleInvitationCreate(w http.ResponseWriter, r *http.Request) error {
	var in invitationInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	in.Username = strings.TrimSpace(in.Username)
	errs := map[string]string{}
	for _, err := range []error{site.ValidateUsername(in.Username), site.ValidateRole(in.Role)} {
		for k, v := range httpx.FieldsOf(err) {
			errs[k] = v
		}
	}
	if len(errs) > 0 {
		return httpx.FieldErrors(errs, "username", "role")
	}
	token, hash, err := site.NewSessionToken()
	if err != nil {
		return err
	}
	me := User(r.Context())
	now := s.Now()
	inv, err := s.Store.CreateInvitation(r.Context(), &site.Invitation{Username: in.Username, Role: in.Role, TokenHash: hash,
		CreatedBy: me.Username, CreatedAt: now, ExpiresAt: now.Add(site.InvitationTTL)})
	if site.ErrorCode(err) == site.ECONFLICT {
		return httpx.FieldError(site.ECONFLICT, "username", site.ErrorMessage(err))
	} else if err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "invitation sent", "user", inv.Username, "role", inv.Role, "by", me.Username)
	httpx.WriteCreated(w, s.invitationLink(inv, token))
	return nil
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
	httpx.WriteOK(w, s.invitationLink(inv, token))
	return nil
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
