package serve

import (
	"log/slog"
	"net/http/httptest"
	"testing"

	"meridian/internal/hits"
	"meridian/internal/httpx"
	"meridian/internal/storetest/dbtest"
)

// TestNoteNotFoundGETOnly: a 404 counts in the log for a GET, not for a
// HEAD or for the address of a link preview's picture.
func TestNoteNotFoundGETOnly(t *testing.T) {
	store := dbtest.Databases()[0].New(t)(t)
	logger := slog.New(slog.DiscardHandler)
	s := &Server{Base: &httpx.Base{Logger: logger}, Hits: &hits.Log{Store: store, Logger: logger}}
	for _, r := range [][2]string{{"HEAD", "/gone"}, {"GET", "/og/gone"}, {"GET", "/gone"}, {"GET", "/gone"}} {
		s.noteNotFound(httptest.NewRequest(r[0], r[1], nil))
	}
	s.Hits.Flush(t.Context())
	list, err := store.FindNotFound(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].Path != "/gone" || list[0].Hits != 2 {
		t.Errorf("not-found log %+v, want /gone with the 2 GETs", list)
	}
}
