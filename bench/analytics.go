package main

import (
	"bufio"
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/netip"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Item 9: the analytics. Events posted by many visitors while wrk loads
// /, then the report of 90 days over two years of rollups of a site with
// 30,000 page views a day.

var benchPaths = []string{"/", "/about-us", "/case-studies", "/ai-journey", "/machine-learning", "/deep-learning",
	"/natural-language-processing", "/computer-vision", "/predictive-analytics", "/ai-consulting", "/blog", "/careers"}

var benchReferrers = []string{"", "", "https://www.google.com/", "https://www.bing.com/", "https://www.linkedin.com/feed/",
	"https://t.co/x", "https://news.ycombinator.com/", "https://partner.example/post"}

var benchCampaigns = []string{"", "", "", "newsletter/email/spring", "linkedin/social/launch", "google/cpc/ai-consulting"}

// eventRate is the events a second the item sends: the target.
const eventRate = 5000

// eventBodies are the page views postEvents sends, encoded once: every
// path, referrer, width and landing flag of the bench.
func eventBodies() [][]byte {
	var out [][]byte
	for _, path := range benchPaths {
		for _, ref := range benchReferrers {
			for _, width := range []int{390, 820, 1440} {
				for _, landing := range []bool{false, true} {
					b, _ := json.Marshal(map[string]any{"type": "pageview", "path": path, "landing": landing, "referrer": ref, "width": width})
					out = append(out, b)
				}
			}
		}
	}
	return out
}

// postEvents posts page views at eventRate a second, each from a visitor
// of its own address (X-Forwarded-For through a trusted proxy), over conns
// kept-alive connections for d. It writes its requests itself, from bodies
// encoded beforehand, as wrk does: the load generator shares the machine
// with the site and wrk, and its own cost is not the site's.
func postEvents(baseURL string, conns int, d time.Duration) (accepted, other int64, elapsed time.Duration) {
	host := strings.TrimPrefix(baseURL, "http://")
	bodies := eventBodies()
	var seq, ok, bad atomic.Int64
	deadline := time.Now().Add(d)
	begin := time.Now()
	var wg sync.WaitGroup
	for range conns {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 9))
			var c net.Conn
			var in *bufio.Reader
			req := make([]byte, 0, 1024)
			for time.Now().Before(deadline) {
				n := seq.Add(1)
				// The n-th event is due n/eventRate seconds after the start.
				if wait := time.Until(begin.Add(time.Duration(n) * time.Second / eventRate)); wait > 0 {
					time.Sleep(wait)
				}
				if c == nil {
					var err error
					if c, err = net.Dial("tcp", host); err != nil {
						bad.Add(1)
						continue
					}
					in = bufio.NewReader(c)
				}
				body := bodies[r.IntN(len(bodies))]
				req = append(req[:0], "POST /api/events HTTP/1.1\r\nHost: "...)
				req = append(req, host...)
				req = append(req, "\r\nContent-Type: application/json\r\n"+
					"User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36\r\n"+
					"X-Forwarded-For: "...)
				req = netip.AddrFrom4([4]byte{10, byte(n >> 16), byte(n >> 8), byte(n)}).AppendTo(req)
				req = append(req, "\r\nContent-Length: "...)
				req = strconv.AppendInt(req, int64(len(body)), 10)
				req = append(req, "\r\n\r\n"...)
				req = append(req, body...)
				var res *http.Response
				_, err := c.Write(req)
				if err == nil {
					res, err = http.ReadResponse(in, nil)
				}
				if err != nil {
					bad.Add(1)
					c.Close()
					c = nil
					continue
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode == http.StatusAccepted {
					ok.Add(1)
				} else {
					bad.Add(1)
				}
			}
			if c != nil {
				c.Close()
			}
		})
	}
	wg.Wait()
	return ok.Load(), bad.Load(), time.Since(begin)
}

