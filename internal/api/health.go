package api

import (
	"net/http"

	"meridian/internal/httpx"
	"meridian/internal/site"
)

// handleHealth answers the dashboard's checklist of what keeps the site
// from working (site.HealthChecks).
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var f site.HealthFacts
	settings, err := s.Store.GetLeadSettings(ctx)
	if err != nil {
		return err
	}
	f.Leads = *settings
	if f.Leads.SMTPConfigured, err = s.mailConfigured(ctx); err != nil {
		return err
	}
	users, err := s.Store.FindUsers(ctx)
	if err != nil {
		return err
	}
	for _, u := range users {
		if u.Status == site.UserActive && u.Recipient() != nil && (u.IsAdmin() || u.TakesLeads) {
			f.StaffRecipients++
		}
		if u.Status == site.UserActive && u.Recipient() != nil && u.Role == site.RoleRecruiter {
			f.RecruiterRecipients++
		}
	}
	stats, err := s.Store.LeadStats(ctx, s.Now())
	if err != nil {
		return err
	}
	f.FailingDeliveries, f.LastDeliveryError = stats.FailingDeliveries, stats.LastDeliveryError
	_, all, err := s.Store.FindMedia(ctx, site.MediaFilter{Limit: 1})
	if err != nil {
		return err
	}
	_, usable, err := s.Store.FindMedia(ctx, site.MediaFilter{UsableOnly: true, Limit: 1})
	if err != nil {
		return err
	}
	f.MediaWithoutAlt = all - usable
	pages, err := site.Find[site.Page](ctx, s.Store, site.Pages, site.ListFilter{})
	if err != nil {
		return err
	}
	open, err := site.Find[site.Position](ctx, s.Store, site.Positions, site.OpenPositionsFilter)
	if err != nil {
		return err
	}
	f.OpenPositions = len(open)
	now := s.Now()
	for _, p := range pages {
		// Without either, the page's description is the start of its text.
		if p.Live(now) && p.MetaDescription == "" && p.Excerpt == "" {
			f.PagesWithoutDescription = append(f.PagesWithoutDescription, p.Path())
		}
	}
	if s.DiskUsage != nil {
		if free, total, err := s.DiskUsage(); err == nil {
			f.DiskFree, f.DiskTotal = free, total
		} else {
			s.LogFailure(r, "disk usage", "err", err)
		}
	}
	httpx.WriteOK(w, site.HealthChecks(f))
	return nil
}
