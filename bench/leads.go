package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite"
)

type leadLoad struct {
	sent, accepted, rejected int
	errors                   int
	statuses                 map[int]int
	latencies                []time.Duration
	acknowledged             []string // e-mails of the leads answered 2xx
	elapsed                  time.Duration
}

// postLeads posts valid, distinct leads to /api/contact from conns workers
// for d. Each lead comes from its own address (X-Forwarded-For through a
// trusted proxy) so that per-address limits see many visitors, as in life.
func postLeads(baseURL string, conns int, d time.Duration) *leadLoad {
	tr := &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns, DisableCompression: true}
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	var seq atomic.Int64
	var mu sync.Mutex
	out := &leadLoad{statuses: map[int]int{}}
	deadline := time.Now().Add(d)
	begin := time.Now()
	var wg sync.WaitGroup
	for range conns {
		wg.Go(func() {
			for time.Now().Before(deadline) {
				n := seq.Add(1)
				email := fmt.Sprintf("buyer%d@bench.example.com", n)
				body, _ := json.Marshal(map[string]any{
					"firstName": "Dana", "lastName": fmt.Sprintf("Buyer %d", n), "email": email,
					"company": "Northwind Logistics", "jobTitle": "operations",
					"aiSolutionInterest": "predictive-analytics",
					"projectDetails":     "We want to forecast demand across 40 warehouses and cut stock-outs.",
					"page":               "/ai-journey", "fillMs": 42000,
				})
				req, _ := http.NewRequest(http.MethodPost, baseURL+"/api/contact", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				ip := net.IPv4(10, byte(n>>16), byte(n>>8), byte(n))
				req.Header.Set("X-Forwarded-For", ip.String())
				t0 := time.Now()
				res, err := client.Do(req)
				lat := time.Since(t0)
				mu.Lock()
				out.sent++
				if err != nil {
					out.errors++
					mu.Unlock()
					continue
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				out.statuses[res.StatusCode]++
				out.latencies = append(out.latencies, lat)
				if res.StatusCode/100 == 2 {
					out.accepted++
					out.acknowledged = append(out.acknowledged, email)
				} else {
					out.rejected++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	out.elapsed = time.Since(begin)
	return out
}

// missingLeads returns the acknowledged e-mails that have no row in the
// SQLite database of dataDir.
func missingLeads(dataDir string, acknowledged []string) (found int, missing []string, err error) {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dataDir, "site.db")+"?mode=ro")
	if err != nil {
		return 0, nil, err
	}
	defer db.Close()
	rows, err := db.Query(`SELECT email FROM contact_submissions`)
	if err != nil {
		return 0, nil, err
	}
	defer rows.Close()
	have := map[string]bool{}
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			return 0, nil, err
		}
		have[e] = true
	}
	if err := rows.Err(); err != nil {
		return 0, nil, err
	}
	for _, e := range acknowledged {
		if have[e] {
			found++
		} else {
			missing = append(missing, e)
		}
	}
	return found, missing, nil
}