func eventsUnderLoad(rep *report, site *siteProc, conns int, d time.Duration, unloadedHome float64) error {
	pageRate := loadPages(site.baseURL+"/", conns, d)
	accepted, other, elapsed := postEvents(site.baseURL, conns, d)
	loadedHome := <-pageRate
	perSec := float64(accepted) / elapsed.Seconds()
	rep.add("9", "events/s taken in, sent at 5000/s (POST /api/events, concurrency 32, SQLite)", fmt.Sprintf("**%.0f**/s (%d accepted, %d other answers or errors)", perSec, accepted, other), "≥ 5000/s", yes(perSec >= 0.99*eventRate))
	rep.add("9", "requests/s of / during the event load", fmt.Sprintf("%.0f = **%.2f** of unloaded %.0f", loadedHome, loadedHome/unloadedHome, unloadedHome), "≥ 0.8", yes(loadedHome/unloadedHome >= 0.8))
	return nil
}

// fillRollups writes two years of rollups, ending today, into the SQLite
// database of dataDir: a site of 30,000 page views a day, over the pages,
// sources, campaigns and devices above, every hour.
func fillRollups(dataDir string) error {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dataDir, "site.db")+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer db.Close()
	r := rand.New(rand.NewPCG(1, 2))
	today := time.Now().UTC().Truncate(24 * time.Hour)
	for day := today.AddDate(0, 0, -730); !day.After(today); day = day.AddDate(0, 0, 1) {
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		hourly, err := tx.Prepare(`INSERT INTO analytics_hourly (hour, path, source, campaign, device, pageviews, entries)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET pageviews = pageviews + excluded.pageviews`)
		if err != nil {
			return err
		}
		daily, err := tx.Prepare(`INSERT INTO analytics_daily (day, kind, key, visitors) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`)
		if err != nil {
			return err
		}
		d := day.Format(time.DateOnly)
		// 30,000 views a day in 1,250 an hour, spread over rows of 5 to 20.
		for h := range 24 {
			hour := day.Add(time.Duration(h) * time.Hour).Format("2006-01-02T15:04:05.000000000Z")
			for left := 1250; left > 0; {
				n := min(left, 5+r.IntN(16))
				left -= n
				ref := benchReferrers[r.IntN(len(benchReferrers))]
				source := ""
				if ref != "" {
					u := ref[len("https://"):]
					source = u[:bytes.IndexByte([]byte(u), '/')]
				}
				if _, err := hourly.Exec(hour, benchPaths[r.IntN(len(benchPaths))], source, benchCampaigns[r.IntN(len(benchCampaigns))],
					[]string{"mobile", "tablet", "desktop"}[r.IntN(3)], n, n/3); err != nil {
					return err
				}
			}
		}
		daily.Exec(d, "site", "", 11000+r.IntN(2000))
		for _, p := range benchPaths {
			daily.Exec(d, "page", p, 500+r.IntN(3000))
			daily.Exec(d, "landing", p, 200+r.IntN(1000))
		}
		for _, s := range []string{"", "google.com", "bing.com", "linkedin.com", "t.co", "news.ycombinator.com", "partner.example"} {
			daily.Exec(d, "source", s, 300+r.IntN(3000))
		}
		for _, c := range benchCampaigns[3:] {
			daily.Exec(d, "campaign", c, 100+r.IntN(500))
		}
		for _, dev := range []string{"mobile", "tablet", "desktop"} {
			daily.Exec(d, "device", dev, 2000+r.IntN(4000))
		}
		hourly.Close()
		daily.Close()
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// analyticsQuery times the report of the last 90 days, as the Analytics
// tab asks for it, seven times.
func analyticsQuery(rep *report, site *siteProc) error {
	token, err := login(site.baseURL, adminPassword)
	if err != nil {
		return err
	}
	today := time.Now().UTC()
	url := site.baseURL + "/api/admin/analytics?from=" + today.AddDate(0, 0, -89).Format(time.DateOnly) + "&to=" + today.Format(time.DateOnly)
	var times []time.Duration
	size := 0
	for range 7 {
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		t0 := time.Now()
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		times = append(times, time.Since(t0))
		if res.StatusCode != http.StatusOK {
			return fmt.Errorf("analytics: %d %s", res.StatusCode, body)
		}
		size = len(body)
	}
	med := percentile(times, 50)
	rep.add("9", "report of 90 days, two years of rollups (30,000 views a day): GET /api/admin/analytics (median of 7)",
		fmt.Sprintf("**%s** (max %s; %.0f KB)", ms(med), ms(percentile(times, 100)), float64(size)/1024), "< 200 ms", yes(med < 200*time.Millisecond))
	return nil
}
