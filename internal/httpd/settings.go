package httpd

import (
	"net/http"

	"meridian/internal/site"
)

func (s *Server) handleSettingsGet(w http.ResponseWriter, r *http.Request) {
	st, err := s.Store.GetSiteSettings(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, dataBody{st})
}

type settingsInput struct {
	readOnly
	LogoText       string `json:"logoText"`
	LogoImageURL   string `json:"logoImageUrl"`
	LogoImageAlt   string `json:"logoImageAlt"`
	UseImageLogo   bool   `json:"useImageLogo"`
	PrimaryColor   string `json:"primaryColor"`
	SecondaryColor string `json:"secondaryColor"`
}

func (s *Server) handleSettingsUpdate(w http.ResponseWriter, r *http.Request) {
	var in settingsInput
	if !decodeJSON(w, r, &in) {
		return
	}
	st := &site.SiteSettings{LogoText: in.LogoText, LogoImageURL: in.LogoImageURL, LogoImageAlt: in.LogoImageAlt,
		UseImageLogo: in.UseImageLogo, PrimaryColor: in.PrimaryColor, SecondaryColor: in.SecondaryColor}
	if err := st.Validate(); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.Store.UpdateSiteSettings(r.Context(), st)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.contentChanged(r)
	writeJSON(w, http.StatusOK, dataBody{out})
}
