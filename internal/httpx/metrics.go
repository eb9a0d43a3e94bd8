package httpx

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
)

// MetricsPath is the address of the metrics, on the main address behind a
// token or alone on an address of their own.
const MetricsPath = "/metrics"

// MetricsTokenMessage is the answer 401 to a request for the metrics
// without their token.
const MetricsTokenMessage = "The metrics need their token: send it as Authorization: Bearer <token>."

// RequireBearer serves next only to a request that carries token as
// Authorization: Bearer <token>, and answers any other 401 with
// WWW-Authenticate: Bearer. The token is compared in constant time, by
// its hash, so that neither its bytes nor its length show in the time of
// an answer.
func (s *Base) RequireBearer(token string, next http.Handler) http.Handler {
	want := sha256.Sum256([]byte("Bearer " + token))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// What a token opens is no cache's to keep.
		w.Header().Set("Cache-Control", "no-store")
		got := sha256.Sum256([]byte(r.Header.Get("Authorization")))
		if subtle.ConstantTimeCompare(got[:], want[:]) != 1 {
			s.WriteError(w, r, bearerRequired("metrics", MetricsTokenMessage))
			return
		}
		next.ServeHTTP(w, r)
	})
}
