package auth

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// MailSender sends one e-mail now through the site's mail server; it
// answers the server's refusal in words, and site.ErrNoMailServer on a
// site without one.
type MailSender func(ctx context.Context, to, subject, body string) error

// MsgNoMailForLink answers a new address on a site that cannot mail its
// link.
const MsgNoMailForLink = "E-mail is not set up on this site, so no link can verify the address: ask an administrator to set up the mail server in Settings."

// me is the signed-in user as the admin app reads them.
func me(u *site.User) site.Me {
	return site.Me{ID: u.ID, Username: u.Username, Role: u.Role, IsAdmin: u.MayEditSite(), Email: u.Email, EmailVerified: u.EmailVerifiedAt != nil, MayPublish: u.May(site.PermPublish)}
}

type accountEmailInput struct {
	Email string `json:"email"`
}

// handleAccountEmail sets the signed-in user's address. A new address is
// kept unverified, and its link mailed to it: only once the link is opened
// do lead e-mails go there. The link is mailed first, so that an address
// that cannot be reached changes nothing; "" removes the address.
func (s *Server) handleAccountEmail(w http.ResponseWriter, r *http.Request) error {
	var in accountEmailInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	email := strings.TrimSpace(in.Email)
	if err := site.ValidateStaffEmail(email); err != nil {
		return err
	}
	u := User(r.Context())
	ch := site.EmailChange{Email: email}
	if email != "" {
		token, hash, err := site.NewSessionToken()
		if err != nil {
			return err
		}
		link := site.VerifyEmailPath + "#" + token
		if s.Pages != nil {
			link = s.Pages.URL(link)
		}
		expires := s.Now().Add(site.EmailLinkTTL)
		body := "Hello " + u.Username + ",\n\nOpen this link to verify the address of your account, so that e-mail about leads reaches you here:\n\n" +
			link + "\n\nThe link works until " + expires.UTC().Format("2 Jan 2006 15:04 UTC") + ". If you did not ask for it, ignore this e-mail.\n"
		switch err := s.SendMail(r.Context(), email, "Verify your e-mail address", body); {
		case errors.Is(err, site.ErrNoMailServer):
			return site.Errorf(site.EINVALID, "%s", MsgNoMailForLink)
		case err != nil:
			return site.Errorf(site.EUPSTREAM, "The link could not be sent to %s: %s", email, err.Error())
		}
		ch.TokenHash, ch.ExpiresAt = hash, &expires
	}
	saved, err := s.Store.SetUserEmail(r.Context(), u.ID, ch)
	if err != nil {
		return err
	}
	httpx.WriteOK(w, me(saved))
	return nil
}

type verifyEmailInput struct {
	Token string `json:"token"`
}

// handleVerifyEmail verifies the address whose link holds the token; the
// link works once, until it ends.
func (s *Server) handleVerifyEmail(w http.ResponseWriter, r *http.Request) error {
	var in verifyEmailInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.Token == "" || len(in.Token) > 100 {
		return site.Errorf(site.EGONE, "%s", site.MsgEmailLinkUsed)
	}
	u, err := s.Store.VerifyUserEmail(r.Context(), site.HashToken(in.Token), s.Now())
	if site.ErrorCode(err) == site.ENOTFOUND {
		return site.Errorf(site.EGONE, "%s", site.MsgEmailLinkUsed)
	}
	if err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "e-mail address verified", "user", u.Username)
	httpx.WriteOK(w, map[string]string{"email": u.Email})
	return nil
}
